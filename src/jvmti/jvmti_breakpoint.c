/*
 * jvmti_breakpoint.c — the Breakpoint group: SetBreakpoint and ClearBreakpoint.
 *
 * A breakpoint is a (method, bci) pair kept by interp/debug.c, shared by all environments
 * (as in HotSpot, setting the same location twice is DUPLICATE even from another
 * environment).  Setting one translates the method if it never ran and sends the
 * instruction at that bci through the interpreter's hook; the Breakpoint event is posted
 * before the instruction runs.
 */
#include "jvmti/jvmti_debug.h"

static jvmtiError location_error(Method *m, jlocation location) {
    if (m->kind == MK_NATIVE || m->kind == MK_VM_NATIVE || m->kind == MK_ABSTRACT || !m->code)
        return JVMTI_ERROR_INVALID_LOCATION;
    if (location < 0 || location >= (jlocation)m->code_len) return JVMTI_ERROR_INVALID_LOCATION;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_SetBreakpoint(jvmtiEnv *env, jmethodID method, jlocation location) {
    Method *m;
    jvmtiError err = jvmti_method_of(method, &m);
    if (!err) err = location_error(m, location);
    if (err) return err;
    return jvmti_dbg_error(dbg_set_breakpoint(thread_current(), m, (int)location));
}

jvmtiError JNICALL jvmti_ClearBreakpoint(jvmtiEnv *env, jmethodID method, jlocation location) {
    Method *m;
    jvmtiError err = jvmti_method_of(method, &m);
    if (!err) err = location_error(m, location);
    if (err) return err;
    return jvmti_dbg_error(dbg_clear_breakpoint(m, (int)location));
}
