/*
 * embed_old_verifier — the JDK's old verifier (libverify.so, VerifyClassForMajorVersion)
 * run inside the VM it came with, and the JVM_* reflection interface it reads classes
 * through (JVM_GetClass*, JVM_GetMethodIx*, JVM_GetFieldIxModifiers, JVM_GetCP*,
 * JVM_IsSameClassPackage, JVM_ReleaseUTF; and JVM_handle_linux_signal): of three hand-made boot classes (defined
 * without verification, as the boot loader's classes are, and not linked yet) one passes
 * and two fail with the old verifier's messages, one on a wrong operand type, one on
 * protected access through the constant pool.  libverify is found next to the libjvm.so
 * this program runs on.  The reflection calls are also shown on linked classes, code
 * aside (HotSpot hands out its rewritten bytecode once a class is linked).
 *
 *   embed_old_verifier CLASSDIR
 *
 * Method order is the VM's own, so per-method facts are printed sorted.
 */
#include <jni.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>

typedef jboolean (*VerifyFn)(JNIEnv *env, jclass cb, char *msg, jint len, jint major);
typedef struct { jint start_pc, end_pc, handler_pc, catchType; } HandlerEntry;

/* What libverify imports, declared as HotSpot's jvm.h does. */
JNIEXPORT const char *JNICALL JVM_GetClassNameUTF(JNIEnv *env, jclass cb);
JNIEXPORT jint JNICALL JVM_GetClassCPEntriesCount(JNIEnv *env, jclass cb);
JNIEXPORT void JNICALL JVM_GetClassCPTypes(JNIEnv *env, jclass cb, unsigned char *types);
JNIEXPORT jint JNICALL JVM_GetClassFieldsCount(JNIEnv *env, jclass cb);
JNIEXPORT jint JNICALL JVM_GetClassMethodsCount(JNIEnv *env, jclass cb);
JNIEXPORT jint JNICALL JVM_GetFieldIxModifiers(JNIEnv *env, jclass cb, int index);
JNIEXPORT jint JNICALL JVM_GetMethodIxModifiers(JNIEnv *env, jclass cb, int index);
JNIEXPORT const char *JNICALL JVM_GetMethodIxNameUTF(JNIEnv *env, jclass cb, jint index);
JNIEXPORT const char *JNICALL JVM_GetMethodIxSignatureUTF(JNIEnv *env, jclass cb, jint index);
JNIEXPORT jint JNICALL JVM_GetMethodIxMaxStack(JNIEnv *env, jclass cb, int index);
JNIEXPORT jint JNICALL JVM_GetMethodIxLocalsCount(JNIEnv *env, jclass cb, int index);
JNIEXPORT jint JNICALL JVM_GetMethodIxArgsSize(JNIEnv *env, jclass cb, int index);
JNIEXPORT jint JNICALL JVM_GetMethodIxByteCodeLength(JNIEnv *env, jclass cb, jint index);
JNIEXPORT void JNICALL JVM_GetMethodIxByteCode(JNIEnv *env, jclass cb, jint index, unsigned char *code);
JNIEXPORT jint JNICALL JVM_GetMethodIxExceptionTableLength(JNIEnv *env, jclass cb, int index);
JNIEXPORT void JNICALL JVM_GetMethodIxExceptionTableEntry(JNIEnv *env, jclass cb, jint index, jint entry,
                                                          HandlerEntry *out);
