/*
 * resolve.c — constant-pool resolution (JVMS 5.4.3) and access control (JVMS 5.4.4).
 *
 * Resolution turns a symbolic reference into a Class, Field or Method pointer, checking
 * access on behalf of the class that owns the constant pool, and caches the result in the
 * entry (published with a release store, read with acquire, so other threads either see
 * NULL and resolve again — idempotently — or see a complete result).  The checks that
 * depend on the instruction (static vs instance, interface vs class) are made on every
 * resolution request, cached or not, because two instructions may share an entry.
 *
 * A class entry whose resolution failed with a LinkageError fails the same way ever after
 * (JVMS 5.4.3), even if the class could be loaded now (an agent appended a JAR to the
 * search path): the error is recorded beside the constant pool, and each later attempt
 * throws a new error of its class and message with a cause of its cause's class and
 * message, as HotSpot does; other errors (StackOverflowError, OutOfMemoryError,
 * SecurityException) are not recorded.  The other object-valued entries keep theirs in
 * their objs[] slot's twin (interp/callsite.c).
 *
 * Class access includes the module check (module.c): a public class of another module is
 * accessible only if the accessor's module reads that module and the package is exported
 * to it, as HotSpot enforces at link time.
 *
 * Messages follow HotSpot's wording, e.g. NoSuchMethodError: 'int Foo.bar(java.lang.String)'.
 */
#include "classfile/resolve.h"
#include "runtime/mirror.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "classfile/module.h"
#include "classfile/classfile.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "runtime/jstring.h"
#include "heap/handles.h"
#include "interp/callsite.h"
#include "runtime/security.h"
#include <pthread.h>
#include <stdio.h>

/* ---- nests and packages ---- */

bool class_same_package(const Class *a, const Class *b) {
    if (a == b) return true;
    while (class_is_array(a)) a = a->element;
    while (class_is_array(b)) b = b->element;
    if (a->ld != b->ld && !(class_is_primitive(a) || class_is_primitive(b))) return false;
    const char *na = a->name->str, *nb = b->name->str;
    const char *sa = strrchr(na, '/'), *sb = strrchr(nb, '/');
    size_t la = sa ? (size_t)(sa - na) : 0, lb = sb ? (size_t)(sb - nb) : 0;
    return la == lb && strncmp(na, nb, la) == 0;
}

/* JVMS 5.4.4: a valid nest host is a class of the same run-time package that lists c as a
 * member; otherwise c is its own host, and why is kept for IllegalAccessError messages. */
Class *class_nest_host(Thread *t, Class *c) {
    Class *known = __atomic_load_n(&c->nest_host, __ATOMIC_ACQUIRE);
    if (known) return known;
    Class *host = c;
    if (c->nest_host_index && !class_is_array(c)) {
        Symbol *hn = cp_class_name(&c->cp, c->nest_host_index);
        Class *h = ld_load(t, hn, c->loader ? &c->loader : NULL, false);
        char a[256], b[256], la[300], lb[300], why[2000];
        const char *error = NULL;
        class_external_name(c, a, sizeof a);
        if (!h) {
            /* an unloadable host makes the class its own nest host (JDK 15+) */
            Object *e = exc_take(t);
            char ed[900];
            exc_describe_throwable(e, ed, sizeof ed);
            snprintf(b, sizeof b, "%s", hn->str);
            for (char *x = b; *x; x++)
                if (*x == '/') *x = '.';
            snprintf(why, sizeof why, "Nest host resolution of %s with host %s failed: %s", a, b, ed);
            c->nest_host_error = vm_strdup(why);
        } else if (!class_same_package(h, c)) {
            error = "types are in different packages";
        } else {
            for (uint16_t i = 0; i < h->nnest_members; i++)
                if (cp_class_name(&h->cp, h->nest_members[i]) == c->name) {
                    host = h;
                    break;
                }
            if (host == c) error = "current type is not listed as a nest member";
        }
        if (error) {
            exc_describe_loader(c, la, sizeof la);
            exc_describe_loader(h, lb, sizeof lb);
            snprintf(why, sizeof why, "Type %s (loader: %s) is not a nest member of type %s (loader: %s): %s", a, la,
                     class_external_name(h, b, sizeof b), lb, error);
            c->nest_host_error = vm_strdup(why);
        }
    }
    __atomic_store_n(&c->nest_host, host, __ATOMIC_RELEASE);   /* racing threads find the same */
    return host;
}

