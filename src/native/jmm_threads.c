/*
 * jmm_threads.c — the management interface's thread entries (ThreadMXBean): ThreadInfo
 * snapshots (GetThreadInfo, DumpThreads), deadlock detection, CPU times and allocated
 * bytes, contention statistics.
 *
 * Everything that reads another thread — its frames, its locks, its counters, even which
 * Thread record a Java thread id names — is read with the world stopped (safepoint_begin),
 * so that frames and objects hold still and the thread cannot end under the reader; the
 * objects found are kept in handles of the calling thread, and the Java objects
 * (ThreadInfo, StackTraceElement[], ...) are built after the world goes on.  A thread is
 * visible from the moment it is counted as live until it stops counting as it ends
 * (runtime/jthread.c), which is what HotSpot shows: started threads, attached threads once
 * their java.lang.Thread exists, and not threads that are exiting.
 *
 * A snapshot follows HotSpot's rules (java.lang.management.ThreadInfo):
 *   - a thread BLOCKED on a monitor, or WAITING in Object.wait, names that object as its
 *     lock and the thread owning it as the lock owner; a BLOCKED thread whose monitor has
 *     no other owner any more is reported RUNNABLE (it is about to run);
 *   - a parked thread names its park blocker, and when that is a j.u.c lock
 *     (AbstractOwnableSynchronizer) the lock's exclusive owner;
 *   - blocked and waited counts are always kept (a contended monitor entry; Object.wait
 *     and Thread.sleep), their times only while contention monitoring is on (-1 else);
 *   - locked monitors come from vm_held_monitors (runtime/threaddump.c), each with the
 *     depth of the frame that locked it (-1 when no frame can be named, or the frame is
 *     beyond maxDepth); the monitor a thread waits on is not among them;
 *   - locked ownable synchronizers are the AbstractOwnableSynchronizer instances whose
 *     exclusive owner is the thread, found by walking the heap, as HotSpot does.
 *
 * Deadlocks: with the world stopped every thread has at most one thread it waits for (the
 * owner of the monitor it is entering or, unless object monitors only, of the j.u.c lock
 * it is parked on), so the waits-for graph is a set of chains; a deadlock is a cycle, and
 * only the threads on a cycle are reported (a thread merely waiting for a deadlocked one
 * is not deadlocked itself).
 */
#include "native/jni_internal.h"
#include "native/jmm.h"
#include "classfile/loader.h"
#include "classfile/link.h"
#include "interp/frame.h"
#include "runtime/jthread.h"
#include "runtime/monitor.h"
#include "runtime/threaddump.h"
#include "runtime/vm.h"
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* The j.u.c lock base class and its owner field, if the class is loaded at all. */
typedef struct Aos {
    Class *cls;
    uint32_t owner_off;
} Aos;

/* Also resolves, outside any safepoint, the lazily found offset of Thread.parkBlocker. */
static Aos find_aos(Thread *t) {
    if (t->jthread) jthread_park_blocker(t->jthread);
    Aos a = { NULL, 0 };
    Class *c = ld_find(ld_boot, sym_intern_cstr("java/util/concurrent/locks/AbstractOwnableSynchronizer"));
    if (!c || class_state(c) < CS_LINKED) return a;
    Field *f = class_find_declared_field(c, sym_intern_cstr("exclusiveOwnerThread"), sym_intern_cstr("Ljava/lang/Thread;"));
    if (f) {
        a.cls = c;
        a.owner_off = f->offset;
    }
    return a;
}

/* The owner (a java.lang.Thread) of a j.u.c lock, or NULL. */
static Object *aos_owner(const Aos *a, Object *o) {
    if (!a->cls || !o || class_is_array(o->klass) || !class_is_subclass(o->klass, a->cls)) return NULL;
    return OBJ_FIELD(o, a->owner_off, Object *);
}

