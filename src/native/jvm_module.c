/*
 * jvm_module.c — the module system's VM side (java.lang.Module natives).
 *
 * JVM_DefineModule records a module and the packages it owns (module.c keeps the graph);
 * the owner of a package decides where the boot loader looks for its classes and which
 * Module a new mirror gets.  Defining java.base also patches the mirrors made before the
 * module system existed.  JVM_AddReadsModule and JVM_AddModuleExports* grow the graph as
 * java.lang.Module's bookkeeping does (ModuleLayer definition, --add-exports/--add-reads
 * through the jdk.module.* properties, Module.addExports at run time); the VM enforces it
 * when it resolves a class reference (resolve.c) and checks a class's supertypes
 * (loader.c).  Arguments are checked, and rejected with the exceptions and messages, as
 * HotSpot's Modules does.
 */
#include "native/jni_internal.h"
#include "classfile/loader.h"
#include "classfile/link.h"
#include "classfile/module.h"
#include "runtime/jstring.h"
#include "jvmti/jvmti_export.h"
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
    uint32_t loader = class_find_declared_field(m, sym_intern_cstr("loader"), sym_intern_cstr("Ljava/lang/ClassLoader;"))->offset;
    uint32_t name = class_find_declared_field(m, sym_intern_cstr("name"), sym_intern_cstr("Ljava/lang/String;"))->offset;
    vm_lazy_begin();
    if (!module_name_off) {
        module_loader_off = loader;
        __atomic_store_n(&module_name_off, name, __ATOMIC_RELEASE);
    }
    vm_lazy_end();
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

static bool is_module(Object *o) { return o && class_is_subclass(o->klass, VMC(Module)); }

JNIEXPORT void JNICALL JVM_SetBootLoaderUnnamedModule(JNIEnv *env, jobject module) {
    JNI_ENTER(env);
    module_offsets();
    Object *m = hnd_get(module);
    if (!m) exc_throw(t, VMC_NullPointerException, "Null module object");
    else if (!is_module(m)) exc_throw(t, VMC_IllegalArgumentException, "module is not an instance of type java.lang.Module");
    else if (OBJ_FIELD(m, module_name_off, Object *))
        exc_throw(t, VMC_IllegalArgumentException, "boot loader's unnamed module's java.lang.Module has a name");
    else if (OBJ_FIELD(m, module_loader_off, Object *))
        exc_throw(t, VMC_IllegalArgumentException, "Class loader must be the boot class loader");
    else mod_set_boot_unnamed(t, module);
    JNI_RETURN_VOID();
}

/* HotSpot's test for a package name (internal form): a legal unqualified class name. */
static bool valid_package(const char *s) {
    size_t n = strlen(s);
    if (n == 0 || s[0] == '/' || s[n - 1] == '/' || strstr(s, "//")) return false;
    return !strpbrk(s, ".;[");
}

/* The package names of JVM_DefineModule (internal form); NULL with an exception. */
static Symbol **package_symbols(Thread *t, jobjectArray packages, const char *module, jint *np) {
    Object *pkgs = hnd_get(packages);
    jint n = pkgs ? array_length(pkgs) : 0;
    Symbol **syms = vm_calloc(n ? (size_t)n : 1, sizeof *syms);
    for (jint i = 0; i < n; i++) {
        Object *p = ARRAY_ELEMS(hnd_get(packages), Object *)[i];
        if (!p || p->klass != VMC(String)) {
            exc_throw(t, VMC_IllegalArgumentException, "Bad package name");
            vm_free(syms);
            return NULL;
        }
        syms[i] = jstr_to_symbol(p, true);
        if (!valid_package(syms[i]->str)) {
            exc_throw(t, VMC_IllegalArgumentException, "Invalid package name: %s for module: %s", syms[i]->str, module);
            vm_free(syms);
            return NULL;
        }
    }
    *np = n;
    return syms;
}

/* Only the boot and platform loaders may define a module with a java or java.* package
 * (HotSpot's Modules::define_module, its message naming the loader as nameAndId does). */
