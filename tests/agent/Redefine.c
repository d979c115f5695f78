// main: RdMain
/*
 * RedefineClasses and RetransformClasses: a method's new body runs on the next call while
 * the frame that was running keeps the old code and constants, across a collection
 * (IsMethodObsolete says so), breakpoints in the class are cleared,
 * a retransformation without transformers keeps the redefined class, and each refused
 * change gives HotSpot's error code (renamed class, other superclass, changed field,
 * broken bytes, unsupported version, class and method modifiers, added and deleted
 * methods, a new nest member, code that fails verification, unmodifiable classes, bad
 * arguments; not a jclass that is no class, on which HotSpot 17 crashes).  IsModifiableClass for classes, primitives, arrays and a hidden class.
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NONE, BAD_MAGIC, BAD_VERSION, TOGGLE_FINAL, BREAK_RETURN, NEW_VALUE };

static jvmtiEnv *jvmti;

static jstring error_name(JNIEnv *jni, jvmtiError err) {
    char *name = NULL;
    (*jvmti)->GetErrorName(jvmti, err, &name);
    jstring s = (*jni)->NewStringUTF(jni, name ? name : "?");
    (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    return s;
}

static int u2(const unsigned char *b, int i) { return b[i] << 8 | b[i + 1]; }

/* Offset just after the constant pool, and the index of the Integer `value` (0 if none). */
static int skip_cp(const unsigned char *b, int len, int value, int *index) {
    int n = u2(b, 8), p = 10;
    *index = 0;
    for (int i = 1; i < n && p < len; i++) {
        int tag = b[p];
        if (tag == 3 && (int)((unsigned)b[p + 1] << 24 | b[p + 2] << 16 | b[p + 3] << 8 | b[p + 4]) == value) *index = i;
        switch (tag) {
        case 1: p += 3 + u2(b, p + 1); break;
        case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: p += 5; break;
        case 5: case 6: p += 9; i++; break;
        case 15: p += 4; break;
        default: p += 3; break;
        }
    }
    return p;
}

static void replace_utf8(unsigned char *b, int len, const char *from, const char *to) {
    size_t n = strlen(from);
    for (int i = 0; i + 3 + (int)n <= len; i++)
        if (b[i] == 1 && u2(b, i + 1) == (int)n && !memcmp(b + i + 3, from, n)) {
            memcpy(b + i + 3, to, n);
            return;
        }
}

static void apply(unsigned char *b, int len, int op) {
    int k, end = skip_cp(b, len, 1234567, &k);
    if (op == BAD_MAGIC) b[0] = 0;
    if (op == BAD_VERSION) b[6] = 0, b[7] = 99;
    if (op == TOGGLE_FINAL) b[end + 1] ^= 0x10;
    if (op == BREAK_RETURN)
        for (int i = end; i + 2 < len; i++)
            if (b[i] == 0x12 && b[i + 1] == k && b[i + 2] == 0xAC) {
                b[i + 2] = 0xB0;
                break;
            }
    if (op == NEW_VALUE) {
        for (int p = 10; p + 5 <= len; p++)
            if (b[p] == 3 && b[p + 1] == 0x00 && b[p + 2] == 0x12 && b[p + 3] == 0xD6 && b[p + 4] == 0x87) {
                b[p + 2] = 0x74, b[p + 3] = 0xCB, b[p + 4] = 0xB1;      /* 7654321 */
                break;
            }
        replace_utf8(b, len, "old text", "new text");
    }
}

JNIEXPORT jstring JNICALL Java_RdMain_redefine(JNIEnv *jni, jclass main, jclass c, jbyteArray bytes, jstring from,
                                               jstring to, jint op) {
    jint len = (*jni)->GetArrayLength(jni, bytes);
    unsigned char *b = malloc((size_t)len);
    (*jni)->GetByteArrayRegion(jni, bytes, 0, len, (jbyte *)b);
    if (from) {
        const char *f = (*jni)->GetStringUTFChars(jni, from, NULL), *t = (*jni)->GetStringUTFChars(jni, to, NULL);
        replace_utf8(b, len, f, t);
        (*jni)->ReleaseStringUTFChars(jni, from, f);
        (*jni)->ReleaseStringUTFChars(jni, to, t);
    }
    apply(b, len, op);
    jvmtiClassDefinition d = { c, len, b };
    jvmtiError err = (*jvmti)->RedefineClasses(jvmti, 1, &d);
    free(b);
    return error_name(jni, err);
}

