/*
 * fuzz_exec.c — the libFuzzer target for parser + verifier + linking + execution.
 *
 * fuzz_classfile.c stops at the verifier; this target goes on to what a verified class is
 * promised: that running it cannot crash the VM.  It boots one Loupe VM per process
 * (the Invocation API, in LLVMFuzzerInitialize: the whole VM is linked into the target,
 * built with clang's coverage and ASan/UBSan by tests/fuzz/run.sh) and for each input:
 *
 *   1. defines the class through a fresh class loader (a new SecureClassLoader, so the
 *      class and its loader become unreachable afterwards and are unloaded by a later
 *      collection); a class named java/... is renamed fuzz/... in place (same length),
 *      since no other loader may define java.* classes and the JDK seeds all are;
 *   2. links and verifies it (link_verify, as before a first use);
 *   3. if it verified, calls up to three of its static methods (main first), each with
 *      zero or null arguments, which also runs its static initialiser;
 *   4. clears whatever exception results.
 *
 * Any crash, sanitizer report or hang is a bug of the verifier or the interpreter.
 * Classes that name operations with effects outside the VM's memory (System.exit,
 * Runtime, processes, files, threads, reflection, Unsafe: `denied`) are verified but not
 * run.
 *
 * Bounding a run.  A watchdog thread, attached to the VM, is armed around step 3: if
 * the input still runs after FUZZ_EXEC_MS milliseconds (default 100) it stops the
 * fuzzing thread with Thread.stop, the VM's own asynchronous-exception machinery
 * (delivered at the interpreter's existing polls, so the fast path pays nothing), and
 * repeats that every 20 ms until the input returns.  So that a handler of the fuzzed
 * class cannot swallow the ThreadDeath and loop on, the watchdog first sets the thread's
 * `unwind_through` to the class: find_handler, on the exception path only, then passes
 * over that class's handlers, and the VM delivers the ThreadDeath only in the class's own
 * frames (runtime/suspend.c), never in the middle of a JDK class's initialisation.  The
 * harness clears both once the input is done.
 *
 * The fuzzed code's standard output goes to /dev/null; its standard input is empty.
 * FUZZ_EXEC_CLASSPATH is the VM's class path (the seeds' nested classes, for the parent
 * loader to find); FUZZ_EXEC_OPTIONS adds VM options (-XX:GCStressInterval=50 finds
 * reference-map errors); FUZZ_EXEC_STATS prints counts at exit, FUZZ_EXEC_TRACE each step.  The structure-aware mutator is mutate_code.c.
 */
#include "tests/fuzz/cfmodel.h"
#include "classfile/link.h"
#include "native/jni_internal.h"
#include "runtime/suspend.h"
#include "runtime/thread.h"
#include <errno.h>
#include <fcntl.h>
#include <jni.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static JavaVM *vm;
static JNIEnv *env;
static jclass loader_class, system_class, thread_class;
static jmethodID loader_init, gc_method, stop_method, interrupted_method;
static jobject main_jthread;
static unsigned long inputs, defined, verified, ran, calls;
static bool trace;                      /* FUZZ_EXEC_TRACE: each step's exception on stderr */

static void clear(const char *step) {
    if (trace && (*env)->ExceptionCheck(env)) {
        fprintf(stderr, "fuzz_exec: %s: ", step);
        (*env)->ExceptionDescribe(env);
    }
    (*env)->ExceptionClear(env);
}

/* ---- the watchdog ---- */

static pthread_mutex_t wd_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wd_cond = PTHREAD_COND_INITIALIZER;
static bool wd_armed;
static const Class *wd_class;
static unsigned long wd_generation, wd_stops;
static long wd_first_ms = 100;

static struct timespec ms_from_now(long ms) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += (ms % 1000) * 1000000L;
    ts.tv_sec += ms / 1000 + ts.tv_nsec / 1000000000L;
    ts.tv_nsec %= 1000000000L;
    return ts;
}

/* Stops the fuzzing thread; wd_lock held, so the harness cannot disarm meanwhile. */
static void wd_stop(JNIEnv *wenv) {
    Thread *t = thread_from_env(env);
    t->unwind_through = wd_class;
    (*wenv)->CallVoidMethod(wenv, main_jthread, stop_method);
    (*wenv)->ExceptionClear(wenv);
    wd_stops++;
}

