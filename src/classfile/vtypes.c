/*
 * vtypes.c — verification types (JVMS 4.10.1.2) and their assignability.
 *
 * Types compare by kind and, for references, by interned name, so most checks need no
 * class.  When two different reference names meet, assignability needs the class
 * hierarchy: like HotSpot's verifier, the target class is loaded through the verified
 * class's loader (a missing class is the NoClassDefFoundError a HotSpot user sees at the
 * same moment), an interface target accepts any non-array reference (the spec's rule: the
 * check is left to invokeinterface at run time), and otherwise the source class is loaded
 * and its superclass chain searched.  Arrays compare component by component.
 *
 * Without a thread (the fuzz target drives the verifier with no VM) nothing is loaded and
 * a check that would need a class answers yes.
 */
#include "classfile/vfy_internal.h"
#include "classfile/loader.h"
#include "classfile/classfile.h"
#include "runtime/vm.h"
#include "runtime/thread.h"

VType vt_of(VKind k) { return (VType){ (uint8_t)k, 0, NULL }; }
VType vt_ref(Symbol *name) { return (VType){ VT_REF, 0, name }; }
VType vt_uninit(uint16_t bci) { return (VType){ VT_UNINIT, bci, NULL }; }

bool vt_eq(VType a, VType b) {
    if (a.k != b.k) return false;
    if (a.k == VT_REF) return a.name == b.name;
    return (a.k != VT_UNINIT && a.k != VT_RETADDR) || a.bci == b.bci;
}

bool vt_is_ref(VType t) { return t.k == VT_REF || t.k == VT_NULL; }
bool vt_is_uninit(VType t) { return t.k == VT_UNINIT || t.k == VT_UNINIT_THIS; }
bool vt_is_array(VType t) { return t.k == VT_REF && t.name->str[0] == '['; }
bool vt_is_object(VType t) { return t.k == VT_REF && t.name->str[0] != '['; }
bool vt_is_cat2(VType t) { return t.k == VT_LONG || t.k == VT_DOUBLE; }
bool vt_is_cat2_2nd(VType t) { return t.k == VT_LONG2 || t.k == VT_DOUBLE2; }

bool vt_is_cat1(VType t) {
    return t.k == VT_INT || t.k == VT_FLOAT || vt_is_ref(t) || vt_is_uninit(t) || (t.k >= VT_BOOL && t.k <= VT_SHORT) ||
           t.k == VT_RETADDR;
}

bool vt_is_array_of(VType t, const char *comps) {
    return t.k == VT_NULL || (vt_is_array(t) && strchr(comps, t.name->str[1]) != NULL);
}

VType vt_second_half(VType t) { return vt_of(t.k == VT_LONG ? VT_LONG2 : VT_DOUBLE2); }

/* The component of an array type: primitives keep their exact kind (boolean, byte, ...). */
VType vt_component(VType arr) {
    const char *s = arr.name->str + 1;
    static const struct { char c; uint8_t k; } PRIMS[] = {
        { 'Z', VT_BOOL }, { 'B', VT_BYTE }, { 'C', VT_CHAR }, { 'S', VT_SHORT },
        { 'I', VT_INT }, { 'F', VT_FLOAT }, { 'J', VT_LONG }, { 'D', VT_DOUBLE },
    };
    for (size_t i = 0; i < ARRAY_LEN(PRIMS); i++)
        if (*s == PRIMS[i].c) return vt_of((VKind)PRIMS[i].k);
    if (*s == '[') return vt_ref(sym_intern(s, strlen(s)));
    if (*s == 'L') return vt_ref(sym_intern(s + 1, strlen(s) - 2));
    return vt_of(VT_TOP);
}

int vfy_desc_types(Vfy *V, const char **s, VType out[2]) {
    UNUSED(V);
    const char *p = *s;
    switch (*p) {
    case 'J': *s = p + 1; out[0] = vt_of(VT_LONG); out[1] = vt_of(VT_LONG2); return 2;
    case 'D': *s = p + 1; out[0] = vt_of(VT_DOUBLE); out[1] = vt_of(VT_DOUBLE2); return 2;
    case 'F': *s = p + 1; out[0] = vt_of(VT_FLOAT); return 1;
    case 'L': {
        const char *e = strchr(p, ';');
        out[0] = vt_ref(sym_intern(p + 1, (size_t)(e - p - 1)));
        *s = e + 1;
        return 1;
    }
    case '[': {
        const char *e = cf_skip_field_desc(p);
        out[0] = vt_ref(sym_intern(p, (size_t)(e - p)));
        *s = e;
        return 1;
    }
    default: *s = p + 1; out[0] = vt_of(VT_INT); return 1;
    }
}

