/*
 * exception.c — creating and throwing exceptions from VM code; stack traces.
 *
 * A VM-thrown exception is constructed through its (String) constructor, like
 * `new NullPointerException(msg)` in Java, so it runs Throwable's own initialisation and
 * fillInStackTrace.  If the construction itself fails (out of memory, stack overflow)
 * the failure is what remains pending — never a half-built object.
 *
 * Backtraces.  Throwable.fillInStackTrace(int) reaches exc_fill_backtrace, which records
 * (Method*, bci) pairs of the current stack in a long[] stored in Throwable.backtrace,
 * skipping the fillInStackTrace frames, the throwable's own constructors and hidden
 * frames, as HotSpot does; an odd length says the top frame was hidden.  StackTraceElements
 * are made from it only when asked for (exc_fill_elements, behind Throwable.getOurStackTrace).
 */
#include "runtime/exception.h"
#include "classfile/module.h"
#include "runtime/jstring.h"
#include "runtime/mirror.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "heap/heap.h"
#include "interp/interp.h"
#include "interp/frame.h"
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>

Object *exc_prealloc_oom;
Object *exc_prealloc_soe;

static _Thread_local int throwing_depth;

void exc_set(Thread *t, Object *o) { t->exception = o; }

Object *exc_take(Thread *t) {
    Object *e = t->exception;
    t->exception = NULL;
    return e;
}

static Method *find_ctor(Class *c, const char *desc) {
    return class_find_declared_method(c, sym_init, sym_intern_cstr(desc));
}

/* new C(msg) (or new C() when the class has no (String) constructor); result pending. */
static void construct_and_throw(Thread *t, Class *c, const char *msg) {
    char probe;
    if (throwing_depth > 2 || (t->c_stack_limit && &probe < t->c_stack_limit)) {
        /* throwing while throwing (e.g. the exception's class failed to initialise):
         * fall back to a preallocated error rather than recursing */
        exc_set(t, exc_prealloc_soe ? exc_prealloc_soe : exc_prealloc_oom);
        return;
    }
    throwing_depth++;
    HandleMark hm = hnd_mark(t);
    Object *saved = exc_take(t);
    Object **saved_h = hnd_new(t, saved);
    if (!class_init(t, c)) goto out;
    Object **msg_h = hnd_new(t, NULL);
    if (msg) {
        Object *s = jstr_new_utf8(t, msg);
        if (!s) goto out;
        *msg_h = s;
    }
    Object *o = heap_alloc_object(t, c);
    if (!o) goto out;
    Object **h = hnd_new(t, o);
    Method *ctor = find_ctor(c, "(Ljava/lang/String;)V");
    bool ok;
    if (ctor) {
        Slot args[2] = { { .l = *h }, { .l = *msg_h } };
        ok = interp_call(t, ctor, args, NULL);
    } else {
        ctor = find_ctor(c, "()V");
        if (!ctor) vm_fatal("%s has no usable constructor", c->name->str);
        Slot args[1] = { { .l = *h } };
        ok = interp_call(t, ctor, args, NULL);
    }
    if (ok) exc_set(t, *h);
out:
    UNUSED(saved_h);
    hnd_release(t, hm);
    throwing_depth--;
}

void exc_throw_class(Thread *t, Class *c, const char *msg) { construct_and_throw(t, c, msg); }

/* The message is formatted whole, however long the names in it (HotSpot does not cut
 * messages short either). */
void exc_throw(Thread *t, VMClassId id, const char *fmt, ...) {
    StrBuf msg = { 0 };
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        sb_vprintf(&msg, fmt, ap);
        va_end(ap);
    }
    Class *c = vmc_get(t, id);
    if (!c) {
        if (!exc_pending(t)) vm_fatal("cannot load %s to throw it: %s", vm_class_names[id], sb_str(&msg));
    } else {
        construct_and_throw(t, c, fmt ? sb_str(&msg) : NULL);
    }
    vm_free(msg.s);
}

