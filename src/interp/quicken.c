/*
 * quicken.c — the interpreter's slow paths: resolving an instruction's symbolic reference
 * and rewriting the instruction into its quick form (opcodes.h), plus the other
 * out-of-line work of the loop (exception handler lookup, interface dispatch, multi-
 * dimensional arrays, polls).
 *
 * An instruction is only rewritten when the quick form is valid for every later
 * execution: static accesses, static calls and `new` wait until the class is fully
 * initialised (while its <clinit> runs in this thread they execute directly, unquickened,
 * so that other threads still go through initialisation).
 */
#include "interp/interp_internal.h"
#include "interp/opcodes.h"
#include "interp/callsite.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "classfile/resolve.h"
#include "interp/debug.h"
#include "heap/heap.h"
#include "heap/handles.h"
#include "runtime/exception.h"
#include "runtime/mirror.h"
#include "runtime/suspend.h"
#include "runtime/vm.h"

Class *interp_prim_array[T_LONG + 1];

/* ---- fields ---- */

static int get_op(BasicType bt, bool is_static) {
    switch (bt) {
    case T_BOOLEAN: case T_BYTE: return is_static ? OP_getstatic_b : OP_getfield_b;
    case T_CHAR: return is_static ? OP_getstatic_c : OP_getfield_c;
    case T_SHORT: return is_static ? OP_getstatic_s : OP_getfield_s;
    case T_INT: case T_FLOAT: return is_static ? OP_getstatic_i : OP_getfield_i;
    case T_LONG: case T_DOUBLE: return is_static ? OP_getstatic_j : OP_getfield_j;
    default: return is_static ? OP_getstatic_a : OP_getfield_a;
    }
}

static int put_op(BasicType bt, bool is_static) {
    switch (bt) {
    case T_BOOLEAN: return is_static ? OP_putstatic_z : OP_putfield_z;
    case T_BYTE: return is_static ? OP_putstatic_b : OP_putfield_b;
    case T_CHAR: case T_SHORT: return is_static ? OP_putstatic_c : OP_putfield_c;
    case T_INT: case T_FLOAT: return is_static ? OP_putstatic_i : OP_putfield_i;
    case T_LONG: case T_DOUBLE: return is_static ? OP_putstatic_j : OP_putfield_j;
    default: return is_static ? OP_putstatic_a : OP_putfield_a;
    }
}

int qk_field(Thread *t, Method *m, Insn *pc) {
    bool put = prep_original_op(m, pc) == OP_putfield;
    uint16_t idx = prep_cp_index(m, pc);
    Field *f = cp_resolve_field(t, m->holder, idx, false, put);
    if (!f) return QK_FAIL;
    if (f->access & JVM_ACC_VOLATILE)
        prep_quicken(pc, put ? OP_putfield_vol : OP_getfield_vol, idx, (int32_t)f->offset, f);
    else
        prep_quicken(pc, put ? put_op((BasicType)f->type, false) : get_op((BasicType)f->type, false), idx,
                     (int32_t)f->offset, NULL);
    return QK_REDISPATCH;
}

void field_load(const Field *f, Object *base, Slot *dst) {
    void *a = (char *)base + f->offset;
    switch (f->type) {
    case T_BOOLEAN: case T_BYTE: dst->i = __atomic_load_n((jbyte *)a, __ATOMIC_ACQUIRE); break;
    case T_CHAR: dst->i = __atomic_load_n((jchar *)a, __ATOMIC_ACQUIRE); break;
    case T_SHORT: dst->i = __atomic_load_n((jshort *)a, __ATOMIC_ACQUIRE); break;
    case T_INT: case T_FLOAT: dst->i = __atomic_load_n((jint *)a, __ATOMIC_ACQUIRE); break;
    case T_LONG: case T_DOUBLE: dst->j = __atomic_load_n((jlong *)a, __ATOMIC_ACQUIRE); break;
    default: dst->l = __atomic_load_n((Object **)a, __ATOMIC_ACQUIRE); break;
    }
}

