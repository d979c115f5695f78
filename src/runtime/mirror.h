/*
 * mirror.h — java.lang.Class instances ("mirrors") and their link to Class records.
 *
 * Each Class has exactly one mirror, made when it is loaded.  A mirror is a java.lang.Class
 * object followed by the class's static fields, so (mirror, offset) pairs address statics
 * the way Unsafe.staticFieldBase/staticFieldOffset expect.  Its size therefore differs per
 * class (Class.mirror_size), which the collector reads through the injected field
 * `klass` (the Class* the mirror stands for).  The VM also injects `protection_domain`
 * and `signers`; it sets the Java fields classLoader, componentType and module.
 */
#ifndef LOUPE_MIRROR_H
#define LOUPE_MIRROR_H

#include "loupe.h"
#include "classfile/class.h"
#include "heap/object.h"

extern uint32_t mirror_klass_off;       /* injected: Class * */
extern uint32_t mirror_pd_off;          /* injected: ProtectionDomain */
extern uint32_t mirror_signers_off;     /* injected: Object[] */
extern uint32_t mirror_loader_off;      /* classLoader */
extern uint32_t mirror_component_off;   /* componentType */
extern uint32_t mirror_module_off;      /* module */
extern uint32_t mirror_name_off;        /* name */
extern uint32_t mirror_classdata_off;   /* classData */

static inline Class *mirror_class(Object *m) { return OBJ_FIELD(m, mirror_klass_off, Class *); }

/* Creates c's mirror (java.lang.Class must be linked). */
bool mirror_create(Thread *t, Class *c);
/* After java.lang.Class is linked: mirrors for the classes loaded before it. */
bool mirror_init(Thread *t);
/* Class.getName()'s string, made once (interned) and kept in the mirror's `name` field, as
 * HotSpot does: stack trace elements share it.  NULL with an exception pending. */
Object *mirror_name(Thread *t, Class *c);
/* Module fix-up when java.base's Module object appears (JVM_DefineModule of java.base). */
void mirror_fixup_modules(Object *java_base_module);

#endif
