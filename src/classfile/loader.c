/*
 * loader.c — class loaders, the boot class path, defining classes, array classes.
 *
 * The boot loader.  Classes come from the JDK's lib/modules, read through libjimage.so
 * (the JDK's own reader: it knows the image format and decompresses resources), and then
 * from the -Xbootclasspath/a: entries (directories; jars through libzip).  A class is
 * looked up in the module that owns its package: before the module system is defined
 * that is always java.base; afterwards the package table filled by JVM_DefineModule says,
 * and a package of a module defined to another loader is not the boot loader's.
 *
 * Other loaders.  For a loader object the VM calls loader.loadClass(name) and records
 * the result as loaded by that (initiating) loader.  Loaders that are not parallel
 * capable are locked around the call, as the JDK expects.
 *
 * Definition (ld_define) parses, checks the name and package, loads the superclass and
 * interfaces through the same loader (detecting circularity), makes the mirror and
 * publishes the class in its loader's dictionary and the global class list.  Linking and
 * initialisation come later, on first use.
 *
 * Locking.  Each LoaderData has a mutex guarding its dictionary and packages, held only
 * for lookups and insertions.  The boot loader additionally holds a recursive load lock
 * across a whole load so that two threads never define the same boot class; that one is
 * taken in a safe thread state (see vm_lock), because a load can allocate and so stop the
 * world while other threads wait for it.
 */
#include "jvmti/jvmti_export.h"
#include "classfile/loader.h"
#include "classfile/classfile.h"
#include "classfile/link.h"
#include "classfile/resolve.h"
#include "classfile/module.h"
#include "heap/heap.h"
#include "heap/handles.h"
#include "interp/interp.h"
#include "runtime/security.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "runtime/jstring.h"
#include "runtime/mirror.h"
#include "runtime/perfgc.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

LoaderData *ld_boot;
LoaderData *ld_all;
Class *ld_class_list;
static Class **ld_class_tail = &ld_class_list;
pthread_mutex_t ld_class_list_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t class_count;
static size_t loaded_bytes;
static pthread_mutex_t ld_create_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t loader_data_off;        /* injected ClassLoader.loader_data */

/* ---- libjimage ---- */

typedef struct JImageFile JImageFile;
static JImageFile *(*jimage_open)(const char *name, jint *error);
static jlong (*jimage_find)(JImageFile *img, const char *module, const char *version, const char *name, jlong *size);
static jlong (*jimage_get)(JImageFile *img, jlong location, char *buf, jlong size);
static const char *(*jimage_pkg_to_module)(JImageFile *img, const char *pkg);
static JImageFile *jimage;
static char *modules_path;

/* -Xbootclasspath/a: entries */
typedef struct BootEntry {
    char *path;
    bool is_dir;
    void *zip;                      /* jzfile* from libzip, for jars */
} BootEntry;
static BootEntry *boot_entries;
static int nboot_entries;

/* --patch-module module=path[:path...]: searched before the module's own classes */
typedef struct PatchModule {
    char *module;
    BootEntry *entries;
    int n;
} PatchModule;
static PatchModule *patches;
static int npatches;

static void *(*zip_open)(const char *name, char **msg);
static void *(*zip_find_entry)(void *zip, const char *name, jint *size, jint *name_len);
static jboolean (*zip_read_entry)(void *zip, void *entry, unsigned char *buf, char *namebuf);
static void (*zip_free_entry)(void *zip, void *entry);

static pthread_mutex_t boot_load_lock;

static void init_loader_data(LoaderData *ld, Object *loader) {
    pthread_mutex_init(&ld->lock, NULL);
    ld->loader = loader;
    ld->size = 64;
    ld->table = vm_calloc(ld->size, sizeof(Class *));
    ld->next = ld_all;
    ld_all = ld;
}

void ld_init(void) {
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&boot_load_lock, &a);
    pthread_mutexattr_destroy(&a);
    ld_boot = vm_calloc(1, sizeof *ld_boot);
    init_loader_data(ld_boot, NULL);
}

/* Takes a VM mutex without holding up a collection: waits in a safe state. */
static void vm_lock(Thread *t, pthread_mutex_t *m) {
    if (pthread_mutex_trylock(m) == 0) return;
    int old = thread_block_begin(t);
    pthread_mutex_lock(m);
    thread_block_end(t, old);
}

static bool load_jimage(const char *java_home) {
    char path[4096];
    snprintf(path, sizeof path, "%s/lib/libjimage.so", java_home);
    void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    if (!h) {
        fprintf(stderr, "Loupe: cannot load %s: %s\n", path, dlerror());
        return false;
    }
    jimage_open = (JImageFile * (*)(const char *, jint *)) dlsym(h, "JIMAGE_Open");
    jimage_find = (jlong(*)(JImageFile *, const char *, const char *, const char *, jlong *))dlsym(h, "JIMAGE_FindResource");
    jimage_get = (jlong(*)(JImageFile *, jlong, char *, jlong))dlsym(h, "JIMAGE_GetResource");
    jimage_pkg_to_module = (const char *(*)(JImageFile *, const char *))dlsym(h, "JIMAGE_PackageToModule");
    if (!jimage_open || !jimage_find || !jimage_get || !jimage_pkg_to_module) {
        fprintf(stderr, "Loupe: %s lacks the JIMAGE_* entry points\n", path);
        return false;
    }
    snprintf(path, sizeof path, "%s/lib/modules", java_home);
    jint err = 0;
    jimage = jimage_open(path, &err);
    if (!jimage) {
        fprintf(stderr, "Loupe: cannot open %s (error %d)\n", path, (int)err);
        return false;
    }
    modules_path = vm_strdup(path);
    return true;
}

