/*
 * jmm_memory.c — the management interface's memory entries: memory pools and managers
 * (MemoryPoolMXBean, MemoryManagerMXBean, GarbageCollectorMXBean), heap and non-heap
 * usage, collection counts and times, and the last collection's GcInfo.
 *
 * The pools are the active collector's (heap/gc.h: for the semispace copier, the space
 * being allocated in and the copy reserve) followed by one non-heap pool, "Class
 * Metadata": the C memory parsed classes occupy (heap.c's and classfile.c's accounting).
 * Managers look after them, as on HotSpot: the collector (a GarbageCollectorMXBean over
 * every heap pool, or, for the generational collector, HotSpot Serial's two: "Copy" over
 * the young pools and "MarkSweepCompact" over all, each with its own counts) and
 * "Metadata Manager" over the metadata pool.
 *
 * Java objects stand for pools and managers.  As on HotSpot the VM makes each of them
 * once, on first need, by calling the JDK's factories — the private static
 * sun.management.ManagementFactoryHelper.createMemoryPool / createMemoryManager, and for
 * the collector com.sun.management.internal.GarbageCollectorExtImpl.createGarbageCollector
 * (which adds GcInfo and notifications) when jdk.management is present — and keeps it in
 * a global reference; a native called on such an object finds its pool or manager by
 * identity.  Two threads may race to make one: the first to publish wins.
 *
 * Low-memory detection, with HotSpot's counting.  Every heap pool supports a
 * collection-usage threshold (its use right after a collection, which is what says whether
 * live data outgrows the heap): after every collection a pool at or over its high
 * threshold gets one more pending "trigger" for its sensor, a pool back under its low
 * threshold a pending "clear".  The pools that keep what outlives collections (gc.h's
 * threshold_pools: an old generation, a copier's allocation space; not an eden, which
 * fills up and empties on every cycle) also support a usage threshold, a gauge: a pool
 * that crosses it upwards gets a trigger, one that falls back under the low threshold a
 * clear, checked when the threshold is set and after every collection (a heap pool's use
 * only grows past what the last collection left by allocation, which the next collection
 * measures).  So does the metadata pool, whose use the Notification Thread measures after
 * every collection (counting it walks the loaded classes, which a collecting thread may
 * not).  That thread (jmm_notify.c) then calls the pool's sun.management.Sensor, which
 * counts and tells MemoryMXBean's listeners.
 *
 * Collection notifications (GarbageCollectorExtImpl listeners) are sent by the same
 * thread: a GcInfo built like GetLastGCStat's, from the bean that counted the collection,
 * announced as "end of minor GC" by a young collector's bean (the generational
 * collector's "Copy") and "end of major GC" otherwise, with the collection's cause.
 */
#include "native/jni_internal.h"
#include "native/jmm.h"
#include "classfile/classfile.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "interp/interp.h"
#include "runtime/jstring.h"
#include "runtime/vm.h"

#define MAX_POOLS (HEAP_MAX_POOLS + 1)

/* A threshold and its sensor: the usage threshold (a gauge) or the collection-usage one
 * (a counter). */
enum { TH_USAGE, TH_COLLECTION, TH_KINDS };

typedef struct Threshold {
    jlong high, low;                /* 0: off */
    jobject sensor;                 /* the sun.management.Sensor Java gave (global) */
    int pending_trigger, pending_clear;
    bool sensor_on;
    HeapUsage trigger_usage;        /* the usage that last crossed the high threshold */
} Threshold;

typedef struct Pool {
    const char *name;
    int heap_index;                 /* the collector's pool number; -1 for metadata */
    jobject obj;                    /* its MemoryPoolMXBean (global), once made */
    bool has_usage;                 /* supports a usage threshold */
    Threshold th[TH_KINDS];         /* under sensor_lock */
} Pool;

/* The collector's beans (heap.h: one, or a young and a full one), then the metadata's. */
#define MAX_MANAGERS (HEAP_MAX_MANAGERS + 1)

typedef struct Manager {
    const char *name;
    jobject obj;                    /* its MemoryManagerMXBean (global), once made */
} Manager;

