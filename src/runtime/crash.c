/*
 * crash.c — the fatal-error path: signal handlers, the order of the report, its file, and
 * the end of the process, as HotSpot's vmError does it.
 *
 * Order of events.  The failing thread claims the report (one at a time: a thread that
 * fails while another reports waits for the process to end).  It prints the banner on
 * standard output (HotSpot's VM output stream), opens the report file — -XX:ErrorFile
 * with %p expanded, else hs_err_pid<pid>.log in the working directory, else in /tmp,
 * never overwriting a file — and writes the banner again and then the sections into it
 * (or to stdout/stderr with -XX:+ErrorFileToStdout/-XX:+ErrorFileToStderr).  Back on
 * stdout it says where the report is, runs the -XX:OnError commands, and aborts (status
 * 134; a core file as the core limit allows), or exits with status 1 under
 * -XX:-CreateCoredumpOnCrash.  The JNI abort hook runs first, as HotSpot's shutdown does.
 *
 * Surviving a broken VM.  The report reads VM structures that may be what broke.  Each
 * section is one step of a table, run under sigsetjmp: a fault inside a step comes back to
 * the handler, which recognises its own thread and jumps back, and the report notes
 * "[error occurred during error reporting (step), ...]" and goes on with the next step.
 * The handlers run on a per-thread alternate signal stack (crash_thread_begin), so a
 * fault caused by a C stack overflow is reported too, and they are installed with
 * SA_NODEFER so that such a second fault is delivered at all.  Output is write(2) from
 * static buffers (crash_internal.h); backtrace() is primed at start-up so that its lazy
 * loading of the unwinder does not allocate on the crash path.
 *
 * Loupe takes no faults on purpose (no implicit null checks, no stack banging: Java stack
 * overflow is checked explicitly), so every SIGSEGV/SIGBUS/SIGFPE/SIGILL that reaches the
 * handler is fatal.
 */
#include "runtime/crash_internal.h"
#include "runtime/thread.h"
#include "runtime/vm.h"
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

CrashOptions crash_opts = { .create_coredump = true };
CrashEvent crash_event;

/* ---- output ---- */

static int out_fd = 1;
static char out_buf[8192];

static void write_all(int fd, const char *s, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        s += w;
        n -= (size_t)w;
    }
}

void cr_puts(const char *s) { write_all(out_fd, s, strlen(s)); }

void cr_printf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out_buf, sizeof out_buf, fmt, ap);
    va_end(ap);
    if (n > 0) write_all(out_fd, out_buf, (size_t)n < sizeof out_buf ? (size_t)n : sizeof out_buf - 1);
}

/* ---- steps: one section each, a fault inside skips it ---- */

typedef struct CrashStep {
    const char *what;               /* "printing native stack": named in the error line */
    void (*print)(void);
} CrashStep;

static sigjmp_buf step_env;
static volatile sig_atomic_t step_active;
static volatile int nested_sig;
static void *volatile nested_pc;

static void run_step(const CrashStep *s) {
    if (sigsetjmp(step_env, 1) == 0) {
        step_active = 1;
        s->print();
    } else {
        const char *name = cr_signal_name(nested_sig);
        cr_printf("[error occurred during error reporting (%s), id 0x%x, %s (0x%x) at pc=0x%016lx]\n", s->what,
                  (unsigned)nested_sig, name ? name : "signal", (unsigned)nested_sig, (unsigned long)(uintptr_t)nested_pc);
    }
    step_active = 0;
}

static void run_steps(const CrashStep *steps, size_t n) {
    for (size_t i = 0; i < n; i++) run_step(&steps[i]);
}

/* ---- the banner ---- */

static void banner_head(void) {
    cr_puts("#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n");
}

static void banner_error(void) {
    CrashEvent *e = &crash_event;
    if (e->sig) {
        const char *name = cr_signal_name(e->sig);
        cr_printf("#  %s (0x%x) at pc=0x%016lx, pid=%d, tid=%d\n", name ? name : "signal", (unsigned)e->sig,
                  (unsigned long)(uintptr_t)e->pc, (int)getpid(), e->tid);
    } else {
        if (e->file) cr_printf("#  Internal Error (%s:%d), pid=%d, tid=%d\n", e->file, e->line, (int)getpid(), e->tid);
        else cr_printf("#  Internal Error, pid=%d, tid=%d\n", (int)getpid(), e->tid);
        cr_printf("#  fatal error: %s\n", e->message);
    }
    cr_puts("#\n");
}

static void banner_versions(void) {
    cr_print_jre_version();
    cr_print_vm_line();
}

