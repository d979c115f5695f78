/*
 * security.c — what the VM contributes to java.security: stack inspection and the
 * package-access check on class resolution.  The policy itself (permissions, Policy,
 * SecurityManager) is the class library's; the VM only reports the stack and calls back.
 *
 * Stack inspection (HotSpot's JVM_GetStackAccessControlContext).  AccessController runs a
 * privileged action through executePrivileged(action, context, caller); its frame marks
 * where inspection stops.  Walking from the innermost frame outward, the VM collects the
 * protection domain of each frame's class (the caller's class for the executePrivileged
 * frame, whose locals 1 and 2 hold the context and the caller), dropping nulls (system
 * code) and repeats of the previous domain, and stops after the privileged frame.  The
 * result is an AccessControlContext(domains, isPrivileged, privilegedContext) marked
 * authorized, or null when no domain was found and no context was given with the
 * privileged frame: then the stack is all system code and every check passes.  The Java
 * side combines this with the privileged context and the thread's inherited context.
 *
 * Package access.  When code of a non-null protection domain resolves a class through a
 * non-boot loader (constant-pool references, Class.forName), HotSpot asks the initiating
 * loader's private checkPackageAccess(Class, ProtectionDomain), which runs the
 * SecurityManager's checkPackageAccess under that domain.  A domain that passed is
 * remembered for the (class, loader) pair and not asked again, even after a
 * SecurityManager is installed, as in HotSpot; the class's own domain passes without
 * asking (a module's code naming the module's restricted packages, as jdk.charsets's
 * ExtendedCharsets does sun.nio.cs.ext, under a policy that does not grant them).  None of this happens when the security
 * manager is disallowed (-Djava.security.manager=disallow).  While no SecurityManager is
 * installed the Java method returns at once, so the VM skips the call and only records
 * the pair: the observable result is the same.  Validated domains stay alive as roots of
 * the class (Class.roots).
 */
#include "runtime/security.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "heap/handles.h"
#include "heap/heap.h"
#include "interp/callsite.h"
#include "interp/frame.h"
#include "interp/interp.h"
#include "runtime/mirror.h"
#include "runtime/vm.h"
#include <pthread.h>
#include <string.h>

static struct {
    Class *acc, *pd_array;
    uint32_t context, privileged_context, is_privileged, is_authorized;
} acc_info;

static uint32_t acc_field(Class *c, const char *name, const char *desc) {
    Field *f = link_lookup_field(c, sym_intern_cstr(name), sym_intern_cstr(desc));
    if (!f) vm_fatal("%s.%s missing", c->name->str, name);
    return f->offset;
}

/* AccessControlContext and ProtectionDomain[], initialised, with the field offsets. */
static bool acc_init(Thread *t) {
    if (__atomic_load_n(&acc_info.acc, __ATOMIC_ACQUIRE)) return true;   /* the guard is stored last */
    Class *acc = ld_load(t, sym_intern_cstr("java/security/AccessControlContext"), NULL, false);
    Class *pd = acc ? ld_load(t, sym_intern_cstr("java/security/ProtectionDomain"), NULL, false) : NULL;
    Class *pda = pd ? ld_array_of(t, pd) : NULL;
    if (!pda || !class_init(t, acc)) return false;
    vm_lazy_begin();
    if (!acc_info.acc) {
        acc_info.pd_array = pda;
        acc_info.context = acc_field(acc, "context", "[Ljava/security/ProtectionDomain;");
        acc_info.privileged_context = acc_field(acc, "privilegedContext", "Ljava/security/AccessControlContext;");
        acc_info.is_privileged = acc_field(acc, "isPrivileged", "Z");
        acc_info.is_authorized = acc_field(acc, "isAuthorized", "Z");
        __atomic_store_n(&acc_info.acc, acc, __ATOMIC_RELEASE);
    }
    vm_lazy_end();
    return true;
}

Object *sec_protection_domain(Class *c) {
    return c->mirror ? OBJ_FIELD(c->mirror, mirror_pd_off, Object *) : NULL;
}