static pthread_once_t setup_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t objs_lock = PTHREAD_MUTEX_INITIALIZER;   /* publication of obj */
static Pool pools[MAX_POOLS];
static int npools;
static Manager managers[MAX_MANAGERS];
static int nmanagers, mgr_metadata;
static pthread_mutex_t sensor_lock = PTHREAD_MUTEX_INITIALIZER;
static bool metadata_check;             /* the metadata pool's usage is to be checked */
static pthread_mutex_t metadata_lock = PTHREAD_MUTEX_INITIALIZER;
static int64_t metadata_peak;
static volatile bool gc_notifications;

static void setup(void) {
    int n = heap_pool_count();
    for (int i = 0; i < n; i++)
        pools[npools++] = (Pool){ .name = heap_pool_name(i), .heap_index = i, .has_usage = heap_pool_has_usage_threshold(i) };
    pools[npools++] = (Pool){ .name = "Class Metadata", .heap_index = -1, .has_usage = true };
    for (int i = 0; i < heap_gc_manager_count(); i++) managers[nmanagers++] = (Manager){ heap_gc_manager_name(i), NULL };
    mgr_metadata = nmanagers;
    managers[nmanagers++] = (Manager){ "Metadata Manager", NULL };
}

static void ensure_setup(void) { pthread_once(&setup_once, setup); }

static bool is_gc(int mgr) { return mgr != mgr_metadata; }

/* Which pools a manager manages. */
static bool manages(int mgr, const Pool *p) {
    if (p->heap_index < 0) return !is_gc(mgr);
    return is_gc(mgr) && (heap_gc_manager_pools(mgr) >> p->heap_index & 1);
}

/* ---- usage ---- */

static void tally_metadata(Class *c, void *ctx) {
    *(int64_t *)ctx += (int64_t)(c->arena ? cf_footprint(c) : sizeof(Class));
}

static HeapUsage metadata_usage(Thread *t) {
    int64_t bytes = 0;
    int old = thread_block_begin(t);        /* a collection may hold the class list lock */
    ld_foreach_class(tally_metadata, &bytes);
    thread_block_end(t, old);
    pthread_mutex_lock(&metadata_lock);
    if (bytes > metadata_peak) metadata_peak = bytes;
    pthread_mutex_unlock(&metadata_lock);
    return (HeapUsage){ 0, bytes, bytes, -1 };
}

static HeapUsage pool_usage(Thread *t, const Pool *p) {
    return p->heap_index >= 0 ? heap_pool_usage(p->heap_index) : metadata_usage(t);
}

static HeapUsage pool_peak(Thread *t, const Pool *p) {
    if (p->heap_index >= 0) return heap_pool_peak(p->heap_index);
    HeapUsage u = metadata_usage(t);
    pthread_mutex_lock(&metadata_lock);
    u.used = u.committed = metadata_peak;
    pthread_mutex_unlock(&metadata_lock);
    return u;
}

/* new MemoryUsage(init, used, committed, max), the numbers made consistent first: the
 * constructor insists on used <= committed <= max. */
static Object *usage_object(Thread *t, HeapUsage u) {
    Class *c = jmm_class(t, "java/lang/management/MemoryUsage");
    if (!c) return NULL;
    if (u.used > u.committed) u.committed = u.used;
    if (u.max >= 0 && u.committed > u.max) u.max = u.committed;
    HandleMark hm = hnd_mark(t);
    Object **o = jmm_alloc(t, c);
    Slot a[9];
    a[1].j = u.init < -1 ? -1 : u.init;
    a[3].j = u.used;
    a[5].j = u.committed;
    a[7].j = u.max;
    Object *r = o && jmm_init(t, o, "(JJJJ)V", a) ? *o : NULL;
    hnd_release(t, hm);
    return r;
}

/* ---- the Java objects ---- */

static Object *call_factory(Thread *t, Class *c, const char *name, const char *sig, Slot *args) {
    Method *m = class_find_declared_method(c, sym_intern_cstr(name), sym_intern_cstr(sig));
    if (!m) vm_fatal("%s.%s%s missing", c->name->str, name, sig);
    Slot r;
    return interp_call(t, m, args, &r) ? r.l : NULL;
}

/* Publishes o as *slot unless another thread was first; returns the published object. */
static Object *publish(jobject *slot, Object *o) {
    pthread_mutex_lock(&objs_lock);
    if (!*slot && o) *slot = hnd_new_global(o);
    Object *r = *slot ? hnd_get(*slot) : NULL;
    pthread_mutex_unlock(&objs_lock);
    return r;
}

