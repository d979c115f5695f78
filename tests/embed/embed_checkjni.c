/*
 * embed_checkjni — -Xcheck:jni's warnings and fatal errors.
 *
 *   embed_checkjni CLASSDIR [CASE...]
 *
 * A fatal error ends the process (abort, status 134), so VMs run in child processes: one
 * for all the warning cases, one per fatal case (those are spread over the tests
 * embed/embed_checkjni_fatal1..3, which build this file again).  A child creates a VM
 * with -Xcheck:jni, registers CheckJniTarget.run(int) and calls CheckJniTarget.go(case),
 * whose native run() makes the misuse (twice() calls it twice; the "top" cases make it
 * from the attached main thread with no Java frame).  The parent prints the child's
 * stdout (where both VMs print their reports) with pointer values replaced by 0x?, and
 * how it ended.  The suite compares all of it with HotSpot's.  Named CASEs run alone.
 *
 * Not here, because HotSpot 17's own answer is no reference: Throw(NULL) (it warns, then
 * crashes), and a report on a thread with no Java frame (it prints its native frames).
 */
#include <jni.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

typedef void (*CaseFn)(JNIEnv *env, jclass cls);

static jobject new_target(JNIEnv *env, jclass cls)
{
    jmethodID init = (*env)->GetMethodID(env, cls, "<init>", "()V");
    return (*env)->NewObject(env, cls, init);
}

static jfieldID inst_field(JNIEnv *env, jclass cls) { return (*env)->GetFieldID(env, cls, "inst", "I"); }
static jfieldID count_field(JNIEnv *env, jclass cls) { return (*env)->GetStaticFieldID(env, cls, "count", "I"); }
static jfieldID big_field(JNIEnv *env, jclass cls) { return (*env)->GetStaticFieldID(env, cls, "big", "J"); }
static jmethodID static_method(JNIEnv *env, jclass cls, const char *name, const char *sig)
{
    return (*env)->GetStaticMethodID(env, cls, name, sig);
}

/* ---- warnings: the program goes on ---- */

static void unchecked_call(JNIEnv *env, jclass cls)
{
    (*env)->CallStaticVoidMethod(env, cls, static_method(env, cls, "nothing", "()V"));
    printf("version %x\n", (*env)->GetVersion(env));
    jint r = (*env)->CallStaticIntMethodA(env, cls, static_method(env, cls, "answer", "()I"), NULL);
    jclass s = (*env)->FindClass(env, "java/lang/String");
    printf("answer %d %d\n", r, s != NULL);
    (*env)->CallStaticVoidMethod(env, cls, static_method(env, cls, "nothing", "()V"));
    (*env)->ExceptionCheck(env);
    printf("checked %d\n", (*env)->GetVersion(env) > 0);
}

static void exception_pending(JNIEnv *env, jclass cls)
{
    (*env)->CallStaticVoidMethod(env, cls, static_method(env, cls, "thrower", "()V"));
    jclass s = (*env)->FindClass(env, "java/lang/String");
    printf("found %d\n", s != NULL);
    printf("pending %d\n", (*env)->ExceptionCheck(env));
    (*env)->ExceptionClear(env);
}

static void make_strings(JNIEnv *env, int n)
{
    for (int i = 0; i < n; i++) (*env)->NewStringUTF(env, "x");
}

static void local_refs(JNIEnv *env, jclass cls)
{
    make_strings(env, 70);
    printf("ensure %d\n", (*env)->EnsureLocalCapacity(env, 100));
    make_strings(env, 50);
    printf("made 120\n");
}

static void local_frame(JNIEnv *env, jclass cls)
{
    printf("push %d\n", (*env)->PushLocalFrame(env, 10));
    make_strings(env, 45);
    jobject r = (*env)->PopLocalFrame(env, (*env)->NewStringUTF(env, "kept"));
    printf("popped %d\n", r != NULL);
    make_strings(env, 20);
}