void exc_throw_with_cause(Thread *t, VMClassId id, const char *msg, Object **cause) {
    exc_throw(t, id, "%s", msg);
    Object *e = t->exception;
    if (!e || !cause || !*cause) return;
    HandleMark hm = hnd_mark(t);
    Object **eh = hnd_new(t, exc_take(t));
    Method *init_cause = link_lookup_method((*eh)->klass, sym_intern_cstr("initCause"),
                                            sym_intern_cstr("(Ljava/lang/Throwable;)Ljava/lang/Throwable;"));
    Slot args[2] = { { .l = *eh }, { .l = *cause } };
    Slot r;
    if (init_cause && interp_call(t, init_cause, args, &r)) exc_set(t, *eh);
    hnd_release(t, hm);
}

/* The fields of a Throwable the VM reads and writes: detailMessage, cause (the throwable
 * itself while unset), depth and stackTrace, and backtrace, the guard. */
static ExcThrowableFields thr;
static const VmcField thr_fields[] = {
    { "detailMessage", "Ljava/lang/String;" }, { "cause", "Ljava/lang/Throwable;" }, { "depth", "I" },
    { "stackTrace", "[Ljava/lang/StackTraceElement;" }, { "backtrace", "Ljava/lang/Object;" },
};
_Static_assert(sizeof thr == sizeof thr_fields / sizeof *thr_fields * sizeof(uint32_t), "one offset per field");

const ExcThrowableFields *exc_throwable_fields(void) {
    vmc_field_offsets(VMC(Throwable), thr_fields, (int)ARRAY_LEN(thr_fields), (uint32_t *)&thr);
    return &thr;
}

Object *exc_cause(Object *e) {
    Object *c = OBJ_FIELD(e, exc_throwable_fields()->cause, Object *);
    return c == e ? NULL : c;
}

/* new C(message of e), made here: its stack trace is the current one. */
static Object *remake(Thread *t, Object *e) {
    Object *m = OBJ_FIELD(e, thr.message, Object *);
    char *u = m ? jstr_to_utf8(m) : NULL;
    exc_throw_class(t, e->klass, u);
    vm_free(u);
    return exc_take(t);
}

void exc_throw_like(Thread *t, Object *model, bool with_cause) {
    exc_throwable_fields();
    HandleMark hm = hnd_mark(t);
    Object **mh = hnd_new(t, model);
    Object *c = with_cause ? OBJ_FIELD(model, thr.cause, Object *) : NULL;
    Object **cause = hnd_new(t, c == model ? NULL : c);
    if (*cause) *cause = remake(t, *cause);
    Object **e = hnd_new(t, remake(t, *mh));
    if (*e && *cause) {
        Method *init_cause = link_lookup_method((*e)->klass, sym_intern_cstr("initCause"),
                                                sym_intern_cstr("(Ljava/lang/Throwable;)Ljava/lang/Throwable;"));
        Slot args[2] = { { .l = *e }, { .l = *cause } };
        Slot r;
        if (init_cause && !interp_call(t, init_cause, args, &r)) *e = exc_take(t);
    }
    if (*e) exc_set(t, *e);
    hnd_release(t, hm);
}

void exc_throw_oom(Thread *t, const char *what) {
    static _Thread_local bool in_oom;
    if (!in_oom && VMC(OutOfMemoryError)) {
        in_oom = true;
        exc_throw(t, VMC_OutOfMemoryError, "%s", what);
        in_oom = false;
        if (t->exception && t->exception->klass == VMC(OutOfMemoryError)) return;
    }
    exc_set(t, exc_prealloc_oom);
}

void exc_throw_soe(Thread *t) {
    exc_set(t, exc_prealloc_soe);
}

bool exc_c_stack_ok(Thread *t) {
    char probe;
    if (!t->c_stack_limit || &probe >= t->c_stack_limit) return true;
    /* start-up recursion is the class library's own and bounded: only a booted VM checks */
    if (vm_phase_now() < VM_PHASE_LIVE) return true;
    /* the error is made with the margins opened (its constructor runs Java code); a
     * failure to make it falls back on the preallocated one */
    char *c_limit = t->c_stack_limit;
    Slot *limit = t->stack_limit;
    t->c_stack_limit = NULL;
    t->stack_limit = t->stack_end;
    exc_throw(t, VMC_StackOverflowError, NULL);
    t->stack_limit = limit;
    t->c_stack_limit = c_limit;
    if (!exc_pending(t)) exc_throw_soe(t);
    return false;
}

