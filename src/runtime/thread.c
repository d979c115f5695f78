/*
 * thread.c — Thread records: creation, attachment to pthreads, the thread list.
 *
 * A Thread record exists for every thread that runs Java code or calls JNI: threads the VM
 * starts (JVM_StartThread) and native threads attached through the Invocation API.  Each
 * has its own Java stack (an mmap'ed region that only costs what it touches), handle area
 * and TLAB.  Thin-lock owner ids (16 bits in the mark word) are handed out here and reused
 * after a thread ends.
 *
 * The thread list is changed only while the changing thread is in a safe state, because a
 * collection holds the list lock for its whole duration.
 */
#include "runtime/thread.h"
#include "runtime/vm.h"
#include "runtime/crash.h"
#include "interp/frame.h"
#include "interp/debug.h"
#include "native/checkjni.h"
#include "jvmti/jvmti_export.h"
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

_Thread_local Thread *thread_self;
pthread_mutex_t thread_list_lock = PTHREAD_MUTEX_INITIALIZER;
Thread *thread_list;
volatile bool thread_timing_contention;

int64_t thread_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

extern const struct JNINativeInterface_ jni_function_table;

static Thread *volatile tid_threads[65536];
static uint8_t tid_used[65536 / 8];
static uint32_t tid_next = 1;

static uint16_t tid_alloc(void) {
    for (uint32_t n = 0; n < 65535; n++) {
        uint32_t id = tid_next;
        tid_next = tid_next == 65535 ? 1 : tid_next + 1;
        if (!(tid_used[id >> 3] & (1 << (id & 7)))) {
            tid_used[id >> 3] |= (uint8_t)(1 << (id & 7));
            return (uint16_t)id;
        }
    }
    vm_fatal("more than 65535 live threads");
}

static void tid_free(uint16_t id) { tid_used[id >> 3] &= (uint8_t)~(1 << (id & 7)); }

Thread *thread_create_record(void) {
    Thread *t = vm_calloc(1, sizeof *t);
    t->jni = cj_env_functions();
    t->state = TS_NEW;
    hnd_area_init(&t->handles);
    pthread_mutex_init(&t->park_lock, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&t->park_cond, &ca);
    pthread_condattr_destroy(&ca);
    return t;
}

static void c_stack_bounds(Thread *t) {
    pthread_attr_t attr;
    void *addr;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
            /* keep a margin for the VM's own work when throwing StackOverflowError */
            size_t margin = size / 8 < 64 * 1024 ? 64 * 1024 : size / 8;
            if (margin > 256 * 1024) margin = 256 * 1024;
#if defined(__SANITIZE_THREAD__)
            /* ThreadSanitizer runs its own code on the thread's stack near its end: a
             * smaller margin keeps the smallest stacks (-Xss136k) usable as in plain builds */
            margin = size / 32;
#endif
            t->c_stack_limit = (char *)addr + margin;
        }
        pthread_attr_destroy(&attr);
    }
}

/* A thread's stack size as HotSpot sizes it: Thread(..., stackSize) when positive, raised
 * to the minimum and rounded up to pages, else -Xss. */
size_t thread_stack_size(jlong requested) {
    if (requested <= 0) return vm_opts.thread_stack;
    size_t s = (uint64_t)requested > SIZE_MAX / 2 ? SIZE_MAX / 2 : (size_t)requested;
    return ALIGN_UP(s < THREAD_STACK_MIN ? THREAD_STACK_MIN : s, 4096);
}

bool thread_attach_current(Thread *t, size_t stack_size) {
    size_t bytes = ALIGN_UP(stack_size, 4096);
    if (bytes < THREAD_STACK_MIN || bytes > SIZE_MAX / 2) return false;
    void *mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mem == MAP_FAILED) return false;
    t->stack_base = mem;
    t->stack_end = (Slot *)((char *)mem + bytes);
    t->stack_limit = (Slot *)((char *)t->stack_end - THREAD_JAVA_RESERVE);
    t->pthread = pthread_self();
    t->os_tid = (int)syscall(SYS_gettid);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    t->start_ns = (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
    c_stack_bounds(t);
    crash_thread_begin();
    thread_self = t;
    if (!t->listed) thread_list_add(NULL, t);
    /* from NEW (safe) to running VM code, stopping first if a collection is under way */
    thread_block_end(t, TS_IN_VM);
    return true;
}

void thread_detach_current(Thread *t) {
    heap_thread_exit(t);
    jvmti_counts_thread_exit(t);
    thread_list_remove(t, t);
    thread_self = NULL;
    crash_thread_end();
    if (t->stack_base)
        munmap(t->stack_base, (size_t)((char *)t->stack_end - (char *)t->stack_base));
    t->stack_base = t->stack_end = NULL;
    hnd_area_free(&t->handles);
    cj_thread_free(t);
    dbg_thread_free(t);
}

/* The list is changed in a safe state: a collection holds thread_list_lock throughout.
 * `self` (the current thread, or NULL when t is attaching itself and so is still NEW)
 * waits for the lock in a safe state; t joins the list in its own state. */
void thread_list_add(Thread *self, Thread *t) {
    int old = self ? thread_block_begin(self) : 0;
    pthread_mutex_lock(&thread_list_lock);
    t->tid = tid_alloc();
    __atomic_store_n(&tid_threads[t->tid], t, __ATOMIC_RELEASE);
    t->next = thread_list;
    t->prev = NULL;
    if (thread_list) thread_list->prev = t;
    thread_list = t;
    t->listed = true;
    unsigned modes = __atomic_load_n(&dbg_default_modes, __ATOMIC_ACQUIRE);
    if (unlikely(modes)) dbg_thread_modes(t, modes);
    pthread_mutex_unlock(&thread_list_lock);
    if (self) thread_block_end(self, old);
}

/* Removes t (the current thread, ending; or a record whose thread never started, removed
 * by `self`). */
void thread_list_remove(Thread *self, Thread *t) {
    int old = thread_block_begin(self);
    pthread_mutex_lock(&thread_list_lock);
    if (t->prev) t->prev->next = t->next;
    else thread_list = t->next;
    if (t->next) t->next->prev = t->prev;
    t->next = t->prev = NULL;
    __atomic_store_n(&tid_threads[t->tid], NULL, __ATOMIC_RELEASE);
    tid_free(t->tid);
    __atomic_store_n(&t->state, TS_TERMINATED, __ATOMIC_RELEASE);   /* others test it (suspend.c) */
    t->listed = false;
    pthread_mutex_unlock(&thread_list_lock);
    if (self != t) thread_block_end(self, old);
}

Thread *thread_by_tid(unsigned tid) { return __atomic_load_n(&tid_threads[tid & 0xFFFF], __ATOMIC_ACQUIRE); }

void thread_foreach(void (*fn)(Thread *t, void *ctx), void *ctx) {
    for (Thread *t = thread_list; t; t = t->next) fn(t, ctx);
}

/* `self` waits for the lock in a safe state: a collection holds it while it waits for every
 * thread to stop. */
int thread_count_nondaemon(Thread *self) {
    int n = 0;
    int old = thread_block_begin(self);
    pthread_mutex_lock(&thread_list_lock);
    for (Thread *t = thread_list; t; t = t->next)
        if (!t->daemon) n++;
    pthread_mutex_unlock(&thread_list_lock);
    thread_block_end(self, old);
    return n;
}
