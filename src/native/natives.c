/*
 * natives.c — binding and calling native methods.
 *
 * Binding happens on a method's first call (or through RegisterNatives), in this order:
 *   1. the VM's own natives (vm_natives[] in the native/ files, found by class, name and
 *      descriptor) — Object, Unsafe, MethodHandleNatives and the other classes whose
 *      natives HotSpot provides itself;
 *   2. for boot classes, the JNI short then long name in libjava.so;
 *   3. ClassLoader.findNative(loader, name), which searches the libraries that loader
 *      (or, for boot classes, the boot loader) has loaded: libnio, libnet, user libraries.
 * When libjava's registerNatives tables hand us one of our own JVM_* functions, the
 * registration is swapped for the slot-shaped fast version of that function if there is
 * one (System.arraycopy, Thread.currentThread, System.nanoTime, ...).
 *
 * Calls: JNI natives go through libffi with a call interface prepared once per method;
 * the arguments become local handles, the thread is in native state for the duration,
 * and a header-only frame marks the native method on the Java stack.  VM fast natives
 * get the same frame (for stack traces) but run on the raw operand-stack slots.
 */
#include "jvmti/jvmti_export.h"
#include "native/natives.h"
#include "classfile/classfile.h"
#include "classfile/loader.h"
#include "classfile/link.h"
#include "classfile/resolve.h"
#include "heap/handles.h"
#include "interp/interp.h"
#include "interp/frame.h"
#include "interp/debug.h"
#include "runtime/exception.h"
#include "runtime/jstring.h"
#include "runtime/monitor.h"
#include "runtime/suspend.h"
#include "runtime/vm.h"
#include <dlfcn.h>
#include <ffi.h>
#include <stdio.h>

void *nat_libjava;

/* The VM native tables, one per file that provides natives (declared where defined). */
extern const VMNative vm_natives_system[], vm_natives_class[], vm_natives_thread[], vm_natives_unsafe[],
    vm_natives_mhn[], vm_natives_math[], vm_natives_misc[];
static const VMNative *const tables[] = { vm_natives_system, vm_natives_class, vm_natives_thread, vm_natives_unsafe,
                                          vm_natives_mhn, vm_natives_math, vm_natives_misc };

void nat_init(void) {
    char path[4096];
    snprintf(path, sizeof path, "%s/lib/libjava.so", vm_java_home);
    nat_libjava = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
    if (!nat_libjava) vm_fatal("cannot load %s: %s", path, dlerror());
}

const VMNative *nat_find_vm_native(Class *c, Method *m) {
    for (size_t t = 0; t < ARRAY_LEN(tables); t++)
        for (const VMNative *n = tables[t]; n->klass; n++)
            if (sym_eq_cstr(c->name, n->klass) && sym_eq_cstr(m->name, n->name) && sym_eq_cstr(m->desc, n->desc))
                return n;
    return NULL;
}

static const VMNative *fast_version_of(void *fn) {
    for (size_t t = 0; t < ARRAY_LEN(tables); t++)
        for (const VMNative *n = tables[t]; n->klass; n++)
            if (n->jni == fn && n->fast) return n;
    return NULL;
}

/* ---- JNI names ---- */

static void mangle(const char *s, const char *end, StrBuf *out) {
    for (; s < end && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) sb_putn(out, s, 1);
        else if (c == '/') sb_puts(out, "_");
        else if (c == '_') sb_puts(out, "_1");
        else if (c == ';') sb_puts(out, "_2");
        else if (c == '[') sb_puts(out, "_3");
        else {
            /* decode one modified-UTF-8 char and write _0xxxx */
            unsigned v = c;
            if ((c & 0xE0) == 0xC0 && s + 1 < end) {
                v = ((c & 0x1Fu) << 6) | (s[1] & 0x3Fu);
                s += 1;
            } else if ((c & 0xF0) == 0xE0 && s + 2 < end) {
                v = ((c & 0x0Fu) << 12) | ((s[1] & 0x3Fu) << 6) | (s[2] & 0x3Fu);
                s += 2;
            }
            sb_printf(out, "_0%04x", v);
        }
    }
}

/* Java_pkg_Class_method, whole however long the names. */
static void jni_short_name(Method *m, StrBuf *out) {
    out->len = 0;
    sb_puts(out, "Java_");
    mangle(m->holder->name->str, m->holder->name->str + m->holder->name->len, out);
    sb_puts(out, "_");
    mangle(m->name->str, m->name->str + m->name->len, out);
}

