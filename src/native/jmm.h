/*
 * jmm.h — the VM's side of the JDK's monitoring and management interface ("JMM").
 *
 * The natives of java.management (libmanagement.so) and jdk.management
 * (libmanagement_ext.so) do not call the VM through JNI_* or JVM_* names but through a
 * table of function pointers that JVM_GetManagement(version) returns.  JDK 17 asks for
 * version 3.0 (JMM_VERSION_3) and gets NULL back for anything the VM cannot serve.  The
 * layout below is a binary contract with those libraries: the order and types of the
 * table's slots, the numeric values of the attribute codes and the layout of the structs
 * they pass in must match what they were compiled against; the names are Loupe's.
 *
 * The implementation is split by area (prefix jmm_): native/jvm_management.c (the table,
 * version, attributes, flags, heap dumps), native/jmm_dcmd.c (diagnostic commands),
 * native/jmm_threads.c (ThreadInfo,
 * thread dumps, deadlocks, CPU times, allocated bytes), native/jmm_memory.c (memory
 * pools and managers, usage, collector statistics, thresholds) and native/jmm_notify.c
 * (the thread that delivers notifications).
 */
#ifndef LOUPE_JMM_H
#define LOUPE_JMM_H

#include "loupe.h"
#include "heap/heap.h"
#include <stdio.h>

/* Versions: 0x2MMMmmuu (major, minor, micro).  JDK 17's libraries ask for 3.0 exactly. */
enum {
    JMM_VERSION_1_0 = 0x20010000,
    JMM_VERSION_2 = 0x20020000,
    JMM_VERSION_3 = 0x20030000,
    JMM_VERSION = JMM_VERSION_3,
};

/* Optional features, one bit each in this order (GetOptionalSupport). */
typedef struct JmmOptionalSupport {
    unsigned int low_memory_detection : 1;
    unsigned int compilation_time_monitoring : 1;
    unsigned int thread_contention_monitoring : 1;
    unsigned int current_thread_cpu_time : 1;
    unsigned int other_thread_cpu_time : 1;
    unsigned int object_monitor_usage : 1;
    unsigned int synchronizer_usage : 1;
    unsigned int thread_allocated_memory : 1;
    unsigned int remote_diagnostic_commands : 1;
    unsigned int : 22;
} JmmOptionalSupport;

/* Numeric attributes (GetLongAttribute).  1..11 are the standard ones; 100.. are the
 * VM-specific counters behind sun.management's Hotspot* MBeans; 200.. the OS; 401 is asked
 * of a collector. */
typedef enum JmmLongAttribute {
    JMM_CLASS_LOADED_COUNT = 1,         /* classes loaded since start (unloaded included) */
    JMM_CLASS_UNLOADED_COUNT = 2,
    JMM_THREAD_TOTAL_COUNT = 3,         /* threads started since start */
    JMM_THREAD_LIVE_COUNT = 4,
    JMM_THREAD_PEAK_COUNT = 5,
    JMM_THREAD_DAEMON_COUNT = 6,
    JMM_JVM_INIT_DONE_TIME_MS = 7,      /* wall-clock time (ms since the epoch) start-up ended */
    JMM_COMPILE_TOTAL_TIME_MS = 8,
    JMM_GC_TIME_MS = 9,                 /* of one collector */
    JMM_GC_COUNT = 10,                  /* of one collector */
    JMM_JVM_UPTIME_MS = 11,

    JMM_INTERNAL_ATTRIBUTE_INDEX = 100,
    JMM_CLASS_LOADED_BYTES = 101,
    JMM_CLASS_UNLOADED_BYTES = 102,
    JMM_TOTAL_CLASSLOAD_TIME_MS = 103,
    JMM_VM_GLOBAL_COUNT = 104,
    JMM_SAFEPOINT_COUNT = 105,
    JMM_TOTAL_SAFEPOINTSYNC_TIME_MS = 106,
    JMM_TOTAL_STOPPED_TIME_MS = 107,
    JMM_TOTAL_APP_TIME_MS = 108,
    JMM_VM_THREAD_COUNT = 109,
    JMM_CLASS_INIT_TOTAL_COUNT = 110,
    JMM_CLASS_INIT_TOTAL_TIME_MS = 111,
    JMM_METHOD_DATA_SIZE_BYTES = 112,
    JMM_CLASS_VERIFY_TOTAL_TIME_MS = 113,
    JMM_SHARED_CLASS_LOADED_COUNT = 114,
    JMM_SHARED_CLASS_UNLOADED_COUNT = 115,
    JMM_SHARED_CLASS_LOADED_BYTES = 116,
    JMM_SHARED_CLASS_UNLOADED_BYTES = 117,

    JMM_OS_ATTRIBUTE_INDEX = 200,
    JMM_OS_PROCESS_ID = 201,
    JMM_OS_MEM_TOTAL_PHYSICAL_BYTES = 202,

    JMM_GC_EXT_ATTRIBUTE_INFO_SIZE = 401,   /* number of collector-specific GcInfo attributes */
} JmmLongAttribute;

