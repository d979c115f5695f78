/* profiler/agent/agent.h — the state the agent's files share.
 *
 * The agent (libloupeprof.so) lives inside the profiled VM.  Its producers are the timer
 * signal handler (sampler.c: CPU and wall-clock samples through AsyncGetCallTrace) and
 * the JVMTI event callbacks (events.c: allocations, GC, monitor contention, threads).
 * They only fill fixed-size slots of lock-free buffers (ring.c) and never lock, allocate
 * or call into the VM from a signal.  One writer thread (writer.c) drains the buffers,
 * turns method ids into names, interns stacks and strings, and streams the binary
 * protocol of profiler/protocol.h to a file or to the front-end's socket (transport.c).
 * agent.c reads the options and starts and stops all of it, at VM start or on attach.
 */
#ifndef LOUPE_PROFILER_AGENT_H
#define LOUPE_PROFILER_AGENT_H

#include <jvmti.h>
#include <stdatomic.h>
#include <stdint.h>

#define LPA_EV_CPU 1u
#define LPA_EV_WALL 2u
#define LPA_EV_ALLOC 4u
#define LPA_EV_LOCK 8u
#define LPA_EV_GC 16u
#define LPA_EV_THREAD 32u
#define LPA_EV_LIVE 64u

/* The options (agent.c parses them; docs/PROFILER-PROTOCOL.md lists them). */
typedef struct {
    char file[512];           /* file=PATH: stream to a file */
    char socket[512];         /* socket=PATH: stream to the front-end's Unix socket */
    char token[128];          /* token=HEX: sent first on the socket */
    char tcp[64];             /* tcp=127.0.0.1:PORT: stream to the front-end over loopback TCP */
    char tokenfile[512];      /* tokenfile=PATH: the token, read from a file */
    unsigned events;          /* events=cpu+wall+alloc+lock+live (GC and threads always) */
    long interval_us;         /* interval=10ms: CPU sampling period */
    long wall_us;             /* wall=50ms: wall-clock sampling period */
    long alloc_bytes;         /* alloc=512k: mean bytes between allocation samples */
    int alloc_exact;          /* alloc=exact: every object (Loupe's ObjectAlloc event) */
    int alloc_given;          /* alloc= was given: the interval is kept as given (events.c) */
} lpa_options;

/* Everything the running agent holds. */
typedef struct {
    JavaVM *vm;
    jvmtiEnv *jvmti;
    lpa_options opt;
    int attached;                 /* loaded through the attach mechanism */
    atomic_int active;            /* producers record only while set */
    atomic_int stopping;          /* the writer finishes when set */
    atomic_ullong dropped;        /* events lost to full buffers */
    atomic_ullong samples;        /* samples taken */
    atomic_ullong handler_ns;     /* CPU time spent in the producers (signal handler, callbacks) */
    uint64_t start_ns;            /* CLOCK_MONOTONIC at start */
    uint64_t generation;          /* counts recordings (caches keyed to one recording) */
    int out_fd;                   /* where the stream goes */
    int out_is_socket;
} lpa_state;

extern lpa_state lpa;

uint64_t lpa_now_ns(void);
uint64_t lpa_cpu_ns(void);
uint32_t lpa_gettid(void);
void lpa_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* agent.c */
int lpa_parse_options(const char *s, lpa_options *o);
void lpa_stop(void);
void lpa_deactivate(void);

/* sampler.c */
int lpa_sampler_init(void);
void lpa_sampler_thread(JNIEnv *env);
int lpa_sampler_start(void);
void lpa_sampler_stop(void);
void lpa_sampler_wall_tick(void);

/* events.c */
int lpa_events_capabilities(jvmtiEventCallbacks *cb);
int lpa_events_enable(int on);
void lpa_events_prepare_loaded_classes(void);
int lpa_events_exact_alloc(void);

/* writer.c */
int lpa_writer_start(void);
void lpa_writer_join(void);

/* transport.c */
int lpa_transport_open(void);
int lpa_transport_write(const void *p, size_t n);
int lpa_transport_poll_command(void);
void lpa_transport_close(void);

/* A lock for the per-allocation paths (sites.c, heap.c): held for a few hundred
 * instructions, never across a wait for another thread, and taken millions of times a
 * second, where a mutex's lock and unlock cost two atomic operations and two calls.  A
 * waiter spins on reads for a while (the holder is running, and soon done), then yields
 * the CPU between tries.  A zeroed lpa_spin is free. */
typedef struct {
    atomic_int held;
} lpa_spin;

void lpa_spin_wait(lpa_spin *l);

static inline void lpa_spin_lock(lpa_spin *l)
{
    if (atomic_exchange_explicit(&l->held, 1, memory_order_acquire))
        lpa_spin_wait(l);
}

static inline void lpa_spin_unlock(lpa_spin *l) { atomic_store_explicit(&l->held, 0, memory_order_release); }

#endif
