/*
 * mhn.h — java.lang.invoke.MemberName and ResolvedMethodName from the VM side.
 *
 * A MemberName names a method, constructor or field; once resolved its `method` field
 * holds a ResolvedMethodName whose injected `vmtarget` is the VM's Method* (kept alive by
 * `vmholder`, the holder's mirror) and its injected `vmindex` says how to dispatch
 * (vtable index, itable index, or -2 for statically bound) or, for fields, the offset.
 */
#ifndef LOUPE_MHN_H
#define LOUPE_MHN_H

#include "loupe.h"
#include "classfile/class.h"
#include "heap/object.h"

/* MethodHandleNatives.Constants */
enum {
    MN_IS_METHOD = 0x00010000,
    MN_IS_CONSTRUCTOR = 0x00020000,
    MN_IS_FIELD = 0x00040000,
    MN_IS_TYPE = 0x00080000,
    MN_CALLER_SENSITIVE = 0x00100000,
    MN_TRUSTED_FINAL = 0x00200000,
    MN_REFERENCE_KIND_SHIFT = 24,
    MN_REFERENCE_KIND_MASK = 0x0F,
    REF_getField = 1,
    REF_getStatic = 2,
    REF_putField = 3,
    REF_putStatic = 4,
    REF_invokeVirtual = 5,
    REF_invokeStatic = 6,
    REF_invokeSpecial = 7,
    REF_newInvokeSpecial = 8,
    REF_invokeInterface = 9,
    VMINDEX_NONVIRTUAL = -2,
};

/* ResolvedMethodName's offsets, then MemberName's; mn_clazz, the last, is the guard. */
typedef struct MhnOffsets {
    uint32_t rmn_vmtarget, rmn_vmholder;
    uint32_t mn_name, mn_type, mn_flags, mn_method, mn_vmindex, mn_clazz;
} MhnOffsets;
extern MhnOffsets mhn;

bool mhn_init_offsets(Thread *t);
/* Fills MemberName *mn (a handle) as resolved to method m; name and type are set too. */
bool mhn_fill_from_method(Thread *t, Object **mn, Method *m);
/* Resolves the member a CONSTANT_MethodHandle names, on behalf of caller, as HotSpot does
 * before it asks the JDK for the handle: the errors (NoSuchMethodError, IllegalAccessError,
 * IncompatibleClassChangeError...) reach the ldc unwrapped. */
bool mhn_resolve_constant_member(Thread *t, Class *caller, int ref_kind, Class *defc, Symbol *name, Symbol *desc);
/* The Method a resolved MemberName stands for (NULL if none); inline, as the interpreter's
 * invokeBasic and linkTo* read it on every call. */
static inline Method *mhn_method_of(Object *mn) {
    Object *r = OBJ_FIELD(mn, mhn.mn_method, Object *);
    return r ? (Method *)(intptr_t)OBJ_FIELD(r, mhn.rmn_vmtarget, jlong) : NULL;
}

#endif
