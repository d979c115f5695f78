/*
 * test_alloc_sink.c — the heap's allocation sink (heap/gc.h, gcevents.c) is set only
 * while the listeners that see allocations are exactly those its setter names, and any
 * change of the listeners drops it.
 *
 *   test_alloc_sink
 *
 * The sink replaces the listeners' object_alloc and JVMTI's allocation hook on the path
 * every reported allocation takes (JVMTI's exact counting and lifetimes set it), so a
 * listener added later, JVMPI's when an agent enables OBJECT_ALLOC, would never see an
 * object if the sink stayed.  Listeners are added and removed here with no VM running
 * (no thread: no world to stop), and the sink is read after each step.
 */
#include "heap/gc.h"
#include <stdio.h>

static int failures;

#define CHECK(cond)                                                         \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                     \
        }                                                                   \
    } while (0)

static Object *sink(Thread *t, int arena, Object *o, size_t size) {
    (void)t, (void)arena, (void)size;
    return o;
}

static void on_alloc(Thread *t, int arena, Object *o, size_t size) { (void)t, (void)arena, (void)o, (void)size; }
static void on_free(Object *o) { (void)o; }

static const GCEventListener allocs = { .object_alloc = on_alloc, .object_free = on_free };
static const GCEventListener other_allocs = { .object_alloc = on_alloc };
static const GCEventListener frees = { .object_free = on_free };

int main(void) {
    const uint32_t alloc = 1u << GCE_OBJECT_ALLOC, free_ = 1u << GCE_OBJECT_FREE;
    CHECK(gc_set_alloc_sink(sink, NULL) && gc_alloc_sink_now() == sink);       /* no listener */
    CHECK(!gc_set_alloc_sink(sink, &allocs) && !gc_alloc_sink_now());          /* not that one */
    CHECK(gc_set_alloc_sink(sink, NULL));
    gc_add_listener(NULL, &frees, free_ | alloc);       /* the allocation bit, no function for it */
    CHECK(!gc_alloc_sink_now());                        /* any change drops it */
    CHECK(gc_set_alloc_sink(sink, NULL));               /* and it may come back */
    gc_add_listener(NULL, &allocs, alloc | free_);
    CHECK(!gc_alloc_sink_now());
    CHECK(!gc_set_alloc_sink(sink, NULL) && !gc_alloc_sink_now());
    CHECK(gc_set_alloc_sink(sink, &allocs) && gc_alloc_sink_now() == sink);
    gc_add_listener(NULL, &other_allocs, alloc);        /* a second one, later (JVMPI's) */
    CHECK(!gc_alloc_sink_now());
    CHECK(!gc_set_alloc_sink(sink, &allocs) && !gc_alloc_sink_now());
    gc_add_listener(NULL, &allocs, free_);              /* its mask changed: no allocations now */
    CHECK(!gc_set_alloc_sink(sink, &allocs) && gc_set_alloc_sink(sink, &other_allocs));
    gc_remove_listener(NULL, &other_allocs);
    CHECK(!gc_alloc_sink_now());
    CHECK(gc_set_alloc_sink(sink, NULL));
    CHECK(gc_set_alloc_sink(NULL, &allocs) && !gc_alloc_sink_now());            /* none: always */
    gc_remove_listener(NULL, &allocs);
    gc_remove_listener(NULL, &frees);
    if (failures) return 1;
    printf("the allocation sink follows the listeners\n");
    return 0;
}
