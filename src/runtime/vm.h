/*
 * vm.h — the VM as a whole: options, paths, the well-known classes, start-up.
 *
 * There is one VM per process (the JNI specification allows no more).  Its options come
 * from JNI_CreateJavaVM (runtime/options.c), its classes from the boot loader.  The classes
 * the VM itself refers to by name are listed once in VM_CLASSES; each gets a slot in
 * vm_classes[] filled when first needed (vmc_get), or at start-up for the core ones.
 */
#ifndef LOUPE_VM_H
#define LOUPE_VM_H

#include "loupe.h"
#include "classfile/class.h"
#include "heap/heap.h"
#include <stdio.h>

#define VM_CLASSES(C) \
    C(Object, "java/lang/Object") \
    C(String, "java/lang/String") \
    C(Class, "java/lang/Class") \
    C(Cloneable, "java/lang/Cloneable") \
    C(Serializable, "java/io/Serializable") \
    C(ClassLoader, "java/lang/ClassLoader") \
    C(System, "java/lang/System") \
    C(Throwable, "java/lang/Throwable") \
    C(Thread, "java/lang/Thread") \
    C(ThreadGroup, "java/lang/ThreadGroup") \
    C(Module, "java/lang/Module") \
    C(Reference, "java/lang/ref/Reference") \
    C(SoftReference, "java/lang/ref/SoftReference") \
    C(WeakReference, "java/lang/ref/WeakReference") \
    C(FinalReference, "java/lang/ref/FinalReference") \
    C(PhantomReference, "java/lang/ref/PhantomReference") \
    C(Finalizer, "java/lang/ref/Finalizer") \
    C(StackTraceElement, "java/lang/StackTraceElement") \
    C(reflect_Method, "java/lang/reflect/Method") \
    C(reflect_Field, "java/lang/reflect/Field") \
    C(reflect_Constructor, "java/lang/reflect/Constructor") \
    C(reflect_AccessibleObject, "java/lang/reflect/AccessibleObject") \
    C(UnsafeConstants, "jdk/internal/misc/UnsafeConstants") \
    C(Boolean, "java/lang/Boolean") \
    C(Character, "java/lang/Character") \
    C(Byte, "java/lang/Byte") \
    C(Short, "java/lang/Short") \
    C(Integer, "java/lang/Integer") \
    C(Long, "java/lang/Long") \
    C(Float, "java/lang/Float") \
    C(Double, "java/lang/Double") \
    C(Void, "java/lang/Void") \
    C(MemberName, "java/lang/invoke/MemberName") \
    C(MethodHandle, "java/lang/invoke/MethodHandle") \
    C(MethodHandleNatives, "java/lang/invoke/MethodHandleNatives") \
    C(ResolvedMethodName, "java/lang/invoke/ResolvedMethodName") \
    C(VarHandle, "java/lang/invoke/VarHandle") \
    C(ArithmeticException, "java/lang/ArithmeticException") \
    C(ArrayIndexOutOfBoundsException, "java/lang/ArrayIndexOutOfBoundsException") \
    C(ArrayStoreException, "java/lang/ArrayStoreException") \
    C(ClassCastException, "java/lang/ClassCastException") \
    C(CloneNotSupportedException, "java/lang/CloneNotSupportedException") \
    C(IllegalArgumentException, "java/lang/IllegalArgumentException") \
    C(IllegalMonitorStateException, "java/lang/IllegalMonitorStateException") \
    C(IllegalStateException, "java/lang/IllegalStateException") \
    C(IndexOutOfBoundsException, "java/lang/IndexOutOfBoundsException") \
    C(InterruptedException, "java/lang/InterruptedException") \
    C(NegativeArraySizeException, "java/lang/NegativeArraySizeException") \
    C(NullPointerException, "java/lang/NullPointerException") \
    C(StringIndexOutOfBoundsException, "java/lang/StringIndexOutOfBoundsException") \
    C(UnsupportedOperationException, "java/lang/UnsupportedOperationException") \
    C(ClassNotFoundException, "java/lang/ClassNotFoundException") \
    C(InvocationTargetException, "java/lang/reflect/InvocationTargetException") \
    C(InstantiationException, "java/lang/InstantiationException") \
    C(IllegalAccessException, "java/lang/IllegalAccessException") \
    C(AbstractMethodError, "java/lang/AbstractMethodError") \
    C(BootstrapMethodError, "java/lang/BootstrapMethodError") \
    C(ClassCircularityError, "java/lang/ClassCircularityError") \
    C(ClassFormatError, "java/lang/ClassFormatError") \
    C(Error, "java/lang/Error") \
    C(ExceptionInInitializerError, "java/lang/ExceptionInInitializerError") \
    C(IllegalAccessError, "java/lang/IllegalAccessError") \
    C(IncompatibleClassChangeError, "java/lang/IncompatibleClassChangeError") \
    C(InstantiationError, "java/lang/InstantiationError") \
    C(InternalError, "java/lang/InternalError") \
    C(LinkageError, "java/lang/LinkageError") \
    C(NoClassDefFoundError, "java/lang/NoClassDefFoundError") \
    C(NoSuchFieldError, "java/lang/NoSuchFieldError") \
    C(NoSuchMethodError, "java/lang/NoSuchMethodError") \
    C(OutOfMemoryError, "java/lang/OutOfMemoryError") \
    C(StackOverflowError, "java/lang/StackOverflowError") \
    C(UnsatisfiedLinkError, "java/lang/UnsatisfiedLinkError") \
    C(UnsupportedClassVersionError, "java/lang/UnsupportedClassVersionError") \
    C(VerifyError, "java/lang/VerifyError") \
    C(VirtualMachineError, "java/lang/VirtualMachineError") \
    C(SecurityException, "java/lang/SecurityException")

