/*
 * jvmpi_vmevents.c — the internal JVMTI environment's callbacks, turned into JVMPI events.
 *
 * JVMTI runs each callback on the thread the event happened in, in native state, which is
 * what JVMPI needs too.  An event that carries object ids takes a GC hold before it reads
 * an address out of a JNI reference and releases it once NotifyEvent has returned, so the
 * ids stay valid for the whole call ("sent with GC disabled").
 *
 * Sources: method entry/exit (METHOD_ENTRY, _ENTRY2, _EXIT), single step
 * (INSTRUCTION_START: the bytecode index; the branch details stay zero), thread
 * start/end, class prepare (CLASS_LOAD: methods and fields are known from then on; the
 * class unload events queued so far go first),
 * class file load hook, monitor contended enter/entered and wait/waited, VM init and
 * death (JVM_INIT_DONE, JVM_SHUT_DOWN), the data dump request (SIGQUIT) and compiled method
 * load and unload (COMPILED_METHOD_LOAD, _UNLOAD: Loupe's compiled code is a method's
 * translation for the interpreter, jvmti/jvmti_compiled.c; the load's line number table
 * gives, for each instruction that starts a new source line, its offset in that code).
 */
#include "jvmpi/jvmpi_internal.h"
#include "jvmti/jvmti_internal.h"
#include "interp/frame.h"
#include <stdlib.h>
#include <string.h>

static _Thread_local int64_t wait_started;

static void send_simple(JNIEnv *jni, jint type) {
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = type;
    jvmpi_send(thread_from_env(jni), &e);
}

static void send_method(JNIEnv *jni, jint type, jmethodID m) {
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = type;
    e.u.method.method_id = m;
    jvmpi_send(thread_from_env(jni), &e);
}

static void send_entry2(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jmethodID m) {
    Method *mm = (Method *)m;
    jobject self = NULL;
    Thread *t = thread_from_env(jni);
    int old = thread_enter_vm(t);
    HandleMark hm = hnd_mark(t);
    thread_leave_vm(t, old);
    if (!method_is_static(mm) && !method_is_native(mm)) (*jvmti)->GetLocalInstance(jvmti, thread, 0, &self);
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_METHOD_ENTRY2;
    e.u.method_entry2.method_id = m;
    gc_hold(t);
    e.u.method_entry2.obj_id = self ? jvmpi_id(hnd_get(self)) : NULL;
    jvmpi_send(t, &e);
    gc_release();
    old = thread_enter_vm(t);
    hnd_release(t, hm);
    thread_leave_vm(t, old);
}

static void JNICALL cb_method_entry(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jmethodID m) {
    if (jvmpi_on(JVMPI_EVENT_METHOD_ENTRY)) send_method(jni, JVMPI_EVENT_METHOD_ENTRY, m);
    if (jvmpi_on(JVMPI_EVENT_METHOD_ENTRY2)) send_entry2(jvmti, jni, thread, m);
}

static void JNICALL cb_method_exit(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jmethodID m, jboolean popped,
                                   jvalue rv) {
    if (jvmpi_on(JVMPI_EVENT_METHOD_EXIT)) send_method(jni, JVMPI_EVENT_METHOD_EXIT, m);
}

static void JNICALL cb_single_step(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jmethodID m, jlocation loc) {
    if (!jvmpi_on(JVMPI_EVENT_INSTRUCTION_START)) return;
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_INSTRUCTION_START;
    e.u.instruction.method_id = m;
    e.u.instruction.offset = (jint)loc;
    jvmpi_send(thread_from_env(jni), &e);
}

static void JNICALL cb_thread_start(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread) {
    if (!jvmpi_on(JVMPI_EVENT_THREAD_START)) return;
    Thread *t = thread_from_env(jni);
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    gc_hold(t);
    int old = thread_enter_vm(t);
    jvmpi_thread_start_fill(t, t, &e);
    thread_leave_vm(t, old);
    jvmpi_send(t, &e);
    gc_release();
    jvmpi_thread_start_free(&e);
}