/* The short name + "__" + the mangled argument descriptor. */
static void jni_long_name(Method *m, StrBuf *out) {
    jni_short_name(m, out);
    sb_puts(out, "__");
    const char *d = m->desc->str + 1;
    const char *end = strchr(d, ')');
    mangle(d, end ? end : d, out);
}

static Method *find_native_method;

/* ClassLoader.findNative(loader, name): the address of `name` in a library the loader has
 * loaded, or 0. */
static void *find_native_through_loader(Thread *t, Object *loader, const char *name) {
    if (!VMC(ClassLoader) || vm_phase_now() < VM_PHASE_START) return NULL;
    Method *find_native = class_cached_method(&find_native_method, VMC(ClassLoader), "findNative",
                                              "(Ljava/lang/ClassLoader;Ljava/lang/String;)J");
    if (!find_native) return NULL;
    HandleMark hm = hnd_mark(t);
    Object **lh = hnd_new(t, loader);
    Object *s = jstr_new_utf8(t, name);
    void *r = NULL;
    if (s) {
        Slot args[2] = { { .l = *lh }, { .l = s } };
        Slot res;
        if (interp_call(t, find_native, args, &res)) r = (void *)(intptr_t)res.j;
        else exc_take(t);
    }
    hnd_release(t, hm);
    return r;
}

static void *lookup_name(Thread *t, Method *m, const char *name) {
    void *fn = NULL;
    if (!m->holder->loader) fn = dlsym(nat_libjava, name);
    if (!fn) fn = find_native_through_loader(t, m->holder->loader, name);
    if (!fn && !exc_pending(t)) fn = jvmti_agent_symbol(name);
    return fn;
}

/* The function by m's short JNI name, then by its long one. */
static void *lookup_names(Thread *t, Method *m) {
    StrBuf name = { 0 };
    jni_short_name(m, &name);
    void *fn = lookup_name(t, m, name.s);
    if (!fn && !exc_pending(t)) {
        jni_long_name(m, &name);
        fn = lookup_name(t, m, name.s);
    }
    vm_free(name.s);
    return fn;
}

/* A method an agent wrapped (SetNativeMethodPrefix): the function of the Java method that
 * has its name without the prefixes. */
static void *lookup_prefixed(Thread *t, Method *m) {
    char *w = jvmti_unprefixed_native(m->name->str);
    if (!w) return NULL;
    Symbol *ws = sym_lookup(w, strlen(w));
    vm_free(w);
    Method *wm = NULL;
    for (Class *k = m->holder; ws && k && !wm; k = k->super) wm = class_find_declared_method(k, ws, m->desc);
    return wm && !method_is_native(wm) ? lookup_names(t, wm) : NULL;
}

/* RegisterNatives of a name an agent wrapped: the native method found by putting the
 * agents' prefixes in front, one after another, while each gives an existing method. */
static Method *find_prefixed_native(Class *c, const char *name, Symbol *sig) {
    char *cur = vm_strdup(name);
    Method *found = NULL;
    char *p;
    for (int i = 0; !found && (p = jvmti_native_prefix(i)); i++) {
        char *trial = vm_malloc(strlen(p) + strlen(cur) + 1);
        strcpy(trial, p);
        strcat(trial, cur);
        vm_free(p);
        Symbol *ts = sym_lookup(trial, strlen(trial));
        Method *m = NULL;
        for (Class *k = c; ts && k && !m; k = k->super) m = class_find_declared_method(k, ts, sig);
        if (m && method_is_native(m)) found = m;
        if (m) {
            vm_free(cur);
            cur = trial;
        } else {
            vm_free(trial);
        }
    }
    vm_free(cur);
    return found;
}

static void set_fast(Method *m, VMNativeFn fn) {
    __atomic_store_n(&m->kind, MK_VM_NATIVE, __ATOMIC_RELEASE);
    __atomic_store_n(&m->fast_fn, fn, __ATOMIC_RELEASE);
}

/* NativeMethodBind: the agent sees the JNI function and may give another one instead,
 * which is then called as it is (no fast version). */
static bool bind_event(Thread *t, Method *m, void **fn) {
    if (!*fn || !JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_NATIVE_METHOD_BIND)) return false;
    void *given = *fn;
    jvmti_post_NativeMethodBind(t, m, fn);
    return *fn != given;
}

