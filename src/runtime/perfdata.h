/*
 * perfdata.h — the performance-data region and file (runtime/perfdata.c).
 */
#ifndef LOUPE_PERFDATA_H
#define LOUPE_PERFDATA_H

#include "loupe.h"

/* Units and variability of an entry, as the jvmstat tools read them. */
enum { PERF_U_NONE = 1, PERF_U_BYTES = 2, PERF_U_TICKS = 3, PERF_U_EVENTS = 4, PERF_U_STRING = 5, PERF_U_HERTZ = 6 };
enum { PERF_V_CONSTANT = 1, PERF_V_MONOTONIC = 2, PERF_V_VARIABLE = 3 };

/* Creates the region (and its file) with the VM's own entries; after options are parsed. */
void perf_init(void);
/* Adds an entry: type 'J' (a long) or 'B' (a byte vector of vector_length bytes), with
 * data_len bytes of initial data.  Returns where its data lives, or NULL when there is no
 * region or no room left in it. */
void *perf_add(const char *name, char type, int units, int variability, const void *data, int32_t data_len,
               int32_t vector_length);
/* The whole region (for Perf.attach to this VM), NULL when there is none. */
void *perf_region(size_t *size);

#endif
