// main: DebugTarget
/*
 * MethodEntry, MethodExit, Exception and ExceptionCatch enabled for all threads in
 * Agent_OnLoad (the interpreter's modes must be on when the live phase begins, and in
 * threads started later): every event in DebugTarget's own methods is printed, with
 * return values and was_popped_by_exception, in the order HotSpot gives them.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;

static int mine(jmethodID m, char **name) {
    jclass c;
    char *sig = NULL;
    if ((*jvmti)->GetMethodDeclaringClass(jvmti, m, &c)) return 0;
    (*jvmti)->GetClassSignature(jvmti, c, &sig, NULL);
    int yes = sig && !strcmp(sig, "LDebugTarget;");
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
    if (yes) (*jvmti)->GetMethodName(jvmti, m, name, NULL, NULL);
    return yes;
}

static void done(char *name) { (*jvmti)->Deallocate(jvmti, (unsigned char *)name); fflush(stdout); }

static void JNICALL on_entry(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m) {
    char *n;
    if (!mine(m, &n)) return;
    printf("MethodEntry %s\n", n);
    done(n);
}

static void JNICALL on_method_exit(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jboolean exc, jvalue v) {
    char *n, *sig;
    if (!mine(m, &n)) return;
    (*jvmti)->GetMethodName(jvmti, m, NULL, &sig, NULL);
    char r = strchr(sig, ')')[1];
    if (exc) printf("MethodExit %s by exception\n", n);
    else if (r == 'J') printf("MethodExit %s = %lld\n", n, (long long)v.j);
    else if (r == 'D') printf("MethodExit %s = %g\n", n, v.d);
    else if (r == 'L' || r == '[' || r == 'V') printf("MethodExit %s %s\n", n, v.l ? "object" : "null");
    else printf("MethodExit %s = %d\n", n, (int)v.i);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
    done(n);
}

static void JNICALL on_exception(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jlocation at, jobject exc,
                                 jmethodID cm, jlocation cat) {
    char *n, *cn = NULL;
    if (!mine(m, &n)) return;
    if (cm) (*jvmti)->GetMethodName(jvmti, cm, &cn, NULL, NULL);
    printf("Exception %s@%d catch %s@%d\n", n, (int)at, cn ? cn : "-", cm ? (int)cat : -1);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)cn);
    done(n);
}

static void JNICALL on_catch(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jlocation at, jobject exc) {
    char *n;
    if (!mine(m, &n)) return;
    printf("ExceptionCatch %s@%d\n", n, (int)at);
    done(n);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    caps.can_generate_method_exit_events = 1;
    caps.can_generate_exception_events = 1;
    (*jvmti)->AddCapabilities(jvmti, &caps);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.MethodEntry = on_entry;
    cb.MethodExit = on_method_exit;
    cb.Exception = on_exception;
    cb.ExceptionCatch = on_catch;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb);
    static const jvmtiEvent events[] = { JVMTI_EVENT_METHOD_ENTRY, JVMTI_EVENT_METHOD_EXIT, JVMTI_EVENT_EXCEPTION,
                                         JVMTI_EVENT_EXCEPTION_CATCH };
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, events[i], NULL);
    return 0;
}