static bool java_package_allowed(Thread *t, Object *loader, Symbol **pkgs, jint n) {
    if (!loader || ld_is_platform_loader(loader)) return true;
    for (jint i = 0; i < n; i++) {
        const char *p = pkgs[i]->str;
        if (strncmp(p, "java", 4) != 0 || (p[4] != '/' && p[4] != '\0')) continue;
        static uint32_t name_and_id_off;
        uint32_t off = class_field_offset_cached(&name_and_id_off, VMC(ClassLoader), "nameAndId", "Ljava/lang/String;");
        Object *nm = off ? OBJ_FIELD(loader, off, Object *) : NULL;
        char *who = nm ? jstr_to_utf8(nm) : vm_strdup("'app'");
        char *dotted = vm_strdup(p);
        for (char *c = dotted; *c; c++)
            if (*c == '/') *c = '.';
        exc_throw(t, VMC_IllegalArgumentException, "Class loader (instance of): %s tried to define prohibited package name: %s",
                  who, dotted);
        vm_free(who);
        vm_free(dotted);
        return false;
    }
    return true;
}

static void remember_version(jobject module, jstring version) {
    if (!hnd_get(version)) return;
    ModuleVersion *mv = vm_malloc(sizeof *mv);
    mv->module = hnd_new_global(hnd_get(module));
    mv->version = hnd_new_global(hnd_get(version));
    pthread_mutex_lock(&versions_lock);
    mv->next = versions;
    versions = mv;
    pthread_mutex_unlock(&versions_lock);
}

JNIEXPORT void JNICALL JVM_DefineModule(JNIEnv *env, jobject module, jboolean is_open, jstring version, jstring location,
                                        jobjectArray packages) {
    UNUSED(location);
    JNI_ENTER(env);
    module_offsets();
    Object *m = hnd_get(module);
    if (!m) {
        exc_throw(t, VMC_NullPointerException, "Null module object");
        JNI_RETURN_VOID();
    }
    if (!is_module(m)) {
        exc_throw(t, VMC_IllegalArgumentException, "module is not an instance of type java.lang.Module");
        JNI_RETURN_VOID();
    }
    Object *name = OBJ_FIELD(m, module_name_off, Object *);
    if (!name) {
        exc_throw(t, VMC_NullPointerException, "Null module name");
        JNI_RETURN_VOID();
    }
    Symbol *mname = jstr_to_symbol(name, false);
    jint n = 0;
    Symbol **pkgs = package_symbols(t, packages, mname->str, &n);
    if (!pkgs) JNI_RETURN_VOID();
    m = hnd_get(module);
    Object *loader = OBJ_FIELD(m, module_loader_off, Object *);
    bool ok;
    if (sym_eq_cstr(mname, "java.base")) {
        if (loader) {
            exc_throw(t, VMC_IllegalArgumentException, "Class loader must be the boot class loader");
            ok = false;
        } else {
            ok = mod_define_java_base(t, module, pkgs, n);
        }
    } else {
        ok = java_package_allowed(t, loader, pkgs, n) &&
             mod_define(t, module, mname, ld_of(t, hnd_get(module) ? OBJ_FIELD(hnd_get(module), module_loader_off, Object *) : NULL), is_open, pkgs, n);
    }
    vm_free(pkgs);
    if (ok) {
        remember_version(module, version);
        if (mod_java_base() && !loader && sym_eq_cstr(mname, "java.base")) mirror_fixup_modules(hnd_get(module));
    }
    JNI_RETURN_VOID();
}

/* The entry of a Module argument; NULL with IllegalArgumentException(what) if it is none. */
static ModuleEntry *entry_arg(Thread *t, jobject module, const char *what) {
    Object *m = hnd_get(module);
    if (!is_module(m)) {
        exc_throw(t, VMC_IllegalArgumentException, "module is not an instance of type java.lang.Module");
        return NULL;
    }
    ModuleEntry *e = mod_entry_of(t, m);
    if (!e) exc_throw(t, VMC_IllegalArgumentException, "%s", what);
    return e;
}

