/* profiler/agent/sampler.c — CPU and wall-clock samples, from a timer signal.
 *
 * CPU: setitimer(ITIMER_PROF) makes the kernel send SIGPROF each time the process has
 * used `interval` of CPU; the signal goes to the thread that was running, so samples fall
 * where CPU is spent, not at safepoints.  Wall clock: the writer thread sends SIGVTALRM
 * to every thread of the process (tgkill over /proc/self/task) every `wall` period, so
 * sleeping and blocked threads are sampled too.  The handler walks the interrupted
 * thread's Java stack with AsyncGetCallTrace, the signal-safe walker HotSpot exports
 * (and Loupe exports with the same ABI), straight into a ring slot.  Threads that are not
 * Java threads (no JNIEnv: GC and compiler workers) are skipped.  The handler stays
 * installed after a stop (a signal may still be pending) and then does nothing.
 *
 * The handler never calls GetEnv on a thread that started after sampling did: GetEnv is
 * not async-signal-safe on HotSpot (it reaches the VM's thread-local through
 * __tls_get_addr, which allocates on a thread's first use), and a sample that landed in
 * a new thread's own malloc deadlocked it (a profiled javac hung so).  A thread's JNIEnv
 * is kept in the agent's own thread-local (initial-exec: a plain load) once the thread
 * reports itself (ThreadStart, VMInit: lpa_sampler_thread); the threads that were
 * running when sampling began (listed then from /proc/self/task, their thread-locals in
 * place long since) are asked with GetEnv; any other thread waits for its ThreadStart.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include "agent.h"
#include "ring.h"

#define LPS_WALL_SIGNAL SIGVTALRM

typedef struct {
    JNIEnv *env;
    jint num_frames;
    lpr_frame *frames;
} lps_trace;

typedef void (*lps_asgct_fn)(lps_trace *trace, jint depth, void *ucontext);

static lps_asgct_fn lps_asgct;
static int lps_installed;

static __thread JNIEnv *lps_env;        /* the thread's, once known */
static uint32_t *lps_old;               /* the threads running when sampling began, sorted */
static size_t lps_nold;

/* lpa_sampler_thread: the calling thread's JNIEnv, for its samples. */
void lpa_sampler_thread(JNIEnv *env) { lps_env = env; }

static int lps_cmp_tid(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* lps_each_task: fn(tid, ctx) for every thread of the process now (/proc/self/task). */
static void lps_each_task(void (*fn)(uint32_t tid, void *ctx), void *ctx)
{
    DIR *d = opendir("/proc/self/task");
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        long tid = strtol(e->d_name, NULL, 10);
        if (tid > 0)
            fn((uint32_t)tid, ctx);
    }
    closedir(d);
}

typedef struct {
    uint32_t *v;
    size_t n, cap;
    int failed;
} lps_tids;

static void lps_add_tid(uint32_t tid, void *ctx)
{
    lps_tids *t = ctx;
    if (t->failed)
        return;
    if (t->n == t->cap) {
        uint32_t *w = realloc(t->v, (t->cap = t->cap ? t->cap * 2 : 64) * sizeof *w);
        if (!w) {
            t->failed = 1;
            return;
        }
        t->v = w;
    }
    t->v[t->n++] = tid;
}

/* lps_list_old: the process's threads now, sorted (once: the handler reads the list). */
static void lps_list_old(void)
{
    lps_tids t = {NULL, 0, 0, 0};
    lps_each_task(lps_add_tid, &t);
    if (t.v)
        qsort(t.v, t.n, sizeof *t.v, lps_cmp_tid);
    lps_nold = t.n;
    lps_old = t.v;
}

