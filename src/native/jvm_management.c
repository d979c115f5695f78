/*
 * jvm_management.c — JVM_GetManagement: the management interface's function table, and
 * its VM-wide entries (version, optional features, numeric and boolean attributes, VM
 * flags, heap dumps).
 *
 * java.lang.management is mostly Java code in the JDK; what it needs from the VM it asks
 * through the natives of libmanagement.so and libmanagement_ext.so, which call the table
 * below (jmm.h describes the contract).  The table's entries are grouped by what they
 * report on: this file, threads (jmm_threads.c) and memory (jmm_memory.c).  Each entry
 * is called like a JNI function, from native code on a Java thread, and enters VM state
 * with JNI_ENTER.
 *
 * What Loupe reports, and where it differs from HotSpot:
 *   - the run-time counters behind RuntimeMXBean, ClassLoadingMXBean and ThreadMXBean are
 *     real (loaded classes are the classes defined by any loader, arrays excepted, as
 *     HotSpot counts them; the unloaded ones, heap/classunload.c, count among those loaded);
 *   - there is no compiler: sun.management.compiler is unset, so
 *     ManagementFactory.getCompilationMXBean() is null, exactly as on HotSpot with -Xint;
 *   - VM flags (HotSpotDiagnosticMXBean) are the -XX flags Loupe honours, with their
 *     values now (-Xmx and friends setting theirs), none of them writeable; the
 *     diagnostic commands are a small set (jmm_dcmd.c); the VM-internal counters Loupe
 *     does not keep (safepoint and class-loading times) are -1, and a heap dump fails
 *     with an IOException.
 */
#include "native/jni_internal.h"
#include "heap/classunload.h"
#include "native/jmm.h"
#include "classfile/classfile.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "interp/interp.h"
#include "runtime/jstring.h"
#include "runtime/jthread.h"
#include "runtime/vm.h"
#include <unistd.h>

/* ---- helpers shared with jmm_threads.c and jmm_memory.c ---- */

Class *jmm_class(Thread *t, const char *name) {
    Class *c = ld_load(t, sym_intern_cstr(name), NULL, false);
    return c && class_init(t, c) ? c : NULL;
}

Object **jmm_alloc(Thread *t, Class *c) {
    Object **o = hnd_new(t, heap_alloc_object(t, c));
    return *o ? o : NULL;
}

bool jmm_init(Thread *t, Object **obj, const char *sig, Slot *args) {
    Method *ctor = class_find_declared_method((*obj)->klass, sym_init, sym_intern_cstr(sig));
    if (!ctor) vm_fatal("%s.<init>%s missing", (*obj)->klass->name->str, sig);
    args[0].l = *obj;
    return interp_call(t, ctor, args, NULL);
}

bool jmm_array_of(Object *array, Class *elem) {
    return array && array->klass->flags & CF_ARRAY && array->klass->component == elem;
}

/* ---- version and optional features ---- */

static jint JNICALL jmm_GetVersion(JNIEnv *env) {
    UNUSED(env);
    return JMM_VERSION;
}

static jint JNICALL jmm_GetOptionalSupport(JNIEnv *env, JmmOptionalSupport *support) {
    UNUSED(env);
    if (!support) return -1;
    memset(support, 0, sizeof *support);
    support->low_memory_detection = 1;          /* collection-usage thresholds */
    support->thread_contention_monitoring = 1;
    support->current_thread_cpu_time = 1;
    support->other_thread_cpu_time = 1;
    support->object_monitor_usage = 1;
    support->synchronizer_usage = 1;
    support->thread_allocated_memory = 1;
    support->remote_diagnostic_commands = 1;    /* an empty list of them */
    return 0;
}

/* ---- numeric attributes ---- */

typedef struct ClassTally {
    int64_t loaded;
    int64_t initialized;
    int64_t bytes;
} ClassTally;

static void tally_class(Class *c, void *ctx) {
    ClassTally *n = ctx;
    if (class_is_array(c) || class_is_primitive(c)) return;
    n->loaded++;
    if (class_state(c) == CS_INITIALIZED) n->initialized++;
    n->bytes += (int64_t)cf_footprint(c);
}

