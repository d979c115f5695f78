// main: DebugTarget
/*
 * The debugger's events and functions on tests/agent/java/DebugTarget.java: breakpoints
 * (set when the class is prepared), the stack seen from one (GetStackTrace, GetFrameCount,
 * GetFrameLocation), locals of every type read and written, single stepping through one
 * call (step and breakpoint at the same location: the step first), MethodEntry/MethodExit
 * with return values switched on and off from breakpoints, PopFrame (the call runs again),
 * NotifyFramePop, ForceEarlyReturn (an object must be of the method's return type), both in
 * a synchronized block (its monitor released), field access and modification watches, Exception with
 * its catch location and ExceptionCatch.  Only events in DebugTarget's own methods are
 * printed, so the JDK's internals do not matter.
 */
#include <jvmti.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jvmtiEnv *jvmti;
static jclass target;           /* global reference, once prepared */
static int stepping, callee_hits;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

static const char *err_name(jvmtiError e) {
    char *n = NULL;
    static char buf[64];
    (*jvmti)->GetErrorName(jvmti, e, &n);
    snprintf(buf, sizeof buf, "%s", n ? n : "?");
    (*jvmti)->Deallocate(jvmti, (unsigned char *)n);
    return buf;
}

static const char *mname(jmethodID m) {
    static char buf[4][64];
    static int k;
    char *n = NULL;
    char *b = buf[k++ & 3];
    if ((*jvmti)->GetMethodName(jvmti, m, &n, NULL, NULL) != JVMTI_ERROR_NONE) return "?";
    snprintf(b, 64, "%s", n);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)n);
    return b;
}

static int mine(JNIEnv *jni, jmethodID m) {
    jclass c = NULL;
    if (!target || (*jvmti)->GetMethodDeclaringClass(jvmti, m, &c) != JVMTI_ERROR_NONE) return 0;
    int same = (*jni)->IsSameObject(jni, c, target);
    (*jni)->DeleteLocalRef(jni, c);
    return same;
}

static jmethodID method(JNIEnv *jni, const char *name, const char *sig) {
    return (*jni)->GetStaticMethodID(jni, target, name, sig);
}

static void set_bp(JNIEnv *jni, const char *name, const char *sig, jlocation at) {
    jvmtiError e = (*jvmti)->SetBreakpoint(jvmti, method(jni, name, sig), at);
    if (e) say("SetBreakpoint %s@%d: %s", name, (int)at, err_name(e));
}

static void watch(JNIEnv *jni, const char *name, const char *sig, int is_static, int access) {
    jfieldID f = is_static ? (*jni)->GetStaticFieldID(jni, target, name, sig) : (*jni)->GetFieldID(jni, target, name, sig);
    jvmtiError e = access ? (*jvmti)->SetFieldAccessWatch(jvmti, target, f) : (*jvmti)->SetFieldModificationWatch(jvmti, target, f);
    if (e) say("watch %s: %s", name, err_name(e));
}

static void JNICALL on_prepare(jvmtiEnv *env, JNIEnv *jni, jthread t, jclass c) {
    char *sig = NULL;
    (*jvmti)->GetClassSignature(jvmti, c, &sig, NULL);
    int hit = strcmp(sig, "LDebugTarget;") == 0;
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
    if (!hit) return;
    target = (*jni)->NewGlobalRef(jni, c);
    set_bp(jni, "traceOn", "()V", 0);
    set_bp(jni, "traceOff", "()V", 0);
    set_bp(jni, "sum", "(I)I", 19);
    set_bp(jni, "caller", "(I)I", 2);
    set_bp(jni, "callee", "(II)I", 4);
    set_bp(jni, "longRet", "(J)J", 0);
    set_bp(jni, "objRet", "(Ljava/lang/Object;)Ljava/lang/Object;", 0);
    set_bp(jni, "blockPop", "(Ljava/lang/Object;I)I", 4);
    set_bp(jni, "blockReturn", "(Ljava/lang/Object;I)I", 4);
    set_bp(jni, "seqRet", "(Ljava/lang/CharSequence;)Ljava/lang/CharSequence;", 0);
    set_bp(jni, "arrRet", "([Ljava/lang/Object;)[Ljava/lang/Object;", 0);
    set_bp(jni, "locals", "(DJFLjava/lang/Object;I)D", 7);
    jmethodID inst = (*jni)->GetMethodID(jni, target, "instance", "(I)I");
    (*jvmti)->SetBreakpoint(jvmti, inst, 0);
    watch(jni, "counter", "I", 1, 0);
    watch(jni, "value", "I", 0, 1);
    watch(jni, "wide", "J", 0, 0);
}

