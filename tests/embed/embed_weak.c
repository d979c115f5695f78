/*
 * embed_weak — JNI weak global references and the collector.
 *
 *   embed_weak CLASSDIR
 *
 * Creates a VM with -Xbootclasspath/a:CLASSDIR -Xmx32m and, with the class EmbedRefs
 * (tests/embed/java): a weak global reference to an object that only it refers to is
 * cleared by System.gc() (IsSameObject with NULL is true, NewLocalRef returns NULL), one
 * to an object a global reference holds is not; a weak global reference to a finalizable
 * object has phantom strength — it stays valid while the object waits for and runs its
 * finalize(), and is cleared only by a collection after that.  Prints one line per
 * result; the suite compares the output on HotSpot and on Loupe.
 */
#include <jni.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static JavaVM *vm;
static JNIEnv *env;
static jclass refs;         /* EmbedRefs (global ref) */
static jclass system_class;
static jmethodID gc;

static void system_gc(void)
{
    (*env)->CallStaticVoidMethod(env, system_class, gc);
}

static jobject call_object(const char *name)
{
    jmethodID m = (*env)->GetStaticMethodID(env, refs, name, "()Ljava/lang/Object;");
    return (*env)->CallStaticObjectMethod(env, refs, m);
}

static int call_boolean(const char *name)
{
    jmethodID m = (*env)->GetStaticMethodID(env, refs, name, "()Z");
    jboolean r = (*env)->CallStaticBooleanMethod(env, refs, m);
    if ((*env)->ExceptionCheck(env)) {
        (*env)->ExceptionDescribe(env);
        return -1;
    }
    return r;
}

static void sleep_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

static void plain(void)
{
    jobject dead = call_object("newPlain");
    jobject alive = call_object("newPlain");
    jweak wdead = (*env)->NewWeakGlobalRef(env, dead);
    jweak walive = (*env)->NewWeakGlobalRef(env, alive);
    jobject galive = (*env)->NewGlobalRef(env, alive);
    (*env)->DeleteLocalRef(env, dead);
    (*env)->DeleteLocalRef(env, alive);
    system_gc();
    printf("after gc: weak to garbage is NULL: %d\n", (*env)->IsSameObject(env, wdead, NULL));
    jobject l = (*env)->NewLocalRef(env, wdead);
    printf("NewLocalRef of the cleared weak: %s\n", l ? "non-null" : "NULL");
    printf("weak to held object is NULL: %d, same as the global: %d\n", (*env)->IsSameObject(env, walive, NULL),
           (*env)->IsSameObject(env, walive, galive));
    printf("GetObjectRefType of the cleared weak: %d\n", (int)(*env)->GetObjectRefType(env, wdead));
    (*env)->DeleteWeakGlobalRef(env, wdead);
    (*env)->DeleteWeakGlobalRef(env, walive);
    (*env)->DeleteGlobalRef(env, galive);
}

static void finalizable(void)
{
    jobject f = call_object("newFinalizable");
    jweak w = (*env)->NewWeakGlobalRef(env, f);
    (*env)->DeleteLocalRef(env, f);
    system_gc();
    printf("finalize() entered: %d\n", call_boolean("awaitFinalizeEntered"));
    printf("weak to the object being finalized is NULL: %d\n", (*env)->IsSameObject(env, w, NULL));
    printf("finalize() returned: %d\n", call_boolean("releaseFinalize"));
    int cleared = 0;
    for (int i = 0; i < 200 && !cleared; i++) {
        system_gc();
        cleared = (*env)->IsSameObject(env, w, NULL);
        if (!cleared)
            sleep_ms(10);
    }
    printf("weak cleared by a collection after finalization: %d\n", cleared);
    (*env)->DeleteWeakGlobalRef(env, w);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    if (argc != 2) {
        fprintf(stderr, "usage: embed_weak CLASSDIR\n");
        return 2;
    }
    char cp[4096];
    snprintf(cp, sizeof cp, "-Xbootclasspath/a:%s", argv[1]);
    JavaVMOption options[] = { { cp, NULL }, { "-Xmx32m", NULL } };
    JavaVMInitArgs args = { JNI_VERSION_10, 2, options, JNI_FALSE };
    jint rc = JNI_CreateJavaVM(&vm, (void **)&env, &args);
    printf("JNI_CreateJavaVM: %d\n", rc);
    if (rc != JNI_OK)
        return 1;
    jclass local = (*env)->FindClass(env, "EmbedRefs");
    if (!local) {
        (*env)->ExceptionDescribe(env);
        return 1;
    }
    refs = (*env)->NewGlobalRef(env, local);
    (*env)->DeleteLocalRef(env, local);
    local = (*env)->FindClass(env, "java/lang/System");
    system_class = (*env)->NewGlobalRef(env, local);
    (*env)->DeleteLocalRef(env, local);
    gc = (*env)->GetStaticMethodID(env, system_class, "gc", "()V");

    plain();
    finalizable();

    (*env)->DeleteGlobalRef(env, system_class);
    (*env)->DeleteGlobalRef(env, refs);
    printf("DestroyJavaVM: %d\n", (*vm)->DestroyJavaVM(vm));
    return 0;
}
