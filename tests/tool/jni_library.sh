# A user JNI library on each VM: the script compiles a small C library with gcc against
# the JDK's jni.h and runs JniLibrary (see tests/java/JniLibrary.java) with
# -Djava.library.path pointing at it, so that System.loadLibrary finds it; then once more
# through System.load with an absolute path, once without the path, and once more with
# -Xcheck:jni.
set -e
cat >jnitest.c <<'C'
#include <jni.h>
#include <stdio.h>
#include <string.h>

static jint registered(JNIEnv *env, jclass cls, jint x) { return x * 100; }

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) return JNI_ERR;
    jclass c = (*env)->FindClass(env, "JniLibrary");
    JNINativeMethod m = { "registered", "(I)I", (void *)registered };
    if (!c || (*env)->RegisterNatives(env, c, &m, 1) != 0) return JNI_ERR;
    printf("JNI_OnLoad\n");
    fflush(stdout);
    return JNI_VERSION_1_8;
}

JNIEXPORT jint JNICALL Java_JniLibrary_add(JNIEnv *env, jclass cls, jint a, jint b) { return a + b; }

JNIEXPORT jstring JNICALL Java_JniLibrary_greet(JNIEnv *env, jclass cls, jstring who) {
    const char *u = (*env)->GetStringUTFChars(env, who, NULL);
    char buf[256];
    snprintf(buf, sizeof buf, "hello, %s (%d UTF-16 units, %d modified UTF-8 bytes)", u,
             (int)(*env)->GetStringLength(env, who), (int)(*env)->GetStringUTFLength(env, who));
    (*env)->ReleaseStringUTFChars(env, who, u);
    return (*env)->NewStringUTF(env, buf);
}

JNIEXPORT jstring JNICALL Java_JniLibrary_callBack(JNIEnv *env, jclass cls, jint x) {
    jclass h = (*env)->FindClass(env, "JniLibrary$Helper");
    jmethodID m = (*env)->GetStaticMethodID(env, h, "describe", "(I)Ljava/lang/String;");
    return (jstring)(*env)->CallStaticObjectMethod(env, h, m, x * 2);
}

JNIEXPORT void JNICALL Java_JniLibrary_throwNew(JNIEnv *env, jclass cls, jstring msg) {
    const char *u = (*env)->GetStringUTFChars(env, msg, NULL);
    (*env)->ThrowNew(env, (*env)->FindClass(env, "java/lang/IllegalArgumentException"), u);
    (*env)->ReleaseStringUTFChars(env, msg, u);
}

JNIEXPORT jint JNICALL Java_JniLibrary_callThrowing(JNIEnv *env, jclass cls) {
    jmethodID m = (*env)->GetStaticMethodID(env, cls, "throwing", "()I");
    jint r = (*env)->CallStaticIntMethod(env, cls, m);
    if ((*env)->ExceptionCheck(env)) {
        printf("native code sees a pending exception\n");
        fflush(stdout);
        return -1;      /* the exception stays pending and is thrown on return */
    }
    return r;
}

JNIEXPORT jlong JNICALL Java_JniLibrary_sumArray(JNIEnv *env, jclass cls, jintArray a) {
    jsize n = (*env)->GetArrayLength(env, a);
    jint *e = (*env)->GetIntArrayElements(env, a, NULL);
    jlong s = 0;
    for (jsize i = 0; i < n; i++) s += e[i];
    (*env)->ReleaseIntArrayElements(env, a, e, JNI_ABORT);
    return s;
}

JNIEXPORT void JNICALL Java_JniLibrary_bumpField(JNIEnv *env, jclass cls, jobject h) {
    jclass hc = (*env)->GetObjectClass(env, h);
    jfieldID f = (*env)->GetFieldID(env, hc, "value", "I");
    (*env)->SetIntField(env, h, f, (*env)->GetIntField(env, h, f) * 10);
    jfieldID s = (*env)->GetStaticFieldID(env, hc, "seen", "I");
    (*env)->SetStaticIntField(env, hc, s, 99);
}

JNIEXPORT jstring JNICALL Java_JniLibrary_findNested(JNIEnv *env, jclass cls) {
    jclass h = (*env)->FindClass(env, "JniLibrary$Helper");
    jclass missing = (*env)->FindClass(env, "JniLibrary$Missing");
    char buf[200];
    jthrowable e = (*env)->ExceptionOccurred(env);
    (*env)->ExceptionClear(env);
    jclass ec = e ? (*env)->GetObjectClass(env, e) : NULL;
    jmethodID gn = (*env)->GetMethodID(env, (*env)->FindClass(env, "java/lang/Class"), "getName", "()Ljava/lang/String;");
    jstring en = ec ? (jstring)(*env)->CallObjectMethod(env, ec, gn) : NULL;
    const char *u = en ? (*env)->GetStringUTFChars(env, en, NULL) : "none";
    snprintf(buf, sizeof buf, "FindClass: nested %s, missing %s with %s", h ? "found" : "not found",
             missing ? "found" : "not found", u);
    return (*env)->NewStringUTF(env, buf);
}
C
gcc -shared -fPIC -O1 -I"$JDK/include" -I"$JDK/include/linux" -o libloupejnitest.so jnitest.c
set +e
"$JDK/bin/java" -Djava.library.path="$PWD" -cp "$CLASSES" JniLibrary 2>&1 | sed "s|$PWD|(dir)|g"
echo "exit ${PIPESTATUS[0]}"
"$JDK/bin/java" -cp "$CLASSES" JniLibrary 2>&1 | tail -n 1
echo "exit ${PIPESTATUS[0]}"
# The same calls under -Xcheck:jni: a correct library makes no report.
"$JDK/bin/java" -Xcheck:jni -Djava.library.path="$PWD" -cp "$CLASSES" JniLibrary 2>&1 | sed "s|$PWD|(dir)|g"
echo "exit ${PIPESTATUS[0]}"
