/*
 * vmclasses.c — the classes the VM refers to by name, the offsets of their fields, and the
 * primitive classes.
 *
 * Field offsets are looked up on first use, often by several threads at once (two
 * threads building their first stack traces).  Each looks them all up into its own copy;
 * the first to take the lazy-initialisation lock stores them, the guard last, so that no
 * thread ever reads an offset that is not there yet (tests/unit/test_ste_offsets).
 */
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "classfile/loader.h"
#include "classfile/link.h"
#include <string.h>

Class *vm_classes[VMC_COUNT];
const char *const vm_class_names[VMC_COUNT] = {
#define VMC_NAME(id, name) name,
    VM_CLASSES(VMC_NAME)
#undef VMC_NAME
};
Class *vm_primitive[T_VOID + 1];

Class *vmc_get(Thread *t, VMClassId id) {
    Class *c = __atomic_load_n(&vm_classes[id], __ATOMIC_ACQUIRE);
    if (c) return c;
    c = ld_load(t, sym_intern_cstr(vm_class_names[id]), NULL, false);
    if (!c || !link_class(t, c)) return NULL;
    __atomic_store_n(&vm_classes[id], c, __ATOMIC_RELEASE);
    return c;
}

uint32_t vmc_field_offset(const Class *c, const char *name, const char *desc) {
    Field *f = class_find_declared_field(c, sym_intern_cstr(name), sym_intern_cstr(desc));
    if (!f) vm_fatal("%s.%s:%s missing", c->name->str, name, desc);
    return f->offset;
}

#define VMC_MAX_FIELDS 32

void vmc_field_offsets(const Class *c, const VmcField *fields, int n, uint32_t *off) {
    if (vmc_offsets_ready(&off[n - 1])) return;
    if (n > VMC_MAX_FIELDS) vm_fatal("vmc_field_offsets: %d fields of %s", n, c->name->str);
    uint32_t got[VMC_MAX_FIELDS];
    for (int i = 0; i < n; i++) got[i] = vmc_field_offset(c, fields[i].name, fields[i].desc);
    vm_lazy_begin();
    if (!off[n - 1]) {
        memcpy(off, got, (size_t)(n - 1) * sizeof *off);
        __atomic_store_n(&off[n - 1], got[n - 1], __ATOMIC_RELEASE);
    }
    vm_lazy_end();
}

/* The nine primitive classes; their mirrors come with the other early mirrors. */
void vm_make_primitives(void) {
    static const BasicType types[] = { T_BOOLEAN, T_CHAR, T_FLOAT, T_DOUBLE, T_BYTE, T_SHORT, T_INT, T_LONG, T_VOID };
    for (size_t i = 0; i < ARRAY_LEN(types); i++) {
        Class *c = vm_calloc(1, sizeof *c);
        c->name = sym_intern_cstr(bt_name(types[i]));
        c->flags = CF_PRIMITIVE;
        c->access = JVM_ACC_PUBLIC | JVM_ACC_FINAL | JVM_ACC_ABSTRACT;
        c->elem_type = (uint8_t)types[i];
        __atomic_store_n(&c->state, CS_INITIALIZED, __ATOMIC_RELEASE);
        c->ld = ld_boot;
        vm_primitive[types[i]] = c;
    }
}
