// main: DebugSleeper
/*
 * The error codes of the debugger's functions (Stack Frame, Local Variable, Force Early
 * Return, Breakpoint, Watched Field), compared with HotSpot's: each is called with each of
 * its bad arguments — wrong phase, missing capability, bad thread (no Thread, not started,
 * not suspended), negative depth and counts, NULL pointers, slots out of range or of the
 * wrong type, frames past the end, native frames (OPAQUE_FRAME, on a thread suspended in
 * Thread.sleep), bad methods, locations, classes and fields, duplicates and missing ones,
 * a NULL thread where the spec does not read it as the current one.
 * The calls are made from a breakpoint in DebugSleeper.hit(Thread).
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti, *bare;

static void check(const char *what, jvmtiError e) {
    char *n = NULL;
    (*jvmti)->GetErrorName(jvmti, e, &n);
    printf("%s -> %s\n", what, n ? n : "?");
    fflush(stdout);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)n);
}

static const char *mname(jmethodID m) {
    static char buf[64];
    char *n = NULL;
    if ((*jvmti)->GetMethodName(jvmti, m, &n, NULL, NULL)) return "?";
    snprintf(buf, sizeof buf, "%s", n);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)n);
    return buf;
}

#define CHECK(call) check(#call, (*jvmti)->call)

static void stack_errors(JNIEnv *jni, jthread unstarted, jobject str) {
    jvmtiFrameInfo buf[8];
    jint n = -1;
    CHECK(GetStackTrace(jvmti, NULL, 0, -1, buf, &n));
    CHECK(GetStackTrace(jvmti, NULL, 0, 5, NULL, &n));
    CHECK(GetStackTrace(jvmti, NULL, 0, 5, buf, NULL));
    CHECK(GetStackTrace(jvmti, NULL, 3, 5, buf, &n));
    CHECK(GetStackTrace(jvmti, NULL, -3, 5, buf, &n));
    CHECK(GetStackTrace(jvmti, NULL, 2, 5, buf, &n));
    printf("  count %d\n", (int)n);
    CHECK(GetStackTrace(jvmti, NULL, -1, 5, buf, &n));
    printf("  count %d: %s@%d\n", (int)n, mname(buf[0].method), (int)buf[0].location);
    CHECK(GetStackTrace(jvmti, str, 0, 5, buf, &n));
    CHECK(GetStackTrace(jvmti, unstarted, 0, 5, buf, &n));
    CHECK(GetFrameCount(jvmti, NULL, NULL));
    CHECK(GetFrameCount(jvmti, unstarted, &n));
    jmethodID m;
    jlocation l;
    CHECK(GetFrameLocation(jvmti, NULL, -1, &m, &l));
    CHECK(GetFrameLocation(jvmti, NULL, 0, NULL, &l));
    CHECK(GetFrameLocation(jvmti, NULL, 0, &m, NULL));
    CHECK(GetFrameLocation(jvmti, NULL, 10, &m, &l));
    CHECK(NotifyFramePop(jvmti, NULL, -1));
    CHECK(NotifyFramePop(jvmti, NULL, 10));
    CHECK(NotifyFramePop(jvmti, str, 0));
    jvmtiStackInfo *info;
    jint count;
    CHECK(GetAllStackTraces(jvmti, -1, &info, &count));
    CHECK(GetAllStackTraces(jvmti, 5, NULL, &count));
    CHECK(GetAllStackTraces(jvmti, 5, &info, NULL));
    jthread list[2] = { NULL, str };
    CHECK(GetThreadListStackTraces(jvmti, -1, list, 5, &info));
    CHECK(GetThreadListStackTraces(jvmti, 1, NULL, 5, &info));
    CHECK(GetThreadListStackTraces(jvmti, 1, list, -1, &info));
    CHECK(GetThreadListStackTraces(jvmti, 1, list, 5, NULL));
    CHECK(GetThreadListStackTraces(jvmti, 2, list, 5, &info));
}

static void local_errors(JNIEnv *jni, jobject str) {
    jint i;
    jlong j;
    jfloat f;
    jdouble d;
    jobject o;
    CHECK(GetLocalInt(jvmti, NULL, 0, 0, NULL));
    CHECK(GetLocalInt(jvmti, NULL, -1, 0, &i));
    CHECK(GetLocalInt(jvmti, NULL, 10, 0, &i));
    CHECK(GetLocalInt(jvmti, NULL, 0, -1, &i));
    CHECK(GetLocalInt(jvmti, NULL, 0, 1, &i));
    CHECK(GetLocalInt(jvmti, NULL, 0, 0, &i));
    CHECK(GetLocalLong(jvmti, NULL, 0, 0, &j));
    CHECK(GetLocalFloat(jvmti, NULL, 0, 0, &f));
    CHECK(GetLocalDouble(jvmti, NULL, 0, 0, &d));
    CHECK(GetLocalObject(jvmti, NULL, 0, 0, &o));
    CHECK(GetLocalObject(jvmti, NULL, 1, 0, &o));
    CHECK(SetLocalInt(jvmti, NULL, 0, 0, 1));
    CHECK(SetLocalObject(jvmti, NULL, 0, 0, str));
    CHECK(SetLocalObject(jvmti, NULL, 0, 3, str));
    CHECK(GetLocalInstance(jvmti, NULL, 0, NULL));
    CHECK(GetLocalInstance(jvmti, NULL, 0, &o));
    CHECK(GetLocalInstance(jvmti, NULL, 10, &o));
    CHECK(ForceEarlyReturnInt(jvmti, NULL, 1));
    CHECK(ForceEarlyReturnObject(jvmti, NULL, NULL));
    CHECK(ForceEarlyReturnLong(jvmti, str, 1));
}

static void breakpoint_errors(JNIEnv *jni, jmethodID hit, jclass k) {
    jclass thread = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID sleep = (*jni)->GetStaticMethodID(jni, thread, "sleep", "(J)V");
    CHECK(SetBreakpoint(jvmti, NULL, 0));
    CHECK(SetBreakpoint(jvmti, hit, -1));
    CHECK(SetBreakpoint(jvmti, hit, 9));
    CHECK(SetBreakpoint(jvmti, hit, 0));
    CHECK(SetBreakpoint(jvmti, sleep, 0));
    CHECK(ClearBreakpoint(jvmti, hit, 1));
    CHECK(ClearBreakpoint(jvmti, NULL, 0));
    CHECK(ClearBreakpoint(jvmti, hit, 100));
    CHECK(SetBreakpoint(jvmti, hit, 1));
    CHECK(ClearBreakpoint(jvmti, hit, 1));
    jfieldID counter = (*jni)->GetStaticFieldID(jni, k, "counter", "I");
    jclass string = (*jni)->FindClass(jni, "java/lang/String");
    jfieldID hash = (*jni)->GetFieldID(jni, string, "hash", "I");
    CHECK(SetFieldAccessWatch(jvmti, NULL, counter));
    CHECK(SetFieldAccessWatch(jvmti, k, NULL));
    CHECK(SetFieldAccessWatch(jvmti, k, hash));
    CHECK(SetFieldAccessWatch(jvmti, k, counter));
    CHECK(SetFieldAccessWatch(jvmti, k, counter));
    CHECK(ClearFieldAccessWatch(jvmti, k, counter));
    CHECK(ClearFieldAccessWatch(jvmti, k, counter));
    CHECK(SetFieldModificationWatch(jvmti, k, counter));
    CHECK(SetFieldModificationWatch(jvmti, k, counter));
    CHECK(ClearFieldModificationWatch(jvmti, k, counter));
    CHECK(ClearFieldModificationWatch(jvmti, k, counter));
    CHECK(ClearFieldModificationWatch(jvmti, NULL, counter));
    check("bare SetBreakpoint", (*bare)->SetBreakpoint(bare, hit, 0));
    check("bare GetLocalInt", (*bare)->GetLocalInt(bare, NULL, 0, 0, NULL));
    check("bare PopFrame", (*bare)->PopFrame(bare, NULL));
    check("bare SetFieldAccessWatch", (*bare)->SetFieldAccessWatch(bare, k, counter));
}

/* The sleeper, not suspended then suspended in Thread.sleep (a native frame on top). */
static void sleeper_errors(JNIEnv *jni, jthread s) {
    jint i, n;
    CHECK(PopFrame(jvmti, s));
    CHECK(ForceEarlyReturnVoid(jvmti, s));
    CHECK(NotifyFramePop(jvmti, s, 0));
    CHECK(SuspendThread(jvmti, s));
    CHECK(GetFrameCount(jvmti, s, &n));
    jmethodID m;
    jlocation l;
    CHECK(GetFrameLocation(jvmti, s, 0, &m, &l));
    printf("  top %s@%d\n", mname(m), (int)l);
    CHECK(GetLocalInt(jvmti, s, 0, 0, &i));
    CHECK(PopFrame(jvmti, s));
    CHECK(ForceEarlyReturnVoid(jvmti, s));
    CHECK(NotifyFramePop(jvmti, s, 0));
    jvmtiStackInfo *info;
    CHECK(GetThreadListStackTraces(jvmti, 1, &s, 1, &info));
    printf("  state 0x%x frames %d top %s@%d\n", (unsigned)info[0].state, (int)info[0].frame_count,
           mname(info[0].frame_buffer[0].method), (int)info[0].frame_buffer[0].location);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)info);
    CHECK(ResumeThread(jvmti, s));
}

