/*
 * jembed — a minimal `java` launcher written against the Invocation API only.
 *
 *   jembed [vm-options...] MainClass [args...]
 *
 * Every leading argument that starts with '-' is handed to JNI_CreateJavaVM as one
 * JavaVMOption string (-Xbootclasspath/a:DIR, -Xmx32m, -Dk=v, ...); the words of the
 * environment variable LOUPE_TEST_OPTIONS are appended to them.  The first other
 * argument names the main class (dots or slashes), the rest become its String[] args.
 *
 * The test suite builds this file twice, once linked with Loupe's libjvm.so and once
 * with HotSpot's, and compares what the two print.  So it follows the real launcher
 * (libjli's JavaMain) in everything that shows in the output:
 *   - the VM and main() run on a new thread whose stack size is -Xss if given, else what
 *     JNI_GetDefaultJavaVMInitArgs reports for a JNI 1.1 request (as libjli asks);
 *   - when main() throws, nothing is printed here: DetachCurrentThread makes the VM call
 *     Thread.dispatchUncaughtException, which prints `Exception in thread "main" ...`;
 *     then DestroyJavaVM, and the exit status is 1;
 *   - otherwise DetachCurrentThread, DestroyJavaVM, exit status 0;
 *   - System.exit(n) ends the process from inside the VM.
 * Failures of the embedding itself (no VM, no class, no main) are reported on stderr
 * with a "jembed:" prefix and end with status 1.
 */
#include <jni.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The JDK 1.1 argument block libjli passes to JNI_GetDefaultJavaVMInitArgs to learn the
 * default Java stack size.  It is not in jni.h any more; only version (in) and
 * javaStackSize (out) matter, the tail is padding in case a VM writes more. */
struct jdk11_init_args {
    jint version;
    char **properties;
    jint checkSource;
    jint nativeStackSize;
    jint javaStackSize;
    jint minHeapSize;
    jint maxHeapSize;
    jint verifyMode;
    char *classpath;
    void *hooks[3];
    jint flags[8];
    char padding[256];
};

struct launch {
    JavaVMOption *options;
    int noptions;
    const char *main_class;
    char **args;
    int nargs;
    int status;
};

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "jembed: out of memory\n");
        exit(1);
    }
    return p;
}

/* Parses the size of an -Xss option ("512k", "2m", "1g", bytes); 0 when malformed. */
static size_t parse_size(const char *s)
{
    char *end;
    unsigned long long n = strtoull(s, &end, 10);
    if (end == s)
        return 0;
    switch (*end) {
    case 'k': case 'K': n <<= 10; end++; break;
    case 'm': case 'M': n <<= 20; end++; break;
    case 'g': case 'G': n <<= 30; end++; break;
    default: break;
    }
    return *end ? 0 : (size_t)n;
}

/* The stack size of the thread that runs main(), chosen as libjli chooses it. */
static size_t main_stack_size(const struct launch *l)
{
    size_t size = 0;
    for (int i = 0; i < l->noptions; i++)
        if (strncmp(l->options[i].optionString, "-Xss", 4) == 0)
            size = parse_size(l->options[i].optionString + 4);
    if (size == 0) {
        struct jdk11_init_args a;
        memset(&a, 0, sizeof a);
        a.version = JNI_VERSION_1_1;
        JNI_GetDefaultJavaVMInitArgs(&a); /* the result is ignored, as libjli does */
        if (a.javaStackSize > 0)
            size = (size_t)a.javaStackSize;
    }
    return size;
}

/* Reports a failure of the embedding (with the pending exception, if any), shuts the VM
 * down and records status 1. */
static void fail(struct launch *l, JavaVM *vm, JNIEnv *env, const char *what)
{
    if ((*env)->ExceptionCheck(env))
        (*env)->ExceptionDescribe(env);
    fprintf(stderr, "jembed: %s\n", what);
    (*vm)->DetachCurrentThread(vm);
    (*vm)->DestroyJavaVM(vm);
    l->status = 1;
}

