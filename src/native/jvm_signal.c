/*
 * jvm_signal.c — Java signal handlers (jdk.internal.misc.Signal): Ctrl-C and SIGTERM run
 * the shutdown hooks through java.lang.Terminator.
 *
 * A signal with a Java handler gets a C handler that only counts it and posts a
 * semaphore (all async-signal-safe).  The "Signal Dispatcher" daemon thread, a Java
 * thread in the system group as on HotSpot, waits on the semaphore in a safe state and
 * calls Signal.dispatch(int) for each pending signal; Java then runs the handler on a
 * thread of its own.
 *
 * SIGPIPE and SIGXFSZ are the VM's to ignore, as on HotSpot (-Xrs or not): a write to a
 * pipe or socket whose reader is gone fails with EPIPE (an IOException) instead of ending
 * the process.  They get a handler that does nothing rather than SIG_IGN, which programs
 * started by exec would inherit; a handler the embedding program installed stays.
 */
#include "native/jni_internal.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "interp/interp.h"
#include "runtime/jthread.h"
#include "runtime/attach.h"
#include "runtime/threaddump.h"
#include "jvmti/jvmti_export.h"
#include "runtime/vm.h"
#include "runtime/crash.h"
#include <semaphore.h>
#include <signal.h>
#include <stdlib.h>

#define NSIG_MAX 65

static const struct { const char *name; int num; } SIGNALS[] = {
    { "HUP", SIGHUP }, { "INT", SIGINT }, { "QUIT", SIGQUIT }, { "ILL", SIGILL }, { "TRAP", SIGTRAP },
    { "ABRT", SIGABRT }, { "BUS", SIGBUS }, { "FPE", SIGFPE }, { "KILL", SIGKILL }, { "USR1", SIGUSR1 },
    { "SEGV", SIGSEGV }, { "USR2", SIGUSR2 }, { "PIPE", SIGPIPE }, { "ALRM", SIGALRM }, { "TERM", SIGTERM },
    { "CHLD", SIGCHLD }, { "CONT", SIGCONT }, { "STOP", SIGSTOP }, { "TSTP", SIGTSTP }, { "TTIN", SIGTTIN },
    { "TTOU", SIGTTOU }, { "URG", SIGURG }, { "XCPU", SIGXCPU }, { "XFSZ", SIGXFSZ }, { "VTALRM", SIGVTALRM },
    { "PROF", SIGPROF }, { "WINCH", SIGWINCH }, { "POLL", SIGPOLL }, { "PWR", SIGPWR }, { "SYS", SIGSYS },
};

static sem_t sig_sem;
static volatile sig_atomic_t pending[NSIG_MAX];
static bool dispatcher_started;

JNIEXPORT jint JNICALL JVM_FindSignal(const char *name) {
    for (size_t i = 0; i < ARRAY_LEN(SIGNALS); i++)
        if (strcmp(SIGNALS[i].name, name) == 0) return SIGNALS[i].num;
    return -1;
}

static void java_signal_handler(int sig) {
    if (sig > 0 && sig < NSIG_MAX) {
        pending[sig]++;
        sem_post(&sig_sem);
    }
}

/* handler: 0 = default action, 1 = ignore, 2 = the Java handler.  Returns the previous
 * one in the same encoding, or -1 when Java may not handle this signal. */
static bool signal_ignored(int sig) {
    struct sigaction cur;
    return sigaction(sig, NULL, &cur) == 0 && cur.sa_handler == SIG_IGN;
}

JNIEXPORT void *JNICALL JVM_RegisterSignal(jint sig, void *handler) {
    if (sig <= 0 || sig >= NSIG_MAX || !dispatcher_started) return (void *)-1;
    switch (sig) {
    case SIGSEGV: case SIGBUS: case SIGFPE: case SIGILL: case SIGKILL: case SIGSTOP: case SIGQUIT:
        return (void *)-1;
    case SIGHUP: case SIGINT: case SIGTERM:
        /* shutdown signals stay ignored if they are (nohup, background jobs), as on HotSpot */
        if (signal_ignored(sig)) return (void *)1;
        break;
    default:
        break;
    }
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    intptr_t h = (intptr_t)handler;
    sa.sa_handler = h == 2 ? java_signal_handler : h == 1 ? SIG_IGN : SIG_DFL;
    if (sigaction(sig, &sa, &old) != 0) return (void *)-1;
    if (old.sa_handler == java_signal_handler) return (void *)2;
    return (void *)(intptr_t)(old.sa_handler == SIG_IGN ? 1 : 0);
}

