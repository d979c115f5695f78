/*
 * invocation.c — the Invocation API: creating, attaching to and destroying the VM.
 *
 * JNI_CreateJavaVM accepts the JDK 1.2+ JavaVMInitArgs and the JDK 1.1.2 JDK1_1InitArgs
 * (seeds/invocation-api.txt): the older structure's fields are turned into the
 * equivalent options.  The creating thread stays attached, in native state, as the VM's
 * "main" thread.
 *
 * Threads attached later get a java.lang.Thread in the "main" group (or the group given in
 * JavaVMAttachArgs).  Detaching dispatches a pending exception to the thread's uncaught
 * exception handler — which is what prints `Exception in thread "main" ...` for the
 * launcher — and ends the Java thread.  DestroyJavaVM attaches its thread as
 * "DestroyJavaVM", waits until no other non-daemon thread is left, and runs
 * java.lang.Shutdown.shutdown() (shutdown hooks).
 *
 * java.home: the JDK the launcher belongs to when the process is a JDK launcher
 * (bin/<tool> beside lib/modules), else the JDK this libjvm.so sits in
 * (<home>/lib/server/libjvm.so), else $JAVA_HOME.
 */
#include "invoke/initargs11.h"
#include "runtime/vm.h"
#include "runtime/crash.h"
#include "runtime/exception.h"
#include "runtime/jthread.h"
#include "runtime/monitor.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "interp/interp.h"
#include "interp/frame.h"
#include "jvmti/jvmti_export.h"
#include "jvmpi/jvmpi_export.h"
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

JavaVM vm_javavm;
static pthread_mutex_t vm_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t thread_exit_cond = PTHREAD_COND_INITIALIZER;
static bool vm_created;
extern Object *vm_main_group;

/* ---- java.home ---- */

static bool has_modules(const char *home) {
    char p[PATH_MAX + 32];
    struct stat st;
    snprintf(p, sizeof p, "%s/lib/modules", home);
    return stat(p, &st) == 0;
}

static char *strip_components(const char *path, int n) {
    char *s = vm_strdup(path);
    for (int i = 0; i < n; i++) {
        char *slash = strrchr(s, '/');
        if (!slash) break;
        *slash = '\0';
    }
    return s;
}

static void compute_paths(void) {
    Dl_info info;
    char real[PATH_MAX];
    if (dladdr((void *)compute_paths, &info) && info.dli_fname && realpath(info.dli_fname, real)) {
        vm_libjvm_dir = strip_components(real, 1);
    }
    ssize_t n = readlink("/proc/self/exe", real, sizeof real - 1);
    if (n > 0) {
        real[n] = '\0';
        char *home = strip_components(real, 2);
        if (has_modules(home)) {
            vm_java_home = home;
            return;
        }
        vm_free(home);
    }
    if (vm_libjvm_dir) {
        char *home = strip_components(vm_libjvm_dir, 2);
        if (has_modules(home)) {
            vm_java_home = home;
            return;
        }
        vm_free(home);
    }
    const char *jh = getenv("JAVA_HOME");
    vm_java_home = vm_strdup(jh && has_modules(jh) ? jh : "/usr/lib/jvm/java-17-openjdk-amd64");
}

/* ---- JDK 1.1.2 init args ---- */

static jint args_from_1_1(JDK1_1InitArgs *a, JavaVMInitArgs *out, JavaVMOption **opts_out) {
    int n = 0;
    for (char **p = a->properties; p && *p; p++) n++;
    JavaVMOption *o = vm_calloc((size_t)n + 12, sizeof *o);
    int k = 0;
    char buf[64];
    for (char **p = a->properties; p && *p; p++) {
        char *s = vm_malloc(strlen(*p) + 3);
        sprintf(s, "-D%s", *p);
        o[k++].optionString = s;
    }
    if (a->classpath) {
        char *s = vm_malloc(strlen(a->classpath) + 20);
        sprintf(s, "-Djava.class.path=%s", a->classpath);
        o[k++].optionString = s;
    }
    if (a->maxHeapSize > 0) {
        snprintf(buf, sizeof buf, "-Xmx%ld", (long)a->maxHeapSize);
        o[k++].optionString = vm_strdup(buf);
    }
    if (a->minHeapSize > 0) {
        snprintf(buf, sizeof buf, "-Xms%ld", (long)a->minHeapSize);
        o[k++].optionString = vm_strdup(buf);
    }
    if (a->javaStackSize > 0) {
        snprintf(buf, sizeof buf, "-Xss%ld", (long)a->javaStackSize);
        o[k++].optionString = vm_strdup(buf);
    }
    if (a->enableVerboseGC) o[k++].optionString = vm_strdup("-verbose:gc");
    if (a->vfprintf) {
        o[k].optionString = vm_strdup("vfprintf");
        o[k++].extraInfo = (void *)a->vfprintf;
    }
    if (a->exit) {
        o[k].optionString = vm_strdup("exit");
        o[k++].extraInfo = (void *)a->exit;
    }
    if (a->abort) {
        o[k].optionString = vm_strdup("abort");
        o[k++].extraInfo = (void *)a->abort;
    }
    out->version = JNI_VERSION_1_2;
    out->nOptions = k;
    out->options = o;
    out->ignoreUnrecognized = JNI_TRUE;
    *opts_out = o;
    return JNI_OK;
}