static bool load_libzip(void) {
    if (zip_open) return true;
    char path[4096];
    snprintf(path, sizeof path, "%s/lib/libzip.so", vm_java_home);
    void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    if (!h) return false;
    zip_open = (void *(*)(const char *, char **))dlsym(h, "ZIP_Open");
    zip_find_entry = (void *(*)(void *, const char *, jint *, jint *))dlsym(h, "ZIP_FindEntry");
    zip_read_entry = (jboolean(*)(void *, void *, unsigned char *, char *))dlsym(h, "ZIP_ReadEntry");
    zip_free_entry = (void (*)(void *, void *))dlsym(h, "ZIP_FreeEntry");
    return zip_open && zip_find_entry && zip_read_entry;
}

/* Appends the existing entries of a ':'-separated path to *entries (missing ones are
 * skipped, as HotSpot skips them). */
static void add_entries(BootEntry **entries, int *n, const char *path) {
    char *copy = vm_strdup(path);
    for (char *save = NULL, *p = strtok_r(copy, ":", &save); p; p = strtok_r(NULL, ":", &save)) {
        struct stat st;
        if (stat(p, &st) != 0) continue;
        *entries = vm_realloc(*entries, (size_t)(*n + 1) * sizeof **entries);
        BootEntry *e = &(*entries)[(*n)++];
        e->path = vm_strdup(p);
        e->is_dir = S_ISDIR(st.st_mode);
        e->zip = NULL;
    }
    vm_free(copy);
}

bool ld_boot_path_init(const char *java_home, const char *append) {
    if (!load_jimage(java_home)) return false;
    if (append) add_entries(&boot_entries, &nboot_entries, append);
    for (int i = 0; vm_opts.verbose_class && i < npatches; i++)
        for (int k = 0; k < patches[i].n; k++) vm_log("class,load", "path: %s", patches[i].entries[k].path);
    return true;
}

void ld_patch_module(const char *spec) {
    const char *eq = strchr(spec, '=');
    if (!eq) return;
    patches = vm_realloc(patches, (size_t)(npatches + 1) * sizeof *patches);
    PatchModule *pm = &patches[npatches++];
    pm->module = vm_strdup(spec);
    pm->module[eq - spec] = '\0';
    pm->entries = NULL;
    pm->n = 0;
    add_entries(&pm->entries, &pm->n, eq + 1);
}

/* Appends a JAR to the boot class path of a running VM (JVMTI
 * AddToBootstrapClassLoaderSearch), under the lock the boot loader reads the path with. */
void ld_boot_append(Thread *t, const char *jar) {
    vm_lock(t, &boot_load_lock);
    boot_entries = vm_realloc(boot_entries, (size_t)(nboot_entries + 1) * sizeof *boot_entries);
    BootEntry *e = &boot_entries[nboot_entries];
    e->path = vm_strdup(jar);
    e->is_dir = false;
    e->zip = NULL;
    __atomic_store_n(&nboot_entries, nboot_entries + 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&boot_load_lock);
}

/* ---- dictionaries ---- */

static uint32_t name_slot(LoaderData *ld, Symbol *name) { return (name->hash ^ (name->hash >> 16)) & (ld->size - 1); }

Class *ld_find(LoaderData *ld, Symbol *name) {
    pthread_mutex_lock(&ld->lock);
    Class *found = NULL;
    for (uint32_t i = name_slot(ld, name);; i = (i + 1) & (ld->size - 1)) {
        Class *c = ld->table[i];
        if (!c) break;
        if (c->name == name) {
            found = c;
            break;
        }
    }
    pthread_mutex_unlock(&ld->lock);
    return found;
}

static void dict_insert(LoaderData *ld, Class *c) {
    uint32_t i = name_slot(ld, c->name);
    while (ld->table[i]) i = (i + 1) & (ld->size - 1);
    ld->table[i] = c;
}

static void dict_add_locked(LoaderData *ld, Class *c) {
    if ((ld->count + 1) * 2 > ld->size) {
        Class **old = ld->table;
        uint32_t osize = ld->size;
        ld->size *= 2;
        ld->table = vm_calloc(ld->size, sizeof(Class *));
        for (uint32_t i = 0; i < osize; i++)
            if (old[i]) dict_insert(ld, old[i]);
        vm_free(old);
    }
    dict_insert(ld, c);
    ld->count++;
}

void ld_record(LoaderData *ld, Symbol *name, Class *c) {
    UNUSED(name);
    pthread_mutex_lock(&ld->lock);
    dict_add_locked(ld, c);
    pthread_mutex_unlock(&ld->lock);
}

/* Enters c unless its loader already has a class of that name; false then. */
static bool ld_record_unique(LoaderData *ld, Class *c) {
    pthread_mutex_lock(&ld->lock);
    for (uint32_t i = name_slot(ld, c->name);; i = (i + 1) & (ld->size - 1)) {
        Class *o = ld->table[i];
        if (!o) break;
        if (o->name == c->name) {
            pthread_mutex_unlock(&ld->lock);
            return false;
        }
    }
    dict_add_locked(ld, c);
    pthread_mutex_unlock(&ld->lock);
    return true;
}