JNIEXPORT void JNICALL JVM_AddReadsModule(JNIEnv *env, jobject from, jobject source) {
    JNI_ENTER(env);
    if (!hnd_get(from)) {
        exc_throw(t, VMC_NullPointerException, "from_module is null");
        JNI_RETURN_VOID();
    }
    ModuleEntry *f = entry_arg(t, from, "from_module is not valid"), *to = NULL;
    if (f && hnd_get(source)) to = entry_arg(t, source, "to_module is invalid");
    if (f && (to || !hnd_get(source))) mod_add_read(f, to);
    JNI_RETURN_VOID();
}

/* HotSpot's Modules::add_module_exports: to NULL exports to everyone. */
static void add_exports(Thread *t, jobject from, jstring package, jobject to, bool all_unnamed) {
    if (!hnd_get(package)) {
        exc_throw(t, VMC_NullPointerException, "package is null");
        return;
    }
    if (!hnd_get(from)) {
        exc_throw(t, VMC_NullPointerException, all_unnamed ? "module is null" : "from_module is null");
        return;
    }
    ModuleEntry *f = entry_arg(t, from, all_unnamed ? "module is invalid" : "from_module cannot be found");
    if (!f || !f->name || f->is_open) return;
    ModuleEntry *te = NULL;
    if (hnd_get(to) && !(te = entry_arg(t, to, "to_module is invalid"))) return;
    Symbol *pkg = jstr_to_symbol(hnd_get(package), true);
    if (!mod_add_export(f, pkg, te, all_unnamed))
        exc_throw(t, VMC_IllegalArgumentException, "Package %s not found in %s %s", pkg->str,
                  all_unnamed ? "module" : "from_module", f->name->str);
}

JNIEXPORT void JNICALL JVM_AddModuleExports(JNIEnv *env, jobject from, jstring package, jobject to) {
    JNI_ENTER(env);
    if (!hnd_get(to)) exc_throw(t, VMC_NullPointerException, "to_module is null");
    else add_exports(t, from, package, to, false);
    JNI_RETURN_VOID();
}

JNIEXPORT void JNICALL JVM_AddModuleExportsToAll(JNIEnv *env, jobject from, jstring package) {
    JNI_ENTER(env);
    add_exports(t, from, package, NULL, false);
    JNI_RETURN_VOID();
}

JNIEXPORT void JNICALL JVM_AddModuleExportsToAllUnnamed(JNIEnv *env, jobject from, jstring package) {
    JNI_ENTER(env);
    /* HotSpot checks the module before the package here */
    if (!hnd_get(from)) exc_throw(t, VMC_NullPointerException, "module is null");
    else add_exports(t, from, package, NULL, true);
    JNI_RETURN_VOID();
}

/* ---- the boot loader's packages (BootLoader.packages, Package.getPackages) ---- */

/* Where the boot loader loaded the package's classes from ("jrt:/java.base", a boot class
 * path entry); null if it has loaded none, as on HotSpot. */
JNIEXPORT jstring JNICALL JVM_GetSystemPackage(JNIEnv *env, jstring name) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Object *s = hnd_get(name);
    Package *p = s ? ld_find_package(ld_boot, jstr_to_symbol(s, false), false) : NULL;
    Symbol *where = p ? __atomic_load_n(&p->location, __ATOMIC_ACQUIRE) : NULL;
    JNI_RETURN(where ? hnd_local(t, jstr_new_utf8(t, where->str)) : NULL);
}

/* The names ("java/lang") of the packages the boot loader has loaded a class of. */
JNIEXPORT jobjectArray JNICALL JVM_GetSystemPackages(JNIEnv *env) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    uint32_t n;
    Package **pkgs = ld_boot_packages(&n);
    Symbol **names = vm_malloc((n ? n : 1) * sizeof *names);
    for (uint32_t i = 0; i < n; i++) names[i] = pkgs[i]->name;
    vm_free(pkgs);
    jobjectArray r = jvm_symbol_array(t, names, (int)n);
    vm_free(names);
    JNI_RETURN(r);
}

/* The archived module graph of a class-data archive: Loupe maps no archive (CDS is
 * reported off), so the class library never has one to define. */
JNIEXPORT void JNICALL JVM_DefineArchivedModules(JNIEnv *env, jobject platform_loader, jobject system_loader) {
    UNUSED(env);
    UNUSED(platform_loader);
    UNUSED(system_loader);
}
