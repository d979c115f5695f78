/*
 * vmclasses.c — the classes the VM refers to by name, and the primitive classes.
 */
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "classfile/loader.h"
#include "classfile/link.h"

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
