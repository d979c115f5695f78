/*
 * debug_frames.c — what a debugger does to a thread's frames: find them by depth, read and
 * write their locals, ask for a FramePop, pop the top frame, force an early return.
 *
 * The thread is the current one or stopped (suspended, or at a safepoint), so its frames
 * hold still.  Depth counts every frame, native ones included, innermost first, as JVMTI
 * does.  Locals are checked in HotSpot's order and with its rules.  First against what the
 * frame holds, table or not: the slot (and the second slot of a long or double) must be
 * below max_locals, the second slot of a long or double must not hold a reference
 * (INVALID_SLOT), and an object is asked of a reference slot, anything else of a
 * non-reference one (TYPE_MISMATCH; the reference map says which).  Then, when the method
 * has a LocalVariableTable, a variable must live in that slot at the frame's bci, its range
 * including the end (INVALID_SLOT), and be of the asked type (TYPE_MISMATCH).  Last, a slot
 * that no path to the bci has stored into is INVALID_SLOT.  GetLocalInstance skips the type
 * checks and reads a native frame's receiver too.
 *
 * PopFrame and ForceEarlyReturn cannot act at once: the thread is somewhere inside the
 * frame's instruction loop.  They leave a request in the thread's DbgThread and hold the
 * frame's method (every instruction hooked), so the frame's next instruction enters
 * dbg_insn, which hands the interpreter DBG_POP or DBG_RETURN; the interpreter then pops
 * the frame (the caller's invoke runs again with the arguments the callee's locals hold:
 * they are the same slots) or returns the value through its ordinary return path, so
 * monitors are released and MethodExit is posted as for any return.
 */
#include "interp/debug_internal.h"
#include "interp/opcodes.h"
#include "interp/refmap.h"
#include "classfile/link.h"
#include "heap/handles.h"
#include "heap/object.h"
#include <string.h>

Frame *dbg_frame_at(Thread *t, int depth) {
    Frame *f = t->top;
    while (f && depth-- > 0) f = f->prev;
    return f;
}

int dbg_frame_count(Thread *t) {
    int n = 0;
    for (Frame *f = t->top; f; f = f->prev) n++;
    return n;
}

DbgError dbg_notify_frame_pop(Thread *t, int depth) {
    Frame *f = dbg_frame_at(t, depth);
    if (!f) return DBG_NO_MORE_FRAMES;
    if (f->flags & FR_NATIVE) return DBG_OPAQUE_FRAME;
    if (f->flags & FR_POP_PENDING) return DBG_DUPLICATE;
    f->flags |= FR_POP_PENDING;
    return DBG_OK;
}

char dbg_return_kind(const Method *m) {
    switch ((BasicType)m->ret_type) {
    case T_VOID: return 'V';
    case T_LONG: return 'J';
    case T_FLOAT: return 'F';
    case T_DOUBLE: return 'D';
    case T_OBJECT: case T_ARRAY: return 'L';
    default: return 'I';
    }
}

/* The kind of a descriptor's type as the local-variable functions use it. */
static char local_kind(char c) {
    switch (c) {
    case 'Z': case 'B': case 'C': case 'S': case 'I': return 'I';
    case '[': return 'L';
    default: return c;
    }
}

static const LocalVarEntry *lvt_entry(const Method *m, int slot, int bci) {
    for (uint16_t i = 0; i < m->nlvt; i++) {
        const LocalVarEntry *e = &m->lvt[i];
        if (e->slot == slot && bci >= e->start_pc && bci <= e->start_pc + e->length) return e;
    }
    return NULL;
}

/* 'L' where the frame holds a reference in the slot, 'I' otherwise. */
static char held_kind(Method *m, int bci, int slot) {
    const uint8_t *map = refmap_at(m, bci);
    return map && refmap_bit(map, slot) ? 'L' : 'I';
}

/* The checks against what the frame holds. */
static DbgError check_held(Method *m, int bci, int slot, char type) {
    int extra = type == 'J' || type == 'D';
    if (slot < 0 || slot + extra >= m->max_locals) return DBG_INVALID_SLOT;
    char kind = held_kind(m, bci, slot);
    if (extra && held_kind(m, bci, slot + 1) != 'I') return DBG_INVALID_SLOT;
    if (type != kind && (type == 'L' || kind != 'I')) return DBG_TYPE_MISMATCH;
    return DBG_OK;
}

/* The checks against the LocalVariableTable, when the method has one. */
static DbgError check_declared(const Method *m, int bci, int slot, char type) {
    if (!m->nlvt) return DBG_OK;
    const LocalVarEntry *e = lvt_entry(m, slot, bci);
    if (!e) return DBG_INVALID_SLOT;
    return local_kind(e->desc->str[0]) != type ? DBG_TYPE_MISMATCH : DBG_OK;
}

/* Finds the frame and checks slot and type. */
static DbgError local_frame(Thread *t, int depth, int slot, char type, Frame **out) {
    Frame *f = dbg_frame_at(t, depth);
    if (!f) return DBG_NO_MORE_FRAMES;
    if (f->flags & FR_NATIVE) return DBG_OPAQUE_FRAME;
    Method *m = f->method;
    int bci = frame_bci(f);
    DbgError e = check_held(m, bci, slot, type);
    if (!e) e = check_declared(m, bci, slot, type);
    if (!e && refmap_local_unset(m, bci, slot)) e = DBG_INVALID_SLOT;
    *out = f;
    return e;
}

