/*
 * jvmti_event_vm.c — the phases and the events of the VM's life, its threads and its
 * classes: VMStart, VMInit, VMDeath, ThreadStart, ThreadEnd, ClassLoad, ClassPrepare.
 *
 * The boot sequence calls the milestones in HotSpot's order: the primordial phase once the
 * agents' Agent_OnLoad returned; an early start phase (VMStart to the environments holding
 * can_generate_early_vmstart) as soon as core classes exist; the start phase and VMStart
 * after System.initPhase2, when classes of any module can load; the live phase and VMInit
 * once booted; VMDeath after the shutdown hooks (or at System.exit), then the dead phase
 * and the agents' Agent_OnUnload.
 *
 * Class events of a class defined under the boot loader's lock are queued on the defining
 * thread and posted when it lets the lock go, in definition order (supertypes first).
 */
#include "jvmti/jvmti_internal.h"
#include "jvmti/jvmti_heap.h"
#include "runtime/vm.h"
#include "classfile/class.h"

extern volatile bool jvmti_early_start;
static bool early_start_posted;
static int vm_death_done;


static void set_phase(int p) { __atomic_store_n(&jvmti_phase, p, __ATOMIC_RELEASE); }

void jvmti_enter_primordial(void) { set_phase(JVMTI_PHASE_PRIMORDIAL); }

static bool some_env_has_early_vmstart(void) {
    for (JvmtiEnv *env = jvmti_envs; env; env = env->next)
        if (__atomic_load_n(&env->valid, __ATOMIC_ACQUIRE) && JVMTI_HAS(env, can_generate_early_vmstart)) return true;
    return false;
}

/* VMStart to the environments that hold can_generate_early_vmstart (early) or to the others. */
static void post_vm_start(Thread *t, bool early) {
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_VM_START) {
        if (JVMTI_HAS(env, can_generate_early_vmstart) != early && (early || early_start_posted)) continue;
        jvmtiEventVMStart cb = JVMTI_CB(env, VMStart);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), thread_env(t)));
    }
    jvmti_event_exit(&s);
}

void jvmti_early_vm_start(Thread *t) {
    if (!some_env_has_early_vmstart()) return;
    __atomic_store_n(&jvmti_early_start, true, __ATOMIC_RELEASE);
    set_phase(JVMTI_PHASE_START);
    early_start_posted = true;
    post_vm_start(t, true);
}

void jvmti_vm_start(Thread *t) {
    set_phase(JVMTI_PHASE_START);
    __atomic_store_n(&jvmti_early_start, false, __ATOMIC_RELEASE);
    post_vm_start(t, false);
}

void jvmti_vm_init(Thread *t) {
    set_phase(JVMTI_PHASE_LIVE);
    jvmti_start_xrun_libraries();
    jvmti_service_vm_init();
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    jthread jt = hnd_local(t, t->jthread);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_VM_INIT) {
        jvmtiEventVMInit cb = JVMTI_CB(env, VMInit);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), thread_env(t), jt));
    }
    jvmti_event_exit(&s);
}

void jvmti_vm_death(Thread *t) {
    if (__atomic_exchange_n(&vm_death_done, 1, __ATOMIC_ACQ_REL)) return;
    if (t && __atomic_load_n(&jvmti_phase, __ATOMIC_ACQUIRE) == JVMTI_PHASE_LIVE) {
        int old = thread_enter_vm(t);
        JvmtiEventScope s;
        jvmti_event_enter(t, &s);
        jvmti_tags_post_freed(t);   /* the objects that died by now, first */
        JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_VM_DEATH) {
            jvmtiEventVMDeath cb = JVMTI_CB(env, VMDeath);
            if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), thread_env(t)));
        }
        jvmti_event_exit(&s);
        thread_leave_vm(t, old);
    }
    set_phase(JVMTI_PHASE_DEAD);
    pthread_mutex_lock(&jvmti_lock);
    jvmti_events_recompute();
    __atomic_store_n(&jvmti_event_bits, 0, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&jvmti_lock);
    jvmti_agents_unload();
}

/* ---- threads ---- */

typedef void (JNICALL *ThreadCallback)(jvmtiEnv *, JNIEnv *, jthread);