void field_store(const Field *f, Object *base, const Slot *src) {
    void *a = (char *)base + f->offset;
    switch (f->type) {
    case T_BOOLEAN: __atomic_store_n((jbyte *)a, (jbyte)(src->i & 1), __ATOMIC_SEQ_CST); break;
    case T_BYTE: __atomic_store_n((jbyte *)a, (jbyte)src->i, __ATOMIC_SEQ_CST); break;
    case T_CHAR: case T_SHORT: __atomic_store_n((jchar *)a, (jchar)src->i, __ATOMIC_SEQ_CST); break;
    case T_INT: case T_FLOAT: __atomic_store_n((jint *)a, src->i, __ATOMIC_SEQ_CST); break;
    case T_LONG: case T_DOUBLE: __atomic_store_n((jlong *)a, src->j, __ATOMIC_SEQ_CST); break;
    default:
        if (heap_barrier_active) heap_barrier_slow(base, (Object **)a, src->l);
        __atomic_store_n((Object **)a, src->l, __ATOMIC_SEQ_CST);
        break;
    }
}

int qk_static(Thread *t, Method *m, Insn *pc, Slot **spp) {
    bool put = prep_original_op(m, pc) == OP_putstatic;
    uint16_t idx = prep_cp_index(m, pc);
    Field *f = cp_resolve_field(t, m->holder, idx, true, put);
    if (!f) return QK_FAIL;
    if (!class_init(t, f->holder)) return QK_FAIL;
    if (class_state(f->holder) == CS_INITIALIZED) {
        if (f->access & JVM_ACC_VOLATILE)
            prep_quicken(pc, put ? OP_putstatic_vol : OP_getstatic_vol, idx, (int32_t)f->offset, f);
        else
            prep_quicken(pc, put ? put_op((BasicType)f->type, true) : get_op((BasicType)f->type, true), idx,
                         (int32_t)f->offset, f->holder);
        return QK_REDISPATCH;
    }
    /* the holder's <clinit> is running in this thread: access without quickening */
    Slot *sp = *spp;
    int w = bt_is_wide((BasicType)f->type) ? 2 : 1;
    if (put) {
        field_store(f, f->holder->mirror, sp - w);
        sp -= w;
    } else {
        field_load(f, f->holder->mirror, sp);
        sp += w;
    }
    *spp = sp;
    return QK_DIRECT;
}

/* ---- invocation ---- */

static void describe(Method *m, char *buf, size_t n) {
    char c[256];
    snprintf(buf, n, "%s.%s%s", class_external_name(m->holder, c, sizeof c), m->name->str, m->desc->str);
}

static Method *ame(Thread *t, Class *k, Method *m) {
    char a[256], b[600];
    describe(m, b, sizeof b);
    exc_throw(t, VMC_AbstractMethodError, "Receiver class %s does not define or inherit an implementation of the resolved method '%s'.",
              class_external_name(k, a, sizeof a), b);
    return NULL;
}

Method *itable_lookup(Thread *t, Class *k, Method *im) {
    for (uint32_t i = 0; i < k->nitable; i++) {
        if (k->itable[i].iface != im->holder) continue;
        Method *x = im->itable_index >= 0 && k->itable[i].methods ? k->itable[i].methods[im->itable_index] : NULL;
        if (!x || method_is_abstract(x)) return ame(t, k, im);
        return x;
    }
    char a[256], b[256];
    exc_throw(t, VMC_IncompatibleClassChangeError, "Class %s does not implement the requested interface %s",
              class_external_name(k, a, sizeof a), class_external_name(im->holder, b, sizeof b));
    return NULL;
}

/* invokespecial's selection (JVMS 6.5): a call through a superclass reference from a
 * subclass selects from the current class's direct superclass upward. */
static Method *special_target(Thread *t, Class *cls, Method *r, uint16_t idx) {
    Method *sel = r;
    if (r->name != sym_init) {
        Class *named = cp_resolve_class(t, cls, cls->cp.e[idx].ref.a);
        if (!named) return NULL;
        if (!class_is_interface(named) && named != cls && cls->super && class_is_subclass(cls, named)) {
            Method *s = link_lookup_method(cls->super, r->name, r->desc);
            if (s) sel = s;
        }
    }
    if (method_is_abstract(sel)) return ame(t, cls, sel);
    return sel;
}