bool exc_stack_room(Thread *t, size_t bytes) {
    char probe;
    if (t->c_stack_limit && (size_t)(&probe - t->c_stack_limit) < bytes) return false;
    return (size_t)((char *)t->stack_limit - (char *)interp_free_area(t)) >= bytes;
}

/* ---- common VM exceptions ---- */

void exc_npe(Thread *t) { exc_throw(t, VMC_NullPointerException, NULL); }

void exc_aioobe(Thread *t, jint index, jint length) {
    exc_throw(t, VMC_ArrayIndexOutOfBoundsException, "Index %d out of bounds for length %d", (int)index, (int)length);
}

/* HotSpot's name for a class loader: its nameAndId ("'app'", "'name' @hash", "Name @hash"). */
void exc_describe_loader(Class *c, char *buf, size_t n) {
    Class *e = class_is_array(c) ? c->element : c;
    while (class_is_array(e)) e = e->element;
    if (!e->loader) {
        snprintf(buf, n, "'bootstrap'");
        return;
    }
    static uint32_t name_and_id_off;
    uint32_t off = class_field_offset_cached(&name_and_id_off, VMC(ClassLoader), "nameAndId", "Ljava/lang/String;");
    Object *nm = off ? OBJ_FIELD(e->loader, off, Object *) : NULL;
    if (!nm) {
        snprintf(buf, n, "'app'");
        return;
    }
    char *u = jstr_to_utf8(nm);
    snprintf(buf, n, "%s", u);
    vm_free(u);
}

static void module_desc(Class *c, char *buf, size_t n) {
    Object *mod = c->mirror ? OBJ_FIELD(c->mirror, mirror_module_off, Object *) : NULL;
    if (mod) {
        static uint32_t name_off;
        uint32_t off = class_field_offset_cached(&name_off, mod->klass, "name", "Ljava/lang/String;");
        Object *nm = off ? OBJ_FIELD(mod, off, Object *) : NULL;
        if (nm) {
            char *u = jstr_to_utf8(nm);
            snprintf(buf, n, "module %s", u);
            vm_free(u);
            return;
        }
    } else if (!c->mirror) {
        /* a class being defined (its supertypes are checked before it has a mirror) */
        ModuleEntry *e = mod_entry_of_class(thread_current(), c);
        if (e && e->name) {
            snprintf(buf, n, "module %s", e->name->str);
            return;
        }
    }
    snprintf(buf, n, "unnamed module");
}

void exc_describe_location(Class *c, char *buf, size_t n) {
    char m[300], l[300];
    module_desc(c, m, sizeof m);
    exc_describe_loader(c, l, sizeof l);
    snprintf(buf, n, "%s of loader %s", m, l);
}

void exc_describe_throwable(Object *e, char *buf, size_t n) {
    static uint32_t msg_off;
    char name[256];
    Object *msg = OBJ_FIELD(e, class_field_offset_cached(&msg_off, VMC(Throwable), "detailMessage", "Ljava/lang/String;"), Object *);
    char *m = msg ? jstr_to_utf8(msg) : NULL;
    snprintf(buf, n, "%s%s%s", class_external_name(e->klass, name, sizeof name), m ? ": " : "", m ? m : "");
    vm_free(m);
}

void exc_describe_pair(StrBuf *out, Class *a, Class *b) {
    char la[700], lb[700];
    exc_describe_location(a, la, sizeof la);
    exc_describe_location(b, lb, sizeof lb);
    sb_class_name(out, a);
    if (strcmp(la, lb) == 0) {
        sb_puts(out, " and ");
        sb_class_name(out, b);
        sb_printf(out, " are in %s", la);
    } else {
        sb_printf(out, " is in %s; ", la);
        sb_class_name(out, b);
        sb_printf(out, " is in %s", lb);
    }
}

