/*
 * jvmti_threadgroup.c — JVMTI's Thread Group functions.
 *
 * The groups are java.lang.ThreadGroup objects, read through their fields (JDK 17 keeps
 * the children in arrays with counts).  The one top-level group is the "system" group
 * the VM makes at start-up.  Children are read holding the group's monitor, which is
 * what ThreadGroup's own methods synchronize on, so the counts and arrays agree.
 * Out-pointers are checked before the group, as HotSpot's wrappers do.
 */
#include "jvmti/jvmti_threads.h"
#include "runtime/monitor.h"
#include "runtime/exception.h"
#include "runtime/vm.h"
#include "classfile/link.h"
#include "heap/heap.h"
#include <stdlib.h>

extern Object *vm_system_group;

static uint32_t tg_field(uint32_t *cache, const char *name, const char *desc) {
    return class_field_offset_cached(cache, VMC(ThreadGroup), name, desc);
}

static jvmtiError group_of(jthreadGroup group, Object **out) {
    Object *g = group ? hnd_get(group) : NULL;
    if (!g || !class_is_assignable(g->klass, VMC(ThreadGroup))) return JVMTI_ERROR_INVALID_THREAD_GROUP;
    *out = g;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetTopThreadGroups(jvmtiEnv *env, jint *group_count_ptr, jthreadGroup **groups_ptr) {
    if (!group_count_ptr || !groups_ptr) return JVMTI_ERROR_NULL_POINTER;
    Object **top = hnd_new(thread_current(), vm_system_group);
    jvmtiError err = jvmti_local_refs(&top, 1, groups_ptr);
    if (err == JVMTI_ERROR_NONE) *group_count_ptr = 1;
    return err;
}

jvmtiError JNICALL jvmti_GetThreadGroupInfo(jvmtiEnv *env, jthreadGroup group, jvmtiThreadGroupInfo *info_ptr) {
    if (!info_ptr) return JVMTI_ERROR_NULL_POINTER;
    Object *g;
    jvmtiError err = group_of(group, &g);
    if (err != JVMTI_ERROR_NONE) return err;
    static uint32_t parent_off, name_off, max_off, daemon_off;
    Thread *t = thread_current();
    Object **h = hnd_new(t, g);
    err = jvmti_string_utf8(OBJ_FIELD(*h, tg_field(&name_off, "name", "Ljava/lang/String;"), Object *), &info_ptr->name);
    if (err != JVMTI_ERROR_NONE) return err;
    info_ptr->parent = hnd_local(t, OBJ_FIELD(*h, tg_field(&parent_off, "parent", "Ljava/lang/ThreadGroup;"), Object *));
    info_ptr->max_priority = OBJ_FIELD(*h, tg_field(&max_off, "maxPriority", "I"), jint);
    info_ptr->is_daemon = OBJ_FIELD(*h, tg_field(&daemon_off, "daemon", "Z"), jboolean);
    return JVMTI_ERROR_NONE;
}

/* Handles to the first n elements of the array field of *g (n from its count field). */
static jint children(Thread *t, Object **g, uint32_t count_off, uint32_t array_off, Object ****out) {
    jint n = OBJ_FIELD(*g, count_off, jint);
    Object *arr = OBJ_FIELD(*g, array_off, Object *);
    if (!arr || n < 0) n = 0;
    if (arr && n > array_length(arr)) n = array_length(arr);
    Object ***hs = vm_malloc((size_t)(n ? n : 1) * sizeof *hs);
    jint k = 0;
    for (jint i = 0; i < n; i++) {
        Object *o = ARRAY_ELEMS(OBJ_FIELD(*g, array_off, Object *), Object *)[i];
        if (o) hs[k++] = hnd_new(t, o);
    }
    *out = hs;
    return k;
}

jvmtiError JNICALL jvmti_GetThreadGroupChildren(jvmtiEnv *env, jthreadGroup group, jint *thread_count_ptr, jthread **threads_ptr,
                                                jint *group_count_ptr, jthreadGroup **groups_ptr) {
    if (!thread_count_ptr || !threads_ptr || !group_count_ptr || !groups_ptr) return JVMTI_ERROR_NULL_POINTER;
    Object *g;
    jvmtiError err = group_of(group, &g);
    if (err != JVMTI_ERROR_NONE) return err;
    static uint32_t nthreads_off, threads_off, ngroups_off, groups_off;
    Thread *t = thread_current();
    Object **h = hnd_new(t, g);
    Object ***ts, ***gs;
    mon_enter(t, h);
    jint nt = children(t, h, tg_field(&nthreads_off, "nthreads", "I"), tg_field(&threads_off, "threads", "[Ljava/lang/Thread;"), &ts);
    jint ng = children(t, h, tg_field(&ngroups_off, "ngroups", "I"), tg_field(&groups_off, "groups", "[Ljava/lang/ThreadGroup;"), &gs);
    mon_exit(t, *h);
    err = jvmti_local_refs(ts, nt, threads_ptr);
    if (err == JVMTI_ERROR_NONE) {
        err = jvmti_local_refs(gs, ng, groups_ptr);
        if (err != JVMTI_ERROR_NONE) free(*threads_ptr);
    }
    if (err == JVMTI_ERROR_NONE) {
        *thread_count_ptr = nt;
        *group_count_ptr = ng;
    }
    vm_free(ts);
    vm_free(gs);
    return err;
}
