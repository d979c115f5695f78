/*
 * mhn.c — java.lang.invoke.MemberName from the VM side and the MethodHandleNatives natives.
 *
 * A MemberName is filled from a Method (stack walking, MethodHandleNatives.init/expand) or
 * resolved from its symbolic form (class, name, type, reference kind) by
 * MethodHandleNatives.resolve, which links it the way the JVM links the instruction of that
 * reference kind — same lookups, same static/interface checks, same access check for the
 * lookup class, HotSpot's messages — because the JDK maps those errors to the exceptions
 * Lookup.find* throws.  CONSTANT_MethodHandle resolution (callsite.c) runs the same check
 * first, so its errors reach the ldc unwrapped, as on HotSpot.
 *
 * The signature-polymorphic intrinsics invokeBasic/linkTo* get VM-made Methods per
 * signature; field offsets, static bases and call-site target updates are here too.
 */
#include "native/mhn.h"
#include "classfile/classfile.h"
#include "interp/interp.h"
#include "native/natives.h"
#include "native/jni_internal.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "classfile/resolve.h"
#include "runtime/exception.h"
#include "heap/heap.h"
#include "runtime/jstring.h"
#include "runtime/vm.h"
#include <stdio.h>
#include <stdlib.h>

MhnOffsets mhn;

static const VmcField rmn_fields[] = { { "vmtarget", "J" }, { "vmholder", "Ljava/lang/Object;" } };
static const VmcField mn_fields[] = {
    { "name", "Ljava/lang/String;" }, { "type", "Ljava/lang/Object;" }, { "flags", "I" },
    { "method", "Ljava/lang/invoke/ResolvedMethodName;" }, { "vmindex", "J" }, { "clazz", "Ljava/lang/Class;" },
};
_Static_assert(sizeof mhn == (ARRAY_LEN(rmn_fields) + ARRAY_LEN(mn_fields)) * sizeof(uint32_t), "one offset per field");

/* ResolvedMethodName's first, so that MemberName's guard covers both. */
bool mhn_init_offsets(Thread *t) {
    if (vmc_offsets_ready(&mhn.mn_clazz)) return true;
    Class *mn = vmc_get(t, VMC_MemberName), *rmn = vmc_get(t, VMC_ResolvedMethodName);
    if (!mn || !rmn) return false;
    uint32_t *off = (uint32_t *)&mhn;
    vmc_field_offsets(rmn, rmn_fields, (int)ARRAY_LEN(rmn_fields), off);
    vmc_field_offsets(mn, mn_fields, (int)ARRAY_LEN(mn_fields), off + ARRAY_LEN(rmn_fields));
    return true;
}

static int ref_kind_of(Method *m) {
    if (m->name == sym_init) return REF_newInvokeSpecial;
    if (method_is_static(m)) return REF_invokeStatic;
    if (method_is_private(m)) return REF_invokeSpecial;
    /* interface methods have no vtable slot but an itable index */
    if (class_is_interface(m->holder)) return REF_invokeInterface;
    /* a method that binds statically (final, or of a final class) is a direct call, as
     * HotSpot reports it: the JDK then checks the receiver of one named through an
     * interface (Object.getClass via an interface) */
    if ((m->access & JVM_ACC_FINAL) || (m->holder->access & JVM_ACC_FINAL)) return REF_invokeSpecial;
    return m->vtable_index < 0 ? REF_invokeSpecial : REF_invokeVirtual;
}

bool mhn_fill_from_method(Thread *t, Object **mn, Method *m) {
    if (!mhn_init_offsets(t)) return false;
    Class *rc = VMC(ResolvedMethodName);
    if (!class_init(t, rc)) return false;
    Object *r = heap_alloc_object(t, rc);
    if (!r) return false;
    OBJ_FIELD(r, mhn.rmn_vmtarget, jlong) = (jlong)(intptr_t)m;
    HEAP_SET_FIELD(r, mhn.rmn_vmholder, m->holder->mirror);
    HEAP_SET_FIELD(*mn, mhn.mn_method, r);
    HEAP_SET_FIELD(*mn, mhn.mn_clazz, m->holder->mirror);
    int kind = ref_kind_of(m);
    jint flags = (m->access & 0xFFFF) | (m->name == sym_init ? MN_IS_CONSTRUCTOR : MN_IS_METHOD) | (kind << MN_REFERENCE_KIND_SHIFT);
    if (m->flags & MF_CALLER_SENSITIVE) flags |= MN_CALLER_SENSITIVE;
    OBJ_FIELD(*mn, mhn.mn_flags, jint) = flags;
    jlong vmindex = kind == REF_invokeVirtual ? m->vtable_index : kind == REF_invokeInterface ? m->itable_index : VMINDEX_NONVIRTUAL;
    OBJ_FIELD(*mn, mhn.mn_vmindex, jlong) = vmindex;
    Object *name = jstr_intern_sym(t, m->name);
    if (!name) return false;
    HEAP_SET_FIELD(*mn, mhn.mn_name, name);
    Object *type = jstr_intern_sym(t, m->desc);
    if (!type) return false;
    HEAP_SET_FIELD(*mn, mhn.mn_type, type);
    return true;
}

