/* profiler/agent/sampler.c — CPU and wall-clock samples, from a timer signal.
 *
 * CPU: setitimer(ITIMER_PROF) makes the kernel send SIGPROF each time the process has
 * used `interval` of CPU; the signal goes to the thread that was running, so samples fall
 * where CPU is spent, not at safepoints.  Wall clock: the writer thread sends SIGVTALRM
 * to every thread of the process (tgkill over /proc/self/task) every `wall` period, so
 * sleeping and blocked threads are sampled too.  The handler walks the interrupted
 * thread's Java stack with AsyncGetCallTrace, the signal-safe walker HotSpot exports
 * (and Loupe exports with the same ABI), straight into a ring slot.  Threads that are not
 * Java threads (GetEnv fails: GC and compiler workers) are skipped.  The handler stays
 * installed after a stop (a signal may still be pending) and then does nothing.
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

/* lps_record: one sample of the current thread into a slot. */
static void lps_record(int kind, void *uc)
{
    JNIEnv *env = NULL;
    if ((*lpa.vm)->GetEnv(lpa.vm, (void **)&env, JNI_VERSION_1_6) != JNI_OK)
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

/* lpa_sampler_wall_tick: signals every other thread of the process once (the writer calls it). */
void lpa_sampler_wall_tick(void)
{
    if (!lps_installed || !atomic_load(&lpa.active))
        return;
    DIR *d = opendir("/proc/self/task");
    if (!d)
        return;
    pid_t pid = getpid();
    uint32_t self = lpa_gettid();
    struct dirent *e;
    while ((e = readdir(d))) {
        long tid = strtol(e->d_name, NULL, 10);
        if (tid > 0 && (uint32_t)tid != self)
            syscall(SYS_tgkill, pid, (pid_t)tid, LPS_WALL_SIGNAL);
    }
    closedir(d);
}