void exc_class_cast(Thread *t, Class *from, Class *to) {
    StrBuf msg = { 0 };
    sb_puts(&msg, "class ");
    sb_class_name(&msg, from);
    sb_puts(&msg, " cannot be cast to class ");
    sb_class_name(&msg, to);
    sb_puts(&msg, " (");
    exc_describe_pair(&msg, from, to);
    exc_throw(t, VMC_ClassCastException, "%s)", msg.s);
    vm_free(msg.s);
}

void exc_array_store(Thread *t, Class *value_class, Class *array_class) {
    UNUSED(array_class);
    StrBuf name = { 0 };
    sb_class_name(&name, value_class);
    exc_throw(t, VMC_ArrayStoreException, "%s", name.s);
    vm_free(name.s);
}

/* ---- backtraces ---- */

static bool frame_is_hidden(Frame *f) { return (f->method->flags & MF_HIDDEN) != 0; }

void exc_fill_backtrace(Thread *t, Object **throwable) {
    exc_throwable_fields();
    Class *tc = (*throwable)->klass;
    Frame *f = t->top;
    Symbol *fist = sym_intern_cstr("fillInStackTrace");
    while (f && f->method->name == fist && class_is_subclass(tc, f->method->holder)) f = f->prev;
    while (f && f->method->name == sym_init && class_is_subclass(tc, f->method->holder)) f = f->prev;
    /* at most MaxJavaStackTraceDepth frames, the innermost, as HotSpot keeps: a deep
     * recursion's every level may throw, and each backtrace stays small */
    long max = vm_opts.max_stack_trace_depth > 0 ? vm_opts.max_stack_trace_depth : LONG_MAX;
    int n = 0;
    for (Frame *g = f; g && n < max; g = g->prev)
        if (!frame_is_hidden(g)) n++;
    /* a hidden top frame (the throw happened in a lambda form, say) is marked by one
     * extra element: HotSpot then computes no helpful NullPointerException message */
    bool hidden_top = f && frame_is_hidden(f);
    Class *lac = ld_array_of(t, vm_primitive[T_LONG]);
    Object *bt = lac ? heap_alloc_array(t, lac, 2 * n + (hidden_top ? 1 : 0)) : NULL;
    if (!bt) {
        exc_take(t);    /* no room for a backtrace: the throwable simply has none */
        return;
    }
    /* the allocation may have moved objects but not frames: re-walk from the saved start */
    jlong *e = ARRAY_ELEMS(bt, jlong);
    int i = 0;
    for (Frame *g = f; g && i < n; g = g->prev) {
        if (frame_is_hidden(g)) continue;
        e[2 * i] = (jlong)(intptr_t)g->method;
        e[2 * i + 1] = frame_bci(g);
        i++;
    }
    HEAP_SET_FIELD(*throwable, thr.backtrace, bt);
    OBJ_FIELD(*throwable, thr.depth, jint) = n;
}

void exc_backtrace_classes(Object *throwable, void (*fn)(Class *c)) {
    if (!vmc_offsets_ready(&thr.backtrace)) return;     /* none filled yet */
    Object *bt = OBJ_FIELD(throwable, thr.backtrace, Object *);
    if (!bt || bt->klass != vm_primitive[T_LONG]->array_class) return;
    jlong *e = ARRAY_ELEMS(bt, jlong);
    for (jint i = 0; i + 1 < array_length(bt); i += 2) fn(((Method *)(intptr_t)e[i])->holder);
}

static Object *module_of_class(Class *c) {
    return c->mirror ? OBJ_FIELD(c->mirror, mirror_module_off, Object *) : NULL;
}

/* StackTraceElement's field offsets, looked up by the first fill and read without a lock
 * by every later one; declaringClassObject is the guard (tests/unit/test_ste_offsets). */