/* ---- descriptors of java.lang.invoke types ---- */

static void append_class_desc(StrBuf *b, Class *c) {
    if (class_is_primitive(c)) {
        char one = bt_to_char((BasicType)c->elem_type);
        sb_putn(b, &one, 1);
    } else if (class_is_array(c)) {
        sb_puts(b, c->name->str);
    } else {
        sb_putn(b, "L", 1);
        sb_puts(b, c->name->str);
        sb_putn(b, ";", 1);
    }
}

/* MethodType's ptypes and rtype (the guard). */
static struct { uint32_t ptypes, rtype; } mt_off;
static const VmcField mt_fields[] = { { "ptypes", "[Ljava/lang/Class;" }, { "rtype", "Ljava/lang/Class;" } };

/* The descriptor a MemberName's `type` stands for: a MethodType, a Class (fields) or a
 * descriptor String. */
static Symbol *type_descriptor(Thread *t, Object *type, bool field) {
    if (!type) return NULL;
    if (type->klass == VMC(String)) return jstr_to_symbol(type, false);
    if (field && type->klass != VMC(Class)) return NULL;
    if (!field && !vmc_offsets_ready(&mt_off.rtype)) {
        Class *mt = ld_load_boot_or_null(t, sym_intern_cstr("java/lang/invoke/MethodType"));
        if (!mt) return NULL;
        vmc_field_offsets(mt, mt_fields, (int)ARRAY_LEN(mt_fields), (uint32_t *)&mt_off);
    }
    StrBuf b = { 0 };       /* 255 parameters of long class names pass any fixed size */
    if (field) {
        append_class_desc(&b, mirror_class(type));
    } else {
        Object *ptypes = OBJ_FIELD(type, mt_off.ptypes, Object *);
        sb_putn(&b, "(", 1);
        for (jint i = 0; ptypes && i < array_length(ptypes); i++)
            append_class_desc(&b, mirror_class(ARRAY_ELEMS(ptypes, Object *)[i]));
        sb_putn(&b, ")", 1);
        append_class_desc(&b, mirror_class(OBJ_FIELD(type, mt_off.rtype, Object *)));
    }
    Symbol *s = sym_intern_cstr(b.s);
    vm_free(b.s);
    return s;
}

/* ---- filling MemberNames ---- */

/* A resolved method; defc is the class the reference named. */
static bool fill_method(Thread *t, Object **mn, Method *m, int ref_kind, Class *defc) {
    if (!mhn_fill_from_method(t, mn, m)) return false;
    jint flags = OBJ_FIELD(*mn, mhn.mn_flags, jint);
    int kind = (flags >> MN_REFERENCE_KIND_SHIFT) & MN_REFERENCE_KIND_MASK;
    jlong vmindex = kind == REF_invokeVirtual ? m->vtable_index : kind == REF_invokeInterface ? m->itable_index : VMINDEX_NONVIRTUAL;
    if (ref_kind == REF_invokeSpecial && kind != REF_newInvokeSpecial) {
        /* a requested invokeSpecial stays special */
        kind = REF_invokeSpecial;
        vmindex = VMINDEX_NONVIRTUAL;
    } else if (ref_kind == REF_invokeVirtual && kind == REF_invokeInterface) {
        /* an interface's default (or abstract) method named through a class is a virtual
         * call on that class, as HotSpot reports it; linkToVirtual dispatches it through
         * the itable, whose index vmindex keeps */
        kind = REF_invokeVirtual;
        if (!class_is_interface(defc)) HEAP_SET_FIELD(*mn, mhn.mn_clazz, defc->mirror);
    }
    flags = (flags & ~(MN_REFERENCE_KIND_MASK << MN_REFERENCE_KIND_SHIFT)) | (kind << MN_REFERENCE_KIND_SHIFT);
    OBJ_FIELD(*mn, mhn.mn_flags, jint) = flags;
    OBJ_FIELD(*mn, mhn.mn_vmindex, jlong) = vmindex;
    return true;
}

