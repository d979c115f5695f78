// main: AgentUnload
/*
 * Class unloading seen by an agent: a class defined by a loader that is then dropped
 * leaves GetLoadedClasses and its loader's GetClassLoaderClasses, the tag on its mirror
 * comes back in ObjectFree, and a weak global reference to the mirror clears; a class
 * still referenced stays in the list.  The agent holds a jmethodID of the dropped class's
 * method all along: once the class is unloaded the id is invalid (HotSpot clears it; Loupe
 * keeps the dead method readable and says JVMTI_ERROR_INVALID_METHODID).
 */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static jvmtiEnv *jvmti;
static volatile long freed_sum;
static jweak weak;
static jmethodID kept_id;

static void JNICALL on_free(jvmtiEnv *e, jlong tag) { __atomic_fetch_add(&freed_sum, (long)tag, __ATOMIC_SEQ_CST); }

/* How many loaded classes have this signature. */
static int loaded(const char *sig) {
    jint n;
    jclass *cs;
    if ((*jvmti)->GetLoadedClasses(jvmti, &n, &cs)) return -1;
    int found = 0;
    for (jint i = 0; i < n; i++) {
        char *s;
        if ((*jvmti)->GetClassSignature(jvmti, cs[i], &s, NULL) == JVMTI_ERROR_NONE) {
            if (strcmp(s, sig) == 0) found++;
            (*jvmti)->Deallocate(jvmti, (unsigned char *)s);
        }
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *)cs);
    return found;
}

JNIEXPORT void JNICALL Java_AgentUnload_watch(JNIEnv *jni, jclass self, jclass c, jlong tag) {
    printf("SetTag -> %d\n", (*jvmti)->SetTag(jvmti, c, tag));
    weak = (*jni)->NewWeakGlobalRef(jni, c);
    kept_id = (*jni)->GetMethodID(jni, c, "value", "()I");
    printf("method id: %s\n", kept_id ? "yes" : "no");
    fflush(stdout);
}

JNIEXPORT void JNICALL Java_AgentUnload_report(JNIEnv *jni, jclass self, jstring what, jobject loader) {
    const char *w = (*jni)->GetStringUTFChars(jni, what, NULL);
    printf("%s: loaded AgentUnload$Payload %d, AgentUnload %d, weak cleared %d\n", w,
           loaded("LAgentUnload$Payload;"), loaded("LAgentUnload;"), (*jni)->IsSameObject(jni, weak, NULL));
    if (loader) {
        jint n;
        jclass *cs;
        int payload = 0;
        printf("  GetClassLoaderClasses -> %d", (*jvmti)->GetClassLoaderClasses(jvmti, loader, &n, &cs));
        for (jint i = 0; i < n; i++) {
            char *s;
            if ((*jvmti)->GetClassSignature(jvmti, cs[i], &s, NULL) == JVMTI_ERROR_NONE) {
                payload += strcmp(s, "LAgentUnload$Payload;") == 0;
                (*jvmti)->Deallocate(jvmti, (unsigned char *)s);
            }
        }
        printf(", AgentUnload$Payload among them %d\n", payload);
        (*jvmti)->Deallocate(jvmti, (unsigned char *)cs);
    }
    char *name = NULL;
    printf("  GetMethodName(value) -> %d", (*jvmti)->GetMethodName(jvmti, kept_id, &name, NULL, NULL));
    printf(", %s\n", name ? name : "no name");
    if (name) (*jvmti)->Deallocate(jvmti, (unsigned char *)name);
    (*jni)->ReleaseStringUTFChars(jni, what, w);
    fflush(stdout);
}

/* HotSpot posts ObjectFree from a service thread soon after the collection, Loupe from
 * the next tag function: by VM death, after one more, both have. */
static void JNICALL on_vm_death(jvmtiEnv *e, JNIEnv *jni) {
    jlong t;
    (*jvmti)->GetTag(jvmti, (*jni)->FindClass(jni, "AgentUnload"), &t);
    printf("ObjectFree: tag 42 freed %d\n", __atomic_load_n(&freed_sum, __ATOMIC_SEQ_CST) == 42);
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    caps.can_generate_object_free_events = 1;
    (*jvmti)->AddCapabilities(jvmti, &caps);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ObjectFree = on_free;
    cb.VMDeath = on_vm_death;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_OBJECT_FREE, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    return 0;
}