JNIEXPORT jint JNICALL JVM_GetMethodIxExceptionsCount(JNIEnv *env, jclass cb, jint index);
JNIEXPORT void JNICALL JVM_GetMethodIxExceptionIndexes(JNIEnv *env, jclass cb, jint index, unsigned short *out);
JNIEXPORT jboolean JNICALL JVM_IsConstructorIx(JNIEnv *env, jclass cb, int index);
JNIEXPORT jboolean JNICALL JVM_IsVMGeneratedMethodIx(JNIEnv *env, jclass cb, int index);
JNIEXPORT const char *JNICALL JVM_GetCPClassNameUTF(JNIEnv *env, jclass cb, jint index);
JNIEXPORT const char *JNICALL JVM_GetCPMethodNameUTF(JNIEnv *env, jclass cb, jint index);
JNIEXPORT const char *JNICALL JVM_GetCPMethodSignatureUTF(JNIEnv *env, jclass cb, jint index);
JNIEXPORT const char *JNICALL JVM_GetCPMethodClassNameUTF(JNIEnv *env, jclass cb, jint index);
JNIEXPORT jint JNICALL JVM_GetCPMethodModifiers(JNIEnv *env, jclass cb, int index, jclass called);
JNIEXPORT jboolean JNICALL JVM_IsSameClassPackage(JNIEnv *env, jclass a, jclass b);
JNIEXPORT void JNICALL JVM_ReleaseUTF(const char *utf);
JNIEXPORT jint JNICALL JVM_handle_linux_signal(int sig, siginfo_t *info, void *uc, int abort_if_unrecognized);

#define UNUSED_NAME(x) (void)(x)

static JNIEnv *env;
static VerifyFn verify;

/* ---- a tiny class-file writer ---- */

typedef struct { unsigned char b[512]; int n; int cp; } ClassBytes;

static void u1(ClassBytes *c, int v) { c->b[c->n++] = (unsigned char)v; }
static void u2(ClassBytes *c, int v) { u1(c, v >> 8); u1(c, v); }
static void u4(ClassBytes *c, int v) { u2(c, v >> 16); u2(c, v); }
static int utf8(ClassBytes *c, const char *s) {
    u1(c, 1);
    u2(c, (int)strlen(s));
    for (const char *p = s; *p; p++) u1(c, *p);
    return c->cp++;
}
static int ref(ClassBytes *c, int tag, int a, int b) {
    u1(c, tag);
    u2(c, a);
    if (b >= 0) u2(c, b);
    return c->cp++;
}

/* A version-49 class NAME extending Object with one public static method of the given
 * descriptor and code.  The constant pool also holds Object.clone()'s reference (index
 * 12) and Object.<init> (index 15) for the code to use. */
static jclass define(const char *name, const char *desc, const unsigned char *code, int len, int stack) {
    ClassBytes c = { .n = 0, .cp = 1 };
    u4(&c, (int)0xCAFEBABE);
    u2(&c, 0);
    u2(&c, 49);
    int count_at = c.n;
    u2(&c, 0);
    int this_name = utf8(&c, name);                                    /* 1 */
    int this_class = ref(&c, 7, this_name, -1);                        /* 2 */
    int obj = ref(&c, 7, utf8(&c, "java/lang/Object"), -1);            /* 3, 4 */
    int m_name = utf8(&c, "m");                                        /* 5 */
    int m_desc = utf8(&c, desc);                                       /* 6 */
    int code_attr = utf8(&c, "Code");                                  /* 7 */
    int clone_name = utf8(&c, "clone");                                /* 8 */
    int clone_desc = utf8(&c, "()Ljava/lang/Object;");                 /* 9 */
    ref(&c, 10, obj, ref(&c, 12, clone_name, clone_desc));             /* 10, 11 */
    int init_name = utf8(&c, "<init>");                                /* 12 */
    int init_desc = utf8(&c, "()V");                                   /* 13 */
    ref(&c, 10, obj, ref(&c, 12, init_name, init_desc));               /* 14, 15 */
    c.b[count_at] = (unsigned char)(c.cp >> 8);
    c.b[count_at + 1] = (unsigned char)c.cp;
    u2(&c, 0x21);
    u2(&c, this_class);
    u2(&c, obj);
    u2(&c, 0);          /* interfaces */
    u2(&c, 0);          /* fields */
    u2(&c, 1);          /* methods */
    u2(&c, 0x09);
    u2(&c, m_name);
    u2(&c, m_desc);
    u2(&c, 1);
    u2(&c, code_attr);
    u4(&c, 12 + len);
    u2(&c, stack);
    u2(&c, 0);
    u4(&c, len);
    for (int i = 0; i < len; i++) u1(&c, code[i]);
    u2(&c, 0);          /* exception table */
    u2(&c, 0);          /* code attributes */
    u2(&c, 0);          /* class attributes */
    jclass k = (*env)->DefineClass(env, name, NULL, (const jbyte *)c.b, c.n);
    if (!k) {
        (*env)->ExceptionDescribe(env);
        (*env)->ExceptionClear(env);
    }
    return k;
}