static void publish(Class *c) {
    pthread_mutex_lock(&ld_class_list_lock);
    c->next = NULL;
    *ld_class_tail = c;
    ld_class_tail = &c->next;
    class_count++;
    pthread_mutex_unlock(&ld_class_list_lock);
}

void ld_foreach_class(void (*fn)(Class *c, void *ctx), void *ctx) {
    pthread_mutex_lock(&ld_class_list_lock);
    for (Class *c = ld_class_list; c; c = c->next) fn(c, ctx);
    pthread_mutex_unlock(&ld_class_list_lock);
}

uint32_t ld_class_count(void) { return class_count; }
size_t ld_loaded_bytes(void) { return __atomic_load_n(&loaded_bytes, __ATOMIC_RELAXED); }

/* ---- unloading (heap/classunload.c decides, with the world stopped) ---- */

void ld_remove_classes(bool (*dead)(Class *c, void *ctx), void (*removed)(Class *c, void *ctx), void *ctx) {
    /* a thread in a safe state may be walking the list under the lock */
    pthread_mutex_lock(&ld_class_list_lock);
    Class **link = &ld_class_list;
    while (*link) {
        Class *c = *link;
        if (!dead(c, ctx)) {
            link = &c->next;
            continue;
        }
        *link = c->next;
        class_count--;
        removed(c, ctx);
    }
    ld_class_tail = link;
    pthread_mutex_unlock(&ld_class_list_lock);
}

void ld_remove_loaders(bool (*dead)(LoaderData *ld, void *ctx), void (*removed)(LoaderData *ld, void *ctx), void *ctx) {
    LoaderData **link = &ld_all;
    while (*link) {
        LoaderData *ld = *link;
        if (!dead(ld, ctx)) {
            link = &ld->next;
            continue;
        }
        *link = ld->next;
        ld->next = NULL;
        removed(ld, ctx);
    }
}

void ld_forget(LoaderData *ld, Class *c) {
    pthread_mutex_lock(&ld->lock);
    Class **old = ld->table;
    ld->table = vm_calloc(ld->size, sizeof(Class *));
    ld->count = 0;
    for (uint32_t i = 0; i < ld->size; i++)
        if (old[i] && old[i] != c) {
            dict_insert(ld, old[i]);
            ld->count++;
        }
    vm_free(old);
    pthread_mutex_unlock(&ld->lock);
}

void ld_release(LoaderData *ld) {
    vm_free(ld->table);
    ld->table = NULL;
    ld->size = ld->count = 0;
    for (Package *p = ld->packages, *next; p; p = next) {
        next = p->next;
        vm_free(p->qexports);
        vm_free(p);
    }
    ld->packages = NULL;
    ld->loader = ld->unnamed_module = NULL;
    if (ld->cu_pinned) return;
    pthread_mutex_destroy(&ld->lock);
    vm_free(ld);
}

LoaderData *ld_of(Thread *t, Object *loader) {
    UNUSED(t);
    if (!loader) return ld_boot;
    uint32_t off = class_field_offset_cached(&loader_data_off, VMC(ClassLoader), "loader_data", "J");
    if (!off) vm_fatal("ClassLoader.loader_data not injected");
    /* created once under the lock, read without it */
    jlong *slot = &OBJ_FIELD(loader, off, jlong);
    LoaderData *ld = (LoaderData *)(intptr_t)__atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (ld) return ld;
    pthread_mutex_lock(&ld_create_lock);
    ld = (LoaderData *)(intptr_t)__atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (!ld) {
        ld = vm_calloc(1, sizeof *ld);
        init_loader_data(ld, loader);
        __atomic_store_n(slot, (jlong)(intptr_t)ld, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&ld_create_lock);
    return ld;
}

/* ---- packages ---- */

Package *ld_find_package(LoaderData *ld, Symbol *name, bool create) {
    pthread_mutex_lock(&ld->lock);
    Package *p;
    for (p = ld->packages; p; p = p->next)
        if (p->name == name) break;
    if (!p && create) {
        p = vm_calloc(1, sizeof *p);
        p->name = name;
        p->next = ld->packages;
        ld->packages = p;
    }
    pthread_mutex_unlock(&ld->lock);
    return p;
}

Package **ld_boot_packages(uint32_t *n) {
    pthread_mutex_lock(&ld_boot->lock);
    uint32_t count = 0;
    for (Package *p = ld_boot->packages; p; p = p->next) count++;
    Package **r = vm_malloc((count ? count : 1) * sizeof *r);
    *n = 0;
    for (Package *p = ld_boot->packages; p; p = p->next)
        if (__atomic_load_n(&p->location, __ATOMIC_ACQUIRE)) r[(*n)++] = p;
    pthread_mutex_unlock(&ld_boot->lock);
    return r;
}

static Symbol *package_name_of(Symbol *class_name) {
    const char *s = class_name->str;
    const char *slash = strrchr(s, '/');
    if (!slash) return NULL;
    return sym_intern(s, (size_t)(slash - s));
}

/* Any thread may ask (access checks run everywhere): the racing ones find the same Package. */
Package *ld_package_of(Class *c) {
    Package *p = __atomic_load_n(&c->package, __ATOMIC_ACQUIRE);
    if (p) return p;
    Class *e = class_is_array(c) ? c->element : c;
    if (class_is_primitive(e)) return NULL;
    Symbol *pn = package_name_of(e->name);
    if (!pn) return NULL;
    p = ld_find_package(e->ld ? e->ld : ld_boot, pn, true);
    __atomic_store_n(&c->package, p, __ATOMIC_RELEASE);
    return p;
}

/* ---- reading boot class bytes ---- */

static uint8_t *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (n < 0) {
        fclose(f);
        return NULL;
    }
    uint8_t *buf = vm_malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    fclose(f);
    if (got != (size_t)n) {
        vm_free(buf);
        return NULL;
    }
    *len = (size_t)n;
    return buf;
}