static ClassTally class_tally(Thread *t) {
    ClassTally n = { 0, 0, 0 };
    /* the class list lock is taken in a safe state: a collection may hold it */
    int old = thread_block_begin(t);
    ld_foreach_class(tally_class, &n);
    thread_block_end(t, old);
    return n;
}

static jlong long_attribute(Thread *t, JmmLongAttribute att) {
    JThreadCounts tc;
    switch (att) {
    case JMM_CLASS_LOADED_COUNT: return class_tally(t).loaded + (jlong)cu_unloaded_count();
    case JMM_CLASS_UNLOADED_COUNT: return (jlong)cu_unloaded_count();
    case JMM_THREAD_TOTAL_COUNT: tc = jthread_counts(); return tc.started;
    case JMM_THREAD_LIVE_COUNT: tc = jthread_counts(); return tc.live;
    case JMM_THREAD_PEAK_COUNT: tc = jthread_counts(); return tc.peak;
    case JMM_THREAD_DAEMON_COUNT: tc = jthread_counts(); return tc.daemon;
    case JMM_JVM_INIT_DONE_TIME_MS: return vm_init_done_millis;
    case JMM_JVM_UPTIME_MS: return (vm_nanotime() - (jlong)vm_start_nanos) / 1000000;
    case JMM_COMPILE_TOTAL_TIME_MS: return 0;
    case JMM_OS_PROCESS_ID: return getpid();
    case JMM_OS_MEM_TOTAL_PHYSICAL_BYTES: return (jlong)sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE);
    case JMM_CLASS_LOADED_BYTES: return class_tally(t).bytes + (jlong)cu_unloaded_bytes();
    case JMM_CLASS_UNLOADED_BYTES: return (jlong)cu_unloaded_bytes();
    case JMM_CLASS_INIT_TOTAL_COUNT: return class_tally(t).initialized;
    case JMM_VM_GLOBAL_COUNT: return opts_flag_count();
    case JMM_VM_THREAD_COUNT: return 0;        /* Loupe has no VM-internal threads */
    case JMM_SHARED_CLASS_LOADED_COUNT: case JMM_SHARED_CLASS_UNLOADED_COUNT:
    case JMM_SHARED_CLASS_LOADED_BYTES: case JMM_SHARED_CLASS_UNLOADED_BYTES:
        return 0;                               /* no class-data sharing */
    default: return -1;
    }
}

static jlong JNICALL jmm_GetLongAttribute(JNIEnv *env, jobject obj, JmmLongAttribute att) {
    JNI_ENTER(env);
    if (!obj) JNI_RETURN(long_attribute(t, att));
    Object **mgr = hnd_new(t, hnd_get(obj));
    JNI_RETURN(jmm_gc_attribute(t, mgr, att));
}

static jint JNICALL jmm_GetLongAttributes(JNIEnv *env, jobject obj, JmmLongAttribute *atts, jint count, jlong *result) {
    JNI_ENTER(env);
    if (!atts || !result) {
        exc_npe(t);
        JNI_RETURN(0);
    }
    Object **mgr = obj ? hnd_new(t, hnd_get(obj)) : NULL;
    jint found = 0;
    for (jint i = 0; i < count && !exc_pending(t); i++) {
        result[i] = mgr ? jmm_gc_attribute(t, mgr, atts[i]) : long_attribute(t, atts[i]);
        if (result[i] != -1) found++;
    }
    JNI_RETURN(found);
}

/* ---- switches ---- */

volatile bool jmm_thread_cpu_time_enabled = true;
volatile bool jmm_thread_allocated_memory_enabled = true;

static bool get_flag(volatile bool *f) { return __atomic_load_n(f, __ATOMIC_RELAXED); }
static bool swap_flag(volatile bool *f, bool v) { return __atomic_exchange_n(f, v, __ATOMIC_RELAXED); }