/* Only a fault has one (HotSpot's internal errors name none). */
static void banner_frame(void) {
    if (!crash_event.sig) return;
    cr_puts("# Problematic frame:\n# ");
    cr_print_problematic_frame();
    cr_puts("#\n");
}

static void banner_core(void) {
    cr_print_core_note();
    cr_puts("#\n");
}

static const CrashStep BANNER[] = {
    { "printing banner", banner_head },
    { "printing error", banner_error },
    { "printing versions", banner_versions },
    { "printing problematic frame", banner_frame },
    { "printing core file information", banner_core },
};

/* ---- the report's sections ---- */

static void summary_header(void) { cr_puts("\n---------------  S U M M A R Y ------------\n\n"); }
static void thread_header(void) { cr_puts("\n---------------  T H R E A D  ---------------\n\n"); }
static void process_header(void) { cr_puts("\n---------------  P R O C E S S  ---------------\n\n"); }
static void system_header(void) { cr_puts("\n---------------  S Y S T E M  ---------------\n\n"); }
static void report_end(void) { cr_puts("\nEND.\n"); }

/* An address that faults: in the first page, never mapped, but not null (UBSan would
 * stop at a null store itself).  Volatile, so that the compiler cannot see through it. */
static int *volatile bad_address = (int *)16;

/* -XX:LoupeCrashTest=4: a section that faults, to show that the report goes on. */
static void test_fault(void) {
    if (crash_opts.crash_test == 4) *bad_address = 0;
}

static const CrashStep REPORT[] = {
    { "printing summary", summary_header },
    { "printing command line", cr_print_command_line },
    { "printing host and time", cr_print_host_time },
    { "printing current thread", thread_header },
    { "printing current thread", cr_print_thread_summary },
    { "printing stack bounds", cr_print_stack_bounds },
    { "printing native stack", cr_print_native_frames },
    { "printing Java stack", cr_print_java_frames },
    { "printing siginfo", cr_print_siginfo },
    { "printing registers", cr_print_registers },
    { "printing process", process_header },
    { "printing all threads", cr_print_threads },
    { "printing other threads' Java stacks", cr_print_other_stacks },
    { "printing VM state", cr_print_vm_state },
    { "printing the test's fault", test_fault },
    { "printing heap information", cr_print_heap },
    { "printing dynamic libraries", cr_print_libraries },
    { "printing VM arguments", cr_print_vm_arguments },
    { "printing environment variables", cr_print_environment },
    { "printing system", system_header },
    { "printing OS information", cr_print_os },
    { "printing CPU and memory", cr_print_cpu_memory },
    { "printing vm_info", cr_print_vm_info },
    { "printing end marker", report_end },
};

/* ---- the report file ---- */

static char report_path[4096];

/* Expands %p (pid) and %% in pattern into out; false if it does not fit. */
static bool expand_pattern(const char *pattern, char *out, size_t n) {
    size_t o = 0;
    for (const char *p = pattern; *p; p++) {
        char num[24];
        const char *add = num;
        if (p[0] == '%' && p[1] == 'p') snprintf(num, sizeof num, "%d", (int)getpid()), p++;
        else if (p[0] == '%' && p[1] == '%') add = "%", p++;
        else num[0] = *p, num[1] = '\0';
        size_t k = strlen(add);
        if (o + k + 1 > n) return false;
        memcpy(out + o, add, k);
        o += k;
    }
    out[o] = '\0';
    return true;
}

static int open_new(const char *path) { return open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666); }

static int open_in(const char *dir) {
    if (!dir) return -1;
    int n = snprintf(report_path, sizeof report_path, "%s/hs_err_pid%d.log", dir, (int)getpid());
    return n > 0 && (size_t)n < sizeof report_path ? open_new(report_path) : -1;
}

/* The report's file: -XX:ErrorFile, else the working directory, else /tmp. */
static int open_report(void) {
    int fd = -1;
    if (crash_opts.error_file && *crash_opts.error_file && expand_pattern(crash_opts.error_file, report_path, sizeof report_path))
        fd = open_new(report_path);
    static char cwd[4096];
    if (fd < 0) fd = open_in(getcwd(cwd, sizeof cwd));
    if (fd < 0) fd = open_in("/tmp");
    return fd;
}

/* Writes the report somewhere and says so on stdout. */
static void write_report(void) {
    int fd = crash_opts.to_stdout ? 1 : crash_opts.to_stderr ? 2 : open_report();
    out_fd = fd >= 0 ? fd : 1;
    if (fd < 0) cr_puts("# Can not save log file, dump to screen..\n");
    run_steps(BANNER, ARRAY_LEN(BANNER));
    run_steps(REPORT, ARRAY_LEN(REPORT));
    out_fd = 1;
    if (fd > 2) {
        close(fd);
        cr_printf("# An error report file with more information is saved as:\n# %s\n", report_path);
    }
    cr_puts("#\n");
}