static void fill_field(Object *mn, Field *f, int ref_kind) {
    HEAP_SET_FIELD(mn, mhn.mn_clazz, f->holder->mirror);
    jint flags = (f->access & 0xFFFF) | MN_IS_FIELD | (ref_kind << MN_REFERENCE_KIND_SHIFT);
    if ((f->access & JVM_ACC_FINAL) && (field_is_static(f) || (f->holder->flags & (CF_HIDDEN | CF_HAS_RECORD_ATTR))))
        flags |= MN_TRUSTED_FINAL;
    OBJ_FIELD(mn, mhn.mn_flags, jint) = flags;
    OBJ_FIELD(mn, mhn.mn_vmindex, jlong) = f->offset;
    HEAP_SET_FIELD(mn, mhn.mn_method, NULL);
}

/* ---- resolution ----
 *
 * MethodHandleNatives.resolve links a MemberName as the JVM links the instruction its
 * reference kind stands for (JVMS 5.4.3.3/5.4.3.4, with HotSpot's messages): the same
 * lookups, the static/instance and class/interface checks, and the access check on behalf
 * of the lookup class when there is one (a trusted lookup passes none).  The JDK turns the
 * errors into NoSuchMethodException/IllegalAccessException by their class. */

static Method *method_error(Thread *t, int vmc, const char *what, Class *c, Method *m) {
    cp_throw_method_error(t, vmc, what, c, m->name, m->desc);
    return NULL;
}

/* What an invokespecial of m (resolved in defc) from caller runs, as HotSpot selects it
 * when a method handle is made: m itself, or, for a method of a superclass, the first
 * match from the caller's superclass up; NULL if that is abstract (AbstractMethodError,
 * which Lookup.findSpecial reports as IllegalAccessException). */
static Method *special_target(Class *caller, Class *defc, Method *m) {
    Method *sel = m;
    if (caller && !class_is_interface(defc) && m->name != sym_init && caller != defc && caller->super &&
        class_is_subclass(caller->super, defc))
        sel = link_lookup_method(caller->super, m->name, m->desc);
    return sel && !method_is_abstract(sel) ? sel : NULL;
}

static Method *find_method(Thread *t, Class *defc, Symbol *name, Symbol *desc, int ref_kind, Class *caller) {
    char a[256];
    bool iface = class_is_interface(defc);
    if (ref_kind == REF_invokeInterface && !iface) {
        exc_throw(t, VMC_IncompatibleClassChangeError, "Found class %s, but interface was expected", class_external_name(defc, a, sizeof a));
        return NULL;
    }
    Method *m;
    if (iface && ref_kind == REF_invokeStatic) m = class_find_declared_method(defc, name, desc);
    else m = iface ? link_lookup_interface_method(defc, name, desc) : link_lookup_method(defc, name, desc);
    if (m && name == sym_init && m->holder != defc) {
        /* a constructor is never inherited: "C: method 'void <init>(int)' not found" */
        StrBuf ext = { 0 }, buf = { 0 };
        sb_class_name(&ext, defc);
        cp_describe_method(&buf, defc, name, desc);
        char *at = strstr(buf.s, ext.s);
        if (at) memmove(at, at + ext.len + 1, strlen(at + ext.len + 1) + 1);
        exc_throw(t, VMC_NoSuchMethodError, "%s: method %s not found", ext.s, buf.s);
        vm_free(ext.s);
        vm_free(buf.s);
        return NULL;
    }
    if (!m) {
        cp_throw_method_error(t, VMC_NoSuchMethodError, "", defc, name, desc);
        return NULL;
    }
    if (caller && !access_member_ok(caller, m->holder, defc, m->access)) {
        cp_method_access_error(t, caller, m);
        return NULL;
    }
    if (ref_kind == REF_invokeSpecial && iface && caller && caller != defc) {
        /* invokespecial names the caller's own or a direct superinterface (JVMS 4.9.2) */
        bool direct = false;
        for (uint16_t i = 0; i < caller->ninterfaces; i++) direct |= caller->interfaces[i] == defc;
        if (!direct) {
            StrBuf buf = { 0 };
            cp_describe_method(&buf, m->holder, m->name, m->desc);
            sb_puts(&buf, ", is in an indirect superinterface of ");
            sb_class_name(&buf, caller);
            exc_throw(t, VMC_IncompatibleClassChangeError, "Interface method reference: %s", buf.s);
            vm_free(buf.s);
            return NULL;
        }
    }
    switch (ref_kind) {
    case REF_invokeStatic:
        if (!method_is_static(m)) return method_error(t, VMC_IncompatibleClassChangeError, "Expected static method ", m->holder, m);
        break;
    case REF_invokeInterface:
        if (method_is_static(m)) return method_error(t, VMC_IncompatibleClassChangeError, "Expected instance not static method ", defc, m);
        break;
    default:
        if (method_is_static(m)) return method_error(t, VMC_IncompatibleClassChangeError, "Expecting non-static method ", m->holder, m);
        if (ref_kind == REF_invokeSpecial && !special_target(caller, defc, m))
            return method_error(t, VMC_AbstractMethodError, "", defc, m);
        break;
    }
    return m;
}

