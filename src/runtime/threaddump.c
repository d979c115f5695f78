/*
 * threaddump.c — the thread dump printed on SIGQUIT (kill -3, Ctrl-\), in HotSpot's
 * format, so that people and tools that read HotSpot's dumps read Loupe's:
 *
 *   "main" #1 prio=5 os_prio=0 cpu=52.10ms elapsed=3.20s tid=0x... nid=0x1a2b waiting on condition  [0x...]
 *      java.lang.Thread.State: TIMED_WAITING (sleeping)
 *   	at java.lang.Thread.sleep(java.base@17.0.2/Native Method)
 *   	at Main.main(Main.java:5)
 *   	- locked <0x...> (a java.lang.Object)
 *
 * The dump is taken with the world stopped (a safepoint), so frames and objects hold
 * still; nothing is allocated on the Java heap while it prints.  Threads are listed in the
 * order they were created (their java.lang.Thread ids).  Unlike exception stack traces,
 * the dump shows hidden frames (lambda proxies, lambda forms), as HotSpot's does.
 *
 * Which frame holds which monitor: Loupe keeps no per-frame lock records, so a frame is
 * said to hold a monitor the thread owns when it is the frame's synchronized-method lock,
 * or when the object sits in one of the frame's local variables beyond its parameters
 * (where javac keeps the object of a synchronized block); each monitor is reported once,
 * at the innermost such frame.  A monitor the thread is waiting on (Object.wait) still
 * counts as held by the frame that entered it, as HotSpot shows it.
 */
#include "runtime/threaddump.h"
#include "runtime/jthread.h"
#include "runtime/monitor.h"
#include "runtime/jstring.h"
#include "runtime/vm.h"
#include "runtime/mirror.h"
#include "classfile/class.h"
#include "interp/frame.h"
#include "interp/refmap.h"
#include "heap/handles.h"
#include "heap/heap.h"
#include <stdlib.h>

extern Object *module_name_string(Object *module);     /* native/jvm_module.c */
#include <time.h>

#define MAX_HELD 64