static jlong java_tid(Object *jt) { return OBJ_FIELD(jt, jthread_tid_off, jlong); }

/* Whether management shows p (the world stopped). */
static bool visible(Thread *p) { return p->counted && p->jthread; }

/* The visible thread with Java id tid (the world stopped). */
static Thread *thread_with_tid(jlong tid) {
    for (Thread *p = thread_list; p; p = p->next)
        if (visible(p) && java_tid(p->jthread) == tid) return p;
    return NULL;
}

/* Everything that looks at other threads does it with the world stopped. */
static void stop_world(Thread *t) { safepoint_begin(t); }
static void resume_world(Thread *t) { safepoint_end(t); }

static bool check_ids(Thread *t, Object *ids) {
    for (jint i = 0; i < array_length(ids); i++)
        if (ARRAY_ELEMS(ids, jlong)[i] <= 0) {
            exc_throw(t, VMC_IllegalArgumentException, "Invalid thread ID entry");
            return false;
        }
    return true;
}

/* ---- snapshots ---- */

typedef struct Snap {
    Object **jthread;               /* NULL: no such live thread */
    jint status;                    /* java.lang.Thread.threadStatus | JMM_THREAD_STATE_FLAG_* */
    Object **lock;
    Object **lock_owner;
    uint64_t blocked_count, blocked_ns, waited_count, waited_ns;
    int nframes;
    Method **methods;
    int *bcis;
    int nmonitors, monitors_cap;
    Object ***monitors;
    int *depths;
    int nsyncs;
    Object ***syncs;
} Snap;

/* The synchronizers every thread owns, gathered by one heap walk. */
typedef struct SyncWalk {
    Thread *t;                      /* the caller, whose handles hold the objects */
    const Aos *aos;
    Object ***objs;
    Object **owners;                /* raw: the walk does not allocate */
    int n, cap;
} SyncWalk;

static void sync_visit(Object *o, void *ctx) {
    SyncWalk *w = ctx;
    Object *owner = aos_owner(w->aos, o);
    if (!owner) return;
    if (w->n == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 16;
        w->objs = vm_realloc(w->objs, (size_t)w->cap * sizeof *w->objs);
        w->owners = vm_realloc(w->owners, (size_t)w->cap * sizeof *w->owners);
    }
    w->objs[w->n] = hnd_new(w->t, o);
    w->owners[w->n++] = owner;
}

static void lock_state(Thread *p, Snap *s, const Aos *aos, Thread *self) {
    Object *jt = p->jthread;
    jint status = jthread_status(jt);
    Object *lock = NULL, *owner = NULL;
    Monitor *wm = p->waiting_on, *cm = p->contending;
    Object *obj = wm ? wm->obj : cm ? cm->obj : NULL;
    if (status == JTS_BLOCKED_ON_MONITOR_ENTER || status == JTS_IN_OBJECT_WAIT || status == JTS_IN_OBJECT_WAIT_TIMED) {
        Thread *o = obj ? mon_owner(obj) : NULL;
        if (o == p) o = NULL;
        if (!obj || (!o && status == JTS_BLOCKED_ON_MONITOR_ENTER)) {
            status = JTS_RUNNABLE;          /* no longer blocked */
        } else {
            lock = obj;
            owner = o ? o->jthread : NULL;
        }
    } else if (status == JTS_PARKED || status == JTS_PARKED_TIMED) {
        lock = jthread_park_blocker(jt);
        owner = aos_owner(aos, lock);
    }
    if (p != self && thread_state(p) == TS_IN_NATIVE) status |= JMM_THREAD_STATE_FLAG_NATIVE;
    s->status = status;
    s->lock = lock ? hnd_new(self, lock) : NULL;
    s->lock_owner = owner ? hnd_new(self, owner) : NULL;
}