static void critical(JNIEnv *env, jclass cls)
{
    jintArray a = (*env)->NewIntArray(env, 4);
    jint *p = (*env)->GetPrimitiveArrayCritical(env, a, NULL);
    p[1] = 5;
    printf("length %d\n", (*env)->GetArrayLength(env, a));
    (*env)->ReleasePrimitiveArrayCritical(env, a, p, 0);
    jint v[4];
    (*env)->GetIntArrayRegion(env, a, 0, 4, v);
    printf("after %d %d\n", v[0], v[1]);
}

static void bad_descriptor(JNIEnv *env, jclass cls)
{
    jclass c = (*env)->FindClass(env, "Ljava/lang/String;");
    printf("found %d pending %d\n", c != NULL, (*env)->ExceptionCheck(env));
    (*env)->ExceptionClear(env);
}

static void pop_without_push(JNIEnv *env, jclass cls)
{
    jobject r = (*env)->PopLocalFrame(env, NULL);
    printf("popped %d\n", r != NULL);
}

/* The "twice" cases run in two native calls, go's first and second call of run(). */
static int calls;

static void unchecked_then_return(JNIEnv *env, jclass cls)
{
    if (calls++ == 0)
        (*env)->CallStaticVoidMethod(env, cls, static_method(env, cls, "nothing", "()V"));
    else
        printf("version %x\n", (*env)->GetVersion(env));
}

static jobject saved;

static void stale_local(JNIEnv *env, jclass cls)
{
    if (calls++ == 0) saved = (*env)->NewStringUTF(env, "saved");
    else (*env)->GetStringUTFLength(env, saved);
}

static void refs_across_calls(JNIEnv *env, jclass cls)
{
    make_strings(env, calls++ == 0 ? 30 : 34);
}

/* A smaller capacity than planned changes nothing: the plan stays 32. */
static void ensure_small(JNIEnv *env, jclass cls)
{
    make_strings(env, 20);
    printf("ensure %d\n", (*env)->EnsureLocalCapacity(env, 5));
    make_strings(env, 20);
}

/* Writes one element past the copy's end. */
static void overrun(JNIEnv *env, jclass cls)
{
    jintArray a = (*env)->NewIntArray(env, 4);
    jint *e = (*env)->GetIntArrayElements(env, a, NULL);
    e[4] = 1;
    (*env)->ReleaseIntArrayElements(env, a, e, 0);
}

static void wrong_receiver(JNIEnv *env, jclass cls)
{
    jmethodID hash = (*env)->GetMethodID(env, (*env)->FindClass(env, "java/lang/String"), "hashCode", "()I");
    (*env)->CallIntMethod(env, new_target(env, cls), hash);
}

static void wrong_static_class(JNIEnv *env, jclass cls)
{
    jmethodID nothing = static_method(env, cls, "nothing", "()V");
    (*env)->CallStaticVoidMethod(env, (*env)->FindClass(env, "java/lang/String"), nothing);
}

static void bad_utf8_name(JNIEnv *env, jclass cls)
{
    (*env)->FindClass(env, "java/lang/\xff\xfeString");
}

