/*
 * jvmti_search.c — Class Loader Search: AddToBootstrapClassLoaderSearch and
 * AddToSystemClassLoaderSearch.
 *
 * During OnLoad the segment (a directory or a JAR) is appended to the path the loader
 * will be set up with: -Xbootclasspath/a's list, or the java.class.path property.  In the
 * live phase only a JAR file is accepted (ILLEGAL_ARGUMENT otherwise, as HotSpot checks
 * it): the boot loader appends it under its own lock; the system class loader is asked
 * through its appendToClassPathForInstrumentation method, as HotSpot asks it, and a loader
 * without one is CLASS_LOADER_UNSUPPORTED.
 */
#include "jvmti/jvmti_internal.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "runtime/jstring.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "interp/interp.h"
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

extern Object *vm_system_loader;

/* A regular file that starts like a ZIP archive. */
static bool is_jar(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return false;
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    unsigned char magic[4] = { 0 };
    size_t n = fread(magic, 1, sizeof magic, f);
    fclose(f);
    return n == 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
}

static char *joined(const char *path, const char *segment) {
    size_t n = (path ? strlen(path) + 1 : 0) + strlen(segment) + 1;
    char *s = vm_malloc(n);
    if (path && *path) snprintf(s, n, "%s:%s", path, segment);
    else snprintf(s, n, "%s", segment);
    return s;
}

jvmtiError JNICALL jvmti_AddToBootstrapClassLoaderSearch(jvmtiEnv *env, const char *segment) {
    if (!segment) return JVMTI_ERROR_NULL_POINTER;
    if (__atomic_load_n(&jvmti_phase, __ATOMIC_ACQUIRE) == JVMTI_PHASE_ONLOAD) {
        char *path = joined(vm_opts.boot_append, segment);
        vm_free(vm_opts.boot_append);
        vm_opts.boot_append = path;
        return JVMTI_ERROR_NONE;
    }
    if (!is_jar(segment)) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    ld_boot_append(thread_current(), segment);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_AddToSystemClassLoaderSearch(jvmtiEnv *env, const char *segment) {
    if (!segment) return JVMTI_ERROR_NULL_POINTER;
    if (__atomic_load_n(&jvmti_phase, __ATOMIC_ACQUIRE) == JVMTI_PHASE_ONLOAD) {
        char *path = joined(opts_get_property("java.class.path"), segment);
        opts_set_property("java.class.path", path);
        vm_free(path);
        return JVMTI_ERROR_NONE;
    }
    if (!is_jar(segment)) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    Thread *t = thread_current();
    Object *loader = __atomic_load_n(&vm_system_loader, __ATOMIC_ACQUIRE);
    Method *m = loader ? link_lookup_method(loader->klass, sym_intern_cstr("appendToClassPathForInstrumentation"),
                                            sym_intern_cstr("(Ljava/lang/String;)V"))
                       : NULL;
    if (!m) return JVMTI_ERROR_CLASS_LOADER_UNSUPPORTED;
    HandleMark hm = hnd_mark(t);
    Object **path = hnd_new(t, jstr_new_utf8(t, segment));
    bool ok = *path != NULL;
    if (ok) {
        Slot args[2] = { { .l = vm_system_loader }, { .l = *path } };
        ok = interp_call(t, m, args, NULL);
    }
    hnd_release(t, hm);
    if (ok) return JVMTI_ERROR_NONE;
    exc_take(t);
    return JVMTI_ERROR_INTERNAL;
}
