/*
 * mhn.c — filling java.lang.invoke.MemberName objects and the MethodHandleNatives
 * natives built on them.
 *
 * Today this serves stack walking (StackFrameInfo holds a MemberName per frame) and
 * MethodHandleNatives.expand; member resolution for method handles comes with
 * invokedynamic support.
 */
#include "native/mhn.h"
#include "native/natives.h"
#include "native/jni_internal.h"
#include "classfile/link.h"
#include "heap/heap.h"
#include "runtime/jstring.h"
#include "runtime/vm.h"

MhnOffsets mhn;

static uint32_t field_off(Class *c, const char *name, const char *desc) {
    Field *f = class_find_declared_field(c, sym_intern_cstr(name), sym_intern_cstr(desc));
    if (!f) vm_fatal("%s.%s missing", c->name->str, name);
    return f->offset;
}

bool mhn_init_offsets(Thread *t) {
    if (mhn.mn_clazz) return true;
    Class *mn = vmc_get(t, VMC_MemberName), *rmn = vmc_get(t, VMC_ResolvedMethodName);
    if (!mn || !rmn) return false;
    mhn.mn_clazz = field_off(mn, "clazz", "Ljava/lang/Class;");
    mhn.mn_name = field_off(mn, "name", "Ljava/lang/String;");
    mhn.mn_type = field_off(mn, "type", "Ljava/lang/Object;");
    mhn.mn_flags = field_off(mn, "flags", "I");
    mhn.mn_method = field_off(mn, "method", "Ljava/lang/invoke/ResolvedMethodName;");
    mhn.mn_vmindex = field_off(mn, "vmindex", "J");
    mhn.rmn_vmtarget = field_off(rmn, "vmtarget", "J");
    mhn.rmn_vmholder = field_off(rmn, "vmholder", "Ljava/lang/Object;");
    return true;
}

static int ref_kind_of(Method *m) {
    if (m->name == sym_init) return REF_newInvokeSpecial;
    if (method_is_static(m)) return REF_invokeStatic;
    if (method_is_private(m) || m->vtable_index < 0) return REF_invokeSpecial;
    if (class_is_interface(m->holder)) return REF_invokeInterface;
    return REF_invokeVirtual;
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

Method *mhn_method_of(Object *mn) {
    Object *r = OBJ_FIELD(mn, mhn.mn_method, Object *);
    return r ? (Method *)(intptr_t)OBJ_FIELD(r, mhn.rmn_vmtarget, jlong) : NULL;
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
const VMNative vm_natives_mhn[] = {
    { MHN, "registerNatives", "()V", NULL, nop },
    { MHN, "expand", "(Ljava/lang/invoke/MemberName;)V", NULL, mhn_expand },
    { NULL, NULL, NULL, NULL, NULL },
};