/* Uses every family correctly: prints only its own lines. */
static void correct(JNIEnv *env, jclass cls)
{
    jobject o = new_target(env, cls);
    (*env)->SetIntField(env, o, inst_field(env, cls), 11);
    (*env)->SetStaticLongField(env, cls, big_field(env, cls), 12);
    jint sum = (*env)->GetIntField(env, o, inst_field(env, cls)) + (*env)->GetStaticIntField(env, cls, count_field(env, cls));
    jstring s = (*env)->NewStringUTF(env, "hello");
    const char *u = (*env)->GetStringUTFChars(env, s, NULL);
    const jchar *c = (*env)->GetStringChars(env, s, NULL);
    printf("%s %d %c\n", u, sum, (char)c[1]);
    (*env)->ReleaseStringChars(env, s, c);
    (*env)->ReleaseStringUTFChars(env, s, u);
    jlongArray a = (*env)->NewLongArray(env, 3);
    jlong *e = (*env)->GetLongArrayElements(env, a, NULL);
    e[2] = 9;
    (*env)->ReleaseLongArrayElements(env, a, e, JNI_COMMIT);
    (*env)->ReleaseLongArrayElements(env, a, e, 0);
    jlong back[3];
    (*env)->GetLongArrayRegion(env, a, 0, 3, back);
    jobject g = (*env)->NewGlobalRef(env, o);
    jweak w = (*env)->NewWeakGlobalRef(env, o);
    printf("long %ld same %d\n", (long)back[2], (*env)->IsSameObject(env, g, w));
    (*env)->DeleteWeakGlobalRef(env, w);
    (*env)->DeleteGlobalRef(env, g);
    (*env)->MonitorEnter(env, o);
    (*env)->MonitorExit(env, o);
    jint r = (*env)->CallStaticIntMethod(env, cls, static_method(env, cls, "answer", "()I"));
    if (!(*env)->ExceptionCheck(env)) printf("answer %d\n", r);
    (*env)->CallStaticVoidMethod(env, cls, static_method(env, cls, "thrower", "()V"));
    jthrowable t = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    printf("thrown %d\n", t != NULL);
    (*env)->DeleteLocalRef(env, t);
    const jchar *crit = (*env)->GetStringCritical(env, s, NULL);
    jchar first = crit[0];
    (*env)->ReleaseStringCritical(env, s, crit);
    printf("first %c\n", (char)first);
}

/* ---- fatal errors ---- */

static void field_type_instance(JNIEnv *env, jclass cls)
{
    jfieldID wide = (*env)->GetFieldID(env, cls, "wide", "J");
    (*env)->GetIntField(env, new_target(env, cls), wide);
}

static void field_static_as_instance(JNIEnv *env, jclass cls)
{
    (*env)->GetIntField(env, new_target(env, cls), count_field(env, cls));
}

static void field_instance_as_static(JNIEnv *env, jclass cls)
{
    (*env)->GetStaticIntField(env, cls, inst_field(env, cls));
}

static void field_static_type(JNIEnv *env, jclass cls)
{
    (*env)->GetStaticIntField(env, cls, big_field(env, cls));
}

static void field_wrong_class(JNIEnv *env, jclass cls)
{
    jclass oc = (*env)->FindClass(env, "java/lang/Object");
    jobject o = (*env)->AllocObject(env, oc);
    (*env)->GetIntField(env, o, inst_field(env, cls));
}

static void field_null_object(JNIEnv *env, jclass cls)
{
    (*env)->SetIntField(env, NULL, inst_field(env, cls), 1);
}

static void static_field_wrong_class(JNIEnv *env, jclass cls)
{
    jfieldID big = big_field(env, cls);
    (*env)->GetStaticLongField(env, (*env)->FindClass(env, "java/lang/String"), big);
}

static void deleted_global(JNIEnv *env, jclass cls)
{
    jobject g = (*env)->NewGlobalRef(env, new_target(env, cls));
    (*env)->DeleteGlobalRef(env, g);
    (*env)->GetObjectClass(env, g);
}

static void deleted_local_twice(JNIEnv *env, jclass cls)
{
    jobject l = new_target(env, cls);
    (*env)->DeleteLocalRef(env, l);
    (*env)->DeleteLocalRef(env, l);
}

static void local_as_global(JNIEnv *env, jclass cls)
{
    (*env)->DeleteGlobalRef(env, new_target(env, cls));
}

static void global_as_local(JNIEnv *env, jclass cls)
{
    (*env)->DeleteLocalRef(env, (*env)->NewGlobalRef(env, cls));
}

static void null_class(JNIEnv *env, jclass cls)
{
    (*env)->GetMethodID(env, NULL, "nothing", "()V");
}

