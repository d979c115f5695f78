/*
 * initargs11.h — the JDK 1.1.2 VM initialisation structure (seeds/invocation-api.txt).
 * Modern jni.h no longer declares it; JNI_CreateJavaVM and JNI_GetDefaultJavaVMInitArgs
 * still accept it when its version field is JNI_VERSION_1_1 (0x00010001).
 */
#ifndef LOUPE_INITARGS11_H
#define LOUPE_INITARGS11_H

#include <jni.h>
#include <stdarg.h>
#include <stdio.h>

typedef struct JDK1_1InitArgs {
    jint version;               /* 0x00010001 */
    char **properties;          /* "name=value" strings, NULL-terminated */
    jint checkSource;
    jint nativeStackSize;
    jint javaStackSize;
    jint minHeapSize;
    jint maxHeapSize;
    jint verifyMode;            /* 0 none, 1 remotely loaded code, 2 all code */
    const char *classpath;
    jint (*vfprintf)(FILE *fp, const char *format, va_list args);
    void (*exit)(jint code);
    void (*abort)(void);
    jint enableClassGC;
    jint enableVerboseGC;
    jint disableAsyncGC;
    jint reserved0;
    jint reserved1;
    jint reserved2;
} JDK1_1InitArgs;

#endif