/* A hidden class's own Class entry keeps the name of its class file, the class itself has
 * a name with a suffix: both stand for the class being verified. */
VType vfy_class_type(Vfy *V, uint16_t idx) {
    if (idx == V->c->this_class) return V->this_type;
    return vt_ref(cp_class_name(&V->c->cp, idx));
}

Class *vfy_load(Vfy *V, Symbol *name) {
    if ((V->c->flags & CF_HIDDEN) && (name == V->c->name || name == cp_class_name(&V->c->cp, V->c->this_class)))
        return V->c;
    return ld_load(V->t, name, V->c->loader ? &V->c->loader : NULL, false);
}

static Class *load_or_fail(Vfy *V, Symbol *name) {
    Class *k = vfy_load(V, name);
    if (!k) vfy_pending(V);
    return k;
}

static bool inherits(const Class *from, const Class *to) {
    for (; from; from = from->super)
        if (from == to) return true;
    return false;
}

/* HotSpot's rule for two different reference names, `to` naming a class or interface. */
static bool object_assignable(Vfy *V, Symbol *to, VType from, bool protected_ctx) {
    if (!V->t) return true;
    Class *tc = load_or_fail(V, to);
    if (class_is_interface(tc) && (!protected_ctx || from.name != sym_java_lang_Object))
        return !vt_is_array(from) || to == sym_java_lang_Cloneable || to == sym_java_io_Serializable;
    if (!vt_is_object(from)) return false;
    return inherits(load_or_fail(V, from.name), tc);
}

static bool component_assignable(Vfy *V, VType to, VType from, bool protected_ctx) {
    if (vt_eq(to, from) || to.k == VT_TOP) return true;
    if (to.k >= VT_BOOL && to.k <= VT_SHORT) return false;
    return vfy_assignable(V, to, from, protected_ctx);
}

static bool reference_assignable(Vfy *V, VType to, VType from, bool protected_ctx) {
    if (from.k == VT_NULL) return true;
    if (to.k == VT_NULL) return false;
    if (to.name == from.name) return true;
    if (vt_is_object(to)) {
        if (to.name == sym_java_lang_Object) return true;
        return object_assignable(V, to.name, from, protected_ctx);
    }
    if (vt_is_array(to) && vt_is_array(from)) {
        VType ct = vt_component(to), cf = vt_component(from);
        if (ct.k != VT_TOP && cf.k != VT_TOP) return component_assignable(V, ct, cf, protected_ctx);
    }
    return false;
}

bool vfy_assignable(Vfy *V, VType to, VType from, bool protected_ctx) {
    if (vt_eq(to, from) || to.k == VT_TOP) return true;
    switch (to.k) {
    case VQ_CAT1: return vt_is_cat1(from);
    case VQ_CAT2: return vt_is_cat2(from);
    case VQ_CAT2_2ND: return vt_is_cat2_2nd(from);
    case VQ_REF: return vt_is_ref(from) || vt_is_uninit(from);
    case VT_BOOL: case VT_BYTE: case VT_CHAR: case VT_SHORT: return from.k == VT_INT;
    default: return vt_is_ref(to) && vt_is_ref(from) && reference_assignable(V, to, from, protected_ctx);
    }
}

/* A type as HotSpot's VerificationType::print_on shows it. */
void vfy_append_type(char **buf, size_t *len, VType t) {
    static const char *const NAMES[] = {
        [VT_TOP] = "top", [VT_INT] = "integer", [VT_FLOAT] = "float", [VT_LONG] = "long", [VT_DOUBLE] = "double",
        [VT_LONG2] = "long_2nd", [VT_DOUBLE2] = "double_2nd", [VT_NULL] = "null", [VT_UNINIT_THIS] = "uninitializedThis",
        [VT_BOOL] = "boolean", [VT_BYTE] = "byte", [VT_CHAR] = "char", [VT_SHORT] = "short",
        [VQ_REF] = "reference type", [VQ_CAT1] = "category1 type", [VQ_CAT2] = "category2 type",
        [VQ_CAT2_2ND] = "category2_2nd type", [VT_RETADDR] = "returnAddress",
    };
    if (t.k == VT_REF) vfy_appendf(buf, len, "'%s'", t.name->str);
    else if (t.k == VT_UNINIT) vfy_appendf(buf, len, "uninitialized %d", t.bci);
    else vfy_appendf(buf, len, "%s", NAMES[t.k]);
}