static InvokeCache *new_cache(Method *m) {
    InvokeCache *ic = vm_calloc(1, sizeof *ic);
    ic->method = m;
    return ic;
}

static bool binds_statically(Method *r) {
    return method_is_private(r) || (r->access & JVM_ACC_FINAL) || (r->holder->access & JVM_ACC_FINAL) || r->vtable_index < 0;
}

/* Calls through interfaces that need no itable stay unquickened and check their receiver
 * each time (they are rare, and the interpreter's loop keeps no code for them), with
 * HotSpot's errors: an invokeinterface of a private interface method or of an Object
 * method, bound statically or through the vtable, needs a receiver that implements the
 * named interface (IncompatibleClassChangeError); an invokespecial in an interface needs
 * one of that interface (IllegalAccessError).  The receiver is on the caller's stack,
 * saved in its frame. */
/* The receiver of a call of callee, if it is of class `of`; else NULL with a
 * NullPointerException, or with vmc's error (fmt names the receiver's class, then `of`). */
static Object *receiver_of(Thread *t, const Method *callee, Class *of, VMClassId vmc, const char *fmt) {
    Object *o = t->top->sp[-(int)callee->arg_slots].l;
    if (!o) {
        exc_npe(t);
        return NULL;
    }
    if (class_is_assignable(o->klass, of)) return o;
    char a[256], b[256];
    exc_throw(t, vmc, fmt, class_external_name(o->klass, a, sizeof a), class_external_name(of, b, sizeof b));
    return NULL;
}

static int iface_bound_call(Thread *t, Method *m, uint16_t idx, Method *r, Method **callee) {
    Class *refc = cp_resolve_class(t, m->holder, m->holder->cp.e[idx].ref.a);
    Object *o = refc ? receiver_of(t, r, refc, VMC_IncompatibleClassChangeError,
                                   "Class %s does not implement the requested interface %s")
                     : NULL;
    if (!o) return QK_FAIL;
    *callee = method_is_private(r) || binds_statically(r) ? r : o->klass->vtable[r->vtable_index];
    return QK_DIRECT;
}

static int special_in_interface(Thread *t, Method *m, Method *sel, Method **callee) {
    Class *cur = m->holder;
    if ((cur->flags & CF_OLD_VERSION) && cur->mirror) cur = mirror_class(cur->mirror);
    if (!receiver_of(t, sel, cur, VMC_IllegalAccessError,
                     "Receiver class %s must be the current class or a subtype of interface %s"))
        return QK_FAIL;
    *callee = sel;
    return QK_DIRECT;
}

int qk_invoke(Thread *t, Method *m, Insn *pc, Method **callee) {
    int op = prep_original_op(m, pc);
    uint16_t idx = prep_cp_index(m, pc);
    Method *r = cp_resolve_method(t, m->holder, idx, op);
    if (!r) return QK_FAIL;
    if (r->flags & MF_SIG_POLY) {
        /* invokeBasic and linkTo* are VM intrinsics; invoke, invokeExact and the VarHandle
         * access modes link through MethodHandleNatives.linkMethod */
        if (method_is_static(r) || r->name == sym_invokeBasic) return cs_link_intrinsic(t, m, pc, r);
        return cs_link_invokehandle(t, m, pc, r);
    }
    switch (op) {
    case OP_invokestatic:
        if (!class_init(t, r->holder)) return QK_FAIL;
        if (class_state(r->holder) != CS_INITIALIZED) {
            *callee = r;
            return QK_DIRECT;
        }
        prep_quicken(pc, OP_invokestatic_q, idx, 0, r);
        return QK_REDISPATCH;
    case OP_invokespecial: {
        Method *sel = special_target(t, m->holder, r, idx);
        if (!sel) return QK_FAIL;
        if (class_is_interface(m->holder) && sel->name != sym_init) return special_in_interface(t, m, sel, callee);
        prep_quicken(pc, OP_invokespecial_q, idx, 0, sel);
        return QK_REDISPATCH;
    }
    case OP_invokevirtual:
        if (class_is_interface(r->holder)) {
            if (method_is_private(r)) prep_quicken(pc, OP_invokefinal_q, idx, 0, r);
            else prep_quicken(pc, OP_invokeinterface_q, idx, 0, new_cache(r));
        } else if (binds_statically(r)) {
            prep_quicken(pc, OP_invokefinal_q, idx, 0, r);
        } else {
            prep_quicken(pc, OP_invokevirtual_q, r->arg_slots, r->vtable_index, NULL);
        }
        return QK_REDISPATCH;
    default: /* invokeinterface */
        if (method_is_private(r) || !class_is_interface(r->holder)) return iface_bound_call(t, m, idx, r, callee);
        prep_quicken(pc, OP_invokeinterface_q, idx, 0, new_cache(r));
        return QK_REDISPATCH;
    }
}

