/* profiler/agent/agent.c — libloupeprof.so's entry points, options and lifecycle.
 *
 * Loaded at start (-agentpath:libloupeprof.so=OPTIONS: Agent_OnLoad, recording from
 * VMInit) or into a running VM through the attach mechanism (jcmd PID JVMTI.agent_load,
 * or `loupe-prof record`: Agent_OnAttach, recording at once).  Options are
 * comma-separated NAME=VALUE pairs, checked against one table; a bad one is reported by
 * name with the list of valid ones, and the agent declines to load (the VM's usual
 * answer to a failed agent) instead of guessing.  A recording ends at VM death, on the
 * front-end's "stop", or when the stream breaks; then the timer and every event are
 * switched off, so a VM the profiler detached from runs at full speed again.
 */
#include <stdarg.h>
#include <stddef.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "agent.h"

lpa_state lpa = {.out_fd = -1};

uint64_t lpa_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* lpa_cpu_ns: the calling thread's CPU time (async-signal-safe). */
uint64_t lpa_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint32_t lpa_gettid(void) { return (uint32_t)syscall(SYS_gettid); }

/* lpa_spin_wait: takes a lock found held (agent.h): spins, then yields, then sleeps
 * (a collection holds the lifetime table's lock through a whole arena's deaths). */
void lpa_spin_wait(lpa_spin *l)
{
    for (unsigned n = 0;; n++) {
        if (!atomic_load_explicit(&l->held, memory_order_relaxed) &&
            !atomic_exchange_explicit(&l->held, 1, memory_order_acquire))
            return;
        if (n >= 300) {
            struct timespec ts = {0, 50000};
            nanosleep(&ts, NULL);
        } else if (n >= 200) {
            sched_yield();
        }
    }
}

void lpa_log(const char *fmt, ...)
{
    char buf[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fprintf(stderr, "loupeprof: %s\n", buf);
}

/* --- options ------------------------------------------------------------------------ */

typedef enum { LPO_PATH, LPO_TOKEN, LPO_EVENTS, LPO_TIME, LPO_BYTES } lpo_kind;

typedef struct {
    const char *name;
    lpo_kind kind;
    size_t offset;
    long min, max;    /* for times (microseconds) and byte counts */
} lpo_option;

static const lpo_option lpo_table[] = {
    {"file", LPO_PATH, offsetof(lpa_options, file), 0, 0},
    {"socket", LPO_PATH, offsetof(lpa_options, socket), 0, 0},
    {"token", LPO_TOKEN, offsetof(lpa_options, token), 0, 0},
    {"tcp", LPO_TOKEN, offsetof(lpa_options, tcp), 0, 0},
    {"tokenfile", LPO_PATH, offsetof(lpa_options, tokenfile), 0, 0},
    {"events", LPO_EVENTS, offsetof(lpa_options, events), 0, 0},
    {"interval", LPO_TIME, offsetof(lpa_options, interval_us), 100, 10000000},
    {"wall", LPO_TIME, offsetof(lpa_options, wall_us), 1000, 10000000},
    {"alloc", LPO_BYTES, offsetof(lpa_options, alloc_bytes), 1, 1L << 30},
};

static const struct {
    const char *name;
    unsigned bit;
} lpo_events[] = {{"cpu", LPA_EV_CPU}, {"wall", LPA_EV_WALL}, {"alloc", LPA_EV_ALLOC}, {"lock", LPA_EV_LOCK},
                 {"live", LPA_EV_LIVE}};

/* lpo_number: a number with an optional unit from units (suffix, multiplier) pairs. */
static int lpo_number(const char *v, const char *const *units, const long *mult, long *out)
{
    char *end;
    long n = strtol(v, &end, 10);
    if (end == v || n < 0)
        return 0;
    for (int i = 0; units[i]; i++)
        if (!strcmp(end, units[i])) {
            *out = n * mult[i];
            return 1;
        }
    return 0;
}

static int lpo_events_parse(const char *v, unsigned *out)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", v);
    *out = LPA_EV_GC | LPA_EV_THREAD;
    for (char *save, *t = strtok_r(buf, "+:", &save); t; t = strtok_r(NULL, "+:", &save)) {
        size_t i = 0;
        while (i < sizeof lpo_events / sizeof lpo_events[0] && strcmp(t, lpo_events[i].name))
            i++;
        if (i == sizeof lpo_events / sizeof lpo_events[0]) {
            lpa_log("unknown event '%s' (known: cpu, wall, alloc, lock; joined with '+')", t);
            return 0;
        }
        *out |= lpo_events[i].bit;
    }
    return 1;
}

/* lpo_set: one NAME=VALUE into o; 0 (after saying why) when it is not valid. */
static int lpo_set(const lpo_option *d, const char *v, lpa_options *o)
{
    static const char *const times[] = {"", "us", "ms", "s", NULL};
    static const long tmult[] = {1000, 1, 1000, 1000000};
    static const char *const sizes[] = {"", "k", "m", "K", "M", NULL};
    static const long smult[] = {1, 1024, 1 << 20, 1024, 1 << 20};
    char *field = (char *)o + d->offset;
    long n = 0;
    switch (d->kind) {
    case LPO_PATH:
    case LPO_TOKEN:
        if (!*v || strlen(v) >= (d->kind == LPO_PATH ? sizeof o->file : sizeof o->tcp))
            break;
        strcpy(field, v);
        return 1;
    case LPO_EVENTS:
        return lpo_events_parse(v, (unsigned *)field);
    case LPO_TIME:
    case LPO_BYTES:
        if (d->kind == LPO_BYTES)
            o->alloc_given = 1;
        if (!strcmp(v, "exact")) {   /* alloc=exact */
            o->alloc_exact = 1;
            return 1;
        }
        if (!lpo_number(v, d->kind == LPO_TIME ? times : sizes, d->kind == LPO_TIME ? tmult : smult, &n) ||
            n < d->min || n > d->max)
            break;
        *(long *)field = n;
        return 1;
    }
    lpa_log("bad value '%s' for option '%s'%s", v, d->name,
            d->kind == LPO_TIME ? " (a time such as 10ms, 500us, 1s: 100us to 10s)"
            : d->kind == LPO_BYTES ? " (a size such as 512k, 1m, 4096, or exact)" : "");
    return 0;
}