static void *java_main(void *arg)
{
    struct launch *l = arg;
    JavaVMInitArgs args;
    JavaVM *vm;
    JNIEnv *env;
    char msg[1024];

    args.version = JNI_VERSION_10;
    args.nOptions = l->noptions;
    args.options = l->options;
    args.ignoreUnrecognized = JNI_FALSE;
    jint rc = JNI_CreateJavaVM(&vm, (void **)&env, &args);
    if (rc != JNI_OK) {
        fprintf(stderr, "jembed: JNI_CreateJavaVM failed (%d)\n", (int)rc);
        l->status = 1;
        return NULL;
    }

    char *name = xmalloc(strlen(l->main_class) + 1);
    strcpy(name, l->main_class);
    for (char *p = name; *p; p++)
        if (*p == '.')
            *p = '/';
    jclass cls = (*env)->FindClass(env, name);
    if (!cls) {
        snprintf(msg, sizeof msg, "cannot find or load main class %s", l->main_class);
        fail(l, vm, env, msg);
        return NULL;
    }
    jmethodID main = (*env)->GetStaticMethodID(env, cls, "main", "([Ljava/lang/String;)V");
    if (!main) {
        snprintf(msg, sizeof msg, "no method static void main(String[]) in %s", l->main_class);
        fail(l, vm, env, msg);
        return NULL;
    }
    jclass string_class = (*env)->FindClass(env, "java/lang/String");
    jobjectArray jargs = string_class ? (*env)->NewObjectArray(env, l->nargs, string_class, NULL) : NULL;
    for (int i = 0; jargs && i < l->nargs; i++) {
        jstring s = (*env)->NewStringUTF(env, l->args[i]);
        if (!s) {
            jargs = NULL;
            break;
        }
        (*env)->SetObjectArrayElement(env, jargs, i, s);
        (*env)->DeleteLocalRef(env, s);
    }
    if (!jargs) {
        fail(l, vm, env, "cannot create the arguments of main");
        return NULL;
    }

    (*env)->CallStaticVoidMethod(env, cls, main, jargs);
    /* An exception still pending here is uncaught: DetachCurrentThread reports it. */
    l->status = (*env)->ExceptionCheck(env) ? 1 : 0;
    free(name);
    if ((*vm)->DetachCurrentThread(vm) != JNI_OK) {
        fprintf(stderr, "jembed: DetachCurrentThread failed\n");
        l->status = 1;
    }
    if ((*vm)->DestroyJavaVM(vm) != JNI_OK) {
        fprintf(stderr, "jembed: DestroyJavaVM failed\n");
        l->status = 1;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    struct launch l;
    const char *env_opts = getenv("LOUPE_TEST_OPTIONS");
    char *extra = env_opts ? strdup(env_opts) : NULL;
    int i = 1;

    memset(&l, 0, sizeof l);
    l.options = xmalloc(sizeof(JavaVMOption) * (size_t)(argc + (extra ? strlen(extra) : 0) + 1));
    for (; i < argc && argv[i][0] == '-'; i++) {
        l.options[l.noptions].optionString = argv[i];
        l.options[l.noptions++].extraInfo = NULL;
    }
    for (char *save, *w = extra ? strtok_r(extra, " \t\n", &save) : NULL; w;
         w = strtok_r(NULL, " \t\n", &save)) {
        l.options[l.noptions].optionString = w;
        l.options[l.noptions++].extraInfo = NULL;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: jembed [vm-options...] MainClass [args...]\n");
        return 2;
    }
    l.main_class = argv[i];
    l.args = argv + i + 1;
    l.nargs = argc - i - 1;

    pthread_attr_t attr;
    pthread_t thread;
    size_t stack = main_stack_size(&l);
    pthread_attr_init(&attr);
    if (stack > 0)
        pthread_attr_setstacksize(&attr, stack);
    if (pthread_create(&thread, &attr, java_main, &l) != 0) {
        fprintf(stderr, "jembed: cannot create the main thread\n");
        return 1;
    }
    pthread_join(thread, NULL);
    fflush(stdout);
    free(extra);
    free(l.options);
    return l.status;
}
