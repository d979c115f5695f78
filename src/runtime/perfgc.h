/*
 * perfgc.h — the collector's and the class loader's perf counters (runtime/perfgc.c).
 */
#ifndef LOUPE_PERFGC_H
#define LOUPE_PERFGC_H

#include "loupe.h"

/* Adds the sun.gc.*, java.cls.* and sun.cls.* counters and starts keeping them; after the
 * heap and the perf-data region are made. */
void perf_gc_init(void);
/* A class was defined, its metadata `bytes` large. */
void perf_class_loaded(size_t bytes);

#endif
