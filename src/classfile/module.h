/*
 * module.h — the module graph as the VM keeps it, and the module part of class access
 * checks (JVMS 5.4.4, "the module system" paragraph).
 *
 * Every module the VM knows has a ModuleEntry: the named ones made by JVM_DefineModule,
 * and one unnamed module per class loader (the boot loader's from
 * JVM_SetBootLoaderUnnamedModule, every other loader's from ClassLoader.unnamedModule,
 * made on first use).  An entry records its name (NULL for an unnamed module), its loader,
 * whether it is open, and which modules it reads.  A package of a named module (Package,
 * loader.h) points to its entry and records its exports: to everyone, to all unnamed
 * modules, and/or to a list of modules.  Unnamed modules read every module and export
 * (open) all their packages; every module reads java.base.
 *
 * The java.lang.Module object moves with the collector: an entry holds it through a
 * global handle, and the Module's injected field `module_entry` holds the entry, so
 * going either way needs no search.  A Module with no entry (ALL_UNNAMED_MODULE,
 * EVERYONE_MODULE, a loader's unnamed module not seen yet) stands for its loader's
 * unnamed module.
 *
 * The graph only grows; its mutable parts (reads lists, export states, the package to
 * entry links) are read and written under one lock, never held across a GC point.
 */
#ifndef LOUPE_MODULE_H
#define LOUPE_MODULE_H

#include "loupe.h"
#include "classfile/class.h"

typedef struct ModuleEntry ModuleEntry;
struct ModuleEntry {
    jobject module;                 /* global handle on the java.lang.Module */
    Symbol *name;                   /* NULL: an unnamed module */
    LoaderData *ld;
    bool is_open;                   /* every package exported to everyone (unnamed: true) */
    bool reads_all_unnamed;         /* unnamed modules, automatic ones, addReads(ALL-UNNAMED) */
    bool forgotten;                 /* its loader was unloaded: freed by mod_free_forgotten */
    bool default_reads;             /* a class of it was changed by a ClassFileLoadHook: it
                                     * reads the boot and application loaders' unnamed
                                     * modules, as HotSpot's "default read edges" (atomic) */
    ModuleEntry **reads;            /* under the module lock */
    uint32_t nreads, reads_cap;
    ModuleEntry *next;              /* every entry */
};

/* Export states of a package of a named module (Package.exports). */
enum { MOD_EXP_NONE = 0, MOD_EXP_UNQUALIFIED = 1, MOD_EXP_ALL_UNNAMED = 2 };

/* The result of the module part of a class access check, as HotSpot distinguishes it. */
typedef enum { MOD_ACCESS_OK, MOD_NOT_READABLE, MOD_NOT_EXPORTED } ModAccess;

/* c was defined from bytes an agent's ClassFileLoadHook changed: if its module is named,
 * it reads the unnamed modules of the boot and application loaders from now on, for the
 * VM's checks at once and for Java's (jdk.internal.module.Modules.transformedByAgent), so
 * that instrumented code may call an agent's classes, as in HotSpot. */
void mod_transformed_by_agent(Thread *t, Class *c);

/* Takes the entries of an unloaded loader off the module graph's list (world stopped). */
void mod_forget_loader(LoaderData *ld);
/* Frees the entries taken off since the last call, after dropping them from the reads of
 * the other entries and the qualified exports of the live loaders' packages (world stopped,
 * the dead loaders off ld_all). */
void mod_free_forgotten(void);

/* java.base's entry; NULL until JVM_DefineModule has defined it (then nothing is checked). */
ModuleEntry *mod_java_base(void);

/* The entry of a java.lang.Module object: its own, or its loader's unnamed module's. */
ModuleEntry *mod_entry_of(Thread *t, Object *module);
/* The module a class belongs to (arrays: their element's; primitive types: java.base):
 * the named module owning its package in its loader, else the loader's unnamed module.
 * NULL before the module system is up. */
ModuleEntry *mod_entry_of_class(Thread *t, Class *c);

/* Defines a named module owning `packages` (internal names) of loader ld; false with
 * IllegalStateException pending when a package or the name is taken. */
bool mod_define(Thread *t, jobject module, Symbol *name, LoaderData *ld, bool is_open, Symbol **packages, int n);
/* Defines java.base (its packages may already exist: classes loaded during start-up);
 * false with InternalError pending when it is defined twice. */
bool mod_define_java_base(Thread *t, jobject module, Symbol **packages, int n);
/* Records the boot loader's unnamed module. */
void mod_set_boot_unnamed(Thread *t, jobject module);

/* Runs fn on every module entry (named modules and loaders' unnamed modules), under the
 * module lock: fn must not block or allocate in the heap. */
void mod_foreach(void (*fn)(ModuleEntry *e, void *ctx), void *ctx);

/* from reads to (NULL: every unnamed module).  No effect on an unnamed module. */
void mod_add_read(ModuleEntry *from, ModuleEntry *to);
/* Exports package `pkg` (internal name) of from to `to` (NULL: to everyone); with
 * all_unnamed, to every unnamed module.  No effect if from is unnamed or open.  False
 * (nothing pending) if from has no such package. */
bool mod_add_export(ModuleEntry *from, Symbol *pkg, ModuleEntry *to, bool all_unnamed);

/* The module check of JVMS 5.4.4 for a public class `to` (an instance class) seen from
 * `from`, both in different run-time packages. */
ModAccess mod_check_access(Thread *t, Class *from, Class *to);
/* HotSpot's message for a failed mod_check_access ("class A (in module m) cannot access
 * class B (in unnamed module @0x1b6d3586) because module m does not read ..."). */
void mod_access_message(Thread *t, char *buf, size_t n, Class *from, Class *to, ModAccess r);

#endif