void cp_nest_host_errors(char *out, size_t n, Class *a, Class *b) {
    const char *e1 = a->nest_host_error, *e2 = b->nest_host_error;
    if (!e1 && !e2) {
        out[0] = '\0';
        return;
    }
    snprintf(out, n, ", (%s%s%s)", e1 ? e1 : "", e1 && e2 ? ", " : "", e2 ? e2 : "");
}

bool class_are_nestmates(Thread *t, Class *a, Class *b) {
    if (a == b) return true;
    Class *ha = class_nest_host(t, a);
    Class *hb = class_nest_host(t, b);
    return ha && hb && ha == hb;
}

/* ---- access ---- */

static bool is_magic_accessor(Class *c) {
    for (Class *k = c; k; k = k->super)
        if (sym_eq_cstr(k->name, "jdk/internal/reflect/MagicAccessorImpl")) return true;
    return false;
}

/* JVMS 5.4.4 for a class, with the outcomes HotSpot tells apart (verify_class_access):
 * a public class in another package must also be in a module the accessor reads, in a
 * package exported to it.  Arrays are checked by their element class; subclasses of
 * jdk.internal.reflect.MagicAccessorImpl (core reflection's generated accessors) may
 * access anything. */
ClassAccess access_class(Thread *t, Class *accessor, Class *target) {
    while (class_is_array(target)) target = target->element;
    if (class_is_primitive(target) || accessor == target || class_same_package(accessor, target)) return ACCESS_OK;
    ClassAccess r = ACCESS_DENIED;
    if (target->access & JVM_ACC_PUBLIC) {
        ModAccess m = mod_check_access(t, accessor, target);
        if (m == MOD_ACCESS_OK) return ACCESS_OK;
        r = m == MOD_NOT_READABLE ? ACCESS_NOT_READABLE : ACCESS_NOT_EXPORTED;
    }
    return is_magic_accessor(accessor) ? ACCESS_OK : r;
}

bool access_class_ok(Class *accessor, Class *target) {
    return access_class(thread_current(), accessor, target) == ACCESS_OK;
}

void access_class_message(Thread *t, char *buf, size_t n, Class *accessor, Class *target, ClassAccess r) {
    while (class_is_array(target)) target = target->element;
    if (r == ACCESS_DENIED) {
        StrBuf msg = { 0 };
        sb_puts(&msg, "failed to access class ");
        sb_class_name(&msg, target);
        sb_puts(&msg, " from class ");
        sb_class_name(&msg, accessor);
        sb_puts(&msg, " (");
        cp_describe_loaders(&msg, target, accessor);
        snprintf(buf, n, "%s)", msg.s);
        vm_free(msg.s);
    } else {
        mod_access_message(t, buf, n, accessor, target, r == ACCESS_NOT_READABLE ? MOD_NOT_READABLE : MOD_NOT_EXPORTED);
    }
}

bool access_member_ok(Class *accessor, Class *holder, Class *ref_class, uint16_t access) {
    UNUSED(ref_class);
    if (accessor == holder || (access & JVM_ACC_PUBLIC)) return true;
    if (access & JVM_ACC_PRIVATE) {
        Thread *t = thread_current();
        if (class_are_nestmates(t, accessor, holder)) return true;
        if (exc_pending(t)) exc_take(t);
        return is_magic_accessor(accessor);
    }
    if (class_same_package(accessor, holder)) return true;
    if (access & JVM_ACC_PROTECTED) {
        for (Class *k = accessor; k; k = k->super)
            if (k == holder || class_is_subclass(k, holder)) return true;
        /* nested classes reach protected members of their outer class's supers through
         * synthetic accessors; the direct case is the subclass test above */
    }
    return is_magic_accessor(accessor);
}

/* The words before "method"/"field" in HotSpot's access errors ("private ", ...). */
const char *cp_access_word(uint16_t a) {
    return (a & JVM_ACC_PRIVATE) ? "private " : (a & JVM_ACC_PROTECTED) ? "protected " : "";
}

