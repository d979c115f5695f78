/*
 * jvmti_thread_cpu.c — JVMTI's thread CPU time functions and their timer descriptions.
 *
 * The times are the kernel's per-thread CPU clocks (user and system time, in ns), as on
 * HotSpot for Linux; the timer described is the same for the current and other threads.
 * Another thread's clock is read under the thread list lock, which keeps its pthread from
 * ending; a thread started but not yet running has used no time.
 */
#include "jvmti/jvmti_threads.h"
#include <time.h>

static jvmtiError clock_nanos(clockid_t clk, jlong *out) {
    struct timespec ts;
    if (clock_gettime(clk, &ts) != 0) return JVMTI_ERROR_INTERNAL;
    *out = (jlong)ts.tv_sec * 1000000000 + ts.tv_nsec;
    return JVMTI_ERROR_NONE;
}

static jvmtiError timer_info(jvmtiTimerInfo *info) {
    if (!info) return JVMTI_ERROR_NULL_POINTER;
    info->max_value = -1;               /* every bit set: the clock never wraps */
    info->may_skip_forward = JNI_FALSE;
    info->may_skip_backward = JNI_FALSE;
    info->kind = JVMTI_TIMER_TOTAL_CPU;
    info->reserved1 = info->reserved2 = 0;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetCurrentThreadCpuTimerInfo(jvmtiEnv *env, jvmtiTimerInfo *info_ptr) { return timer_info(info_ptr); }

jvmtiError JNICALL jvmti_GetThreadCpuTimerInfo(jvmtiEnv *env, jvmtiTimerInfo *info_ptr) { return timer_info(info_ptr); }

jvmtiError JNICALL jvmti_GetCurrentThreadCpuTime(jvmtiEnv *env, jlong *nanos_ptr) {
    if (!nanos_ptr) return JVMTI_ERROR_NULL_POINTER;
    return clock_nanos(CLOCK_THREAD_CPUTIME_ID, nanos_ptr);
}

static jvmtiError cpu_time_of(Thread *p, jlong *out) {
    if (!p->listed || thread_state(p) == TS_TERMINATED) return JVMTI_ERROR_THREAD_NOT_ALIVE;
    if (thread_state(p) == TS_NEW) {
        *out = 0;
        return JVMTI_ERROR_NONE;
    }
    clockid_t clk;
    if (pthread_getcpuclockid(p->pthread, &clk) != 0) return JVMTI_ERROR_INTERNAL;
    return clock_nanos(clk, out);
}

jvmtiError JNICALL jvmti_GetThreadCpuTime(jvmtiEnv *env, jthread thread, jlong *nanos_ptr) {
    Thread *target;
    jvmtiError err = jvmti_thread_of(thread, &target);
    if (err != JVMTI_ERROR_NONE) return err;
    if (!nanos_ptr) return JVMTI_ERROR_NULL_POINTER;
    Thread *self = thread_current();
    if (target == self) return clock_nanos(CLOCK_THREAD_CPUTIME_ID, nanos_ptr);
    int old = thread_block_begin(self);
    pthread_mutex_lock(&thread_list_lock);
    err = cpu_time_of(target, nanos_ptr);
    pthread_mutex_unlock(&thread_list_lock);
    thread_block_end(self, old);
    return err;
}