static void stack(jthread t) {
    jvmtiFrameInfo frames[8];
    jint n = 0, count = 0;
    (*jvmti)->GetStackTrace(jvmti, t, 0, 8, frames, &n);
    (*jvmti)->GetFrameCount(jvmti, t, &count);
    say("  frames %d:", (int)count);
    for (jint i = 0; i < n; i++) say("    %s@%d", mname(frames[i].method), (int)frames[i].location);
    jmethodID m;
    jlocation l;
    (*jvmti)->GetFrameLocation(jvmti, t, 1, &m, &l);
    say("  depth 1: %s@%d", mname(m), (int)l);
    say("  GetFrameLocation(%d) -> %s", (int)count, err_name((*jvmti)->GetFrameLocation(jvmti, t, count, &m, &l)));
}

static void show_locals(JNIEnv *jni, jthread t) {
    jdouble d, r;
    jlong l;
    jfloat f;
    jint i;
    jobject o;
    (*jvmti)->GetLocalDouble(jvmti, t, 0, 0, &d);
    (*jvmti)->GetLocalLong(jvmti, t, 0, 2, &l);
    (*jvmti)->GetLocalFloat(jvmti, t, 0, 4, &f);
    (*jvmti)->GetLocalObject(jvmti, t, 0, 5, &o);
    (*jvmti)->GetLocalInt(jvmti, t, 0, 6, &i);
    (*jvmti)->GetLocalDouble(jvmti, t, 0, 7, &r);
    const char *s = (*jni)->GetStringUTFChars(jni, o, NULL);
    say("  d=%g l=%lld f=%g o=%s i=%d r=%g", d, (long long)l, f, s, (int)i, r);
    (*jni)->ReleaseStringUTFChars(jni, o, s);
    (*jvmti)->SetLocalDouble(jvmti, t, 0, 7, 100.0);
    (*jvmti)->SetLocalLong(jvmti, t, 0, 2, 20);
    (*jvmti)->SetLocalFloat(jvmti, t, 0, 4, 0.25f);
    (*jvmti)->SetLocalInt(jvmti, t, 0, 6, 4);
    say("  GetLocalInstance -> %s", err_name((*jvmti)->GetLocalInstance(jvmti, t, 0, &o)));
}

static void JNICALL on_breakpoint(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jlocation at) {
    const char *name = mname(m);
    say("Breakpoint %s@%d", name, (int)at);
    jint v;
    if (!strcmp(name, "traceOn") || !strcmp(name, "traceOff")) {
        jvmtiEventMode mode = name[6] == 'n' ? JVMTI_ENABLE : JVMTI_DISABLE;
        (*jvmti)->SetEventNotificationMode(jvmti, mode, JVMTI_EVENT_METHOD_ENTRY, t);
        (*jvmti)->SetEventNotificationMode(jvmti, mode, JVMTI_EVENT_METHOD_EXIT, t);
    } else if (!strcmp(name, "sum")) {
        stack(t);
        (*jvmti)->GetLocalInt(jvmti, t, 0, 1, &v);
        say("  s=%d", (int)v);
        (*jvmti)->SetLocalInt(jvmti, t, 0, 1, 1000);
    } else if (!strcmp(name, "caller") && !stepping++) {
        (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, t);
    } else if (!strcmp(name, "callee")) {
        callee_hits++;
        if (callee_hits == 2) say("  PopFrame -> %s", err_name((*jvmti)->PopFrame(jvmti, t)));
        if (callee_hits == 3) say("  NotifyFramePop -> %s", err_name((*jvmti)->NotifyFramePop(jvmti, t, 0)));
    } else if (!strcmp(name, "longRet")) {
        say("  ForceEarlyReturnInt -> %s", err_name((*jvmti)->ForceEarlyReturnInt(jvmti, t, 1)));
        say("  ForceEarlyReturnLong -> %s", err_name((*jvmti)->ForceEarlyReturnLong(jvmti, t, 77)));
    } else if (!strcmp(name, "objRet")) {
        say("  ForceEarlyReturnObject -> %s",
            err_name((*jvmti)->ForceEarlyReturnObject(jvmti, t, (*jni)->NewStringUTF(jni, "forced"))));
    } else if (!strcmp(name, "blockPop")) {
        static int pops;
        if (!pops++) say("  PopFrame -> %s", err_name((*jvmti)->PopFrame(jvmti, t)));
    } else if (!strcmp(name, "blockReturn")) {
        say("  ForceEarlyReturnInt -> %s", err_name((*jvmti)->ForceEarlyReturnInt(jvmti, t, 77)));
    } else if (!strcmp(name, "seqRet")) {
        jclass sb = (*jni)->FindClass(jni, "java/lang/StringBuilder");
        jobject b = (*jni)->NewObject(jni, sb, (*jni)->GetMethodID(jni, sb, "<init>", "(Ljava/lang/String;)V"),
                                      (*jni)->NewStringUTF(jni, "built"));
        say("  ForceEarlyReturnObject(Thread) -> %s", err_name((*jvmti)->ForceEarlyReturnObject(jvmti, t, t)));
        say("  ForceEarlyReturnObject(int[]) -> %s",
            err_name((*jvmti)->ForceEarlyReturnObject(jvmti, t, (*jni)->NewIntArray(jni, 1))));
        say("  ForceEarlyReturnObject(StringBuilder) -> %s", err_name((*jvmti)->ForceEarlyReturnObject(jvmti, t, b)));
    } else if (!strcmp(name, "arrRet")) {
        jclass str = (*jni)->FindClass(jni, "[Ljava/lang/String;");
        say("  ForceEarlyReturnObject(int[]) -> %s",
            err_name((*jvmti)->ForceEarlyReturnObject(jvmti, t, (*jni)->NewIntArray(jni, 1))));
        say("  ForceEarlyReturnObject(Thread) -> %s", err_name((*jvmti)->ForceEarlyReturnObject(jvmti, t, t)));
        say("  ForceEarlyReturnObject(String[][]) -> %s",
            err_name((*jvmti)->ForceEarlyReturnObject(jvmti, t, (*jni)->NewObjectArray(jni, 1, str, NULL))));
    } else if (!strcmp(name, "locals")) {
        show_locals(jni, t);
    } else if (!strcmp(name, "instance")) {
        jobject self, slot0;
        (*jvmti)->GetLocalInstance(jvmti, t, 0, &self);
        (*jvmti)->GetLocalObject(jvmti, t, 0, 0, &slot0);
        say("  this == slot 0: %d", (int)(*jni)->IsSameObject(jni, self, slot0));
    }
}