/* The functions whose thread may not be NULL (no "current thread" reading): INVALID_THREAD. */
static void null_thread_errors(JNIEnv *jni, jobject str) {
    CHECK(PopFrame(jvmti, NULL));
    CHECK(ResumeThread(jvmti, NULL));
    CHECK(StopThread(jvmti, NULL, str));
    CHECK(InterruptThread(jvmti, NULL));
}

static void JNICALL on_breakpoint(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jlocation at) {
    printf("Breakpoint %s@%d\n", mname(m), (int)at);
    jclass k;
    (*jvmti)->GetMethodDeclaringClass(jvmti, m, &k);
    jclass tc = (*jni)->FindClass(jni, "java/lang/Thread");
    jthread unstarted = (*jni)->NewObject(jni, tc, (*jni)->GetMethodID(jni, tc, "<init>", "()V"));
    jobject str = (*jni)->NewStringUTF(jni, "not a thread");
    jobject sleeper;
    (*jvmti)->GetLocalObject(jvmti, t, 0, 0, &sleeper);
    stack_errors(jni, unstarted, str);
    local_errors(jni, str);
    breakpoint_errors(jni, m, k);
    sleeper_errors(jni, sleeper);
    null_thread_errors(jni, str);
}

static void JNICALL on_prepare(jvmtiEnv *env, JNIEnv *jni, jthread t, jclass c) {
    char *sig = NULL;
    (*jvmti)->GetClassSignature(jvmti, c, &sig, NULL);
    if (!strcmp(sig, "LDebugSleeper;"))
        CHECK(SetBreakpoint(jvmti, (*jni)->GetStaticMethodID(jni, c, "hit", "(Ljava/lang/Thread;)V"), 0));
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return 1;
    if ((*vm)->GetEnv(vm, (void **)&bare, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_breakpoint_events = 1;
    caps.can_generate_frame_pop_events = 1;
    caps.can_generate_field_access_events = 1;
    caps.can_generate_field_modification_events = 1;
    caps.can_access_local_variables = 1;
    caps.can_pop_frame = 1;
    caps.can_force_early_return = 1;
    caps.can_suspend = 1;
    caps.can_signal_thread = 1;
    CHECK(AddCapabilities(jvmti, &caps));
    jvmtiFrameInfo buf[1];
    jint n;
    CHECK(GetStackTrace(jvmti, NULL, 0, 1, buf, &n));
    CHECK(GetFrameCount(jvmti, NULL, &n));
    CHECK(SetBreakpoint(jvmti, NULL, 0));
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassPrepare = on_prepare;
    cb.Breakpoint = on_breakpoint;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL);
    return 0;
}
