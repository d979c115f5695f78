/*
 * jvmti_module.c — Module functions.
 *
 * The queries read the VM's module graph (classfile/module.c).  The changes go through
 * jdk.internal.module.Modules, as HotSpot's do, so that the Java side of the module
 * system (Module's own maps, services) stays in step with the VM's: an
 * IllegalArgumentException from it (a package the module does not have) is
 * ILLEGAL_ARGUMENT.
 */
#include "jvmti/jvmti_internal.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "runtime/jstring.h"
#include "runtime/mirror.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "classfile/module.h"
#include "interp/interp.h"
#include <string.h>

static bool is_module(Object *o) { return o && VMC(Module) && class_is_assignable(o->klass, VMC(Module)); }

#define MODULE_ARG(module) \
    do { \
        if (!(module)) return JVMTI_ERROR_NULL_POINTER; \
        if (!is_module(hnd_get(module))) return JVMTI_ERROR_INVALID_MODULE; \
    } while (0)

typedef struct ModuleVec {
    jobject *v;
    jint n, cap;
    Thread *t;
} ModuleVec;

static void collect_module(ModuleEntry *e, void *ctx) {
    ModuleVec *vec = ctx;
    Object *m = e->module ? hnd_get(e->module) : NULL;
    if (!m || vec->n == vec->cap) return;
    vec->v[vec->n++] = hnd_local(vec->t, m);
}

static void count_module(ModuleEntry *e, void *ctx) {
    if (e->module) (*(jint *)ctx)++;
}

jvmtiError JNICALL jvmti_GetAllModules(jvmtiEnv *env, jint *module_count_ptr, jobject **modules_ptr) {
    if (!module_count_ptr || !modules_ptr) return JVMTI_ERROR_NULL_POINTER;
    jint n = 0;
    mod_foreach(count_module, &n);
    ModuleVec vec = { NULL, 0, n, thread_current() };
    jvmtiError err = jvmti_allocate((jlong)n * (jlong)sizeof(jobject), (void **)&vec.v);
    if (err != JVMTI_ERROR_NONE) return err;
    mod_foreach(collect_module, &vec);
    *module_count_ptr = vec.n;
    *modules_ptr = vec.v;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetNamedModule(jvmtiEnv *env, jobject class_loader, const char *package_name, jobject *module_ptr) {
    if (!package_name || !module_ptr) return JVMTI_ERROR_NULL_POINTER;
    Thread *t = thread_current();
    Object *loader = hnd_get(class_loader);
    if (loader && !class_is_assignable(loader->klass, VMC(ClassLoader))) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    Symbol *name = sym_lookup(package_name, strlen(package_name));
    Package *p = name ? ld_find_package(ld_of(t, loader), name, false) : NULL;
    ModuleEntry *e = p ? p->entry : NULL;
    *module_ptr = e && e->name && e->module ? hnd_local(t, hnd_get(e->module)) : NULL;
    return JVMTI_ERROR_NONE;
}

/* Calls jdk.internal.module.Modules.<name><desc> with the objects behind refs[0..n); the
 * error is the spec's for what it threw.  (The arguments are read from their handles only
 * once the class is ready: loading it may move them.) */
static jvmtiError call_modules(const char *name, const char *desc, jobject *refs, int n) {
    Thread *t = thread_current();
    Class *c = ld_load(t, sym_intern_cstr("jdk/internal/module/Modules"), NULL, false);
    Method *m = c && link_class(t, c) && class_init(t, c)
                    ? class_find_declared_method(c, sym_intern_cstr(name), sym_intern_cstr(desc)) : NULL;
    Slot args[3];
    for (int i = 0; i < n; i++) args[i].l = hnd_get(refs[i]);
    if (m && interp_call(t, m, args, NULL)) return JVMTI_ERROR_NONE;
    Object *e = exc_take(t);
    if (e && class_is_assignable(e->klass, VMC(IllegalArgumentException))) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    return JVMTI_ERROR_INTERNAL;
}

jvmtiError JNICALL jvmti_AddModuleReads(jvmtiEnv *env, jobject module, jobject to_module) {
    MODULE_ARG(module);
    MODULE_ARG(to_module);
    jobject refs[2] = { module, to_module };
    return call_modules("addReads", "(Ljava/lang/Module;Ljava/lang/Module;)V", refs, 2);
}

static jvmtiError export_or_open(jobject module, const char *pkg_name, jobject to_module, const char *method) {
    MODULE_ARG(module);
    if (!pkg_name) return JVMTI_ERROR_NULL_POINTER;
    MODULE_ARG(to_module);
    /* the name goes to Java as given, as HotSpot passes it: "java.lang", not "java/lang" */
    Thread *t = thread_current();
    HandleMark hm = hnd_mark(t);
    Object **name = hnd_new(t, jstr_new_utf8(t, pkg_name));
    jvmtiError err = JVMTI_ERROR_INTERNAL;
    if (*name) {
        jobject refs[3] = { module, (jobject)name, to_module };
        err = call_modules(method, "(Ljava/lang/Module;Ljava/lang/String;Ljava/lang/Module;)V", refs, 3);
    } else {
        exc_take(t);
    }
    hnd_release(t, hm);
    return err;
}

jvmtiError JNICALL jvmti_AddModuleExports(jvmtiEnv *env, jobject module, const char *pkg_name, jobject to_module) {
    return export_or_open(module, pkg_name, to_module, "addExports");
}

jvmtiError JNICALL jvmti_AddModuleOpens(jvmtiEnv *env, jobject module, const char *pkg_name, jobject to_module) {
    return export_or_open(module, pkg_name, to_module, "addOpens");
}

jvmtiError JNICALL jvmti_AddModuleUses(jvmtiEnv *env, jobject module, jclass service) {
    MODULE_ARG(module);
    Class *c;
    jvmtiError err = jvmti_class_of(service, &c);
    if (err != JVMTI_ERROR_NONE) return err;
    jobject refs[2] = { module, service };
    return call_modules("addUses", "(Ljava/lang/Module;Ljava/lang/Class;)V", refs, 2);
}

jvmtiError JNICALL jvmti_AddModuleProvides(jvmtiEnv *env, jobject module, jclass service, jclass impl_class) {
    MODULE_ARG(module);
    Class *c;
    jvmtiError err = jvmti_class_of(service, &c);
    if (!err) err = jvmti_class_of(impl_class, &c);
    if (err != JVMTI_ERROR_NONE) return err;
    jobject refs[3] = { module, service, impl_class };
    return call_modules("addProvides", "(Ljava/lang/Module;Ljava/lang/Class;Ljava/lang/Class;)V", refs, 3);
}

jvmtiError JNICALL jvmti_IsModifiableModule(jvmtiEnv *env, jobject module, jboolean *is_modifiable_module_ptr) {
    MODULE_ARG(module);
    if (!is_modifiable_module_ptr) return JVMTI_ERROR_NULL_POINTER;
    *is_modifiable_module_ptr = JNI_TRUE;
    return JVMTI_ERROR_NONE;
}
