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
#include "runtime/mirror.h"
#include "runtime/thread.h"

bool vt_is_array_of(VType t, const char *comps) {
    return t.k == VT_NULL || (vt_is_array(t) && strchr(comps, t.name->str[1]) != NULL);
}

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

/* ---- descriptors, translated once per VM ----
 * Translating a descriptor interns each class name in it (a hash and a locked table probe
 * per name), and classes name the same descriptors again and again.  So each descriptor
 * Symbol is translated once and kept for the life of the VM, as Symbols are, in a table
 * found by the Symbol's address: open addressing, slots filled by compare-and-swap and
 * never changed after, so readers take no lock.  When the table is half full, further
 * descriptors are translated into the method's arena each time. */

#define SIG_SLOTS 65536u
static VSig **sig_table;
static unsigned sig_count;

static VSig **sig_slots(void) {
    VSig **t = __atomic_load_n(&sig_table, __ATOMIC_ACQUIRE);
    if (t) return t;
    VSig **n = vm_calloc(SIG_SLOTS, sizeof *n);
    if (__atomic_compare_exchange_n(&sig_table, &t, n, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return n;
    vm_free(n);
    return t;
}

static size_t sig_hash(const Symbol *desc) {
    return (size_t)(((uint64_t)(uintptr_t)desc >> 3) * 0x9E3779B97F4A7C15ull >> 40) & (SIG_SLOTS - 1);
}

static int desc_slots(const char *d, const char *end) {
    int n = 0;
    while (d < end) {
        n += *d == 'J' || *d == 'D' ? 2 : 1;
        d = cf_skip_field_desc(d);
    }
    return n;
}

/* `keep`: in vm_malloc'd memory, for the table; else in the method's arena. */
static VSig *sig_translate(Vfy *V, Symbol *desc, bool keep) {
    const char *d = desc->str, *close = desc->str[0] == '(' ? strchr(desc->str, ')') : NULL;
    int nargs = close ? desc_slots(d + 1, close) : 0;
    size_t size = sizeof(VSig) + (size_t)(nargs + 1) * sizeof(VType);
    VSig *s = keep ? vm_malloc(size) : vfy_alloc(V, size);
    s->desc = desc;
    s->nargs = s->nret = 0;
    if (close) {    /* the parser has checked the descriptor: the bounds are only a guard */
        for (d++; *d && *d != ')' && s->nargs < nargs;) s->nargs += vfy_desc_types(V, &d, s->args + s->nargs);
        if (*d == ')') d++;
    }
    if (*d && *d != 'V') s->nret = vfy_desc_types(V, &d, s->ret);
    return s;
}

const VSig *vfy_sig(Vfy *V, Symbol *desc) {
    VSig **t = sig_slots();
    size_t i = sig_hash(desc);
    for (VSig *s; (s = __atomic_load_n(&t[i], __ATOMIC_ACQUIRE)) != NULL; i = (i + 1) & (SIG_SLOTS - 1))
        if (s->desc == desc) return s;
    if (__atomic_load_n(&sig_count, __ATOMIC_RELAXED) >= SIG_SLOTS / 2) return sig_translate(V, desc, false);
    VSig *s = sig_translate(V, desc, true);
    for (;; i = (i + 1) & (SIG_SLOTS - 1)) {
        VSig *was = NULL;
        if (__atomic_compare_exchange_n(&t[i], &was, s, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            __atomic_fetch_add(&sig_count, 1, __ATOMIC_RELAXED);
            return s;
        }
        if (was->desc == desc) {        /* another thread's, just now */
            vm_free(s);
            return was;
        }
    }
}

/* A hidden class, and a redefinition's new version (whose mirror still names the loaded
 * class), are themselves under their own name: the new version may have other supertypes.
 * A hidden class is itself under its hidden name only (its this_class entry stands for it:
 * vfy_class_type); the name of its class file, in a descriptor, names another class, to
 * be loaded, as in HotSpot: a hidden class whose descriptors name it fails to link with
 * NoClassDefFoundError. */
Class *vfy_load(Vfy *V, Symbol *name) {
    if ((V->c->flags & CF_HIDDEN) && name == V->c->name) return V->c;
    if (name == V->c->name && V->c->mirror && mirror_class(V->c->mirror) != V->c) return V->c;
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

bool vfy_assignable_full(Vfy *V, VType to, VType from, bool protected_ctx) {
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
    if (t.k == VT_REF) {        /* printed a character at a time by HotSpot: never cut */
        vfy_appendf(buf, len, "'");
        vfy_appendf(buf, len, "%s", t.name->str);
        vfy_appendf(buf, len, "'");
    }
    else if (t.k == VT_UNINIT) vfy_appendf(buf, len, "uninitialized %d", t.bci);
    else vfy_appendf(buf, len, "%s", NAMES[t.k]);
}