static const char *module_for_boot_class(Symbol *name) {
    Symbol *pn = package_name_of(name);
    if (!pn) return NULL;
    Package *p = ld_find_package(ld_boot, pn, false);
    if (!p || !p->module) {
        /* Before the module system is up, java.base (as HotSpot does); afterwards only the
         * modules defined to the boot loader: a class of a platform or application module
         * is not the boot loader's to define. */
        return vm_phase_now() < VM_PHASE_MODULES ? "java.base" : NULL;
    }
    return jimage_pkg_to_module(jimage, pn->str);
}

static uint8_t *read_from_jimage(Symbol *name, size_t *len) {
    const char *module = module_for_boot_class(name);
    if (!module) return NULL;
    char res[1024];
    if (snprintf(res, sizeof res, "%s.class", name->str) >= (int)sizeof res) return NULL;
    jlong size = 0;
    jlong loc = jimage_find(jimage, module, "17.0", res, &size);
    if (!loc || size <= 0) return NULL;
    uint8_t *buf = vm_malloc((size_t)size);
    jimage_get(jimage, loc, (char *)buf, size);
    *len = (size_t)size;
    return buf;
}

static uint8_t *read_from_entry(BootEntry *e, Symbol *name, size_t *len) {
    char path[4096];
    if (e->is_dir) {
        if (snprintf(path, sizeof path, "%s/%s.class", e->path, name->str) >= (int)sizeof path) return NULL;
        return read_file(path, len);
    }
    if (!e->zip) {
        if (!load_libzip()) return NULL;
        char *msg = NULL;
        e->zip = zip_open(e->path, &msg);
        if (!e->zip) return NULL;
    }
    snprintf(path, sizeof path, "%s.class", name->str);
    jint size = 0, nlen = 0;
    void *entry = zip_find_entry(e->zip, path, &size, &nlen);
    if (!entry) return NULL;
    uint8_t *buf = vm_malloc((size_t)size + 1);
    char *namebuf = vm_malloc((size_t)nlen + 1);
    bool ok = zip_read_entry(e->zip, entry, buf, namebuf);
    vm_free(namebuf);
    if (zip_free_entry) zip_free_entry(e->zip, entry);
    if (!ok) {
        vm_free(buf);
        return NULL;
    }
    *len = (size_t)size;
    return buf;
}

/* The named module a boot class's package belongs to, by the module graph (packages a
 * patch adds are not in lib/modules); java.base before the module system is up. */
static const char *boot_module_name(Symbol *name) {
    Symbol *pn = package_name_of(name);
    Package *p = pn ? ld_find_package(ld_boot, pn, false) : NULL;
    if (p && p->entry && p->entry->name) return p->entry->name->str;
    return vm_phase_now() < VM_PHASE_MODULES && (!p || !p->module) ? "java.base" : NULL;
}

/* HotSpot's search of the --patch-module entries of the class's module, first of all. */
static uint8_t *read_from_patches(Symbol *name, size_t *len, char *source, size_t nsource) {
    const char *module = npatches ? boot_module_name(name) : NULL;
    for (int i = 0; module && i < npatches; i++) {
        if (strcmp(patches[i].module, module) != 0) continue;
        for (int k = 0; k < patches[i].n; k++) {
            uint8_t *b = read_from_entry(&patches[i].entries[k], name, len);
            if (b) {
                snprintf(source, nsource, "%s", patches[i].entries[k].path);
                return b;
            }
        }
    }
    return NULL;
}

/* Finds the bytes of a boot class; *source describes where (for -verbose:class). */
static uint8_t *read_boot_class(Symbol *name, size_t *len, char *source, size_t nsource) {
    uint8_t *b = read_from_patches(name, len, source, nsource);
    if (b) return b;
    b = read_from_jimage(name, len);
    if (b) {
        const char *module = module_for_boot_class(name);
        snprintf(source, nsource, "jrt:/%s", module ? module : "java.base");
        return b;
    }
    if (vm_phase_now() < VM_PHASE_MODULES && nboot_entries == 0) return NULL;
    for (int i = 0; i < nboot_entries; i++) {
        b = read_from_entry(&boot_entries[i], name, len);
        if (b) {
            snprintf(source, nsource, "%s", boot_entries[i].path);
            return b;
        }
    }
    return NULL;
}

/* ---- circularity detection: the classes this thread is resolving supertypes of ---- */

typedef struct LoadingFrame {
    Symbol *name;
    LoaderData *ld;
    struct LoadingFrame *prev;
} LoadingFrame;
static _Thread_local LoadingFrame *loading;

static bool is_loading(Symbol *name, LoaderData *ld) {
    for (LoadingFrame *f = loading; f; f = f->prev)
        if (f->name == name && f->ld == ld) return true;
    return false;
}

/* ---- definition ---- */

/* A hidden class is named after the name it is defined with (normally its class file's)
 * plus "+0x" and a unique number (HotSpot uses the class's address; so does Loupe); '+'
 * keeps the suffix out of the package name and shows as '/' in Class.getName().  Its
 * this_class entry, and other references to either name, mean the class itself. */
