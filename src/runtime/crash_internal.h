/*
 * crash_internal.h — what the report's parts share (runtime/crash.c, crashvm.c, crashos.c,
 * crashsym.c): the error being reported and an output that only writes.
 *
 * Everything here runs on the crash path, possibly in a signal handler on a small
 * alternate stack while the rest of the VM is in any state: output goes through write(2)
 * from static buffers, nothing allocates, nothing takes a lock.
 */
#ifndef LOUPE_CRASH_INTERNAL_H
#define LOUPE_CRASH_INTERNAL_H

#include "runtime/crash.h"
#include <signal.h>
#include <stddef.h>

/* The error being reported: a signal (sig > 0) or an internal error (sig == 0). */
typedef struct CrashEvent {
    int sig;
    siginfo_t *info;
    void *uc;                       /* ucontext_t of the fault, NULL for internal errors */
    void *pc;                       /* the faulting instruction, or the caller of the fatal entry */
    void *sp;
    const char *file;               /* internal error: where it was detected */
    int line;
    char message[1024];
    int tid;                        /* the kernel's id of the failing thread */
    Thread *thread;                 /* its Thread record, NULL if it has none */
} CrashEvent;
extern CrashEvent crash_event;

/* Output to the report's current destination (fd). */
void cr_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cr_puts(const char *s);

#if defined(__x86_64__)
#define CR_ARCH "amd64"
#elif defined(__aarch64__)
#define CR_ARCH "aarch64"
#else
#define CR_ARCH "unknown"
#endif

/* The name of signal sig ("SIGSEGV"), or NULL. */
const char *cr_signal_name(int sig);

/* The report's parts, each one step of crash.c's table.  crashvm.c: */
void cr_print_thread_summary(void);     /* Current thread (...) */
void cr_print_java_frames(void);
void cr_print_threads(void);
void cr_print_other_stacks(void);      /* Java frames of the other threads */
void cr_print_vm_state(void);
void cr_print_heap(void);
void cr_print_vm_arguments(void);
void cr_print_vm_info(void);
void cr_print_command_line(void);
/* The VM line of the banner: "Loupe VM (0.1, interpreted mode, semispace gc, linux-amd64)" */
void cr_print_vm_line(void);
/* The problematic frame: the interpreted method when the thread was in Java, else pc. */
void cr_print_problematic_frame(void);
/* crashos.c: */
void cr_print_siginfo(void);
void cr_print_registers(void);
void cr_print_native_frames(void);
void cr_print_stack_bounds(void);
void cr_print_libraries(void);
void cr_print_environment(void);
void cr_print_host_time(void);
void cr_print_os(void);
void cr_print_cpu_memory(void);
void cr_print_core_note(void);
void cr_print_jre_version(void);
/* The JDK's JAVA_RUNTIME_VERSION from its release file; only up to the first '-' unless full. */
void cr_print_runtime_version(bool full);
/* ", stack(0x...,0x...)": the calling thread's C stack (crash_thread_begin noted it). */
void cr_print_stack_range(void);
/* Notes the calling thread's C stack bounds (at thread start, not on the crash path). */
void cr_note_stack(void);
/* "V  [libjvm.so+0x1234]  name+0x56" for a code address (crashsym.c finds the name):
 * exact for a faulting instruction, else a return address (named by the call before it). */
void cr_print_native_frame(void *pc, bool exact);
/* The nearest symbol at or below pc in the ELF file of the shared object that holds it:
 * its name into buf, the offset from it into *off; false when there is none. */
bool cr_symbolize(void *pc, const char *path, void *base, char *buf, size_t n, size_t *off);

#endif