/* ---- signature-polymorphic intrinsics as methods ----
 *
 * LambdaForms name MethodHandle.invokeBasic and the linkTo* methods with a concrete
 * signature; resolving such a MemberName yields a VM-made Method for that signature.
 * Bytecode calls of them never reach these (the interpreter rewrites the call sites); a
 * method handle *to* one of them (an interpreted LambdaForm's named function) runs
 * intrinsic_call below, which dispatches exactly like the interpreter's quick forms. */

typedef struct Intrinsic {
    Method m;
    struct Intrinsic *next;
} Intrinsic;
static Intrinsic *intrinsics;
static pthread_mutex_t intrinsics_lock = PTHREAD_MUTEX_INITIALIZER;

static bool intrinsic_call(Thread *t, Slot *args, Slot *ret) {
    Method *self = t->top->method;
    int n = self->arg_slots;
    Method *target;
    Object *recv = NULL;
    if (self->name == sym_invokeBasic) {
        Object *mh = args[0].l;
        if (!mh) {
            exc_npe(t);
            return false;
        }
        extern uint32_t cs_mh_form_off, cs_lf_vmentry_off;
        target = mhn_method_of(OBJ_FIELD(OBJ_FIELD(mh, cs_mh_form_off, Object *), cs_lf_vmentry_off, Object *));
    } else {
        target = mhn_method_of(args[n - 1].l);
        n--;
        if (self->name != sym_linkToStatic) {
            recv = args[0].l;
            if (!recv) {
                exc_npe(t);
                return false;
            }
            if (self->name == sym_linkToVirtual && target->vtable_index >= 0)
                target = recv->klass->vtable[target->vtable_index];
            else if ((self->name == sym_linkToInterface || self->name == sym_linkToVirtual) && class_is_interface(target->holder) &&
                     !method_is_private(target))
                target = interp_dispatch(recv->klass, target);
        }
    }
    if (!target) {
        exc_throw(t, VMC_InternalError, "unlinked method handle intrinsic");
        return false;
    }
    UNUSED(n);
    return interp_call(t, target, args, ret);
}

static Method *intrinsic_method(Thread *t, Class *mh, Symbol *name, Symbol *desc) {
    pthread_mutex_lock(&intrinsics_lock);
    Intrinsic *i;
    for (i = intrinsics; i; i = i->next)
        if (i->m.name == name && i->m.desc == desc) break;
    if (!i) {
        i = vm_calloc(1, sizeof *i);
        Method *m = &i->m;
        BasicType ret;
        bool basic = name == sym_invokeBasic;
        m->holder = mh;
        m->name = name;
        m->desc = desc;
        m->access = JVM_ACC_NATIVE | JVM_ACC_FINAL | (basic ? 0 : JVM_ACC_STATIC);
        m->arg_slots = (uint16_t)(cf_method_arg_slots(desc->str, &ret) + (basic ? 1 : 0));
        m->ret_type = (uint8_t)ret;
        m->kind = MK_VM_NATIVE;
        m->flags = MF_SIG_POLY | MF_INTRINSIC | MF_HIDDEN;
        m->vtable_index = -1;
        m->itable_index = -1;
        m->fast_fn = intrinsic_call;
        i->next = intrinsics;
        intrinsics = i;
    }
    pthread_mutex_unlock(&intrinsics_lock);
    UNUSED(t);
    return &i->m;
}

