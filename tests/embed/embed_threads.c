/*
 * embed_threads — native threads attaching to and detaching from a running VM.
 *
 *   embed_threads CLASSDIR
 *
 * The main thread creates the VM; then, one after another, native pthreads attach
 * (with a JavaVMAttachArgs name, as a daemon, with no arguments), call Java (compute,
 * read Thread.currentThread()'s name, group and daemon flag, start and join Java threads)
 * and detach.  Several threads then attach at once and update a shared counter under a
 * Java lock.  GetEnv must say JNI_EDETACHED on a thread that is not attached.  Finally a
 * non-daemon Java thread and a still-attached native thread are left running and the
 * main thread calls DestroyJavaVM, which must wait for both (the late native thread is
 * then left alone: it may be parked by the destroyed VM, and exit() ends it).  Everything printed is
 * deterministic: worker threads record their results and the main thread prints them
 * after joining.
 */
#include <jni.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static JavaVM *vm;
static jclass target;   /* EmbedTarget, a global reference */

struct job {
    const char *label;
    int mode;           /* 0: AttachCurrentThread with a name, 1: as daemon, 2: no args */
    char result[1024];
};

static void append(char *buf, size_t size, const char *fmt, const char *s)
{
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, fmt, s);
}

/* A Java String as a C string in buf (or "(null)"/"(exception)"). */
static const char *utf(JNIEnv *env, jstring s, char *buf, size_t size)
{
    if ((*env)->ExceptionCheck(env)) {
        (*env)->ExceptionDescribe(env);
        snprintf(buf, size, "(exception)");
        return buf;
    }
    if (!s) {
        snprintf(buf, size, "(null)");
        return buf;
    }
    const char *c = (*env)->GetStringUTFChars(env, s, NULL);
    snprintf(buf, size, "%s", c);
    (*env)->ReleaseStringUTFChars(env, s, c);
    return buf;
}

static jstring call_string(JNIEnv *env, const char *name)
{
    jmethodID m = (*env)->GetStaticMethodID(env, target, name, "()Ljava/lang/String;");
    return m ? (*env)->CallStaticObjectMethod(env, target, m) : NULL;
}

static void *worker(void *arg)
{
    struct job *job = arg;
    JNIEnv *env = NULL;
    char tmp[256], line[512];
    jint rc;

    rc = (*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8);
    snprintf(line, sizeof line, "GetEnv before attach: %d\n", (int)rc);
    append(job->result, sizeof job->result, "%s", line);

    if (job->mode == 0) {
        JavaVMAttachArgs args = { JNI_VERSION_10, "native-worker", NULL };
        rc = (*vm)->AttachCurrentThread(vm, (void **)&env, &args);
    } else if (job->mode == 1) {
        JavaVMAttachArgs args = { JNI_VERSION_10, "native-daemon", NULL };
        rc = (*vm)->AttachCurrentThreadAsDaemon(vm, (void **)&env, &args);
    } else {
        rc = (*vm)->AttachCurrentThread(vm, (void **)&env, NULL);
    }
    snprintf(line, sizeof line, "attach: %d\n", (int)rc);
    append(job->result, sizeof job->result, "%s", line);
    if (rc != JNI_OK)
        return NULL;

    JNIEnv *env2 = NULL;
    rc = (*vm)->GetEnv(vm, (void **)&env2, JNI_VERSION_1_8);
    snprintf(line, sizeof line, "GetEnv after attach: %d same=%d\n", (int)rc, env2 == env);
    append(job->result, sizeof job->result, "%s", line);
    rc = (*vm)->AttachCurrentThread(vm, (void **)&env2, NULL);
    snprintf(line, sizeof line, "attach again: %d same=%d\n", (int)rc, env2 == env);
    append(job->result, sizeof job->result, "%s", line);

    utf(env, call_string(env, "currentThreadName"), tmp, sizeof tmp);
    if (job->mode == 2)  /* an unnamed attach gets a generated name */
        snprintf(tmp, sizeof tmp, "%s", strncmp(tmp, "Thread-", 7) == 0 ? "Thread-<n>" : "unexpected");
    append(job->result, sizeof job->result, "name: %s\n", tmp);
    append(job->result, sizeof job->result, "group: %s\n",
           utf(env, call_string(env, "currentThreadGroup"), tmp, sizeof tmp));
    jmethodID is_daemon = (*env)->GetStaticMethodID(env, target, "currentThreadIsDaemon", "()Z");
    append(job->result, sizeof job->result, "daemon: %s\n",
           (*env)->CallStaticBooleanMethod(env, target, is_daemon) ? "true" : "false");
    jmethodID fib = (*env)->GetStaticMethodID(env, target, "fib", "(I)J");
    snprintf(line, sizeof line, "fib(90): %lld\n", (long long)(*env)->CallStaticLongMethod(env, target, fib, 90));
    append(job->result, sizeof job->result, "%s", line);
    jmethodID names = (*env)->GetStaticMethodID(env, target, "threadNames", "(I)Ljava/lang/String;");
    append(job->result, sizeof job->result, "java threads: %s\n",
           utf(env, (*env)->CallStaticObjectMethod(env, target, names, 3), tmp, sizeof tmp));

    rc = (*vm)->DetachCurrentThread(vm);
    snprintf(line, sizeof line, "detach: %d\n", (int)rc);
    append(job->result, sizeof job->result, "%s", line);
    rc = (*vm)->GetEnv(vm, (void **)&env2, JNI_VERSION_1_8);
    snprintf(line, sizeof line, "GetEnv after detach: %d\n", (int)rc);
    append(job->result, sizeof job->result, "%s", line);
    return NULL;
}

