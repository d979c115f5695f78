/*
 * boot.c — bringing the VM up, in HotSpot's order (create_vm):
 *
 *   1. C-level subsystems: symbols, heap, interpreter tables, JNI table, libjava, the boot
 *      class path (lib/modules through libjimage);
 *   2. core classes: Object, String, Class loaded and linked, then every mirror made so
 *      far (primitive ones included), the well-known classes, primitive array classes;
 *   3. java.lang initialisation (initialize_java_lang_classes): String, System, Class,
 *      ThreadGroup (the "system" and "main" groups), Thread (the "main" Thread object,
 *      attached to this thread), Module, UnsafeConstants (whose statics the VM then
 *      overwrites with this machine's values), Method, Finalizer (which start the
 *      Reference Handler and Finalizer threads), then System.initPhase1();
 *   4. the exception classes the VM throws, preallocated errors;
 *   5. java.lang.invoke core classes, System.initPhase2 (the module system) and
 *      System.initPhase3 (security, system class loader); the system loader is cached for
 *      JNI FindClass calls made without a Java caller.
 *
 * Each step that runs Java reports failure through the pending exception; as in HotSpot,
 * it is then printed on standard output and the process exits with status 1.
 */
#include "runtime/perfdata.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "runtime/jstring.h"
#include "runtime/jthread.h"
#include "runtime/mirror.h"
#include "runtime/monitor.h"
#include "classfile/loader.h"
#include "classfile/link.h"
#include "heap/heap.h"
#include "heap/refproc.h"
#include "interp/interp.h"
#include "interp/interp_internal.h"
#include "native/natives.h"
#include "native/jmm.h"
#include "jvmti/jvmti_export.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

char *vm_java_home;
char *vm_libjvm_dir;
int vm_phase;
uint64_t vm_start_nanos;
jlong vm_init_done_millis;
Object *vm_system_loader;
Object *vm_main_group;
Object *vm_system_group;

void vm_make_primitives(void);
void jni_init(void);

