// main: LocalSlots
/*
 * The Local Variable functions' slot rules, as HotSpot applies them: what the frame holds
 * decides first (a long or double whose second slot holds a reference is INVALID_SLOT, an
 * object asked of a non-reference slot or a primitive of a reference slot TYPE_MISMATCH),
 * then the LocalVariableTable if the method has one, then whether anything was ever stored
 * into the slot (INVALID_SLOT if not).  GetLocalInstance on a native instance method's
 * frame gives the receiver, on a static one INVALID_SLOT.
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;

static const char *err_name(jvmtiError e) {
    char *n = NULL;
    static char buf[64];
    (*jvmti)->GetErrorName(jvmti, e, &n);
    snprintf(buf, sizeof buf, "%s", n ? n : "?");
    if (n) (*jvmti)->Deallocate(jvmti, (unsigned char *)n);
    return buf;
}

static void get(JNIEnv *jni, int depth, int slot, char type) {
    jvmtiError e;
    char val[64] = "";
    jint i; jlong j; jfloat f; jdouble d; jobject o;
    switch (type) {
    case 'I': e = (*jvmti)->GetLocalInt(jvmti, NULL, depth, slot, &i); if (!e) snprintf(val, sizeof val, " = %d", i); break;
    case 'J': e = (*jvmti)->GetLocalLong(jvmti, NULL, depth, slot, &j); break;
    case 'F': e = (*jvmti)->GetLocalFloat(jvmti, NULL, depth, slot, &f); break;
    case 'D': e = (*jvmti)->GetLocalDouble(jvmti, NULL, depth, slot, &d); break;
    default:
        e = (*jvmti)->GetLocalObject(jvmti, NULL, depth, slot, &o);
        if (!e) snprintf(val, sizeof val, " = %s", o ? "an object" : "null");
        break;
    }
    printf("  GetLocal%c slot %d: %s%s\n", type, slot, err_name(e), val);
}

static void set_int(int depth, int slot) {
    printf("  SetLocalInt slot %d: %s\n", slot, err_name((*jvmti)->SetLocalInt(jvmti, NULL, depth, slot, 5)));
}

JNIEXPORT void JNICALL Java_LocalSlots_probe(JNIEnv *jni, jclass k, jstring what) {
    const char *w = (*jni)->GetStringUTFChars(jni, what, NULL);
    printf("%s LocalVariableTable:\n", strcmp(w, "table") == 0 ? "with a" : "without a");
    if (strcmp(w, "table") == 0) {          /* withTable: 0 int i, 1 int j, 2 Object o */
        get(jni, 1, 0, 'J');
        get(jni, 1, 1, 'J');
        get(jni, 1, 1, 'D');
        get(jni, 1, 2, 'J');
        get(jni, 1, 1, 'F');
        get(jni, 1, 2, 'I');
        get(jni, 1, 1, 'I');
    } else {                                /* NoTable.run, two frames up */
        static const struct { int slot; char type; } probes[] = {
            { 1, 'I' }, { 1, 'F' }, { 1, 'L' }, { 2, 'I' }, { 2, 'F' }, { 2, 'L' }, { 1, 'J' }, { 1, 'D' },
            { 0, 'J' }, { 3, 'J' }, { 3, 'D' }, { 4, 'I' }, { 4, 'L' }, { 5, 'I' }, { -1, 'I' }, { 4, 'J' },
        };
        for (size_t n = 0; n < sizeof probes / sizeof probes[0]; n++) get(jni, 2, probes[n].slot, probes[n].type);
        set_int(2, 4);
        set_int(2, 2);
        set_int(2, 3);
        get(jni, 2, 3, 'I');
    }
    (*jni)->ReleaseStringUTFChars(jni, what, w);
    fflush(stdout);
}

JNIEXPORT void JNICALL Java_LocalSlots_instanceNative(JNIEnv *jni, jobject self) {
    jobject o = NULL;
    jvmtiError e = (*jvmti)->GetLocalInstance(jvmti, NULL, 0, &o);
    printf("GetLocalInstance in a native instance method: %s, the receiver %d\n", err_name(e),
           o && (*jni)->IsSameObject(jni, o, self));
    jint n;
    printf("GetLocalInt in a native method: %s\n", err_name((*jvmti)->GetLocalInt(jvmti, NULL, 0, 0, &n)));
    fflush(stdout);
}

JNIEXPORT void JNICALL Java_LocalSlots_staticNative(JNIEnv *jni, jclass k) {
    jobject o = NULL;
    printf("GetLocalInstance in a native static method: %s\n", err_name((*jvmti)->GetLocalInstance(jvmti, NULL, 0, &o)));
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_access_local_variables = 1;
    return (*jvmti)->AddCapabilities(jvmti, &caps) == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}