/* Switches (GetBoolAttribute / SetBoolAttribute). */
typedef enum JmmBoolAttribute {
    JMM_VERBOSE_GC = 21,
    JMM_VERBOSE_CLASS = 22,
    JMM_THREAD_CONTENTION_MONITORING = 23,
    JMM_THREAD_CPU_TIME = 24,
    JMM_THREAD_ALLOCATED_MEMORY = 25,
} JmmBoolAttribute;

/* Bits or-ed into the thread status a ThreadInfo is built with (above the JVMTI bits). */
enum {
    JMM_THREAD_STATE_FLAG_SUSPENDED = 0x00100000,
    JMM_THREAD_STATE_FLAG_NATIVE = 0x00400000,
};

/* What ResetStatistic resets. */
typedef enum JmmStatisticType {
    JMM_STAT_PEAK_THREAD_COUNT = 801,
    JMM_STAT_THREAD_CONTENTION_COUNT = 802,
    JMM_STAT_THREAD_CONTENTION_TIME = 803,
    JMM_STAT_THREAD_CONTENTION_STAT = 804,
    JMM_STAT_PEAK_POOL_USAGE = 805,
    JMM_STAT_GC_STAT = 806,
} JmmStatisticType;

/* Memory pool thresholds (SetPoolThreshold, SetPoolSensor). */
typedef enum JmmThresholdType {
    JMM_USAGE_THRESHOLD_HIGH = 901,
    JMM_USAGE_THRESHOLD_LOW = 902,
    JMM_COLLECTION_USAGE_THRESHOLD_HIGH = 903,
    JMM_COLLECTION_USAGE_THRESHOLD_LOW = 904,
} JmmThresholdType;

typedef enum JmmVMGlobalType {
    JMM_VMGLOBAL_TYPE_UNKNOWN = 0,
    JMM_VMGLOBAL_TYPE_JBOOLEAN = 1,
    JMM_VMGLOBAL_TYPE_JSTRING = 2,
    JMM_VMGLOBAL_TYPE_JLONG = 3,
    JMM_VMGLOBAL_TYPE_JDOUBLE = 4,
} JmmVMGlobalType;

typedef enum JmmVMGlobalOrigin {
    JMM_VMGLOBAL_ORIGIN_DEFAULT = 1,
    JMM_VMGLOBAL_ORIGIN_COMMAND_LINE = 2,
    JMM_VMGLOBAL_ORIGIN_MANAGEMENT = 3,
    JMM_VMGLOBAL_ORIGIN_ENVIRON_VAR = 4,
    JMM_VMGLOBAL_ORIGIN_CONFIG_FILE = 5,
    JMM_VMGLOBAL_ORIGIN_ERGONOMIC = 6,
    JMM_VMGLOBAL_ORIGIN_ATTACH_ON_DEMAND = 7,
    JMM_VMGLOBAL_ORIGIN_OTHER = 99,
} JmmVMGlobalOrigin;

/* One VM flag (GetVMGlobals), filled by the VM. */
typedef struct JmmVMGlobal {
    jstring name;
    jvalue value;
    JmmVMGlobalType type;
    JmmVMGlobalOrigin origin;
    unsigned int writeable : 1;
    unsigned int external : 1;
    unsigned int reserved : 30;
    void *reserved1;
    void *reserved2;
} JmmVMGlobal;

