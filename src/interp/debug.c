/*
 * debug.c — switching the interpreter's debugger hooks on and off, and running them.
 *
 * See debug.h for the three switches (hooked instructions, the thread's TRAP_HOOKS bit,
 * frame flags).  This file keeps the per-method state behind them:
 *
 *   Method.jvmti_ext -> DbgMethod { breakpoints (bcis), holds, step_held }
 *
 * and recomputes, whenever something changes, which instructions of a method go through
 * the hook (`rehook`): every one while the method is held (a stepping thread runs it, or a
 * PopFrame/ForceEarlyReturn waits in one of its frames), the breakpoint locations, and the
 * field instructions while any field is watched.  An instruction's hooked handler is the
 * interpreter's dbg_hook label; its own handler is found again through its opcode, and a
 * rewrite into a quick form keeps the hook (prep_quicken).
 *
 * Stepping holds every method a stepping thread enters (and those on its stack when
 * stepping starts) until no thread steps any more; then all are released at once.  The
 * hook itself filters by thread, so other threads running a held method only pay a call.
 *
 * One mutex (dbg_lock) guards this state; no hook is called with it held.
 */
#include "interp/debug_internal.h"
#include "interp/interp_internal.h"
#include "interp/opcodes.h"
#include "classfile/loader.h"
#include "classfile/resolve.h"
#include "runtime/exception.h"
#include "heap/handles.h"
#include "runtime/monitor.h"

DbgHooks dbg_hooks;
const void *interp_hook_label;
volatile int dbg_exc_enabled;
volatile int dbg_watch_count;
volatile unsigned dbg_default_modes;
pthread_mutex_t dbg_lock = PTHREAD_MUTEX_INITIALIZER;

typedef struct DbgMethod {
    int *bps;                   /* bcis with a breakpoint */
    int nbps, capbps;
    int holds;
    bool step_held;
} DbgMethod;

typedef struct Watch {
    Field *field;
    int kinds;                  /* DBG_WATCH_* */
} Watch;

static Watch *watches;
static int nwatches, capwatches;
static Method **step_methods;   /* held for stepping */
static int nstep_methods, capstep_methods;
static int stepping_threads;

#define GROW(arr, n, cap) do { \
        if ((n) == (cap)) { (cap) = (cap) ? (cap) * 2 : 8; (arr) = vm_realloc((arr), (size_t)(cap) * sizeof *(arr)); } \
    } while (0)

/* ---- per-thread state ---- */