static Object *published(jobject *slot) {
    pthread_mutex_lock(&objs_lock);
    Object *r = *slot ? hnd_get(*slot) : NULL;
    pthread_mutex_unlock(&objs_lock);
    return r;
}

static Object *pool_object(Thread *t, Pool *p) {
    Object *o = published(&p->obj);
    if (o) return o;
    Class *helper = jmm_class(t, "sun/management/ManagementFactoryHelper");
    Object *name = helper ? jstr_new_utf8(t, p->name) : NULL;
    if (!name) return NULL;
    Slot a[6];
    a[0].l = name;
    a[1].i = p->heap_index >= 0;
    a[2].j = p->has_usage ? 0 : -1;                 /* usage threshold: off, or not supported */
    a[4].j = p->heap_index >= 0 ? 0 : -1;           /* collection usage threshold: off */
    o = call_factory(t, helper, "createMemoryPool", "(Ljava/lang/String;ZJJ)Ljava/lang/management/MemoryPoolMXBean;", a);
    return o ? publish(&p->obj, o) : NULL;
}

static Object *manager_object(Thread *t, int mgr) {
    Manager *m = &managers[mgr];
    Object *o = published(&m->obj);
    if (o) return o;
    Class *helper = jmm_class(t, "sun/management/ManagementFactoryHelper");
    if (!helper) return NULL;
    Class *c = helper;
    if (is_gc(mgr)) {
        /* the richer collector bean of jdk.management, when the image has that module */
        Class *ext = ld_load_boot_or_null(t, sym_intern_cstr("com/sun/management/internal/GarbageCollectorExtImpl"));
        if (exc_pending(t) || (ext && !class_init(t, ext))) return NULL;
        if (ext) c = ext;
    }
    Object *name = jstr_new_utf8(t, m->name);
    if (!name) return NULL;
    Slot a[2] = { { .l = name }, { .l = NULL } };
    o = is_gc(mgr) ? call_factory(t, c, "createGarbageCollector",
                                     "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/management/GarbageCollectorMXBean;", a)
                      : call_factory(t, c, "createMemoryManager",
                                     "(Ljava/lang/String;)Ljava/lang/management/MemoryManagerMXBean;", a);
    return o ? publish(&m->obj, o) : NULL;
}

static Pool *pool_of(Object *o) {
    for (int i = 0; o && i < npools; i++)
        if (published(&pools[i].obj) == o) return &pools[i];
    return NULL;
}

static int manager_of(Object *o) {
    for (int i = 0; o && i < nmanagers; i++)
        if (published(&managers[i].obj) == o) return i;
    return -1;
}

/* The array class of a java.lang.management interface, elements filled by make(i). */
static jobjectArray object_list(Thread *t, const char *elem, int n, const int *which, bool of_pools) {
    Class *ec = jmm_class(t, elem);
    Class *ac = ec ? ld_array_of(t, ec) : NULL;
    if (!ac) return NULL;
    HandleMark hm = hnd_mark(t);
    Object **arr = hnd_new(t, heap_alloc_array(t, ac, n));
    for (int i = 0; *arr && i < n; i++) {
        Object *o = of_pools ? pool_object(t, &pools[which[i]]) : manager_object(t, which[i]);
        if (!o) {
            *arr = NULL;
            break;
        }
        heap_store_ref(*arr, &ARRAY_ELEMS(*arr, Object *)[i], o);
    }
    Object *r = *arr;
    hnd_release(t, hm);
    return hnd_local(t, r);
}

jobjectArray JNICALL jmm_GetMemoryPools(JNIEnv *env, jobject mgr) {
    JNI_ENTER(env);
    ensure_setup();
    int which[MAX_POOLS], n = 0;
    int m = -1;
    if (mgr && (m = manager_of(hnd_get(mgr))) < 0) JNI_RETURN(NULL);
    for (int i = 0; i < npools; i++)
        if (m < 0 || manages(m, &pools[i])) which[n++] = i;
    JNI_RETURN(object_list(t, "java/lang/management/MemoryPoolMXBean", n, which, true));
}

jobjectArray JNICALL jmm_GetMemoryManagers(JNIEnv *env, jobject pool) {
    JNI_ENTER(env);
    ensure_setup();
    int which[MAX_MANAGERS], n = 0;
    Pool *p = NULL;
    if (pool && !(p = pool_of(hnd_get(pool)))) JNI_RETURN(NULL);
    for (int i = 0; i < nmanagers; i++)
        if (!p || manages(i, p)) which[n++] = i;
    JNI_RETURN(object_list(t, "java/lang/management/MemoryManagerMXBean", n, which, false));
}