static void name_hidden_class(Class *c) {
    Symbol *orig = c->name, *in_file = cp_class_name(&c->cp, c->this_class);
    char *name = vm_asprintf("%s+0x%016lx", orig->str, (unsigned long)(uintptr_t)c);
    c->name = sym_intern_cstr(name);
    vm_free(name);
    for (uint16_t i = 1; i < c->cp.count; i++)
        if (c->cp.tags[i] == JVM_CONSTANT_Class && (cp_class_name(&c->cp, i) == orig || cp_class_name(&c->cp, i) == in_file))
            c->cp.e[i].resolved = c;
}

static void throw_cf_error(Thread *t, CfError *err) {
    VMClassId id = err->kind == CFE_VERSION ? VMC_UnsupportedClassVersionError
                 : err->kind == CFE_NO_CLASS_DEF ? VMC_NoClassDefFoundError
                                                 : VMC_ClassFormatError;
    exc_throw(t, id, "%s", err->msg);
}

/* A supertype resolved for a class of protection domain *pd (NULL: none): the initiating
 * loader's package-access check, as for any resolution from that domain (HotSpot resolves
 * supertypes with the new class's domain, so a domain that passed then is remembered). */
static bool super_package_access(Thread *t, Class *s, Object **loader, Object **pd) {
    return !pd || !*pd || sec_check_package_access(t, s, loader, pd);
}

static bool resolve_supertypes(Thread *t, Class *c, Object **loader, Object **pd) {
    char buf[512];
    if (c->super_name) {
        if (c->super_name == c->name) {
            exc_throw(t, VMC_ClassCircularityError, "%s", c->name->str);
            return false;
        }
        Class *s = ld_load(t, c->super_name, loader, false);
        if (!s || !super_package_access(t, s, loader, pd)) return false;
        if (class_is_interface(s)) {
            exc_throw(t, VMC_IncompatibleClassChangeError, "class %s has interface %s as super class",
                      class_external_name(c, buf, sizeof buf), s->name->str);
            return false;
        }
        if (s->access & JVM_ACC_FINAL) {
            exc_throw(t, VMC_IncompatibleClassChangeError, "class %s cannot inherit from final class %s",
                      class_external_name(c, buf, sizeof buf), s->name->str);
            return false;
        }
        c->super = s;
    } else if (c->name != sym_java_lang_Object) {
        exc_throw(t, VMC_ClassFormatError, "Invalid superclass index 0 in class file %s", c->name->str);
        return false;
    }
    if (c->ninterfaces) c->interfaces = vm_calloc(c->ninterfaces, sizeof(Class *));
    for (uint16_t i = 0; i < c->ninterfaces; i++) {
        Class *ic = ld_load(t, c->interface_names[i], loader, false);
        if (!ic || !super_package_access(t, ic, loader, pd)) return false;
        if (!class_is_interface(ic)) {
            exc_throw(t, VMC_IncompatibleClassChangeError, "class %s can not implement %s, because it is not an interface (%s)",
                      class_external_name(c, buf, sizeof buf), ic->name->str, "");
            return false;
        }
        c->interfaces[i] = ic;
    }
    return true;
}

/* A class may access its direct supertypes (JVMS 5.4.4, modules included), checked once
 * they are all loaded as HotSpot does: the superclass, then the interfaces from the last. */
static bool supertype_accessible(Thread *t, Class *c, Class *s, bool is_super) {
    ClassAccess r = access_class(t, c, s);
    if (r == ACCESS_OK) return true;
    char why[2400];
    if (r == ACCESS_DENIED) {
        StrBuf msg = { 0 };
        sb_puts(&msg, "class ");
        sb_class_name(&msg, c);
        sb_printf(&msg, " cannot access its %s ", is_super ? ((s->access & JVM_ACC_ABSTRACT) ? "abstract superclass" : "superclass")
                                                           : "superinterface");
        sb_class_name(&msg, s);
        sb_puts(&msg, " (");
        cp_describe_loaders(&msg, c, s);
        exc_throw(t, VMC_IllegalAccessError, "%s)", msg.s);
        vm_free(msg.s);
    } else {
        access_class_message(t, why, sizeof why, c, s, r);
        exc_throw(t, VMC_IllegalAccessError, is_super ? "superclass access check failed: %s" : "superinterface check failed: %s",
                  why);
    }
    return false;
}

static bool supertypes_accessible(Thread *t, Class *c) {
    if (c->super && !supertype_accessible(t, c, c->super, true)) return false;
    for (int i = (int)c->ninterfaces - 1; i >= 0; i--)
        if (!supertype_accessible(t, c, c->interfaces[i], false)) return false;
    return true;
}

/* A redefinition's new version naming other supertypes (jvmti/jvmti_redefine.c): they are
 * loaded and checked as for a definition, with the exceptions a definition would throw. */
bool ld_resolve_supertypes(Thread *t, Class *n, Object **loader) {
    return resolve_supertypes(t, n, loader, NULL) && supertypes_accessible(t, n);
}

bool ld_is_platform_loader(const Object *loader) {
    const Class *lc = loader ? loader->klass : NULL;
    return lc && !lc->loader && sym_eq_cstr(lc->name, "jdk/internal/loader/ClassLoaders$PlatformClassLoader");
}