jlong vm_nanotime(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (jlong)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

double vm_uptime_seconds(void) { return (double)((uint64_t)vm_nanotime() - vm_start_nanos) / 1e9; }

void vm_printf(FILE *fp, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (vm_opts.vfprintf_hook) vm_opts.vfprintf_hook(fp, fmt, ap);
    else vfprintf(fp, fmt, ap);
    va_end(ap);
}

void vm_warning(const char *fmt, ...) {
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    vm_printf(stderr, "%s warning: %s\n", VM_NAME, msg);
}

static void vm_vlog(const char *level, const char *tags, const char *fmt, va_list ap) {
    char msg[2048];
    vsnprintf(msg, sizeof msg, fmt, ap);
    vm_printf(stdout, "[%.3fs][%s][%s] %s\n", vm_uptime_seconds(), level, tags, msg);
    fflush(stdout);
}

void vm_log(const char *tags, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vm_vlog("info", tags, fmt, ap);
    va_end(ap);
}

void vm_log_at(const char *level, const char *tags, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vm_vlog(level, tags, fmt, ap);
    va_end(ap);
}

void vm_exit(int code) {
    fflush(stdout);
    fflush(stderr);
    if (vm_opts.exit_hook) vm_opts.exit_hook(code);
    exit(code);
}

void vm_abort(void) {
    fflush(stdout);
    fflush(stderr);
    if (vm_opts.abort_hook) vm_opts.abort_hook();
    abort();
}

/* A start-up failure ends the process with status 1 (after the abort hook), as HotSpot's
 * does: JNI_CreateJavaVM does not return, so the launcher adds nothing.  HotSpot's VM
 * output goes to standard output. */
static _Noreturn void abort_during_init(void) {
    fflush(stdout);
    fflush(stderr);
    if (vm_opts.abort_hook) vm_opts.abort_hook();
    exit(1);
}

void vm_exit_during_init(const char *msg) {
    vm_printf(stdout, "Error occurred during initialization of VM\n");
    if (msg) vm_printf(stdout, "%s\n", msg);
    abort_during_init();
}

/* ---- helpers ---- */

static Class *boot_class(Thread *t, const char *name) {
    Class *c = ld_load(t, sym_intern_cstr(name), NULL, false);
    if (c && !link_class(t, c)) return NULL;
    return c;
}

static bool init_named(Thread *t, const char *name) {
    Class *c = boot_class(t, name);
    return c && class_init(t, c);
}

static bool call_static(Thread *t, const char *cls, const char *name, const char *desc, const Slot *args, Slot *result) {
    Class *c = boot_class(t, cls);
    if (!c || !class_init(t, c)) return false;
    Method *m = class_find_declared_method(c, sym_intern_cstr(name), sym_intern_cstr(desc));
    if (!m) vm_fatal("%s.%s%s not found", cls, name, desc);
    return interp_call(t, m, args, result);
}

static void set_static(Class *c, const char *name, const char *desc, Slot v) {
    Field *f = class_find_declared_field(c, sym_intern_cstr(name), sym_intern_cstr(desc));
    if (!f) vm_fatal("%s.%s not found", c->name->str, name);
    switch (f->type) {
    case T_BOOLEAN: case T_BYTE: OBJ_FIELD(c->mirror, f->offset, jbyte) = (jbyte)v.i; break;
    case T_INT: OBJ_FIELD(c->mirror, f->offset, jint) = v.i; break;
    case T_LONG: OBJ_FIELD(c->mirror, f->offset, jlong) = v.j; break;
    default: vm_fatal("set_static: unsupported type");
    }
}

/* ---- steps ---- */

static bool load_core_classes(Thread *t) {
    static const VMClassId core[] = { VMC_Object, VMC_String, VMC_Class };
    for (size_t i = 0; i < ARRAY_LEN(core); i++) {
        Class *c = ld_load(t, sym_intern_cstr(vm_class_names[core[i]]), NULL, false);
        if (!c) return false;
        vm_classes[core[i]] = c;
    }
    if (!link_class(t, VMC(Class)) || !link_class(t, VMC(String))) return false;
    if (!mirror_init(t)) return false;
    for (int i = 0; i < VMC_COUNT; i++)
        if (!vmc_get(t, (VMClassId)i)) return false;
    for (int bt = T_BOOLEAN; bt <= T_LONG; bt++) {
        interp_prim_array[bt] = ld_array_of(t, vm_primitive[bt]);
        if (!interp_prim_array[bt]) return false;
    }
    return jstr_init(t) && jthread_init(t) && refs_init(t);
}

static bool make_thread_groups(Thread *t) {
    Class *tg = VMC(ThreadGroup);
    if (!class_init(t, tg)) return false;
    Object *sys = heap_alloc_object(t, tg);
    if (!sys) return false;
    vm_system_group = sys;
    Method *ctor0 = class_find_declared_method(tg, sym_init, sym_void_sig);
    Slot a0[1] = { { .l = vm_system_group } };
    if (!interp_call(t, ctor0, a0, NULL)) return false;
    Object *mg = heap_alloc_object(t, tg);
    if (!mg) return false;
    vm_main_group = mg;
    Object *name = jstr_new_utf8(t, "main");
    if (!name) return false;
    Method *ctor2 = class_find_declared_method(tg, sym_init, sym_intern_cstr("(Ljava/lang/ThreadGroup;Ljava/lang/String;)V"));
    Slot a2[3] = { { .l = vm_main_group }, { .l = vm_system_group }, { .l = name } };
    return interp_call(t, ctor2, a2, NULL);
}

static bool patch_unsafe_constants(Thread *t) {
    Class *uc = VMC(UnsafeConstants);
    if (!class_init(t, uc)) return false;
    set_static(uc, "ADDRESS_SIZE0", "I", (Slot){ .i = 8 });
    set_static(uc, "PAGE_SIZE", "I", (Slot){ .i = 4096 });
    set_static(uc, "BIG_ENDIAN", "Z", (Slot){ .i = 0 });
    set_static(uc, "UNALIGNED_ACCESS", "Z", (Slot){ .i = 1 });
    set_static(uc, "DATA_CACHE_LINE_FLUSH_SIZE", "I", (Slot){ .i = 0 });
    return true;
}

static bool preallocate_errors(Thread *t) {
    static const VMClassId errs[] = { VMC_OutOfMemoryError, VMC_NullPointerException, VMC_ClassCastException,
                                      VMC_ArrayStoreException, VMC_ArithmeticException, VMC_StackOverflowError,
                                      VMC_IllegalMonitorStateException, VMC_IllegalArgumentException };
    for (size_t i = 0; i < ARRAY_LEN(errs); i++)
        if (!class_init(t, vmc_get(t, errs[i]))) return false;
    exc_throw(t, VMC_OutOfMemoryError, "Java heap space");
    exc_prealloc_oom = exc_take(t);
    exc_throw(t, VMC_StackOverflowError, NULL);
    exc_prealloc_soe = exc_take(t);
    return exc_prealloc_oom && exc_prealloc_soe;
}

static bool java_lang_init(Thread *t) {
    if (!class_init(t, VMC(String)) || !class_init(t, VMC(System)) || !class_init(t, VMC(Class))) return false;
    /* String's initialiser sets COMPACT_STRINGS; the VM's flag decides, as on HotSpot */
    if (!vm_opts.compact_strings) set_static(VMC(String), "COMPACT_STRINGS", "Z", (Slot){ .i = 0 });
    if (!make_thread_groups(t)) return false;
    if (!class_init(t, VMC(Thread))) return false;
    Object **group = hnd_new(t, vm_main_group);
    if (!jthread_attach_object(t, group, "main", false)) return false;
    if (!class_init(t, VMC(Module)) || !patch_unsafe_constants(t)) return false;
    if (!class_init(t, VMC(reflect_Method)) || !class_init(t, VMC(Finalizer))) return false;
    extern bool vm_start_signal_dispatcher(void);
    vm_start_signal_dispatcher();
    jmm_notify_start_thread();
    if (!call_static(t, "java/lang/System", "initPhase1", "()V", NULL, NULL)) return false;
    vm_phase_set(VM_PHASE_START);
    return preallocate_errors(t);
}

static bool modules_init(Thread *t) {
    static const char *const jsr292[] = { "java/lang/invoke/MethodHandle", "java/lang/invoke/ResolvedMethodName",
                                          "java/lang/invoke/MemberName", "java/lang/invoke/MethodHandleNatives" };
    for (size_t i = 0; i < ARRAY_LEN(jsr292); i++)
        if (!init_named(t, jsr292[i])) return false;
    /* (printToStderr false, printStackTrace false: HotSpot's defaults) */
    Slot args[2] = { { .i = 0 }, { .i = 0 } };
    Slot r;
    if (!call_static(t, "java/lang/System", "initPhase2", "(ZZ)I", args, &r)) return false;
    if (r.i != 0) abort_during_init();      /* initPhase2 has printed why */
    vm_phase_set(VM_PHASE_MODULES);
    jvmti_vm_start(t);
    if (!call_static(t, "java/lang/System", "initPhase3", "()V", NULL, NULL)) return false;
    Slot loader;
    if (!call_static(t, "java/lang/ClassLoader", "getSystemClassLoader", "()Ljava/lang/ClassLoader;", NULL, &loader)) return false;
    vm_system_loader = loader.l;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    vm_init_done_millis = (jlong)now.tv_sec * 1000 + now.tv_nsec / 1000000;
    vm_phase_set(VM_PHASE_LIVE);
    return true;
}

static void register_roots(void) {
    gc_register_root(&exc_prealloc_oom);
    gc_register_root(&exc_prealloc_soe);
    gc_register_root(&vm_system_loader);
    gc_register_root(&vm_main_group);
    gc_register_root(&vm_system_group);
}

jint vm_boot(Thread *t) {
    ld_init();
    vm_make_primitives();
    register_roots();
    if (!heap_init(&vm_opts.heap)) return JNI_ENOMEM;
    perf_init();
    interp_init();
    jni_init();
    nat_init();
    if (!ld_boot_path_init(vm_java_home, vm_opts.boot_append)) return JNI_ERR;
    vm_phase_set(VM_PHASE_PRIMORDIAL);
    HandleMark hm = hnd_mark(t);
    bool ok = load_core_classes(t);
    if (ok) jvmti_early_vm_start(t);
    ok = ok && java_lang_init(t) && modules_init(t);
    hnd_release(t, hm);
    if (!ok) {
        if (exc_pending(t)) {
            vm_printf(stdout, "Error occurred during initialization of VM\n");
            exc_print_raw(stdout, exc_take(t));
            vm_printf(stdout, "\n");
            abort_during_init();
        }
        return JNI_ERR;
    }
    jvmti_vm_init(t);
    return JNI_OK;
}
