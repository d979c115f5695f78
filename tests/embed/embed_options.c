/*
 * embed_options — what JNI_GetDefaultJavaVMInitArgs and JNI_CreateJavaVM do with
 * versions and options.
 *
 *   embed_options CLASSDIR
 *
 * Checks the return codes of JNI_GetDefaultJavaVMInitArgs for each JNI version, then
 * creates a VM with -D options (plain, empty value, '=' in the value, no value, the same
 * key twice), -Xmx/-Xss/-verbose:... options that must be accepted, an unrecognised
 * option with ignoreUnrecognized=JNI_TRUE (which must be accepted), and the "exit" hook;
 * reads the properties back through System.getProperty and finally calls System.exit(3):
 * the hook is called with 3 and the process exits with status 3.  Nothing VM-specific
 * (VM name, heap sizes, timings) is printed.
 */
#include <jni.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static JNIEnv *env;
static jclass target;

static void JNICALL exit_hook(jint code)
{
    printf("exit hook called with %d\n", (int)code);
    fflush(stdout);
}

static void print_property(const char *name)
{
    static jmethodID property;
    if (!property)
        property = (*env)->GetStaticMethodID(env, target, "property", "(Ljava/lang/String;)Ljava/lang/String;");
    jstring r = (*env)->CallStaticObjectMethod(env, target, property, (*env)->NewStringUTF(env, name));
    if ((*env)->ExceptionCheck(env)) {
        (*env)->ExceptionDescribe(env);
        return;
    }
    const char *c = (*env)->GetStringUTFChars(env, r, NULL);
    printf("%s = %s\n", name, c);
    (*env)->ReleaseStringUTFChars(env, r, c);
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    if (argc != 2) {
        fprintf(stderr, "usage: embed_options CLASSDIR\n");
        return 2;
    }

    static const jint versions[] = {
        JNI_VERSION_1_2, JNI_VERSION_1_4, JNI_VERSION_1_6, JNI_VERSION_1_8,
        JNI_VERSION_9, JNI_VERSION_10, 0x00130000, 0x00050000, 0
    };
    for (int i = 0; versions[i]; i++) {
        JavaVMInitArgs probe;
        memset(&probe, 0, sizeof probe);
        probe.version = versions[i];
        jint rc = JNI_GetDefaultJavaVMInitArgs(&probe);
        printf("JNI_GetDefaultJavaVMInitArgs(0x%08x): %s, version now 0x%08x\n", (unsigned)versions[i],
               rc == JNI_OK ? "JNI_OK" : "error", (unsigned)probe.version);
    }
    JavaVM *vms[1];
    jsize n = -1;
    jint rc = JNI_GetCreatedJavaVMs(vms, 1, &n);
    printf("JNI_GetCreatedJavaVMs before create: rc=%d count=%d\n", rc, n);

    char cp[4096];
    snprintf(cp, sizeof cp, "-Xbootclasspath/a:%s", argv[1]);
    JavaVMOption options[] = {
        { cp, NULL },
        { "-Dloupe.test.plain=value", NULL },
        { "-Dloupe.test.empty=", NULL },
        { "-Dloupe.test.novalue", NULL },
        { "-Dloupe.test.equals=a=b=c", NULL },
        { "-Dloupe.test.spaces=with some spaces", NULL },
        { "-Dloupe.test.twice=first", NULL },
        { "-Dloupe.test.twice=second", NULL },
        { "-Dloupe.test.unicode=caf\xc3\xa9", NULL },
        { "-Xmx64m", NULL },
        { "-Xms8m", NULL },
        { "-Xss2m", NULL },
        { "-Xloupe-test-unrecognised-option", NULL },
        { "exit", (void *)exit_hook },
    };
    JavaVMInitArgs args = { JNI_VERSION_1_8, sizeof options / sizeof options[0], options, JNI_TRUE };
    JavaVM *vm;
    rc = JNI_CreateJavaVM(&vm, (void **)&env, &args);
    printf("JNI_CreateJavaVM (ignoreUnrecognized): %d\n", rc);
    if (rc != JNI_OK)
        return 1;
    n = -1;
    rc = JNI_GetCreatedJavaVMs(vms, 1, &n);
    printf("JNI_GetCreatedJavaVMs after create: rc=%d count=%d same=%d\n", rc, n, n == 1 && vms[0] == vm);
    target = (*env)->FindClass(env, "EmbedTarget");
    if (!target) {
        (*env)->ExceptionDescribe(env);
        return 1;
    }

    static const char *props[] = {
        "loupe.test.plain", "loupe.test.empty", "loupe.test.novalue", "loupe.test.equals",
        "loupe.test.spaces", "loupe.test.twice", "loupe.test.unicode", "loupe.test.unset",
        "java.specification.version", "java.specification.name", "java.specification.vendor",
        "java.vm.specification.version", "java.vm.specification.name",
        "java.vm.specification.vendor", "java.class.version", "java.class.path",
        "file.separator", "path.separator", "line.separator", "file.encoding",
        "sun.jnu.encoding", "os.name", "os.arch", "sun.arch.data.model", "user.dir",
        "java.io.tmpdir", "sun.java.command", "sun.java.launcher", "jdk.module.main",
        "java.vm.info",
        NULL
    };
    for (int i = 0; props[i]; i++) {
        if (strcmp(props[i], "user.dir") == 0) {
            /* The working directory is the one the test runs in: compare, do not print. */
            jmethodID property = (*env)->GetStaticMethodID(env, target, "property", "(Ljava/lang/String;)Ljava/lang/String;");
            jstring r = (*env)->CallStaticObjectMethod(env, target, property, (*env)->NewStringUTF(env, "user.dir"));
            const char *c = (*env)->GetStringUTFChars(env, r, NULL);
            char *cwd = getenv("PWD");
            char expect[4096];
            snprintf(expect, sizeof expect, "'%s'", cwd ? cwd : "");
            printf("user.dir is the working directory: %d\n", cwd && strcmp(c, expect) == 0);
            (*env)->ReleaseStringUTFChars(env, r, c);
            continue;
        }
        if (strcmp(props[i], "java.vm.info") == 0) {
            /* Present, but its text is VM-specific. */
            jclass system = (*env)->FindClass(env, "java/lang/System");
            jmethodID get = (*env)->GetStaticMethodID(env, system, "getProperty", "(Ljava/lang/String;)Ljava/lang/String;");
            jobject v = (*env)->CallStaticObjectMethod(env, system, get, (*env)->NewStringUTF(env, props[i]));
            printf("%s is set: %d\n", props[i], v != NULL);
            continue;
        }
        print_property(props[i]);
    }

    /* A second VM in the same process is refused. */
    JavaVM *vm2;
    JNIEnv *env2;
    JavaVMInitArgs args2 = { JNI_VERSION_1_8, 0, NULL, JNI_FALSE };
    printf("second JNI_CreateJavaVM: %s\n", JNI_CreateJavaVM(&vm2, (void **)&env2, &args2) == JNI_OK ? "JNI_OK" : "refused");

    jmethodID exit_method = (*env)->GetStaticMethodID(env, target, "exit", "(I)V");
    (*env)->CallStaticVoidMethod(env, target, exit_method, 3);
    printf("System.exit returned\n");
    return 1;
}
