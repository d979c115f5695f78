/*
 * embed_attach_gc — several native threads attached at once, calling into Java while
 * collections happen.
 *
 *   embed_attach_gc CLASSDIR
 *
 * Six pthreads attach at the same moment (a barrier) and each runs rounds of: create
 * strings and arrays through JNI, call EmbedTarget.churn (allocates; one thread also calls
 * System.gc() every few rounds), keep results in local references inside
 * Push/PopLocalFrame, in a global and in a weak global reference, and check after every
 * round that what they hold is intact (string contents, array elements, IsSameObject).
 * Collections therefore run while the other threads are in Java, in JNI functions or in
 * their own C code.  Each thread then detaches; the main thread prints every thread's
 * checksum and verdict in a fixed order and destroys the VM.
 */
#include <jni.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { THREADS = 6, ROUNDS = 40 };

static JavaVM *vm;
static jclass target;
static pthread_barrier_t barrier;

struct result {
    long long checksum;
    int attach_rc, detach_rc;
    char error[200];
};
static struct result results[THREADS];

static int check_string(JNIEnv *env, jstring s, const char *want, struct result *r, const char *what)
{
    const char *c = (*env)->GetStringUTFChars(env, s, NULL);
    int ok = c && strcmp(c, want) == 0;
    if (!ok && !r->error[0])
        snprintf(r->error, sizeof r->error, "%s: got '%s', want '%s'", what, c ? c : "(null)", want);
    if (c) (*env)->ReleaseStringUTFChars(env, s, c);
    return ok;
}

static void *worker(void *arg)
{
    int id = (int)(long)arg;
    struct result *r = &results[id];
    JNIEnv *env;
    char name[32], buf[64];
    snprintf(name, sizeof name, "attached-%d", id);
    JavaVMAttachArgs args = { JNI_VERSION_1_8, name, NULL };
    pthread_barrier_wait(&barrier);
    r->attach_rc = (*vm)->AttachCurrentThread(vm, (void **)&env, &args);
    if (r->attach_rc != JNI_OK) return NULL;
    jmethodID churn = (*env)->GetStaticMethodID(env, target, "churn", "(Ljava/lang/String;IZ)J");
    jmethodID pair = (*env)->GetStaticMethodID(env, target, "pair",
                                               "(Ljava/lang/Object;Ljava/lang/Object;)[Ljava/lang/Object;");
    snprintf(buf, sizeof buf, "global-%d", id);
    jobject global = (*env)->NewGlobalRef(env, (*env)->NewStringUTF(env, buf));
    jobject weak = (*env)->NewWeakGlobalRef(env, global);
    unsigned long long sum = 0;     /* wraps around, as the Java side's long does */
    for (int round = 0; round < ROUNDS && !r->error[0]; round++) {
        if ((*env)->PushLocalFrame(env, 16) != 0) {
            snprintf(r->error, sizeof r->error, "PushLocalFrame failed");
            break;
        }
        snprintf(buf, sizeof buf, "t%d-r%d", id, round);
        jstring seed = (*env)->NewStringUTF(env, buf);
        jintArray ints = (*env)->NewIntArray(env, 100);
        jint tmp[100];
        for (int i = 0; i < 100; i++) tmp[i] = id * 1000 + round + i;
        (*env)->SetIntArrayRegion(env, ints, 0, 100, tmp);
        jboolean gc = id == 0 && round % 8 == 0;
        sum = sum * 7 + (unsigned long long)(*env)->CallStaticLongMethod(env, target, churn, seed, 200 + id * 10, gc);
        jobjectArray p = (*env)->CallStaticObjectMethod(env, target, pair, seed, ints);
        if ((*env)->ExceptionCheck(env)) {
            (*env)->ExceptionDescribe(env);
            snprintf(r->error, sizeof r->error, "exception in round %d", round);
            break;
        }
        check_string(env, seed, buf, r, "seed after call");
        check_string(env, (*env)->GetObjectArrayElement(env, p, 0), buf, r, "pair[0]");
        jintArray back = (*env)->GetObjectArrayElement(env, p, 1);
        if (!(*env)->IsSameObject(env, back, ints) && !r->error[0])
            snprintf(r->error, sizeof r->error, "pair[1] is not the array passed in");
        (*env)->GetIntArrayRegion(env, back, 0, 100, tmp);
        for (int i = 0; i < 100; i++)
            if (tmp[i] != id * 1000 + round + i && !r->error[0])
                snprintf(r->error, sizeof r->error, "ints[%d] = %d in round %d", i, (int)tmp[i], round);
        snprintf(buf, sizeof buf, "global-%d", id);
        check_string(env, global, buf, r, "global ref");
        if (!(*env)->IsSameObject(env, weak, global) && !r->error[0])
            snprintf(r->error, sizeof r->error, "weak global ref lost its (strongly held) object");
        (*env)->PopLocalFrame(env, NULL);
    }
    r->checksum = (long long)sum;
    (*env)->DeleteWeakGlobalRef(env, weak);
    (*env)->DeleteGlobalRef(env, global);
    r->detach_rc = (*vm)->DetachCurrentThread(vm);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: embed_attach_gc CLASSDIR\n");
        return 2;
    }
    char cp[4096];
    snprintf(cp, sizeof cp, "-Xbootclasspath/a:%s", argv[1]);
    JavaVMOption opts[] = { { cp, NULL }, { "-Xmx64m", NULL } };
    JavaVMInitArgs args = { JNI_VERSION_1_8, 2, opts, JNI_FALSE };
    JNIEnv *env;
    if (JNI_CreateJavaVM(&vm, (void **)&env, &args) != JNI_OK) {
        fprintf(stderr, "JNI_CreateJavaVM failed\n");
        return 1;
    }
    jclass c = (*env)->FindClass(env, "EmbedTarget");
    if (!c) {
        (*env)->ExceptionDescribe(env);
        return 1;
    }
    target = (*env)->NewGlobalRef(env, c);
    pthread_barrier_init(&barrier, NULL, THREADS);
    pthread_t th[THREADS];
    for (long i = 0; i < THREADS; i++) pthread_create(&th[i], NULL, worker, (void *)i);
    for (int i = 0; i < THREADS; i++) pthread_join(th[i], NULL);
    for (int i = 0; i < THREADS; i++)
        printf("thread %d: attach %d, checksum %lld, detach %d, %s\n", i, results[i].attach_rc,
               results[i].checksum, results[i].detach_rc, results[i].error[0] ? results[i].error : "intact");
    JNIEnv *e2;
    printf("main GetEnv: %d\n", (int)(*vm)->GetEnv(vm, (void **)&e2, JNI_VERSION_1_8));
    printf("destroy: %d\n", (int)(*vm)->DestroyJavaVM(vm));
    return 0;
}
