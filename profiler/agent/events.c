/* profiler/agent/events.c — the JVMTI events the agent records.
 *
 * Each callback runs in the thread the event is about (GC events in the VM's own
 * thread), fills one ring slot and returns: the writer does the rest.  Names the writer
 * could not get later (a class, a lock, the threads of a contention) are interned here
 * as string ids (writer.c's table, behind a short mutex that never calls into the VM).
 *
 *   SampledObjectAlloc     allocations, one per SetHeapSamplingInterval bytes on average;
 *                          the front-end scales them to estimates.  (On Loupe the
 *                          collector's every-object events take this place: see
 *                          docs/PROFILER-PROTOCOL.md; exact sites are counted by the VM
 *                          itself when it can, com.loupe.functions.SetAllocationCounting,
 *                          drained by the writer: sites.c.)
 *   GarbageCollectionStart/Finish   one GC record with start and duration
 *   MonitorContendedEnter/Entered   which lock (class@hash), its owner, the waiter, how
 *                          long, where (the waiter's stack)
 *   ThreadStart/End        thread names for the thread ids samples carry
 *   ClassLoad/ClassPrepare HotSpot's AsyncGetCallTrace needs ClassLoad enabled, and
 *                          method ids to exist: ClassPrepare creates them (GetClassMethods)
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "heap.h"
#include "ring.h"
#include "sites.h"
#include "writer.h"

static _Thread_local uint64_t lpe_contended_since;
static uint64_t lpe_gc_start;

/* lpe_stack: the current thread's stack into the slot's frames. */
static void lpe_stack(lpr_slot *s)
{
    jvmtiFrameInfo fi[LPR_MAX_FRAMES];
    jint n = 0;
    if ((*lpa.jvmti)->GetStackTrace(lpa.jvmti, NULL, 0, LPR_MAX_FRAMES, fi, &n) != JVMTI_ERROR_NONE)
        n = 0;
    for (jint i = 0; i < n; i++) {
        s->frames[i].method = fi[i].method;
        s->frames[i].bci = (jint)fi[i].location;
    }
    s->nframes = n;
}

/* lpe_class_name: the string id of a class's name ("java.lang.String", "int[]"). */
static uint64_t lpe_class_name(jclass k)
{
    char *sig = NULL;
    if ((*lpa.jvmti)->GetClassSignature(lpa.jvmti, k, &sig, NULL) != JVMTI_ERROR_NONE)
        return lpw_intern_str("?");
    uint64_t id = lpw_intern_signature(sig);
    (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)sig);
    return id;
}

/* lpe_thread_name: the string id of a thread's name (NULL: the current thread). */
static uint64_t lpe_thread_name(jthread t)
{
    jvmtiThreadInfo ti;
    memset(&ti, 0, sizeof ti);
    if ((*lpa.jvmti)->GetThreadInfo(lpa.jvmti, t, &ti) != JVMTI_ERROR_NONE || !ti.name)
        return lpw_intern_str("?");
    uint64_t id = lpw_intern_str(ti.name);
    (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)ti.name);
    return id;
}

static int lpe_on(void) { return atomic_load_explicit(&lpa.active, memory_order_acquire); }

/* lpe_tid: the calling thread's kernel id, asked once per thread (a system call). */
static uint32_t lpe_tid(void)
{
    static _Thread_local uint32_t tid;
    if (!tid)
        tid = lpa_gettid();
    return tid;
}

/* The callbacks' CPU time (part of the agent's cost in STATS) is measured on one call in
 * LPE_COST_EVERY per thread and scaled: reading a thread's CPU clock is a system call,
 * which would double the cost of an exact allocation event (those are timed on one in
 * LPE_COST_EVERY_EXACT: millions a second, each a few times cheaper than the clock).  A
 * thread's first call is timed and counted once, as itself: it makes the thread's ring
 * and caches, many times the work of a later call, which scaled would stand for
 * LPE_COST_EVERY calls like it (a thread that allocates little would seem to cost much). */
#define LPE_COST_EVERY 64
#define LPE_COST_EVERY_EXACT 4096
static _Thread_local unsigned lpe_cost_n, lpe_cost_exact_n;

typedef struct {
    uint64_t c0;        /* the thread's CPU time at the start (0: not timed) */
    unsigned scale;     /* the calls it stands for */
} lpe_cost;