/* Several threads attached at the same time, contending for a Java lock. */
enum { CONTENDERS = 4, INCREMENTS = 20000 };
static pthread_barrier_t barrier;

static void *contender(void *arg)
{
    JNIEnv *env;
    char name[32];
    snprintf(name, sizeof name, "contender-%d", (int)(long)arg);
    JavaVMAttachArgs args = { JNI_VERSION_1_8, name, NULL };
    long ok = (*vm)->AttachCurrentThread(vm, (void **)&env, &args) == JNI_OK;
    pthread_barrier_wait(&barrier);
    if (ok) {
        jmethodID add = (*env)->GetStaticMethodID(env, target, "addToCounter", "(I)I");
        for (int k = 0; k < 10; k++)
            (*env)->CallStaticIntMethod(env, target, add, INCREMENTS / 10);
        ok = !(*env)->ExceptionCheck(env);
        ok &= (*vm)->DetachCurrentThread(vm) == JNI_OK;
    }
    return (void *)ok;
}

/* A native thread that is still attached (non-daemon) when DestroyJavaVM is called. */
static pthread_mutex_t late_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t late_cond = PTHREAD_COND_INITIALIZER;
static int late_attached;
static volatile int late_detached;

static void *late_native(void *arg)
{
    JNIEnv *env;
    JavaVMAttachArgs args = { JNI_VERSION_1_8, "late-native", NULL };
    jint rc = (*vm)->AttachCurrentThread(vm, (void **)&env, &args);
    pthread_mutex_lock(&late_mutex);
    late_attached = rc == JNI_OK ? 1 : -1;
    pthread_cond_signal(&late_cond);
    pthread_mutex_unlock(&late_mutex);
    if (rc != JNI_OK)
        return NULL;
    struct timespec ts = { 0, 300 * 1000 * 1000 };
    nanosleep(&ts, NULL);
    late_detached = 1;
    (*vm)->DetachCurrentThread(vm);
    return NULL;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    if (argc != 2) {
        fprintf(stderr, "usage: embed_threads CLASSDIR\n");
        return 2;
    }
    char cp[4096];
    snprintf(cp, sizeof cp, "-Xbootclasspath/a:%s", argv[1]);
    JavaVMOption options[] = { { cp, NULL } };
    JavaVMInitArgs args = { JNI_VERSION_10, 1, options, JNI_FALSE };
    JNIEnv *env;
    jint rc = JNI_CreateJavaVM(&vm, (void **)&env, &args);
    printf("JNI_CreateJavaVM: %d\n", rc);
    if (rc != JNI_OK)
        return 1;
    jclass local = (*env)->FindClass(env, "EmbedTarget");
    if (!local) {
        (*env)->ExceptionDescribe(env);
        return 1;
    }
    target = (*env)->NewGlobalRef(env, local);
    char tmp[256];
    printf("main thread name: %s\n", utf(env, call_string(env, "currentThreadName"), tmp, sizeof tmp));

    /* One worker at a time, each attaching differently. */
    static struct job jobs[] = { { "named", 0, "" }, { "daemon", 1, "" }, { "unnamed", 2, "" } };
    for (int i = 0; i < 3; i++) {
        pthread_t t;
        pthread_create(&t, NULL, worker, &jobs[i]);
        pthread_join(t, NULL);
        printf("--- worker %s\n%s", jobs[i].label, jobs[i].result);
    }
    void *e = NULL;
    printf("main GetEnv still attached: %d\n", (*vm)->GetEnv(vm, &e, JNI_VERSION_1_8));

    /* Concurrent attached threads. */
    pthread_barrier_init(&barrier, NULL, CONTENDERS);
    pthread_t ts[CONTENDERS];
    for (long i = 0; i < CONTENDERS; i++)
        pthread_create(&ts[i], NULL, contender, (void *)i);
    int all_ok = 1;
    for (int i = 0; i < CONTENDERS; i++) {
        void *ok;
        pthread_join(ts[i], &ok);
        all_ok &= ok != NULL;
    }
    jmethodID counter = (*env)->GetStaticMethodID(env, target, "counter", "()I");
    printf("contenders ok: %d, counter: %d (expected %d)\n", all_ok,
           (*env)->CallStaticIntMethod(env, target, counter), CONTENDERS * INCREMENTS);

    /* DestroyJavaVM waits for non-daemon threads: a Java one and an attached native one. */
    jmethodID start_late = (*env)->GetStaticMethodID(env, target, "startLateThread", "(I)V");
    (*env)->CallStaticVoidMethod(env, target, start_late, 200);
    pthread_t late;
    pthread_create(&late, NULL, late_native, NULL);
    pthread_mutex_lock(&late_mutex);
    while (!late_attached)
        pthread_cond_wait(&late_cond, &late_mutex);
    pthread_mutex_unlock(&late_mutex);
    printf("late native thread attached: %d\n", late_attached);
    (*env)->DeleteGlobalRef(env, target);
    rc = (*vm)->DestroyJavaVM(vm);
    printf("DestroyJavaVM: %d, late native thread had detached: %d\n", rc, late_detached);
    /* Not joined: the late thread may still be finishing DetachCurrentThread, and a VM
     * may park threads that come back to it after it was destroyed (HotSpot does). */
    pthread_detach(late);
    JavaVM *vms[1];
    jsize n = -1;
    rc = JNI_GetCreatedJavaVMs(vms, 1, &n);
    printf("JNI_GetCreatedJavaVMs after destroy: rc=%d count=%d\n", rc, n);
    return 0;
}