JNIEXPORT jboolean JNICALL JVM_RaiseSignal(jint sig) { return raise(sig) == 0; }

/* Signal chaining: an application (or libjsig) that owns a signal's handler passes the
 * signals it does not know on to the VM.  As on HotSpot, SIGPIPE and SIGXFSZ are the VM's
 * to ignore (handled: 1); Loupe takes no faults of its own (no implicit null checks or
 * stack banging), so any other signal is not the VM's: 0, or, when the caller asks for it,
 * the crash report (runtime/crash.c). */
JNIEXPORT jint JNICALL JVM_handle_linux_signal(int sig, siginfo_t *info, void *uc, int abort_if_unrecognized) {
    if (sig == SIGPIPE || sig == SIGXFSZ) return 1;
    if (abort_if_unrecognized) vm_crash_signal(sig, info, uc);
    return 0;
}

/* ---- the dispatcher thread ---- */

static void dispatch(Thread *t, int sig) {
    Class *c = ld_load_boot_or_null(t, sym_intern_cstr("jdk/internal/misc/Signal"));
    if (!c || !class_init(t, c)) {
        exc_take(t);
        return;
    }
    Method *m = class_find_declared_method(c, sym_intern_cstr("dispatch"), sym_intern_cstr("(I)V"));
    Slot args[1] = { { .i = sig } };
    if (m && !interp_call(t, m, args, NULL)) exc_take(t);
}

/* A VM may start with signals blocked: a Java program's ProcessBuilder passes on its
 * thread's mask, and HotSpot's threads block SIGQUIT (jtreg starts every test so).  As on
 * HotSpot, the VM unblocks the signals it answers in the thread that handles them: SIGQUIT
 * (thread dumps, the attach trigger) and the shutdown signals not ignored, so that a
 * process-directed signal reaches this thread whatever the others block. */
static void unblock_answered_signals(void) {
    if (vm_opts.reduce_signals) return;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGQUIT);
    const int shutdown[] = { SIGHUP, SIGINT, SIGTERM };
    for (size_t i = 0; i < ARRAY_LEN(shutdown); i++)
        if (!signal_ignored(shutdown[i])) sigaddset(&set, shutdown[i]);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

static void dispatcher_main(Thread *t) {
    unblock_answered_signals();
    for (;;) {
        int old = thread_block_begin(t);
        while (sem_wait(&sig_sem) != 0) {}
        thread_block_end(t, old);
        for (int s = 1; s < NSIG_MAX; s++)
            while (pending[s] > 0) {
                pending[s]--;
                if (s == SIGQUIT && !vm_opts.reduce_signals) {
                    if (!attach_is_init_trigger()) {
                        vm_thread_dump(t, stdout);
                        if (JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_DATA_DUMP_REQUEST)) jvmti_post_DataDumpRequest(t);
                    }
                }
                else dispatch(t, s);
            }
    }
}

static void ignored_signal(int sig) { (void)sig; }

static void ignore_signal(int sig) {
    struct sigaction sa, cur;
    if (sigaction(sig, NULL, &cur) != 0 || (cur.sa_handler != SIG_DFL && cur.sa_handler != SIG_IGN)) return;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = ignored_signal;
    sa.sa_flags = SA_RESTART;
    sigaction(sig, &sa, NULL);
}

bool vm_start_signal_dispatcher(void) {
    ignore_signal(SIGPIPE);
    ignore_signal(SIGXFSZ);
    sem_init(&sig_sem, 0, 0);
    /* SIGQUIT's handler comes first: the dispatcher unblocks it as it starts */
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = java_signal_handler;
    bool quit = !vm_opts.reduce_signals && sigaction(SIGQUIT, &sa, &old) == 0;
    dispatcher_started = jthread_start_system_daemon("Signal Dispatcher", dispatcher_main);
    if (!dispatcher_started && quit) sigaction(SIGQUIT, &old, NULL);
    return dispatcher_started;
}