static lpe_cost lpe_cost_begin_every(unsigned *n, unsigned every)
{
    unsigned k = (*n)++;
    if (k % every)
        return (lpe_cost){ 0, 0 };
    return (lpe_cost){ lpa_cpu_ns(), k ? every : 1 };
}

static lpe_cost lpe_cost_begin(void) { return lpe_cost_begin_every(&lpe_cost_n, LPE_COST_EVERY); }

static void lpe_cost_end(lpe_cost c)
{
    if (c.c0)
        atomic_fetch_add(&lpa.handler_ns, (lpa_cpu_ns() - c.c0) * c.scale);
}


/* Each thread remembers the classes of its last few allocations, most recent first (a
 * global reference and its name's id, valid for one recording): most allocations of a
 * thread repeat one of a few classes (a map's entries and their keys), and IsSameObject
 * is much cheaper than asking for the class's signature again. */
#define LPE_CLASS_CACHE 4
static _Thread_local jobject lpe_class_ref[LPE_CLASS_CACHE];
static _Thread_local uint64_t lpe_class_id[LPE_CLASS_CACHE], lpe_class_gen;

/* lpe_class_first: moves cache entry i to the front. */
static void lpe_class_first(int i)
{
    jobject ref = lpe_class_ref[i];
    uint64_t id = lpe_class_id[i];
    memmove(&lpe_class_ref[1], &lpe_class_ref[0], (size_t)i * sizeof lpe_class_ref[0]);
    memmove(&lpe_class_id[1], &lpe_class_id[0], (size_t)i * sizeof lpe_class_id[0]);
    lpe_class_ref[0] = ref, lpe_class_id[0] = id;
}

static uint64_t lpe_cached_class_name(JNIEnv *jni, jclass k)
{
    int fresh = lpe_class_gen == lpa.generation;
    for (int i = 0; fresh && i < LPE_CLASS_CACHE && lpe_class_ref[i]; i++)
        if ((*jni)->IsSameObject(jni, k, lpe_class_ref[i])) {
            lpe_class_first(i);
            return lpe_class_id[0];
        }
    uint64_t id = lpe_class_name(k);
    jobject ref = (*jni)->NewGlobalRef(jni, k);
    int last = LPE_CLASS_CACHE - 1;
    for (int i = fresh ? last : 0; i <= last; i++)   /* a new recording: the ids are stale */
        if (lpe_class_ref[i])
            (*jni)->DeleteGlobalRef(jni, lpe_class_ref[i]), lpe_class_ref[i] = NULL;
    lpe_class_gen = lpa.generation;
    lpe_class_ref[last] = ref, lpe_class_id[last] = id;
    lpe_class_first(last);
    return id;
}

/* lpe_alloc_record: one allocation of a class whose name's string id is cls, exact
 * (interval 0) or one of SetHeapSamplingInterval's samples, drawn with that mean interval
 * in bytes: one ring record. */
static void lpe_alloc_record(uint64_t cls, jlong size, uint64_t interval, uint64_t t0)
{
    lpr_slot *s = lpr_reserve_wait(lpe_tid());
    if (s) {
        s->type = LPR_ALLOC;
        s->time_ns = t0;
        s->a = cls;
        s->b = (uint64_t)size;
        s->c = interval;
        s->d = 1;
        s->e = 0;
        lpe_stack(s);
        lpr_publish(s);
    }
}

/* lpe_exact_site: one exact allocation, counted at its site in the thread's table
 * (sites.c); recorded alone when the table has no memory left. */
static void lpe_exact_site(uint64_t cls, jlong size)
{
    if (lps_add(lpe_tid(), cls, (uint64_t)size))
        lpe_alloc_record(cls, size, 0, lpa_now_ns());
}

/* lpe_exact_alloc: Loupe's every-object allocation event (com.loupe.events.ObjectAlloc:
 * SampledObjectAlloc's parameters and the arena: JNIEnv*, jthread, jobject, jclass,
 * jlong size, jint arena_id).  Its ALLOC records say "exact": the front-end counts each
 * as one object; with events=live the object also enters the lifetime table (heap.c). */