DbgThread *dbg_thread_of(Thread *t) {
    DbgThread *d = dbg_of(t);
    if (d) return d;
    /* another thread may make it at once (a debugger switching t's modes) */
    DbgThread *fresh = vm_calloc(1, sizeof(DbgThread)), *expected = NULL;
    if (__atomic_compare_exchange_n(&t->dbg, &expected, fresh, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return fresh;
    vm_free(fresh);
    return expected;
}

void dbg_thread_free(Thread *t) {
    DbgThread *d = dbg_of(t);
    if (!d) return;
    if (MODES(d) & DBG_STEP) dbg_thread_modes(t, 0);
    if (d->req_ref) hnd_delete_global(d->req_ref);
    if (d->exc_posted) hnd_delete_weak(d->exc_posted);
    __atomic_store_n(&t->dbg, NULL, __ATOMIC_RELEASE);
    vm_free(d);
}

void dbg_update_trap(Thread *t) {
    DbgThread *d = dbg_of(t);
    if (d && (MODES(d) || RESYNC(d)))
        __atomic_fetch_or(&t->trap, TRAP_HOOKS, __ATOMIC_SEQ_CST);
    else
        __atomic_fetch_and(&t->trap, ~(uint32_t)TRAP_HOOKS, __ATOMIC_SEQ_CST);
}

/* ---- which instructions are hooked ---- */

static DbgMethod *dmethod(Method *m) {
    if (!m->jvmti_ext) m->jvmti_ext = vm_calloc(1, sizeof(DbgMethod));
    return m->jvmti_ext;
}

static bool has_bp(const DbgMethod *dm, int bci) {
    for (int i = 0; dm && i < dm->nbps; i++)
        if (dm->bps[i] == bci) return true;
    return false;
}

static bool is_field_op(int opc) {
    int base = opcode_base[opc];
    return base == OP_getfield || base == OP_putfield || base == OP_getstatic || base == OP_putstatic;
}

/* Called with dbg_lock held. */
static void rehook(Method *m) {
    Prepared *p = method_prepared(m);
    if (!p) return;
    DbgMethod *dm = m->jvmti_ext;
    bool all = dm && (dm->holds > 0 || dm->step_held);
    bool fields = DBG_LOAD(dbg_watch_count) > 0;
    for (uint32_t i = 0; i < p->n; i++) {
        Insn *pc = &p->code[i];
        prep_hook(pc, all || has_bp(dm, (int)p->bci[i]) || (fields && is_field_op(pc->opc)));
    }
}

void dbg_hold_method(Method *m) {
    pthread_mutex_lock(&dbg_lock);
    dmethod(m)->holds++;
    rehook(m);
    pthread_mutex_unlock(&dbg_lock);
}

void dbg_release_method(Method *m) {
    pthread_mutex_lock(&dbg_lock);
    dmethod(m)->holds--;
    rehook(m);
    pthread_mutex_unlock(&dbg_lock);
}

static void hold_for_step(Method *m) {
    if (m->kind != MK_INTERPRETED) return;
    pthread_mutex_lock(&dbg_lock);
    DbgMethod *dm = dmethod(m);
    if (!dm->step_held && stepping_threads > 0) {
        dm->step_held = true;
        GROW(step_methods, nstep_methods, capstep_methods);
        step_methods[nstep_methods++] = m;
        rehook(m);
    }
    pthread_mutex_unlock(&dbg_lock);
}

/* Called with dbg_lock held, when the last stepping thread stops stepping. */
static void release_step_methods(void) {
    for (int i = 0; i < nstep_methods; i++) {
        DbgMethod *dm = step_methods[i]->jvmti_ext;
        dm->step_held = false;
        rehook(step_methods[i]);
    }
    nstep_methods = 0;
}

/* ---- breakpoints ---- */

DbgError dbg_set_breakpoint(Thread *t, Method *m, int bci) {
    if (m->kind != MK_INTERPRETED || bci < 0 || (uint32_t)bci >= m->code_len) return DBG_INVALID_LOCATION;
    Prepared *p = prep_method(t, m);
    if (!p) {
        exc_take(t);
        return DBG_OUT_OF_MEMORY;
    }
    /* a bci inside an instruction is accepted, as HotSpot does, and never hit */
    pthread_mutex_lock(&dbg_lock);
    DbgMethod *dm = dmethod(m);
    DbgError e = DBG_DUPLICATE;
    if (!has_bp(dm, bci)) {
        GROW(dm->bps, dm->nbps, dm->capbps);
        dm->bps[dm->nbps++] = bci;
        rehook(m);
        e = DBG_OK;
    }
    pthread_mutex_unlock(&dbg_lock);
    return e;
}

static DbgError clear_bp_locked(Method *m, int bci) {
    DbgMethod *dm = m->jvmti_ext;
    for (int i = 0; dm && i < dm->nbps; i++)
        if (dm->bps[i] == bci) {
            dm->bps[i] = dm->bps[--dm->nbps];
            rehook(m);
            return DBG_OK;
        }
    return DBG_NOT_FOUND;
}

DbgError dbg_clear_breakpoint(Method *m, int bci) {
    pthread_mutex_lock(&dbg_lock);
    DbgError e = clear_bp_locked(m, bci);
    pthread_mutex_unlock(&dbg_lock);
    return e;
}

static void clear_class_bps(Class *c, void *ctx) {
    (void)ctx;
    for (uint32_t i = 0; i < c->nmethods; i++) {
        DbgMethod *dm = c->methods[i].jvmti_ext;
        if (dm && dm->nbps) {
            dm->nbps = 0;
            rehook(&c->methods[i]);
        }
    }
}

void dbg_clear_class_breakpoints(Class *c) {
    pthread_mutex_lock(&dbg_lock);
    for (Class *v = c; v; v = v->previous) clear_class_bps(v, NULL);   /* old versions too */
    pthread_mutex_unlock(&dbg_lock);
}

void dbg_clear_all_breakpoints(void) {
    pthread_mutex_lock(&dbg_lock);
    ld_foreach_class(clear_class_bps, NULL);
    pthread_mutex_unlock(&dbg_lock);
}

/* ---- field watches ---- */

static Watch *find_watch(const Field *f) {
    for (int i = 0; i < nwatches; i++)
        if (watches[i].field == f) return &watches[i];
    return NULL;
}

static void rehook_class(Class *c, void *ctx) {
    (void)ctx;
    for (uint32_t i = 0; i < c->nmethods; i++) rehook(&c->methods[i]);
}

DbgError dbg_watch_field(Field *f, int kind, bool on) {
    pthread_mutex_lock(&dbg_lock);
    Watch *w = find_watch(f);
    DbgError e = DBG_OK;
    if (on && w && (w->kinds & kind)) e = DBG_DUPLICATE;
    else if (!on && !(w && (w->kinds & kind))) e = DBG_NOT_FOUND;
    else if (on) {
        if (!w) {
            GROW(watches, nwatches, capwatches);
            w = &watches[nwatches++];
            w->field = f;
            w->kinds = 0;
        }
        w->kinds |= kind;
    } else {
        w->kinds &= ~kind;
        if (!w->kinds) *w = watches[--nwatches];
    }
    if (e == DBG_OK && (nwatches > 0) != (DBG_LOAD(dbg_watch_count) > 0)) {
        __atomic_store_n(&dbg_watch_count, nwatches, __ATOMIC_RELEASE);
        ld_foreach_class(rehook_class, NULL);
    }
    __atomic_store_n(&dbg_watch_count, nwatches, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&dbg_lock);
    return e;
}

void dbg_method_prepared(Method *m) {
    pthread_mutex_lock(&dbg_lock);
    rehook(m);
    pthread_mutex_unlock(&dbg_lock);
}

static int watched_kinds(const Field *f) {
    pthread_mutex_lock(&dbg_lock);
    Watch *w = find_watch(f);
    int k = w ? w->kinds : 0;
    pthread_mutex_unlock(&dbg_lock);
    return k;
}

/* ---- modes ---- */

void dbg_exception_hooks(bool exceptions, bool catches) {
    __atomic_store_n(&dbg_exc_enabled, (exceptions ? 1 : 0) | (catches ? 2 : 0), __ATOMIC_RELEASE);
}

unsigned dbg_thread_get_modes(Thread *t) { return dbg_of(t) ? MODES(dbg_of(t)) : 0; }

/* Marks the frames on t's stack as seen (and for exit events), holds their methods while t
 * steps.  at_poll: t polls, maybe on the entry of its top frame, which is then left to
 * dbg_trap (a poll on a branch back to bci 0 looks the same, and is taken for an entry). */
static void resync(Thread *t, DbgThread *d, bool at_poll) {
    __atomic_store_n(&d->resync, false, __ATOMIC_RELEASE);
    for (Frame *f = t->top; f; f = f->prev) {
        if (at_poll && f == t->top && !(f->flags & (FR_NATIVE | FR_SEEN)) && f->pc == method_prepared(f->method)->code)
            continue;
        f->flags |= FR_SEEN;
        if (MODES(d) & DBG_EXIT) f->flags |= FR_METHOD_EXIT;
        if ((MODES(d) & DBG_STEP) && !(f->flags & FR_NATIVE)) hold_for_step(f->method);
    }
}

void dbg_thread_modes(Thread *t, unsigned modes) {
    pthread_mutex_lock(&dbg_lock);
    DbgThread *d = dbg_thread_of(t);
    bool was = MODES(d) & DBG_STEP, now = modes & DBG_STEP;
    stepping_threads += (int)now - (int)was;
    if (was && !now && stepping_threads == 0) release_step_methods();
    if (modes & ~MODES(d)) __atomic_store_n(&d->resync, true, __ATOMIC_RELEASE);
    __atomic_store_n(&d->modes, modes, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&dbg_lock);
    /* another thread picks the change up at its next poll, or as it comes back from the
     * event callback it is suspended in (dbg_settle) */
    if (RESYNC(d) && t == thread_current()) resync(t, d, false);
    dbg_update_trap(t);
}

/* ---- hooks run by the interpreter ---- */

/* After a callback: modes changed meanwhile (a debugger asked this thread to step while
 * it was stopped in the event) take effect before the next instruction. */
static void settle(Thread *t, DbgThread *d) {
    if (d && RESYNC(d)) {
        resync(t, d, false);
        dbg_update_trap(t);
    }
}

void dbg_trap(Thread *t) {
    DbgThread *d = dbg_of(t);
    if (!d) return;
    if (RESYNC(d)) resync(t, d, true);
    Frame *f = t->top;
    if (f && !(f->flags & (FR_SEEN | FR_NATIVE))) {
        f->flags |= FR_SEEN;
        if (MODES(d) & DBG_EXIT) f->flags |= FR_METHOD_EXIT;
        if (MODES(d) & DBG_STEP) hold_for_step(f->method);
        if ((MODES(d) & DBG_ENTRY) && dbg_hooks.method_entry) dbg_hooks.method_entry(t, f->method);
    }
    settle(t, d);
    dbg_update_trap(t);
}

/* A native method's frame nf, just pushed (the thread has hooks on): MethodEntry before
 * the method is bound and called, as HotSpot's native entry does, and MethodExit asked
 * for if the thread has exit events on. */
void dbg_native_entry(Thread *t, Frame *nf) {
    DbgThread *d = dbg_of(t);
    if (!d) return;
    if (RESYNC(d)) resync(t, d, false);
    nf->flags |= FR_SEEN;
    if (MODES(d) & DBG_EXIT) nf->flags |= FR_METHOD_EXIT;
    if ((MODES(d) & DBG_ENTRY) && dbg_hooks.method_entry) dbg_hooks.method_entry(t, nf->method);
    settle(t, d);
    dbg_update_trap(t);
}

bool dbg_native_exit(Thread *t, Frame *nf, bool ok, Slot *ret) {
    if (!ok) {
        dbg_frame_unwind(t, nf);
        return false;
    }
    *ret = dbg_frame_return(t, nf, *ret);
    return true;
}

/* The signature type events give a field's value: arrays are references ('L') too. */
static char field_sig(const Field *f) { return f->desc->str[0] == '[' ? 'L' : f->desc->str[0]; }

static void value_of(const Slot *s, char sig, jvalue *v) {
    switch (sig) {
    case 'J': v->j = s->j; break;
    case 'F': v->f = s->f; break;
    case 'D': v->d = s->d; break;
    case 'L': case '[': v->l = NULL; break;
    case 'Z': v->z = (jboolean)(s->i & 1); break;
    case 'B': v->b = (jbyte)s->i; break;
    case 'C': v->c = (jchar)s->i; break;
    case 'S': v->s = (jshort)s->i; break;
    default: v->i = s->i; break;
    }
}

/* Posts FieldAccess / FieldModification for the quickened field instruction at pc. */
static void field_event(Thread *t, Frame *f, const Insn *pc, int bci) {
    int base = opcode_base[pc->opc];
    bool is_static = base == OP_getstatic || base == OP_putstatic;
    bool put = base == OP_putfield || base == OP_putstatic;
    Field *fld = cp_resolve_field(t, f->method->holder, prep_cp_index(f->method, pc), is_static, put);
    if (!fld) {
        exc_take(t);
        return;
    }
    int kinds = watched_kinds(fld);
    if (!(kinds & (put ? DBG_WATCH_MODIFY : DBG_WATCH_ACCESS))) return;
    Slot *sp = f->sp;
    int w = put ? (bt_is_wide((BasicType)fld->type) ? 2 : 1) : 0;
    Object *obj = is_static ? NULL : sp[-1 - w].l;
    if (!is_static && !obj) return;         /* the instruction throws NullPointerException */
    HandleMark hm = hnd_mark(t);
    Object **hobj = obj ? hnd_new(t, obj) : NULL;
    if (!put) {
        if (dbg_hooks.field_access) dbg_hooks.field_access(t, f->method, bci, fld, hobj);
    } else if (dbg_hooks.field_modification) {
        char sig = field_sig(fld);
        jvalue v;
        value_of(&sp[-w], sig, &v);
        Object **hval = (sig == 'L' || sig == '[') ? hnd_new(t, sp[-w].l) : NULL;
        dbg_hooks.field_modification(t, f->method, bci, fld, hobj, sig, v, hval);
    }
    hnd_release(t, hm);
}

/* A JNI Get/Set<Type>Field on field fld.  As on HotSpot the event names the innermost Java
 * frame (the native method that calls JNI, location 0) and none is posted without one. */
void dbg_jni_field(Thread *t, Field *fld, Object **hobj, bool put, jvalue v, Object **hval) {
    int kinds = watched_kinds(fld);
    Frame *f = dbg_frame_at(t, 0);
    if (!f || !(kinds & (put ? DBG_WATCH_MODIFY : DBG_WATCH_ACCESS))) return;
    int bci = frame_bci(f) < 0 ? 0 : frame_bci(f);
    if (!put) {
        if (dbg_hooks.field_access) dbg_hooks.field_access(t, f->method, bci, fld, hobj);
    } else if (dbg_hooks.field_modification) {
        dbg_hooks.field_modification(t, f->method, bci, fld, hobj, field_sig(fld), v, hval);
    }
}

/* The slow (not yet quickened) forms rewrite themselves and dispatch again through the
 * hook; the second pass must not repeat the step and breakpoint events. */
static bool is_slow_form(int opc) {
    switch (opc) {
    case OP_ldc: case OP_ldc_w: case OP_ldc2_w:
    case OP_getfield: case OP_putfield: case OP_getstatic: case OP_putstatic:
    case OP_invokevirtual: case OP_invokespecial: case OP_invokestatic: case OP_invokeinterface:
    case OP_invokedynamic: case OP_new: case OP_anewarray: case OP_checkcast: case OP_instanceof:
    case OP_multianewarray:
        return true;
    default:
        return false;
    }
}

static bool bp_here(Method *m, int bci) {
    pthread_mutex_lock(&dbg_lock);
    bool b = has_bp(m->jvmti_ext, bci);
    pthread_mutex_unlock(&dbg_lock);
    return b;
}

/* The local a javac catch-all handler that starts with `[astore X;] aload N; monitorexit`
 * unlocks (-1 for other handlers): a synchronized block's monitor. */
static int block_monitor_local(const Method *m, int handler) {
    const uint8_t *c = m->code + handler;
    uint32_t left = m->code_len - (uint32_t)handler;
    int skip = c[0] >= OP_astore_0 && c[0] <= OP_astore_3 ? 1 : c[0] == OP_astore ? 2 : 0;
    if (left <= (uint32_t)skip) return -1;
    c += skip;
    left -= (uint32_t)skip;
    if (left >= 2 && c[0] >= OP_aload_0 && c[0] <= OP_aload_3 && c[1] == OP_monitorexit) return c[0] - OP_aload_0;
    if (left >= 3 && c[0] == OP_aload && c[2] == OP_monitorexit) return c[1];
    if (left >= 5 && c[0] == OP_wide && c[1] == OP_aload && c[4] == OP_monitorexit) return c[2] << 8 | c[3];
    return -1;
}

/* Releases the monitors of the synchronized blocks the frame is inside at bci, found through
 * their handlers, once per handler, as HotSpot releases a frame's monitors when PopFrame or
 * ForceEarlyReturn takes it off. */
static void exit_block_monitors(Thread *t, Frame *f, int bci) {
    const Method *m = f->method;
    for (uint16_t i = 0; i < m->nexc; i++) {
        const ExceptionEntry *e = &m->exc[i];
        if (e->catch_type || bci < e->start_pc || bci >= e->end_pc || e->handler_pc >= m->code_len) continue;
        bool seen = false;
        for (uint16_t k = 0; k < i && !seen; k++) seen = m->exc[k].handler_pc == e->handler_pc &&
                                                         !m->exc[k].catch_type && bci >= m->exc[k].start_pc &&
                                                         bci < m->exc[k].end_pc;
        int slot = seen ? -1 : block_monitor_local(m, e->handler_pc);
        Object *o = slot >= 0 && slot < m->max_locals ? f->locals[slot].l : NULL;
        if (o && mon_holds(t, o)) mon_exit(t, o);
    }
}

/* PopFrame: releases the frame's monitors and pops it, leaving the caller on its invoke
 * with the arguments (the callee's locals) on its operand stack again. */
static bool pop_top(Thread *t, Frame *f, int bci) {
    exit_block_monitors(t, f, bci);
    if (f->lock) {
        Object *l = f->lock;
        f->lock = NULL;
        if (!mon_exit(t, l)) return false;
    }
    Frame *caller = f->prev;
    caller->sp = f->locals + f->method->arg_slots;
    t->top = caller;
    return true;
}

static int take_request(Thread *t, DbgThread *d, Frame *f, int bci) {
    int r = d->req;
    d->req_frame = NULL;
    __atomic_store_n(&d->req, REQ_NONE, __ATOMIC_RELEASE);
    dbg_release_method(f->method);
    if (r == REQ_RETURN) {
        exit_block_monitors(t, f, bci);     /* the method's own monitor goes on return */
        return DBG_RETURN;
    }
    f->flags &= ~(uint32_t)FR_DBG_MASK;
    return pop_top(t, f, bci) ? DBG_POP : DBG_THROW;
}

/* A PopFrame or ForceEarlyReturn waits for the top frame's next instruction: an
 * asynchronous exception that comes meanwhile (a StopThread just after ResumeThread, as
 * nsk's cm03t001 sends) waits for it (runtime/suspend.c), lest the frame's unwinding take
 * the request and discard the exception with the frame; HotSpot's thread takes the
 * request on its way out of the suspension, before anything sent after the resume. */
bool dbg_frame_request_here(Thread *t) {
    DbgThread *d = dbg_of(t);
    return d && __atomic_load_n(&d->req, __ATOMIC_ACQUIRE) && d->req_frame == t->top;
}

int dbg_insn(Thread *t, const Insn *pc) {
    Frame *f = t->top;
    Method *m = f->method;
    int bci = (int)prep_bci(method_prepared(m), pc);
    DbgThread *d = dbg_thread_of(t);
    if (d->req && d->req_frame == f) return take_request(t, d, f, bci);
    bool again = d->redispatch == pc && d->redispatch_frame == f;
    d->redispatch = NULL;
    if (!again) {
        if ((MODES(d) & DBG_STEP) && dbg_hooks.single_step) dbg_hooks.single_step(t, m, bci);
        if (bp_here(m, bci) && dbg_hooks.breakpoint) dbg_hooks.breakpoint(t, m, bci);
        settle(t, d);
        if (d->req && d->req_frame == f) return take_request(t, d, f, bci);
    }
    int opc = pc->opc;
    /* (checkcast and instanceof of null go on without rewriting themselves: interp.c) */
    bool null_check = (opc == OP_checkcast || opc == OP_instanceof) && !f->sp[-1].l;
    if (is_slow_form(opc) && !null_check) {
        d->redispatch = pc;
        d->redispatch_frame = f;
    } else if (DBG_LOAD(dbg_watch_count) && is_field_op(opc)) {
        field_event(t, f, pc, bci);
        settle(t, d);
    }
    return exc_pending(t) ? DBG_THROW : DBG_RUN;
}

int dbg_return_slots(Thread *t) { return dbg_of(t)->req_slots; }

Slot dbg_return_value(Thread *t) {
    DbgThread *d = dbg_of(t);
    Slot v = d->req_value;
    if (d->req_ref) {
        v.l = hnd_get(d->req_ref);
        hnd_delete_global(d->req_ref);
        d->req_ref = NULL;
    }
    return v;
}

Slot dbg_frame_return(Thread *t, Frame *f, Slot ret) {
    Method *m = f->method;
    DbgThread *d = dbg_of(t);
    char kind = dbg_return_kind(m);
    HandleMark hm = hnd_mark(t);
    Object **href = kind == 'L' ? hnd_new(t, ret.l) : NULL;
    jvalue v = { .j = 0 };
    if (kind != 'V') value_of(&ret, kind == 'I' ? m->desc->str[m->desc->len - 1] : kind, &v);
    uint32_t flags = f->flags;
    f->flags &= ~(uint32_t)FR_DBG_MASK;
    if ((flags & FR_METHOD_EXIT) && d && (MODES(d) & DBG_EXIT) && dbg_hooks.method_exit)
        dbg_hooks.method_exit(t, m, false, v, href);
    if ((flags & FR_POP_PENDING) && dbg_hooks.frame_pop) dbg_hooks.frame_pop(t, m, false);
    settle(t, dbg_of(t));
    if (href) ret.l = *href;
    hnd_release(t, hm);
    return ret;
}

void dbg_frame_unwind(Thread *t, Frame *f) {
    Method *m = f->method;
    DbgThread *d = dbg_of(t);
    HandleMark hm = hnd_mark(t);
    Object **exc = hnd_new(t, exc_take(t));
    uint32_t flags = f->flags;
    f->flags &= ~(uint32_t)FR_DBG_MASK;
    jvalue none = { .j = 0 };
    if ((flags & FR_METHOD_EXIT) && d && (MODES(d) & DBG_EXIT) && dbg_hooks.method_exit)
        dbg_hooks.method_exit(t, m, true, none, NULL);
    if ((flags & FR_POP_PENDING) && dbg_hooks.frame_pop) dbg_hooks.frame_pop(t, m, true);
    settle(t, dbg_of(t));
    exc_set(t, *exc);
    hnd_release(t, hm);
}

int dbg_unwind_request(Thread *t, Frame *f) {
    DbgThread *d = dbg_of(t);
    if (!d || d->req != REQ_POP || d->req_frame != f) return DBG_RUN;
    exc_take(t);
    return take_request(t, d, f, frame_bci(f));
}

/* Where the pending exception will be caught: the first frame from f outward with a
 * handler for it. */
static Frame *catch_frame(Thread *t, Frame *f, int *bci) {
    for (; f; f = f->prev) {
        if (f->flags & FR_NATIVE) continue;
        const Insn *h = find_handler(t, f);
        if (h) {
            *bci = (int)prep_bci(method_prepared(f->method), h);
            return f;
        }
    }
    return NULL;
}

void dbg_exception_thrown(Thread *t, Frame *f) {
    if (!(DBG_LOAD(dbg_exc_enabled) & 1) || (f->flags & FR_NATIVE)) return;
    DbgThread *d = dbg_thread_of(t);
    if (d->exc_posted && hnd_get(d->exc_posted) == t->exception) return;
    if (d->exc_posted) hnd_delete_weak(d->exc_posted);
    d->exc_posted = hnd_new_weak(t->exception);
    int cbci = -1;
    Frame *cf = catch_frame(t, f, &cbci);
    HandleMark hm = hnd_mark(t);
    Object **exc = hnd_new(t, exc_take(t));
    if (dbg_hooks.exception) dbg_hooks.exception(t, f->method, frame_bci(f), exc, cf ? cf->method : NULL, cbci);
    settle(t, d);
    exc_set(t, *exc);
    hnd_release(t, hm);
}

void dbg_exception_caught(Thread *t, Frame *f, const Insn *h) {
    DbgThread *d = dbg_of(t);
    if (d && d->exc_posted) {
        hnd_delete_weak(d->exc_posted);
        d->exc_posted = NULL;
    }
    if (!(DBG_LOAD(dbg_exc_enabled) & 2) || !dbg_hooks.exception_catch) return;
    HandleMark hm = hnd_mark(t);
    Object **exc = hnd_new(t, exc_take(t));
    /* the frame is at its handler during the event (GetFrameLocation answers the catch
     * location), its operand stack as the handler begins: the exception alone */
    Slot *s = frame_stack(f);
    s->l = *exc;
    f->sp = s + 1;
    f->pc = h;
    dbg_hooks.exception_catch(t, f->method, (int)prep_bci(method_prepared(f->method), h), exc);
    settle(t, dbg_of(t));
    exc_set(t, *exc);
    hnd_release(t, hm);
}