bool ld_is_system_loader(const Object *loader) {
    return !loader || ld_is_platform_loader(loader);
}

/* java.* classes may only come from the boot loader and the platform loader (its modules) */
static bool prohibited_package(Symbol *name, Object *loader) {
    return strncmp(name->str, "java/", 5) == 0 && !ld_is_system_loader(loader);
}

static void log_load(Class *c, const char *source) {
    if (!vm_opts.verbose_class) return;
    char buf[1024];
    class_external_name(c, buf, sizeof buf);
    if (source) vm_log("class,load", "%s source: %s", buf, source);
    else vm_log("class,load", "%s source: __VM__", buf);
}

/* HotSpot's LinkageError for a second definition of a name in one loader; `existing` is the
 * class already there, which lives where the new one would. */
static void duplicate_definition(Thread *t, Class *c, Class *existing) {
    char name[512], loader[300], where[700];
    exc_describe_loader(existing, loader, sizeof loader);
    exc_describe_location(existing, where, sizeof where);
    class_external_name(c, name, sizeof name);
    exc_throw(t, VMC_LinkageError, "loader %s attempted duplicate %s definition for %s. (%s is in %s)", loader,
              (c->access & JVM_ACC_INTERFACE) ? "interface" : "class", name, name, where);
}

/* The bytes retransformation starts from, when the hook's capable agents changed them. */
static void keep_hook_base(Class *c, const JvmtiHook *h) {
    if (!c || !h || h->base == h->out) return;
    c->hook_base = vm_malloc(h->base_len ? h->base_len : 1);
    memcpy(c->hook_base, h->base, h->base_len);
    c->hook_base_len = (uint32_t)h->base_len;
}

static Class *define_bytes(Thread *t, Symbol *name, Object **loader, const uint8_t *bytes, size_t len,
                           Object **pd, const char *source, int parse_flags);

/* Agents see the bytes of every class defined from bytes except hidden ones (HotSpot 17). */
Class *ld_define(Thread *t, Symbol *name, Object **loader, const uint8_t *bytes, size_t len,
                 Object **pd, const char *source, int parse_flags) {
    if ((parse_flags & CFP_HIDDEN) || !JVMTI_CLASS_HOOK_ENABLED(t))
        return define_bytes(t, name, loader, bytes, len, pd, source, parse_flags);
    JvmtiHook h = { .loader = loader, .pd = pd, .name = name ? name->str : NULL, .bytes = bytes, .len = len };
    jvmti_class_file_hook(t, &h);
    Class *c = define_bytes(t, name, loader, h.out, h.out_len, pd, source, parse_flags);
    keep_hook_base(c, &h);
    bool changed = h.out != h.bytes;
    jvmti_class_file_hook_free(&h);
    if (c && changed) mod_transformed_by_agent(t, c);
    return c;
}

static Class *define_bytes(Thread *t, Symbol *name, Object **loader, const uint8_t *bytes, size_t len,
                           Object **pd, const char *source, int parse_flags) {
    /* defining loads the supertypes, which are defined in turn: deep hierarchies end in
     * StackOverflowError */
    if (!exc_c_stack_ok(t)) return NULL;
    CfError err;
    Class *c = cf_parse(bytes, len, name, parse_flags, &err);
    if (!c) {
        throw_cf_error(t, &err);
        return NULL;
    }
    Object *lo = loader ? *loader : NULL;
    LoaderData *ld = ld_of(t, lo);
    if (parse_flags & CFP_HIDDEN) name_hidden_class(c);
    if (prohibited_package(c->name, lo)) {
        char buf[512];
        char *pkg = vm_strdup(class_external_name(c, buf, sizeof buf));
        char *dot = strrchr(pkg, '.');
        if (dot) *dot = '\0';
        exc_throw(t, VMC_SecurityException, "Prohibited package name: %s", pkg);
        vm_free(pkg);
        cf_free(c);
        return NULL;
    }
    bool hidden = (parse_flags & CFP_HIDDEN) != 0;
    if (!hidden && ld_find(ld, c->name)) {
        duplicate_definition(t, c, ld_find(ld, c->name));
        cf_free(c);
        return NULL;
    }
    c->loader = lo;
    c->ld = ld;
    LoadingFrame frame = { c->name, ld, loading };
    if (is_loading(c->name, ld)) {
        exc_throw(t, VMC_ClassCircularityError, "%s", c->name->str);
        cf_free(c);
        return NULL;
    }
    loading = &frame;
    bool ok = resolve_supertypes(t, c, loader, pd);
    loading = frame.prev;
    if (!ok) {
        cf_free(c);
        return NULL;
    }
    /* the loader object may have moved while supertypes loaded */
    c->loader = loader ? *loader : NULL;
    if (!supertypes_accessible(t, c)) {
        cf_free(c);
        return NULL;
    }
    /* The class list makes the class's references roots (its mirror is allocated next);
     * the dictionary makes it visible to other threads, so it is entered last, once the
     * class has its mirror and is linked. */
    publish(c);
    size_t footprint = cf_footprint(c);
    __atomic_fetch_add(&loaded_bytes, footprint, __ATOMIC_RELAXED);
    perf_class_loaded(footprint);
    if (VMC(Class) && VMC(Class)->state >= CS_LINKED) {
        if (!mirror_create(t, c)) return NULL;
        if (pd && *pd) HEAP_SET_FIELD(c->mirror, mirror_pd_off, *pd);
        /* linking is cheap and cannot fail once the supertypes are in: doing it now means
         * every loaded class has its subtype display and dispatch tables */
        if (!link_class(t, c)) return NULL;
    }
    if (!hidden && !ld_record_unique(ld, c)) {
        char buf[512];
        exc_throw(t, VMC_LinkageError, "loader attempted duplicate class definition for %s.",
                  class_external_name(c, buf, sizeof buf));
        return NULL;
    }
    log_load(c, source);
    if (JVMTI_CLASS_EVENTS_ENABLED(t)) jvmti_class_defined(t, c);
    return c;
}