/* A collector-specific GcInfo attribute: name, JNI type letter, description. */
typedef struct JmmExtAttributeInfo {
    const char *name;
    char type;
    const char *description;
} JmmExtAttributeInfo;

/* The last collection of one collector (GetLastGCStat).  The caller fills the two usage
 * arrays (one MemoryUsage slot per memory pool, in GetMemoryPools(NULL) order) and the
 * attribute value buffer; gc_index 0 on return means "no collection yet". */
typedef struct JmmGCStat {
    jlong gc_index;                     /* 1 for the first collection */
    jlong start_time;                   /* ms since VM start */
    jlong end_time;
    jobjectArray usage_before_gc;
    jobjectArray usage_after_gc;
    jint gc_ext_attribute_values_size;  /* set by the caller */
    jvalue *gc_ext_attribute_values;    /* caller's buffer */
    jint num_gc_ext_attributes;         /* set by the VM */
} JmmGCStat;

/* A diagnostic command and its arguments (strings owned by the VM). */
typedef struct JmmDcmdInfo {
    const char *name;
    const char *description;
    const char *impact;
    const char *permission_class;
    const char *permission_name;
    const char *permission_action;
    int num_arguments;
    jboolean enabled;
} JmmDcmdInfo;

typedef struct JmmDcmdArgInfo {
    const char *name;
    const char *description;
    const char *type;
    const char *default_string;
    jboolean mandatory;
    jboolean option;
    jboolean multiple;
    int position;
} JmmDcmdArgInfo;

/* The function table.  Slot order is the contract; two leading slots are unused. */
typedef struct JmmInterface {
    void *reserved1;
    void *reserved2;
    jint (JNICALL *GetVersion)(JNIEnv *env);
    jint (JNICALL *GetOptionalSupport)(JNIEnv *env, JmmOptionalSupport *support);
    jint (JNICALL *GetThreadInfo)(JNIEnv *env, jlongArray ids, jint max_depth, jobjectArray infos);
    jobjectArray (JNICALL *GetMemoryPools)(JNIEnv *env, jobject mgr);
    jobjectArray (JNICALL *GetMemoryManagers)(JNIEnv *env, jobject pool);
    jobject (JNICALL *GetMemoryPoolUsage)(JNIEnv *env, jobject pool);
    jobject (JNICALL *GetPeakMemoryPoolUsage)(JNIEnv *env, jobject pool);
    jlong (JNICALL *GetOneThreadAllocatedMemory)(JNIEnv *env, jlong tid);
    void (JNICALL *GetThreadAllocatedMemory)(JNIEnv *env, jlongArray ids, jlongArray sizes);
    jobject (JNICALL *GetMemoryUsage)(JNIEnv *env, jboolean heap);
    jlong (JNICALL *GetLongAttribute)(JNIEnv *env, jobject obj, JmmLongAttribute att);
    jboolean (JNICALL *GetBoolAttribute)(JNIEnv *env, JmmBoolAttribute att);
    jboolean (JNICALL *SetBoolAttribute)(JNIEnv *env, JmmBoolAttribute att, jboolean flag);
    jint (JNICALL *GetLongAttributes)(JNIEnv *env, jobject obj, JmmLongAttribute *atts, jint count, jlong *result);
    jobjectArray (JNICALL *FindCircularBlockedThreads)(JNIEnv *env);
    jlong (JNICALL *GetThreadCpuTime)(JNIEnv *env, jlong tid);
    jobjectArray (JNICALL *GetVMGlobalNames)(JNIEnv *env);
    jint (JNICALL *GetVMGlobals)(JNIEnv *env, jobjectArray names, JmmVMGlobal *globals, jint count);
    jint (JNICALL *GetInternalThreadTimes)(JNIEnv *env, jobjectArray names, jlongArray times);
    jboolean (JNICALL *ResetStatistic)(JNIEnv *env, jvalue obj, JmmStatisticType type);
    void (JNICALL *SetPoolSensor)(JNIEnv *env, jobject pool, JmmThresholdType type, jobject sensor);
    jlong (JNICALL *SetPoolThreshold)(JNIEnv *env, jobject pool, JmmThresholdType type, jlong threshold);
    jobject (JNICALL *GetPoolCollectionUsage)(JNIEnv *env, jobject pool);
    jint (JNICALL *GetGCExtAttributeInfo)(JNIEnv *env, jobject mgr, JmmExtAttributeInfo *info, jint count);
    void (JNICALL *GetLastGCStat)(JNIEnv *env, jobject mgr, JmmGCStat *stat);
    jlong (JNICALL *GetThreadCpuTimeWithKind)(JNIEnv *env, jlong tid, jboolean user_and_system);
    void (JNICALL *GetThreadCpuTimesWithKind)(JNIEnv *env, jlongArray ids, jlongArray times, jboolean user_and_system);
    jint (JNICALL *DumpHeap0)(JNIEnv *env, jstring file, jboolean live);
    jobjectArray (JNICALL *FindDeadlocks)(JNIEnv *env, jboolean monitors_only);
    void (JNICALL *SetVMGlobal)(JNIEnv *env, jstring name, jvalue value);
    jlong (JNICALL *GetTotalThreadAllocatedMemory)(JNIEnv *env);
    jobjectArray (JNICALL *DumpThreads)(JNIEnv *env, jlongArray ids, jboolean locked_monitors,
                                        jboolean locked_synchronizers, jint max_depth);
    void (JNICALL *SetGCNotificationEnabled)(JNIEnv *env, jobject mgr, jboolean enabled);
    jobjectArray (JNICALL *GetDiagnosticCommands)(JNIEnv *env);
    void (JNICALL *GetDiagnosticCommandInfo)(JNIEnv *env, jobjectArray cmds, JmmDcmdInfo *infos);
    void (JNICALL *GetDiagnosticCommandArgumentsInfo)(JNIEnv *env, jstring cmd, JmmDcmdArgInfo *infos, jint count);
    jstring (JNICALL *ExecuteDiagnosticCommand)(JNIEnv *env, jstring cmdline);
    void (JNICALL *SetDiagnosticFrameworkNotificationEnabled)(JNIEnv *env, jboolean enabled);
} JmmInterface;