static void JNICALL cb_thread_end(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread) {
    if (jvmpi_on(JVMPI_EVENT_THREAD_END)) send_simple(jni, JVMPI_EVENT_THREAD_END);
}

static void JNICALL cb_class_prepare(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jclass klass) {
    if (!jvmpi_on(JVMPI_EVENT_CLASS_LOAD)) return;
    Thread *t = thread_from_env(jni);
    Class *c = NULL;
    jvmpi_unload_flush(t);
    gc_hold(t);
    int old = thread_enter_vm(t);
    jvmti_class_of(klass, &c);
    thread_leave_vm(t, old);
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    if (c) {
        jvmpi_class_load_fill(c, &e);
        jvmpi_send(t, &e);
        jvmpi_class_load_free(&e);
    }
    gc_release();
}

static void *hook_malloc(unsigned int n) { return malloc(n ? n : 1); }

static void JNICALL cb_class_file_load_hook(jvmtiEnv *jvmti, JNIEnv *jni, jclass redefined, jobject loader,
                                            const char *name, jobject pd, jint len, const unsigned char *data,
                                            jint *new_len, unsigned char **new_data) {
    if (!jvmpi_on(JVMPI_EVENT_CLASS_LOAD_HOOK)) return;
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_CLASS_LOAD_HOOK;
    e.u.class_load_hook.class_data = (unsigned char *)data;
    e.u.class_load_hook.class_data_len = len;
    e.u.class_load_hook.new_class_data = (unsigned char *)data;
    e.u.class_load_hook.new_class_data_len = len;
    e.u.class_load_hook.malloc_f = hook_malloc;
    jvmpi_send(thread_from_env(jni), &e);
    /* JVMTI frees what it is given with free(), as the VM frees what malloc_f gave */
    if (e.u.class_load_hook.new_class_data && e.u.class_load_hook.new_class_data != data) {
        *new_data = e.u.class_load_hook.new_class_data;
        *new_len = e.u.class_load_hook.new_class_data_len;
    }
}

/* Monitor events: the object's id, read under a GC hold. */
static void send_monitor(JNIEnv *jni, jint type, jobject object, jlong timeout) {
    Thread *t = thread_from_env(jni);
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = type;
    gc_hold(t);
    jobjectID id = object ? jvmpi_id(hnd_get(object)) : NULL;
    if (type == JVMPI_EVENT_MONITOR_WAIT || type == JVMPI_EVENT_MONITOR_WAITED) {
        e.u.monitor_wait.object = id;
        e.u.monitor_wait.timeout = timeout;
    } else {
        e.u.monitor.object = id;
    }
    jvmpi_send(t, &e);
    gc_release();
}

static void JNICALL cb_contended_enter(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jobject object) {
    if (jvmpi_on(JVMPI_EVENT_MONITOR_CONTENDED_ENTER)) send_monitor(jni, JVMPI_EVENT_MONITOR_CONTENDED_ENTER, object, 0);
}

static void JNICALL cb_contended_entered(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jobject object) {
    if (jvmpi_on(JVMPI_EVENT_MONITOR_CONTENDED_ENTERED))
        send_monitor(jni, JVMPI_EVENT_MONITOR_CONTENDED_ENTERED, object, 0);
}

static void JNICALL cb_monitor_wait(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jobject object, jlong timeout) {
    wait_started = thread_now_ns();
    if (jvmpi_on(JVMPI_EVENT_MONITOR_WAIT)) send_monitor(jni, JVMPI_EVENT_MONITOR_WAIT, object, timeout);
}

/* The time waited, in milliseconds, when the wait's start was seen. */
static void JNICALL cb_monitor_waited(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread, jobject object, jboolean timed_out) {
    jlong waited = wait_started ? (thread_now_ns() - wait_started) / 1000000 : 0;
    wait_started = 0;
    if (jvmpi_on(JVMPI_EVENT_MONITOR_WAITED)) send_monitor(jni, JVMPI_EVENT_MONITOR_WAITED, object, waited);
}