/* lpa_parse_options: "name=value,..." into o (defaults first); 0 on a bad option. */
int lpa_parse_options(const char *s, lpa_options *o)
{
    memset(o, 0, sizeof *o);
    o->events = LPA_EV_CPU | LPA_EV_ALLOC | LPA_EV_LOCK | LPA_EV_GC | LPA_EV_THREAD;
    o->interval_us = 10000;
    o->wall_us = 50000;
    o->alloc_bytes = 512 * 1024;
    char buf[2048];
    if (snprintf(buf, sizeof buf, "%s", s ? s : "") >= (int)sizeof buf) {
        lpa_log("options too long");
        return 0;
    }
    for (char *save, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(t, '=');
        size_t i = 0, n = sizeof lpo_table / sizeof lpo_table[0];
        if (eq)
            *eq = 0;
        while (i < n && strcmp(t, lpo_table[i].name))
            i++;
        if (i == n || !eq) {
            lpa_log("unknown option '%s' (options: file=PATH, socket=PATH, tcp=127.0.0.1:PORT, token=T, tokenfile=PATH, "
                    "events=cpu+wall+alloc+lock+live, interval=10ms, wall=50ms, alloc=512k|exact)", t);
            return 0;
        }
        if (!lpo_set(&lpo_table[i], eq + 1, o))
            return 0;
    }
    if (!o->file[0] && !o->socket[0] && !o->tcp[0]) {
        lpa_log("say where the profile goes: file=PATH (or socket=PATH or tcp=127.0.0.1:PORT from loupe-prof)");
        return 0;
    }
    return 1;
}

/* --- lifecycle ---------------------------------------------------------------------- */

/* lpa_begin: opens the destination and starts the writer, the events and the timer. */
static int lpa_begin(void)
{
    lpa.start_ns = lpa_now_ns();
    lpa.generation++;
    atomic_store(&lpa.stopping, 0);
    atomic_store(&lpa.dropped, 0);
    atomic_store(&lpa.samples, 0);
    atomic_store(&lpa.handler_ns, 0);
    if (lpa_transport_open())
        return -1;
    if ((lpa.opt.events & (LPA_EV_CPU | LPA_EV_WALL)) && lpa_sampler_init())
        lpa.opt.events &= ~(LPA_EV_CPU | LPA_EV_WALL);
    if (lpa_writer_start()) {
        lpa_transport_close();
        return -1;
    }
    lpa_events_enable(1);
    atomic_store_explicit(&lpa.active, 1, memory_order_release);
    lpa_sampler_start();
    return 0;
}

/* lpa_deactivate: stops every producer and tells the writer to finish (any thread). */
void lpa_deactivate(void)
{
    if (atomic_exchange(&lpa.active, 0)) {
        lpa_sampler_stop();
        lpa_events_enable(0);
    }
    atomic_store(&lpa.stopping, 1);
}

/* lpa_stop: deactivates and waits for the writer to end the stream. */
void lpa_stop(void)
{
    lpa_deactivate();
    lpa_writer_join();
}

static void JNICALL lpa_vm_init(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread)
{
    lpa_sampler_thread(jni);
    if (lpa_begin())
        lpa_log("profiling is off for this run");
}

static void JNICALL lpa_vm_death(jvmtiEnv *jvmti, JNIEnv *jni) { lpa_stop(); }

/* lpa_setup: options, the JVMTI environment, capabilities and callbacks. */
static jint lpa_setup(JavaVM *vm, const char *options)
{
    lpa_writer_join();   /* an earlier recording's writer, if any, has finished */
    lpa.vm = vm;
    if (!lpa_parse_options(options, &lpa.opt))
        return JNI_ERR;
    /* a later attach reuses the environment: a new one could not take the capabilities
     * the earlier one still holds (sampled allocations: one environment at a time) */
    if (!lpa.jvmti && (*vm)->GetEnv(vm, (void **)&lpa.jvmti, JVMTI_VERSION_1_2) != JNI_OK) {
        lpa_log("this VM offers no JVMTI environment");
        return JNI_ERR;
    }
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMInit = lpa_vm_init;
    cb.VMDeath = lpa_vm_death;
    if (lpa_events_capabilities(&cb))
        return JNI_ERR;
    (*lpa.jvmti)->SetEventNotificationMode(lpa.jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    return JNI_OK;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (lpa_setup(vm, options) != JNI_OK)
        return JNI_ERR;
    lpa.attached = 0;
    (*lpa.jvmti)->SetEventNotificationMode(lpa.jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    return JNI_OK;
}

JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM *vm, char *options, void *reserved)
{
    if (atomic_load(&lpa.active)) {
        lpa_log("already recording in this VM");
        return JNI_ERR;
    }
    if (lpa_setup(vm, options) != JNI_OK)
        return JNI_ERR;
    lpa.attached = 1;
    if (lpa.opt.events & (LPA_EV_CPU | LPA_EV_WALL))
        lpa_events_prepare_loaded_classes();
    return lpa_begin() ? JNI_ERR : JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm)
{
    if (atomic_load(&lpa.active))
        lpa_stop();
}
