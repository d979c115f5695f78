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
    LoaderData *next;
};

extern LoaderData *ld_boot;
extern LoaderData *ld_all;          /* every LoaderData */

void ld_init(void);
/* Opens lib/modules (libjimage) and notes -Xbootclasspath/a entries. */
bool ld_boot_path_init(const char *java_home, const char *append);

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

/* Defines a class from bytes in loader (NULL = boot).  `name` may be NULL (taken from the
 * class file).  Checks prohibited packages, duplicates and the name, loads supertypes. */
Class *ld_define(Thread *t, Symbol *name, Object **loader, const uint8_t *bytes, size_t len,
                 Object **pd, const char *source, int parse_flags);

/* The class of arrays of `component` (made once). */
Class *ld_array_of(Thread *t, Class *component);
/* The array class with `dims` dimensions of `elem`. */
Class *ld_array_class(Thread *t, Class *elem, int dims);

/* Appends a JAR file to the boot loader's search path while the VM runs. */
void ld_boot_append(Thread *t, const char *jar);
/* Every loaded class, for the collector, JVMTI and heap walks.  The list lock guards it. */
extern Class *ld_class_list;
extern pthread_mutex_t ld_class_list_lock;
void ld_foreach_class(void (*fn)(Class *c, void *ctx), void *ctx);
uint32_t ld_class_count(void);

/* The package of a class (made on first use); NULL for primitives/arrays of primitives. */
Package *ld_package_of(Class *c);
Package *ld_find_package(LoaderData *ld, Symbol *name, bool create);

/* Where a boot class came from, for -verbose:class ("jrt:/java.base", a path). */
#endif