static int64_t now_ns(clockid_t clk) {
    struct timespec ts;
    if (clock_gettime(clk, &ts) != 0) return 0;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static double thread_cpu_ms(Thread *t) {
    clockid_t clk;
    if (pthread_getcpuclockid(t->pthread, &clk) != 0) return 0;
    return (double)now_ns(clk) / 1e6;
}

static void print_jstring(FILE *out, Object *s, const char *fallback) {
    char *u = s ? jstr_to_utf8(s) : NULL;
    fputs(u ? u : fallback, out);
    vm_free(u);
}

static const char *java_state_name(jint status) {
    switch (status) {
    case JTS_NEW: return "NEW";
    case JTS_RUNNABLE: return "RUNNABLE";
    case JTS_SLEEPING: return "TIMED_WAITING (sleeping)";
    case JTS_IN_OBJECT_WAIT: return "WAITING (on object monitor)";
    case JTS_IN_OBJECT_WAIT_TIMED: return "TIMED_WAITING (on object monitor)";
    case JTS_PARKED: return "WAITING (parking)";
    case JTS_PARKED_TIMED: return "TIMED_WAITING (parking)";
    case JTS_BLOCKED_ON_MONITOR_ENTER: return "BLOCKED (on object monitor)";
    case JTS_TERMINATED: return "TERMINATED";
    default: return "RUNNABLE";
    }
}

/* HotSpot's one-word description of what the thread is doing. */
static const char *activity(Thread *self, Thread *t, jint status) {
    if (t == self) return "waiting on condition";      /* the dumping thread waits for itself */
    if (t->waiting_on) return "in Object.wait()";
    if (t->contending) return "waiting for monitor entry";
    switch (status) {
    case JTS_SLEEPING: case JTS_PARKED: case JTS_PARKED_TIMED: return "waiting on condition";
    default: return thread_state(t) == TS_BLOCKED ? "waiting on condition" : "runnable";
    }
}

static void print_object_ref(FILE *out, const char *what, Object *o) {
    char name[512];
    fprintf(out, "\t- %s <0x%016lx> (a %s)\n", what, (unsigned long)(uintptr_t)o,
            class_external_name(o->klass, name, sizeof name));
}

/* "at pkg.Class.method(module@version/File.java:123)" */
void vm_print_frame(FILE *out, Thread *self, Frame *f) {
    Method *m = f->method;
    Class *c = m->holder;
    char name[512];
    fprintf(out, "\tat %s.%s(", class_external_name(c, name, sizeof name), m->name->str);
    Object *mod = c->mirror ? OBJ_FIELD(c->mirror, mirror_module_off, Object *) : NULL;
    Object *modname = mod ? module_name_string(mod) : NULL;
    if (modname) {
        print_jstring(out, modname, "");
        extern Object *module_version_string(Thread *t, Object *module);
        Object *ver = module_version_string(self, mod);
        if (ver) {
            fputc('@', out);
            print_jstring(out, ver, "");
        }
        fputc('/', out);
    }
    if (method_is_native(m)) {
        fputs("Native Method)\n", out);
        return;
    }
    int line = method_line_at(m, frame_bci(f));
    if (c->source_file && line >= 0) fprintf(out, "%s:%d)\n", c->source_file->str, line);
    else if (c->source_file) fprintf(out, "%s)\n", c->source_file->str);
    else fputs("Unknown Source)\n", out);
}

/* Whether local i of interpreted frame f holds a reference at the frame's current bci. */
static bool local_is_ref(Frame *f, int i) {
    const uint8_t *map = refmap_at(f->method, frame_bci(f));
    return map && refmap_bit(map, i);
}

/* Whether frame f would have locked o: o is its synchronized method's lock, or sits in
 * one of its locals beyond the parameters. */
static bool frame_locked(Frame *f, Object *o) {
    if (f->lock == o) return true;
    if (f->flags & FR_NATIVE) return false;
    for (int i = f->method->arg_slots; i < f->method->max_locals; i++)
        if (f->locals[i].l == o && local_is_ref(f, i)) return true;
    return false;
}

int vm_held_monitors(Thread *t, HeldMonitor *out, int max) {
    int n = 0;
    Object *waiting = t->waiting_on ? t->waiting_on->obj : NULL;
    for (Frame *f = t->top; f; f = f->prev) {
        if (f->lock && n < max) out[n++] = (HeldMonitor){ f->lock, -1 };
        if (f->flags & FR_NATIVE) continue;
        for (int i = 0; i < f->method->max_locals; i++) {
            Object *o = f->locals[i].l;
            if (!o || !local_is_ref(f, i)) continue;
            if (o != waiting && !mon_holds(t, o)) continue;
            bool dup = false;
            for (int k = 0; k < n; k++) dup |= out[k].obj == o;
            if (!dup && n < max) out[n++] = (HeldMonitor){ o, -1 };
        }
    }
    int depth = 0;
    for (Frame *f = t->top; f; f = f->prev) {
        if (f->method->flags & MF_INTRINSIC) continue;     /* not a frame anyone shows */
        for (int k = 0; k < n; k++)
            if (out[k].frame < 0 && frame_locked(f, out[k].obj)) out[k].frame = depth;
        depth++;
    }
    return n;
}

static void print_thread(FILE *out, Thread *self, Thread *t, int64_t now) {
    Object *jt = t->jthread;
    jint status = jthread_status(jt);
    fputc('"', out);
    print_jstring(out, OBJ_FIELD(jt, jthread_name_off, Object *), "");
    fprintf(out, "\" #%ld %sprio=%d os_prio=0 cpu=%.2fms elapsed=%.2fs tid=0x%016lx nid=0x%x %s  [0x%016lx]\n",
            (long)OBJ_FIELD(jt, jthread_tid_off, jlong), OBJ_FIELD(jt, jthread_daemon_off, jboolean) ? "daemon " : "",
            (int)OBJ_FIELD(jt, jthread_priority_off, jint), thread_cpu_ms(t),
            (double)(now - t->start_ns) / 1e9, (unsigned long)(uintptr_t)t, (unsigned)t->os_tid,
            activity(self, t, status), (unsigned long)((uintptr_t)t->top & ~(uintptr_t)0xFFF));
    fprintf(out, "   java.lang.Thread.State: %s\n", java_state_name(status));
    HeldMonitor held[MAX_HELD];
    int nheld = vm_held_monitors(t, held, MAX_HELD);
    int depth = 0;
    for (Frame *f = t->top; f; f = f->prev) {
        if (f->method->flags & MF_INTRINSIC) continue;     /* no frame on HotSpot */
        vm_print_frame(out, self, f);
        if (depth == 0) {
            if (t->waiting_on && t->waiting_on->obj) print_object_ref(out, "waiting on", t->waiting_on->obj);
            else if (t->contending && t->contending->obj) print_object_ref(out, "waiting to lock", t->contending->obj);
            else if (status == JTS_PARKED || status == JTS_PARKED_TIMED) {
                Object *blocker = jthread_park_blocker(jt);
                if (blocker) print_object_ref(out, "parking to wait for ", blocker);
            }
        }
        for (int k = 0; k < nheld; k++)
            if (held[k].frame == depth) print_object_ref(out, "locked", held[k].obj);
        depth++;
    }
    fputc('\n', out);
}

static int by_java_tid(const void *a, const void *b) {
    jlong x = OBJ_FIELD((*(Thread *const *)a)->jthread, jthread_tid_off, jlong);
    jlong y = OBJ_FIELD((*(Thread *const *)b)->jthread, jthread_tid_off, jlong);
    return (x > y) - (x < y);
}

void vm_thread_dump(Thread *self, FILE *out) {
    safepoint_begin(self);
    time_t wall = time(NULL);
    struct tm tm;
    localtime_r(&wall, &tm);
    char stamp[64];
    strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);
    fprintf(out, "%s\nFull thread dump Loupe VM (" LOUPE_VERSION " interpreted mode):\n\n", stamp);

    int n = 0;
    for (Thread *t = thread_list; t; t = t->next)
        if (t->jthread && thread_state(t) != TS_NEW) n++;
    Thread **ts = vm_calloc((size_t)n + 1, sizeof *ts);
    int k = 0;
    for (Thread *t = thread_list; t && k < n; t = t->next)
        if (t->jthread && thread_state(t) != TS_NEW) ts[k++] = t;
    qsort(ts, (size_t)k, sizeof *ts, by_java_tid);

    fprintf(out, "Threads class SMR info:\n_java_thread_list=0x%016lx, length=%d, elements={\n",
            (unsigned long)(uintptr_t)&thread_list, k);
    for (int i = 0; i < k; i++)
        fprintf(out, "0x%016lx%s", (unsigned long)(uintptr_t)ts[i], i + 1 == k ? "\n" : (i % 4 == 3 ? ",\n" : ", "));
    fputs("}\n\n", out);

    int64_t now = now_ns(CLOCK_MONOTONIC);
    for (int i = 0; i < k; i++) print_thread(out, self, ts[i], now);
    vm_free(ts);

    int globals, weaks;
    hnd_count_globals(&globals, &weaks);
    fprintf(out, "JNI global refs: %d, weak refs: %d\n\n", globals, weaks);
    fprintf(out, "Heap\n %s heap   total %zuK, used %zuK\n\n", heap_collector_name(),
            heap_capacity() / 1024, heap_used() / 1024);
    fflush(out);
    safepoint_end(self);
}