typedef struct SteOffsets {
    uint32_t loader, mod, modver, decl, meth, file, line, cls;
} SteOffsets;
static SteOffsets ste;
static const VmcField ste_fields[] = {
    { "classLoaderName", "Ljava/lang/String;" }, { "moduleName", "Ljava/lang/String;" },
    { "moduleVersion", "Ljava/lang/String;" }, { "declaringClass", "Ljava/lang/String;" },
    { "methodName", "Ljava/lang/String;" }, { "fileName", "Ljava/lang/String;" }, { "lineNumber", "I" },
    { "declaringClassObject", "Ljava/lang/Class;" },
};
_Static_assert(sizeof ste == sizeof ste_fields / sizeof *ste_fields * sizeof(uint32_t), "one offset per field");

static void ste_offsets(void) {
    vmc_field_offsets(VMC(StackTraceElement), ste_fields, (int)ARRAY_LEN(ste_fields), (uint32_t *)&ste);
}

/* Fills one StackTraceElement (*sh) for method m at bci. */
bool exc_fill_element(Thread *t, Object **sh, Method *m, int bci) {
    if (!vmc_get(t, VMC_StackTraceElement)) return false;
    ste_offsets();
    Object *s = mirror_name(t, m->holder);      /* shared, as on HotSpot */
    if (!s) return false;
    HEAP_SET_FIELD(*sh, ste.decl, s);
    s = jstr_intern_sym(t, m->name);
    if (!s) return false;
    HEAP_SET_FIELD(*sh, ste.meth, s);
    if (m->holder->source_file) {
        s = jstr_intern_sym(t, m->holder->source_file);
        if (!s) return false;
        HEAP_SET_FIELD(*sh, ste.file, s);
    }
    HEAP_SET_FIELD(*sh, ste.cls, m->holder->mirror);
    OBJ_FIELD(*sh, ste.line, jint) = method_is_native(m) ? -2 : method_line_at(m, bci);
    Object *mod = module_of_class(m->holder);
    if (mod) {
        static uint32_t mod_name_off;
        Object *mn = OBJ_FIELD(mod, class_field_offset_cached(&mod_name_off, mod->klass, "name", "Ljava/lang/String;"), Object *);
        if (mn) {
            HEAP_SET_FIELD(*sh, ste.mod, mn);
            extern Object *module_version_string(Thread *t, Object *module);
            Object *ver = module_version_string(t, mod);
            if (ver) HEAP_SET_FIELD(*sh, ste.modver, ver);
        }
    }
    if (m->holder->loader) {
        static uint32_t loader_name_off;
        Object *ln = OBJ_FIELD(m->holder->loader, class_field_offset_cached(&loader_name_off, VMC(ClassLoader), "name", "Ljava/lang/String;"), Object *);
        if (ln) HEAP_SET_FIELD(*sh, ste.loader, ln);
    }
    return true;
}

bool exc_fill_elements(Thread *t, Object **elements, Object **throwable) {
    exc_throwable_fields();
    jint depth = OBJ_FIELD(*throwable, thr.depth, jint);
    jint n = array_length(*elements);
    for (jint i = 0; i < n && i < depth; i++) {
        Object *bt = OBJ_FIELD(*throwable, thr.backtrace, Object *);
        if (!bt) return true;
        Method *m = (Method *)(intptr_t)ARRAY_ELEMS(bt, jlong)[2 * i];
        int bci = (int)ARRAY_ELEMS(bt, jlong)[2 * i + 1];
        Object *ste = ARRAY_ELEMS(*elements, Object *)[i];
        if (!ste) {
            exc_npe(t);
            return false;
        }
        HandleMark hm = hnd_mark(t);
        bool ok = exc_fill_element(t, hnd_new(t, ste), m, bci);
        hnd_release(t, hm);
        if (!ok) return false;
    }
    return true;
}

void exc_describe(Thread *t) {
    Object *e = exc_take(t);
    if (!e) return;
    HandleMark hm = hnd_mark(t);
    Object **h = hnd_new(t, e);
    fflush(stdout);
    fprintf(stderr, "Exception ");
    if (t->jthread) {
        extern uint32_t jthread_name_off;
        Object *nm = OBJ_FIELD(t->jthread, jthread_name_off, Object *);
        if (nm) {
            char *u = jstr_to_utf8(nm);
            fprintf(stderr, "in thread \"%s\" ", u);
            vm_free(u);
        }
    }
    fflush(stderr);
    Method *pst = link_lookup_method((*h)->klass, sym_intern_cstr("printStackTrace"), sym_void_sig);
    Slot args[1] = { { .l = *h } };
    if (pst && !interp_call(t, pst, args, NULL)) exc_take(t);
    hnd_release(t, hm);
}