JNIEXPORT jstring JNICALL Java_RdMain_retransform(JNIEnv *jni, jclass main, jclass c) {
    return error_name(jni, (*jvmti)->RetransformClasses(jvmti, 1, &c));
}

JNIEXPORT jstring JNICALL Java_RdMain_redefineOdd(JNIEnv *jni, jclass main, jint what) {
    jclass target = (*jni)->FindClass(jni, "RdTarget");
    unsigned char b[16] = { 0xCA, 0xFE, 0xBA, 0xBE };
    jvmtiClassDefinition d = { target, sizeof b, b };
    switch (what) {
    case 0: return error_name(jni, (*jvmti)->RedefineClasses(jvmti, -1, &d));
    case 1: return error_name(jni, (*jvmti)->RedefineClasses(jvmti, 1, NULL));
    default: d.class_bytes = NULL; return error_name(jni, (*jvmti)->RedefineClasses(jvmti, 1, &d));
    }
}

static void describe(char *out, size_t n, jint depth) {
    jmethodID m;
    jlocation loc;
    char *name = NULL, *sig = NULL;
    jclass k;
    jboolean obsolete = 0;
    if ((*jvmti)->GetFrameLocation(jvmti, NULL, depth, &m, &loc)) {
        snprintf(out, n, "?");
        return;
    }
    (*jvmti)->GetMethodName(jvmti, m, &name, NULL, NULL);
    (*jvmti)->GetMethodDeclaringClass(jvmti, m, &k);
    (*jvmti)->GetClassSignature(jvmti, k, &sig, NULL);
    (*jvmti)->IsMethodObsolete(jvmti, m, &obsolete);
    snprintf(out, n, "%s.%s obsolete=%s", sig, name, obsolete ? "yes" : "no");
    (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

JNIEXPORT jstring JNICALL Java_RdMain_frames(JNIEnv *jni, jclass main) {
    char a[300], b[300], all[700];
    describe(a, sizeof a, 2);
    describe(b, sizeof b, 3);
    snprintf(all, sizeof all, "%s, %s", a, b);
    return (*jni)->NewStringUTF(jni, all);
}

JNIEXPORT void JNICALL Java_RdMain_modifiable(JNIEnv *jni, jclass main, jclass c) {
    jboolean yes = 0;
    char *sig = NULL;
    jvmtiError err = (*jvmti)->IsModifiableClass(jvmti, c, &yes);
    (*jvmti)->GetClassSignature(jvmti, c, &sig, NULL);
    printf("modifiable %s: %s (%d)\n", strstr(sig, "$$Lambda") ? "a lambda class" : sig, yes ? "yes" : "no", err);
    fflush(stdout);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)sig);
}

static void JNICALL breakpoint(jvmtiEnv *e, JNIEnv *jni, jthread t, jmethodID m, jlocation at) {
    char *name = NULL;
    (*jvmti)->GetMethodName(jvmti, m, &name, NULL, NULL);
    printf("Breakpoint in %s@%d\n", name, (int)at);
    fflush(stdout);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
}

/* A breakpoint in RdTarget.value(), which the redefinition clears. */
JNIEXPORT void JNICALL Java_RdMain_breakInValue(JNIEnv *jni, jclass main) {
    jclass c = (*jni)->FindClass(jni, "RdTarget");
    jmethodID m = (*jni)->GetStaticMethodID(jni, c, "value", "()I");
    jvmtiError err = (*jvmti)->SetBreakpoint(jvmti, m, 0);
    if (err) printf("SetBreakpoint: %d\n", err);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_redefine_classes = 1;
    caps.can_retransform_classes = 1;
    caps.can_generate_breakpoint_events = 1;
    jvmtiError err = (*jvmti)->AddCapabilities(jvmti, &caps);
    if (err) printf("AddCapabilities: %d\n", err);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.Breakpoint = breakpoint;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, NULL);
    return 0;
}