static void post_thread_event(Thread *t, jvmtiEvent ev) {
    if (!t->jthread) return;
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    jthread jt = hnd_local(t, t->jthread);
    JVMTI_FOR_EACH_ENV(env, t, ev) {
        ThreadCallback cb = ev == JVMTI_EVENT_THREAD_START ? JVMTI_CB(env, ThreadStart) : JVMTI_CB(env, ThreadEnd);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), thread_env(t), jt));
    }
    jvmti_event_exit(&s);
}

void jvmti_post_ThreadStart(Thread *t) { post_thread_event(t, JVMTI_EVENT_THREAD_START); }
void jvmti_post_ThreadEnd(Thread *t) { post_thread_event(t, JVMTI_EVENT_THREAD_END); }

/* ---- classes ---- */

typedef void (JNICALL *ClassCallback)(jvmtiEnv *, JNIEnv *, jthread, jclass);

static void post_class_event(Thread *t, Class *c, jvmtiEvent ev) {
    if (!c->mirror || !JVMTI_EVENT_ENABLED(t, ev)) return;
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    jthread jt = hnd_local(t, t->jthread);
    jclass jc = hnd_local(t, c->mirror);
    JVMTI_FOR_EACH_ENV(env, t, ev) {
        ClassCallback cb = ev == JVMTI_EVENT_CLASS_LOAD ? JVMTI_CB(env, ClassLoad) : JVMTI_CB(env, ClassPrepare);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), thread_env(t), jt, jc));
    }
    jvmti_event_exit(&s);
}

typedef struct DeferredClassEvent {
    Class *c;
    jvmtiEvent ev;
} DeferredClassEvent;

static _Thread_local int defer_depth;
static _Thread_local DeferredClassEvent *deferred;
static _Thread_local int ndeferred, deferred_cap;

void jvmti_defer_begin(void) { defer_depth++; }
bool jvmti_deferring(void) { return defer_depth > 0; }

void jvmti_defer_end(Thread *t) {
    if (--defer_depth > 0 || !ndeferred) return;
    /* a callback may define more classes: take the queue first */
    DeferredClassEvent *list = deferred;
    int n = ndeferred;
    deferred = NULL;
    ndeferred = deferred_cap = 0;
    for (int i = 0; i < n; i++) post_class_event(t, list[i].c, list[i].ev);
    vm_free(list);
}

static void class_event(Thread *t, Class *c, jvmtiEvent ev) {
    if (!t) return;
    if (defer_depth > 0) {
        if (ndeferred == deferred_cap) {
            deferred_cap = deferred_cap ? deferred_cap * 2 : 16;
            DeferredClassEvent *grown = vm_calloc((size_t)deferred_cap, sizeof *grown);
            for (int i = 0; i < ndeferred; i++) grown[i] = deferred[i];
            vm_free(deferred);
            deferred = grown;
        }
        deferred[ndeferred++] = (DeferredClassEvent){ c, ev };
        return;
    }
    post_class_event(t, c, ev);
}

void jvmti_class_defined(Thread *t, Class *c) { class_event(t, c, JVMTI_EVENT_CLASS_LOAD); }
void jvmti_class_prepared(Thread *t, Class *c) { class_event(t, c, JVMTI_EVENT_CLASS_PREPARE); }

/* ---- natives ---- */

void jvmti_post_NativeMethodBind(Thread *t, Method *m, void **fn) {
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    jthread jt = hnd_local(t, t->jthread);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_NATIVE_METHOD_BIND) {
        jvmtiEventNativeMethodBind cb = JVMTI_CB(env, NativeMethodBind);
        void *address = *fn, *redirected = *fn;
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), thread_env(t), jt, (jmethodID)m, address, &redirected));
        *fn = redirected;
    }
    jvmti_event_exit(&s);
}

/* ---- requests and exhaustion ---- */

void jvmti_post_DataDumpRequest(Thread *t) {
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_DATA_DUMP_REQUEST) {
        jvmtiEventDataDumpRequest cb = JVMTI_CB(env, DataDumpRequest);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env)));
    }
}

/* HotSpot logs each one (an error of its unified logging, which prints on stdout by default). */
void jvmti_post_ResourceExhausted(Thread *t, jint flags, const char *description) {
    vm_printf(stdout, "[%.3fs][error][jvmti] Posting Resource Exhausted event: %s\n", vm_uptime_seconds(),
              description ? description : "unknown");
    fflush(stdout);
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_RESOURCE_EXHAUSTED) {
        jvmtiEventResourceExhausted cb = JVMTI_CB(env, ResourceExhausted);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), thread_env(t), flags, NULL, description));
    }
    jvmti_event_exit(&s);
}