static bool supported_version(jint v) {
    return v == JNI_VERSION_1_2 || v == JNI_VERSION_1_4 || v == JNI_VERSION_1_6 || v == JNI_VERSION_1_8 ||
           v == JNI_VERSION_9 || v == JNI_VERSION_10;
}

JNIEXPORT jint JNICALL JNI_GetDefaultJavaVMInitArgs(void *args) {
    if (!args) return JNI_ERR;
    jint version = *(jint *)args;
    if (version == JNI_VERSION_1_1) {
        JDK1_1InitArgs *a = args;
        a->version = JNI_VERSION_1_1;
        /* the C stack of the launcher's main thread, as of the threads the VM starts */
        a->javaStackSize = (jint)THREAD_C_STACK(THREAD_STACK_DEFAULT);
        a->nativeStackSize = 0;
        a->minHeapSize = 8 << 20;
        a->maxHeapSize = 256 << 20;
        a->verifyMode = 1;
        a->checkSource = 0;
        a->enableClassGC = 1;
        a->enableVerboseGC = 0;
        a->disableAsyncGC = 0;
        return JNI_OK;
    }
    return supported_version(version) ? JNI_OK : JNI_EVERSION;
}

/* ---- the JavaVM function table ---- */

static jint JNICALL vm_DestroyJavaVM(JavaVM *vm);
static jint JNICALL vm_AttachCurrentThread(JavaVM *vm, void **penv, void *args);
static jint JNICALL vm_DetachCurrentThread(JavaVM *vm);
static jint JNICALL vm_GetEnv(JavaVM *vm, void **penv, jint version);
static jint JNICALL vm_AttachCurrentThreadAsDaemon(JavaVM *vm, void **penv, void *args);

static const struct JNIInvokeInterface_ invoke_table = {
    NULL, NULL, NULL,
    vm_DestroyJavaVM,
    vm_AttachCurrentThread,
    vm_DetachCurrentThread,
    vm_GetEnv,
    vm_AttachCurrentThreadAsDaemon,
};

/* A creation that failed before the VM started anything (a bad version or option) may be
 * tried again, as on HotSpot; later failures leave the process unable to make a VM. */
static jint not_created(jint rc) {
    pthread_mutex_lock(&vm_lock);
    vm_created = false;
    pthread_mutex_unlock(&vm_lock);
    return rc;
}

JNIEXPORT jint JNICALL JNI_CreateJavaVM(JavaVM **pvm, void **penv, void *vargs) {
    pthread_mutex_lock(&vm_lock);
    if (vm_created) {
        pthread_mutex_unlock(&vm_lock);
        return JNI_EEXIST;
    }
    vm_created = true;
    pthread_mutex_unlock(&vm_lock);
    vm_start_nanos = (uint64_t)vm_nanotime();
    crash_install();
    JavaVMInitArgs converted, *args = vargs;
    JavaVMOption *owned = NULL;
    if (args && args->version == JNI_VERSION_1_1) {
        args_from_1_1(vargs, &converted, &owned);
        args = &converted;
    } else if (args && !supported_version(args->version)) {
        return not_created(JNI_EVERSION);
    }
    sym_table_init();
    jint rc = opts_parse(args);
    if (rc != JNI_OK) return not_created(rc);
    compute_paths();
    vm_javavm = &invoke_table;
    jvmti_load_agents();
    jvmti_enter_primordial();
    Thread *t = thread_create_record();
    t->is_main = true;
    if (!thread_attach_current(t, vm_opts.thread_stack)) return JNI_ENOMEM;
    rc = vm_boot(t);
    if (rc != JNI_OK) return rc;
    if (crash_opts.crash_test) crash_test_trigger();
    /* The creating thread starts after VMInit has returned, as on HotSpot, launcher or embedder */
    if (JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_THREAD_START)) jvmti_post_ThreadStart(t);
    thread_leave_vm(t, TS_IN_NATIVE);     /* published atomically: debugger threads read it */
    *pvm = &vm_javavm;
    *penv = thread_env(t);
    return JNI_OK;
}

