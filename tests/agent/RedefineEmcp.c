// main: RdEmcp
/*
 * A method redefined while it runs, with a body equal to the old one but for its constant
 * pool (HotSpot's "equivalent modulo constant pool", EMCP): the running frame is no
 * obsolete method, events and frames name it by the method's own jmethodID, a breakpoint
 * set in the method after the redefinition stops the running frame too, and its calls
 * reach the new versions of the other methods.  The agent redefines RdEmcp at a breakpoint
 * before each call of value(), changing the constant value() returns.  (OpenJDK's
 * nsk/jvmti/RedefineClasses/redefclass016, 019 and 027 check this.)
 */
#include "agent.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jvmtiEnv *jvmti;
static unsigned char *bytes;
static jint nbytes;
static jmethodID loop;
static jlocation call_at = -1;
static int hits;

static void JNICALL on_hook(jvmtiEnv *e, JNIEnv *jni, jclass redefined, jobject loader, const char *name,
                            jobject pd, jint len, const unsigned char *data, jint *new_len, unsigned char **new_data) {
    if (!name || strcmp(name, "RdEmcp") != 0 || bytes) return;
    bytes = malloc((size_t)len);
    memcpy(bytes, data, (size_t)len);
    nbytes = len;
}

/* The class file with value()'s constant (the only 0x12345678 in it) replaced by n. */
static void set_magic(int n) {
    static jint at = -1;
    for (jint i = 0; at < 0 && i + 3 < nbytes; i++)
        if (bytes[i] == 0x12 && bytes[i + 1] == 0x34 && bytes[i + 2] == 0x56 && bytes[i + 3] == 0x78) at = i;
    if (at < 0) return;
    bytes[at] = bytes[at + 1] = bytes[at + 2] = 0;
    bytes[at + 3] = (unsigned char)n;
}

static void JNICALL on_prepare(jvmtiEnv *e, JNIEnv *jni, jthread thread, jclass klass) {
    char *sig = NULL;
    (*jvmti)->GetClassSignature(jvmti, klass, &sig, NULL);
    if (sig && strcmp(sig, "LRdEmcp;") == 0) {
        loop = (*jni)->GetStaticMethodID(jni, klass, "loop", "()V");
        jint n = 0;
        unsigned char *code = NULL;
        (*jvmti)->GetBytecodes(jvmti, loop, &n, &code);
        for (jint i = 0; i < n && call_at < 0; i++)
            if (code[i] == 0xb8) call_at = i;      /* invokestatic value() */
        (*jvmti)->Deallocate(jvmti, code);
        printf("SetBreakpoint -> %d\n", (*jvmti)->SetBreakpoint(jvmti, loop, call_at));
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

static void JNICALL on_breakpoint(jvmtiEnv *e, JNIEnv *jni, jthread thread, jmethodID m, jlocation at) {
    jboolean obsolete = JNI_TRUE;
    jmethodID fm = NULL;
    jlocation fl = -1;
    (*jvmti)->IsMethodObsolete(jvmti, m, &obsolete);
    (*jvmti)->GetFrameLocation(jvmti, thread, 0, &fm, &fl);
    printf("breakpoint %d: in loop: %s, obsolete: %d, frame in loop: %s at the call: %s\n", ++hits,
           m == loop ? "yes" : "no", obsolete, fm == loop ? "yes" : "no", fl == call_at ? "yes" : "no");
    jclass c = (*jni)->FindClass(jni, "RdEmcp");
    set_magic(hits);
    jvmtiClassDefinition def = { c, nbytes, bytes };
    jvmtiError err = (*jvmti)->RedefineClasses(jvmti, 1, &def);
    jvmtiError again = (*jvmti)->SetBreakpoint(jvmti, loop, call_at);
    printf("RedefineClasses -> %d, SetBreakpoint again -> %d\n", err, again);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmti = agent_env(vm);
    if (!jvmti) return JNI_ERR;
    agent_caps(jvmti, &(jvmtiCapabilities){ .can_redefine_classes = 1, .can_generate_breakpoint_events = 1,
                                            .can_get_bytecodes = 1 });
    agent_events(jvmti, &(jvmtiEventCallbacks){ .ClassFileLoadHook = on_hook, .ClassPrepare = on_prepare,
                                                .Breakpoint = on_breakpoint },
                 (jvmtiEvent[]){ JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, JVMTI_EVENT_CLASS_PREPARE,
                                 JVMTI_EVENT_BREAKPOINT }, 3);
    return JNI_OK;
}
