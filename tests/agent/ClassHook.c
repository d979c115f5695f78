// main: HookMain
/*
 * ClassFileLoadHook: which classes an agent sees (every class defined from bytes, by any
 * loader and by Lookup.defineClass, not hidden classes), the order of two environments
 * (the one without can_retransform_classes first, though created second), chained bytes
 * (a string constant changed by one, then by the other), a transform that breaks the class
 * (ClassFormatError), and RetransformClasses, which calls only the capable environment,
 * with the bytes as the incapable one left them.
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jvmtiEnv *capable, *plain;
static int lambda_hooks, hidden_hooks, retransforms;

/* A copy of the class bytes (Allocate'd) with the Utf8 `from` replaced by `to`, same length. */
static unsigned char *patched(jvmtiEnv *e, const unsigned char *data, jint len, const char *from, const char *to) {
    size_t n = strlen(from);
    for (jint i = 0; i + 3 + (jint)n <= len; i++) {
        if (data[i] != 1 || data[i + 1] != 0 || data[i + 2] != n || memcmp(data + i + 3, from, n)) continue;
        unsigned char *out;
        if ((*e)->Allocate(e, len, &out) != JVMTI_ERROR_NONE) return NULL;
        memcpy(out, data, (size_t)len);
        memcpy(out + i + 3, to, n);
        return out;
    }
    return NULL;
}

static const char *has(const unsigned char *data, jint len, const char *s) {
    size_t n = strlen(s);
    for (jint i = 0; i + (jint)n <= len; i++)
        if (!memcmp(data + i, s, n)) return "yes";
    return "no";
}

static void JNICALL hook(jvmtiEnv *e, JNIEnv *jni, jclass redefined, jobject loader, const char *name, jobject pd,
                         jint len, const unsigned char *data, jint *new_len, unsigned char **new_data) {
    if (name && strstr(name, "$$Lambda")) lambda_hooks++;
    if (name && strstr(name, "HookHidden") && strcmp(name, "HookHidden")) hidden_hooks++;
    if (!name || strncmp(name, "Hook", 4)) return;
    if (!strcmp(name, "HookMain") || !strncmp(name, "HookMain$", 9)) return;
    printf("%s env: %s loader=%s redefined=%s has original=%s modified=%s\n", e == capable ? "capable" : "plain", name,
           loader ? "yes" : "null", redefined ? "yes" : "no", has(data, len, "original"), has(data, len, "modified"));
    unsigned char *out = NULL;
    if (e == plain && !strcmp(name, "HookBad")) {
        if ((*e)->Allocate(e, len, &out) == JVMTI_ERROR_NONE) {
            memcpy(out, data, (size_t)len);
            out[3] = 0xBF;
        }
    } else if (e == plain) {
        out = patched(e, data, len, "original", "modified");
    } else if (redefined) {
        out = patched(e, data, len, "modified", retransforms++ ? "again..." : "retrans!");
    } else {
        out = patched(e, data, len, "modified", "MODIFIED");
    }
    if (out) {
        *new_data = out;
        *new_len = len;
    }
    fflush(stdout);
}

JNIEXPORT jint JNICALL Java_HookMain_retransform(JNIEnv *jni, jclass hm, jclass c) {
    return (*capable)->RetransformClasses(capable, 1, &c);
}

static void JNICALL death(jvmtiEnv *e, JNIEnv *jni) {
    printf("hooks for lambda classes: %d, for the hidden class: %d\n", lambda_hooks, hidden_hooks);
}

static jvmtiEnv *env_with(JavaVM *vm, int retransform) {
    jvmtiEnv *e;
    if ((*vm)->GetEnv(vm, (void **)&e, JVMTI_VERSION_11) != JNI_OK) return NULL;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_retransform_classes = retransform;
    caps.can_generate_all_class_hook_events = 1;
    jvmtiError err = (*e)->AddCapabilities(e, &caps);
    if (err) printf("AddCapabilities: %d\n", err);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.ClassFileLoadHook = hook;
    cb.VMDeath = death;
    (*e)->SetEventCallbacks(e, &cb, sizeof cb);
    (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK, NULL);
    return e;
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    capable = env_with(vm, 1);
    plain = env_with(vm, 0);
    if (!capable || !plain) return 1;
    (*plain)->SetEventNotificationMode(plain, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    return 0;
}