static void JNICALL lpe_exact_alloc(jvmtiEnv *jvmti, ...)
{
    va_list ap;
    va_start(ap, jvmti);
    JNIEnv *jni = va_arg(ap, JNIEnv *);
    jthread thread = va_arg(ap, jthread);
    jobject object = va_arg(ap, jobject);
    jclass klass = va_arg(ap, jclass);
    jlong size = va_arg(ap, jlong);
    jint arena = va_arg(ap, jint);
    va_end(ap);
    (void)thread;
    if (!lpe_on())
        return;
    lpe_cost c0 = lpe_cost_begin_every(&lpe_cost_exact_n, LPE_COST_EVERY_EXACT);
    uint64_t cls = lpe_cached_class_name(jni, klass);
    if ((lpa.opt.events & LPA_EV_LIVE) && !lpa_heap_vm())
        lpa_heap_alloc(object, cls, size, arena);
    if (lpa.opt.alloc_exact && !lps_vm_counts())
        lpe_exact_site(cls, size);
    lpe_cost_end(c0);
}

/* The rate of allocation samples.  With the default interval an allocation-heavy program
 * gets more samples than a profile needs (BinaryTrees on HotSpot allocates 1.5 GB a
 * second: 3000 samples a second at 512 KB, each a stack walk of about 10 us, 5 % of its
 * CPU), so, as JFR's throttle does, the agent holds them to about LPE_ALLOC_RATE a
 * second: the interval doubles once a window of LPE_WINDOW_NS has had its share, and
 * halves (not below the one chosen) after a window with less than a quarter of it.  The
 * estimates stay unbiased: each sample carries the interval its distance was drawn with,
 * which both VMs draw as they take the thread's previous sample, before its callback: the
 * interval in force then (a thread's first sample: the one chosen).  An interval given
 * with alloc= is kept as given. */
#define LPE_ALLOC_RATE 500
#define LPE_WINDOW_NS 100000000ull
#define LPE_ALLOC_SHARE (LPE_ALLOC_RATE * LPE_WINDOW_NS / 1000000000ull)
#define LPE_MAX_INTERVAL (1L << 30)
static atomic_long lpe_interval;            /* the interval in force, bytes */
static atomic_ullong lpe_window_start;
static atomic_uint lpe_window_n;            /* samples in the window so far */
static _Thread_local long lpe_drawn;        /* the interval of the thread's next sample */
static _Thread_local uint64_t lpe_drawn_gen;

static void lpe_set_interval(long bytes)
{
    atomic_store(&lpe_interval, bytes);
    (*lpa.jvmti)->SetHeapSamplingInterval(lpa.jvmti, (jint)bytes);
}

static void lpe_throttle(uint64_t now)
{
    unsigned long long start = atomic_load(&lpe_window_start);
    unsigned n = atomic_fetch_add(&lpe_window_n, 1) + 1;
    long iv = atomic_load(&lpe_interval);
    if (now - start >= LPE_WINDOW_NS) {
        if (atomic_compare_exchange_strong(&lpe_window_start, &start, now)) {
            atomic_store(&lpe_window_n, 0);
            if (n < LPE_ALLOC_SHARE / 4 && iv > lpa.opt.alloc_bytes)
                lpe_set_interval(iv / 2);
        }
    } else if (n == LPE_ALLOC_SHARE + 1 && iv < LPE_MAX_INTERVAL) {
        lpe_set_interval(iv * 2);
    }
}

/* The interval this thread's sample was drawn with; the next one's is the one now. */
static uint64_t lpe_sample_interval(void)
{
    long now = atomic_load(&lpe_interval);
    long drawn = lpe_drawn_gen == lpa.generation && lpe_drawn ? lpe_drawn : lpa.opt.alloc_bytes;
    lpe_drawn = now, lpe_drawn_gen = lpa.generation;
    return (uint64_t)drawn;
}

static void JNICALL lpe_alloc(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jobject object,
                              jclass klass, jlong size)
{
    if (!lpe_on())
        return;
    uint64_t t0 = lpa_now_ns();
    lpe_cost c0 = lpe_cost_begin();
    lpe_alloc_record(lpe_cached_class_name(jni, klass), size, lpe_sample_interval(), t0);
    if (!lpa.opt.alloc_given)
        lpe_throttle(t0);
    lpe_cost_end(c0);
}

static void JNICALL lpe_gc_started(jvmtiEnv *jvmti) { lpe_gc_start = lpa_now_ns(); }

static void JNICALL lpe_gc_finished(jvmtiEnv *jvmti)
{
    if (!lpe_on() || !lpe_gc_start)
        return;
    lpr_slot *s = lpr_reserve(0);
    if (s) {
        s->type = LPR_GC;
        s->time_ns = lpe_gc_start;
        s->a = lpa_now_ns() - lpe_gc_start;
        lpr_publish(s);
    }
}

