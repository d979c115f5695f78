/*
 * jvmti_class_unload.c — HotSpot's extension event com.sun.hotspot.events.ClassUnload
 * (index 49, jvmti_ext_events.def), posted when Loupe unloads a class.
 *
 * Class unloading (heap/classunload.c) tells its listeners inside the collection, with the
 * world stopped, where no callback may run JNI.  As HotSpot, which hands the event to its
 * service thread, the listener here only copies the class's name (internal form,
 * "p/q/Name", as HotSpot passes Symbol::as_C_string) into a queue; a daemon thread of the
 * system group, "Service Thread", takes the names off it and calls every environment's
 * callback, (jvmtiEnv*, JNIEnv*, const char *name), in native state: it may call JNI and
 * JVMTI and block.  Only instance and hidden classes are posted, never arrays (HotSpot
 * posts from InstanceKlass's unloading), and only while some environment has a callback
 * (setting one is what enables the event, as on HotSpot).
 *
 * The thread is started the first time an environment sets the callback in the live
 * phase, or at VMInit if one was set before; it lives as long as the VM.  The queue is a
 * plain mutex and condition variable: the listener takes the mutex with the world stopped,
 * which is safe because its other holder only ever runs native code inside it.
 */
#include "jvmti/jvmti_heap.h"
#include "heap/classunload.h"
#include "runtime/jthread.h"
#include "runtime/vm.h"
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t q_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t q_cond = PTHREAD_COND_INITIALIZER;
static char **queue;
static size_t q_head, q_n, q_cap;
static volatile bool wanted;             /* some environment has a callback */
static int listening, started;

static bool some_env_wants(void) {
    for (JvmtiEnv *env = __atomic_load_n(&jvmti_envs, __ATOMIC_ACQUIRE); env; env = __atomic_load_n(&env->next, __ATOMIC_ACQUIRE))
        if (jvmti_ext_callback(env, JVMTI_EXT_CLASS_UNLOAD)) return true;
    return false;
}

/* The listener: world stopped, no Java allocation; malloc is fine. */
static void on_unload(Class *c) {
    if (!__atomic_load_n(&wanted, __ATOMIC_ACQUIRE)) return;
    char *name = strdup(c->name->str);
    if (!name) return;
    pthread_mutex_lock(&q_lock);
    if (q_n == q_cap) {
        size_t cap = q_cap ? 2 * q_cap : 64;
        char **q = realloc(queue, cap * sizeof *q);
        if (q) queue = q, q_cap = cap;
    }
    if (q_n < q_cap) queue[q_n++] = name, name = NULL;
    pthread_cond_signal(&q_cond);
    pthread_mutex_unlock(&q_lock);
    free(name);
}

/* The oldest queued name (the caller frees it); waits, in a safe state, for one. */
static char *take(Thread *t) {
    int old = thread_block_begin(t);
    pthread_mutex_lock(&q_lock);
    while (q_head == q_n) pthread_cond_wait(&q_cond, &q_lock);
    char *name = queue[q_head++];
    if (q_head == q_n) q_head = q_n = 0;
    pthread_mutex_unlock(&q_lock);
    thread_block_end(t, old);
    return name;
}

static void post(Thread *t, const char *name) {
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    for (JvmtiEnv *env = __atomic_load_n(&jvmti_envs, __ATOMIC_ACQUIRE); env; env = __atomic_load_n(&env->next, __ATOMIC_ACQUIRE)) {
        jvmtiExtensionEvent cb = (jvmtiExtensionEvent)jvmti_ext_callback(env, JVMTI_EXT_CLASS_UNLOAD);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), thread_env(t), name));
    }
    jvmti_event_exit(&s);
}

/* The thread's body, in VM state. */
static void service_main(Thread *t) {
    for (;;) {
        char *name = take(t);
        if (__atomic_load_n(&jvmti_phase, __ATOMIC_ACQUIRE) == JVMTI_PHASE_LIVE) post(t, name);
        free(name);
    }
}

static void start_thread(void) {
    if (__atomic_exchange_n(&started, 1, __ATOMIC_ACQ_REL)) return;
    if (!jthread_start_system_daemon("Service Thread", service_main)) __atomic_store_n(&started, 0, __ATOMIC_RELEASE);
}

void jvmti_class_unload_wanted(Thread *t) {
    bool want = some_env_wants();
    __atomic_store_n(&wanted, want, __ATOMIC_RELEASE);
    if (!want) return;
    if (!__atomic_exchange_n(&listening, 1, __ATOMIC_ACQ_REL)) cu_add_listener(on_unload);
    if (t && __atomic_load_n(&jvmti_phase, __ATOMIC_ACQUIRE) == JVMTI_PHASE_LIVE) start_thread();
}

void jvmti_class_unload_vm_init(void) {
    if (__atomic_load_n(&wanted, __ATOMIC_ACQUIRE)) start_thread();
}