static int lps_is_old(uint32_t tid)
{
    size_t lo = 0, hi = lps_nold;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (lps_old[mid] == tid)
            return 1;
        if (lps_old[mid] < tid)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* lps_thread_env: the interrupted thread's JNIEnv, NULL when unknown or not a Java thread. */
static JNIEnv *lps_thread_env(void)
{
    JNIEnv *env = lps_env;
    if (env || !lps_is_old(lpa_gettid()))
        return env;
    if ((*lpa.vm)->GetEnv(lpa.vm, (void **)&env, JNI_VERSION_1_6) != JNI_OK)
        return NULL;
    return lps_env = env;
}

/* lps_record: one sample of the current thread into a slot. */
static void lps_record(int kind, void *uc)
{
    JNIEnv *env = lps_thread_env();
    if (!env)
        return;
    lpr_slot *s = lpr_reserve(lpa_gettid());
    if (!s)
        return;
    lps_trace tr = {env, 0, s->frames};
    lps_asgct(&tr, LPR_MAX_FRAMES, uc);
    s->type = LPR_SAMPLE;
    s->kind = (uint8_t)kind;
    s->nframes = tr.num_frames;
    s->time_ns = lpa_now_ns();
    atomic_fetch_add_explicit(&lpa.samples, 1, memory_order_relaxed);
    lpr_publish(s);
}

static void lps_handler(int sig, siginfo_t *si, void *uc)
{
    int saved = errno;
    if (atomic_load_explicit(&lpa.active, memory_order_acquire) && lps_asgct) {
        uint64_t c0 = lpa_cpu_ns();
        lps_record(sig == SIGPROF ? 1 : 2, uc);
        atomic_fetch_add_explicit(&lpa.handler_ns, lpa_cpu_ns() - c0, memory_order_relaxed);
    }
    errno = saved;
}

/* lpa_sampler_init: finds AsyncGetCallTrace in the VM's libjvm.so and installs the handler. */
int lpa_sampler_init(void)
{
    if (!lps_asgct) {
        void *jvm = dlopen("libjvm.so", RTLD_NOW | RTLD_NOLOAD);
        lps_asgct = (lps_asgct_fn)dlsym(jvm ? jvm : RTLD_DEFAULT, "AsyncGetCallTrace");
    }
    if (!lps_asgct) {
        lpa_log("this VM exports no AsyncGetCallTrace: no CPU or wall-clock samples");
        return -1;
    }
    if (lps_installed)
        return 0;
    lps_list_old();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = lps_handler;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGPROF, &sa, NULL) || sigaction(LPS_WALL_SIGNAL, &sa, NULL)) {
        lpa_log("cannot install the sampling signal handler: %s", strerror(errno));
        return -1;
    }
    lps_installed = 1;
    return 0;
}

/* lpa_sampler_start: arms the CPU timer (when CPU samples were asked for). */
int lpa_sampler_start(void)
{
    if (!(lpa.opt.events & LPA_EV_CPU) || !lps_installed)
        return 0;
    struct itimerval it;
    it.it_interval.tv_sec = lpa.opt.interval_us / 1000000;
    it.it_interval.tv_usec = lpa.opt.interval_us % 1000000;
    it.it_value = it.it_interval;
    if (setitimer(ITIMER_PROF, &it, NULL)) {
        lpa_log("setitimer: %s", strerror(errno));
        return -1;
    }
    return 0;
}

void lpa_sampler_stop(void)
{
    struct itimerval it;
    memset(&it, 0, sizeof it);
    if (lpa.opt.events & LPA_EV_CPU)
        setitimer(ITIMER_PROF, &it, NULL);
}

static void lps_wall_signal(uint32_t tid, void *self)
{
    if (tid != *(uint32_t *)self)
        syscall(SYS_tgkill, getpid(), (pid_t)tid, LPS_WALL_SIGNAL);
}

/* lpa_sampler_wall_tick: signals every other thread of the process once (the writer calls it). */
void lpa_sampler_wall_tick(void)
{
    if (!lps_installed || !atomic_load(&lpa.active))
        return;
    uint32_t self = lpa_gettid();
    lps_each_task(lps_wall_signal, &self);
}