static void frames_of(Thread *p, Snap *s, int max_depth) {
    int n = 0;
    for (Frame *f = p->top; f; f = f->prev) n++;
    s->methods = vm_malloc((size_t)(n ? n : 1) * sizeof *s->methods);
    s->bcis = vm_malloc((size_t)(n ? n : 1) * sizeof *s->bcis);
    s->nframes = 0;
    for (Frame *f = p->top; f; f = f->prev) {
        if (f->method->flags & MF_INTRINSIC) continue;     /* no frame anyone shows */
        if (max_depth >= 0 && s->nframes == max_depth) break;
        s->methods[s->nframes] = f->method;
        s->bcis[s->nframes++] = frame_bci(f);
    }
}

typedef struct OwnedWalk {
    Thread *self;
    Snap *s;
} OwnedWalk;

static void add_monitor(Thread *self, Snap *s, Object *o, int depth) {
    for (int i = 0; i < s->nmonitors; i++)
        if (*s->monitors[i] == o) return;
    if (s->nmonitors == s->monitors_cap) {
        s->monitors_cap = s->monitors_cap ? 2 * s->monitors_cap : 8;
        s->monitors = vm_realloc(s->monitors, (size_t)s->monitors_cap * sizeof *s->monitors);
        s->depths = vm_realloc(s->depths, (size_t)s->monitors_cap * sizeof *s->depths);
    }
    s->monitors[s->nmonitors] = hnd_new(self, o);
    s->depths[s->nmonitors++] = depth;
}

static void owned_visit(Object *o, void *ctx) {
    OwnedWalk *w = ctx;
    add_monitor(w->self, w->s, o, -1);
}

/* Locked monitors, innermost frame first and, within a frame, the latest lock first (the
 * order HotSpot lists them in); the ones no frame shows come last with depth -1. */
static void monitors_of(Thread *self, Thread *p, Snap *s) {
    /* a frame holds at most its lock and one monitor per local */
    int max = 0;
    for (Frame *f = p->top; f; f = f->prev) max += 1 + f->method->max_locals;
    HeldMonitor *held = vm_malloc((size_t)(max ? max : 1) * sizeof *held);
    int n = vm_held_monitors(p, held, max);
    Object *waiting = p->waiting_on ? p->waiting_on->obj : NULL;
    for (int depth = 0; depth < s->nframes; depth++)
        for (int k = n - 1; k >= 0; k--)
            if (held[k].frame == depth && held[k].obj != waiting) add_monitor(self, s, held[k].obj, depth);
    for (int k = 0; k < n; k++)
        if ((held[k].frame < 0 || held[k].frame >= s->nframes) && held[k].obj != waiting)
            add_monitor(self, s, held[k].obj, -1);
    vm_free(held);
    OwnedWalk w = { self, s };
    mon_foreach_owned(p, owned_visit, &w);
}

static void syncs_of(Thread *p, Snap *s, const SyncWalk *w) {
    s->syncs = vm_malloc((size_t)(w->n ? w->n : 1) * sizeof *s->syncs);
    s->nsyncs = 0;
    for (int i = 0; i < w->n; i++)
        if (w->owners[i] == p->jthread) s->syncs[s->nsyncs++] = w->objs[i];
}

/* Fills s for thread p (NULL: none).  The world is stopped. */
static void snap(Thread *self, Thread *p, Snap *s, int max_depth, bool monitors, const SyncWalk *syncs, const Aos *aos) {
    memset(s, 0, sizeof *s);
    if (!p) return;
    s->jthread = hnd_new(self, p->jthread);
    lock_state(p, s, aos, self);
    s->blocked_count = thread_stat_get(&p->blocked_count);
    s->blocked_ns = thread_stat_get(&p->blocked_ns);
    s->waited_count = thread_stat_get(&p->waited_count);
    s->waited_ns = thread_stat_get(&p->waited_ns);
    frames_of(p, s, max_depth);
    if (monitors) monitors_of(self, p, s);
    if (syncs) syncs_of(p, s, syncs);
}

