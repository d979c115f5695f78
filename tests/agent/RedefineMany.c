// main: RdMany
/*
 * A class redefined 64 times with a collection after each: every earlier version is a
 * root while obsolete methods may run on it, and the collector visits each version once
 * (a walk that visited each version's own earlier versions again took 2^n steps: OpenJDK's
 * nsk/jvmti/RedefineClasses/StressRedefineWithoutBytecodeCorruption hung in it).
 */
#include "agent.h"
#include <string.h>

static jvmtiEnv *jvmti;

JNIEXPORT jint JNICALL Java_RdMany_redefine(JNIEnv *jni, jclass c, jclass target, jbyteArray bytes) {
    jvmtiClassDefinition def;
    def.klass = target;
    def.class_byte_count = (*jni)->GetArrayLength(jni, bytes);
    jbyte *b = (*jni)->GetByteArrayElements(jni, bytes, NULL);
    def.class_bytes = (const unsigned char *)b;
    jvmtiError err = (*jvmti)->RedefineClasses(jvmti, 1, &def);
    (*jni)->ReleaseByteArrayElements(jni, bytes, b, JNI_ABORT);
    return err;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmti = agent_env(vm);
    if (!jvmti) return JNI_ERR;
    return agent_caps(jvmti, &(jvmtiCapabilities){ .can_redefine_classes = 1 }) == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}