/* ---- classes ---- */

int qk_class(Thread *t, Method *m, Insn *pc, Class **cls) {
    int op = prep_original_op(m, pc);
    Class *c = cp_resolve_class(t, m->holder, prep_cp_index(m, pc));
    if (!c) return QK_FAIL;
    switch (op) {
    case OP_new:
        if (!class_check_instantiable(t, c, true) || !class_init(t, c)) return QK_FAIL;
        if (class_state(c) != CS_INITIALIZED) {
            *cls = c;
            return QK_DIRECT;
        }
        prep_quicken(pc, OP_new_q, 0, 0, c);
        return QK_REDISPATCH;
    case OP_anewarray: {
        Class *ac = ld_array_of(t, c);
        if (!ac) return QK_FAIL;
        prep_quicken(pc, OP_anewarray_q, 0, 0, ac);
        return QK_REDISPATCH;
    }
    case OP_multianewarray:
    {
        int dims = prep_dimensions(m, pc);
        if (!class_is_array(c) || c->dims < dims) {
            exc_throw(t, VMC_IncompatibleClassChangeError, "multianewarray of %s with %d dimensions", c->name->str, dims);
            return QK_FAIL;
        }
        prep_quicken(pc, OP_multianewarray_q, (uint16_t)dims, 0, c);
    }
        return QK_REDISPATCH;
    case OP_checkcast:
        prep_quicken(pc, OP_checkcast_q, 0, 0, c);
        return QK_REDISPATCH;
    default:
        prep_quicken(pc, OP_instanceof_q, 0, 0, c);
        return QK_REDISPATCH;
    }
}

static Object *alloc_multi(Thread *t, Class *ac, int dims, Slot *counts) {
    Object *a = heap_alloc_array(t, ac, counts[0].i);
    if (!a || dims == 1) return a;
    Object **h = hnd_new(t, a);
    for (jint i = 0; i < counts[0].i; i++) {
        Object *sub = alloc_multi(t, ac->component, dims - 1, counts + 1);
        if (!sub) return NULL;
        heap_store_ref(*h, &ARRAY_ELEMS(*h, Object *)[i], sub);
    }
    return *h;
}

Object *interp_multianewarray(Thread *t, Class *ac, int dims, Slot *counts) {
    for (int i = 0; i < dims; i++)
        if (counts[i].i < 0) {
            exc_throw(t, VMC_NegativeArraySizeException, "%d", (int)counts[i].i);
            return NULL;
        }
    HandleMark hm = hnd_mark(t);
    Object *a = alloc_multi(t, ac, dims, counts);
    hnd_release(t, hm);
    return a;
}

/* ---- constants ---- */

/* A dynamic constant of primitive type arrives boxed; its value is fixed, so the ldc
 * becomes the constant itself. */
static int quicken_dynamic(Thread *t, Class *cls, uint16_t idx, Insn *pc, Object **slot) {
    extern bool reflect_unbox(Object *o, BasicType to, Slot *out);
    BasicType bt = bt_from_char(cp_member_desc(&cls->cp, idx)->str[0]);
    if (bt_is_ref(bt)) {
        prep_quicken(pc, OP_ldc_ref, idx, 0, slot);
        return QK_REDISPATCH;
    }
    Slot v;
    if (!reflect_unbox(*slot, bt, &v)) {
        exc_throw(t, VMC_ClassCastException, "bad dynamic constant of type %s", bt_name(bt));
        return QK_FAIL;
    }
    if (bt_is_wide(bt)) {
        prep_quicken(pc, OP_ldc_j, idx, 0, (void *)(intptr_t)v.j);
    } else {
        prep_quicken(pc, OP_ldc_i, idx, v.i, NULL);
    }
    return QK_REDISPATCH;
}