static bool is_intrinsic_name(Symbol *n) {
    return n == sym_invokeBasic || n == sym_linkToStatic || n == sym_linkToSpecial || n == sym_linkToVirtual ||
           n == sym_linkToInterface;
}

/* A public signature-polymorphic method of MethodHandle or VarHandle (invoke, get, ...). */
static bool is_public_sig_poly(Class *c, Symbol *name) {
    if (c != VMC(MethodHandle) && c != VMC(VarHandle)) return false;
    for (uint16_t i = 0; i < c->nmethods; i++)
        if (c->methods[i].name == name && (c->methods[i].flags & MF_SIG_POLY) && (c->methods[i].access & JVM_ACC_PUBLIC)) return true;
    return false;
}

bool mhn_resolve_constant_member(Thread *t, Class *caller, int ref_kind, Class *defc, Symbol *name, Symbol *desc) {
    if (!link_class(t, defc)) return false;
    if (ref_kind <= REF_putStatic) {
        if (link_lookup_field(defc, name, desc)) return true;
        exc_throw(t, VMC_NoSuchFieldError, "%s", name->str);
        return false;
    }
    if (ref_kind == REF_invokeVirtual && is_public_sig_poly(defc, name)) return true;
    return find_method(t, defc, name, desc, ref_kind, caller) != NULL;
}

static bool resolve(Thread *t, Object **mn, Class *caller, bool speculative) {
    jint flags = OBJ_FIELD(*mn, mhn.mn_flags, jint);
    int ref_kind = (flags >> MN_REFERENCE_KIND_SHIFT) & MN_REFERENCE_KIND_MASK;
    Object *clazz = OBJ_FIELD(*mn, mhn.mn_clazz, Object *);
    Object *name_s = OBJ_FIELD(*mn, mhn.mn_name, Object *);
    if (!clazz || !name_s) {
        exc_throw(t, VMC_IllegalArgumentException, "nothing to resolve");
        return false;
    }
    Class *defc = mirror_class(clazz);
    if (class_is_primitive(defc)) return false;             /* nothing to find: null, no error */
    if (class_is_array(defc)) defc = VMC(Object);            /* arrays have Object's members */
    if (!link_class(t, defc)) return false;
    Symbol *name = jstr_to_symbol(name_s, false);
    if (name == sym_clinit) return false;
    bool is_field = (flags & MN_IS_FIELD) != 0;
    Symbol *desc = type_descriptor(t, OBJ_FIELD(*mn, mhn.mn_type, Object *), is_field);
    if (!desc) {
        if (!speculative) exc_throw(t, VMC_InternalError, "unresolvable member type");
        return false;
    }
    if (is_field) {
        Field *f = link_lookup_field(defc, name, desc);
        if (!f) {
            if (!speculative) exc_throw(t, VMC_NoSuchFieldError, "%s", name->str);
            return false;
        }
        /* the reference kind follows the field found (the JDK itself asks for static
         * fields as getField), keeping the getter/setter distinction */
        bool setter = ref_kind == REF_putField || ref_kind == REF_putStatic;
        fill_field(*mn, f, field_is_static(f) ? (setter ? REF_putStatic : REF_getStatic) : (setter ? REF_putField : REF_getField));
        return true;
    }
    Method *m = defc == VMC(MethodHandle) && is_intrinsic_name(name) ? intrinsic_method(t, defc, name, desc)
                                                                       : find_method(t, defc, name, desc, ref_kind, caller);
    if (!m) return false;
    if ((m->flags & MF_SIG_POLY) && !(m->flags & MF_INTRINSIC)) {
        if (!speculative) exc_throw(t, VMC_UnsupportedOperationException, "cannot resolve %s reflectively", name->str);
        return false;
    }
    return fill_method(t, mn, m, ref_kind, defc);
}