static void *wd_main(void *arg) {
    JNIEnv *wenv;
    JavaVMAttachArgs a = { JNI_VERSION_10, "fuzz watchdog", NULL };
    if ((*vm)->AttachCurrentThreadAsDaemon(vm, (void **)&wenv, &a) != JNI_OK) abort();
    pthread_mutex_lock(&wd_lock);
    for (;;) {
        while (!wd_armed) pthread_cond_wait(&wd_cond, &wd_lock);
        unsigned long gen = wd_generation;
        struct timespec deadline = ms_from_now(wd_first_ms);
        while (wd_armed && gen == wd_generation) {
            if (pthread_cond_timedwait(&wd_cond, &wd_lock, &deadline) != ETIMEDOUT) continue;
            if (wd_armed && gen == wd_generation) wd_stop(wenv);
            deadline = ms_from_now(20);
        }
    }
    return arg;
}

static void wd_arm(const Class *c) {
    pthread_mutex_lock(&wd_lock);
    wd_armed = true;
    wd_class = c;
    wd_generation++;
    pthread_cond_signal(&wd_cond);
    pthread_mutex_unlock(&wd_lock);
}

/* After the input: no stop can come any more; forgets one that came too late to act. */
static void wd_disarm(void) {
    pthread_mutex_lock(&wd_lock);
    wd_armed = false;
    wd_generation++;
    pthread_cond_signal(&wd_cond);
    pthread_mutex_unlock(&wd_lock);
    Thread *t = thread_from_env(env);
    t->unwind_through = NULL;
    susp_drop_async(t);
    (*env)->ExceptionClear(env);
    (*env)->CallStaticBooleanMethod(env, thread_class, interrupted_method);
    (*env)->ExceptionClear(env);
}

/* ---- what is run ---- */

static bool has_prefix(const uint8_t *s, uint16_t n, const char *p) {
    size_t k = strlen(p);
    return n >= k && memcmp(s, p, k) == 0;
}

/* Class names denied: a name ending in '/' denies its package and subpackages. */
static bool denied_class(const uint8_t *s, uint16_t n) {
    static const char *const names[] = {
        "jdk/", "sun/", "java/lang/reflect/", "java/lang/Runtime", "java/lang/ProcessBuilder",
        "java/lang/ProcessHandle", "java/lang/Process", "java/lang/Shutdown", "java/lang/ThreadGroup",
        "java/lang/ClassLoader", "java/io/File", "java/io/FileInputStream", "java/io/FileOutputStream",
        "java/io/RandomAccessFile", "java/nio/", "java/net/", "java/util/concurrent/", "java/util/Timer",
        "java/lang/ref/",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        size_t k = strlen(names[i]);
        if (names[i][k - 1] == '/' ? has_prefix(s, n, names[i]) : n == k && memcmp(s, names[i], k) == 0)
            return true;
    }
    return false;
}