static void JNICALL on_step(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jlocation at) {
    if (!mine(jni, m)) return;
    const char *name = mname(m);
    say("SingleStep %s@%d", name, (int)at);
    if (!strcmp(name, "caller") && at == 5) {
        (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, t);
        say("  stepping off");
    }
}

static void JNICALL on_entry(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m) {
    if (mine(jni, m)) say("MethodEntry %s", mname(m));
}

static void JNICALL on_method_exit(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jboolean exc, jvalue v) {
    if (mine(jni, m)) say("MethodExit %s exc=%d value=%d", mname(m), exc, exc ? 0 : v.i);
}

static void JNICALL on_frame_pop(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jboolean exc) {
    say("FramePop %s exc=%d", mname(m), exc);
}

static const char *field_name(jclass k, jfieldID f) {
    static char buf[64];
    char *n = NULL;
    (*jvmti)->GetFieldName(jvmti, k, f, &n, NULL, NULL);
    snprintf(buf, sizeof buf, "%s", n);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)n);
    return buf;
}

static void JNICALL on_access(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jlocation at, jclass k, jobject o,
                              jfieldID f) {
    say("FieldAccess %s@%d %s object=%d", mname(m), (int)at, field_name(k, f), o != NULL);
}

static void JNICALL on_modify(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jlocation at, jclass k, jobject o,
                              jfieldID f, char sig, jvalue v) {
    say("FieldModification %s@%d %s object=%d %c %lld", mname(m), (int)at, field_name(k, f), o != NULL, sig,
        sig == 'J' ? (long long)v.j : (long long)v.i);
}

static void JNICALL on_exception(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jlocation at, jobject exc,
                                 jmethodID cm, jlocation cat) {
    if (!mine(jni, m)) return;
    char *sig = NULL;
    jclass k = (*jni)->GetObjectClass(jni, exc);
    (*jvmti)->GetClassSignature(jvmti, k, &sig, NULL);
    say("Exception %s@%d %s catch %s@%d", mname(m), (int)at, sig, cm ? mname(cm) : "-", cm ? (int)cat : -1);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

static void JNICALL on_catch(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jlocation at, jobject exc) {
    if (mine(jni, m)) say("ExceptionCatch %s@%d", mname(m), (int)at);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_breakpoint_events = 1;
    caps.can_generate_single_step_events = 1;
    caps.can_generate_method_entry_events = 1;
    caps.can_generate_method_exit_events = 1;
    caps.can_generate_frame_pop_events = 1;
    caps.can_generate_field_access_events = 1;
    caps.can_generate_field_modification_events = 1;
    caps.can_generate_exception_events = 1;
    caps.can_access_local_variables = 1;
    caps.can_pop_frame = 1;
    caps.can_force_early_return = 1;
    jvmtiError e = (*jvmti)->AddCapabilities(jvmti, &caps);
    if (e) say("AddCapabilities: %d", e);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassPrepare = on_prepare;
    cb.Breakpoint = on_breakpoint;
    cb.SingleStep = on_step;
    cb.MethodEntry = on_entry;
    cb.MethodExit = on_method_exit;
    cb.FramePop = on_frame_pop;
    cb.FieldAccess = on_access;
    cb.FieldModification = on_modify;
    cb.Exception = on_exception;
    cb.ExceptionCatch = on_catch;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb);
    static const jvmtiEvent events[] = { JVMTI_EVENT_CLASS_PREPARE, JVMTI_EVENT_BREAKPOINT, JVMTI_EVENT_FRAME_POP,
                                         JVMTI_EVENT_FIELD_ACCESS, JVMTI_EVENT_FIELD_MODIFICATION,
                                         JVMTI_EVENT_EXCEPTION, JVMTI_EVENT_EXCEPTION_CATCH };
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++)
        (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, events[i], NULL);
    return 0;
}