/* ---- what the VM says about a class ---- */

static int cmp_lines(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One line per method (sorted): modifiers, sizes, a checksum of the code, handlers,
 * thrown classes; then the pool's size and its class names. */
static void describe(const char *name, jclass k, int with_code) {
    UNUSED_NAME(name);
    const char *cn = JVM_GetClassNameUTF(env, k);
    int nm = JVM_GetClassMethodsCount(env, k), nf = JVM_GetClassFieldsCount(env, k);
    printf("%s: %d fields, %d methods, %d pool entries\n", cn, nf, nm, JVM_GetClassCPEntriesCount(env, k));
    JVM_ReleaseUTF(cn);
    int fmods = 0;
    for (int i = 0; i < nf; i++) fmods += JVM_GetFieldIxModifiers(env, k, i);
    printf("  field modifiers sum %d\n", fmods);
    char **lines = calloc((size_t)nm, sizeof *lines);
    for (int i = 0; i < nm; i++) {
        int len = JVM_GetMethodIxByteCodeLength(env, k, i);
        unsigned char *code = malloc((size_t)len + 1);
        JVM_GetMethodIxByteCode(env, k, i, code);
        unsigned sum = 0;
        for (int j = 0; with_code && j < len; j++) sum = sum * 31 + code[j];
        free(code);
        int nh = JVM_GetMethodIxExceptionTableLength(env, k, i), hsum = 0;
        for (int j = 0; j < nh; j++) {
            HandlerEntry e;
            JVM_GetMethodIxExceptionTableEntry(env, k, i, j, &e);
            hsum += e.start_pc + e.end_pc * 3 + e.handler_pc * 7 + (e.catchType ? 1 : 0);
        }
        unsigned short thrown[64];
        int nt = JVM_GetMethodIxExceptionsCount(env, k, i);
        char throws[256] = "";
        if (nt <= 64) JVM_GetMethodIxExceptionIndexes(env, k, i, thrown);
        for (int j = 0; j < nt && j < 64; j++) {
            strncat(throws, " ", sizeof throws - strlen(throws) - 1);
            strncat(throws, JVM_GetCPClassNameUTF(env, k, thrown[j]), sizeof throws - strlen(throws) - 1);
        }
        lines[i] = malloc(1024);
        snprintf(lines[i], 1024, "  %s%s mods=%#x stack=%d locals=%d args=%d code=%d/%08x handlers=%d/%d init=%d vm=%d throws:%s",
                 JVM_GetMethodIxNameUTF(env, k, i), JVM_GetMethodIxSignatureUTF(env, k, i),
                 JVM_GetMethodIxModifiers(env, k, i), JVM_GetMethodIxMaxStack(env, k, i),
                 JVM_GetMethodIxLocalsCount(env, k, i), JVM_GetMethodIxArgsSize(env, k, i), len, sum, nh, hsum,
                 JVM_IsConstructorIx(env, k, i), JVM_IsVMGeneratedMethodIx(env, k, i), throws);
    }
    qsort(lines, (size_t)nm, sizeof *lines, cmp_lines);
    for (int i = 0; i < nm; i++) {
        printf("%s\n", lines[i]);
        free(lines[i]);
    }
    free(lines);
    int n = JVM_GetClassCPEntriesCount(env, k), classes = 0, methods = 0;
    unsigned char *tags = malloc((size_t)n + 1);
    JVM_GetClassCPTypes(env, k, tags);
    for (int i = 1; i < n; i++) {
        if (tags[i] == 7) classes++;
        if (tags[i] == 10) methods++;
    }
    printf("  pool: %d classes, %d method references, tag[0]=%d\n", classes, methods, tags[0]);
    free(tags);
}

static void check_class(const char *name, jclass k) {
    char msg[1024] = "";
    jboolean ok = k ? verify(env, k, msg, sizeof msg, 49) : 0;
    printf("verify %s: %s%s%s\n", name, ok ? "ok" : "failed", *msg ? ": " : "", msg);
}

static VerifyFn find_verifier(void) {
    Dl_info info;
    if (!dladdr((void *)JNI_CreateJavaVM, &info) || !info.dli_fname) return NULL;
    char path[4096];
    snprintf(path, sizeof path, "%s", info.dli_fname);
    char *server = strstr(path, "/server/libjvm.so");
    if (!server) return NULL;
    strcpy(server, "/libverify.so");
    void *h = dlopen(path, RTLD_NOW);
    return h ? (VerifyFn)dlsym(h, "VerifyClassForMajorVersion") : NULL;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: embed_old_verifier CLASSDIR\n");
        return 2;
    }
    char cp[4096];
    snprintf(cp, sizeof cp, "-Xbootclasspath/a:%s", argv[1]);
    JavaVMOption options[] = { { cp, NULL }, { "-Xmx32m", NULL } };
    JavaVMInitArgs args = { JNI_VERSION_10, 2, options, JNI_FALSE };
    JavaVM *vm;
    if (JNI_CreateJavaVM(&vm, (void **)&env, &args) != JNI_OK) return 1;
    verify = find_verifier();
    printf("libverify: %s\n", verify ? "found" : "missing");
    if (!verify) return 1;

    describe("EmbedTarget", (*env)->FindClass(env, "EmbedTarget"), 0);
    describe("java/util/ArrayList", (*env)->FindClass(env, "java/util/ArrayList"), 0);

    /* m()Ljava/lang/Object;: new Object; dup; invokespecial <init>; areturn */
    static const unsigned char good[] = { 0xbb, 0, 4, 0x59, 0xb7, 0, 15, 0xb0 };
    jclass good_class = define("GoodOld", "()Ljava/lang/Object;", good, sizeof good, 2);
    describe("GoodOld", good_class, 1);
    check_class("GoodOld", good_class);
    /* m()I: aconst_null; ireturn */
    static const unsigned char wrong_type[] = { 0x01, 0xac };
    check_class("BadType", define("BadType", "()I", wrong_type, sizeof wrong_type, 1));
    /* m()Ljava/lang/Object;: new Object; dup; invokespecial <init>; invokevirtual clone; areturn */
    static const unsigned char protected_call[] = { 0xbb, 0, 4, 0x59, 0xb7, 0, 15, 0xb6, 0, 11, 0xb0 };
    jclass prot = define("BadProtected", "()Ljava/lang/Object;", protected_call, sizeof protected_call, 2);
    describe("BadProtected", prot, 1);
    check_class("BadProtected", prot);
    jclass object = (*env)->FindClass(env, "java/lang/Object");
    printf("BadProtected pool 11: %s.%s%s, modifiers in Object %#x, in BadProtected %d\n",
           JVM_GetCPMethodClassNameUTF(env, prot, 11), JVM_GetCPMethodNameUTF(env, prot, 11),
           JVM_GetCPMethodSignatureUTF(env, prot, 11), JVM_GetCPMethodModifiers(env, prot, 11, object),
           JVM_GetCPMethodModifiers(env, prot, 11, prot));

    jclass string = (*env)->FindClass(env, "java/lang/String");
    jclass list = (*env)->FindClass(env, "java/util/ArrayList");
    jclass strings = (*env)->FindClass(env, "[Ljava/lang/String;");
    printf("same package: String/Object %d, String/ArrayList %d, String[]/Object %d, EmbedTarget/BadType %d\n",
           JVM_IsSameClassPackage(env, string, object), JVM_IsSameClassPackage(env, string, list),
           JVM_IsSameClassPackage(env, strings, object),
           JVM_IsSameClassPackage(env, (*env)->FindClass(env, "EmbedTarget"), (*env)->FindClass(env, "BadType")));
    /* signal chaining, which libjsig's users call: SIGPIPE is the VM's to ignore */
    printf("JVM_handle_linux_signal: SIGPIPE %d, SIGWINCH %d\n", JVM_handle_linux_signal(SIGPIPE, NULL, NULL, 0),
           JVM_handle_linux_signal(SIGWINCH, NULL, NULL, 0));
    return (*vm)->DestroyJavaVM(vm) == JNI_OK ? 0 : 1;
}