/* ---- what the three implementation files share ---- */

/* native/jvm_management.c */
/* A class of the boot layer (java.management, jdk.management, java.base), loaded and
 * initialised; NULL with an exception pending. */
Class *jmm_class(Thread *t, const char *name);
/* Constructing a Java object in two steps, so that the constructor's arguments can be
 * taken from handles after the allocation (which may move objects): a new instance of c
 * in a new handle (NULL with an exception), then its constructor with descriptor sig run
 * with args[1..] as on an operand stack (args[0] is set to the object; false with an
 * exception). */
Object **jmm_alloc(Thread *t, Class *c);
bool jmm_init(Thread *t, Object **obj, const char *sig, Slot *args);
/* Runs one diagnostic command line ("Thread.print -l"), printing to out (also for the
 * attach mechanism's jcmd); false with an IllegalArgumentException pending. */
typedef enum { DCMD_JMX, DCMD_ATTACH } DcmdSource;
bool jmm_dcmd_run(Thread *t, char *line, FILE *out, DcmdSource source);
/* Whether array is an array whose component type is exactly elem. */
bool jmm_array_of(Object *array, Class *elem);
/* A String[] of n elements, element i holding name(i); a local reference. */
jobjectArray jmm_string_array(Thread *t, int n, const char *(*name)(int i));

/* native/jmm_dcmd.c */
jobjectArray JNICALL jmm_GetDiagnosticCommands(JNIEnv *env);
void JNICALL jmm_GetDiagnosticCommandInfo(JNIEnv *env, jobjectArray cmds, JmmDcmdInfo *infos);
void JNICALL jmm_GetDiagnosticCommandArgumentsInfo(JNIEnv *env, jstring cmd, JmmDcmdArgInfo *infos, jint count);
jstring JNICALL jmm_ExecuteDiagnosticCommand(JNIEnv *env, jstring cmdline);
void JNICALL jmm_SetDiagnosticFrameworkNotificationEnabled(JNIEnv *env, jboolean enabled);

/* native/jmm_threads.c */
jint JNICALL jmm_GetThreadInfo(JNIEnv *env, jlongArray ids, jint max_depth, jobjectArray infos);
jobjectArray JNICALL jmm_DumpThreads(JNIEnv *env, jlongArray ids, jboolean locked_monitors,
                                     jboolean locked_synchronizers, jint max_depth);