JNIEXPORT jint JNICALL JNI_GetCreatedJavaVMs(JavaVM **vms, jsize n, jsize *count) {
    int phase = vm_phase_now();
    bool live = vm_created && phase >= VM_PHASE_PRIMORDIAL && phase != VM_PHASE_DEAD;
    if (count) *count = live ? 1 : 0;
    if (live && vms && n > 0) vms[0] = &vm_javavm;
    return JNI_OK;
}

static jint attach(void **penv, void *vargs, bool daemon) {
    Thread *t = thread_current();
    if (t) {
        *penv = thread_env(t);
        return JNI_OK;
    }
    int phase = vm_phase_now();
    if (phase < VM_PHASE_START || phase == VM_PHASE_DEAD) return JNI_ERR;
    JavaVMAttachArgs *a = vargs;
    if (a && a->version != JNI_VERSION_1_1 && !supported_version(a->version)) return JNI_EVERSION;
    t = thread_create_record();
    t->attached = true;
    if (!thread_attach_current(t, vm_opts.thread_stack)) return JNI_ENOMEM;
    HandleMark hm = hnd_mark(t);
    Object **group = hnd_new(t, a && a->group ? hnd_get(a->group) : vm_main_group);
    bool ok = jthread_attach_object(t, group, a ? a->name : NULL, daemon);
    hnd_release(t, hm);
    if (!ok) {
        exc_take(t);
        thread_detach_current(t);
        return JNI_ERR;
    }
    if (JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_THREAD_START)) jvmti_post_ThreadStart(t);
    t->state = TS_IN_NATIVE;
    *penv = thread_env(t);
    return JNI_OK;
}

static jint JNICALL vm_AttachCurrentThread(JavaVM *vm, void **penv, void *args) {
    UNUSED(vm);
    return attach(penv, args, false);
}

static jint JNICALL vm_AttachCurrentThreadAsDaemon(JavaVM *vm, void **penv, void *args) {
    UNUSED(vm);
    return attach(penv, args, true);
}

static jint JNICALL vm_GetEnv(JavaVM *vm, void **penv, jint version) {
    UNUSED(vm);
    if (jvmti_is_jvmti_version(version)) return jvmti_get_env(penv, version);
    if (jvmpi_is_version(version)) return jvmpi_get_env(penv, version);
    Thread *t = thread_current();
    if (!t) {
        *penv = NULL;
        return JNI_EDETACHED;
    }
    if (version == JNI_VERSION_1_1 || supported_version(version)) {
        *penv = thread_env(t);
        return JNI_OK;
    }
    *penv = NULL;
    return JNI_EVERSION;
}

static jint JNICALL vm_DetachCurrentThread(JavaVM *vm) {
    UNUSED(vm);
    Thread *t = thread_current();
    if (!t) return JNI_OK;
    if (t->top) return JNI_ERR;          /* Java frames are still on this thread's stack */
    thread_enter_vm(t);
    jthread_exit(t);
    bool daemon = t->daemon;
    thread_detach_current(t);
    UNUSED(daemon);
    pthread_mutex_lock(&vm_lock);
    pthread_cond_broadcast(&thread_exit_cond);
    pthread_mutex_unlock(&vm_lock);
    return JNI_OK;
}

/* Called when any Java thread ends (jthread.c), to wake DestroyJavaVM. */
void vm_thread_ended(void) {
    pthread_mutex_lock(&vm_lock);
    pthread_cond_broadcast(&thread_exit_cond);
    pthread_mutex_unlock(&vm_lock);
}

static jint JNICALL vm_DestroyJavaVM(JavaVM *vm) {
    void *env;
    if (attach(&env, &(JavaVMAttachArgs){ JNI_VERSION_10, "DestroyJavaVM", NULL }, false) != JNI_OK) return JNI_ERR;
    Thread *t = thread_current();
    thread_enter_vm(t);
    /* wait until this is the last non-daemon thread */
    for (;;) {
        int n = thread_count_nondaemon(t);
        if (n <= 1) break;
        int old = thread_block_begin(t);
        pthread_mutex_lock(&vm_lock);
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 50 * 1000000;
        if (ts.tv_nsec >= 1000000000) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&thread_exit_cond, &vm_lock, &ts);
        pthread_mutex_unlock(&vm_lock);
        thread_block_end(t, old);
    }
    Class *sd = ld_load_boot_or_null(t, sym_intern_cstr("java/lang/Shutdown"));
    if (sd && class_init(t, sd)) {
        Method *m = class_find_declared_method(sd, sym_intern_cstr("shutdown"), sym_void_sig);
        if (m && !interp_call(t, m, NULL, NULL)) exc_take(t);
    }
    exc_take(t);
    jvmti_vm_death(t);
    vm_phase_set(VM_PHASE_DEAD);
    thread_leave_vm(t, TS_IN_NATIVE);
    vm_DetachCurrentThread(vm);
    return JNI_OK;
}