/* MethodHandleNatives.resolve(MemberName, Class caller, int lookupMode, boolean speculative) */
static bool mhn_resolve(Thread *t, Slot *a, Slot *r) {
    if (!mhn_init_offsets(t)) return false;
    if (!a[0].l) {
        exc_npe(t);
        return false;
    }
    bool speculative = a[3].i != 0;
    HandleMark hm = hnd_mark(t);
    Object **mn = hnd_new(t, a[0].l);
    bool ok = resolve(t, mn, a[1].l ? mirror_class(a[1].l) : NULL, speculative);
    if (!ok && getenv("LOUPE_DEBUG_MHN")) {
        Object *nm = OBJ_FIELD(*mn, mhn.mn_name, Object *);
        char *u = nm ? jstr_to_utf8(nm) : vm_strdup("?");
        Object *cl = OBJ_FIELD(*mn, mhn.mn_clazz, Object *);
        fprintf(stderr, "MHN.resolve failed: %s.%s flags=%x spec=%d\n", cl ? mirror_class(cl)->name->str : "?", u,
                OBJ_FIELD(*mn, mhn.mn_flags, jint), speculative);
        vm_free(u);
    }
    r->l = ok ? *mn : NULL;
    hnd_release(t, hm);
    if (!ok && speculative) {
        exc_take(t);
        return true;
    }
    return ok;
}

/* MethodHandleNatives.init(MemberName, Object reflected) */
static bool mhn_init(Thread *t, Slot *a, Slot *r) {
    UNUSED(r);
    if (!mhn_init_offsets(t)) return false;
    Object *ref = a[1].l;
    if (!a[0].l || !ref) {
        exc_npe(t);
        return false;
    }
    Class *k = ref->klass;
    Field *cf = link_lookup_field(k, sym_intern_cstr("clazz"), sym_intern_cstr("Ljava/lang/Class;"));
    Field *sf = link_lookup_field(k, sym_intern_cstr("slot"), sym_intern_cstr("I"));
    if (!cf || !sf) {
        exc_throw(t, VMC_InternalError, "unrecognized reflected member");
        return false;
    }
    Class *holder = mirror_class(OBJ_FIELD(ref, cf->offset, Object *));
    jint slot = OBJ_FIELD(ref, sf->offset, jint);
    HandleMark hm = hnd_mark(t);
    Object **mn = hnd_new(t, a[0].l);
    bool ok = true;
    if (k == VMC(reflect_Field)) {
        Field *f = &holder->fields[slot];
        fill_field(*mn, f, field_is_static(f) ? REF_getStatic : REF_getField);
    } else {
        Method *m = &holder->methods[slot];
        ok = mhn_fill_from_method(t, mn, m);
        if (ok) {
            /* init leaves name and type to be expanded on demand, as HotSpot does */
            HEAP_SET_FIELD(*mn, mhn.mn_name, NULL);
            HEAP_SET_FIELD(*mn, mhn.mn_type, NULL);
        }
    }
    hnd_release(t, hm);
    return ok;
}

static bool mhn_field_offset(Thread *t, Slot *a, Slot *r) {
    if (!mhn_init_offsets(t)) return false;
    if (!a[0].l) {
        exc_npe(t);
        return false;
    }
    r->j = OBJ_FIELD(a[0].l, mhn.mn_vmindex, jlong);
    return true;
}

static bool mhn_static_field_base(Thread *t, Slot *a, Slot *r) {
    if (!mhn_init_offsets(t)) return false;
    if (!a[0].l) {
        exc_npe(t);
        return false;
    }
    r->l = OBJ_FIELD(a[0].l, mhn.mn_clazz, Object *);
    return true;
}

/* getMemberVMInfo: Object[] { Long vmindex, (fields: clazz; methods: the MemberName) } */
static bool mhn_member_vm_info(Thread *t, Slot *a, Slot *r) {
    extern Object *reflect_box(Thread *t, BasicType bt, Slot v);
    if (!mhn_init_offsets(t)) return false;
    HandleMark hm = hnd_mark(t);
    Object **mn = hnd_new(t, a[0].l);
    Object **arr = hnd_new(t, heap_alloc_array(t, ld_array_of(t, VMC(Object)), 2));
    Object *idx = *arr ? reflect_box(t, T_LONG, (Slot){ .j = OBJ_FIELD(*mn, mhn.mn_vmindex, jlong) }) : NULL;
    if (idx) {
        heap_store_ref(*arr, &ARRAY_ELEMS(*arr, Object *)[0], idx);
        bool field = (OBJ_FIELD(*mn, mhn.mn_flags, jint) & MN_IS_FIELD) != 0;
        heap_store_ref(*arr, &ARRAY_ELEMS(*arr, Object *)[1], field ? OBJ_FIELD(*mn, mhn.mn_clazz, Object *) : *mn);
    }
    r->l = idx ? *arr : NULL;
    hnd_release(t, hm);
    return r->l != NULL;
}

