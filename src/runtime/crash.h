/*
 * crash.h — the fatal-error report: HotSpot's hs_err_pid<pid>.log and its stderr banner.
 *
 * Whatever ends the VM abnormally comes here: a fatal signal in VM or native code
 * (SIGSEGV, SIGBUS, SIGFPE, SIGILL), an internal error (vm_fatal, a failed check), or a
 * caller such as -Xcheck:jni that decides the process cannot go on.  The report is
 * written with write(2) from static buffers, section by section; a fault inside a section
 * skips that section (HotSpot's "[error occurred during error reporting ...]").  The
 * process then ends as HotSpot's does: -XX:OnError commands, then abort() (status 134,
 * a core file as the core limit allows).  crash.c explains the order of events.
 */
#ifndef LOUPE_CRASH_H
#define LOUPE_CRASH_H

#include "loupe.h"
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>

/* The options that shape the report (-XX:ErrorFile= and friends, runtime/options.c). */
typedef struct CrashOptions {
    const char *error_file;         /* -XX:ErrorFile=path, %p is the pid, %% a percent sign */
    bool to_stdout;                 /* -XX:+ErrorFileToStdout: the report on stdout, no file */
    bool to_stderr;                 /* -XX:+ErrorFileToStderr */
    const char *on_error;           /* -XX:OnError="cmd1;cmd2": run by /bin/sh after the report */
    const char *on_oom;             /* -XX:OnOutOfMemoryError="cmd1;cmd2": run at the first
                                     * OutOfMemoryError (crash_on_oom_commands) */
    bool create_coredump;           /* -XX:-CreateCoredumpOnCrash: exit(1) instead of abort() */
    long crash_test;                /* -XX:LoupeCrashTest=N (test only): the error to provoke at
                                     * the end of start-up, crash.c lists them */
} CrashOptions;
extern CrashOptions crash_opts;

/* -XX:OnOutOfMemoryError at the first OutOfMemoryError, as HotSpot: its banner on out
 * (the VM's output stream), then each command, its %p expanded, through /bin/sh, waited
 * for in turn. */
void crash_on_oom_commands(FILE *out, const char *message);

/* The one entry for code that finds the VM unable to go on: prints HotSpot's banner
 * ("Internal Error (file:line)", then "fatal error: <message>") and the report, and ends
 * the process.  Safe to call from any thread, at any phase, with or without a Java
 * thread.  (vm_fatal of loupe.h is the same entry.) */
#define vm_crash_fatal(...) vm_fatal_at(__FILE__, __LINE__, __VA_ARGS__)

/* What vm_fatal_at calls: the source position of the failed check and the code address
 * that detected it. */
_Noreturn void vm_crash_fatal_at(const char *file, int line, void *pc, const char *fmt, va_list ap);

/* A fatal signal: the report for sig at the context uc, then the end of the process.
 * For signal handlers that chain to the VM (JVM_handle_linux_signal). */
_Noreturn void vm_crash_signal(int sig, siginfo_t *info, void *uc);

/* Installs the fatal-signal handlers (JNI_CreateJavaVM, before anything can fault). */
void crash_install(void);

/* While an Unsafe off-heap access runs, where a SIGBUS in it jumps back to (as in HotSpot,
 * a SIGSEGV there stays fatal; native/unsafe.c), else NULL. */
extern _Thread_local sigjmp_buf *crash_unsafe_jmp;
/* Gives the calling thread an alternate signal stack, so that a fault from a C stack
 * overflow can still be reported; crash_thread_end takes it back.  Both leave a stack
 * someone else installed (a sanitizer's, the embedder's) alone. */
void crash_thread_begin(void);
void crash_thread_end(void);
/* -XX:LoupeCrashTest: provokes the error its value names, at the end of start-up. */
void crash_test_trigger(void);

#endif
