/*
 * jvmpi_heapevents.c — the collector's events as JVMPI events.
 *
 * A heap event listener (heap/gcevents.c) whose mask is the union of the enabled JVMPI
 * heap events (jvmpi_load.c sets it).  Object free, object move, arena delete and GC
 * start/finish arrive inside a collection, on the collecting thread with every other
 * thread stopped: they are passed on as they are, in the thread suspended mode the
 * specification describes (the agent takes its locks at GC start).  Object allocation
 * arrives on the allocating thread, in VM or Java state, with the new object not yet
 * published: the event is sent with GC held off and the thread in native state, so the
 * agent may block or call JNI, and no collection moves the object meanwhile.
 */
#include "jvmpi/jvmpi_internal.h"
#include <string.h>

static void on_arena_new(int arena_id, const char *name) {
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_ARENA_NEW;
    e.u.new_arena.arena_id = arena_id;
    e.u.new_arena.arena_name = name;
    jvmpi_send_in_gc(&e);
}

static void on_arena_delete(int arena_id) {
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_ARENA_DELETE;
    e.u.delete_arena.arena_id = arena_id;
    jvmpi_send_in_gc(&e);
}

void jvmpi_obj_alloc_fill(Object *o, int arena, size_t size, JVMPI_Event *e) {
    jobjectID elem;
    e->event_type = JVMPI_EVENT_OBJECT_ALLOC;
    e->u.obj_alloc.arena_id = arena;
    e->u.obj_alloc.is_array = jvmpi_object_type(o, &elem);
    e->u.obj_alloc.class_id = e->u.obj_alloc.is_array == JVMPI_NORMAL_OBJECT ? jvmpi_id(o->klass->mirror) : elem;
    e->u.obj_alloc.size = (jint)size;
    e->u.obj_alloc.obj_id = jvmpi_id(o);
}

static void on_object_alloc(Thread *t, int arena_id, Object *o, size_t size) {
    if (!t || !jvmpi_on(JVMPI_EVENT_OBJECT_ALLOC)) return;
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    gc_hold(t);
    jvmpi_obj_alloc_fill(o, arena_id, size, &e);
    jvmpi_send_from_vm(t, &e);
    gc_release();
}

static void on_object_free(Object *o) {
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_OBJECT_FREE;
    e.u.obj_free.obj_id = jvmpi_id(o);
    jvmpi_send_in_gc(&e);
}

static void on_object_move(int old_arena, Object *from, int new_arena, Object *to) {
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_OBJECT_MOVE;
    e.u.obj_move.arena_id = old_arena;
    e.u.obj_move.obj_id = jvmpi_id(from);
    e.u.obj_move.new_arena_id = new_arena;
    e.u.obj_move.new_obj_id = jvmpi_id(to);
    jvmpi_send_in_gc(&e);
}

static void on_gc_start(void) {
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_GC_START;
    jvmpi_send_in_gc(&e);
}

static void count_object(Object *o, void *ctx) {
    if (!heap_is_filler(o)) ++*(jlong *)ctx;
}

static void on_gc_finish(size_t used, size_t capacity) {
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    jlong n = 0;
    heap_walk(count_object, &n);
    e.event_type = JVMPI_EVENT_GC_FINISH;
    e.u.gc_info.used_objects = n;
    e.u.gc_info.used_object_space = (jlong)used;
    e.u.gc_info.total_object_space = (jlong)capacity;
    jvmpi_send_in_gc(&e);
}

const GCEventListener jvmpi_gc_listener = {
    .arena_new = on_arena_new,
    .arena_delete = on_arena_delete,
    .object_alloc = on_object_alloc,
    .object_free = on_object_free,
    .object_move = on_object_move,
    .gc_start = on_gc_start,
    .gc_finish = on_gc_finish,
};
