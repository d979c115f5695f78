// main: VmAllocSet
/*
 * Which VM entry points report what they allocate through VMObjectAlloc: the Java target
 * calls each once (reflection's member arrays, interfaces, nest members, generic
 * signatures, enclosing methods, record components, annotations through the constant
 * pool, Array.get's boxes, SecurityManager.getClassContext, clone, Constructor.newInstance,
 * stack traces) between begin() and end(), and the agent prints the classes of the
 * main thread's VMObjectAlloc events in that window, sorted and without repeats.  HotSpot
 * reports the objects of every entry point it marks for it; Loupe must report the same
 * set (it once reported only clone's, reflective construction's and Array's).  Only the
 * classes such entry points make are counted: HotSpot also reports some objects that Java
 * code called from inside such an entry point allocated on its slow path (a class loader's
 * map nodes), which depends on its TLABs.
 */
#include "agent.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jvmtiEnv *jvmti;
static jthread recording;
static char *seen[64];
static int nseen;

static const char *const made_by_vm[] = {
    "Ljava/lang/String;", "[B", "Ljava/lang/Class;", "[Ljava/lang/Class;", "Ljava/lang/reflect/", "[Ljava/lang/reflect/",
    "Ljava/lang/Integer;", "Ljdk/internal/reflect/ConstantPool;", "Ljava/lang/StackTraceElement;",
    "[Ljava/lang/StackTraceElement;",
};

static void note(const char *sig) {
    int wanted = 0;
    for (size_t i = 0; i < sizeof made_by_vm / sizeof made_by_vm[0]; i++)
        wanted |= strncmp(sig, made_by_vm[i], strlen(made_by_vm[i])) == 0;
    if (!wanted || strstr(sig, "$$Lambda$")) return;   /* lambdas' names hold addresses */
    for (int i = 0; i < nseen; i++) if (strcmp(seen[i], sig) == 0) return;
    if (nseen < 64) seen[nseen++] = strdup(sig);
}

static void JNICALL on_vm_alloc(jvmtiEnv *e, JNIEnv *jni, jthread thread, jobject object, jclass klass, jlong size) {
    char *sig = NULL;
    if (!recording || !(*jni)->IsSameObject(jni, thread, recording)) return;
    if ((*e)->GetClassSignature(e, klass, &sig, NULL) != JVMTI_ERROR_NONE) return;
    note(sig);
    (*e)->Deallocate(e, (unsigned char *)sig);
}

JNIEXPORT void JNICALL Java_VmAllocSet_begin(JNIEnv *jni, jclass cls) {
    jthread t;
    (*jvmti)->GetCurrentThread(jvmti, &t);
    nseen = 0;
    recording = (*jni)->NewGlobalRef(jni, t);
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

JNIEXPORT void JNICALL Java_VmAllocSet_end(JNIEnv *jni, jclass cls, jstring what) {
    jobject r = recording;
    recording = NULL;
    (*jni)->DeleteGlobalRef(jni, r);
    const char *w = (*jni)->GetStringUTFChars(jni, what, NULL);
    qsort(seen, (size_t)nseen, sizeof seen[0], by_name);
    printf("%s:", w);
    for (int i = 0; i < nseen; i++) printf(" %s", seen[i]), free(seen[i]);
    printf("\n");
    fflush(stdout);
    (*jni)->ReleaseStringUTFChars(jni, what, w);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmti = agent_env(vm);
    if (!jvmti) return JNI_ERR;
    agent_caps(jvmti, &(jvmtiCapabilities){ .can_generate_vm_object_alloc_events = 1 });
    return agent_events(jvmti, &(jvmtiEventCallbacks){ .VMObjectAlloc = on_vm_alloc },
                        (jvmtiEvent[]){ JVMTI_EVENT_VM_OBJECT_ALLOC }, 1) == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}
