// main: JniFieldWatch
/*
 * Field watches seen through JNI: Get/Set<Type>Field and their static forms on watched
 * fields post FieldAccess / FieldModification naming the native method that made the call
 * (location 0) with the new value, as they do from bytecode; unwatched fields post nothing.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;

static void name_of(jclass k, jfieldID f, jmethodID m, char *out, size_t n) {
    char *fname = NULL, *mname = NULL;
    (*jvmti)->GetFieldName(jvmti, k, f, &fname, NULL, NULL);
    (*jvmti)->GetMethodName(jvmti, m, &mname, NULL, NULL);
    snprintf(out, n, "%s in %s", fname ? fname : "?", mname ? mname : "?");
    (*jvmti)->Deallocate(jvmti, (unsigned char *)fname);
    (*jvmti)->Deallocate(jvmti, (unsigned char *)mname);
}

static void JNICALL on_access(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jlocation at, jclass k, jobject o,
                              jfieldID f) {
    char what[128];
    name_of(k, f, m, what, sizeof what);
    printf("FieldAccess %s@%d object=%d\n", what, (int)at, o != NULL);
    fflush(stdout);
}

static void JNICALL on_modify(jvmtiEnv *env, JNIEnv *jni, jthread t, jmethodID m, jlocation at, jclass k, jobject o,
                              jfieldID f, char sig, jvalue v) {
    char what[128];
    name_of(k, f, m, what, sizeof what);
    printf("FieldModification %s@%d object=%d %c ", what, (int)at, o != NULL, sig);
    switch (sig) {
    case 'Z': printf("%d\n", v.z); break;
    case 'B': printf("%d\n", v.b); break;
    case 'C': printf("%d\n", v.c); break;
    case 'S': printf("%d\n", v.s); break;
    case 'I': printf("%d\n", (int)v.i); break;
    case 'J': printf("%lld\n", (long long)v.j); break;
    case 'F': printf("%g\n", v.f); break;
    case 'D': printf("%g\n", v.d); break;
    default: printf("%s\n", v.l ? "object" : "null"); break;
    }
    fflush(stdout);
}

static const struct { const char *name, *sig; int is_static; } fields[] = {
    { "z", "Z", 1 }, { "b", "B", 1 }, { "c", "C", 1 }, { "s", "S", 1 }, { "i", "I", 1 },
    { "j", "J", 0 }, { "f", "F", 0 }, { "d", "D", 0 }, { "o", "Ljava/lang/Object;", 0 }, { "a", "[I", 1 },
};

static jfieldID field(JNIEnv *jni, jclass k, int n) {
    return fields[n].is_static ? (*jni)->GetStaticFieldID(jni, k, fields[n].name, fields[n].sig)
                               : (*jni)->GetFieldID(jni, k, fields[n].name, fields[n].sig);
}

JNIEXPORT void JNICALL Java_JniFieldWatch_watch(JNIEnv *jni, jclass k) {
    for (int n = 0; n < (int)(sizeof fields / sizeof fields[0]); n++) {
        jvmtiError e1 = (*jvmti)->SetFieldModificationWatch(jvmti, k, field(jni, k, n));
        jvmtiError e2 = (*jvmti)->SetFieldAccessWatch(jvmti, k, field(jni, k, n));
        if (e1 || e2) printf("watch %s: %d %d\n", fields[n].name, e1, e2);
    }
}

JNIEXPORT jlong JNICALL Java_JniFieldWatch_touch(JNIEnv *jni, jclass k, jobject obj) {
    (*jni)->SetStaticBooleanField(jni, k, field(jni, k, 0), JNI_TRUE);
    (*jni)->SetStaticByteField(jni, k, field(jni, k, 1), 1);
    (*jni)->SetStaticCharField(jni, k, field(jni, k, 2), 'c');
    (*jni)->SetStaticShortField(jni, k, field(jni, k, 3), 3);
    (*jni)->SetStaticIntField(jni, k, field(jni, k, 4), 4);
    (*jni)->SetLongField(jni, obj, field(jni, k, 5), 5);
    (*jni)->SetFloatField(jni, obj, field(jni, k, 6), 0.5f);
    (*jni)->SetDoubleField(jni, obj, field(jni, k, 7), 0.25);
    (*jni)->SetObjectField(jni, obj, field(jni, k, 8), obj);
    (*jni)->SetStaticObjectField(jni, k, field(jni, k, 9), NULL);
    jlong sum = (*jni)->GetStaticIntField(jni, k, field(jni, k, 4)) + (*jni)->GetLongField(jni, obj, field(jni, k, 5));
    jobject o = (*jni)->GetObjectField(jni, obj, field(jni, k, 8));
    jfieldID plain = (*jni)->GetStaticFieldID(jni, k, "unwatched", "I");
    (*jni)->SetStaticIntField(jni, k, plain, 9);
    return sum + (o != NULL) + (*jni)->GetStaticIntField(jni, k, plain);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_field_access_events = 1;
    caps.can_generate_field_modification_events = 1;
    (*jvmti)->AddCapabilities(jvmti, &caps);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.FieldAccess = on_access;
    cb.FieldModification = on_modify;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, (jint)sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_FIELD_ACCESS, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_FIELD_MODIFICATION, NULL);
    return 0;
}