/* The pool behind a MemoryPoolMXBean argument; NULL (with NullPointerException for a null
 * argument) if there is none. */
static Pool *pool_arg(Thread *t, jobject pool) {
    ensure_setup();
    if (!hnd_get(pool)) {
        exc_npe(t);
        return NULL;
    }
    return pool_of(hnd_get(pool));
}

jobject JNICALL jmm_GetMemoryPoolUsage(JNIEnv *env, jobject pool) {
    JNI_ENTER(env);
    Pool *p = pool_arg(t, pool);
    JNI_RETURN(p ? hnd_local(t, usage_object(t, pool_usage(t, p))) : NULL);
}

jobject JNICALL jmm_GetPeakMemoryPoolUsage(JNIEnv *env, jobject pool) {
    JNI_ENTER(env);
    Pool *p = pool_arg(t, pool);
    JNI_RETURN(p ? hnd_local(t, usage_object(t, pool_peak(t, p))) : NULL);
}

/* Usage after the last collection, for the collected (heap) pools only. */
jobject JNICALL jmm_GetPoolCollectionUsage(JNIEnv *env, jobject pool) {
    JNI_ENTER(env);
    Pool *p = pool_arg(t, pool);
    if (!p || p->heap_index < 0) JNI_RETURN(NULL);
    HeapGCRecord r;
    HeapUsage u;
    if (heap_last_collection(&r)) {
        u = r.after[p->heap_index];
    } else {
        u = heap_pool_usage(p->heap_index);
        u.used = u.committed = 0;
    }
    JNI_RETURN(hnd_local(t, usage_object(t, u)));
}

jobject JNICALL jmm_GetMemoryUsage(JNIEnv *env, jboolean heap) {
    JNI_ENTER(env);
    ensure_setup();
    HeapUsage u;
    if (heap) {
        u = heap_usage();
    } else {
        u = (HeapUsage){ 0, 0, 0, 0 };
        for (int i = 0; i < npools; i++) {
            if (pools[i].heap_index >= 0) continue;
            HeapUsage pu = pool_usage(t, &pools[i]);
            u.init = u.init < 0 || pu.init < 0 ? -1 : u.init + pu.init;
            u.used += pu.used;
            u.committed += pu.committed;
            u.max = u.max < 0 || pu.max < 0 ? -1 : u.max + pu.max;
        }
    }
    JNI_RETURN(hnd_local(t, usage_object(t, u)));
}

bool jmm_reset_pool_peak(Thread *t, Object **pool) {
    ensure_setup();
    Pool *p = pool_of(*pool);
    if (!p) return false;
    if (p->heap_index >= 0) {
        heap_pool_reset_peak(p->heap_index);
    } else {
        pthread_mutex_lock(&metadata_lock);
        metadata_peak = 0;
        pthread_mutex_unlock(&metadata_lock);
        metadata_usage(t);
    }
    return true;
}

/* ---- thresholds and sensors ---- */

/* The threshold a JMM threshold type names on pool p (*high: whether its high end), NULL
 * if p has none of that kind. */
static Threshold *threshold_of(Pool *p, JmmThresholdType type, bool *high) {
    bool usage = type == JMM_USAGE_THRESHOLD_HIGH || type == JMM_USAGE_THRESHOLD_LOW;
    bool collection = type == JMM_COLLECTION_USAGE_THRESHOLD_HIGH || type == JMM_COLLECTION_USAGE_THRESHOLD_LOW;
    if (high) *high = type == JMM_USAGE_THRESHOLD_HIGH || type == JMM_COLLECTION_USAGE_THRESHOLD_HIGH;
    if (usage ? !p->has_usage : !collection || p->heap_index < 0) return NULL;
    return &p->th[usage ? TH_USAGE : TH_COLLECTION];
}

/* A counter (the collection-usage threshold): a trigger every time use is at or over the
 * high threshold, a clear when it falls under the low one after a trigger. */
static void count_crossing(Threshold *th, HeapUsage u) {
    if (u.used >= th->high) {
        th->pending_trigger++;
        th->trigger_usage = u;
        th->pending_clear = 0;
    } else if (th->low > 0 && u.used < th->low && (th->sensor_on || th->pending_trigger > 0)) {
        th->pending_clear++;
    }
}