static bool bind(Thread *t, Method *m) {
    const VMNative *vn = nat_find_vm_native(m->holder, m);
    if (vn) {
        void *jni = vn->jni;
        if (bind_event(t, m, &jni)) __atomic_store_n(&m->native_fn, jni, __ATOMIC_RELEASE);
        else if (vn->fast) set_fast(m, vn->fast);
        else __atomic_store_n(&m->native_fn, vn->jni, __ATOMIC_RELEASE);
        return true;
    }
    void *fn = lookup_names(t, m);
    if (!fn && !exc_pending(t)) fn = lookup_prefixed(t, m);
    if (!fn) {
        cp_throw_method_error(t, VMC_UnsatisfiedLinkError, "", m->holder, m->name, m->desc);
        return false;
    }
    if (vm_opts.verbose_jni) {
        char c[256];
        vm_log("jni,resolve", "[Dynamic-linking native method %s.%s ... JNI]", class_external_name(m->holder, c, sizeof c), m->name->str);
    }
    const VMNative *fast = bind_event(t, m, &fn) ? NULL : fast_version_of(fn);
    if (fast) set_fast(m, fast->fast);
    else __atomic_store_n(&m->native_fn, fn, __ATOMIC_RELEASE);
    return true;
}

/* Back to unbound: the next call looks the function up again by its JNI names. */
static void unbind(Method *m) {
    __atomic_store_n(&m->fast_fn, NULL, __ATOMIC_RELEASE);
    __atomic_store_n(&m->native_fn, NULL, __ATOMIC_RELEASE);
    __atomic_store_n(&m->kind, MK_NATIVE, __ATOMIC_RELEASE);
}

bool nat_register(Thread *t, Class *c, const char *name, const char *sig, void *fn) {
    /* HotSpot's three messages: names the VM has never seen, no such method (in the
     * class or its superclasses), a method that is not native */
    Symbol *n = sym_lookup(name, strlen(name)), *s = sym_lookup(sig, strlen(sig));
    if (!n || !s) {
        char cn[256];
        exc_throw(t, VMC_NoSuchMethodError, "Method %s.%s%s not found", class_external_name(c, cn, sizeof cn), name, sig);
        return false;
    }
    Method *m = NULL;
    for (Class *k = c; k && !m; k = k->super) m = class_find_declared_method(k, n, s);
    if (m && !method_is_native(m)) {        /* an agent's wrapper: try its prefixes */
        Method *prefixed = find_prefixed_native(c, name, s);
        if (prefixed) m = prefixed;
    }
    if (!m || !method_is_native(m)) {
        StrBuf d = { 0 };
        sb_puts(&d, "Method ");
        cp_describe_method(&d, c, n, s);
        exc_throw(t, VMC_NoSuchMethodError, "%s %s", d.s, m ? "is not declared as native" : "name or signature does not match");
        vm_free(d.s);
        return false;
    }
    /* a null function unbinds the method, as on HotSpot: its next call looks it up again
     * and fails with UnsatisfiedLinkError if no library has it */
    if (!fn) {
        unbind(m);
        return true;
    }
    /* the VM's fast version wins over what a library registers for the same method,
     * unless an agent redirected the binding */
    const VMNative *fast = NULL;
    if (!bind_event(t, m, &fn)) {
        fast = nat_find_vm_native(c, m);
        if (!fast || !fast->fast) fast = fast_version_of(fn);
    }
    if (fast) {
        set_fast(m, fast->fast);
    } else {
        /* the JNI function first: a caller that still sees no fast version finds it */
        __atomic_store_n(&m->native_fn, fn, __ATOMIC_RELEASE);
        __atomic_store_n(&m->fast_fn, NULL, __ATOMIC_RELEASE);
        __atomic_store_n(&m->kind, MK_NATIVE, __ATOMIC_RELEASE);
    }
    if (vm_opts.verbose_jni) {
        char cn[256];
        vm_log("jni,resolve", "[Registering JNI native method %s.%s]", class_external_name(c, cn, sizeof cn), name);
    }
    return true;
}

void nat_unregister(Class *c) {
    for (uint16_t i = 0; i < c->nmethods; i++)
        if (method_is_native(&c->methods[i])) unbind(&c->methods[i]);
}

/* ---- calling ---- */

typedef struct NativeCif {
    ffi_cif cif;
    ffi_type *rtype;
    int nargs;
    ffi_type *types[];
} NativeCif;

static ffi_type *ffi_of(char c) {
    switch (c) {
    case 'Z': return &ffi_type_uint8;
    case 'B': return &ffi_type_sint8;
    case 'C': return &ffi_type_uint16;
    case 'S': return &ffi_type_sint16;
    case 'I': return &ffi_type_sint32;
    case 'J': return &ffi_type_sint64;
    case 'F': return &ffi_type_float;
    case 'D': return &ffi_type_double;
    case 'V': return &ffi_type_void;
    default: return &ffi_type_pointer;
    }
}