static bool denied_member(const uint8_t *s, uint16_t n) {
    static const char *const names[] = {
        "exit", "halt", "setIn", "setOut", "setErr", "setSecurityManager", "setProperty", "setProperties",
        "clearProperty", "load", "loadLibrary", "mapLibraryName", "setDefault", "exec", "start", "stop",
        "suspend", "resume", "runFinalization", "setAccessible", "invoke", "invokeExact", "invokeWithArguments",
        "newInstance", "forName", "getRuntime", "console", "inheritedChannel", "findStatic", "findVirtual",
        "findSpecial", "findConstructor", "findGetter", "findSetter", "findStaticGetter", "findStaticSetter",
        "findStaticVarHandle", "findVarHandle", "unreflect", "privateLookupIn", "setDaemon", "setPriority",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (n == strlen(names[i]) && memcmp(s, names[i], n) == 0) return true;
    return false;
}

/* Whether the class names something that reaches outside the VM (see the top). */
static bool denied(const CmClass *c) {
    for (unsigned i = 1; i < c->cp_count; i++) {
        uint16_t n;
        const uint8_t *s = cm_class_name(c, i, &n);
        if (cm_tag(c, i) == 12) {
            const uint8_t *p = c->head.p + c->cp_off[i];
            s = cm_utf8(c, (unsigned)(p[1] << 8 | p[2]), &n);
            if (s && denied_member(s, n)) {
                if (trace) fprintf(stderr, "fuzz_exec: not run: %.*s\n", (int)n, (const char *)s);
                return true;
            }
        } else if (s && denied_class(s, n)) {
            if (trace) fprintf(stderr, "fuzz_exec: not run: %.*s\n", (int)n, (const char *)s);
            return true;
        }
    }
    return false;
}

/* java/... becomes fuzz/..., in data (the class's name only). */
static void rename_java(const CmClass *c, uint8_t *data, size_t size) {
    if (cm_tag(c, c->this_class) != 7) return;
    const uint8_t *p = c->head.p + c->cp_off[c->this_class];
    unsigned u = (unsigned)(p[1] << 8 | p[2]);
    uint16_t n;
    if (!cm_utf8(c, u, &n) || !has_prefix(c->head.p + c->cp_off[u] + 3, n, "java/")) return;
    if (c->cp_off[u] + 7 <= size) memcpy(data + c->cp_off[u] + 3, "fuzz", 4);
}

static char *utf8_dup(const CmClass *c, unsigned i) {
    uint16_t n;
    const uint8_t *s = cm_utf8(c, i, &n);
    if (!s) return NULL;
    char *out = malloc(n + 1u);
    memcpy(out, s, n);
    out[n] = '\0';
    return out;
}

/* Calls static method m of k with zero and null arguments. */
static void call_static(jclass k, const CmClass *c, const CmMethod *m) {
    char *name = utf8_dup(c, m->name), *desc = utf8_dup(c, m->desc);
    jmethodID id = name && desc && desc[0] == '(' ? (*env)->GetStaticMethodID(env, k, name, desc) : NULL;
    if (id) {
        calls++;
        jvalue args[256];
        memset(args, 0, sizeof args);
        const char *ret = strchr(desc, ')');
        switch (ret ? ret[1] : 'V') {
        case 'L': case '[': (*env)->DeleteLocalRef(env, (*env)->CallStaticObjectMethodA(env, k, id, args)); break;
        case 'J': (*env)->CallStaticLongMethodA(env, k, id, args); break;
        case 'F': (*env)->CallStaticFloatMethodA(env, k, id, args); break;
        case 'D': (*env)->CallStaticDoubleMethodA(env, k, id, args); break;
        case 'V': (*env)->CallStaticVoidMethodA(env, k, id, args); break;
        default: (*env)->CallStaticIntMethodA(env, k, id, args); break;
        }
    }
    if (trace) fprintf(stderr, "fuzz_exec: called %s%s\n", name ? name : "?", desc ? desc : "?");
    clear("call");
    free(name);
    free(desc);
}

static bool callable(const CmClass *c, const CmMethod *m) {
    return (m->access & 0x0508) == 0x0008 && !cm_utf8_is(c, m->name, "<clinit>") && m->code_attr >= 0;
}

/* Runs up to three static methods, main first. */
static void run_class(jclass k, const CmClass *c) {
    unsigned done = 0;
    for (unsigned i = 0; i < c->nmethods; i++)
        if (callable(c, &c->methods[i]) && cm_utf8_is(c, c->methods[i].name, "main")) {
            call_static(k, c, &c->methods[i]);
            done++;
        }
    for (unsigned i = 0; i < c->nmethods && done < 3; i++)
        if (callable(c, &c->methods[i]) && !cm_utf8_is(c, c->methods[i].name, "main")) {
            call_static(k, c, &c->methods[i]);
            done++;
        }
}

/* Links and verifies k's class; false with an exception pending if it fails. */
static const Class *verify(jclass k) {
    Thread *t = thread_from_env(env);
    int state = thread_enter_vm(t);
    Class *c = jni_class(k);
    bool ok = link_verify(t, c);
    thread_leave_vm(t, state);
    return ok ? c : NULL;
}

static void define_and_run(uint8_t *data, size_t size, const CmClass *model) {
    jobject loader = (*env)->NewObject(env, loader_class, loader_init);
    if (!loader) return;
    jclass k = (*env)->DefineClass(env, NULL, loader, (const jbyte *)data, (jsize)size);
    if (!k) { clear("define"); return; }
    defined++;
    const Class *c = verify(k);
    verified += c != NULL;
    if (!c) clear("verify");
    if (c && model && !denied(model)) {
        ran++;
        wd_arm(c);
        run_class(k, model);
        wd_disarm();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *in, size_t size) {
    if (size > (1u << 20)) return 0;
    uint8_t *data = malloc(size ? size : 1);
    memcpy(data, in, size);
    CmClass model;
    bool parsed = cm_parse(data, size, &model);
    if (parsed) rename_java(&model, data, size);
    if ((*env)->PushLocalFrame(env, 64) == JNI_OK) {
        define_and_run(data, size, parsed ? &model : NULL);
        (*env)->ExceptionClear(env);
        (*env)->PopLocalFrame(env, NULL);
    }
    (*env)->ExceptionClear(env);
    if (parsed) cm_free(&model);
    free(data);
    if (++inputs % 500 == 0) {                  /* unload the classes of the last inputs */
        (*env)->CallStaticVoidMethod(env, system_class, gc_method);
        (*env)->ExceptionClear(env);
    }
    return 0;
}

/* ---- set-up ---- */

/* With FUZZ_EXEC_STATS set: what became of the inputs, at exit (to judge seeds and mutator). */
static void print_stats(void) {
    fprintf(stderr, "fuzz_exec: %lu inputs, %lu defined, %lu verified, %lu run (%lu calls), %lu watchdog stops\n",
            inputs, defined, verified, ran, calls, wd_stops);
}

static jclass global_class(const char *name) {
    jclass k = (*env)->FindClass(env, name);
    if (!k) { fprintf(stderr, "fuzz_exec: no class %s\n", name); abort(); }
    return (*env)->NewGlobalRef(env, k);
}

static void quiet_stdio(void) {
    int null = open("/dev/null", O_RDWR);
    if (null < 0) return;
    dup2(null, 0);
    dup2(null, 1);
    close(null);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    static char cp[4096];
    const char *path = getenv("FUZZ_EXEC_CLASSPATH");
    snprintf(cp, sizeof cp, "-Djava.class.path=%s", path ? path : ".");
    const char *ms = getenv("FUZZ_EXEC_MS");
    if (ms && atol(ms) > 0) wd_first_ms = atol(ms);
    /* A fatal signal's report goes to the fuzzer's log, then abort() makes it a crash input. */
    JavaVMOption opts[16] = { { .optionString = cp }, { .optionString = "-Xmx256m" },
                              { .optionString = "-XX:+ErrorFileToStderr" } };
    JavaVMInitArgs args = { .version = JNI_VERSION_10, .nOptions = 3, .options = opts };
    static char extra[1024];            /* FUZZ_EXEC_OPTIONS: more VM options, e.g. GC stress */
    snprintf(extra, sizeof extra, "%s", getenv("FUZZ_EXEC_OPTIONS") ? getenv("FUZZ_EXEC_OPTIONS") : "");
    for (char *save, *o = strtok_r(extra, " ", &save); o && args.nOptions < 16; o = strtok_r(NULL, " ", &save))
        opts[args.nOptions++].optionString = o;
    if (JNI_CreateJavaVM(&vm, (void **)&env, &args) != JNI_OK) { fprintf(stderr, "fuzz_exec: no VM\n"); abort(); }
    loader_class = global_class("java/security/SecureClassLoader");
    system_class = global_class("java/lang/System");
    thread_class = global_class("java/lang/Thread");
    loader_init = (*env)->GetMethodID(env, loader_class, "<init>", "()V");
    gc_method = (*env)->GetStaticMethodID(env, system_class, "gc", "()V");
    stop_method = (*env)->GetMethodID(env, thread_class, "stop", "()V");
    interrupted_method = (*env)->GetStaticMethodID(env, thread_class, "interrupted", "()Z");
    jmethodID current = (*env)->GetStaticMethodID(env, thread_class, "currentThread", "()Ljava/lang/Thread;");
    main_jthread = (*env)->NewGlobalRef(env, (*env)->CallStaticObjectMethod(env, thread_class, current));
    if (!loader_init || !gc_method || !stop_method || !interrupted_method || !main_jthread) abort();
    pthread_t wd;
    if (pthread_create(&wd, NULL, wd_main, NULL) != 0) abort();
    pthread_detach(wd);
    quiet_stdio();
    if (getenv("FUZZ_EXEC_STATS")) atexit(print_stats);
    trace = getenv("FUZZ_EXEC_TRACE") != NULL;
    (void)argc;
    (void)argv;
    return 0;
}