static void not_a_class(JNIEnv *env, jclass cls)
{
    (*env)->GetMethodID(env, (jclass)(*env)->NewStringUTF(env, "no"), "nothing", "()V");
}

static void primitive_class(JNIEnv *env, jclass cls)
{
    jclass ic = (*env)->FindClass(env, "java/lang/Integer");
    jfieldID type = (*env)->GetStaticFieldID(env, ic, "TYPE", "Ljava/lang/Class;");
    jclass prim = (*env)->GetStaticObjectField(env, ic, type);
    printf("super %d\n", (*env)->GetSuperclass(env, prim) != NULL);
    (*env)->AllocObject(env, prim);
}

static void throw_not_throwable(JNIEnv *env, jclass cls)
{
    (*env)->ThrowNew(env, (*env)->FindClass(env, "java/lang/String"), "x");
}

static void array_type(JNIEnv *env, jclass cls)
{
    (*env)->GetIntArrayElements(env, (jintArray)(*env)->NewLongArray(env, 2), NULL);
}

static void not_an_array(JNIEnv *env, jclass cls)
{
    (*env)->GetArrayLength(env, (jarray)(*env)->NewStringUTF(env, "no"));
}

static void object_array_expected(JNIEnv *env, jclass cls)
{
    (*env)->GetObjectArrayElement(env, (jobjectArray)(*env)->NewIntArray(env, 2), 0);
}

static void primitive_array_expected(JNIEnv *env, jclass cls)
{
    (*env)->GetPrimitiveArrayCritical(env, (*env)->NewObjectArray(env, 2, cls, NULL), NULL);
}

static void not_a_string(JNIEnv *env, jclass cls)
{
    (*env)->GetStringUTFLength(env, (jstring)new_target(env, cls));
}

static void release_wrong_chars(JNIEnv *env, jclass cls)
{
    jstring s = (*env)->NewStringUTF(env, "chars");
    const jchar *c = (*env)->GetStringChars(env, s, NULL);
    (*env)->ReleaseStringUTFChars(env, s, (const char *)c);
}

static void release_bad_mode(JNIEnv *env, jclass cls)
{
    jintArray a = (*env)->NewIntArray(env, 2);
    jint *e = (*env)->GetIntArrayElements(env, a, NULL);
    (*env)->ReleaseIntArrayElements(env, a, e, 7);
}

static void null_method_id(JNIEnv *env, jclass cls)
{
    (*env)->CallStaticVoidMethod(env, cls, NULL);
}

/* IDs the VM never handed out: an address whose contents are zero (HotSpot finds its
 * method slot empty), a jmethodID passed as a jfieldID, garbage with bit 1 set (HotSpot's
 * instance field IDs have it, its static ones are pointers) and NULL. */
static void *zero_slot[2];

static void zeroed_method_id(JNIEnv *env, jclass cls)
{
    (*env)->CallStaticVoidMethod(env, cls, (jmethodID)zero_slot);
}

static void method_id_as_field(JNIEnv *env, jclass cls)
{
    jmethodID m = static_method(env, cls, "answer", "()I");
    (*env)->GetIntField(env, new_target(env, cls), (jfieldID)m);
}

static void tagged_field_id(JNIEnv *env, jclass cls)
{
    (*env)->GetIntField(env, new_target(env, cls), (jfieldID)(uintptr_t)0x7ffffff2);
}

static void tagged_static_field_id(JNIEnv *env, jclass cls)
{
    (*env)->SetStaticIntField(env, cls, (jfieldID)(uintptr_t)0x7ffffff2, 3);
}

static void null_field_id(JNIEnv *env, jclass cls)
{
    (*env)->SetIntField(env, new_target(env, cls), NULL, 3);
}

static void negative_capacity(JNIEnv *env, jclass cls)
{
    (*env)->EnsureLocalCapacity(env, -1);
}

static JNIEnv *shared_env;

