/*
 * test_crash.c — white-box tests of the crash report (runtime/crash.h) with no VM around
 * it: the report must come out whole at any phase, including before the VM exists.
 *
 *   test_crash [CLASSDIR]
 *
 * Each case runs in a child process that fails in one way: an internal error through
 * vm_fatal, a store to an unmapped address (SIGSEGV), unbounded C recursion (a fault on
 * the stack's guard page, reported from the alternate signal stack), a report whose
 * section faults (-XX:LoupeCrashTest=4's hook), and two threads failing at once.  The
 * parent checks how the child ended (SIGABRT, or status 1 under -XX:-CreateCoredumpOnCrash)
 * and the lines its report must have.  One line per failed check; exit status 0 only if
 * nothing failed.
 */
#include "runtime/crash.h"
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static int nchecks, nfailed;
static char report[1 << 20];

static void check(bool ok, const char *what, const char *name) {
    nchecks++;
    if (ok) return;
    nfailed++;
    printf("test_crash: FAILED: %s: %s\n", name, what);
}

static bool has(const char *s) { return strstr(report, s) != NULL; }

static int count(const char *s) {
    int n = 0;
    for (const char *p = report; (p = strstr(p, s)); p++) n++;
    return n;
}

static void read_report(const char *path) {
    report[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f) return;
    size_t n = fread(report, 1, sizeof report - 1, f);
    report[n] = '\0';
    fclose(f);
    if (getenv("TEST_CRASH_KEEP")) {
        FILE *o = fopen(getenv("TEST_CRASH_KEEP"), "a");
        if (o) fputs(report, o), fclose(o);
    }
    unlink(path);
}

/* ---- the ways to fail (in the child) ---- */

static void fail_fatal(void) { vm_fatal("unit test fatal error %d", 42); }

/* unmapped but not null (UBSan stops at a null store itself), unknown to the compiler */
static int *volatile bad_pointer = (int *)8;

static void fail_segv(void) {
    crash_install();
    *bad_pointer = 1;
}

static volatile bool never;

static int recurse(volatile char *prev) {
    volatile char pad[2048];
    pad[0] = (char)(prev ? prev[0] + 1 : 0);
    if (never) return 0;
    return recurse(pad) + pad[1];
}

static void fail_overflow(void) {
    crash_install();
    recurse(NULL);
}

static void fail_in_report(void) {
    crash_opts.crash_test = 4;
    crash_install();
    crash_test_trigger();
}

static void *fault_thread(void *arg) {
    (void)arg;
    crash_thread_begin();
    *bad_pointer = 2;
    return NULL;
}

static void fail_two_threads(void) {
    crash_install();
    pthread_t th;
    pthread_create(&th, NULL, fault_thread, NULL);
    fault_thread(NULL);
}

static void fail_no_core(void) {
    crash_opts.create_coredump = false;
    crash_opts.on_error = "echo on-error %p;echo second";
    vm_fatal("no core");
}

static char out_path[64];

/* Runs fail in a child writing its report to path; returns its wait status. */
static int run_child(void (*fail)(void), const char *path) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        struct rlimit none = { 0, 0 };
        setrlimit(RLIMIT_CORE, &none);
        if (!freopen(out_path, "w", stdout)) _exit(99);
        crash_opts.error_file = path;
        fail();
        _exit(98);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    read_report(path);
    return status;
}

static bool aborted(int status) { return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT; }

static const char *const SECTIONS[] = {
    "# A fatal error has been detected by the Java Runtime Environment:",
    "---------------  S U M M A R Y ------------", "---------------  T H R E A D  ---------------",
    "---------------  P R O C E S S  ---------------", "---------------  S Y S T E M  ---------------",
    "Current thread is native thread", "Native frames: ", "Java Threads: ( => current thread )", "VM state: ",
    "Heap:\n not initialized", "Dynamic libraries:\n", "VM Arguments:\n", "Environment Variables:\n", "OS:\n",
    "Memory: ", "vm_info: Loupe VM", "\nEND.\n",
};

static void check_sections(const char *name) {
    for (size_t i = 0; i < sizeof SECTIONS / sizeof SECTIONS[0]; i++) check(has(SECTIONS[i]), SECTIONS[i], name);
}

int main(void) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/test_crash_%d.log", (int)getpid());
    snprintf(out_path, sizeof out_path, "/tmp/test_crash_%d.out", (int)getpid());

    int st = run_child(fail_fatal, path);
    check(aborted(st), "ends with SIGABRT", "fatal");
    check(has("#  Internal Error (tests/unit/test_crash.c:"), "names where", "fatal");
    check(has("#  fatal error: unit test fatal error 42"), "message", "fatal");
    check(has("  fail_fatal+0x"), "native frame named from .symtab", "fatal");
    check(!has("[error occurred during error reporting"), "no section failed", "fatal");
    check_sections("fatal");

    st = run_child(fail_segv, path);
    check(aborted(st), "ends with SIGABRT", "segv");
    check(has("#  SIGSEGV (0xb) at pc=0x"), "banner", "segv");
    check(has("siginfo: si_signo: 11 (SIGSEGV), si_code: 1 (SEGV_MAPERR), si_addr: 0x0000000000000008"), "siginfo", "segv");
    check(has("Registers:\n"), "registers", "segv");
    check(has("  fail_segv+0x"), "faulting function", "segv");
    check_sections("segv");

    st = run_child(fail_overflow, path);
    check(aborted(st), "ends with SIGABRT", "overflow");
    check(has("a C stack overflow"), "says stack overflow", "overflow");
    check(has("]  recurse"), "the recursion", "overflow");
    check_sections("overflow");

    st = run_child(fail_in_report, path);
    check(aborted(st), "ends with SIGABRT", "fault in report");
    check(has("[error occurred during error reporting (printing the test's fault), id 0xb, SIGSEGV (0xb) at pc=0x"),
          "error line", "fault in report");
    check_sections("fault in report");

    st = run_child(fail_two_threads, path);
    check(aborted(st), "ends with SIGABRT", "two threads");
    check(count("A fatal error has been detected") == 1 && count("\nEND.\n") == 1, "one whole report", "two threads");

    st = run_child(fail_no_core, path);
    check(WIFEXITED(st) && WEXITSTATUS(st) == 1, "exit status 1", "no core dump");
    check(has("# CreateCoredumpOnCrash turned off, no core file dumped"), "says so", "no core dump");
    /* the banner and what -XX:OnError runs, on stdout, in HotSpot's words */
    read_report(out_path);
    char expect[256];
    snprintf(expect, sizeof expect, "#\n# -XX:OnError=\"echo on-error %%p;echo second\"\n#   Executing /bin/sh -c \"echo on-error ");
    check(has(expect), "OnError header", "on error");
    check(has("\" ...\non-error ") && has("#   Executing /bin/sh -c \"echo second\" ...\nsecond\n"), "OnError commands run", "on error");
    check(has("# An error report file with more information is saved as:\n# /tmp/test_crash_"), "where the report is", "on error");

    printf("test_crash: %d checks, %d failed\n", nchecks, nfailed);
    return nfailed ? 1 : 0;
}
