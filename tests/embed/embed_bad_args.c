/*
 * embed_bad_args — JNI calls with arguments the specification rejects, each of which
 * must end in the error the specification (or HotSpot, where it is silent) gives, never
 * a crash: negative array sizes, regions out of range, instantiating abstract classes
 * and interfaces, unknown classes, fields and methods (and a static lookup of an instance
 * method), a malformed class definition, registering a native for a method that is not
 * native, exiting a monitor the thread does not own, negative local capacities, unknown
 * interface versions, and the reference type of NULL.
 *
 *   embed_bad_args CLASSDIR
 *
 * Prints one line per call: what came back and the pending exception, if any.
 */
#include <jni.h>
#include "embed_util.h"
#include <stdio.h>
#include <string.h>

static JavaVM *vm;
static JNIEnv *env;

static void pending(const char *what) { embed_print_pending(env, what); }

static jint JNICALL registered(JNIEnv *e, jclass c)
{
    (void)e; (void)c;
    return 42;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: embed_bad_args CLASSDIR\n");
        return 2;
    }
    char cp[4096];
    snprintf(cp, sizeof cp, "-Xbootclasspath/a:%s", argv[1]);
    JavaVMOption options[] = { { cp, NULL }, { "-Xmx32m", NULL } };
    JavaVMInitArgs args = { JNI_VERSION_10, 2, options, JNI_FALSE };
    jint rc = JNI_CreateJavaVM(&vm, (void **)&env, &args);
    printf("JNI_CreateJavaVM: %d\n", rc);
    if (rc != JNI_OK) return 1;

    jclass object = (*env)->FindClass(env, "java/lang/Object");
    jclass target = (*env)->FindClass(env, "EmbedBadArgs");
    printf("FindClass(EmbedBadArgs): %s\n", target ? "found" : "missing");
    pending("FindClass(EmbedBadArgs)");

    printf("NewObjectArray(-1): %p\n", (void *)(*env)->NewObjectArray(env, -1, object, NULL));
    pending("NewObjectArray(-1)");
    printf("NewIntArray(-5): %p\n", (void *)(*env)->NewIntArray(env, -5));
    pending("NewIntArray(-5)");
    jintArray ia = (*env)->NewIntArray(env, 3);
    jint buf[16];
    (*env)->GetIntArrayRegion(env, ia, 2, 5, buf);
    pending("GetIntArrayRegion(2, 5) of 3");
    (*env)->SetIntArrayRegion(env, ia, -1, 1, buf);
    pending("SetIntArrayRegion(-1, 1) of 3");
    jobjectArray oa = (*env)->NewObjectArray(env, 2, object, NULL);
    (*env)->GetObjectArrayElement(env, oa, 2);
    pending("GetObjectArrayElement(2) of 2");
    jclass string = (*env)->FindClass(env, "java/lang/String");
    jobjectArray sa = (*env)->NewObjectArray(env, 1, string, NULL);
    (*env)->SetObjectArrayElement(env, sa, 0, oa);
    pending("SetObjectArrayElement(String[], Object[])");
    jstring s = (*env)->NewStringUTF(env, "abc");
    (*env)->GetStringRegion(env, s, 1, 5, (jchar *)buf);
    pending("GetStringRegion(1, 5) of 3");
    char cbuf[16];
    (*env)->GetStringUTFRegion(env, s, 4, 1, cbuf);
    pending("GetStringUTFRegion(4, 1) of 3");

    jclass abstract = (*env)->FindClass(env, "EmbedBadArgs$Abstract");
    printf("AllocObject(abstract): %p\n", (void *)(*env)->AllocObject(env, abstract));
    pending("AllocObject(abstract)");
    jclass iface = (*env)->FindClass(env, "EmbedBadArgs$Iface");
    printf("AllocObject(interface): %p\n", (void *)(*env)->AllocObject(env, iface));
    pending("AllocObject(interface)");

    printf("FindClass(does/not/Exist): %p\n", (void *)(*env)->FindClass(env, "does/not/Exist"));
    pending("FindClass(does/not/Exist)");
    printf("GetFieldID(nope): %p\n", (void *)(*env)->GetFieldID(env, target, "nope", "I"));
    pending("GetFieldID(nope)");
    printf("GetFieldID(field, J): %p\n", (void *)(*env)->GetFieldID(env, target, "field", "J"));
    pending("GetFieldID(field, J)");
    printf("GetStaticFieldID(field): %p\n", (void *)(*env)->GetStaticFieldID(env, target, "field", "I"));
    pending("GetStaticFieldID(field)");
    printf("GetMethodID(nope): %p\n", (void *)(*env)->GetMethodID(env, target, "nope", "()V"));
    pending("GetMethodID(nope)");
    printf("GetStaticMethodID(instanceMethod): %p\n",
           (void *)(*env)->GetStaticMethodID(env, target, "instanceMethod", "()V"));
    pending("GetStaticMethodID(instanceMethod)");
    printf("GetMethodID(count as method): %p\n", (void *)(*env)->GetMethodID(env, target, "count", "()I"));
    pending("GetMethodID(count as method)");

    static const jbyte junk[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    printf("DefineClass(junk): %p\n", (void *)(*env)->DefineClass(env, "Junk", NULL, junk, sizeof junk));
    pending("DefineClass(junk)");
    static const jbyte bad_magic[] = { (jbyte)0xCA, (jbyte)0xFE, (jbyte)0xBA, (jbyte)0xBF, 0, 0, 0, 61 };
    printf("DefineClass(bad magic): %p\n", (void *)(*env)->DefineClass(env, "Junk", NULL, bad_magic, sizeof bad_magic));
    pending("DefineClass(bad magic)");

    JNINativeMethod not_native = { "notNative", "()I", (void *)registered };
    printf("RegisterNatives(notNative): %d\n", (*env)->RegisterNatives(env, target, &not_native, 1));
    pending("RegisterNatives(notNative)");
    JNINativeMethod missing = { "missing", "()I", (void *)registered };
    printf("RegisterNatives(missing): %d\n", (*env)->RegisterNatives(env, target, &missing, 1));
    pending("RegisterNatives(missing)");
    JNINativeMethod good = { "registered", "()I", (void *)registered };
    printf("RegisterNatives(registered): %d\n", (*env)->RegisterNatives(env, target, &good, 1));
    pending("RegisterNatives(registered)");
    jmethodID reg = (*env)->GetStaticMethodID(env, target, "registered", "()I");
    printf("registered(): %d\n", (*env)->CallStaticIntMethod(env, target, reg));
    pending("registered()");

    jobject o = (*env)->AllocObject(env, object);
    printf("MonitorExit(not owned): %d\n", (*env)->MonitorExit(env, o));
    pending("MonitorExit(not owned)");
    printf("EnsureLocalCapacity(-1): %d\n", (*env)->EnsureLocalCapacity(env, -1));
    pending("EnsureLocalCapacity(-1)");
    printf("PushLocalFrame(-1): %d\n", (*env)->PushLocalFrame(env, -1));
    pending("PushLocalFrame(-1)");
    printf("GetObjectRefType(NULL): %d\n", (int)(*env)->GetObjectRefType(env, NULL));
    void *e2 = NULL;
    printf("GetEnv(0x7fff0000): %d\n", (*vm)->GetEnv(vm, &e2, 0x7fff0000));
    printf("GetEnv(JNI_VERSION_1_1): %d\n", (*vm)->GetEnv(vm, &e2, JNI_VERSION_1_1));
    printf("GetVersion: 0x%x\n", (*env)->GetVersion(env));
    jclass iae = (*env)->FindClass(env, "java/lang/IllegalArgumentException");
    printf("ThrowNew(iae): %d\n", (*env)->ThrowNew(env, iae, "thrown"));
    pending("ThrowNew(iae)");

    printf("DestroyJavaVM: %d\n", (*vm)->DestroyJavaVM(vm));
    return 0;
}
