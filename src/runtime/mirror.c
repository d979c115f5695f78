/*
 * mirror.c — creating java.lang.Class instances.
 *
 * Mirrors are made at load time (statics live in them, so their size is known once the
 * class's static fields are laid out, which link.c does early for this reason).  Classes
 * loaded before java.lang.Class itself is linked — Object, String, Class and their
 * supertypes — get theirs in mirror_init.  Array mirrors point to their component's mirror.
 * The `module` field stays null until java.base's Module exists; JVM_DefineModule then
 * patches the mirrors made so far (mirror_fixup_modules).
 */
#include "runtime/mirror.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "runtime/jstring.h"
#include "classfile/loader.h"
#include "classfile/link.h"
#include "heap/heap.h"
#include "jvmti/jvmti_export.h"

uint32_t mirror_klass_off, mirror_pd_off, mirror_signers_off, mirror_loader_off, mirror_component_off,
    mirror_module_off, mirror_name_off, mirror_classdata_off;

/* Set once java.base is defined: until then every boot class belongs to java.base, whose
 * Module does not exist yet, and mirror_fixup_modules patches their mirrors. */
static bool java_base_defined;

/* The Module object for classes of c's package, NULL before modules exist. */
static Object *module_of(Class *c) {
    Class *e = class_is_array(c) ? c->element : c;
    if (class_is_primitive(e)) {
        Package *jl = ld_find_package(ld_boot, sym_intern_cstr("java/lang"), false);
        return jl ? jl->module : NULL;
    }
    Package *p = ld_package_of(e);
    if (p && p->module) return p->module;
    /* until java.base is defined every boot class belongs to it: leave the module unset
     * for mirror_fixup_modules, even once the boot loader's unnamed module exists */
    if (!e->loader) return java_base_defined ? ld_boot->unnamed_module : NULL;
    static uint32_t unnamed_off;
    uint32_t off = class_field_offset_cached(&unnamed_off, VMC(ClassLoader), "unnamedModule", "Ljava/lang/Module;");
    return off ? OBJ_FIELD(e->loader, off, Object *) : NULL;
}

void link_layout_statics_early(Thread *t, Class *c);

static void set_mirror_class(Object *m, void *c) { OBJ_FIELD(m, mirror_klass_off, Class *) = c; }

bool mirror_create(Thread *t, Class *c) {
    if (c->mirror) return true;
    if (class_is_array(c) && !c->component->mirror && !mirror_create(t, c->component)) return false;
    uint32_t size;
    if (class_is_array(c) || class_is_primitive(c)) {
        size = c->mirror_size = VMC(Class)->instance_size;
    } else {
        if (!c->mirror_size) link_layout_statics_early(t, c);
        size = c->mirror_size;
    }
    Object *m = heap_alloc_sized_init(t, VMC(Class), size, set_mirror_class, c);
    if (!m) return false;
    HEAP_SET_FIELD(m, mirror_loader_off, c->loader);
    if (class_is_array(c)) HEAP_SET_FIELD(m, mirror_component_off, c->component->mirror);
    HEAP_SET_FIELD(m, mirror_module_off, module_of(c));
    if (JVMTI_ALLOC_HOOK_ON()) m = jvmti_object_alloc(t, m, heap_object_size(m));
    Object *expected = NULL;
    if (!__atomic_compare_exchange_n(&c->mirror, &expected, m, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        /* another thread made it first; ours becomes garbage */
    }
    return true;
}

static bool make_all(Thread *t) {
    for (int i = 0; i <= T_VOID; i++)
        if (vm_primitive[i] && !mirror_create(t, vm_primitive[i])) return false;
    for (Class *c = ld_class_list; c; c = c->next)
        if (!mirror_create(t, c)) return false;
    return true;
}

bool mirror_init(Thread *t) {
    Class *jlc = VMC(Class);
    mirror_klass_off = vmc_field_offset(jlc, "klass", "J");
    mirror_pd_off = vmc_field_offset(jlc, "protection_domain", "Ljava/lang/Object;");
    mirror_signers_off = vmc_field_offset(jlc, "signers", "Ljava/lang/Object;");
    mirror_loader_off = vmc_field_offset(jlc, "classLoader", "Ljava/lang/ClassLoader;");
    mirror_component_off = vmc_field_offset(jlc, "componentType", "Ljava/lang/Class;");
    mirror_module_off = vmc_field_offset(jlc, "module", "Ljava/lang/Module;");
    mirror_name_off = vmc_field_offset(jlc, "name", "Ljava/lang/String;");
    mirror_classdata_off = vmc_field_offset(jlc, "classData", "Ljava/lang/Object;");
    return make_all(t);
}

void mirror_fixup_modules(Object *java_base_module) {
    java_base_defined = true;
    for (int i = 0; i <= T_VOID; i++)
        if (vm_primitive[i] && vm_primitive[i]->mirror)
            HEAP_SET_FIELD(vm_primitive[i]->mirror, mirror_module_off, java_base_module);
    for (Class *c = ld_class_list; c; c = c->next) {
        if (!c->mirror || OBJ_FIELD(c->mirror, mirror_module_off, Object *)) continue;
        Class *e = class_is_array(c) ? c->element : c;
        if (e->loader == NULL && !class_is_primitive(e)) {
            Object *m = module_of(c);
            HEAP_SET_FIELD(c->mirror, mirror_module_off, m ? m : java_base_module);
        } else if (class_is_primitive(e)) {
            HEAP_SET_FIELD(c->mirror, mirror_module_off, java_base_module);
        }
    }
}

Object *mirror_name(Thread *t, Class *c) {
    /* two threads may name the class at once, as Class.getName() may in Java: both make the
     * same interned string, and the field is read as the other's store may be writing it */
    Object *s = __atomic_load_n(&OBJ_FIELD(c->mirror, mirror_name_off, Object *), __ATOMIC_RELAXED);
    if (s) return s;
    StrBuf name = { 0 };
    sb_class_name(&name, c);
    s = jstr_intern_sym(t, sym_intern_cstr(name.s));
    vm_free(name.s);
    if (s) HEAP_SET_FIELD(c->mirror, mirror_name_off, s);
    return s;
}