static bool is_execute_privileged(Method *m) {
    return !m->holder->loader && !method_is_native(m) && sym_eq_cstr(m->name, "executePrivileged") &&
           sym_eq_cstr(m->holder->name, "java/security/AccessController");
}

/* The walk's findings; domains live in handles so that allocation may move them. */
typedef struct StackDomains {
    Object **domains[64];
    Object ***more;             /* beyond 64 */
    int n, cap;
    Object **privileged_context;
    bool privileged;
} StackDomains;

static void add_domain(Thread *t, StackDomains *s, Object *pd) {
    Object **h = hnd_new(t, pd);
    if (s->n < 64) {
        s->domains[s->n++] = h;
        return;
    }
    if (s->n - 64 == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->more = vm_realloc(s->more, (size_t)s->cap * sizeof *s->more);
    }
    s->more[s->n++ - 64] = h;
}

static Object **domain_at(StackDomains *s, int i) { return i < 64 ? s->domains[i] : s->more[i - 64]; }

static void walk_domains(Thread *t, StackDomains *s) {
    Object *previous = NULL;
    for (Frame *f = t->top; f; f = f->prev) {
        Object *pd;
        if (is_execute_privileged(f->method)) {
            s->privileged = true;
            s->privileged_context = hnd_new(t, f->locals[1].l);
            Object *caller = f->locals[2].l;
            Class *cc = caller ? mirror_class(caller) : NULL;
            pd = cc ? sec_protection_domain(cc) : NULL;
        } else {
            pd = sec_protection_domain(f->method->holder);
        }
        if (pd && pd != previous) {
            add_domain(t, s, pd);
            previous = pd;
        }
        if (s->privileged) break;
    }
}

static Object *make_context(Thread *t, StackDomains *s) {
    Object **arr = hnd_new(t, NULL);
    if (s->n > 0) {
        *arr = heap_alloc_array(t, acc_info.pd_array, s->n);
        if (!*arr) return NULL;
        for (int i = 0; i < s->n; i++) heap_store_ref(*arr, &ARRAY_ELEMS(*arr, Object *)[i], *domain_at(s, i));
    }
    Object *r = heap_alloc_object(t, acc_info.acc);
    if (!r) return NULL;
    HEAP_SET_FIELD(r, acc_info.context, *arr);
    HEAP_SET_FIELD(r, acc_info.privileged_context, s->privileged_context ? *s->privileged_context : NULL);
    OBJ_FIELD(r, acc_info.is_privileged, jboolean) = s->privileged;
    OBJ_FIELD(r, acc_info.is_authorized, jboolean) = JNI_TRUE;
    return r;
}

Object *sec_stack_context(Thread *t) {
    if (!acc_init(t)) return NULL;
    HandleMark hm = hnd_mark(t);
    StackDomains s = { .n = 0 };
    walk_domains(t, &s);
    Object *r = NULL;
    if (s.n > 0 || !s.privileged || *s.privileged_context) r = make_context(t, &s);
    vm_free(s.more);
    hnd_release(t, hm);
    return r;
}

/* ---- package access ---- */

/* The protection domain is held weakly: the entry is of no use once it is gone, and a
 * strong hold would keep its loader from being unloaded (heap/classunload.c, which also
 * drops the entries of unloaded classes and loaders). */
typedef struct Validated {
    Class *c;
    LoaderData *ld;
    jweak pd;
    struct Validated *next;
} Validated;

#define VALIDATED_BUCKETS 256
static Validated *validated[VALIDATED_BUCKETS];
static pthread_mutex_t validated_lock = PTHREAD_MUTEX_INITIALIZER;

static uint32_t validated_bucket(Class *c) { return (uint32_t)(((uintptr_t)c >> 4) % VALIDATED_BUCKETS); }

/* Objects do not move here: the caller is in VM state and the lock is never held across
 * a GC point. */
