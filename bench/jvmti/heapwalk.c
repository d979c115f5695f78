/*
 * heapwalk.c — a JVMTI agent that times the heap walks for bench/jvmti-heap.sh.
 *
 * bench/jvmti/HeapWalkBench.java builds its 1,000,000 objects (500,000 Nodes linked in a
 * list, each with a Leaf, all under one array in a static field) and calls the native
 * method here, HeapWalkBench.walk(Node.class, Leaf.class, reps).  It tags the two
 * classes, then runs, `reps` times each and alternately:
 *
 *   IterateThroughHeap   every object, a callback that counts objects, bytes, and the
 *                        objects whose class is tagged Node or Leaf
 *   FollowReferences     from the roots, a reference callback that counts references by
 *                        the referee's class tag and returns JVMTI_VISIT_OBJECTS
 *
 * Each walk is timed by the process's CPU clock around the call (HotSpot walks in its VM
 * thread, Loupe in the calling one; the other threads wait meanwhile, and a shared
 * machine's load counts less than in wall time); the lines printed (to stdout) are
 *
 *   iterate  <median ms> <min ms>  objects <n> nodes <n> leaves <n>
 *   follow   <median ms> <min ms>  references <n> to-nodes <n> to-leaves <n>
 *
 * The counts of nodes and leaves (500000 each) and of references to them (999999 and
 * 500000: every Node is an array element and, but the first, some Node's next) are the
 * same on every VM; the totals include the VM's own objects and differ.
 */
#define _POSIX_C_SOURCE 200809L
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { NODE_TAG = 1, LEAF_TAG = 2, MAX_REPS = 99 };

static jvmtiEnv *jvmti;

typedef struct Counts {
    long all, nodes, leaves, bytes;
} Counts;

static void count(Counts *c, jlong class_tag, jlong size) {
    c->all++;
    c->bytes += (long)size;
    c->nodes += class_tag == NODE_TAG;
    c->leaves += class_tag == LEAF_TAG;
}

static jint JNICALL on_object(jlong class_tag, jlong size, jlong *tag_ptr, jint length, void *data) {
    (void)tag_ptr, (void)length;
    count(data, class_tag, size);
    return 0;
}

static jint JNICALL on_reference(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo *info, jlong class_tag,
                                 jlong referrer_class_tag, jlong size, jlong *tag_ptr, jlong *referrer_tag_ptr,
                                 jint length, void *data) {
    (void)kind, (void)info, (void)referrer_class_tag, (void)tag_ptr, (void)referrer_tag_ptr, (void)length;
    count(data, class_tag, size);
    return JVMTI_VISIT_OBJECTS;
}

static double cpu_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One walk: its time in ms, its counts in *c. */
static double time_walk(int follow, Counts *c) {
    jvmtiHeapCallbacks cb;
    memset(&cb, 0, sizeof cb);
    memset(c, 0, sizeof *c);
    jvmtiError err;
    double start = cpu_ms();
    if (follow) {
        cb.heap_reference_callback = on_reference;
        err = (*jvmti)->FollowReferences(jvmti, 0, NULL, NULL, &cb, c);
    } else {
        cb.heap_iteration_callback = on_object;
        err = (*jvmti)->IterateThroughHeap(jvmti, 0, NULL, &cb, c);
    }
    double ms = cpu_ms() - start;
    if (err != JVMTI_ERROR_NONE) {
        fprintf(stderr, "heapwalk: %s: error %d\n", follow ? "FollowReferences" : "IterateThroughHeap", err);
        exit(1);
    }
    return ms;
}

static void report(const char *name, double *ms, int reps, const Counts *c, const char *what, const char *to) {
    qsort(ms, (size_t)reps, sizeof *ms, by_value);
    printf("%-8s %9.1f %9.1f  %s %ld %snodes %ld %sleaves %ld\n", name, ms[reps / 2], ms[0], what, c->all, to, c->nodes,
           to, c->leaves);
}

JNIEXPORT void JNICALL Java_HeapWalkBench_walk(JNIEnv *jni, jclass self, jclass node, jclass leaf, jint reps) {
    (void)jni, (void)self;
    if (reps < 1 || reps > MAX_REPS) reps = 5;
    (*jvmti)->SetTag(jvmti, node, NODE_TAG);
    (*jvmti)->SetTag(jvmti, leaf, LEAF_TAG);
    double iterate[MAX_REPS], follow[MAX_REPS];
    Counts ci, cf;
    for (int i = 0; i < reps; i++) {
        iterate[i] = time_walk(0, &ci);
        follow[i] = time_walk(1, &cf);
    }
    report("iterate", iterate, reps, &ci, "objects", "");
    report("follow", follow, reps, &cf, "references", "to-");
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    (void)options, (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    jvmtiCapabilities c;
    memset(&c, 0, sizeof c);
    c.can_tag_objects = 1;
    return (*jvmti)->AddCapabilities(jvmti, &c) == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}
