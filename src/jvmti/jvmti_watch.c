/*
 * jvmti_watch.c — the Watched Field group: Set/ClearFieldAccessWatch and
 * Set/ClearFieldModificationWatch.
 *
 * Watches are kept per field by interp/debug.c; while any exists, the field instructions
 * of every translated method go through the interpreter's hook, which posts FieldAccess or
 * FieldModification when the field it resolves to is watched.  DUPLICATE / NOT_FOUND as the
 * spec says.
 */
#include "jvmti/jvmti_debug.h"

static jvmtiError watch(jclass klass, jfieldID field, int kind, bool on) {
    Class *c;
    Field *f;
    jvmtiError err = jvmti_class_of(klass, &c);
    if (!err) err = jvmti_field_of(c, field, &f);
    if (err) return err;
    return jvmti_dbg_error(dbg_watch_field(f, kind, on));
}

jvmtiError JNICALL jvmti_SetFieldAccessWatch(jvmtiEnv *env, jclass klass, jfieldID field) {
    return watch(klass, field, DBG_WATCH_ACCESS, true);
}
jvmtiError JNICALL jvmti_ClearFieldAccessWatch(jvmtiEnv *env, jclass klass, jfieldID field) {
    return watch(klass, field, DBG_WATCH_ACCESS, false);
}
jvmtiError JNICALL jvmti_SetFieldModificationWatch(jvmtiEnv *env, jclass klass, jfieldID field) {
    return watch(klass, field, DBG_WATCH_MODIFY, true);
}
jvmtiError JNICALL jvmti_ClearFieldModificationWatch(jvmtiEnv *env, jclass klass, jfieldID field) {
    return watch(klass, field, DBG_WATCH_MODIFY, false);
}