static int lpe_have_monitor_info;
static _Thread_local uint64_t lpe_owner_at_enter;

/* The owner is looked up when the wait begins (it holds the lock then). */
static uint64_t lpe_owner_name(jobject obj);

static void JNICALL lpe_contended_enter(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jobject obj)
{
    lpe_contended_since = lpe_on() ? lpa_now_ns() : 0;
    lpe_owner_at_enter = 0;
    if (lpe_contended_since && lpe_have_monitor_info)
        lpe_owner_at_enter = lpe_owner_name(obj);
}

/* lpe_lock_name: "Class@hash" of a monitor, the way Object.toString names it. */
static uint64_t lpe_lock_name(JNIEnv *jni, jobject obj)
{
    char *sig = NULL, buf[600];
    jint hash = 0;
    jclass k = (*jni)->GetObjectClass(jni, obj);
    (*lpa.jvmti)->GetObjectHashCode(lpa.jvmti, obj, &hash);
    if (!k || (*lpa.jvmti)->GetClassSignature(lpa.jvmti, k, &sig, NULL) != JVMTI_ERROR_NONE)
        return lpw_intern_str("?");
    lpw_signature_to_name(sig, buf, sizeof buf - 16);
    snprintf(buf + strlen(buf), 16, "@%x", (unsigned)hash);
    (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)sig);
    (*jni)->DeleteLocalRef(jni, k);
    return lpw_intern_str(buf);
}

/* lpe_owner_name: the name of the thread that holds obj's monitor now. */
static uint64_t lpe_owner_name(jobject obj)
{
    jvmtiMonitorUsage mu;
    memset(&mu, 0, sizeof mu);
    if ((*lpa.jvmti)->GetObjectMonitorUsage(lpa.jvmti, obj, &mu) != JVMTI_ERROR_NONE)
        return lpw_intern_str("?");
    uint64_t id = mu.owner ? lpe_thread_name(mu.owner) : lpw_intern_str("?");
    (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)mu.waiters);
    (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)mu.notify_waiters);
    return id;
}

static void JNICALL lpe_contended_entered(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jobject obj)
{
    uint64_t since = lpe_contended_since;
    lpe_contended_since = 0;
    if (!since || !lpe_on())
        return;
    uint64_t t0 = lpa_now_ns();
    lpe_cost c0 = lpe_cost_begin();
    lpr_slot *s = lpr_reserve_wait(lpe_tid());
    if (!s)
        return;
    s->type = LPR_LOCK;
    s->time_ns = since;
    s->a = lpe_lock_name(jni, obj);
    s->b = lpe_owner_at_enter ? lpe_owner_at_enter : lpw_intern_str("?");
    s->c = lpe_thread_name(NULL);
    s->d = t0 - since;
    lpe_stack(s);
    lpr_publish(s);
    lpe_cost_end(c0);
}

static void lpe_thread_record(int type)
{
    lpr_slot *s = lpr_reserve_wait(lpe_tid());
    if (!s)
        return;
    s->type = (uint8_t)type;
    s->time_ns = lpa_now_ns();
    s->a = type == LPR_THREAD ? lpe_thread_name(NULL) : 0;
    lpr_publish(s);
}

static void JNICALL lpe_thread_start(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread)
{
    lpa_sampler_thread(jni);
    if (lpe_on())
        lpe_thread_record(LPR_THREAD);
}

static void JNICALL lpe_thread_end(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread)
{
    lps_thread_end();
    if (lpe_on())
        lpe_thread_record(LPR_THREAD_END);
}

static void JNICALL lpe_class_load(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jclass k) {}

/* lpe_make_method_ids: makes the VM create the method ids of a class (AsyncGetCallTrace
 * can only report methods that have one). */
static void lpe_make_method_ids(jclass k)
{
    jint n = 0;
    jmethodID *ms = NULL;
    if ((*lpa.jvmti)->GetClassMethods(lpa.jvmti, k, &n, &ms) == JVMTI_ERROR_NONE)
        (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)ms);
}

static void JNICALL lpe_class_prepare(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jclass k)
{
    lpe_make_method_ids(k);
}