static jboolean JNICALL jmm_GetBoolAttribute(JNIEnv *env, JmmBoolAttribute att) {
    UNUSED(env);
    switch (att) {
    case JMM_VERBOSE_GC: return heap_verbose();
    case JMM_VERBOSE_CLASS: return get_flag(&vm_opts.verbose_class) && get_flag(&vm_opts.verbose_class_more);
    case JMM_THREAD_CONTENTION_MONITORING: return get_flag(&thread_timing_contention);
    case JMM_THREAD_CPU_TIME: return get_flag(&jmm_thread_cpu_time_enabled);
    case JMM_THREAD_ALLOCATED_MEMORY: return get_flag(&jmm_thread_allocated_memory_enabled);
    default: return JNI_FALSE;
    }
}

static jboolean JNICALL jmm_SetBoolAttribute(JNIEnv *env, JmmBoolAttribute att, jboolean flag) {
    UNUSED(env);
    bool on = flag != JNI_FALSE;
    switch (att) {
    case JMM_VERBOSE_GC: return heap_set_verbose(on);
    case JMM_VERBOSE_CLASS: {       /* every class+load tag set, as HotSpot's set_verbose */
        bool was = get_flag(&vm_opts.verbose_class) && get_flag(&vm_opts.verbose_class_more);
        swap_flag(&vm_opts.verbose_class, on);
        swap_flag(&vm_opts.verbose_class_more, on);
        return was;
    }
    case JMM_THREAD_CONTENTION_MONITORING: return swap_flag(&thread_timing_contention, on);
    case JMM_THREAD_CPU_TIME: return swap_flag(&jmm_thread_cpu_time_enabled, on);
    case JMM_THREAD_ALLOCATED_MEMORY: return swap_flag(&jmm_thread_allocated_memory_enabled, on);
    default: return JNI_FALSE;
    }
}

static jboolean JNICALL jmm_ResetStatistic(JNIEnv *env, jvalue obj, JmmStatisticType type) {
    JNI_ENTER(env);
    switch (type) {
    case JMM_STAT_PEAK_THREAD_COUNT:
        jthread_reset_peak();
        JNI_RETURN(JNI_TRUE);
    case JMM_STAT_THREAD_CONTENTION_COUNT:
    case JMM_STAT_THREAD_CONTENTION_TIME:
        if (obj.j < 0) {
            exc_throw(t, VMC_IllegalArgumentException, NULL);
            JNI_RETURN(JNI_FALSE);
        }
        JNI_RETURN(jmm_reset_contention(t, obj.j, type == JMM_STAT_THREAD_CONTENTION_TIME));
    case JMM_STAT_PEAK_POOL_USAGE:
    case JMM_STAT_GC_STAT: {
        if (!obj.l) {
            exc_npe(t);
            JNI_RETURN(JNI_FALSE);
        }
        Object **h = hnd_new(t, hnd_get(obj.l));
        JNI_RETURN(type == JMM_STAT_PEAK_POOL_USAGE ? jmm_reset_pool_peak(t, h) : jmm_reset_gc_stat(t, h));
    }
    default:
        JNI_RETURN(JNI_FALSE);
    }
}

/* ---- VM flags: the -XX flags Loupe honours (runtime/options.c), none writeable ---- */

static bool is_string_array(Object *a) { return a && jmm_array_of(a, VMC(String)); }

jobjectArray jmm_string_array(Thread *t, int n, const char *(*name)(int i)) {
    Class *ac = ld_array_of(t, VMC(String));
    HandleMark hm = hnd_mark(t);
    Object **arr = hnd_new(t, ac ? heap_alloc_array(t, ac, n) : NULL);
    for (int i = 0; *arr && i < n; i++) {
        Object *s = jstr_new_utf8(t, name(i));
        if (!s) *arr = NULL;
        else heap_store_ref(*arr, &ARRAY_ELEMS(*arr, Object *)[i], s);
    }
    Object *r = *arr;
    hnd_release(t, hm);
    return hnd_local(t, r);
}

static const char *flag_name(int i) {
    VMFlag f;
    return opts_flag(i, &f) ? f.name : "";
}

static jobjectArray JNICALL jmm_GetVMGlobalNames(JNIEnv *env) {
    JNI_ENTER(env);
    JNI_RETURN(jmm_string_array(t, opts_flag_count(), flag_name));
}

