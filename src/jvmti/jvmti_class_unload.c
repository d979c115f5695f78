/*
 * jvmti_class_unload.c — the events that cannot be posted where they happen, and the
 * thread that posts them: HotSpot's extension event com.sun.hotspot.events.ClassUnload
 * (index 49, jvmti_ext_events.def) and CompiledMethodUnload (jvmti_compiled.c).
 *
 * Class unloading (heap/classunload.c) tells its listeners inside the collection, with the
 * world stopped, where no callback may run JNI; a redefinition drops a method's prepared
 * code with the world stopped too.  As HotSpot, which hands these events to its service
 * thread, the VM side here only queues what the event needs: for ClassUnload the class's
 * name (internal form, "p/q/Name", as HotSpot passes Symbol::as_C_string), for
 * CompiledMethodUnload the method and the code's address.  A daemon thread hidden from
 * external view as HotSpot's is (in no group, no enumeration, no thread count, no
 * ThreadStart), "Service Thread", takes them off the queue in order and calls the callbacks in
 * native state: they may call JNI and JVMTI and block.  ClassUnload is posted for instance
 * and hidden classes, never arrays (HotSpot posts from InstanceKlass's unloading), and only
 * while some environment has a callback (setting one is what enables the event, as on
 * HotSpot); CompiledMethodUnload is queued while some environment has it enabled.
 *
 * The thread is started the first time one of them is wanted in the live phase, or at
 * VMInit if one was wanted before; it lives as long as the VM.  The queue is a plain mutex
 * and condition variable: the VM side takes the mutex with the world stopped, which is
 * safe because its other holder only ever runs native code inside it.
 */
#include "jvmti/jvmti_heap.h"
#include "heap/classunload.h"
#include "runtime/jthread.h"
#include "runtime/vm.h"
#include <stdlib.h>
#include <string.h>

/* One queued event: a class name (ClassUnload) or a method's dropped code. */
typedef struct Deferred {
    char *name;                     /* ClassUnload; NULL for CompiledMethodUnload */
    Method *method;
    const void *code;
} Deferred;

static pthread_mutex_t q_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t q_cond = PTHREAD_COND_INITIALIZER;
static Deferred *queue;
static size_t q_head, q_n, q_cap;
static volatile bool wanted;             /* some environment has a ClassUnload callback */
static int listening, started;

static bool some_env_wants(void) {
    for (JvmtiEnv *env = __atomic_load_n(&jvmti_envs, __ATOMIC_ACQUIRE); env; env = __atomic_load_n(&env->next, __ATOMIC_ACQUIRE))
        if (jvmti_ext_callback(env, JVMTI_EXT_CLASS_UNLOAD)) return true;
    return false;
}

static bool code_unload_wanted(void) { return JVMTI_EVENT_ENABLED(NULL, JVMTI_EVENT_COMPILED_METHOD_UNLOAD); }

/* Appends d (false when out of memory); any thread, world stopped or not. */
static bool push(Deferred d) {
    pthread_mutex_lock(&q_lock);
    if (q_n == q_cap) {
        size_t cap = q_cap ? 2 * q_cap : 64;
        Deferred *q = realloc(queue, cap * sizeof *q);
        if (q) queue = q, q_cap = cap;
    }
    bool ok = q_n < q_cap;
    if (ok) queue[q_n++] = d;
    pthread_cond_signal(&q_cond);
    pthread_mutex_unlock(&q_lock);
    return ok;
}

void jvmti_code_unloaded(Method *m, const void *code) {
    if (code_unload_wanted()) push((Deferred){ NULL, m, code });
}

/* The listener: world stopped, no Java allocation; malloc is fine. */
static void on_unload(Class *c) {
    if (code_unload_wanted()) jvmti_class_code_unloaded(c);
    if (!__atomic_load_n(&wanted, __ATOMIC_ACQUIRE)) return;
    char *name = strdup(c->name->str);
    if (name && !push((Deferred){ name, NULL, NULL })) free(name);
}

/* The oldest queued event; waits, in a safe state, for one. */
static Deferred take(Thread *t) {
    int old = thread_block_begin(t);
    pthread_mutex_lock(&q_lock);
    while (q_head == q_n) pthread_cond_wait(&q_cond, &q_lock);
    Deferred d = queue[q_head++];
    if (q_head == q_n) q_head = q_n = 0;
    pthread_mutex_unlock(&q_lock);
    thread_block_end(t, old);
    return d;
}

static void post_class_unload(Thread *t, const char *name) {
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    for (JvmtiEnv *env = __atomic_load_n(&jvmti_envs, __ATOMIC_ACQUIRE); env; env = __atomic_load_n(&env->next, __ATOMIC_ACQUIRE)) {
        jvmtiExtensionEvent cb = (jvmtiExtensionEvent)jvmti_ext_callback(env, JVMTI_EXT_CLASS_UNLOAD);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), thread_env(t), name));
    }
    jvmti_event_exit(&s);
}

static void post(Thread *t, Deferred d) {
    if (d.name) post_class_unload(t, d.name);
    else jvmti_post_CompiledMethodUnload(t, d.method, d.code);
}

/* The thread's body, in VM state. */
static void service_main(Thread *t) {
    for (;;) {
        Deferred d = take(t);
        if (__atomic_load_n(&jvmti_phase, __ATOMIC_ACQUIRE) == JVMTI_PHASE_LIVE) post(t, d);
        free(d.name);
    }
}

static void start_thread(void) {
    if (__atomic_exchange_n(&started, 1, __ATOMIC_ACQ_REL)) return;
    if (!jthread_start_hidden_daemon("Service Thread", service_main)) __atomic_store_n(&started, 0, __ATOMIC_RELEASE);
}

void jvmti_service_wanted(Thread *t) {
    bool want = some_env_wants();
    __atomic_store_n(&wanted, want, __ATOMIC_RELEASE);
    if (!want && !code_unload_wanted()) return;
    if (!__atomic_exchange_n(&listening, 1, __ATOMIC_ACQ_REL)) cu_add_listener(on_unload);
    if (t && __atomic_load_n(&jvmti_phase, __ATOMIC_ACQUIRE) == JVMTI_PHASE_LIVE) start_thread();
}

void jvmti_service_vm_init(void) {
    if (__atomic_load_n(&wanted, __ATOMIC_ACQUIRE) || code_unload_wanted()) start_thread();
}