/* A gauge (the usage threshold): a trigger when use crosses the high threshold while the
 * sensor is off (or about to be cleared), a clear when it falls under the low one while
 * the sensor is on (or about to be triggered). */
static void gauge_crossing(Threshold *th, HeapUsage u) {
    bool over = u.used >= th->high, under = th->low > 0 && u.used < th->low;
    if (over && ((!th->sensor_on && th->pending_trigger == 0) || th->pending_clear > 0)) {
        th->pending_trigger++;
        th->trigger_usage = u;
        th->pending_clear = 0;
    } else if (under && th->pending_clear == 0 && (th->sensor_on || th->pending_trigger > 0)) {
        th->pending_clear++;
    }
}

/* Moves pool p's sensors for its use u (kind: which thresholds); true if one has work.
 * Under sensor_lock. */
static bool pool_crossing(Pool *p, int kind, HeapUsage u) {
    Threshold *th = &p->th[kind];
    if (!th->sensor || th->high <= 0) return false;
    if (kind == TH_USAGE) gauge_crossing(th, u);
    else count_crossing(th, u);
    return th->pending_trigger > 0 || th->pending_clear > 0;
}

void JNICALL jmm_SetPoolSensor(JNIEnv *env, jobject pool, JmmThresholdType type, jobject sensor) {
    JNI_ENTER(env);
    ensure_setup();
    if (!hnd_get(pool) || !hnd_get(sensor)) {
        exc_npe(t);
        JNI_RETURN_VOID();
    }
    Class *sc = jmm_class(t, "sun/management/Sensor");
    if (!sc) JNI_RETURN_VOID();
    if (!class_is_assignable(hnd_get(sensor)->klass, sc)) {
        exc_throw(t, VMC_IllegalArgumentException, "Sensor is not an instance of sun.management.Sensor class");
        JNI_RETURN_VOID();
    }
    Pool *p = pool_of(hnd_get(pool));
    Threshold *th = p ? threshold_of(p, type, NULL) : NULL;
    if (!th) JNI_RETURN_VOID();         /* nothing to watch */
    jobject g = hnd_new_global(hnd_get(sensor));
    pthread_mutex_lock(&sensor_lock);
    jobject old = th->sensor;
    th->sensor = g;
    pthread_mutex_unlock(&sensor_lock);
    if (old) hnd_delete_global(old);
    jmm_notify_start();
    JNI_RETURN_VOID();
}

/* Sets a threshold and returns the previous one; -1 for a threshold the pool lacks. */
jlong JNICALL jmm_SetPoolThreshold(JNIEnv *env, jobject pool, JmmThresholdType type, jlong threshold) {
    JNI_ENTER(env);
    if (threshold < 0) {
        exc_throw(t, VMC_IllegalArgumentException, "Invalid threshold value");
        JNI_RETURN(-1);
    }
    Pool *p = pool_arg(t, pool);
    bool high;
    Threshold *th = p ? threshold_of(p, type, &high) : NULL;
    if (!th) JNI_RETURN(-1);
    jlong *slot = high ? &th->high : &th->low;
    /* the usage threshold is checked now, as on HotSpot; a collection-usage threshold
     * from the next collection */
    bool usage = th == &p->th[TH_USAGE];
    HeapUsage u = usage ? pool_usage(t, p) : (HeapUsage){ 0 };
    pthread_mutex_lock(&sensor_lock);
    jlong prev = *slot;
    *slot = threshold;
    bool work = usage && pool_crossing(p, TH_USAGE, u);
    pthread_mutex_unlock(&sensor_lock);
    if (work) jmm_notify_wake();
    JNI_RETURN(prev);
}

/* The class metadata pool: the last, after the heap's (setup). */
static Pool *metadata_pool(void) { return &pools[npools - 1]; }

/* Whether the metadata pool's usage threshold is watched (under sensor_lock). */
static bool metadata_watched(void) {
    Threshold *th = &metadata_pool()->th[TH_USAGE];
    return th->sensor && th->high > 0;
}