static void snap_free(Snap *s, int n) {
    for (int i = 0; i < n; i++) {
        vm_free(s[i].methods);
        vm_free(s[i].bcis);
        vm_free(s[i].syncs);
        vm_free(s[i].monitors);
        vm_free(s[i].depths);
    }
    vm_free(s);
}

static int by_tid(const void *a, const void *b) {
    jlong x = java_tid((*(Thread *const *)a)->jthread), y = java_tid((*(Thread *const *)b)->jthread);
    return (x > y) - (x < y);
}

/* The visible threads in id order (the world stopped); *n receives the count. */
static Thread **visible_threads(int *n) {
    int k = 0;
    for (Thread *p = thread_list; p; p = p->next) k++;
    Thread **ts = vm_malloc((size_t)(k ? k : 1) * sizeof *ts);
    k = 0;
    for (Thread *p = thread_list; p; p = p->next)
        if (visible(p)) ts[k++] = p;
    qsort(ts, (size_t)k, sizeof *ts, by_tid);
    *n = k;
    return ts;
}

/* ---- building ThreadInfo objects ---- */

typedef struct Builder {
    Class *info;                    /* java.lang.management.ThreadInfo */
    Class *ste, *ste_array, *object_array, *int_array;
} Builder;

static bool builder_init(Thread *t, Builder *b) {
    b->info = jmm_class(t, "java/lang/management/ThreadInfo");
    b->ste = vmc_get(t, VMC_StackTraceElement);
    if (!b->info || !b->ste || !class_init(t, b->ste)) return false;
    b->ste_array = ld_array_of(t, b->ste);
    b->object_array = ld_array_of(t, VMC(Object));
    b->int_array = ld_array_of(t, vm_primitive[T_INT]);
    return b->ste_array && b->object_array && b->int_array;
}

static Object *stack_trace(Thread *t, const Builder *b, const Snap *s) {
    HandleMark hm = hnd_mark(t);
    Object **arr = hnd_new(t, heap_alloc_array(t, b->ste_array, s->nframes));
    for (int k = 0; *arr && k < s->nframes; k++) {
        Object **e = hnd_new(t, heap_alloc_object(t, b->ste));
        if (!*e || !exc_fill_element(t, e, s->methods[k], s->bcis[k])) {
            *arr = NULL;
            break;
        }
        heap_store_ref(*arr, &ARRAY_ELEMS(*arr, Object *)[k], *e);
    }
    Object *r = *arr;
    hnd_release(t, hm);
    return r;
}

static Object *object_array(Thread *t, const Builder *b, Object **const *objs, int n) {
    Object *a = heap_alloc_array(t, b->object_array, n);
    for (int i = 0; a && i < n; i++) heap_store_ref(a, &ARRAY_ELEMS(a, Object *)[i], *objs[i]);
    return a;
}

static jlong millis_or_unknown(uint64_t ns) { return thread_timing() ? (jlong)(ns / 1000000) : -1; }

/* new ThreadInfo(...) for s; with_locks selects the constructor that also takes locked
 * monitors and synchronizers (NULL arrays when not wanted). */
