/* profiler/agent/ring.h — fixed-size event slots in lock-free buffers (see ring.c). */
#ifndef LOUPE_PROFILER_RING_H
#define LOUPE_PROFILER_RING_H

#include <jvmti.h>
#include <stdatomic.h>
#include <stdint.h>

#define LPR_MAX_FRAMES 128

/* One frame as AsyncGetCallTrace writes it: the signal handler passes slot frames to it. */
typedef struct {
    jint bci;           /* bytecode index; negative for native and unknown frames */
    jmethodID method;
} lpr_frame;

enum lpr_type { LPR_SAMPLE = 1, LPR_ALLOC, LPR_GC, LPR_LOCK, LPR_THREAD, LPR_THREAD_END };

typedef struct {
    atomic_uint state;   /* 0 free, 1 being written, 2 ready for the writer */
    uint8_t type;        /* lpr_type */
    uint8_t kind;        /* sample kind */
    uint32_t tid;
    int32_t nframes;
    uint64_t time_ns;
    uint64_t a, b, c, d, e; /* per type: see events.c, sampler.c and sites.c */
    lpr_frame frames[LPR_MAX_FRAMES];
} lpr_slot;

lpr_slot *lpr_reserve(uint32_t tid);
lpr_slot *lpr_reserve_wait(uint32_t tid);
void lpr_publish(lpr_slot *s);
int lpr_drain(void (*fn)(lpr_slot *s, void *ctx), void *ctx);

#endif