bool jmm_sensors_after_gc(const HeapGCRecord *r) {
    ensure_setup();
    bool work = false;
    pthread_mutex_lock(&sensor_lock);
    for (int i = 0; i < npools; i++) {
        Pool *p = &pools[i];
        if (p->heap_index < 0) continue;
        for (int k = 0; k < TH_KINDS; k++) work |= pool_crossing(p, k, r->after[p->heap_index]);
    }
    metadata_check |= metadata_watched();
    work |= metadata_check;
    pthread_mutex_unlock(&sensor_lock);
    return work;
}

/* The metadata pool's check after a collection, on the Notification Thread. */
static void check_metadata(Thread *t) {
    pthread_mutex_lock(&sensor_lock);
    bool check = metadata_check;
    metadata_check = false;
    pthread_mutex_unlock(&sensor_lock);
    if (!check) return;
    HeapUsage u = metadata_usage(t);
    pthread_mutex_lock(&sensor_lock);
    pool_crossing(metadata_pool(), TH_USAGE, u);
    pthread_mutex_unlock(&sensor_lock);
}

static void call_sensor(Thread *t, Object **sensor, const char *name, const char *sig, Slot *args) {
    Class *sc = jmm_class(t, "sun/management/Sensor");
    Method *m = sc ? class_find_declared_method(sc, sym_intern_cstr(name), sym_intern_cstr(sig)) : NULL;
    if (!m) return;
    args[0].l = *sensor;
    interp_call_virtual(t, m, args, NULL);
}

/* Delivers one threshold's pending requests: a clear wins over triggers, as on HotSpot. */
static void process_threshold(Thread *t, Threshold *th) {
    pthread_mutex_lock(&sensor_lock);
    int count = th->pending_trigger;
    bool clear = th->pending_clear > 0;
    HeapUsage u = th->trigger_usage;
    Object **sensor = hnd_new(t, th->sensor ? hnd_get(th->sensor) : NULL);
    if (clear) {
        th->sensor_on = false;
        th->pending_clear = 0;
        th->pending_trigger -= count;
    }
    pthread_mutex_unlock(&sensor_lock);
    if (!clear && count == 0) return;
    if (*sensor && clear) {
        Slot a[2] = { { .l = NULL }, { .i = count } };
        call_sensor(t, sensor, "clear", "(I)V", a);
    } else if (*sensor) {
        Object **usage = hnd_new(t, usage_object(t, u));
        Slot a[3] = { { .l = NULL }, { .i = count }, { .l = *usage } };
        if (*usage) call_sensor(t, sensor, "trigger", "(ILjava/lang/management/MemoryUsage;)V", a);
    }
    exc_take(t);
    if (clear) return;
    pthread_mutex_lock(&sensor_lock);
    th->sensor_on = true;
    th->pending_trigger -= count;
    pthread_mutex_unlock(&sensor_lock);
}

void jmm_sensors_process(Thread *t) {
    ensure_setup();
    check_metadata(t);
    for (int i = 0; i < npools; i++)
        for (int k = 0; k < TH_KINDS; k++) process_threshold(t, &pools[i].th[k]);
}

/* ---- the collector ---- */

/* The collector bean *mgr stands for (its manager index); -1, thrown as HotSpot does,
 * if it is not one. */
static int check_gc(Thread *t, Object **mgr) {
    ensure_setup();
    if (!*mgr) {
        exc_npe(t);
        return -1;
    }
    Class *gcb = jmm_class(t, "java/lang/management/GarbageCollectorMXBean");
    if (!gcb) return -1;
    if (!class_is_assignable((*mgr)->klass, gcb)) {
        exc_throw(t, VMC_IllegalArgumentException,
                  "the object is not an instance of java.lang.management.GarbageCollectorMXBean class");
        return -1;
    }
    int m = manager_of(*mgr);
    if (m < 0 || !is_gc(m)) {
        exc_throw(t, VMC_IllegalArgumentException, "Invalid GC memory manager");
        return -1;
    }
    return m;
}

jlong jmm_gc_attribute(Thread *t, Object **mgr, JmmLongAttribute att) {
    int m = check_gc(t, mgr);
    if (m < 0) return -1;
    switch (att) {
    case JMM_GC_COUNT: return (jlong)heap_collections(m);
    case JMM_GC_TIME_MS: return (jlong)(heap_collection_ns(m) / 1000000);
    case JMM_GC_EXT_ATTRIBUTE_INFO_SIZE: return 1;
    default: return -1;
    }
}

