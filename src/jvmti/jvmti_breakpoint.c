/*
 * jvmti_breakpoint.c — the Breakpoint group: SetBreakpoint and ClearBreakpoint.
 *
 * A breakpoint is a (method, bci) pair kept by interp/debug.c, shared by all environments
 * (as in HotSpot, setting the same location twice is DUPLICATE even from another
 * environment).  Setting one translates the method if it never ran and sends the
 * instruction at that bci through the interpreter's hook; the Breakpoint event is posted
 * before the instruction runs.  A breakpoint in a redefined class's method is set in the
 * unchanged copies older frames run, too.
 */
#include "jvmti/jvmti_debug.h"
#include "classfile/redefine.h"

static jvmtiError location_error(Method *m, jlocation location) {
    if (m->kind == MK_NATIVE || m->kind == MK_VM_NATIVE || m->kind == MK_ABSTRACT || m->kind == MK_DELETED || !m->code)
        return JVMTI_ERROR_INVALID_LOCATION;
    if (location < 0 || location >= (jlocation)m->code_len) return JVMTI_ERROR_INVALID_LOCATION;
    return JVMTI_ERROR_NONE;
}

/* The same location in the copies of m that older frames may run: those of the redefined
 * class's old versions whose body is m's modulo constant pool (HotSpot sets a breakpoint
 * in each such version too). */
static void each_version(Method *m, jlocation location, bool set) {
    for (Class *v = m->holder->previous; v; v = v->previous) {
        Method *vm = rdf_version_method(v, m);
        if (!vm) continue;
        if (set) dbg_set_breakpoint(thread_current(), vm, (int)location);
        else dbg_clear_breakpoint(vm, (int)location);
    }
}

jvmtiError JNICALL jvmti_SetBreakpoint(jvmtiEnv *env, jmethodID method, jlocation location) {
    Method *m;
    jvmtiError err = jvmti_method_of(method, &m);
    if (!err) err = location_error(m, location);
    if (err) return err;
    err = jvmti_dbg_error(dbg_set_breakpoint(thread_current(), m, (int)location));
    if (!err) each_version(m, location, true);
    return err;
}

jvmtiError JNICALL jvmti_ClearBreakpoint(jvmtiEnv *env, jmethodID method, jlocation location) {
    Method *m;
    jvmtiError err = jvmti_method_of(method, &m);
    if (!err) err = location_error(m, location);
    if (err) return err;
    err = jvmti_dbg_error(dbg_clear_breakpoint(m, (int)location));
    if (!err) each_version(m, location, false);
    return err;
}
