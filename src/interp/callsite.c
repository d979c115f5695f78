/*
 * callsite.c — invokedynamic, method-handle invocation and the constants of
 * java.lang.invoke.
 *
 * The JDK does the real work in Java; the VM's part (JDK 17's protocol) is:
 *   - resolving a CONSTANT_MethodHandle through MethodHandleNatives.linkMethodHandleConstant
 *     (after resolving its member in the VM, as HotSpot does), a CONSTANT_MethodType through
 *     findMethodHandleType, a CONSTANT_Dynamic through linkDynamicConstant — each cached in
 *     the constant pool's object slots; a LinkageError is recorded and every later attempt
 *     throws a new error of its class and message, with a cause of its cause's class and
 *     message (JVMS 5.4.3, HotSpot's way);
 *   - linking an invokedynamic instruction through linkCallSite, passing the bootstrap
 *     method's static arguments resolved in "push mode" (none: null; one: itself; more:
 *     an Object[]), and a call of MethodHandle.invoke/invokeExact or a VarHandle access
 *     mode through linkMethod; both return a MemberName naming a static method plus an
 *     optional appendix object, cached per instruction: the call is then that static
 *     method with the original arguments and the appendix appended.  Threads may link one
 *     instruction at the same time; the first outcome installed is the one all use, and a
 *     failed invokedynamic rethrows a new error of the recorded class and message;
 *   - the intrinsics invokeBasic and linkTo*, which LambdaForm bytecode calls directly;
 *     the interpreter runs them in its own loop once rewritten (interp.c).
 *
 * Appendices and recorded errors are GC roots owned by the calling class (Class.roots).
 */
#include "interp/callsite.h"
#include "interp/interp_internal.h"
#include "interp/opcodes.h"
#include "classfile/classfile.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "classfile/resolve.h"
#include "heap/heap.h"
#include "native/mhn.h"
#include "runtime/exception.h"
#include "runtime/jstring.h"
#include "runtime/vm.h"

uint32_t cs_mh_form_off, cs_lf_vmentry_off;

/* ---- roots owned by classes ---- */

static pthread_mutex_t roots_lock = PTHREAD_MUTEX_INITIALIZER;

Object **class_new_root(Class *c, Object *o) {
    pthread_mutex_lock(&roots_lock);
    RootBlock *b = c->roots;
    if (!b || b->used == ROOT_BLOCK_SLOTS) {
        b = vm_calloc(1, sizeof *b);
        b->next = c->roots;
        c->roots = b;
    }
    Object **slot = &b->slots[b->used++];
    *slot = o;
    pthread_mutex_unlock(&roots_lock);
    return slot;
}

/* ---- upcalls into MethodHandleNatives ---- */

static Method *upcall_method(Thread *t, const char *name, const char *desc) {
    Class *c = vmc_get(t, VMC_MethodHandleNatives);
    if (!c || !class_init(t, c)) return NULL;
    Method *m = class_find_declared_method(c, sym_intern_cstr(name), sym_intern_cstr(desc));
    if (!m) vm_fatal("MethodHandleNatives.%s%s missing", name, desc);
    return m;
}

static Object *null_marker;