/* The name and version of the named module of class c ("java.base", "17.0.2"), as new
 * UTF-8 strings or NULL. */
static void module_name_version(Class *c, char **name, char **version) {
    *name = *version = NULL;
    Object *mod = module_of_class(c);
    if (!mod) return;
    Field *f = class_find_declared_field(mod->klass, sym_intern_cstr("name"), sym_intern_cstr("Ljava/lang/String;"));
    Object *mn = f ? OBJ_FIELD(mod, f->offset, Object *) : NULL;
    if (!mn) return;
    *name = jstr_to_utf8(mn);
    extern Object *module_version_string(Thread *t, Object *module);
    Object *ver = module_version_string(NULL, mod);
    if (ver) *version = jstr_to_utf8(ver);
}

/* Prints an exception without running Java code, in the shape of HotSpot's own printer
 * (java_lang_Throwable::print_stack_trace): "Class: message", one "\tat" line per frame
 * of the recorded backtrace with module@version, then each cause in full after "Caused by:".
 * For failures during start-up, when printStackTrace cannot be trusted to run. */
void exc_print_raw(FILE *out, Object *e) {
    exc_throwable_fields();
    static uint32_t msg_off, cause_off;
    if (!__atomic_load_n(&msg_off, __ATOMIC_ACQUIRE)) {     /* the guard is stored last */
        uint32_t c = class_find_declared_field(VMC(Throwable), sym_intern_cstr("cause"), sym_intern_cstr("Ljava/lang/Throwable;"))->offset;
        uint32_t m = class_find_declared_field(VMC(Throwable), sym_intern_cstr("detailMessage"), sym_intern_cstr("Ljava/lang/String;"))->offset;
        vm_lazy_begin();
        if (!msg_off) {
            cause_off = c;
            __atomic_store_n(&msg_off, m, __ATOMIC_RELEASE);
        }
        vm_lazy_end();
    }
    for (int depth = 0; e && depth < 64; depth++) {
        StrBuf name = { 0 };
        sb_class_name(&name, e->klass);
        Object *msg = OBJ_FIELD(e, msg_off, Object *);
        char *m = msg ? jstr_to_utf8(msg) : NULL;
        vm_printf(out, "%s%s%s%s\n", depth ? "Caused by: " : "", name.s, m ? ": " : "", m ? m : "");
        vm_free(m);
        Object *bt = OBJ_FIELD(e, thr.backtrace, Object *);
        jint n = OBJ_FIELD(e, thr.depth, jint);
        if (!bt) vm_printf(out, "\t<<no stack trace available>>\n");
        for (jint i = 0; bt && i < n; i++) {
            Method *mt = (Method *)(intptr_t)ARRAY_ELEMS(bt, jlong)[2 * i];
            int bci = (int)ARRAY_ELEMS(bt, jlong)[2 * i + 1];
            char *mod, *ver, where[1200];
            module_name_version(mt->holder, &mod, &ver);
            const char *file = mt->holder->source_file ? mt->holder->source_file->str : NULL;
            int line = method_line_at(mt, bci);
            if (method_is_native(mt)) snprintf(where, sizeof where, "Native Method");
            else if (file && line >= 0) snprintf(where, sizeof where, "%s:%d", file, line);
            else snprintf(where, sizeof where, "%s", file ? file : "Unknown Source");
            name.len = 0;
            sb_class_name(&name, mt->holder);
            vm_printf(out, "\tat %s.%s(%s%s%s%s%s)\n", name.s, mt->name->str,
                      mod ? mod : "", ver ? "@" : "", ver ? ver : "", mod ? "/" : "", where);
            vm_free(mod);
            vm_free(ver);
        }
        vm_free(name.s);
        Object *c = OBJ_FIELD(e, cause_off, Object *);
        e = c == e ? NULL : c;
    }
}