static Object *build_info(Thread *t, const Builder *b, const Snap *s, bool with_locks, bool monitors, bool syncs) {
    HandleMark hm = hnd_mark(t);
    Object **trace = hnd_new(t, stack_trace(t, b, s));
    Object **mons = hnd_new(t, NULL), **depths = hnd_new(t, NULL), **sync = hnd_new(t, NULL);
    Object *r = NULL;
    if (!*trace) goto out;
    if (monitors) {
        *mons = object_array(t, b, s->monitors, s->nmonitors);
        if (!*mons) goto out;
        *depths = heap_alloc_array(t, b->int_array, s->nmonitors);
        if (!*depths) goto out;
        if (s->nmonitors) memcpy(ARRAY_ELEMS(*depths, jint), s->depths, (size_t)s->nmonitors * sizeof(jint));
    }
    if (syncs && !(*sync = object_array(t, b, s->syncs, s->nsyncs))) goto out;
    Object **info = jmm_alloc(t, b->info);
    if (!info) goto out;
    Slot a[17];
    memset(a, 0, sizeof a);
    a[1].l = *s->jthread;
    a[2].i = s->status;
    a[3].l = s->lock ? *s->lock : NULL;
    a[4].l = s->lock_owner ? *s->lock_owner : NULL;
    a[5].j = (jlong)s->blocked_count;
    a[7].j = millis_or_unknown(s->blocked_ns);
    a[9].j = (jlong)s->waited_count;
    a[11].j = millis_or_unknown(s->waited_ns);
    a[13].l = *trace;
    const char *sig = "(Ljava/lang/Thread;ILjava/lang/Object;Ljava/lang/Thread;JJJJ[Ljava/lang/StackTraceElement;)V";
    if (with_locks) {
        a[14].l = *mons;
        a[15].l = *depths;
        a[16].l = *sync;
        sig = "(Ljava/lang/Thread;ILjava/lang/Object;Ljava/lang/Thread;JJJJ[Ljava/lang/StackTraceElement;"
              "[Ljava/lang/Object;[I[Ljava/lang/Object;)V";
    }
    if (jmm_init(t, info, sig, a)) r = *info;
out:
    hnd_release(t, hm);
    return r;
}

/* ---- GetThreadInfo and DumpThreads ---- */

jint JNICALL jmm_GetThreadInfo(JNIEnv *env, jlongArray ids, jint max_depth, jobjectArray infos) {
    JNI_ENTER(env);
    if (!hnd_get(ids) || !hnd_get(infos)) {
        exc_npe(t);
        JNI_RETURN(-1);
    }
    if (max_depth < -1) {
        exc_throw(t, VMC_IllegalArgumentException, "Invalid maxDepth");
        JNI_RETURN(-1);
    }
    if (!check_ids(t, hnd_get(ids))) JNI_RETURN(-1);
    Builder b;
    if (!builder_init(t, &b)) JNI_RETURN(-1);
    if (!jmm_array_of(hnd_get(infos), b.info)) {
        exc_throw(t, VMC_IllegalArgumentException, "infoArray element type is not ThreadInfo class");
        JNI_RETURN(-1);
    }
    jint n = array_length(hnd_get(ids));
    if (n != array_length(hnd_get(infos))) {
        exc_throw(t, VMC_IllegalArgumentException,
                  "The length of the given ThreadInfo array does not match the length of the given array of thread IDs");
        JNI_RETURN(-1);
    }
    HandleMark hm = hnd_mark(t);
    Aos aos = find_aos(t);
    Snap *snaps = vm_calloc((size_t)(n ? n : 1), sizeof *snaps);
    stop_world(t);
    for (jint i = 0; i < n; i++) snap(t, thread_with_tid(ARRAY_ELEMS(hnd_get(ids), jlong)[i]), &snaps[i], max_depth, false, NULL, &aos);
    resume_world(t);
    for (jint i = 0; i < n && !exc_pending(t); i++) {
        Object *info = snaps[i].jthread ? build_info(t, &b, &snaps[i], false, false, false) : NULL;
        if (exc_pending(t)) break;
        Object *arr = hnd_get(infos);
        heap_store_ref(arr, &ARRAY_ELEMS(arr, Object *)[i], info);
    }
    snap_free(snaps, n);
    hnd_release(t, hm);
    JNI_RETURN(exc_pending(t) ? -1 : 0);
}