typedef enum VMClassId {
#define VMC_ENUM(id, name) VMC_##id,
    VM_CLASSES(VMC_ENUM)
#undef VMC_ENUM
    VMC_COUNT
} VMClassId;

extern Class *vm_classes[VMC_COUNT];
extern const char *const vm_class_names[VMC_COUNT];
/* The class (loaded and linked by the boot loader on first use), or NULL with an exception. */
Class *vmc_get(Thread *t, VMClassId id);
#define VMC(id) (vm_classes[VMC_##id])

/* Field offsets of the VM's classes.  vmc_field_offset: one declared field's (a fatal
 * error if the class lacks it: the JDK's classes have them all).  vmc_field_offsets: the
 * offsets of n declared fields into off[0..n-1], looked up once for all threads and read
 * without a lock: a thread that finds the last one, the guard, set (vmc_offsets_ready)
 * sees them all.  Callers keep them in a record of n uint32_t's, the guard its last. */
typedef struct VmcField {
    const char *name, *desc;
} VmcField;
uint32_t vmc_field_offset(const Class *c, const char *name, const char *desc);
void vmc_field_offsets(const Class *c, const VmcField *fields, int n, uint32_t *off);
static inline bool vmc_offsets_ready(const uint32_t *guard) { return __atomic_load_n(guard, __ATOMIC_ACQUIRE) != 0; }

/* The primitive classes, indexed by BasicType (T_BOOLEAN..T_VOID). */
extern Class *vm_primitive[T_VOID + 1];

/* ---- options (runtime/options.c) ---- */
typedef struct VMProperty {
    char *key;
    char *value;
} VMProperty;

/* One -ea:NAME / -da:NAME switch: a class, or a package tree when NAME ended in "..."
 * (the unnamed package for "..." alone).  The name is kept in internal form (a/b/C). */
typedef struct AssertionDirective {
    char *name;
    bool enabled;
    bool package;
} AssertionDirective;

typedef struct VMOptions {
    HeapOptions heap;
    size_t thread_stack;            /* -Xss: Java stack per thread, bytes */
    char *boot_append;              /* -Xbootclasspath/a: */
    VMProperty *props;              /* -D and VM-made properties, in order */
    int nprops;
    bool verbose_class;             /* the class+load tag set on stdout (info or finer) */
    bool verbose_class_more;        /* and class+load's other tag sets (class+load+cause...):
                                     * ClassLoadingMXBean.isVerbose is both, as HotSpot's */
    bool verbose_jni;
    bool check_jni;                 /* -Xcheck:jni: threads get the checking JNI table */
    int assertions;                 /* -ea / -da without a name: default for user classes */
    bool system_assertions;         /* -esa / -dsa: default for boot classes */
    AssertionDirective *assertion_dirs; /* -ea:NAME / -da:NAME in command-line order */
    int nassertion_dirs;
    bool reduce_signals;            /* -Xrs: leave SIGQUIT (and shutdown signals) alone */
    bool disable_attach;            /* -XX:+DisableAttachMechanism */
    bool use_perf_data;             /* -XX:-UsePerfData turns the hsperfdata file off */
    bool perf_disable_shared_mem;   /* -XX:+PerfDisableSharedMem: counters in private memory */
    bool heap_dump_on_oom;          /* -XX:+HeapDumpOnOutOfMemoryError */
    const char *heap_dump_path;     /* -XX:HeapDumpPath=file-or-directory */
    bool exit_on_oom;               /* -XX:+ExitOnOutOfMemoryError */
    bool crash_on_oom;              /* -XX:+CrashOnOutOfMemoryError */
    bool disable_explicit_gc;       /* -XX:+DisableExplicitGC: System.gc() does nothing */
    bool compact_strings;           /* -XX:+CompactStrings (default): Latin-1 strings one byte a char */
    long max_stack_trace_depth;     /* -XX:MaxJavaStackTraceDepth: frames kept per backtrace, 0 = all */
    size_t max_direct_memory;       /* -XX:MaxDirectMemorySize (bytes), when ... */
    bool max_direct_memory_given;   /* ... given: java.nio's limit (native/jvm_props.c) */
    jint (JNICALL *vfprintf_hook)(FILE *fp, const char *format, va_list args);
    void (JNICALL *exit_hook)(jint code);
    void (JNICALL *abort_hook)(void);
    char **vm_args;                 /* options as given, for JVM_GetVmArguments */
    int nvm_args;
    bool log_jvm_calls;             /* -XX:+LoupeTraceJVM (prints JVM_* entry) */
    bool container_support;         /* -XX:+UseContainerSupport (default): the JDK reads cgroup limits */
    bool enhanced_redefinition;     /* -XX:+AllowEnhancedClassRedefinition (Loupe only; classfile/enhredef.c) */
    bool tty_stderr;                /* -XX:+DisplayVMOutputToStderr: the VM's own output
                                     * (vm_tty) on stderr instead of stdout */
    bool redefine_add_delete;       /* -XX:+AllowRedefinitionToAddDeleteMethods (HotSpot's, deprecated):
                                     * private static or final methods may come and go */
} VMOptions;