void cp_describe_loaders(StrBuf *out, Class *a, Class *b) {
    exc_describe_pair(out, a, b);
}

/* ---- classes ---- */

/* The package-access check of the class's protection domain (runtime/security.c). */
static bool cp_check_package_access(Thread *t, Class *cls, Class *c) {
    if (!cls->loader || !cls->mirror) return true;
    HandleMark hm = hnd_mark(t);
    Object **pd = hnd_new(t, sec_protection_domain(cls));
    bool ok = sec_check_package_access(t, c, &cls->loader, pd);
    hnd_release(t, hm);
    return ok;
}

/* ---- class entries in error (JVMS 5.4.3) ---- */

typedef struct CPClassError {
    struct CPClassError *next;
    Object **error;                 /* a root of the class (class_new_root) */
    uint16_t idx;
} CPClassError;

static pthread_mutex_t class_errors_lock = PTHREAD_MUTEX_INITIALIZER;

/* Nodes are added at the head with a release store and only freed with the class. */
static Object **recorded_error(const ConstantPool *cp, uint16_t idx) {
    for (CPClassError *r = __atomic_load_n(&cp->class_errors, __ATOMIC_ACQUIRE); r; r = r->next)
        if (r->idx == idx) return r->error;
    return NULL;
}

static void record_error(Class *cls, uint16_t idx, Object *error) {
    CPClassError *r = vm_malloc(sizeof *r);
    r->idx = idx;
    r->error = class_new_root(cls, error);
    r->next = cls->cp.class_errors;
    __atomic_store_n(&cls->cp.class_errors, r, __ATOMIC_RELEASE);
}

void cp_free_class_errors(ConstantPool *cp) {
    for (CPClassError *r = cp->class_errors, *next; r; r = next) {
        next = r->next;
        vm_free(r);
    }
    cp->class_errors = NULL;
}

static bool is_linkage_error(const Object *x) {
    return x && VMC(LinkageError) && class_is_subclass(x->klass, VMC(LinkageError));
}

/* Throws again the error recorded for entry idx; false if there is none. */
static bool rethrow_recorded(Thread *t, Class *cls, uint16_t idx) {
    Object **error = cls->cp.class_errors ? recorded_error(&cls->cp, idx) : NULL;
    if (error) exc_throw_like(t, *error, true);
    return error != NULL;
}

/* After class entry idx failed with the pending exception: a LinkageError is recorded
 * (unless another thread recorded one first, which is then thrown instead, or resolved
 * the entry meanwhile, whose class is then the result, as in HotSpot). */
static Class *resolve_failed(Thread *t, Class *cls, uint16_t idx) {
    if (!is_linkage_error(t->exception)) return NULL;
    CPEntry *e = &cls->cp.e[idx];
    pthread_mutex_lock(&class_errors_lock);
    Class *c = __atomic_load_n((Class **)&e->resolved, __ATOMIC_ACQUIRE);
    bool first = !c && !recorded_error(&cls->cp, idx);
    if (first) record_error(cls, idx, t->exception);
    pthread_mutex_unlock(&class_errors_lock);
    if (first) return NULL;
    exc_take(t);
    if (!c) rethrow_recorded(t, cls, idx);
    return c;
}

Class *cp_resolve_class(Thread *t, Class *cls, uint16_t idx) {
    CPEntry *e = &cls->cp.e[idx];
    Class *c = __atomic_load_n((Class **)&e->resolved, __ATOMIC_ACQUIRE);
    if (c) return c;
    if (rethrow_recorded(t, cls, idx)) return NULL;
    Symbol *name = cp_class_name(&cls->cp, idx);
    if (name == cls->name) {
        /* an old version's code (redefine.c) names the class itself: its current version,
         * whose methods it calls, as HotSpot's obsolete and unchanged methods do */
        c = (cls->flags & CF_OLD_VERSION) && cls->mirror ? mirror_class(cls->mirror) : cls;
    } else {
        c = ld_load(t, name, cls->loader ? &cls->loader : NULL, false);
        if (!c) return resolve_failed(t, cls, idx);
        if (!cp_check_package_access(t, cls, c)) return NULL;
        ClassAccess r = access_class(t, cls, c);
        if (r != ACCESS_OK) {
            char msg[2400];
            access_class_message(t, msg, sizeof msg, cls, c, r);
            exc_throw(t, VMC_IllegalAccessError, "%s", msg);
            return resolve_failed(t, cls, idx);
        }
    }
    __atomic_store_n((Class **)&e->resolved, c, __ATOMIC_RELEASE);
    return c;
}