jobjectArray JNICALL jmm_FindCircularBlockedThreads(JNIEnv *env);
jobjectArray JNICALL jmm_FindDeadlocks(JNIEnv *env, jboolean monitors_only);
jlong JNICALL jmm_GetThreadCpuTime(JNIEnv *env, jlong tid);
jlong JNICALL jmm_GetThreadCpuTimeWithKind(JNIEnv *env, jlong tid, jboolean user_and_system);
void JNICALL jmm_GetThreadCpuTimesWithKind(JNIEnv *env, jlongArray ids, jlongArray times, jboolean user_and_system);
jlong JNICALL jmm_GetOneThreadAllocatedMemory(JNIEnv *env, jlong tid);
void JNICALL jmm_GetThreadAllocatedMemory(JNIEnv *env, jlongArray ids, jlongArray sizes);
jlong JNICALL jmm_GetTotalThreadAllocatedMemory(JNIEnv *env);
/* Resets one thread's (tid > 0) or every thread's (tid 0) contention count or time;
 * false if there is no such thread. */
bool jmm_reset_contention(Thread *t, jlong tid, bool times);
/* Whether blocked and waited times are measured (ThreadMXBean contention monitoring). */
extern volatile bool jmm_contention_monitoring;
extern volatile bool jmm_thread_cpu_time_enabled;
extern volatile bool jmm_thread_allocated_memory_enabled;

/* native/jmm_memory.c */
jobjectArray JNICALL jmm_GetMemoryPools(JNIEnv *env, jobject mgr);
jobjectArray JNICALL jmm_GetMemoryManagers(JNIEnv *env, jobject pool);
jobject JNICALL jmm_GetMemoryPoolUsage(JNIEnv *env, jobject pool);
jobject JNICALL jmm_GetPeakMemoryPoolUsage(JNIEnv *env, jobject pool);
jobject JNICALL jmm_GetPoolCollectionUsage(JNIEnv *env, jobject pool);
jobject JNICALL jmm_GetMemoryUsage(JNIEnv *env, jboolean heap);
void JNICALL jmm_SetPoolSensor(JNIEnv *env, jobject pool, JmmThresholdType type, jobject sensor);
jlong JNICALL jmm_SetPoolThreshold(JNIEnv *env, jobject pool, JmmThresholdType type, jlong threshold);
jint JNICALL jmm_GetGCExtAttributeInfo(JNIEnv *env, jobject mgr, JmmExtAttributeInfo *info, jint count);
void JNICALL jmm_GetLastGCStat(JNIEnv *env, jobject mgr, JmmGCStat *stat);
void JNICALL jmm_SetGCNotificationEnabled(JNIEnv *env, jobject mgr, jboolean enabled);
/* A collector attribute (JMM_GC_COUNT, JMM_GC_TIME_MS, ...) of the GarbageCollectorMXBean
 * mgr; -1 with IllegalArgumentException pending if mgr is not one of the VM's collectors. */
jlong jmm_gc_attribute(Thread *t, Object **mgr, JmmLongAttribute att);
/* JMM_STAT_PEAK_POOL_USAGE and JMM_STAT_GC_STAT; false if obj is not a pool/collector. */
bool jmm_reset_pool_peak(Thread *t, Object **pool);
bool jmm_reset_gc_stat(Thread *t, Object **mgr);
/* Notifications, prepared on the collecting thread after a collection (VM state, no Java
 * code) and delivered by the Notification Thread. */
bool jmm_gc_notifications_enabled(void);
bool jmm_sensors_after_gc(const HeapGCRecord *r);   /* true if sensors now have work */
void jmm_sensors_process(Thread *t);
void jmm_send_gc_notification(Thread *t, const HeapGCRecord *r, jlong when);

/* native/jmm_notify.c */
/* Starts the Notification Thread (once: at boot, after the Signal Dispatcher). */
void jmm_notify_start_thread(void);
/* Starts the Notification Thread if need be and hooks it to the end of collections (once). */
void jmm_notify_start(void);
/* Tells the Notification Thread that sensors have work. */
void jmm_notify_wake(void);

#endif
