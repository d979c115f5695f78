/*
 * heapinfo.c — the heap described as HotSpot's Serial collector describes its own
 * (jcmd GC.heap_info, -Xlog:gc+heap=debug around each collection).
 *
 * Serial prints a young generation ("def new generation": eden, from and to spaces) and
 * an old one ("tenured generation": one space), then the metaspace.  Each Loupe collector
 * says where its pools sit in that model (gc.h pool_space, the same map jstat's counters
 * use): the semispace copier's two spaces are "from" and "to", the generational
 * collector's nursery is eden and its old generation the tenured one, and the single
 * space of mark-sweep, mark-compact and reference counting is the tenured generation.
 * A generation the collector does not have (no capacity) is left out.  The young
 * generation's total is eden plus one survivor space, as HotSpot counts it (the other is
 * the copy reserve).  Loupe's spaces are not contiguous ranges in one reservation, so the
 * address ranges HotSpot appends are left out; the metaspace is the classes' metadata
 * (loaded less unloaded bytes), and there is no class space (compressed class pointers).
 */
#include "heap/gc.h"
#include "heap/classunload.h"
#include "classfile/loader.h"
#include <stdio.h>

#define METASPACE_GRAIN (64 * 1024)

static int percent(int64_t used, int64_t capacity) {
    return capacity > 0 ? (int)(used * 100 / capacity) : 0;
}

static void spaces_now(HeapUsage *s) {
    memset(s, 0, sizeof(HeapUsage) * HS_COUNT);
    for (int i = 0; i < heap_pool_count(); i++) {
        HeapUsage p = heap_pool_usage(i);
        HeapUsage *u = &s[heap_pool_space(i)];
        u->used += p.used;
        u->committed += p.committed;
    }
}

static void print_space(FILE *out, const char *name, const HeapUsage *u) {
    fprintf(out, "%s %lldK, %3d%% used\n", name, (long long)(u->committed >> 10), percent(u->used, u->committed));
}

void heap_print_info(FILE *out, const char *prefix) {
    HeapUsage s[HS_COUNT];
    spaces_now(s);
    int64_t young_total = s[HS_EDEN].committed + s[HS_SURVIVOR0].committed;
    int64_t young_used = s[HS_EDEN].used + s[HS_SURVIVOR0].used + s[HS_SURVIVOR1].used;
    if (young_total + s[HS_SURVIVOR1].committed > 0) {
        fprintf(out, "%s def new generation   total %lldK, used %lldK\n", prefix, (long long)(young_total >> 10),
                (long long)(young_used >> 10));
        fputs(prefix, out);
        print_space(out, "  eden space", &s[HS_EDEN]);
        fputs(prefix, out);
        print_space(out, "  from space", &s[HS_SURVIVOR0]);
        fputs(prefix, out);
        print_space(out, "  to   space", &s[HS_SURVIVOR1]);
    }
    if (s[HS_OLD].committed > 0) {
        fprintf(out, "%s tenured generation   total %lldK, used %lldK\n", prefix, (long long)(s[HS_OLD].committed >> 10),
                (long long)(s[HS_OLD].used >> 10));
        fputs(prefix, out);
        print_space(out, "   the space", &s[HS_OLD]);
    }
    int64_t meta = (int64_t)ld_loaded_bytes() - (int64_t)cu_unloaded_bytes();
    int64_t committed = (meta + METASPACE_GRAIN - 1) / METASPACE_GRAIN * METASPACE_GRAIN;
    fprintf(out, "%s Metaspace       used %lldK, committed %lldK, reserved %lldK\n", prefix, (long long)(meta >> 10),
            (long long)(committed >> 10), (long long)(committed >> 10));
}