static void *use_env_unattached(void *arg)
{
    (*shared_env)->GetVersion(shared_env);
    return arg;
}

static void run_thread(JNIEnv *env, void *(*body)(void *))
{
    JavaVM *vm;
    (*env)->GetJavaVM(env, &vm);
    shared_env = env;
    pthread_t th;
    pthread_create(&th, NULL, body, vm);
    pthread_join(th, NULL);
}

static void env_in_native_thread(JNIEnv *env, jclass cls) { run_thread(env, use_env_unattached); }

enum { JAVA, TOP, TWICE };     /* run from go(), from the attached main thread, from twice() */

static const struct {
    const char *name;
    CaseFn fn;
    int how;
    int fatal;
} cases[] = {
    { "unchecked_call", unchecked_call, JAVA, 0 },
    { "exception_pending", exception_pending, JAVA, 0 },
    { "local_refs", local_refs, JAVA, 0 },
    { "local_frame", local_frame, JAVA, 0 },
    { "critical", critical, JAVA, 0 },
    { "bad_descriptor", bad_descriptor, JAVA, 0 },
    { "pop_without_push", pop_without_push, JAVA, 0 },
    { "unchecked_then_return", unchecked_then_return, TWICE, 0 },
    { "refs_across_calls", refs_across_calls, TWICE, 0 },
    { "correct", correct, JAVA, 0 },
    { "ensure_small", ensure_small, JAVA, 0 },
    { "local_refs_top", local_refs, TOP, 0 },
    { "correct_top", correct, TOP, 0 },
    { "field_type_instance", field_type_instance, JAVA, 1 },
    { "field_static_as_instance", field_static_as_instance, JAVA, 1 },
    { "field_instance_as_static", field_instance_as_static, JAVA, 1 },
    { "field_static_type", field_static_type, JAVA, 1 },
    { "field_wrong_class", field_wrong_class, JAVA, 1 },
    { "field_null_object", field_null_object, JAVA, 1 },
    { "static_field_wrong_class", static_field_wrong_class, JAVA, 1 },
    { "deleted_global", deleted_global, JAVA, 1 },
    { "deleted_local_twice", deleted_local_twice, JAVA, 1 },
    { "local_as_global", local_as_global, JAVA, 1 },
    { "global_as_local", global_as_local, JAVA, 1 },
    { "null_class", null_class, JAVA, 1 },
    { "not_a_class", not_a_class, JAVA, 1 },
    { "primitive_class", primitive_class, JAVA, 1 },
    { "throw_not_throwable", throw_not_throwable, JAVA, 1 },
    { "array_type", array_type, JAVA, 1 },
    { "not_an_array", not_an_array, JAVA, 1 },
    { "object_array_expected", object_array_expected, JAVA, 1 },
    { "primitive_array_expected", primitive_array_expected, JAVA, 1 },
    { "not_a_string", not_a_string, JAVA, 1 },
    { "release_wrong_chars", release_wrong_chars, JAVA, 1 },
    { "release_bad_mode", release_bad_mode, JAVA, 1 },
    { "null_method_id", null_method_id, JAVA, 1 },
    { "negative_capacity", negative_capacity, JAVA, 1 },
    { "stale_local", stale_local, TWICE, 1 },
    { "env_in_native_thread", env_in_native_thread, TOP, 1 },
    { "overrun", overrun, JAVA, 1 },
    { "wrong_receiver", wrong_receiver, JAVA, 1 },
    { "wrong_static_class", wrong_static_class, JAVA, 1 },
    { "bad_utf8_name", bad_utf8_name, JAVA, 1 },
    { "zeroed_method_id", zeroed_method_id, JAVA, 1 },
    { "method_id_as_field", method_id_as_field, JAVA, 1 },
    { "tagged_field_id", tagged_field_id, JAVA, 1 },
    { "tagged_static_field_id", tagged_static_field_id, JAVA, 1 },
    { "null_field_id", null_field_id, JAVA, 1 },
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

static void JNICALL native_run(JNIEnv *env, jclass cls, jint c)
{
    cases[c].fn(env, cls);
}

static void run_in_vm(JNIEnv *env, jclass cls, int c)
{
    calls = 0;
    if (cases[c].how == TOP) {
        cases[c].fn(env, cls);
        return;
    }
    const char *entry = cases[c].how == TWICE ? "twice" : "go";
    (*env)->CallStaticVoidMethod(env, cls, (*env)->GetStaticMethodID(env, cls, entry, "(I)V"), c);
    if ((*env)->ExceptionCheck(env)) (*env)->ExceptionDescribe(env);
}

/* Runs the n cases of list in one VM (warnings only, when n > 1: a fatal error ends it). */
static int child(const char *classdir, const int *list, int n)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    char cp[4096];
    snprintf(cp, sizeof cp, "-Xbootclasspath/a:%s", classdir);
    JavaVMOption opts[] = { { cp, NULL }, { "-Xcheck:jni", NULL }, { "-Xmx32m", NULL } };
    JavaVMInitArgs args = { JNI_VERSION_10, 3, opts, JNI_FALSE };
    JavaVM *vm;
    JNIEnv *env;
    if (JNI_CreateJavaVM(&vm, (void **)&env, &args) != JNI_OK) return 2;
    jclass cls = (*env)->FindClass(env, "CheckJniTarget");
    JNINativeMethod m = { "run", "(I)V", (void *)native_run };
    (*env)->RegisterNatives(env, cls, &m, 1);
    for (int i = 0; i < n; i++) {
        if (n > 1) printf("== %s\n", cases[list[i]].name);
        run_in_vm(env, cls, list[i]);
    }
    printf("destroy %d\n", (*vm)->DestroyJavaVM(vm));
    return 0;
}

