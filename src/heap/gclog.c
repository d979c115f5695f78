/*
 * gclog.c — the -Xlog:gc* lines beyond -Xlog:gc's one line per collection, in HotSpot's
 * shapes: gc+init (the heap's configuration at start-up), gc+heap at info (each
 * generation's use before and after a collection) and gc+cpu (its CPU times).
 *
 * gc+heap follows Serial's two lines when the collector names its generations as Serial
 * does (gc.h young_gen_name, old_gen_name: the generational collector's nursery is
 * DefNew's eden, its old generation Tenured):
 *
 *     GC(3) DefNew: 2455K(19648K)->0K(19648K) Eden: 2455K(17472K)->0K(17472K) From: 0K(2176K)->0K(2176K)
 *     GC(3) Tenured: 0K(43712K)->557K(43712K)
 *
 * A collector HotSpot has no twin of prints one line per memory pool in the same form
 * ("Mark-Sweep Space: 1024K(32768K)->12K(32768K)").  The figures come from the pools'
 * usage that heap.c takes before and after each collection (the same as the
 * GarbageCollectorMXBean's GcInfo), so the logs and the beans agree.
 */
#include "heap/gc.h"
#include "runtime/vm.h"
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#define KB(x) ((long long)((x) >> 10))

static void gclog_mem(char *buf, size_t n, const HeapUsage *b, const HeapUsage *a) {
    snprintf(buf, n, "%lldK(%lldK)->%lldK(%lldK)", KB(b->used), KB(b->committed), KB(a->used), KB(a->committed));
}

static HeapUsage gclog_sum(const HeapUsage *x, const HeapUsage *y) {
    return (HeapUsage){ x->init + y->init, x->used + y->used, x->committed + y->committed, x->max + y->max };
}

/* The pool at HotSpot's space s, or -1. */
static int gclog_pool_at(const Collector *c, HeapSpace s) {
    for (int i = 0; i < c->npools; i++)
        if (c->pool_space[i] == s) return i;
    return -1;
}

static void gclog_serial(const Collector *c, uint64_t id, const HeapUsage *before, const HeapUsage *after) {
    int eden = gclog_pool_at(c, HS_EDEN), from = gclog_pool_at(c, HS_SURVIVOR0), old = gclog_pool_at(c, HS_OLD);
    HeapUsage none = { 0, 0, 0, 0 };
    const HeapUsage *fb = from < 0 ? &none : &before[from], *fa = from < 0 ? &none : &after[from];
    HeapUsage yb = gclog_sum(&before[eden], fb), ya = gclog_sum(&after[eden], fa);
    char young[80], e[80], f[80], o[80];
    gclog_mem(young, sizeof young, &yb, &ya);
    gclog_mem(e, sizeof e, &before[eden], &after[eden]);
    gclog_mem(f, sizeof f, fb, fa);
    gclog_mem(o, sizeof o, &before[old], &after[old]);
    vm_log("gc,heap", "GC(%llu) %s: %s Eden: %s From: %s", (unsigned long long)id, c->young_gen_name, young, e, f);
    vm_log("gc,heap", "GC(%llu) %s: %s", (unsigned long long)id, c->old_gen_name, o);
}

void gclog_heap(const Collector *c, uint64_t id, const HeapUsage *before, const HeapUsage *after) {
    if (c->young_gen_name && gclog_pool_at(c, HS_EDEN) >= 0 && gclog_pool_at(c, HS_OLD) >= 0) {
        gclog_serial(c, id, before, after);
        return;
    }
    for (int i = 0; i < c->npools; i++) {
        char m[80];
        gclog_mem(m, sizeof m, &before[i], &after[i]);
        vm_log("gc,heap", "GC(%llu) %s: %s", (unsigned long long)id, c->pool_names[i], m);
    }
}

double gclog_cpu_seconds(bool system) {
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
    struct timeval tv = system ? ru.ru_stime : ru.ru_utime;
    return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

void gclog_cpu(uint64_t id, double user0, double sys0, double real) {
    vm_log("gc,cpu", "GC(%llu) User=%.2fs Sys=%.2fs Real=%.2fs", (unsigned long long)id,
           gclog_cpu_seconds(false) - user0, gclog_cpu_seconds(true) - sys0, real);
}

static long long gclog_mb(size_t bytes) { return (long long)(bytes >> 20); }

void gclog_init(const HeapOptions *o) {
    long cpus = sysconf(_SC_NPROCESSORS_CONF), online = sysconf(_SC_NPROCESSORS_ONLN);
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    vm_log("gc,init", "Version: %s (release)", VM_VERSION);
    vm_log("gc,init", "CPUs: %ld total, %ld available", cpus, online);
    vm_log("gc,init", "Memory: %lldM", gclog_mb((size_t)pages * (size_t)page));
    vm_log("gc,init", "Large Page Support: Disabled");
    vm_log("gc,init", "NUMA Support: Disabled");
    vm_log("gc,init", "Compressed Oops: Disabled");
    vm_log("gc,init", "Heap Min Capacity: %lldM", gclog_mb(o->initial));
    vm_log("gc,init", "Heap Initial Capacity: %lldM", gclog_mb(o->initial));
    vm_log("gc,init", "Heap Max Capacity: %lldM", gclog_mb(o->max));
    vm_log("gc,init", "Pre-touch: Disabled");
}
