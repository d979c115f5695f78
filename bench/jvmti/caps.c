/*
 * caps.c — a JVMTI agent that holds the capabilities a debugger holds and enables no
 * event, for bench/jvmti-overhead.sh: what merely holding them costs the interpreter.
 *
 *   -agentpath:libcaps.so        breakpoints, single step, frame pops, method entry and
 *                                exit, field watches, exceptions, locals, pop frame,
 *                                early return, suspension (what libjdwp asks for)
 *   -agentpath:libcaps.so=all    every potential capability of the onload phase
 *   -agentpath:libcaps.so=bp     the debugger's, and at VMInit one breakpoint in a method
 *                                the kernels never call (Thread.dumpStack), the Breakpoint
 *                                event enabled (issue 10's bench item c)
 *
 * Loupe switches its interpreter hooks on by enabled event, breakpoint or frame, never by
 * capability, so all three should cost nothing measurable: a breakpoint hooks only the
 * instruction it is set on.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static void debugger_caps(jvmtiCapabilities *c) {
    c->can_generate_breakpoint_events = 1;
    c->can_generate_single_step_events = 1;
    c->can_generate_frame_pop_events = 1;
    c->can_generate_method_entry_events = 1;
    c->can_generate_method_exit_events = 1;
    c->can_generate_field_access_events = 1;
    c->can_generate_field_modification_events = 1;
    c->can_generate_exception_events = 1;
    c->can_access_local_variables = 1;
    c->can_pop_frame = 1;
    c->can_force_early_return = 1;
    c->can_suspend = 1;
    c->can_get_line_numbers = 1;
    c->can_get_source_file_name = 1;
}

static void JNICALL on_breakpoint(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation l) {
    (void)e, (void)jni, (void)t, (void)m, (void)l;
    fprintf(stderr, "caps: the never-called method was called\n");
}

/* VMInit: the breakpoint, at bci 0 of java.lang.Thread.dumpStack(). */
static void JNICALL on_vm_init(jvmtiEnv *e, JNIEnv *jni, jthread t) {
    (void)t;
    jclass c = (*jni)->FindClass(jni, "java/lang/Thread");
    jmethodID m = c ? (*jni)->GetStaticMethodID(jni, c, "dumpStack", "()V") : NULL;
    jvmtiError err = m ? (*e)->SetBreakpoint(e, m, 0) : JVMTI_ERROR_INVALID_METHODID;
    if (err != JVMTI_ERROR_NONE) fprintf(stderr, "caps: SetBreakpoint: error %d\n", err);
}

static jvmtiError breakpoint_at_init(jvmtiEnv *env) {
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = on_vm_init;
    cb.Breakpoint = on_breakpoint;
    jvmtiError err = (*env)->SetEventCallbacks(env, &cb, (jint)sizeof cb);
    if (!err) err = (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    if (!err) err = (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL);
    return err;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    (void)reserved;
    jvmtiEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    if (options && strcmp(options, "all") == 0) (*env)->GetPotentialCapabilities(env, &c);
    else debugger_caps(&c);
    jvmtiError err = (*env)->AddCapabilities(env, &c);
    if (err != JVMTI_ERROR_NONE) fprintf(stderr, "caps: AddCapabilities: error %d\n", err);
    else if (options && strcmp(options, "bp") == 0) err = breakpoint_at_init(env);
    return err == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}