/* Fills g for flag f; name is the caller's String for it, or NULL to make one. */
static bool fill_global(Thread *t, JmmVMGlobal *g, const VMFlag *f, jobject name) {
    memset(g, 0, sizeof *g);
    g->name = name ? name : hnd_local(t, jstr_new_utf8(t, f->name));
    if (!g->name) return false;
    switch (f->type) {
    case 'Z': g->type = JMM_VMGLOBAL_TYPE_JBOOLEAN; g->value.z = f->z; break;
    case 'J': g->type = JMM_VMGLOBAL_TYPE_JLONG; g->value.j = f->j; break;
    default:
        g->type = JMM_VMGLOBAL_TYPE_JSTRING;
        g->value.l = f->s ? hnd_local(t, jstr_new_utf8(t, f->s)) : NULL;
        if (f->s && !g->value.l) return false;
        break;
    }
    g->origin = f->given ? JMM_VMGLOBAL_ORIGIN_COMMAND_LINE : JMM_VMGLOBAL_ORIGIN_DEFAULT;
    g->writeable = 0;
    g->external = 1;
    return true;
}

static bool find_flag(Object *name, VMFlag *out) {
    char *u = jstr_to_utf8(name);
    bool found = false;
    for (int i = 0; u && !found && opts_flag(i, out); i++) found = strcmp(out->name, u) == 0;
    vm_free(u);
    return found;
}

static jint JNICALL jmm_GetVMGlobals(JNIEnv *env, jobjectArray names, JmmVMGlobal *globals, jint count) {
    JNI_ENTER(env);
    if (!globals) {
        exc_npe(t);
        JNI_RETURN(0);
    }
    jint found = 0;
    VMFlag f;
    if (!names) {
        for (int i = 0; found < count && opts_flag(i, &f); i++) {
            if (!fill_global(t, &globals[found], &f, NULL)) JNI_RETURN(0);
            found++;
        }
        JNI_RETURN(found);
    }
    if (!is_string_array(hnd_get(names))) {
        exc_throw(t, VMC_IllegalArgumentException, "Array element type is not String class");
        JNI_RETURN(0);
    }
    for (jint i = 0; i < array_length(hnd_get(names)) && i < count; i++) {
        Object *name = ARRAY_ELEMS(hnd_get(names), Object *)[i];
        if (!name) {
            exc_npe(t);
            JNI_RETURN(0);
        }
        if (!find_flag(name, &f)) {
            globals[i].name = NULL;
            continue;
        }
        if (!fill_global(t, &globals[i], &f, hnd_local(t, name))) JNI_RETURN(0);
        found++;
    }
    JNI_RETURN(found);
}

static void JNICALL jmm_SetVMGlobal(JNIEnv *env, jstring name, jvalue value) {
    UNUSED(value);
    JNI_ENTER(env);
    Object *s = hnd_get(name);
    if (!s) {
        exc_throw(t, VMC_NullPointerException, "The flag name cannot be null.");
        JNI_RETURN_VOID();
    }
    VMFlag f;
    if (!find_flag(s, &f)) {
        char *u = jstr_to_utf8(s);
        exc_throw(t, VMC_IllegalArgumentException, "Flag %s does not exist.", u ? u : "");
        vm_free(u);
    } else {
        exc_throw(t, VMC_IllegalArgumentException, "only 'manageable' flags can be set");
    }
    JNI_RETURN_VOID();
}

static jint JNICALL jmm_GetInternalThreadTimes(JNIEnv *env, jobjectArray names, jlongArray times) {
    JNI_ENTER(env);
    if (!names || !times) {
        exc_npe(t);
        JNI_RETURN(0);
    }
    if (!is_string_array(hnd_get(names))) {
        exc_throw(t, VMC_IllegalArgumentException, "Array element type is not String class");
        JNI_RETURN(0);
    }
    JNI_RETURN(0);                              /* no VM-internal threads */
}

/* ---- heap dumps ---- */

/* HotSpotDiagnosticMXBean.dumpHeap: an HPROF file (heap/heapdump.c) or an IOException
 * saying why not. */