/* ---- fields ---- */

Field *cp_resolve_field(Thread *t, Class *cls, uint16_t idx, bool is_static, bool is_put) {
    CPEntry *e = &cls->cp.e[idx];
    Field *f = __atomic_load_n((Field **)&e->resolved, __ATOMIC_ACQUIRE);
    if (!f) {
        Class *c = cp_resolve_class(t, cls, e->ref.a);
        if (!c) return NULL;
        Symbol *name = cp_member_name(&cls->cp, idx), *desc = cp_member_desc(&cls->cp, idx);
        f = link_lookup_field(c, name, desc);
        if (!f) {
            exc_throw(t, VMC_NoSuchFieldError, "%s", name->str);
            return NULL;
        }
        if (!access_member_ok(cls, f->holder, c, f->access)) {
            StrBuf msg = { 0 };
            char nest[3000] = "";
            sb_puts(&msg, "class ");
            sb_class_name(&msg, cls);
            sb_printf(&msg, " tried to access %sfield ", cp_access_word(f->access));
            sb_class_name(&msg, f->holder);
            sb_printf(&msg, ".%s (", f->name->str);
            cp_describe_loaders(&msg, cls, f->holder);
            if (f->access & JVM_ACC_PRIVATE) cp_nest_host_errors(nest, sizeof nest, cls, f->holder);
            exc_throw(t, VMC_IllegalAccessError, "%s)%s", msg.s, nest);
            vm_free(msg.s);
            return NULL;
        }
        __atomic_store_n((Field **)&e->resolved, f, __ATOMIC_RELEASE);
    }
    if (field_is_static(f) != is_static) {
        char b[256];
        exc_throw(t, VMC_IncompatibleClassChangeError, "Expected %s field %s.%s", is_static ? "static" : "non-static",
                  class_external_name(f->holder, b, sizeof b), f->name->str);
        return NULL;
    }
    if (is_put && (f->access & JVM_ACC_FINAL) && f->holder != cls) {
        char a[256], b[256];
        exc_throw(t, VMC_IllegalAccessError, "Update to %s final field %s.%s attempted from a different class (%s) than the field's declaring class",
                  is_static ? "static" : "non-static", class_external_name(f->holder, b, sizeof b), f->name->str,
                  class_external_name(cls, a, sizeof a));
        return NULL;
    }
    return f;
}

/* ---- methods ---- */

/* A field descriptor's type as Java source names it ("java.lang.String[]", "int"),
 * appended; returns the end of the descriptor (NULL if malformed). */
static const char *sb_descriptor_type(StrBuf *out, const char *p) {
    const char *end = cf_skip_field_desc(p);
    if (!end) return NULL;
    int dims = 0;
    while (*p == '[') {
        dims++;
        p++;
    }
    if (*p == 'L') {
        for (const char *x = p + 1; x < end - 1; x++) sb_putn(out, *x == '/' ? "." : x, 1);
    } else {
        sb_puts(out, bt_name(bt_from_char(*p)));
    }
    while (dims--) sb_puts(out, "[]");
    return end;
}

/* "'int Foo.bar(java.lang.String, int[])'" as in HotSpot's messages, appended whole. */
void cp_describe_method(StrBuf *out, const Class *c, const Symbol *name, const Symbol *desc) {
    StrBuf params = { 0 };
    const char *p = desc->str + 1;
    while (p && *p && *p != ')') {
        if (params.len) sb_puts(&params, ", ");
        p = sb_descriptor_type(&params, p);
    }
    sb_puts(out, "'");
    if (!p || !sb_descriptor_type(out, *p == ')' ? p + 1 : "V")) sb_puts(out, "void");
    sb_puts(out, " ");
    sb_class_name(out, c);
    sb_printf(out, ".%s(%s)'", name->str, sb_str(&params));
    vm_free(params.s);
}