/* ---- the end ---- */

/* Runs line through /bin/sh and waits for it. */
static void sh_wait(const char *line) {
    pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", line, (char *)NULL);
        _exit(127);
    }
    int status;
    if (pid > 0) while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
}

/* Runs one -XX:OnError command, its %p expanded, through /bin/sh, and waits for it. */
static void run_command(const char *cmd, size_t len) {
    static char raw[2048], line[4096];
    if (len >= sizeof raw) len = sizeof raw - 1;
    memcpy(raw, cmd, len);
    raw[len] = '\0';
    if (!expand_pattern(raw, line, sizeof line)) return;
    cr_printf("#   Executing /bin/sh -c \"%s\" ...\n", line);
    sh_wait(line);
}

void crash_on_oom_commands(FILE *out, const char *message) {
    const char *cmds = crash_opts.on_oom;
    if (!cmds || !*cmds) return;
    fprintf(out, "#\n# java.lang.OutOfMemoryError: %s\n# -XX:OnOutOfMemoryError=\"%s\"\n", message, cmds);
    while (*cmds) {
        const char *end = strchr(cmds, ';');
        size_t n = end ? (size_t)(end - cmds) : strlen(cmds);
        char raw[2048], line[4096];
        snprintf(raw, sizeof raw, "%.*s", (int)n, cmds);
        if (*raw && expand_pattern(raw, line, sizeof line)) {
            fprintf(out, "#   Executing /bin/sh -c \"%s\"...\n", line);
            fflush(out);
            sh_wait(line);
        }
        cmds += n + (end ? 1 : 0);
    }
    fflush(out);
}

static void run_on_error(void) {
    const char *cmds = crash_opts.on_error;
    if (!cmds || !*cmds) return;
    cr_printf("#\n# -XX:OnError=\"%s\"\n", cmds);
    while (*cmds) {
        const char *end = strchr(cmds, ';');
        size_t n = end ? (size_t)(end - cmds) : strlen(cmds);
        run_command(cmds, n);
        cmds += n + (end ? 1 : 0);
    }
}

static _Noreturn void die(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigaction(SIGABRT, &sa, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGABRT);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    abort();
}

static _Noreturn void end_process(void) {
    alarm(0);                       /* the OnError commands take their time, as on HotSpot */
    out_fd = 1;
    run_step(&(CrashStep){ "running OnError commands", run_on_error });
    if (vm_opts.abort_hook) vm_opts.abort_hook();
    if (!crash_opts.create_coredump) _exit(1);
    die();
}

/* ---- who reports ---- */

static volatile int reporter;       /* kernel tid of the reporting thread, 0 before */

static int current_tid(void) { return (int)syscall(SYS_gettid); }

/* A fault in the reporting thread itself: back to the step it interrupted, or, outside
 * any step, the end without more output. */
static void nested_error(int sig, void *pc) {
    if (step_active) {
        nested_sig = sig;
        nested_pc = pc;
        step_active = 0;
        siglongjmp(step_env, 1);
    }
    static const char msg[] = "[error occurred during error reporting]\n";
    write_all(2, msg, sizeof msg - 1);
    die();
}

/* A report that does not finish (a lock the failing thread holds, a loop in a broken
 * structure) ends the process after HotSpot's ErrorLogTimeout, with its words. */
#define REPORT_TIMEOUT_SECONDS 120

static void on_report_timeout(int sig) {
    UNUSED(sig);
    cr_printf("------ Timeout during error reporting after %d s. ------\n", REPORT_TIMEOUT_SECONDS);
    die();
}

static void arm_timeout(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_report_timeout;
    sigaction(SIGALRM, &sa, NULL);
    alarm(REPORT_TIMEOUT_SECONDS);
}

