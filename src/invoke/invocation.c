#include "loupe.h"
#include <stdio.h>
JNIEXPORT jint JNICALL JNI_GetDefaultJavaVMInitArgs(void *args) { UNUSED(args); return JNI_ERR; }
JNIEXPORT jint JNICALL JNI_CreateJavaVM(JavaVM **pvm, void **penv, void *args) {
    UNUSED(pvm); UNUSED(penv); UNUSED(args);
    fprintf(stderr, "Loupe: not ready\n");
    return JNI_ERR;
}
JNIEXPORT jint JNICALL JNI_GetCreatedJavaVMs(JavaVM **vms, jsize n, jsize *count) { UNUSED(vms); UNUSED(n); *count = 0; return JNI_OK; }