void cp_throw_method_error(Thread *t, int vmc, const char *prefix, const Class *c, const Symbol *name,
                           const Symbol *desc) {
    StrBuf msg = { 0 };
    sb_puts(&msg, prefix);
    cp_describe_method(&msg, c, name, desc);
    exc_throw(t, (VMClassId)vmc, "%s", sb_str(&msg));
    vm_free(msg.s);
}

/* "class A tried to access private method 'void B.m()' (...)" */
void cp_method_access_error(Thread *t, Class *accessor, Method *m) {
    StrBuf msg = { 0 };
    char nest[3000] = "";
    sb_puts(&msg, "class ");
    sb_class_name(&msg, accessor);
    sb_printf(&msg, " tried to access %s%smethod ", (m->access & JVM_ACC_ABSTRACT) ? "abstract " : "",
              cp_access_word(m->access));
    cp_describe_method(&msg, m->holder, m->name, m->desc);
    sb_puts(&msg, " (");
    cp_describe_loaders(&msg, accessor, m->holder);
    if (m->access & JVM_ACC_PRIVATE) cp_nest_host_errors(nest, sizeof nest, accessor, m->holder);
    exc_throw(t, VMC_IllegalAccessError, "%s)%s", msg.s, nest);
    vm_free(msg.s);
}

Method *cp_resolve_method(Thread *t, Class *cls, uint16_t idx, int op) {
    CPEntry *e = &cls->cp.e[idx];
    uint8_t tag = cls->cp.tags[idx];
    Method *m = __atomic_load_n((Method **)&e->resolved, __ATOMIC_ACQUIRE);
    if (!m) {
        Class *c = cp_resolve_class(t, cls, e->ref.a);
        if (!c) return NULL;
        Symbol *name = cp_member_name(&cls->cp, idx), *desc = cp_member_desc(&cls->cp, idx);
        if (tag == JVM_CONSTANT_Methodref && class_is_interface(c)) {
            char a[256];
            exc_throw(t, VMC_IncompatibleClassChangeError, "Method '%s' must be Methodref constant", class_external_name(c, a, sizeof a));
            return NULL;
        }
        if (tag == JVM_CONSTANT_InterfaceMethodref && !class_is_interface(c)) {
            char a[256];
            exc_throw(t, VMC_IncompatibleClassChangeError, "Found class %s, but interface was expected", class_external_name(c, a, sizeof a));
            return NULL;
        }
        m = tag == JVM_CONSTANT_InterfaceMethodref ? link_lookup_interface_method(c, name, desc)
                                                   : link_lookup_method(c, name, desc);
        if (!m) {
            cp_throw_method_error(t, VMC_NoSuchMethodError, "", c, name, desc);
            return NULL;
        }
        if (!access_member_ok(cls, m->holder, c, m->access)) {
            cp_method_access_error(t, cls, m);
            return NULL;
        }
        __atomic_store_n((Method **)&e->resolved, m, __ATOMIC_RELEASE);
    }
    bool is_static = method_is_static(m);
    if ((op == JVM_OPC_invokestatic) != is_static) {
        cp_throw_method_error(t, VMC_IncompatibleClassChangeError,
                              is_static ? "Expecting non-static method " : "Expected static method ", m->holder,
                              m->name, m->desc);
        return NULL;
    }
    if (op != JVM_OPC_invokespecial && (m->name == sym_init || m->name == sym_clinit)) {
        exc_throw(t, VMC_VerifyError, "Bad method call to %s", m->name->str);
        return NULL;
    }
    return m;
}

Object **cp_resolve_string(Thread *t, Class *cls, uint16_t idx) {
    CPEntry *e = &cls->cp.e[idx];
    Object **slot = &cls->cp.objs[e->obj];
    if (__atomic_load_n(slot, __ATOMIC_ACQUIRE)) return slot;
    Object *s = jstr_intern_sym(t, cls->cp.e[e->ref.a].utf8);
    if (!s) return NULL;
    /* racing threads intern the same string: whichever store lands, the slot is right */
    __atomic_store_n(slot, s, __ATOMIC_RELEASE);
    return slot;
}