DbgError dbg_get_local(Thread *t, int depth, int slot, char type, jvalue *out, Object **obj_out) {
    Frame *f;
    DbgError e = local_frame(t, depth, slot, type, &f);
    if (e) return e;
    Slot *s = &f->locals[slot];
    switch (type) {
    case 'J': out->j = s->j; break;
    case 'F': out->f = s->f; break;
    case 'D': out->d = s->d; break;
    case 'L': *obj_out = s->l; break;
    default: out->i = s->i; break;
    }
    return DBG_OK;
}

/* Whether c, or a class or interface above it, is named name (len bytes). */
static bool named_supertype(const Class *c, const char *name, size_t len) {
    if (c->name->len == len && memcmp(c->name->str, name, len) == 0) return true;
    if (c->super && named_supertype(c->super, name, len)) return true;
    for (uint32_t i = 0; i < c->ninterfaces; i++)
        if (named_supertype(c->interfaces[i], name, len)) return true;
    return false;
}

/* Whether an object of class c can be a value of type desc (a field descriptor, len bytes).
 * By name, as HotSpot checks what an agent stores or returns: a class the method's loader
 * has not loaded under that name has no objects. */
static bool value_fits(const Class *c, const char *desc, size_t len) {
    if (desc[0] == 'L') return named_supertype(c, desc + 1, len - 2);
    if (desc[0] != '[' || !class_is_array(c)) return false;
    if (desc[1] == 'L' || desc[1] == '[')
        return !class_is_primitive(c->component) && value_fits(c->component, desc + 1, len - 1);
    return c->name->len == len && memcmp(c->name->str, desc, len) == 0;
}

/* An object stored into a variable must be of the variable's declared type. */
static bool object_fits(const Method *m, Frame *f, int slot, Object *obj) {
    if (!obj || !m->nlvt) return true;
    const LocalVarEntry *e = lvt_entry(m, slot, frame_bci(f));
    return value_fits(obj->klass, e->desc->str, e->desc->len);
}

/* A value ForceEarlyReturnObject gives must be of the method's return type. */
static bool return_fits(const Method *m, Object *obj) {
    const char *r = strchr(m->desc->str, ')') + 1;
    return !obj || value_fits(obj->klass, r, strlen(r));
}

DbgError dbg_set_local(Thread *t, int depth, int slot, char type, jvalue value, Object *obj) {
    Frame *f;
    DbgError e = local_frame(t, depth, slot, type, &f);
    if (e) return e;
    Slot *s = &f->locals[slot];
    switch (type) {
    case 'J': s->j = value.j; break;
    case 'F': s->raw = 0; s->f = value.f; break;
    case 'D': s->d = value.d; break;
    case 'L':
        if (!object_fits(f->method, f, slot, obj)) return DBG_TYPE_MISMATCH;
        s->l = obj;
        break;
    default: s->raw = 0; s->i = value.i; break;
    }
    return DBG_OK;
}

DbgError dbg_get_this(Thread *t, int depth, Object **obj_out) {
    Frame *f = dbg_frame_at(t, depth);
    if (!f) return DBG_NO_MORE_FRAMES;
    if (method_is_static(f->method)) return DBG_INVALID_SLOT;
    if (!(f->flags & FR_NATIVE) && refmap_local_unset(f->method, frame_bci(f), 0)) return DBG_INVALID_SLOT;
    *obj_out = f->locals[0].l;
    return DBG_OK;
}

/* The invokes the interpreter can run again after a PopFrame: those that push nothing
 * besides the arguments. */
static bool reinvokable(const Insn *pc) {
    switch (pc->opc) {
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic: case OP_invokeinterface:
    case OP_invokevirtual_q: case OP_invokefinal_q: case OP_invokespecial_q: case OP_invokestatic_q:
    case OP_invokeinterface_q:
        return true;
    default:
        return false;
    }
}

static DbgError request(Thread *t, Frame *f, int kind) {
    DbgThread *d = dbg_thread_of(t);
    if (d->req) return DBG_DUPLICATE;
    d->req_frame = f;
    __atomic_store_n(&d->req, kind, __ATOMIC_RELEASE);
    dbg_hold_method(f->method);
    return DBG_OK;
}

DbgError dbg_pop_frame(Thread *t) {
    Frame *f = t->top;
    if (!f) return DBG_NO_MORE_FRAMES;
    Frame *caller = f->prev;
    if ((f->flags & (FR_NATIVE | FR_ENTRY)) || !caller || (caller->flags & FR_NATIVE)) return DBG_OPAQUE_FRAME;
    if (!reinvokable(caller->pc)) return DBG_OPAQUE_FRAME;
    return request(t, f, REQ_POP);
}

DbgError dbg_force_return(Thread *t, char type, jvalue value, Object *obj) {
    Frame *f = t->top;
    if (!f) return DBG_NO_MORE_FRAMES;
    if (f->flags & FR_NATIVE) return DBG_OPAQUE_FRAME;
    if (dbg_return_kind(f->method) != type) return DBG_TYPE_MISMATCH;
    if (type == 'L' && !return_fits(f->method, obj)) return DBG_TYPE_MISMATCH;
    DbgError e = request(t, f, REQ_RETURN);
    if (e) return e;
    DbgThread *d = dbg_of(t);
    d->req_slots = type == 'V' ? 0 : (type == 'J' || type == 'D') ? 2 : 1;
    d->req_value.raw = 0;
    switch (type) {
    case 'J': d->req_value.j = value.j; break;
    case 'F': d->req_value.f = value.f; break;
    case 'D': d->req_value.d = value.d; break;
    case 'L': d->req_ref = obj ? hnd_new_global(obj) : NULL; break;
    case 'V': break;
    default: d->req_value.i = value.i; break;
    }
    return DBG_OK;
}