static void JNICALL cb_vm_init(jvmtiEnv *jvmti, JNIEnv *jni, jthread thread) {
    if (jvmpi_on(JVMPI_EVENT_CLASS_UNLOAD)) jvmpi_unload_start();
    if (jvmpi_on(JVMPI_EVENT_JVM_INIT_DONE)) send_simple(jni, JVMPI_EVENT_JVM_INIT_DONE);
}

static void JNICALL cb_vm_death(jvmtiEnv *jvmti, JNIEnv *jni) {
    jvmpi_unload_drain(thread_from_env(jni));
    if (jvmpi_on(JVMPI_EVENT_JVM_SHUT_DOWN)) send_simple(jni, JVMPI_EVENT_JVM_SHUT_DOWN);
}

static void JNICALL cb_data_dump(jvmtiEnv *jvmti) {
    if (!jvmpi_on(JVMPI_EVENT_DATA_DUMP_REQUEST)) return;
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_DATA_DUMP_REQUEST;
    Thread *t = thread_current();
    if (t) jvmpi_send(t, &e);
}

/* One entry per change of line along the code (none without a line number table). */
static jint line_table(const Method *m, const void *code, jint n, const jvmtiAddrLocationMap *map, JVMPI_Lineno *out) {
    jint k = 0;
    for (jint i = 0; i < n; i++) {
        jint line = method_line_at(m, (int)map[i].location);
        if (line < 0 || (k > 0 && out[k - 1].lineno == line)) continue;
        out[k++] = (JVMPI_Lineno){ (jint)((const char *)map[i].start_address - (const char *)code), line };
    }
    return k;
}

static void JNICALL cb_compiled_method_load(jvmtiEnv *jvmti, jmethodID m, jint size, const void *code, jint n,
                                            const jvmtiAddrLocationMap *map, const void *info) {
    if (!jvmpi_on(JVMPI_EVENT_COMPILED_METHOD_LOAD)) return;
    JVMPI_Lineno *lines = malloc((n > 0 ? (size_t)n : 1) * sizeof *lines);
    if (!lines) return;
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_COMPILED_METHOD_LOAD;
    e.u.compiled_method_load.method_id = m;
    e.u.compiled_method_load.code_addr = (void *)code;
    e.u.compiled_method_load.code_size = size;
    e.u.compiled_method_load.lineno_table_size = line_table((const Method *)m, code, n, map, lines);
    e.u.compiled_method_load.lineno_table = lines;
    jvmpi_send(thread_current(), &e);
    free(lines);
}

static void JNICALL cb_compiled_method_unload(jvmtiEnv *jvmti, jmethodID m, const void *code) {
    if (!jvmpi_on(JVMPI_EVENT_COMPILED_METHOD_UNLOAD)) return;
    JVMPI_Event e;
    memset(&e, 0, sizeof e);
    e.event_type = JVMPI_EVENT_COMPILED_METHOD_UNLOAD;
    e.u.compiled_method_unload.method_id = m;
    jvmpi_send(thread_current(), &e);
}

void jvmpi_set_callbacks(jvmtiEventCallbacks *cb) {
    cb->MethodEntry = cb_method_entry;
    cb->MethodExit = cb_method_exit;
    cb->SingleStep = cb_single_step;
    cb->ThreadStart = cb_thread_start;
    cb->ThreadEnd = cb_thread_end;
    cb->ClassPrepare = cb_class_prepare;
    cb->ClassFileLoadHook = cb_class_file_load_hook;
    cb->MonitorContendedEnter = cb_contended_enter;
    cb->MonitorContendedEntered = cb_contended_entered;
    cb->MonitorWait = cb_monitor_wait;
    cb->MonitorWaited = cb_monitor_waited;
    cb->VMInit = cb_vm_init;
    cb->VMDeath = cb_vm_death;
    cb->DataDumpRequest = cb_data_dump;
    cb->CompiledMethodLoad = cb_compiled_method_load;
    cb->CompiledMethodUnload = cb_compiled_method_unload;
}