/* Makes the caller the reporting thread; a second failing thread waits for the end. */
static void claim(int sig, void *pc) {
    int me = current_tid(), expected = 0;
    if (__atomic_compare_exchange_n(&reporter, &expected, me, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return;
    if (expected == me) nested_error(sig, pc);
    for (;;) pause();
}

static _Noreturn void report_and_die(void) {
    arm_timeout();
    crash_event.tid = reporter;
    crash_event.thread = thread_current();
    out_fd = 1;
    run_steps(BANNER, ARRAY_LEN(BANNER));
    write_report();
    end_process();
}

/* The faulting instruction and stack pointer from a signal context (x86-64 and AArch64). */
static void context_pc_sp(void *ucv, void **pc, void **sp) {
    ucontext_t *uc = ucv;
    *pc = *sp = NULL;
    if (!uc) return;
#if defined(__x86_64__)
    *pc = (void *)uc->uc_mcontext.gregs[REG_RIP];
    *sp = (void *)uc->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
    *pc = (void *)uc->uc_mcontext.pc;
    *sp = (void *)uc->uc_mcontext.sp;
#endif
}

_Thread_local sigjmp_buf *crash_unsafe_jmp;

/* The access's sigsetjmp saves no signal mask (a system call per access), and the handler
 * is installed with SA_NODEFER; but a handler that wraps ours (ThreadSanitizer's, a
 * chained application's) may run it with SIGBUS blocked, and a second fault while it is
 * blocked would end the process: the jump back unblocks it. */
static void unblock_signal(int sig) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

void vm_crash_signal(int sig, siginfo_t *info, void *uc) {
    if (sig == SIGBUS && crash_unsafe_jmp) {
        sigjmp_buf *jb = crash_unsafe_jmp;      /* an Unsafe off-heap access (native/unsafe.c) */
        crash_unsafe_jmp = NULL;
        unblock_signal(SIGBUS);
        siglongjmp(*jb, 1);
    }
    void *pc, *sp;
    context_pc_sp(uc, &pc, &sp);
    claim(sig, pc);
    crash_event.sig = sig;
    crash_event.info = info;
    crash_event.uc = uc;
    crash_event.pc = pc;
    crash_event.sp = sp;
    report_and_die();
}

void vm_crash_fatal_at(const char *file, int line, void *pc, const char *fmt, va_list ap) {
    claim(0, pc);
    crash_event.file = file;
    crash_event.line = line;
    crash_event.pc = pc;
    crash_event.sp = __builtin_frame_address(0);
    vsnprintf(crash_event.message, sizeof crash_event.message, fmt, ap);
    fflush(stdout);
    fflush(stderr);
    report_and_die();
}

/* ---- installation ---- */

static const int FATAL_SIGNALS[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL };

static void on_fatal_signal(int sig, siginfo_t *info, void *uc) { vm_crash_signal(sig, info, uc); }

void crash_install(void) {
    void *frames[4];
    backtrace(frames, 4);           /* loads the unwinder now, not in a signal handler */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_sigaction = on_fatal_signal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER | SA_RESTART;
    for (size_t i = 0; i < ARRAY_LEN(FATAL_SIGNALS); i++) sigaction(FATAL_SIGNALS[i], &sa, NULL);
    crash_thread_begin();
}

#define ALT_STACK_BYTES (128 * 1024)
static _Thread_local void *alt_stack;

void crash_thread_begin(void) {
    cr_note_stack();
    stack_t cur;
    if (alt_stack || sigaltstack(NULL, &cur) != 0 || !(cur.ss_flags & SS_DISABLE)) return;
    void *p = mmap(NULL, ALT_STACK_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return;
    stack_t ss = { .ss_sp = p, .ss_size = ALT_STACK_BYTES, .ss_flags = 0 };
    if (sigaltstack(&ss, NULL) == 0) alt_stack = p;
    else munmap(p, ALT_STACK_BYTES);
}

void crash_thread_end(void) {
    if (!alt_stack) return;
    stack_t cur;
    if (sigaltstack(NULL, &cur) == 0 && cur.ss_sp == alt_stack && !(cur.ss_flags & SS_ONSTACK)) {
        stack_t off = { .ss_flags = SS_DISABLE };
        sigaltstack(&off, NULL);
        munmap(alt_stack, ALT_STACK_BYTES);
    }
    alt_stack = NULL;
}

/* ---- -XX:LoupeCrashTest ---- */

/* 1: a store to an unmapped address in VM code (SIGSEGV); 2: an internal error
 * (vm_fatal); 3: unbounded recursion in C (SIGSEGV on the stack's guard page); 4: an
 * internal error whose report faults in one section. */
static volatile bool recursion_stop;   /* never set: the recursion runs into the guard page */

static int crash_recurse(volatile char *prev) {
    volatile char pad[1024];
    pad[0] = (char)(prev ? prev[0] + 1 : 0);
    if (recursion_stop) return 0;
    return crash_recurse(pad) + pad[1];
}

void crash_test_trigger(void) {
    switch (crash_opts.crash_test) {
    case 1: *bad_address = 0; break;
    case 2: case 4: vm_fatal("LoupeCrashTest: an internal error, as asked"); break;
    case 3: crash_recurse(NULL); break;
    default: break;
    }
}
