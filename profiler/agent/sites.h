/* profiler/agent/sites.h — exact allocations counted per site per thread (see sites.c). */
#ifndef LOUPE_PROFILER_SITES_H
#define LOUPE_PROFILER_SITES_H

#include <jvmti.h>
#include <stdint.h>

#include "ring.h"

void lps_init(void);
int lps_vm_counting(int on);
int lps_vm_counts(void);
int lps_add(uint32_t tid, uint64_t cls, uint64_t size);
void lps_thread_end(void);
int lps_drain(void (*fn)(lpr_slot *s, void *ctx), void *ctx);
void lps_reset(void);

#endif
