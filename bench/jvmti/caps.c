/*
 * caps.c — a JVMTI agent that holds the capabilities a debugger holds and enables no
 * event, for bench/jvmti-overhead.sh: what merely holding them costs the interpreter.
 *
 *   -agentpath:libcaps.so        breakpoints, single step, frame pops, method entry and
 *                                exit, field watches, exceptions, locals, pop frame,
 *                                early return, suspension (what libjdwp asks for)
 *   -agentpath:libcaps.so=all    every potential capability of the onload phase
 *
 * Loupe switches its interpreter hooks on by enabled event, breakpoint or frame, never by
 * capability, so both should cost nothing measurable.
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
    return err == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}
