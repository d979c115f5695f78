/*
 * loader.h — finding, defining and remembering classes, per class loader.
 *
 * Every class loader the VM has seen has a LoaderData: its dictionary of the classes it
 * *initiated* or *defined* (name -> Class), its packages, and the loader object.  The boot
 * loader's LoaderData is ld_boot.  The boot loader reads lib/modules through the JDK's
 * libjimage.so and then -Xbootclasspath/a: entries; other loaders are asked through
 * ClassLoader.loadClass upcalls and define through JVM_DefineClass* (ld_define).
 *
 * Array classes are made by the VM on demand and registered with the loader of their
 * element type.
 */
#ifndef LOUPE_LOADER_H
#define LOUPE_LOADER_H

#include "loupe.h"
#include "classfile/class.h"

typedef struct Package {
    Symbol *name;                   /* internal form, "java/lang" */
    Object *module;                 /* java.lang.Module, GC root; NULL before modules exist */
    struct Package *next;
    /* boot loader: where its first class was loaded from ("jrt:/java.base", a boot class
     * path entry), published once; NULL while no class of the package has been loaded */
    Symbol *location;
    /* module.c, under its lock: the named module owning the package (NULL: the loader's
     * unnamed module), the export state (MOD_EXP_*) and the qualified exports */
    struct ModuleEntry *entry;
    uint8_t exports;
    struct ModuleEntry **qexports;
    uint32_t nqexports, qexports_cap;
} Package;

struct LoaderData {
    Object *loader;                 /* the ClassLoader object, NULL for the boot loader */
    pthread_mutex_t lock;           /* dictionary and packages; never held across GC points */
    Class **table;                  /* open hash by name */
    uint32_t size, count;
    Package *packages;
    Object *unnamed_module;         /* boot loader: set by JVM_SetBootLoaderUnnamedModule */
    struct ModuleEntry *unnamed_entry;  /* module.c, made on first use */
    bool parallel_capable;
    /* class unloading (heap/classunload.c), during a collection, world stopped */
    bool cu_permanent;              /* boot, platform, application loader */
    bool cu_live, cu_kept;
    bool cu_dead;                   /* unloaded: off every list, freed unless pinned */
    bool cu_pinned;                 /* a class of it outlives unloading (JNI/JVMTI ids) */
    LoaderData *next;
};

extern LoaderData *ld_boot;
extern LoaderData *ld_all;          /* every LoaderData */

void ld_init(void);
/* Opens lib/modules (libjimage) and notes -Xbootclasspath/a entries. */
bool ld_boot_path_init(const char *java_home, const char *append);
/* --patch-module "module=path[:path...]": the boot loader looks for the classes of that
 * module in these entries before lib/modules (other loaders' modules are patched in Java). */
void ld_patch_module(const char *spec);

/* The LoaderData of a ClassLoader object (created on first use). */
LoaderData *ld_of(Thread *t, Object *loader);

/* Looks a class up in a loader's dictionary (no loading). */
Class *ld_find(LoaderData *ld, Symbol *name);
/* Records c under name in ld (as initiating loader). */
void ld_record(LoaderData *ld, Symbol *name, Class *c);

/* Loads (or finds) a class by name through a loader (NULL = boot).  Handles array names.
 * On failure returns NULL with NoClassDefFoundError/ClassNotFoundException pending
 * (throw_cnfe selects ClassNotFoundException, as Class.forName wants). */
Class *ld_load(Thread *t, Symbol *name, Object **loader, bool throw_cnfe);
/* Boot loader only; returns NULL *without* an exception if the class is absent. */
Class *ld_load_boot_or_null(Thread *t, Symbol *name);

/* Loads n's superclass and interfaces through loader and checks them as a definition does
 * (n->super and n->interfaces, a new array); false with the definition's exception pending. */
bool ld_resolve_supertypes(Thread *t, Class *n, Object **loader);

/* Defines a class from bytes in loader (NULL = boot).  `name` may be NULL (taken from the
 * class file).  Checks prohibited packages, duplicates and the name, loads supertypes. */
Class *ld_define(Thread *t, Symbol *name, Object **loader, const uint8_t *bytes, size_t len,
                 Object **pd, const char *source, int parse_flags);

/* The class of arrays of `component` (made once). */
Class *ld_array_of(Thread *t, Class *component);
/* The array class with `dims` dimensions of `elem`. */
Class *ld_array_class(Thread *t, Class *elem, int dims);

/* Whether `loader` is the platform class loader (ClassLoaders$PlatformClassLoader). */
bool ld_is_platform_loader(const Object *loader);
/* Whether classes of `loader` are trusted as the JDK's own: the boot and the platform
 * loader.  Their VM annotations (@CallerSensitive, @Hidden, @ForceInline...) count, they
 * may define java.* classes, and latestUserDefinedLoader passes over them (HotSpot's
 * "privileged" class loader data). */
bool ld_is_system_loader(const Object *loader);

/* Appends a JAR file to the boot loader's search path while the VM runs. */
void ld_boot_append(Thread *t, const char *jar);
/* Every loaded class, for the collector, JVMTI and heap walks.  The list lock guards it. */
extern Class *ld_class_list;
extern pthread_mutex_t ld_class_list_lock;
void ld_foreach_class(void (*fn)(Class *c, void *ctx), void *ctx);
uint32_t ld_class_count(void);
/* The metadata bytes of every class defined so far (unloaded ones included). */
size_t ld_loaded_bytes(void);
/* Class unloading (heap/classunload.c), world stopped.  Takes off the class list every
 * class `dead` says is dead, calling `removed` on each; takes off the loader list every
 * dead loader; ld_forget drops one class from a dictionary; ld_release frees a removed
 * loader's dictionary and packages, and the LoaderData itself unless cu_pinned (a class
 * kept for its ids still names it). */
void ld_remove_classes(bool (*dead)(Class *c, void *ctx), void (*removed)(Class *c, void *ctx), void *ctx);
void ld_remove_loaders(bool (*dead)(LoaderData *ld, void *ctx), void (*removed)(LoaderData *ld, void *ctx), void *ctx);
void ld_forget(LoaderData *ld, Class *c);
void ld_release(LoaderData *ld);

/* The package of a class (made on first use); NULL for primitives/arrays of primitives. */
Package *ld_package_of(Class *c);
Package *ld_find_package(LoaderData *ld, Symbol *name, bool create);
/* The packages of the boot loader with a loaded class (Package.getPackages), in a new
 * array of *n entries that the caller frees. */
Package **ld_boot_packages(uint32_t *n);

/* Where a boot class came from, for -verbose:class ("jrt:/java.base", a path). */
#endif