static NativeCif *prepare_cif(Method *m) {
    NativeCif *nc = __atomic_load_n((NativeCif **)&m->native_cif, __ATOMIC_ACQUIRE);
    if (nc) return nc;
    int n = 2;
    for (const char *p = m->desc->str + 1; *p != ')'; p = cf_skip_field_desc(p)) n++;
    nc = vm_calloc(1, sizeof *nc + (size_t)n * sizeof(ffi_type *));
    nc->nargs = n;
    nc->types[0] = &ffi_type_pointer;
    nc->types[1] = &ffi_type_pointer;
    int i = 2;
    for (const char *p = m->desc->str + 1; *p != ')'; p = cf_skip_field_desc(p)) nc->types[i++] = ffi_of(*p);
    nc->rtype = ffi_of(strchr(m->desc->str, ')')[1]);
    if (ffi_prep_cif(&nc->cif, FFI_DEFAULT_ABI, (unsigned)n, nc->rtype, nc->types) != FFI_OK)
        vm_fatal("ffi_prep_cif failed for %s.%s", m->holder->name->str, m->name->str);
    NativeCif *expected = NULL;
    if (!__atomic_compare_exchange_n((NativeCif **)&m->native_cif, &expected, nc, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        vm_free(nc);
        return expected;
    }
    return nc;
}

/* The frame of a native method sits right after its arguments, which it owns, and its
 * result's slot (the first argument's: interp.c's return path). */
static Frame *push_native_frame(Thread *t, Method *m, Slot *args) {
    Frame *nf = (Frame *)(args + (m->arg_slots ? m->arg_slots : 1));
    if ((Slot *)(nf + 1) > t->stack_limit) {
        exc_throw_soe(t);
        return NULL;
    }
    nf->method = m;
    nf->pc = NULL;
    nf->locals = args;
    nf->sp = (Slot *)(nf + 1);
    nf->prev = t->top;
    nf->lock = NULL;
    nf->flags = FR_NATIVE;
    nf->mark = 0;
    t->top = nf;
    return nf;
}

static bool call_vm_native(Thread *t, Method *m, VMNativeFn fn, Slot *args) {
    Slot ret;
    bool ok = fn(t, args, &ret);
    if (ok && m->ret_type != T_VOID) args[0] = ret;
    return ok && !exc_pending(t);
}

typedef union NativeValue {
    jint i;
    jlong j;
    jfloat f;
    jdouble d;
    void *p;
    jbyte b;
    jshort s;
    jchar c;
    jboolean z;
} NativeValue;

static bool call_jni(Thread *t, Frame *nf, Method *m, void *fn, Slot *args) {
    NativeCif *nc = prepare_cif(m);
    HandleMark hm = hnd_mark(t);
    NativeValue vals[nc->nargs];
    void *ptrs[nc->nargs];
    vals[0].p = (void *)t;
    int slot = 0;
    if (method_is_static(m)) {
        vals[1].p = hnd_local(t, m->holder->mirror);
    } else {
        vals[1].p = hnd_local(t, args[0].l);
        slot = 1;
    }
    int i = 2;
    for (const char *p = m->desc->str + 1; *p != ')'; p = cf_skip_field_desc(p), i++) {
        switch (*p) {
        case 'Z': vals[i].z = (jboolean)args[slot++].i; break;
        case 'B': vals[i].b = (jbyte)args[slot++].i; break;
        case 'C': vals[i].c = (jchar)args[slot++].i; break;
        case 'S': vals[i].s = (jshort)args[slot++].i; break;
        case 'I': vals[i].i = args[slot++].i; break;
        case 'F': vals[i].f = args[slot++].f; break;
        case 'J': vals[i].j = args[slot].j; slot += 2; break;
        case 'D': vals[i].d = args[slot].d; slot += 2; break;
        default: vals[i].p = hnd_local(t, args[slot++].l); break;
        }
    }
    for (int k = 0; k < nc->nargs; k++) ptrs[k] = &vals[k];
    if (m->access & JVM_ACC_SYNCHRONIZED) {
        nf->lock = hnd_get((jobject)vals[1].p);
        mon_enter(t, &nf->lock);
    }
    union { ffi_arg a; jlong j; jfloat f; jdouble d; void *p; } rv;
    rv.j = 0;
    int old = t->state;
    atomic_store_explicit((atomic_int *)&t->state, TS_IN_NATIVE, memory_order_release);
    ffi_call(&nc->cif, FFI_FN(fn), &rv, ptrs);
    atomic_store_explicit((atomic_int *)&t->state, old, memory_order_seq_cst);
    thread_poll(t);
    if (susp_requested(t)) susp_block(t);       /* before a synchronized native unlocks */
    if (nf->lock) {
        HandleMark hm2 = hnd_mark(t);
        Object **pending = hnd_new(t, exc_take(t));
        mon_exit(t, nf->lock);
        if (*pending) exc_set(t, *pending);
        hnd_release(t, hm2);
        nf->lock = NULL;
    }
    Slot result;
    result.raw = 0;
    switch (m->ret_type) {
    case T_BOOLEAN: result.i = (jboolean)rv.a != 0; break;
    case T_BYTE: result.i = (jbyte)rv.a; break;
    case T_CHAR: result.i = (jchar)rv.a; break;
    case T_SHORT: result.i = (jshort)rv.a; break;
    case T_INT: result.i = (jint)rv.a; break;
    case T_LONG: result.j = rv.j; break;
    case T_FLOAT: result.f = rv.f; break;
    case T_DOUBLE: result.d = rv.d; break;
    case T_OBJECT: case T_ARRAY: result.l = hnd_get((jobject)rv.p); break;
    default: break;
    }
    hnd_release(t, hm);
    if (exc_pending(t)) return false;
    if (m->ret_type != T_VOID) args[0] = result;
    return true;
}

/* After the call, where the thread may stop (a suspend point, the debugger's MethodExit):
 * the result is in args[0], over the first argument or, for a method without arguments,
 * over the frame's method, so the frame is made whole again for collections meanwhile
 * (they visit the arguments as the method's) and a reference result is held in a handle. */
static bool after_call_stops(Thread *t, Frame *nf, Method *m, bool ok, Slot *args) {
    bool result = ok && m->ret_type != T_VOID;
    Slot r = args[0];
    HandleMark hm = hnd_mark(t);
    Object **ref = result && (m->ret_type == T_OBJECT || m->ret_type == T_ARRAY) ? hnd_new(t, r.l) : NULL;
    if (result && m->arg_slots) args[0].raw = 0;
    nf->method = m;
    if (thread_trap(t) & (TRAP_SUSPEND | TRAP_ASYNC_EXCEPTION)) ok = susp_after_native(t, ok);
    if (ref) r.l = *ref;
    if (nf->flags & FR_DBG_MASK) ok = dbg_native_exit(t, nf, ok, &r);
    if (result && ok) args[0] = r;
    hnd_release(t, hm);
    return ok;
}

/* The frame goes up first: binding may call Java (ClassLoader.findNative), whose frames
 * must land above the arguments. */
bool nat_invoke(Thread *t, Method *m, Slot *args) {
    int kind = __atomic_load_n(&m->kind, __ATOMIC_RELAXED);
    if (kind == MK_ABSTRACT) {
        char c[256];
        exc_throw(t, VMC_AbstractMethodError, "%s.%s%s", class_external_name(m->holder, c, sizeof c), m->name->str, m->desc->str);
        return false;
    }
    if (kind == MK_DELETED) {
        exc_throw(t, VMC_NoSuchMethodError, NULL);
        return false;
    }
    Frame *nf = push_native_frame(t, m, args);
    if (!nf) return false;
    if (unlikely(thread_trap(t) & TRAP_HOOKS)) dbg_native_entry(t, nf);
    bool ok;
    VMNativeFn fast = __atomic_load_n(&m->fast_fn, __ATOMIC_ACQUIRE);
    void *fn = fast ? NULL : __atomic_load_n(&m->native_fn, __ATOMIC_ACQUIRE);
    if (!fast && !fn) {
        ok = bind(t, m);
        fast = __atomic_load_n(&m->fast_fn, __ATOMIC_ACQUIRE);
        fn = __atomic_load_n(&m->native_fn, __ATOMIC_ACQUIRE);
        if (ok && !fast && !fn) vm_fatal("native %s.%s bound to nothing", m->holder->name->str, m->name->str);
    } else {
        ok = true;
    }
    if (ok) ok = fast ? call_vm_native(t, m, fast, args) : call_jni(t, nf, m, fn, args);
    if (unlikely((thread_trap(t) & (TRAP_SUSPEND | TRAP_ASYNC_EXCEPTION)) || (nf->flags & FR_DBG_MASK)))
        ok = after_call_stops(t, nf, m, ok, args);
    t->top = nf->prev;
    return ok;
}