/* lpa_events_prepare_loaded_classes: method ids for the classes loaded before the agent. */
void lpa_events_prepare_loaded_classes(void)
{
    jint n = 0;
    jclass *ks = NULL;
    JNIEnv *jni = NULL;
    (*lpa.vm)->GetEnv(lpa.vm, (void **)&jni, JNI_VERSION_1_6);
    if ((*lpa.jvmti)->GetLoadedClasses(lpa.jvmti, &n, &ks) != JVMTI_ERROR_NONE)
        return;
    for (jint i = 0; i < n; i++) {
        lpe_make_method_ids(ks[i]);
        if (jni)
            (*jni)->DeleteLocalRef(jni, ks[i]);
    }
    (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)ks);
}

/* The events and the capability each needs: one table for enabling and disabling. */
typedef struct {
    jvmtiEvent event;
    unsigned when;    /* LPA_EV_* that asks for it */
} lpe_event;

static const lpe_event lpe_events[] = {
    {JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, LPA_EV_ALLOC},
    {JVMTI_EVENT_GARBAGE_COLLECTION_START, LPA_EV_GC},
    {JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, LPA_EV_GC},
    {JVMTI_EVENT_MONITOR_CONTENDED_ENTER, LPA_EV_LOCK},
    {JVMTI_EVENT_MONITOR_CONTENDED_ENTERED, LPA_EV_LOCK},
    {JVMTI_EVENT_THREAD_START, LPA_EV_THREAD},
    {JVMTI_EVENT_THREAD_END, LPA_EV_THREAD},
    {JVMTI_EVENT_CLASS_LOAD, LPA_EV_CPU | LPA_EV_WALL},
    {JVMTI_EVENT_CLASS_PREPARE, LPA_EV_CPU | LPA_EV_WALL},
};

/* Loupe's collector event stream, as JVMTI extension events (docs/PROFILER-PROTOCOL.md).
 * When the VM offers it, allocations are recorded exactly, every object, instead of
 * sampled; on HotSpot it is absent and SampledObjectAlloc is used. */
#define LPE_EXACT_ALLOC_ID "com.loupe.events.ObjectAlloc"
static jint lpe_exact_alloc_index = -1;

/* lpe_find_extension: the index of the extension event with this id, or -1. */
static jint lpe_find_extension(const char *id)
{
    jint n = 0, found = -1;
    jvmtiExtensionEventInfo *ev = NULL;
    if ((*lpa.jvmti)->GetExtensionEvents(lpa.jvmti, &n, &ev) != JVMTI_ERROR_NONE)
        return -1;
    for (jint i = 0; i < n; i++) {
        if (found < 0 && ev[i].id && !strcmp(ev[i].id, id))
            found = ev[i].extension_event_index;
        for (jint p = 0; p < ev[i].param_count; p++)
            (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)ev[i].params[p].name);
        (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)ev[i].params);
        (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)ev[i].id);
        (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)ev[i].short_description);
    }
    (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)ev);
    return found;
}

int lpa_events_exact_alloc(void) { return lpa.opt.alloc_exact; }

/* lpe_choose_alloc_events: Loupe's every-object event when alloc=exact or live asks for
 * it and the VM has it; otherwise exact allocations fall back to sampled ones and live
 * is off, with a message. */
static void lpe_choose_alloc_events(void)
{
    int want = ((lpa.opt.events & LPA_EV_ALLOC) && lpa.opt.alloc_exact) || (lpa.opt.events & LPA_EV_LIVE);
    lpe_exact_alloc_index = want ? lpe_find_extension(LPE_EXACT_ALLOC_ID) : -1;
    if (lpe_exact_alloc_index >= 0)
        lps_init();
    if ((lpa.opt.events & LPA_EV_LIVE) && (lpe_exact_alloc_index < 0 || !lpa_heap_available(lpe_find_extension))) {
        lpa_log("this VM has no collector events (Loupe's com.loupe.events.*): no live heap or lifetimes");
        lpa.opt.events &= ~LPA_EV_LIVE;
    }
    if ((lpa.opt.events & LPA_EV_ALLOC) && lpa.opt.alloc_exact && lpe_exact_alloc_index < 0) {
        lpa_log("this VM has no every-object allocation event (Loupe's com.loupe.events.ObjectAlloc): "
                "allocations are sampled");
        lpa.opt.alloc_exact = 0;
    }
    if (!(lpa.opt.events & LPA_EV_ALLOC))
        lpa.opt.alloc_exact = 0;
    if (!lpa.opt.alloc_exact && !(lpa.opt.events & LPA_EV_LIVE))
        lpe_exact_alloc_index = -1;
}

/* lpa_events_capabilities: asks for what the chosen events need, sets the callbacks
 * (cb holds the caller's own: VMInit, VMDeath). */
