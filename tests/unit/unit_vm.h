/*
 * What the unit tests that boot a whole VM in their own process do first, written once:
 * create it with their class directory on the boot class path (argv[1], so that the
 * white-box test sees its classes as the VM's own) and, optionally, a heap limit.
 *
 *     JNIEnv *env = unit_vm_start(argc, argv, "-Xmx64m", &vm);
 *     if (!env) return 2;
 *
 * Header-only (a static function), since each test is one .c file linked on its own.
 */
#ifndef TEST_UNIT_VM_H
#define TEST_UNIT_VM_H

#include <jni.h>
#include <stdio.h>

/* The new VM's JNIEnv for this thread (the VM in *vm), or NULL if there is no class
 * directory argument or the VM does not start.  xmx: one more option, or NULL. */
static inline JNIEnv *unit_vm_start(int argc, char **argv, const char *xmx, JavaVM **vm) {
    if (argc < 2) return NULL;
    static char cp[4096];
    snprintf(cp, sizeof cp, "-Xbootclasspath/a:%s", argv[1]);
    JavaVMOption opts[] = { { .optionString = cp }, { .optionString = (char *)xmx } };
    JavaVMInitArgs args = { .version = JNI_VERSION_10, .nOptions = xmx ? 2 : 1, .options = opts };
    JNIEnv *env = NULL;
    return JNI_CreateJavaVM(vm, (void **)&env, &args) == JNI_OK ? env : NULL;
}

#endif