bool jmm_reset_gc_stat(Thread *t, Object **mgr) {
    int m = check_gc(t, mgr);
    if (m < 0) return false;
    heap_reset_collection_stats(m);
    return true;
}

/* One collector-specific attribute, as on HotSpot: the number of threads that collect
 * (the collecting thread alone, for Loupe's stop-the-world collector). */
jint JNICALL jmm_GetGCExtAttributeInfo(JNIEnv *env, jobject mgr, JmmExtAttributeInfo *info, jint count) {
    UNUSED(mgr);
    JNI_ENTER(env);
    if (count <= 0) JNI_RETURN(0);
    if (!info) {
        exc_npe(t);
        JNI_RETURN(0);
    }
    info[0] = (JmmExtAttributeInfo){ "GcThreadCount", 'I', "Number of GC threads" };
    JNI_RETURN(1);
}

/* Checks that a is a MemoryUsage[] with one slot per pool. */
static bool check_usage_array(Thread *t, Object *a) {
    if (!a) {
        exc_npe(t);
        return false;
    }
    if (array_length(a) != npools) {
        exc_throw(t, VMC_IllegalArgumentException,
                  "The length of the given MemoryUsage array does not match the number of memory pools.");
        return false;
    }
    Class *uc = jmm_class(t, "java/lang/management/MemoryUsage");
    if (uc && !jmm_array_of(a, uc)) exc_throw(t, VMC_IllegalArgumentException, "The element type is not MemoryUsage class");
    return !exc_pending(t);
}

/* Fills before and after (MemoryUsage[], one slot per pool) from a collection's record;
 * the metadata pool, which no collection touches, shows its use now in both. */
static bool fill_usages(Thread *t, const HeapGCRecord *r, jobject before, jobject after) {
    for (int i = 0; i < npools; i++) {
        const Pool *p = &pools[i];
        HeapUsage b = p->heap_index >= 0 ? r->before[p->heap_index] : pool_usage(t, p);
        HeapUsage a = p->heap_index >= 0 ? r->after[p->heap_index] : b;
        Object *o = usage_object(t, b);
        if (!o) return false;
        heap_store_ref(hnd_get(before), &ARRAY_ELEMS(hnd_get(before), Object *)[i], o);
        if (!(o = usage_object(t, a))) return false;
        heap_store_ref(hnd_get(after), &ARRAY_ELEMS(hnd_get(after), Object *)[i], o);
    }
    return true;
}

static jlong since_start_ms(int64_t ns) { return (ns - (int64_t)vm_start_nanos) / 1000000; }

void JNICALL jmm_GetLastGCStat(JNIEnv *env, jobject mgr, JmmGCStat *stat) {
    JNI_ENTER(env);
    if (!stat || (stat->gc_ext_attribute_values_size > 0 && !stat->gc_ext_attribute_values)) {
        exc_npe(t);
        JNI_RETURN_VOID();
    }
    Object **m = hnd_new(t, hnd_get(mgr));
    int which = check_gc(t, m);
    if (which < 0) JNI_RETURN_VOID();
    HeapGCRecord r;
    if (!heap_manager_last_collection(which, &r)) {
        stat->gc_index = 0;
        JNI_RETURN_VOID();
    }
    stat->gc_index = (jlong)r.index;
    stat->start_time = since_start_ms(r.start_ns);
    stat->end_time = since_start_ms(r.end_ns);
    stat->num_gc_ext_attributes = 0;
    if (!check_usage_array(t, hnd_get(stat->usage_before_gc)) || !check_usage_array(t, hnd_get(stat->usage_after_gc)))
        JNI_RETURN_VOID();
    if (!fill_usages(t, &r, stat->usage_before_gc, stat->usage_after_gc)) JNI_RETURN_VOID();
    if (stat->gc_ext_attribute_values_size > 0) stat->gc_ext_attribute_values[0].i = 1;
    JNI_RETURN_VOID();
}

/* ---- collection notifications ---- */

void JNICALL jmm_SetGCNotificationEnabled(JNIEnv *env, jobject mgr, jboolean enabled) {
    JNI_ENTER(env);
    Object **m = hnd_new(t, hnd_get(mgr));
    if (check_gc(t, m) >= 0) {
        __atomic_store_n(&gc_notifications, enabled != JNI_FALSE, __ATOMIC_RELAXED);
        if (enabled) jmm_notify_start();
    }
    JNI_RETURN_VOID();
}