jobjectArray JNICALL jmm_DumpThreads(JNIEnv *env, jlongArray ids, jboolean locked_monitors,
                                     jboolean locked_synchronizers, jint max_depth) {
    JNI_ENTER(env);
    if (hnd_get(ids) && !check_ids(t, hnd_get(ids))) JNI_RETURN(NULL);
    Builder b;
    if (!builder_init(t, &b)) JNI_RETURN(NULL);
    Class *result_class = ld_array_of(t, b.info);
    if (!result_class) JNI_RETURN(NULL);
    HandleMark hm = hnd_mark(t);
    Aos aos = find_aos(t);
    SyncWalk walk = { t, &aos, NULL, NULL, 0, 0 };
    int n;
    Snap *snaps;
    stop_world(t);
    if (locked_synchronizers && aos.cls) heap_walk(sync_visit, &walk);
    if (hnd_get(ids)) {
        n = array_length(hnd_get(ids));
        snaps = vm_calloc((size_t)(n ? n : 1), sizeof *snaps);
        for (int i = 0; i < n; i++)
            snap(t, thread_with_tid(ARRAY_ELEMS(hnd_get(ids), jlong)[i]), &snaps[i], max_depth, locked_monitors,
                 locked_synchronizers ? &walk : NULL, &aos);
    } else {
        Thread **ts = visible_threads(&n);
        snaps = vm_calloc((size_t)(n ? n : 1), sizeof *snaps);
        for (int i = 0; i < n; i++)
            snap(t, ts[i], &snaps[i], max_depth, locked_monitors, locked_synchronizers ? &walk : NULL, &aos);
        vm_free(ts);
    }
    resume_world(t);
    vm_free(walk.objs);
    vm_free(walk.owners);
    Object **result = hnd_new(t, heap_alloc_array(t, result_class, n));
    for (int i = 0; *result && i < n; i++) {
        if (!snaps[i].jthread) continue;
        Object *info = build_info(t, &b, &snaps[i], true, locked_monitors, locked_synchronizers);
        if (!info) {
            *result = NULL;
            break;
        }
        heap_store_ref(*result, &ARRAY_ELEMS(*result, Object *)[i], info);
    }
    snap_free(snaps, n);
    Object *r = *result;
    hnd_release(t, hm);
    JNI_RETURN(hnd_local(t, r));
}

/* ---- deadlocks ---- */

/* The thread p waits for, if any (the world stopped). */
static Thread *waits_for(Thread *p, bool monitors_only, const Aos *aos) {
    Monitor *cm = p->contending;
    if (cm && cm->obj) return cm->owner;
    if (monitors_only) return NULL;
    jint status = jthread_status(p->jthread);
    if (status != JTS_PARKED && status != JTS_PARKED_TIMED) return NULL;
    Object *owner = aos_owner(aos, jthread_park_blocker(p->jthread));
    return owner ? thread_from_jthread(owner) : NULL;
}


static jobjectArray find_deadlocks(Thread *t, bool monitors_only) {
    HandleMark hm = hnd_mark(t);
    Aos aos = find_aos(t);
    stop_world(t);
    int n;
    Thread **ts = visible_threads(&n);
    int *next = vm_malloc((size_t)(n ? n : 1) * sizeof *next);
    int *mark = vm_calloc((size_t)(n ? n : 1), sizeof *mark);
    Object ***found = vm_malloc((size_t)(n ? n : 1) * sizeof *found);
    int *index = vm_malloc(65536 * sizeof *index);      /* by thin-lock id, unique per live thread */
    int nfound = 0;
    for (int i = 0; i < n; i++) index[ts[i]->tid] = i;
    for (int i = 0; i < n; i++) {
        Thread *w = waits_for(ts[i], monitors_only, &aos);
        next[i] = w && visible(w) && w != ts[i] ? index[w->tid] : -1;
    }
    /* follow each chain, marking it with its start; meeting the current mark is a cycle */
    for (int s = 0; s < n; s++) {
        int x = s;
        while (x >= 0 && !mark[x]) {
            mark[x] = s + 1;
            x = next[x];
        }
        if (x < 0 || mark[x] != s + 1) continue;
        int c = x;
        do {
            found[nfound++] = hnd_new(t, ts[c]->jthread);
            c = next[c];
        } while (c != x);
    }
    resume_world(t);
    vm_free(ts);
    vm_free(next);
    vm_free(mark);
    vm_free(index);
    Object *r = NULL;
    if (nfound) {
        Class *ac = ld_array_of(t, VMC(Thread));
        r = ac ? heap_alloc_array(t, ac, nfound) : NULL;
        for (int i = 0; r && i < nfound; i++) heap_store_ref(r, &ARRAY_ELEMS(r, Object *)[i], *found[i]);
    }
    vm_free(found);
    hnd_release(t, hm);
    return hnd_local(t, r);
}