static jint JNICALL jmm_DumpHeap0(JNIEnv *env, jstring file, jboolean live) {
    JNI_ENTER(env);
    if (!hnd_get(file)) {
        exc_throw(t, VMC_NullPointerException, "Output file name cannot be null.");
        JNI_RETURN(-1);
    }
    char *path = jstr_to_utf8(hnd_get(file));
    char err[256] = "bad file name";
    int64_t size = path ? heap_dump_hprof(t, path, live, err, sizeof err) : -1;
    vm_free(path);
    if (size < 0) {
        Class *ioe = jmm_class(t, "java/io/IOException");
        if (ioe) exc_throw_class(t, ioe, err);
        JNI_RETURN(-1);
    }
    JNI_RETURN(0);
}

/* ---- the table ---- */

static const JmmInterface jmm_table = {
    .reserved1 = NULL,
    .reserved2 = NULL,
    .GetVersion = jmm_GetVersion,
    .GetOptionalSupport = jmm_GetOptionalSupport,
    .GetThreadInfo = jmm_GetThreadInfo,
    .GetMemoryPools = jmm_GetMemoryPools,
    .GetMemoryManagers = jmm_GetMemoryManagers,
    .GetMemoryPoolUsage = jmm_GetMemoryPoolUsage,
    .GetPeakMemoryPoolUsage = jmm_GetPeakMemoryPoolUsage,
    .GetOneThreadAllocatedMemory = jmm_GetOneThreadAllocatedMemory,
    .GetThreadAllocatedMemory = jmm_GetThreadAllocatedMemory,
    .GetMemoryUsage = jmm_GetMemoryUsage,
    .GetLongAttribute = jmm_GetLongAttribute,
    .GetBoolAttribute = jmm_GetBoolAttribute,
    .SetBoolAttribute = jmm_SetBoolAttribute,
    .GetLongAttributes = jmm_GetLongAttributes,
    .FindCircularBlockedThreads = jmm_FindCircularBlockedThreads,
    .GetThreadCpuTime = jmm_GetThreadCpuTime,
    .GetVMGlobalNames = jmm_GetVMGlobalNames,
    .GetVMGlobals = jmm_GetVMGlobals,
    .GetInternalThreadTimes = jmm_GetInternalThreadTimes,
    .ResetStatistic = jmm_ResetStatistic,
    .SetPoolSensor = jmm_SetPoolSensor,
    .SetPoolThreshold = jmm_SetPoolThreshold,
    .GetPoolCollectionUsage = jmm_GetPoolCollectionUsage,
    .GetGCExtAttributeInfo = jmm_GetGCExtAttributeInfo,
    .GetLastGCStat = jmm_GetLastGCStat,
    .GetThreadCpuTimeWithKind = jmm_GetThreadCpuTimeWithKind,
    .GetThreadCpuTimesWithKind = jmm_GetThreadCpuTimesWithKind,
    .DumpHeap0 = jmm_DumpHeap0,
    .FindDeadlocks = jmm_FindDeadlocks,
    .SetVMGlobal = jmm_SetVMGlobal,
    .GetTotalThreadAllocatedMemory = jmm_GetTotalThreadAllocatedMemory,
    .DumpThreads = jmm_DumpThreads,
    .SetGCNotificationEnabled = jmm_SetGCNotificationEnabled,
    .GetDiagnosticCommands = jmm_GetDiagnosticCommands,
    .GetDiagnosticCommandInfo = jmm_GetDiagnosticCommandInfo,
    .GetDiagnosticCommandArgumentsInfo = jmm_GetDiagnosticCommandArgumentsInfo,
    .ExecuteDiagnosticCommand = jmm_ExecuteDiagnosticCommand,
    .SetDiagnosticFrameworkNotificationEnabled = jmm_SetDiagnosticFrameworkNotificationEnabled,
};

/* Only the version JDK 17's libraries ask for is served, as HotSpot 17 does. */
JNIEXPORT void *JNICALL JVM_GetManagement(jint version) {
    return version == JMM_VERSION ? (void *)&jmm_table : NULL;
}
