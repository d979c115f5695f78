/*
 * crashvm.c — the crash report's view of the VM: the failing thread and its Java frames,
 * every thread and the Java frames of the others, the VM's phase and safepoint state, the
 * heap, the options.
 *
 * These read VM structures without their locks (the failing thread may hold any of
 * them, and the report must not wait): the thread list, frames and Java strings are read
 * as they are.  A structure caught half-changed can make a read fault; crash.c then
 * skips the section.  Java strings are copied character by character (no allocation);
 * formats are HotSpot's where it has the same item ("JavaThread \"main\" [_thread_in_vm,
 * id=...]", "j  Class.method(desc)V+bci"), so that tools reading hs_err files find them.
 */
#include "runtime/crash_internal.h"
#include "runtime/thread.h"
#include "runtime/jthread.h"
#include "runtime/jstring.h"
#include "runtime/vm.h"
#include "classfile/class.h"
#include "heap/heap.h"
#include "interp/frame.h"
#include "heap/object.h"
#include <string.h>

/* HotSpot's JavaThreadState names for Loupe's states (indexed by ThreadState). */
static const char *const STATE_NAMES[] = {
    [TS_NEW] = "_thread_new", [TS_IN_JAVA] = "_thread_in_Java", [TS_IN_VM] = "_thread_in_vm",
    [TS_IN_NATIVE] = "_thread_in_native", [TS_BLOCKED] = "_thread_blocked", [TS_SAFEPOINT] = "_thread_blocked",
    [TS_TERMINATED] = "_thread_terminated",
};

static const char *state_name(int s) {
    return s >= 0 && (size_t)s < ARRAY_LEN(STATE_NAMES) && STATE_NAMES[s] ? STATE_NAMES[s] : "_thread_unknown";
}