/* Copies the child's output, each "0x" and hex digits after it shown as "0x?". */
static void copy_filtered(FILE *in)
{
    int ch, hex = 0, prev = 0;
    while ((ch = fgetc(in)) != EOF) {
        int is_hex = (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f');
        if (hex && is_hex) continue;
        hex = 0;
        if (prev == '0' && ch == 'x') {
            fputs("x?", stdout);
            hex = 1;
        } else {
            putchar(ch);
        }
        prev = ch;
    }
}

static void run_child(const char *title, const char *classdir, const int *list, int n)
{
    printf("== %s\n", title);
    fflush(stdout);
    fflush(stderr);
    int fds[2];
    if (pipe(fds) != 0) return;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        _exit(child(classdir, list, n));
    }
    close(fds[1]);
    FILE *in = fdopen(fds[0], "r");
    copy_filtered(in);
    fclose(in);
    int status;
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status)) printf("-- signal %d\n", WTERMSIG(status));
    else printf("-- exit %d\n", WEXITSTATUS(status));
}

/* Part 0 (this file): every warning case in one VM.  Parts 1..CJ_PARTS
 * (embed_checkjni_fatalN.c): every CJ_PARTS-th fatal case, each in a VM of its own, so
 * that no one test runs long under the sanitizers. */
#ifndef CJ_PART
#define CJ_PART 0
#endif
#define CJ_PARTS 3

int main(int argc, char **argv)
{
    if (argc < 2) return 2;
    struct rlimit no_core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &no_core);
    int list[NCASES], n = 0, nfatal = 0;
    for (int c = 0; c < NCASES; c++) {
        int named = 0;
        for (int i = 2; i < argc; i++) named |= strcmp(argv[i], cases[c].name) == 0;
        if (named || (argc == 2 && CJ_PART == 0 && !cases[c].fatal)) list[n++] = c;
        if (argc == 2 && cases[c].fatal && nfatal++ % CJ_PARTS == CJ_PART - 1) run_child(cases[c].name, argv[1], &c, 1);
    }
    if (n > 0) run_child("warnings", argv[1], list, n);
    return 0;
}