jobjectArray JNICALL jmm_FindDeadlocks(JNIEnv *env, jboolean monitors_only) {
    JNI_ENTER(env);
    JNI_RETURN(find_deadlocks(t, monitors_only != JNI_FALSE));
}

jobjectArray JNICALL jmm_FindCircularBlockedThreads(JNIEnv *env) {
    JNI_ENTER(env);
    JNI_RETURN(find_deadlocks(t, true));
}

/* ---- CPU time ---- */

static jlong clock_ns(clockid_t clk) {
    struct timespec ts;
    if (clock_gettime(clk, &ts) != 0) return -1;
    return (jlong)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* User-mode time of another thread, from /proc/self/task/TID/stat (clock ticks). */
static jlong proc_user_ns(int os_tid) {
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", os_tid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = '\0';
    /* the command name (field 2) may hold spaces and parentheses: fields resume after the
     * last ')'; utime is the 14th field, the 12th after it */
    char *p = strrchr(buf, ')');
    if (!p) return -1;
    unsigned long long utime;
    if (sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu", &utime) != 1) return -1;
    long hz = sysconf(_SC_CLK_TCK);
    return hz > 0 ? (jlong)(utime * (1000000000ULL / (unsigned long long)hz)) : -1;
}

static jlong own_cpu_time(bool user_and_system) {
    if (user_and_system) return clock_ns(CLOCK_THREAD_CPUTIME_ID);
    struct rusage ru;
    if (getrusage(RUSAGE_THREAD, &ru) != 0) return -1;
    return (jlong)ru.ru_utime.tv_sec * 1000000000 + (jlong)ru.ru_utime.tv_usec * 1000;
}

/* CPU time of p; the world is stopped, so p's pthread is alive.  A thread started but not
 * yet running (still NEW: it fills in its pthread and kernel id as it attaches) has used
 * none. */
static jlong cpu_time_of(Thread *self, Thread *p, bool user_and_system) {
    if (p == self) return own_cpu_time(user_and_system);
    if (thread_state(p) == TS_NEW) return 0;
    if (!user_and_system) return proc_user_ns(p->os_tid);
    clockid_t clk;
    if (pthread_getcpuclockid(p->pthread, &clk) != 0) return -1;
    return clock_ns(clk);
}

jlong JNICALL jmm_GetThreadCpuTimeWithKind(JNIEnv *env, jlong tid, jboolean user_and_system) {
    JNI_ENTER(env);
    if (tid < 0) {
        exc_throw(t, VMC_IllegalArgumentException, "Invalid thread ID");
        JNI_RETURN(-1);
    }
    if (tid == 0) JNI_RETURN(own_cpu_time(user_and_system));
    stop_world(t);
    Thread *p = thread_with_tid(tid);
    jlong r = p ? cpu_time_of(t, p, user_and_system) : -1;
    resume_world(t);
    JNI_RETURN(r);
}

jlong JNICALL jmm_GetThreadCpuTime(JNIEnv *env, jlong tid) {
    return jmm_GetThreadCpuTimeWithKind(env, tid, JNI_TRUE);
}

/* Checks ids and out (a long[] of the same length) for the per-thread array entries. */
static bool check_id_and_result_arrays(Thread *t, jlongArray ids, jlongArray out) {
    if (!hnd_get(ids) || !hnd_get(out)) {
        exc_npe(t);
        return false;
    }
    if (!check_ids(t, hnd_get(ids))) return false;
    if (array_length(hnd_get(ids)) != array_length(hnd_get(out))) {
        exc_throw(t, VMC_IllegalArgumentException,
                  "The length of the given long array does not match the length of the given array of thread IDs");
        return false;
    }
    return true;
}

void JNICALL jmm_GetThreadCpuTimesWithKind(JNIEnv *env, jlongArray ids, jlongArray times, jboolean user_and_system) {
    JNI_ENTER(env);
    if (!check_id_and_result_arrays(t, ids, times)) JNI_RETURN_VOID();
    stop_world(t);
    Object *ia = hnd_get(ids), *ta = hnd_get(times);
    for (jint i = 0; i < array_length(ia); i++) {
        Thread *p = thread_with_tid(ARRAY_ELEMS(ia, jlong)[i]);
        if (p) ARRAY_ELEMS(ta, jlong)[i] = cpu_time_of(t, p, user_and_system);
    }
    resume_world(t);
    JNI_RETURN_VOID();
}

/* ---- allocated bytes ---- */

jlong JNICALL jmm_GetOneThreadAllocatedMemory(JNIEnv *env, jlong tid) {
    JNI_ENTER(env);
    if (tid < 0) {
        exc_throw(t, VMC_IllegalArgumentException, "Invalid thread ID");
        JNI_RETURN(-1);
    }
    if (tid == 0) JNI_RETURN((jlong)heap_thread_allocated(t));
    stop_world(t);
    Thread *p = thread_with_tid(tid);
    jlong r = p ? (jlong)heap_thread_allocated(p) : -1;
    resume_world(t);
    JNI_RETURN(r);
}

void JNICALL jmm_GetThreadAllocatedMemory(JNIEnv *env, jlongArray ids, jlongArray sizes) {
    JNI_ENTER(env);
    if (!check_id_and_result_arrays(t, ids, sizes)) JNI_RETURN_VOID();
    stop_world(t);
    Object *ia = hnd_get(ids), *sa = hnd_get(sizes);
    for (jint i = 0; i < array_length(ia); i++) {
        Thread *p = thread_with_tid(ARRAY_ELEMS(ia, jlong)[i]);
        if (p) ARRAY_ELEMS(sa, jlong)[i] = (jlong)heap_thread_allocated(p);
    }
    resume_world(t);
    JNI_RETURN_VOID();
}

jlong JNICALL jmm_GetTotalThreadAllocatedMemory(JNIEnv *env) {
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static jlong high_water;
    JNI_ENTER(env);
    stop_world(t);
    uint64_t total = heap_exited_allocated();
    for (Thread *p = thread_list; p; p = p->next) total += heap_thread_allocated(p);
    resume_world(t);
    /* a thread that ended between the two counts would make the sum go back */
    pthread_mutex_lock(&lock);
    if ((jlong)total > high_water) high_water = (jlong)total;
    jlong r = high_water;
    pthread_mutex_unlock(&lock);
    JNI_RETURN(r);
}

/* ---- contention statistics ---- */

bool jmm_reset_contention(Thread *t, jlong tid, bool times) {
    bool found = false;
    stop_world(t);
    for (Thread *p = thread_list; p; p = p->next) {
        if (!visible(p) || (tid != 0 && java_tid(p->jthread) != tid)) continue;
        found = true;
        if (times) {
            thread_stat_set(&p->blocked_ns, 0);
            thread_stat_set(&p->waited_ns, 0);
        } else {
            thread_stat_set(&p->blocked_count, 0);
            thread_stat_set(&p->waited_count, 0);
        }
    }
    resume_world(t);
    return tid == 0 || found;
}