/* A Java string's characters (non-ASCII ones as '?'), at most n - 1 of them, into buf. */
static const char *jstring_ascii(Object *s, char *buf, size_t n) {
    size_t o = 0;
    jint len = s ? jstr_length(s) : 0;
    for (jint i = 0; i < len && o + 1 < n; i++) {
        jchar c = jstr_char_at(s, i);
        buf[o++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
    }
    buf[o] = '\0';
    return buf;
}

static const char *thread_name(Thread *t, char *buf, size_t n) {
    buf[0] = '\0';
    return t->jthread ? jstring_ascii(OBJ_FIELD(t->jthread, jthread_name_off, Object *), buf, n) : buf;
}

static void print_thread_line(Thread *t) {
    static char name[256];
    cr_printf("JavaThread \"%s\"%s [%s, id=%d", thread_name(t, name, sizeof name), t->daemon ? " daemon" : "",
              state_name(thread_state(t)), t->os_tid);
    if (t == crash_event.thread) cr_print_stack_range();
    cr_puts("]\n");
}

void cr_print_thread_summary(void) {
    Thread *t = crash_event.thread;
    if (!t) {
        cr_puts("Current thread is native thread\n\n");
        return;
    }
    cr_printf("Current thread (0x%016lx):  ", (unsigned long)(uintptr_t)t);
    print_thread_line(t);
    cr_puts("\n");
}

/* "j  java.lang.Object.wait(J)V+0 (Object.java:-2)": HotSpot's interpreted-frame line,
 * with the source position after it. */
static void print_java_frame(Frame *f) {
    static char cname[512];
    Method *m = f->method;
    int bci = frame_bci(f);
    cr_printf("j  %s.%s%s+%d", class_external_name(m->holder, cname, sizeof cname), m->name->str, m->desc->str,
              bci < 0 ? 0 : bci);
    Symbol *src = m->holder->source_file;
    int line = frame_line(f);
    if (src && line >= 0) cr_printf(" (%s:%d)", src->str, line);
    else if (f->flags & FR_NATIVE) cr_puts(" (Native Method)");
    cr_puts("\n");
}

/* At most `max` of t's frames, innermost first; the rest counted. */
static void print_frames(Thread *t, int max) {
    int n = 0;
    Frame *f = t->top;
    for (; f && n < max; f = f->prev, n++) print_java_frame(f);
    for (n = 0; f && n < 100000; f = f->prev) n++;
    if (n) cr_printf("...<%d more frames>\n", n);
}

void cr_print_java_frames(void) {
    Thread *t = crash_event.thread;
    if (!t || !t->top) return;
    cr_puts("Java frames: (J=compiled Java code, j=interpreted, Vv=VM code)\n");
    print_frames(t, 1000);
    cr_puts("\n");
}

/* The oldest thread: the list is newest first, HotSpot lists oldest first. */
static Thread *oldest_thread(void) {
    Thread *last = thread_list;
    for (int n = 0; last && last->next && n < 100000; n++) last = last->next;
    return last;
}

void cr_print_threads(void) {
    cr_puts("Java Threads: ( => current thread )\n");
    int n = 0;
    for (Thread *t = oldest_thread(); t && n < 100000; t = t->prev, n++) {
        cr_printf("%s0x%016lx ", t == crash_event.thread ? "=>" : "  ", (unsigned long)(uintptr_t)t);
        print_thread_line(t);
    }
    cr_puts("\n");
}

/* What the others were running, as a thread dump shows it (HotSpot's report lists the
 * threads only).  They run on meanwhile: a frame read as it changes can make this
 * section fault, and the report goes on after it. */
void cr_print_other_stacks(void) {
    cr_puts("Java frames of the other threads:\n\n");
    int n = 0;
    for (Thread *t = oldest_thread(); t && n < 10000; t = t->prev, n++) {
        if (t == crash_event.thread) continue;
        print_thread_line(t);
        if (!t->top) cr_puts("(no Java frames)\n");
        print_frames(t, 100);
        cr_puts("\n");
    }
}

static const char *const PHASE_NOTES[] = {
    [VM_PHASE_NONE] = "not fully initialized", [VM_PHASE_PRIMORDIAL] = "not fully initialized",
    [VM_PHASE_START] = "not fully initialized", [VM_PHASE_MODULES] = "not fully initialized",
    [VM_PHASE_LIVE] = "normal execution", [VM_PHASE_DEAD] = "shutting down",
};

void cr_print_vm_state(void) {
    int phase = vm_phase_now();
    const char *note = phase >= 0 && (size_t)phase < ARRAY_LEN(PHASE_NOTES) ? PHASE_NOTES[phase] : "unknown";
    cr_printf("VM state: %s (%s)\n\n", atomic_load(&safepoint_pending) ? "at safepoint" : "not at safepoint", note);
}

void cr_print_heap(void) {
    cr_puts("Heap:\n");
    if (vm_phase_now() == VM_PHASE_NONE) {
        cr_puts(" not initialized\n\n");
        return;
    }
    cr_printf(" %s heap   total %zuK, used %zuK, max %zuK\n", heap_collector_name(), heap_capacity() >> 10,
              heap_used() >> 10, heap_max() >> 10);
    cr_printf(" collections: %llu\n\n", (unsigned long long)heap_gc_count());
}

static const char *prop_or(const char *key, const char *fallback) {
    const char *v = opts_get_property(key);
    return v ? v : fallback;
}

static void print_jvm_args(void) {
    for (int i = 0; i < vm_opts.nvm_args; i++) cr_printf("%s ", vm_opts.vm_args[i]);
}

void cr_print_command_line(void) {
    cr_puts("Command Line: ");
    print_jvm_args();
    cr_printf("%s\n\n", prop_or("sun.java.command", ""));
}

void cr_print_vm_arguments(void) {
    cr_puts("VM Arguments:\n");
    if (vm_opts.nvm_args) {
        cr_puts("jvm_args: ");
        print_jvm_args();
        cr_puts("\n");
    }
    cr_printf("java_command: %s\n", prop_or("sun.java.command", "<unknown>"));
    cr_printf("java_class_path (initial): %s\n", prop_or("java.class.path", "<not set>"));
    cr_printf("Launcher Type: %s\n\n", prop_or("sun.java.launcher", "generic"));
}

void cr_print_vm_line(void) {
    cr_printf("# Java VM: %s (%s, %s, %s gc, linux-%s)\n", VM_NAME, VM_VERSION, VM_INFO,
              vm_phase_now() == VM_PHASE_NONE ? "no" : heap_collector_name(), CR_ARCH);
}

void cr_print_vm_info(void) {
    cr_printf("vm_info: %s (%s) for linux-%s JRE (", VM_NAME, VM_VERSION, CR_ARCH);
    cr_print_runtime_version(true);
    cr_printf("), built with gcc %s\n", __VERSION__);
}

void cr_print_problematic_frame(void) { cr_print_native_frame(crash_event.pc, crash_event.sig != 0); }