static bool init_offsets(Thread *t) {
    if (__atomic_load_n(&cs_lf_vmentry_off, __ATOMIC_ACQUIRE)) return true;   /* the guard is stored last */
    if (!__atomic_load_n(&null_marker, __ATOMIC_ACQUIRE)) {
        /* no safepoint between the allocation and the root's registration */
        Object *marker = heap_alloc_object(t, VMC(Object)), *expected = NULL;
        if (!marker) return false;
        if (__atomic_compare_exchange_n(&null_marker, &expected, marker, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
            gc_register_root(&null_marker);
    }
    Class *mh = vmc_get(t, VMC_MethodHandle);
    Class *lf = ld_load_boot_or_null(t, sym_intern_cstr("java/lang/invoke/LambdaForm"));
    if (!mh || !lf || !link_class(t, lf) || !mhn_init_offsets(t)) return false;
    uint32_t form = class_find_declared_field(mh, sym_intern_cstr("form"), sym_intern_cstr("Ljava/lang/invoke/LambdaForm;"))->offset;
    uint32_t vmentry = class_find_declared_field(lf, sym_intern_cstr("vmentry"), sym_intern_cstr("Ljava/lang/invoke/MemberName;"))->offset;
    vm_lazy_begin();
    if (!cs_lf_vmentry_off) {
        cs_mh_form_off = form;
        __atomic_store_n(&cs_lf_vmentry_off, vmentry, __ATOMIC_RELEASE);
    }
    vm_lazy_end();
    return true;
}

/* ---- types ---- */

/* The class a field descriptor names (primitive classes included), through c's loader.
 * c must be able to access it, as if it had resolved a constant-pool reference to it
 * (HotSpot checks the types of method types and of dynamic constants so). */
static Class *desc_class(Thread *t, Class *c, const char *s, const char **end) {
    const char *e = cf_skip_field_desc(s);
    if (end) *end = e;
    if (*s != 'L' && *s != '[') return vm_primitive[bt_from_char(*s)];
    Symbol *name = *s == 'L' ? sym_intern(s + 1, (size_t)(e - s - 2)) : sym_intern(s, (size_t)(e - s));
    Class *k = ld_load(t, name, c->loader ? &c->loader : NULL, false);
    ClassAccess r = k ? access_class(t, c, k) : ACCESS_OK;
    if (r != ACCESS_OK) {
        char msg[2400];
        access_class_message(t, msg, sizeof msg, c, k, r);
        exc_throw(t, VMC_IllegalAccessError, "%s", msg);
        return NULL;
    }
    return k;
}

Object *cs_method_type(Thread *t, Class *caller, Symbol *desc) {
    Class *types[256];
    int n = 0;
    const char *p = desc->str + 1;
    while (*p != ')') {
        if (n == 255) {
            exc_throw(t, VMC_LinkageError, "too many parameters in %s", desc->str);
            return NULL;
        }
        types[n] = desc_class(t, caller, p, &p);
        if (!types[n]) return NULL;
        n++;
    }
    Class *rt = desc_class(t, caller, p + 1, NULL);
    if (!rt) return NULL;
    Method *m = upcall_method(t, "findMethodHandleType", "(Ljava/lang/Class;[Ljava/lang/Class;)Ljava/lang/invoke/MethodType;");
    Class *ac = m ? ld_array_of(t, VMC(Class)) : NULL;
    Object *arr = ac ? heap_alloc_array(t, ac, n) : NULL;
    if (!arr) return NULL;
    for (int i = 0; i < n; i++) heap_store_ref(arr, &ARRAY_ELEMS(arr, Object *)[i], types[i]->mirror);
    Slot args[2] = { { .l = rt->mirror }, { .l = arr } };
    Slot r;
    return interp_call(t, m, args, &r) ? r.l : NULL;
}

/* ---- cached constant-pool objects ---- */

/* A dynamic constant may be null, which is resolved all the same (its bootstrap method
 * must not run again): its objs[] slot then holds null_marker, a heap object of no other
 * use (made with the offsets), and readers get the address of null_value instead. */
static Object *const null_value = NULL;

static Object **value_slot(ConstantPool *cp, uint16_t o) {
    Object *v = __atomic_load_n(&cp->objs[o], __ATOMIC_ACQUIRE);
    return v && v == null_marker ? (Object **)&null_value : &cp->objs[o];
}

/* Returns the slot of a resolved object-valued constant, rethrowing a recorded failure,
 * or NULL with *fresh set when it still has to be resolved. */
static Object **cached(Thread *t, ConstantPool *cp, uint16_t idx, bool *fresh) {
    uint16_t o = cp->e[idx].obj;
    *fresh = false;
    if (__atomic_load_n(&cp->objs[o], __ATOMIC_ACQUIRE)) return value_slot(cp, o);
    if (__atomic_load_n(&cp->errors[o], __ATOMIC_ACQUIRE)) {
        /* as HotSpot: the recorded error's class and message, and its cause's */
        exc_throw_like(t, cp->errors[o], true);
        return NULL;
    }
    *fresh = true;
    return NULL;
}

/* A resolved slot is filled once by CAS (store) and read without a lock. */
static inline Object *slot_value(Object **s) { return __atomic_load_n(s, __ATOMIC_ACQUIRE); }

/* Installs a resolved value (NULL: a null dynamic constant) unless another thread was
 * first, whose value then counts; or records the pending LinkageError. */
static Object **store(Thread *t, ConstantPool *cp, uint16_t idx, Object *value) {
    uint16_t o = cp->e[idx].obj;
    if (exc_pending(t)) {
        /* only LinkageErrors are remembered; others (e.g. StackOverflowError) may pass */
        Object *e = t->exception;
        if (VMC(LinkageError) && class_is_subclass(e->klass, VMC(LinkageError)) && !__atomic_load_n(&cp->objs[o], __ATOMIC_ACQUIRE))
            __atomic_store_n(&cp->errors[o], e, __ATOMIC_RELEASE);
        return NULL;
    }
    Object *expected = NULL;
    __atomic_compare_exchange_n(&cp->objs[o], &expected, value ? value : null_marker, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    return value_slot(cp, o);
}

Object **cp_resolve_method_type(Thread *t, Class *cls, uint16_t idx) {
    bool fresh;
    Object **s = cached(t, &cls->cp, idx, &fresh);
    if (!fresh) return s;
    Object *mt = cs_method_type(t, cls, cp_utf8(&cls->cp, cls->cp.e[idx].ref.a));
    return store(t, &cls->cp, idx, mt);
}

Object **cp_resolve_method_handle(Thread *t, Class *cls, uint16_t idx) {
    bool fresh;
    Object **s = cached(t, &cls->cp, idx, &fresh);
    if (!fresh || !init_offsets(t)) return s;
    ConstantPool *cp = &cls->cp;
    int kind = cp->e[idx].ref.a;
    uint16_t member = cp->e[idx].ref.b;
    HandleMark hm = hnd_mark(t);
    Object *result = NULL;
    Class *defc = cp_resolve_class(t, cls, cp->e[member].ref.a);
    Symbol *desc = cp_member_desc(cp, member);
    if (defc && !mhn_resolve_constant_member(t, cls, kind, defc, cp_member_name(cp, member), desc)) defc = NULL;
    Object **name = defc ? hnd_new(t, jstr_intern_sym(t, cp_member_name(cp, member))) : NULL;
    Object **type = hnd_new(t, NULL);
    if (name && *name) {
        if (kind <= REF_putStatic) {
            Class *fc = desc_class(t, cls, desc->str, NULL);
            *type = fc ? fc->mirror : NULL;
        } else {
            *type = cs_method_type(t, cls, desc);
        }
    }
    if (*type) {
        Method *m = upcall_method(t, "linkMethodHandleConstant",
                                  "(Ljava/lang/Class;ILjava/lang/Class;Ljava/lang/String;Ljava/lang/Object;)Ljava/lang/invoke/MethodHandle;");
        Slot args[5] = { { .l = cls->mirror }, { .i = kind }, { .l = defc->mirror }, { .l = *name }, { .l = *type } };
        Slot r;
        if (m && interp_call(t, m, args, &r)) result = r.l;
    }
    hnd_release(t, hm);
    return store(t, cp, idx, result);
}

/* ---- bootstrap arguments ---- */

static Object *loadable_constant(Thread *t, Class *cls, uint16_t idx) {
    extern Object *reflect_box(Thread *t, BasicType bt, Slot v);
    ConstantPool *cp = &cls->cp;
    Object **s;
    switch (cp->tags[idx]) {
    case JVM_CONSTANT_Integer: return reflect_box(t, T_INT, (Slot){ .i = cp->e[idx].i });
    case JVM_CONSTANT_Float: return reflect_box(t, T_FLOAT, (Slot){ .f = cp->e[idx].f });
    case JVM_CONSTANT_Long: return reflect_box(t, T_LONG, (Slot){ .j = cp->e[idx].j });
    case JVM_CONSTANT_Double: return reflect_box(t, T_DOUBLE, (Slot){ .d = cp->e[idx].d });
    case JVM_CONSTANT_String: s = cp_resolve_string(t, cls, idx); break;
    case JVM_CONSTANT_Class: {
        Class *c = cp_resolve_class(t, cls, idx);
        return c ? c->mirror : NULL;
    }
    case JVM_CONSTANT_MethodType: s = cp_resolve_method_type(t, cls, idx); break;
    case JVM_CONSTANT_MethodHandle: s = cp_resolve_method_handle(t, cls, idx); break;
    case JVM_CONSTANT_Dynamic: s = cp_resolve_dynamic(t, cls, idx); break;
    default:
        exc_throw(t, VMC_BootstrapMethodError, "bad bootstrap argument (constant pool tag %d)", cp->tags[idx]);
        return NULL;
    }
    return s ? slot_value(s) : NULL;
}

/* Push mode: no arguments -> null, one non-array argument -> itself, else Object[]. */
static bool static_arguments(Thread *t, Class *cls, BootstrapMethod *bm, Object **out) {
    *out = NULL;
    if (bm->nargs == 0) return true;
    if (bm->nargs == 1) {
        Object *a = loadable_constant(t, cls, bm->args[0]);
        if (exc_pending(t)) return false;
        if (!a || !class_is_array(a->klass)) {
            *out = a;
            return true;
        }
    }
    Class *ac = ld_array_of(t, VMC(Object));
    Object *arr = ac ? heap_alloc_array(t, ac, bm->nargs) : NULL;
    if (!arr) return false;
    *out = arr;
    for (uint16_t i = 0; i < bm->nargs; i++) {
        Object *a = loadable_constant(t, cls, bm->args[i]);
        if (exc_pending(t)) return false;
        heap_store_ref(*out, &ARRAY_ELEMS(*out, Object *)[i], a);
    }
    return true;
}

Object **cp_resolve_dynamic(Thread *t, Class *cls, uint16_t idx) {
    bool fresh;
    Object **s = cached(t, &cls->cp, idx, &fresh);
    /* its bootstrap arguments may be dynamic constants too, resolved first: nesting
     * (or a constant naming itself) ends in StackOverflowError */
    if (!fresh || !init_offsets(t) || !exc_c_stack_ok(t)) return s;
    ConstantPool *cp = &cls->cp;
    BootstrapMethod *bm = &cls->bsms[cp->e[idx].ref.a];
    HandleMark hm = hnd_mark(t);
    Object *result = NULL;
    Object **bsm = cp_resolve_method_handle(t, cls, bm->method_ref);
    Object **bsm_h = bsm ? hnd_new(t, slot_value(bsm)) : NULL;
    Object **name = bsm_h ? hnd_new(t, jstr_intern_sym(t, cp_member_name(cp, idx))) : NULL;
    Class *type = name && *name ? desc_class(t, cls, cp_member_desc(cp, idx)->str, NULL) : NULL;
    Object **args = type ? hnd_new(t, NULL) : NULL;
    if (args && static_arguments(t, cls, bm, args)) {
        Method *m = upcall_method(t, "linkDynamicConstant",
                                  "(Ljava/lang/Object;ILjava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;");
        Slot a[6] = { { .l = cls->mirror }, { .i = idx }, { .l = *bsm_h }, { .l = *name }, { .l = type->mirror }, { .l = *args } };
        Slot r;
        if (m && interp_call(t, m, a, &r)) result = r.l;
    }
    hnd_release(t, hm);
    return store(t, cp, idx, result);
}

/* ---- call sites ---- */

static Object *new_box(Thread *t) {
    Class *ac = ld_array_of(t, VMC(Object));
    return ac ? heap_alloc_array(t, ac, 1) : NULL;
}

/* Linking an invokedynamic instruction (JVMS 5.4.3.6): threads may run the bootstrap method
 * at the same time, but the first outcome installed — a call site or a LinkageError — is
 * the one every thread uses.  link_lock orders the installations; a thread that comes
 * second drops its own outcome and redispatches to the installed one. */
static pthread_mutex_t link_lock = PTHREAD_MUTEX_INITIALIZER;

static bool linked_already(const Insn *pc) {
    uint16_t opc = __atomic_load_n(&pc->opc, __ATOMIC_ACQUIRE);
    return opc == OP_invokedynamic_q || opc == OP_rethrow_q;
}

/* Records a failed link: from now on the instruction throws a new error of the same class
 * and message (HotSpot keeps no cause for these).  Errors other than LinkageErrors (a
 * StackOverflowError, say) are not recorded: the next execution links again. */
static int record_failure(Thread *t, Class *cls, Insn *pc) {
    Object *e = t->exception;
    if (!e || !VMC(LinkageError) || !class_is_subclass(e->klass, VMC(LinkageError))) return QK_FAIL;
    pthread_mutex_lock(&link_lock);
    bool lost = linked_already(pc);
    if (!lost) prep_quicken(pc, OP_rethrow_q, 0, 0, class_new_root(cls, e));
    pthread_mutex_unlock(&link_lock);
    if (!lost) return QK_FAIL;
    exc_take(t);
    return QK_REDISPATCH;
}

static CallSiteLink *make_link(Class *cls, Object *mn, Object *appendix) {
    CallSiteLink *l = vm_malloc(sizeof *l);
    l->target = mhn_method_of(mn);
    l->appendix = appendix ? class_new_root(cls, appendix) : NULL;
    /* a target in a hidden class that is unloaded on its own (a spun LambdaForm's) stays
     * while the site can call it: its mirror is a root of the caller's class */
    Class *h = l->target ? l->target->holder : NULL;
    if (h && __atomic_load_n(&h->cu_own, __ATOMIC_RELAXED)) class_new_root(cls, h->mirror);
    return l;
}

int cs_link_invokedynamic(Thread *t, Method *caller, Insn *pc) {
    if (linked_already(pc)) return QK_REDISPATCH;       /* another thread was quicker */
    if (!init_offsets(t)) return QK_FAIL;
    Class *cls = caller->holder;
    ConstantPool *cp = &cls->cp;
    uint16_t idx = prep_cp_index(caller, pc);
    if (cp->tags[idx] != JVM_CONSTANT_InvokeDynamic) {
        exc_throw(t, VMC_VerifyError, "invokedynamic of a non-InvokeDynamic constant");
        return QK_FAIL;
    }
    BootstrapMethod *bm = &cls->bsms[cp->e[idx].ref.a];
    HandleMark hm = hnd_mark(t);
    int rc = QK_FAIL;
    Object **bsm = cp_resolve_method_handle(t, cls, bm->method_ref);
    if (!bsm) goto out;
    Object **bsm_h = hnd_new(t, slot_value(bsm));
    Object **name = hnd_new(t, jstr_intern_sym(t, cp_member_name(cp, idx)));
    if (!*name) goto out;
    Object **type = hnd_new(t, cs_method_type(t, cls, cp_member_desc(cp, idx)));
    if (!*type) goto out;
    Object **args = hnd_new(t, NULL);
    if (!static_arguments(t, cls, bm, args)) goto out;
    Object **box = hnd_new(t, new_box(t));
    if (!*box) goto out;
    Method *m = upcall_method(t, "linkCallSite",
                              "(Ljava/lang/Object;ILjava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/invoke/MemberName;");
    Slot a[7] = { { .l = cls->mirror }, { .i = idx }, { .l = *bsm_h }, { .l = *name }, { .l = *type }, { .l = *args }, { .l = *box } };
    Slot r;
    if (!m || !interp_call(t, m, a, &r)) goto out;
    if (!r.l || !mhn_method_of(r.l)) {
        exc_throw(t, VMC_InternalError, "linkCallSite returned no target");
        goto out;
    }
    pthread_mutex_lock(&link_lock);
    if (!linked_already(pc))
        prep_quicken(pc, OP_invokedynamic_q, idx, 0, make_link(cls, r.l, ARRAY_ELEMS(*box, Object *)[0]));
    pthread_mutex_unlock(&link_lock);
    rc = QK_REDISPATCH;
out:
    hnd_release(t, hm);
    return rc == QK_FAIL ? record_failure(t, cls, pc) : rc;
}

static int call_site_slots(Class *cls, uint16_t idx) {
    BasicType ret;
    return cf_method_arg_slots(cp_member_desc(&cls->cp, idx)->str, &ret);
}

int cs_link_invokehandle(Thread *t, Method *caller, Insn *pc, Method *resolved) {
    if (!init_offsets(t)) return QK_FAIL;
    Class *cls = caller->holder;
    uint16_t idx = prep_cp_index(caller, pc);
    HandleMark hm = hnd_mark(t);
    int rc = QK_FAIL;
    Object **name = hnd_new(t, jstr_intern_sym(t, resolved->name));
    if (!*name) goto out;
    Object **type = hnd_new(t, cs_method_type(t, cls, cp_member_desc(&cls->cp, idx)));
    if (!*type) goto out;
    Object **box = hnd_new(t, new_box(t));
    if (!*box) goto out;
    Method *m = upcall_method(t, "linkMethod",
                              "(Ljava/lang/Class;ILjava/lang/Class;Ljava/lang/String;Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/invoke/MemberName;");
    Slot a[6] = { { .l = cls->mirror }, { .i = REF_invokeVirtual }, { .l = resolved->holder->mirror }, { .l = *name }, { .l = *type }, { .l = *box } };
    Slot r;
    if (!m || !interp_call(t, m, a, &r)) goto out;
    if (!r.l || !mhn_method_of(r.l)) {
        exc_throw(t, VMC_InternalError, "linkMethod returned no target");
        goto out;
    }
    prep_quicken(pc, OP_invokehandle_q, (uint16_t)(call_site_slots(cls, idx) + 1), 0,
                 make_link(cls, r.l, ARRAY_ELEMS(*box, Object *)[0]));
    rc = QK_REDISPATCH;
out:
    hnd_release(t, hm);
    return rc;
}

int cs_link_intrinsic(Thread *t, Method *caller, Insn *pc, Method *resolved) {
    if (!init_offsets(t)) return QK_FAIL;
    int slots = call_site_slots(caller->holder, prep_cp_index(caller, pc));
    const char *n = resolved->name->str;
    if (resolved->name == sym_invokeBasic) prep_quicken(pc, OP_invokebasic_q, (uint16_t)(slots + 1), 0, NULL);
    else if (resolved->name == sym_linkToStatic) prep_quicken(pc, OP_linktostatic_q, (uint16_t)slots, 0, NULL);
    else if (resolved->name == sym_linkToSpecial) prep_quicken(pc, OP_linktostatic_q, (uint16_t)slots, 1, NULL);
    else if (resolved->name == sym_linkToVirtual) prep_quicken(pc, OP_linktovirtual_q, (uint16_t)slots, 0, NULL);
    else if (resolved->name == sym_linkToInterface) prep_quicken(pc, OP_linktointerface_q, (uint16_t)slots, 0, NULL);
    else {
        exc_throw(t, VMC_UnsupportedOperationException, "%s is not supported", n);
        return QK_FAIL;
    }
    return QK_REDISPATCH;
}