/* ---- loading ---- */

/* The first boot class of a package gives the package its location (HotSpot's
 * has_loaded_class and class path index). */
static void note_boot_location(Class *c, const char *source) {
    Package *p = c ? ld_package_of(c) : NULL;
    if (p && !__atomic_load_n(&p->location, __ATOMIC_ACQUIRE))
        __atomic_store_n(&p->location, sym_intern_cstr(source), __ATOMIC_RELEASE);
}

/* With agents watching class bytes, the hook runs without the boot loader's lock (an agent
 * may load classes or wait for another thread there); the class is then defined under the
 * lock unless another thread was quicker. */
static Class *load_boot_hooked(Thread *t, Symbol *name) {
    size_t len;
    char source[1024];
    vm_lock(t, &boot_load_lock);
    uint8_t *bytes = read_boot_class(name, &len, source, sizeof source);
    pthread_mutex_unlock(&boot_load_lock);
    if (!bytes) return NULL;
    JvmtiHook h = { .name = name->str, .bytes = bytes, .len = len };
    jvmti_class_file_hook(t, &h);
    vm_lock(t, &boot_load_lock);
    jvmti_defer_begin();
    Class *c = ld_find(ld_boot, name);
    if (!c) {
        c = define_bytes(t, name, NULL, h.out, h.out_len, NULL, source, 0);
        keep_hook_base(c, &h);
        note_boot_location(c, source);
    }
    pthread_mutex_unlock(&boot_load_lock);
    jvmti_defer_end(t);
    bool changed = h.out != h.bytes;
    jvmti_class_file_hook_free(&h);
    vm_free(bytes);
    if (c && changed) mod_transformed_by_agent(t, c);
    return c;
}

static Class *load_boot(Thread *t, Symbol *name) {
    Class *c = ld_find(ld_boot, name);
    if (c) return c;
    if (JVMTI_CLASS_HOOK_ENABLED(t)) return load_boot_hooked(t, name);
    vm_lock(t, &boot_load_lock);
    jvmti_defer_begin();
    c = ld_find(ld_boot, name);
    if (!c) {
        size_t len;
        char source[1024];
        uint8_t *bytes = read_boot_class(name, &len, source, sizeof source);
        if (bytes) {
            c = define_bytes(t, name, NULL, bytes, len, NULL, source, 0);
            vm_free(bytes);
            note_boot_location(c, source);
        }
    }
    pthread_mutex_unlock(&boot_load_lock);
    jvmti_defer_end(t);
    return c;
}

Class *ld_load_boot_or_null(Thread *t, Symbol *name) {
    if (name->str[0] == '[') {
        Class *c = ld_load(t, name, NULL, false);
        if (!c) exc_take(t);
        return c;
    }
    return load_boot(t, name);
}

/* The VM names a class it could not find as it was asked for, in internal form (an array
 * class by its own name, not its element's), as HotSpot does. */
static void throw_not_found(Thread *t, Symbol *name, bool cnfe) {
    exc_throw(t, cnfe ? VMC_ClassNotFoundException : VMC_NoClassDefFoundError, "%s", name->str);
}

static Method *load_class_method;

/* Asks a loader object for a class: loader.loadClass(String).  NULL without an exception
 * if it returned null. */
static Class *load_through(Thread *t, Symbol *name, Object **loader, bool cnfe) {
    LoaderData *ld = ld_of(t, *loader);
    Class *c = ld_find(ld, name);
    if (c) return c;
    Method *load_class = class_cached_method(&load_class_method, VMC(ClassLoader), "loadClass",
                                             "(Ljava/lang/String;)Ljava/lang/Class;");
    if (!load_class) vm_fatal("ClassLoader.loadClass(String) not found");
    char *ext = vm_strdup(name->str);
    for (char *p = ext; *p; p++)
        if (*p == '/') *p = '.';
    HandleMark hm = hnd_mark(t);
    Object *jname = jstr_new_utf8(t, ext);
    vm_free(ext);
    if (!jname) {
        hnd_release(t, hm);
        return NULL;
    }
    Slot args[2] = { { .l = *loader }, { .l = jname } };
    Slot result;
    bool ok = interp_call_virtual(t, load_class, args, &result);
    hnd_release(t, hm);
    if (!ok) {
        if (!cnfe) {
            /* NoClassDefFoundError wraps a ClassNotFoundException from the loader */
            Object *e = t->exception;
            if (e && VMC(ClassNotFoundException) && e->klass == VMC(ClassNotFoundException)) {
                Object **cause = hnd_new(t, exc_take(t));
                exc_throw_with_cause(t, VMC_NoClassDefFoundError, name->str, cause);
            }
        }
        return NULL;
    }
    if (!result.l) return NULL;
    c = mirror_class(result.l);
    if (c->name != name) {
        exc_throw(t, VMC_NoClassDefFoundError, "%s (wrong name: %s)", name->str, c->name->str);
        return NULL;
    }
    ld_record_unique(ld, c);     /* the initiating loader (a no-op if it defined c) */
    return c;
}