int lpa_events_capabilities(jvmtiEventCallbacks *cb)
{
    jvmtiCapabilities want, have;
    memset(&want, 0, sizeof want);
    memset(&have, 0, sizeof have);
    (*lpa.jvmti)->GetPotentialCapabilities(lpa.jvmti, &have);
    want.can_get_line_numbers = have.can_get_line_numbers;
    want.can_generate_garbage_collection_events = have.can_generate_garbage_collection_events;
    lpe_choose_alloc_events();
    if ((lpa.opt.events & LPA_EV_ALLOC) && !lpa.opt.alloc_exact) {
        if (!have.can_generate_sampled_object_alloc_events)
            lpa_log("this VM cannot sample allocations now: no allocation profile");
        want.can_generate_sampled_object_alloc_events = have.can_generate_sampled_object_alloc_events;
    }
    if (lpa.opt.events & LPA_EV_LOCK) {
        if (!have.can_generate_monitor_events)
            lpa_log("this VM cannot report monitor contention now: no lock profile");
        want.can_generate_monitor_events = have.can_generate_monitor_events;
        want.can_get_monitor_info = have.can_get_monitor_info;
    }
    if ((*lpa.jvmti)->AddCapabilities(lpa.jvmti, &want) != JVMTI_ERROR_NONE) {
        lpa_log("the VM refused the JVMTI capabilities the profiler needs");
        return -1;
    }
    if (!want.can_generate_sampled_object_alloc_events && !lpa.opt.alloc_exact)
        lpa.opt.events &= ~LPA_EV_ALLOC;
    if (!want.can_generate_monitor_events)
        lpa.opt.events &= ~LPA_EV_LOCK;
    if (!want.can_generate_garbage_collection_events)
        lpa.opt.events &= ~LPA_EV_GC;
    cb->SampledObjectAlloc = lpe_alloc;
    cb->GarbageCollectionStart = lpe_gc_started;
    cb->GarbageCollectionFinish = lpe_gc_finished;
    lpe_have_monitor_info = want.can_get_monitor_info;
    cb->MonitorContendedEnter = lpe_contended_enter;
    cb->MonitorContendedEntered = lpe_contended_entered;
    cb->ThreadStart = lpe_thread_start;
    cb->ThreadEnd = lpe_thread_end;
    cb->ClassLoad = lpe_class_load;
    cb->ClassPrepare = lpe_class_prepare;
    return (*lpa.jvmti)->SetEventCallbacks(lpa.jvmti, cb, sizeof *cb) == JVMTI_ERROR_NONE ? 0 : -1;
}

/* lpa_events_enable: turns the chosen events on or off (off: no cost left in the VM). */
int lpa_events_enable(int on)
{
    if (lpa.opt.events & LPA_EV_LIVE) {
        if (on)
            lpa_heap_reset();
        lpa_heap_enable(on);
    }
    int vm_counts = lpa.opt.alloc_exact && lps_vm_counting(on);
    if (lpe_exact_alloc_index >= 0) {
        int want = on && (((lpa.opt.events & LPA_EV_LIVE) && !lpa_heap_vm()) || (lpa.opt.alloc_exact && !vm_counts));
        (*lpa.jvmti)->SetExtensionEventCallback(lpa.jvmti, lpe_exact_alloc_index,
                                                want ? (jvmtiExtensionEvent)lpe_exact_alloc : NULL);
    }
    if ((lpa.opt.events & LPA_EV_ALLOC) && !lpa.opt.alloc_exact && on) {
        atomic_store(&lpe_window_start, lpa_now_ns());
        atomic_store(&lpe_window_n, 0);
        lpe_set_interval(lpa.opt.alloc_bytes);
    }
    for (size_t i = 0; i < sizeof lpe_events / sizeof lpe_events[0]; i++) {
        if (!(lpe_events[i].when & lpa.opt.events))
            continue;
        if (lpe_events[i].event == JVMTI_EVENT_SAMPLED_OBJECT_ALLOC && lpa.opt.alloc_exact)
            continue;
        jvmtiError e = (*lpa.jvmti)->SetEventNotificationMode(
            lpa.jvmti, on ? JVMTI_ENABLE : JVMTI_DISABLE, lpe_events[i].event, NULL);
        if (e != JVMTI_ERROR_NONE && on)
            lpa_log("cannot enable JVMTI event %d (error %d)", lpe_events[i].event, e);
    }
    return 0;
}