static bool is_validated(Class *c, LoaderData *ld, Object *pd) {
    pthread_mutex_lock(&validated_lock);
    Validated *v = validated[validated_bucket(c)];
    while (v && !(v->c == c && v->ld == ld && hnd_get(v->pd) == pd)) v = v->next;
    pthread_mutex_unlock(&validated_lock);
    return v != NULL;
}

static void add_validated(Class *c, LoaderData *ld, Object *pd) {
    Validated *v = vm_malloc(sizeof *v);
    *v = (Validated){ c, ld, hnd_new_weak(pd), NULL };
    pthread_mutex_lock(&validated_lock);
    uint32_t b = validated_bucket(c);
    v->next = validated[b];
    validated[b] = v;
    pthread_mutex_unlock(&validated_lock);
}

static void drop_validated(Validated **bucket, Class *c) {
    for (Validated **link = bucket; *link;) {
        Validated *v = *link;
        if (v->c != c && !v->ld->cu_dead) {
            link = &v->next;
            continue;
        }
        *link = v->next;
        hnd_delete_weak(v->pd);
        vm_free(v);
    }
}

void sec_class_unloaded(Class *c) {
    pthread_mutex_lock(&validated_lock);
    if (c) drop_validated(&validated[validated_bucket(c)], c);
    else for (int b = 0; b < VALIDATED_BUCKETS; b++) drop_validated(&validated[b], NULL);
    pthread_mutex_unlock(&validated_lock);
}

/* Offsets of System.security, System.allowSecurityManager and System.NEVER in its mirror. */
static struct { uint32_t security, allow, never; } sys_off;

static uint32_t system_field(const char *name, const char *desc) {
    Field *f = link_lookup_field(VMC(System), sym_intern_cstr(name), sym_intern_cstr(desc));
    if (!f) vm_fatal("java.lang.System.%s missing", name);
    return f->offset;
}

static void system_offsets(void) {
    if (__atomic_load_n(&sys_off.security, __ATOMIC_ACQUIRE)) return;   /* the guard is stored last */
    vm_lazy_begin();
    if (!sys_off.security) {
        sys_off.allow = system_field("allowSecurityManager", "I");
        sys_off.never = system_field("NEVER", "I");
        __atomic_store_n(&sys_off.security, system_field("security", "Ljava/lang/SecurityManager;"), __ATOMIC_RELEASE);
    }
    vm_lazy_end();
}

/* java.lang.System's allowSecurityManager is not NEVER. */
static bool security_manager_allowed(void) {
    if (vm_phase_now() < VM_PHASE_MODULES) return false;
    system_offsets();
    Object *m = VMC(System)->mirror;
    return OBJ_FIELD(m, sys_off.allow, jint) != OBJ_FIELD(m, sys_off.never, jint);
}

static bool security_manager_installed(void) {
    return __atomic_load_n(&OBJ_FIELD(VMC(System)->mirror, sys_off.security, Object *), __ATOMIC_ACQUIRE) != NULL;
}

static Method *check_package_access_method(void) {
    static Method *m;
    Method *r = class_cached_method(&m, VMC(ClassLoader), "checkPackageAccess",
                                    "(Ljava/lang/Class;Ljava/security/ProtectionDomain;)V");
    if (!r) vm_fatal("ClassLoader.checkPackageAccess missing");
    return r;
}

bool sec_check_package_access(Thread *t, Class *c, Object **loader, Object **pd) {
    if (class_is_array(c)) c = c->element;
    if (class_is_primitive(c) || !loader || !*loader || !pd || !*pd || !c->mirror || !security_manager_allowed()) return true;
    if (sec_protection_domain(c) == *pd) return true;
    LoaderData *ld = ld_of(t, *loader);
    if (is_validated(c, ld, *pd)) return true;
    if (security_manager_installed()) {
        Slot args[3] = { { .l = *loader }, { .l = c->mirror }, { .l = *pd } };
        Slot r;
        if (!interp_call(t, check_package_access_method(), args, &r)) return false;
    }
    add_validated(c, ld, *pd);
    return true;
}