int qk_ldc(Thread *t, Method *m, Insn *pc) {
    Class *cls = m->holder;
    uint16_t idx = prep_cp_index(m, pc);
    switch (cls->cp.tags[idx]) {
    case JVM_CONSTANT_String: {
        Object **slot = cp_resolve_string(t, cls, idx);
        if (!slot) return QK_FAIL;
        prep_quicken(pc, OP_ldc_ref, idx, 0, slot);
        return QK_REDISPATCH;
    }
    case JVM_CONSTANT_Class: {
        Class *c = cp_resolve_class(t, cls, idx);
        if (!c) return QK_FAIL;
        prep_quicken(pc, OP_ldc_ref, idx, 0, &c->mirror);
        return QK_REDISPATCH;
    }
    case JVM_CONSTANT_MethodType: case JVM_CONSTANT_MethodHandle: {
        Object **slot = cls->cp.tags[idx] == JVM_CONSTANT_MethodType ? cp_resolve_method_type(t, cls, idx)
                                                                     : cp_resolve_method_handle(t, cls, idx);
        if (!slot) return QK_FAIL;
        prep_quicken(pc, OP_ldc_ref, idx, 0, slot);
        return QK_REDISPATCH;
    }
    case JVM_CONSTANT_Dynamic: {
        Object **slot = cp_resolve_dynamic(t, cls, idx);
        if (!slot) return QK_FAIL;
        return quicken_dynamic(t, cls, idx, pc, slot);
    }
    default:
        exc_throw(t, VMC_VerifyError, "ldc of constant-pool tag %d", cls->cp.tags[idx]);
        return QK_FAIL;
    }
}

/* ---- exceptions ---- */

const Insn *find_handler(Thread *t, Frame *f) {
    Method *m = f->method;
    Prepared *p = method_prepared(m);
    if (!p || (f->flags & FR_NATIVE) || unlikely(t->unwind_through == m->holder)) return NULL;
    uint32_t bci = prep_bci(p, f->pc);
    for (uint16_t i = 0; i < m->nexc; i++) {
        ExceptionEntry *e = &m->exc[i];
        if (bci < e->start_pc || bci >= e->end_pc) continue;
        if (e->catch_type) {
            Class *c = __atomic_load_n((Class **)&m->holder->cp.e[e->catch_type].resolved, __ATOMIC_ACQUIRE);
            if (!c) {
                HandleMark hm = hnd_mark(t);
                Object **pending = hnd_new(t, exc_take(t));
                c = cp_resolve_class(t, m->holder, e->catch_type);
                if (!c) exc_take(t);
                exc_set(t, *pending);
                hnd_release(t, hm);
                if (!c) continue;
            }
            if (!class_is_subclass(t->exception->klass, c)) continue;
        }
        return &p->code[p->insn_at[e->handler_pc]];
    }
    return NULL;
}

/* ---- polls ---- */

static bool trap(Thread *t, bool may_throw) {
    if (thread_trap(t) & TRAP_SAFEPOINT) {
        if (atomic_load(&safepoint_pending)) safepoint_block(t);
        else atomic_fetch_and((atomic_uint *)&t->trap, ~(unsigned)TRAP_SAFEPOINT);
    }
    /* read again: a suspension may have come while the thread was parked for a safepoint */
    if ((susp_trap_bits(t) & (TRAP_SUSPEND | TRAP_ASYNC_EXCEPTION)) && !susp_trap(t, may_throw)) return false;
    /* after a suspension: the debugger's modes may have changed meanwhile */
    if (thread_trap(t) & TRAP_HOOKS) dbg_trap(t);
    return true;
}

bool interp_trap(Thread *t) { return trap(t, true); }

void interp_trap_entry(Thread *t) { trap(t, false); }
