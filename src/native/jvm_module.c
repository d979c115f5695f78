/*
 * jvm_module.c — the module system's VM side (java.lang.Module natives).
 *
 * JVM_DefineModule records which module owns each package of a loader, which the boot
 * loader uses to find a class's module in lib/modules and which gives every new mirror
 * its Module.  Defining java.base also patches the mirrors made before the module system
 * existed.  Reads and exports are accepted as bookkeeping: Loupe does not yet enforce
 * module boundaries at link time (java.base's own reflection checks still apply).
 */
#include "native/jni_internal.h"
#include "classfile/loader.h"
#include "runtime/jstring.h"
#include "runtime/vm.h"

typedef struct ModuleVersion {
    jobject module;             /* global refs */
    jobject version;
    struct ModuleVersion *next;
} ModuleVersion;
static ModuleVersion *versions;
static pthread_mutex_t versions_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t module_name_off, module_loader_off;

static void module_offsets(void) {
    if (__atomic_load_n(&module_name_off, __ATOMIC_ACQUIRE)) return;   /* the guard is stored last */
    Class *m = VMC(Module);
    module_loader_off = class_find_declared_field(m, sym_intern_cstr("loader"), sym_intern_cstr("Ljava/lang/ClassLoader;"))->offset;
    __atomic_store_n(&module_name_off, class_find_declared_field(m, sym_intern_cstr("name"), sym_intern_cstr("Ljava/lang/String;"))->offset, __ATOMIC_RELEASE);
}

Object *module_name_string(Object *module) {
    module_offsets();
    return OBJ_FIELD(module, module_name_off, Object *);
}

Object *module_version_string(Thread *t, Object *module) {
    UNUSED(t);
    Object *v = NULL;
    pthread_mutex_lock(&versions_lock);
    for (ModuleVersion *mv = versions; mv; mv = mv->next)
        if (hnd_get(mv->module) == module) {
            v = hnd_get(mv->version);
            break;
        }
    pthread_mutex_unlock(&versions_lock);
    return v;
}

JNIEXPORT void JNICALL JVM_SetBootLoaderUnnamedModule(JNIEnv *env, jobject module) {
    JNI_ENTER(env);
    ld_boot->unnamed_module = hnd_get(module);
    JNI_RETURN_VOID();
}

JNIEXPORT void JNICALL JVM_DefineModule(JNIEnv *env, jobject module, jboolean is_open, jstring version, jstring location,
                                        jobjectArray packages) {
    UNUSED(is_open);
    UNUSED(location);
    JNI_ENTER(env);
    module_offsets();
    Object *m = hnd_get(module);
    if (!m) {
        exc_npe(t);
        JNI_RETURN_VOID();
    }
    Object *name = OBJ_FIELD(m, module_name_off, Object *);
    LoaderData *ld = ld_of(t, OBJ_FIELD(m, module_loader_off, Object *));
    Object *pkgs = hnd_get(packages);
    jint n = pkgs ? array_length(pkgs) : 0;
    for (jint i = 0; i < n; i++) {
        Object *p = ARRAY_ELEMS(hnd_get(packages), Object *)[i];
        if (!p) continue;
        Package *pk = ld_find_package(ld, jstr_to_symbol(p, true), true);
        pk->module = hnd_get(module);
    }
    if (hnd_get(version)) {
        ModuleVersion *mv = vm_malloc(sizeof *mv);
        mv->module = hnd_new_global(hnd_get(module));
        mv->version = hnd_new_global(hnd_get(version));
        pthread_mutex_lock(&versions_lock);
        mv->next = versions;
        versions = mv;
        pthread_mutex_unlock(&versions_lock);
    }
    if (name && ld == ld_boot && jstr_equals_utf8(name, "java.base")) mirror_fixup_modules(hnd_get(module));
    JNI_RETURN_VOID();
}

JNIEXPORT void JNICALL JVM_AddReadsModule(JNIEnv *env, jobject from, jobject source) {
    UNUSED(env); UNUSED(from); UNUSED(source);
}

JNIEXPORT void JNICALL JVM_AddModuleExports(JNIEnv *env, jobject from, jstring package, jobject to) {
    UNUSED(env); UNUSED(from); UNUSED(package); UNUSED(to);
}

JNIEXPORT void JNICALL JVM_AddModuleExportsToAll(JNIEnv *env, jobject from, jstring package) {
    UNUSED(env); UNUSED(from); UNUSED(package);
}

JNIEXPORT void JNICALL JVM_AddModuleExportsToAllUnnamed(JNIEnv *env, jobject from, jstring package) {
    UNUSED(env); UNUSED(from); UNUSED(package);
}

JNIEXPORT jstring JNICALL JVM_GetSystemPackage(JNIEnv *env, jstring name) {
    JNI_ENTER(env);
    Object *s = hnd_get(name);
    Package *p = s ? ld_find_package(ld_boot, jstr_to_symbol(s, false), false) : NULL;
    JNI_RETURN(p ? hnd_local(t, jstr_new_utf8(t, "jrt:/java.base")) : NULL);
}