/* A class that is not an array: NULL without an exception if it is not found. */
static Class *load_instance(Thread *t, Symbol *name, Object **loader, bool cnfe) {
    return !loader || !*loader ? load_boot(t, name) : load_through(t, name, loader, cnfe);
}

static Class *load_array(Thread *t, Symbol *name, Object **loader, bool cnfe) {
    const char *s = name->str;
    int dims = 0;
    while (s[dims] == '[') dims++;
    const char *e = s + dims;
    Class *elem;
    if (*e == 'L') {
        size_t n = strlen(e);
        if (n < 3 || e[n - 1] != ';') {
            throw_not_found(t, name, cnfe);
            return NULL;
        }
        Symbol *en = sym_intern(e + 1, n - 2);
        elem = load_instance(t, en, loader, cnfe);
        if (!elem) {
            if (!exc_pending(t)) throw_not_found(t, name, cnfe);
            return NULL;
        }
    } else {
        BasicType bt = e[1] == '\0' ? bt_from_char(*e) : T_ILLEGAL;
        if (bt == T_ILLEGAL || bt == T_VOID || bt == T_OBJECT || bt == T_ARRAY) {
            throw_not_found(t, name, cnfe);
            return NULL;
        }
        elem = vm_primitive[bt];
    }
    if (!elem) return NULL;
    if (dims > 255) {
        throw_not_found(t, name, cnfe);
        return NULL;
    }
    return ld_array_class(t, elem, dims);
}

Class *ld_load(Thread *t, Symbol *name, Object **loader, bool throw_cnfe) {
    if (name->str[0] == '[') return load_array(t, name, loader, throw_cnfe);
    Class *c = load_instance(t, name, loader, throw_cnfe);
    if (!c && !exc_pending(t)) throw_not_found(t, name, throw_cnfe);
    return c;
}

/* ---- array classes ---- */

static pthread_mutex_t array_lock = PTHREAD_MUTEX_INITIALIZER;

static Class *make_array_class(Thread *t, Class *comp) {
    Class *a = vm_calloc(1, sizeof *a);
    char *nm;
    size_t n = comp->name->len;
    if (class_is_primitive(comp)) {
        nm = vm_malloc(3);
        nm[0] = '[';
        nm[1] = bt_to_char((BasicType)comp->elem_type);
        nm[2] = '\0';
    } else if (class_is_array(comp)) {
        nm = vm_malloc(n + 2);
        nm[0] = '[';
        memcpy(nm + 1, comp->name->str, n + 1);
    } else {
        nm = vm_malloc(n + 4);
        nm[0] = '[';
        nm[1] = 'L';
        memcpy(nm + 2, comp->name->str, n);
        nm[n + 2] = ';';
        nm[n + 3] = '\0';
    }
    a->name = sym_intern_cstr(nm);
    vm_free(nm);
    a->flags = CF_ARRAY;
    a->component = comp;
    a->element = class_is_array(comp) ? comp->element : comp;
    a->dims = (uint16_t)(class_is_array(comp) ? comp->dims + 1 : 1);
    a->elem_type = class_is_primitive(comp) ? comp->elem_type : (class_is_array(comp) ? T_ARRAY : T_OBJECT);
    int sz = bt_size((BasicType)a->elem_type);
    a->elem_shift = (uint8_t)(sz == 1 ? 0 : sz == 2 ? 1 : sz == 4 ? 2 : 3);
    uint16_t vis = class_is_primitive(comp) ? JVM_ACC_PUBLIC : (comp->access & (JVM_ACC_PUBLIC | JVM_ACC_PRIVATE | JVM_ACC_PROTECTED));
    a->access = (uint16_t)(vis | JVM_ACC_FINAL | JVM_ACC_ABSTRACT);
    a->super = VMC(Object);
    a->super_name = sym_java_lang_Object;
    a->ninterfaces = 2;
    a->interfaces = vm_calloc(2, sizeof(Class *));
    a->interfaces[0] = VMC(Cloneable);
    a->interfaces[1] = VMC(Serializable);
    a->loader = class_is_primitive(a->element) ? NULL : a->element->loader;
    a->ld = class_is_primitive(a->element) ? ld_boot : a->element->ld;
    a->major = 61;
    if (!link_class(t, a)) return NULL;
    return a;
}

Class *ld_array_of(Thread *t, Class *comp) {
    Class *a = __atomic_load_n(&comp->array_class, __ATOMIC_ACQUIRE);
    if (a) return a;
    vm_lock(t, &array_lock);
    a = comp->array_class;
    if (!a) {
        a = make_array_class(t, comp);
        /* as for other classes: on the class list (a root) first, visible to other threads
         * only once it has its mirror (before the module system, mirrors come later) */
        if (a) publish(a);
        if (a && VMC(Class) && class_state(VMC(Class)) >= CS_LINKED && !mirror_create(t, a)) a = NULL;
        if (a) {
            ld_record(a->ld, a->name, a);
            __atomic_store_n(&comp->array_class, a, __ATOMIC_RELEASE);
        }
    }
    pthread_mutex_unlock(&array_lock);
    return a;
}

Class *ld_array_class(Thread *t, Class *elem, int dims) {
    Class *c = elem;
    for (int i = 0; i < dims && c; i++) c = ld_array_of(t, c);
    return c;
}