bool jmm_gc_notifications_enabled(void) { return __atomic_load_n(&gc_notifications, __ATOMIC_RELAXED); }

static Object *new_string(Thread *t, const char *s) { return jstr_new_utf8(t, s); }

/* The GcInfo of a collection for the GarbageCollectorExtImpl ext, as GcInfoBuilder builds
 * it from GetLastGCStat: the bean's builder, times, pool usage, the thread count. */
static Object *gc_info(Thread *t, Class *ext, Object **bean, const HeapGCRecord *r) {
    Method *gb = class_find_declared_method(ext, sym_intern_cstr("getGcInfoBuilder"),
                                            sym_intern_cstr("()Lcom/sun/management/internal/GcInfoBuilder;"));
    Class *info_class = jmm_class(t, "com/sun/management/GcInfo");
    Class *usage_class = jmm_class(t, "java/lang/management/MemoryUsage");
    Class *usages = usage_class ? ld_array_of(t, usage_class) : NULL;
    Class *integers = ld_array_of(t, VMC(Integer));
    if (!gb || !info_class || !usages || !integers || !class_init(t, VMC(Integer))) return NULL;
    Slot a[11] = { { .l = *bean } };
    Slot res;
    if (!interp_call(t, gb, a, &res)) return NULL;
    Object **builder = hnd_new(t, res.l);
    Object **before = hnd_new(t, heap_alloc_array(t, usages, npools));
    Object **after = hnd_new(t, *before ? heap_alloc_array(t, usages, npools) : NULL);
    Object **extra = hnd_new(t, *after ? heap_alloc_array(t, integers, 1) : NULL);
    Object **threads = *extra ? jmm_alloc(t, VMC(Integer)) : NULL;
    Slot one[2] = { { .l = NULL }, { .i = 1 } };
    if (!threads || !jmm_init(t, threads, "(I)V", one) || !fill_usages(t, r, (jobject)before, (jobject)after)) return NULL;
    heap_store_ref(*extra, &ARRAY_ELEMS(*extra, Object *)[0], *threads);
    Object **info = jmm_alloc(t, info_class);
    if (!info) return NULL;
    memset(a, 0, sizeof a);
    a[1].l = *builder;
    a[2].j = (jlong)r->index;
    a[4].j = since_start_ms(r->start_ns);
    a[6].j = since_start_ms(r->end_ns);
    a[8].l = *before;
    a[9].l = *after;
    a[10].l = *extra;
    const char *sig = "(Lcom/sun/management/internal/GcInfoBuilder;JJJ[Ljava/lang/management/MemoryUsage;"
                      "[Ljava/lang/management/MemoryUsage;[Ljava/lang/Object;)V";
    return jmm_init(t, info, sig, a) ? *info : NULL;
}

void jmm_send_gc_notification(Thread *t, const HeapGCRecord *r, jlong when) {
    ensure_setup();
    Object *mgr = published(&managers[r->manager].obj);
    Class *ext = ld_load_boot_or_null(t, sym_intern_cstr("com/sun/management/internal/GarbageCollectorExtImpl"));
    if (!mgr || !ext || !class_is_subclass(mgr->klass, ext)) return;
    Method *create = class_find_declared_method(ext, sym_intern_cstr("createGCNotification"),
        sym_intern_cstr("(JLjava/lang/String;Ljava/lang/String;Ljava/lang/String;Lcom/sun/management/GcInfo;)V"));
    if (!create) return;
    HandleMark hm = hnd_mark(t);
    Object **bean = hnd_new(t, mgr);
    Object **info = hnd_new(t, gc_info(t, ext, bean, r));
    Object **name = hnd_new(t, *info ? new_string(t, managers[r->manager].name) : NULL);
    const char *what = heap_gc_manager_is_young(r->manager) ? "end of minor GC" : "end of major GC";
    Object **action = hnd_new(t, *name ? new_string(t, what) : NULL);
    Object **cause = hnd_new(t, *action ? new_string(t, r->cause) : NULL);
    if (*cause) {
        Slot a[7];
        a[0].l = *bean;
        a[1].j = when;
        a[3].l = *name;
        a[4].l = *action;
        a[5].l = *cause;
        a[6].l = *info;
        interp_call(t, create, a, NULL);
    }
    hnd_release(t, hm);
}