extern VMOptions vm_opts;
extern char *vm_java_home;          /* the JDK home (lib/modules lives under it) */
extern char *vm_libjvm_dir;         /* directory of this libjvm.so */
extern int vm_phase;                /* VM_PHASE_*: how far start-up got (read and set through */
                                    /* vm_phase_now and vm_phase_set: other threads read it) */
extern JavaVM vm_javavm;            /* the one JavaVM */
extern uint64_t vm_start_nanos;
extern jlong vm_init_done_millis;   /* wall clock (ms since the epoch) when start-up ended */

static inline int vm_phase_now(void) { return __atomic_load_n(&vm_phase, __ATOMIC_ACQUIRE); }
static inline void vm_phase_set(int phase) { __atomic_store_n(&vm_phase, phase, __ATOMIC_RELEASE); }
/* The VM's own output stream (HotSpot's tty): stdout, or stderr with -XX:+DisplayVMOutputToStderr. */
static inline FILE *vm_tty(void) { return vm_opts.tty_stderr ? stderr : stdout; }

enum {
    VM_PHASE_NONE = 0,
    VM_PHASE_PRIMORDIAL,            /* heap and core classes, no Java run yet */
    VM_PHASE_START,                 /* java.lang classes initialised, initPhase1 done */
    VM_PHASE_MODULES,               /* initPhase2 done: module system up */
    VM_PHASE_LIVE,                  /* initPhase3 done: fully booted */
    VM_PHASE_DEAD,
};

/* Parses JavaVMInitArgs / JDK1_1InitArgs options into vm_opts.  Returns JNI_OK or an error
 * code after printing what was wrong. */
jint opts_parse(const JavaVMInitArgs *args);
void opts_set_property(const char *key, const char *value);
/* Whether assertions are on for the class `name` (internal form) by the -ea/-da/-esa/-dsa
 * options: its own switch, else the innermost package switch, else the default for boot
 * (system_class) or other classes.  The last switch given for a name wins. */
bool opts_assertions_enabled(const char *name, bool system_class);
const char *opts_get_property(const char *key);
/* The properties the VM gives System.getProperties() (and JVMTI), as key/value pairs
 * kv[2i], kv[2i+1] (native/jvm_props.c); vm_props_free releases the list. */
typedef struct VMPropList {
    const char **kv;
    int n;                          /* entries in kv: twice the number of properties */
    char *bootlib, *libpath;        /* owned values */
} VMPropList;
VMPropList vm_props_list(void);
void vm_props_free(VMPropList *l);

/* The -XX flags Loupe honours, with their values now, for HotSpotDiagnosticMXBean. */
typedef struct VMFlag {
    const char *name;
    char type;                      /* 'Z' boolean, 'J' long, 'S' string */
    bool z;
    jlong j;
    const char *s;
    bool given;                     /* set by an option (-XX:, or -Xmx/-Xms/-Xss) */
} VMFlag;
int opts_flag_count(void);
bool opts_flag(int index, VMFlag *out);

/* Boot (runtime/boot.c): everything JNI_CreateJavaVM does after parsing options. */
jint vm_boot(Thread *main_thread);
/* The VM's identity: java.vm.name and java.vm.version, and the prefix of its warnings. */
#define VM_NAME "Loupe VM"
#define VM_VERSION "0.1"
#define VM_VENDOR "Loupe"
#define VM_INFO "interpreted mode"

/* Output through the vfprintf hook when one is installed. */
void vm_printf(FILE *fp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "Loupe VM warning: ..." on stderr, as HotSpot words its warnings. */
void vm_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Terminates the process via the exit hook, if any. */
_Noreturn void vm_exit(int code);
/* Aborts the process (a core dump, as HotSpot's fatal errors), through the abort hook if any. */
_Noreturn void vm_abort(void);
/* "Error occurred during initialization of VM" and msg on stdout, then exit status 1
 * through the abort hook, as HotSpot fails during start-up. */
_Noreturn void vm_exit_during_init(const char *msg);
double vm_uptime_seconds(void);
jlong vm_nanotime(void);

/* verbose logging in HotSpot's unified-logging shape: "[0.012s][info][class,load] ..." */
void vm_log(const char *tags, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* the same at another level ("debug") */
void vm_log_at(const char *level, const char *tags, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