static uint32_t callsite_target_off;

static bool set_call_site_target(Thread *t, Slot *a, bool volatile_store) {
    if (!a[0].l) {
        exc_npe(t);
        return false;
    }
    uint32_t off = __atomic_load_n(&callsite_target_off, __ATOMIC_ACQUIRE);
    if (!off) {
        Class *cs = ld_load_boot_or_null(t, sym_intern_cstr("java/lang/invoke/CallSite"));
        if (!cs) return false;
        off = class_field_offset_cached(&callsite_target_off, cs, "target", "Ljava/lang/invoke/MethodHandle;");
    }
    HEAP_SET_FIELD(a[0].l, off, a[1].l);
    if (volatile_store) __atomic_thread_fence(__ATOMIC_SEQ_CST);
    return true;
}

static bool mhn_set_target_normal(Thread *t, Slot *a, Slot *r) {
    UNUSED(r);
    return set_call_site_target(t, a, false);
}

static bool mhn_set_target_volatile(Thread *t, Slot *a, Slot *r) {
    UNUSED(r);
    return set_call_site_target(t, a, true);
}

static bool mhn_get_named_con(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    UNUSED(a);
    r->i = 0;
    return true;
}

static bool mhn_get_members(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    UNUSED(a);
    r->i = 0;
    return true;
}

static bool mhn_copy_out_bsm_args(Thread *t, Slot *a, Slot *r) {
    UNUSED(a);
    UNUSED(r);
    exc_throw(t, VMC_InternalError, "bootstrap arguments are always pushed, never pulled");
    return false;
}

/* MethodHandleNatives.expand(MemberName): fills name and type of a resolved member. */

static bool mhn_expand(Thread *t, Slot *a, Slot *r) {
    UNUSED(r);
    if (!mhn_init_offsets(t)) return false;
    Object *mn = a[0].l;
    if (!mn) {
        exc_npe(t);
        return false;
    }
    Method *m = mhn_method_of(mn);
    if (!m) {
        exc_throw(t, VMC_IllegalArgumentException, "MemberName not resolved");
        return false;
    }
    HandleMark hm = hnd_mark(t);
    bool ok = mhn_fill_from_method(t, hnd_new(t, mn), m);
    hnd_release(t, hm);
    return ok;
}

static bool nop(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    UNUSED(a);
    UNUSED(r);
    return true;
}

#define MHN "java/lang/invoke/MethodHandleNatives"
#define MN "Ljava/lang/invoke/MemberName;"
const VMNative vm_natives_mhn[] = {
    { MHN, "registerNatives", "()V", NULL, nop },
    { MHN, "expand", "(" MN ")V", NULL, mhn_expand },
    { MHN, "resolve", "(" MN "Ljava/lang/Class;IZ)" MN, NULL, mhn_resolve },
    { MHN, "init", "(" MN "Ljava/lang/Object;)V", NULL, mhn_init },
    { MHN, "objectFieldOffset", "(" MN ")J", NULL, mhn_field_offset },
    { MHN, "staticFieldOffset", "(" MN ")J", NULL, mhn_field_offset },
    { MHN, "staticFieldBase", "(" MN ")Ljava/lang/Object;", NULL, mhn_static_field_base },
    { MHN, "getMemberVMInfo", "(" MN ")Ljava/lang/Object;", NULL, mhn_member_vm_info },
    { MHN, "setCallSiteTargetNormal", "(Ljava/lang/invoke/CallSite;Ljava/lang/invoke/MethodHandle;)V", NULL, mhn_set_target_normal },
    { MHN, "setCallSiteTargetVolatile", "(Ljava/lang/invoke/CallSite;Ljava/lang/invoke/MethodHandle;)V", NULL, mhn_set_target_volatile },
    { MHN, "getNamedCon", "(I[Ljava/lang/Object;)I", NULL, mhn_get_named_con },
    { MHN, "getMembers", "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/String;ILjava/lang/Class;I[" MN ")I", NULL, mhn_get_members },
    { MHN, "copyOutBootstrapArguments", "(Ljava/lang/Class;[IIIZ[Ljava/lang/Object;ILjava/lang/Object;)V", NULL, mhn_copy_out_bsm_args },
    { MHN, "clearCallSiteContext", "(Ljava/lang/invoke/MethodHandleNatives$CallSiteContext;)V", NULL, nop },
    { NULL, NULL, NULL, NULL, NULL },
};
