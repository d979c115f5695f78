/*
 * jvm_class.c — the JVM_* functions about classes: finding and defining them, their
 * names, flags and relations (nest, enclosing and declaring classes, interfaces), the
 * caller-class query behind @CallerSensitive methods, and assertion status.
 */
#include "native/jni_internal.h"
#include "heap/classunload.h"
#include "native/natives.h"
#include "classfile/classfile.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "classfile/resolve.h"
#include "heap/heap.h"
#include "interp/frame.h"
#include "interp/interp.h"
#include "runtime/jstring.h"
#include "runtime/mirror.h"
#include "runtime/security.h"
#include "jvmti/jvmti_export.h"
#include "runtime/vm.h"

/* The access flags a class file can carry (HotSpot's JVM_ACC_WRITTEN_FLAGS). */
#define WRITTEN_FLAGS 0x7FFF

static jclass local_mirror(Thread *t, Class *c) { return c ? hnd_local(t, c->mirror) : NULL; }

/* ---- finding classes ---- */

JNIEXPORT jclass JNICALL JVM_FindPrimitiveClass(JNIEnv *env, const char *name) {
    JNI_ENTER(env);
    for (int i = 0; i <= T_VOID; i++)
        if (vm_primitive[i] && strcmp(vm_primitive[i]->name->str, name) == 0) JNI_RETURN(local_mirror(t, vm_primitive[i]));
    JNI_RETURN(NULL);
}

JNIEXPORT jclass JNICALL JVM_FindClassFromBootLoader(JNIEnv *env, const char *name) {
    JNI_ENTER(env);
    if (!name || !*name) JNI_RETURN(NULL);
    Class *c = ld_load_boot_or_null(t, sym_intern_cstr(name));
    if (!c && exc_pending(t)) {
        /* a class that exists but fails to load reports its error; absent is NULL */
        JNI_RETURN(NULL);
    }
    JNI_RETURN(local_mirror(t, c));
}

/* Class.forName: the class through `loader`, then the package-access check of the caller's
 * protection domain (runtime/security.c). */
JNIEXPORT jclass JNICALL JVM_FindClassFromCaller(JNIEnv *env, const char *name, jboolean init, jobject loader, jclass caller) {
    JNI_ENTER(env);
    HandleMark hm = hnd_mark(t);
    Object **lh = hnd_new(t, hnd_get(loader));
    Object *cm = hnd_get(caller);
    Object **pd = hnd_new(t, cm ? OBJ_FIELD(cm, mirror_pd_off, Object *) : NULL);
    Class *c = ld_load(t, sym_intern_cstr(name), *lh ? lh : NULL, true);
    if (c && !sec_check_package_access(t, c, lh, pd)) c = NULL;
    hnd_release(t, hm);
    if (c && !link_class(t, c)) c = NULL;
    if (c && init && !class_is_array(c) && !class_init(t, c)) c = NULL;
    JNI_RETURN(local_mirror(t, c));
}

JNIEXPORT jclass JNICALL JVM_FindClassFromClass(JNIEnv *env, const char *name, jboolean init, jclass from) {
    JNI_ENTER(env);
    Class *fc = jni_class(from);
    Class *c = ld_load(t, sym_intern_cstr(name), fc && fc->loader ? &fc->loader : NULL, true);
    if (c && init && !class_is_array(c) && !class_init(t, c)) c = NULL;
    JNI_RETURN(local_mirror(t, c));
}

JNIEXPORT jclass JNICALL JVM_FindLoadedClass(JNIEnv *env, jobject loader, jstring name) {
    JNI_ENTER(env);
    Object *s = hnd_get(name);
    if (!s) JNI_RETURN(NULL);
    Symbol *sym = jstr_to_symbol(s, true);
    Class *c = ld_find(ld_of(t, hnd_get(loader)), sym);
    if (!c && !hnd_get(loader)) c = ld_load_boot_or_null(t, sym);
    JNI_RETURN(local_mirror(t, c));
}

static Method *add_class_method;

static jclass define(JNIEnv *env, const char *name, jobject loader, const jbyte *buf, jsize len, jobject pd, const char *source) {
    JNI_ENTER(env);
    if (len < 0) {
        exc_throw(t, VMC_ClassFormatError, "Negative length");
        JNI_RETURN(NULL);
    }
    HandleMark hm = hnd_mark(t);
    Object **lh = hnd_new(t, hnd_get(loader));
    Object **ph = hnd_new(t, hnd_get(pd));
    Symbol *n = name ? sym_intern_cstr(name) : NULL;
    Class *c = ld_define(t, n, *lh ? lh : NULL, (const uint8_t *)buf, (size_t)len, ph, source, 0);
    if (c && *lh) {
        /* loaders keep their classes alive through ClassLoader.classes (addClass) */
        Method *add_class = class_cached_method(&add_class_method, VMC(ClassLoader), "addClass", "(Ljava/lang/Class;)V");
        if (add_class) {
            Slot args[2] = { { .l = *lh }, { .l = c->mirror } };
            if (!interp_call(t, add_class, args, NULL)) c = NULL;
        }
    }
    hnd_release(t, hm);
    JNI_RETURN(local_mirror(t, c));
}

JNIEXPORT jclass JNICALL JVM_DefineClassWithSource(JNIEnv *env, const char *name, jobject loader, const jbyte *buf,
                                                  jsize len, jobject pd, const char *source) {
    return define(env, name, loader, buf, len, pd, source);
}

JNIEXPORT jclass JNICALL JVM_DefineClass(JNIEnv *env, const char *name, jobject loader, const jbyte *buf, jsize len, jobject pd) {
    return define(env, name, loader, buf, len, pd, NULL);
}

/* ---- the caller of a @CallerSensitive method ---- */

static bool is_reflection_frame(Method *m) {
    Class *c = m->holder;
    if (sym_eq_cstr(c->name, "java/lang/reflect/Method") && sym_eq_cstr(m->name, "invoke")) return true;
    for (Class *k = c; k; k = k->super)
        if (sym_eq_cstr(k->name, "jdk/internal/reflect/MethodAccessorImpl") ||
            sym_eq_cstr(k->name, "jdk/internal/reflect/ConstructorAccessorImpl"))
            return true;
    return false;
}

JNIEXPORT jclass JNICALL JVM_GetCallerClass(JNIEnv *env) {
    JNI_ENTER(env);
    Frame *f = t->top;
    /* frame 0: Reflection.getCallerClass itself; frame 1: the caller-sensitive method */
    if (f) f = f->prev;
    if (!f || !(f->method->flags & MF_CALLER_SENSITIVE)) {
        exc_throw(t, VMC_InternalError, "CallerSensitive annotation expected at frame 1");
        JNI_RETURN(NULL);
    }
    for (f = f->prev; f; f = f->prev) {
        Method *m = f->method;
        /* as HotSpot's security stack walk: reflection and method-handle adapter frames
         * (intrinsics, compiled lambda forms) are skipped, other hidden frames are not */
        if (m->flags & (MF_LF_COMPILED | MF_INTRINSIC)) continue;
        if (is_reflection_frame(m)) continue;
        JNI_RETURN(local_mirror(t, m->holder));
    }
    JNI_RETURN(NULL);
}

/* ---- names and flags ---- */

JNIEXPORT jstring JNICALL JVM_InitClassName(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    JNI_RETURN(hnd_local(t, mirror_name(t, jni_class(cls))));
}

JNIEXPORT jint JNICALL JVM_GetClassAccessFlags(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    Class *c = jni_class(cls);
    JNI_RETURN(c->access & WRITTEN_FLAGS);
}

/* Class.getModifiers: the InnerClasses flags for member classes, without ACC_SUPER. */
static jint class_modifiers(Class *c) {
    if (class_is_array(c)) {
        Class *e = c->element;
        jint vis = class_is_primitive(e) ? JVM_ACC_PUBLIC : class_modifiers(e) & (JVM_ACC_PUBLIC | JVM_ACC_PRIVATE | JVM_ACC_PROTECTED);
        return vis | JVM_ACC_ABSTRACT | JVM_ACC_FINAL;
    }
    if (class_is_primitive(c)) return JVM_ACC_PUBLIC | JVM_ACC_ABSTRACT | JVM_ACC_FINAL;
    for (uint16_t i = 0; i < c->ninner; i++) {
        InnerClassEntry *e = &c->inner[i];
        if (e->inner_class && cp_class_name(&c->cp, e->inner_class) == c->name)
            return e->access & ~JVM_ACC_SUPER & WRITTEN_FLAGS;
    }
    return c->access & ~JVM_ACC_SUPER & WRITTEN_FLAGS;
}

JNIEXPORT jint JNICALL JVM_GetClassModifiers(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    JNI_RETURN(class_modifiers(jni_class(cls)));
}

/* Even one field read of a mirror happens in VM state: in native state the mirror may be
 * moving under the reader. */
JNIEXPORT jboolean JNICALL JVM_IsArrayClass(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    JNI_RETURN((jboolean)class_is_array(jni_class(cls)));
}
JNIEXPORT jboolean JNICALL JVM_IsPrimitiveClass(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    JNI_RETURN((jboolean)class_is_primitive(jni_class(cls)));
}
JNIEXPORT jboolean JNICALL JVM_IsInterface(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    Class *c = jni_class(cls);
    JNI_RETURN((jboolean)(c && !class_is_array(c) && !class_is_primitive(c) && class_is_interface(c)));
}
JNIEXPORT jboolean JNICALL JVM_IsHiddenClass(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    JNI_RETURN((jboolean)((jni_class(cls)->flags & CF_HIDDEN) != 0));
}
JNIEXPORT jboolean JNICALL JVM_IsRecord(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    Class *c = jni_class(cls);
    JNI_RETURN((jboolean)((c->flags & CF_HAS_RECORD_ATTR) && (c->access & JVM_ACC_FINAL) && c->super &&
                          sym_eq_cstr(c->super->name, "java/lang/Record")));
}

static bool is_array_fast(Thread *t, Slot *a, Slot *r) { UNUSED(t); r->i = class_is_array(mirror_class(a[0].l)); return true; }
static bool is_primitive_fast(Thread *t, Slot *a, Slot *r) { UNUSED(t); r->i = class_is_primitive(mirror_class(a[0].l)); return true; }
static bool is_interface_fast(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    Class *c = mirror_class(a[0].l);
    r->i = !class_is_array(c) && !class_is_primitive(c) && class_is_interface(c);
    return true;
}
static bool is_hidden_fast(Thread *t, Slot *a, Slot *r) { UNUSED(t); r->i = (mirror_class(a[0].l)->flags & CF_HIDDEN) != 0; return true; }
static bool modifiers_fast(Thread *t, Slot *a, Slot *r) { UNUSED(t); r->i = class_modifiers(mirror_class(a[0].l)); return true; }
static bool is_instance_fast(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    Object *o = a[1].l;
    r->i = o && class_is_assignable(o->klass, mirror_class(a[0].l));
    return true;
}
static bool is_assignable_fast(Thread *t, Slot *a, Slot *r) {
    if (!a[1].l) {
        exc_npe(t);
        return false;
    }
    r->i = class_is_assignable(mirror_class(a[1].l), mirror_class(a[0].l));
    return true;
}
static bool get_superclass_fast(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    Class *c = mirror_class(a[0].l);
    Class *s = (class_is_interface(c) && !class_is_array(c)) || class_is_primitive(c) ? NULL : c->super;
    r->l = s ? s->mirror : NULL;
    return true;
}

JNIEXPORT jboolean JNICALL JVM_DesiredAssertionStatus(JNIEnv *env, jclass unused, jclass cls) {
    UNUSED(unused);
    JNI_ENTER(env);
    Class *c = jni_class(cls);
    if (class_is_primitive(c) || class_is_array(c)) JNI_RETURN(JNI_FALSE);
    JNI_RETURN((jboolean)opts_assertions_enabled(c->name->str, c->loader == NULL));
}

JNIEXPORT jobject JNICALL JVM_GetProtectionDomain(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    Object *m = hnd_get(cls);
    JNI_RETURN(m ? hnd_local(t, OBJ_FIELD(m, mirror_pd_off, Object *)) : NULL);
}

JNIEXPORT jobjectArray JNICALL JVM_GetClassSigners(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Object *m = hnd_get(cls);
    JNI_RETURN(m ? hnd_local(t, OBJ_FIELD(m, mirror_signers_off, Object *)) : NULL);
}

JNIEXPORT void JNICALL JVM_SetClassSigners(JNIEnv *env, jclass cls, jobjectArray signers) {
    JNI_ENTER(env);
    Object *m = hnd_get(cls);
    if (m) HEAP_SET_FIELD(m, mirror_signers_off, hnd_get(signers));
    JNI_RETURN_VOID();
}

/* ---- relations ---- */

static jobjectArray class_array(Thread *t, Class **cs, int n) {
    Class *ac = ld_array_of(t, VMC(Class));
    if (!ac) return NULL;
    HandleMark hm = hnd_mark(t);
    Object *a = heap_alloc_array(t, ac, n);
    jobject r = NULL;
    if (a) {
        for (int i = 0; i < n; i++) heap_store_ref(a, &ARRAY_ELEMS(a, Object *)[i], cs[i]->mirror);
        hnd_release(t, hm);
        r = hnd_local(t, a);
    } else {
        hnd_release(t, hm);
    }
    return r;
}

JNIEXPORT jobjectArray JNICALL JVM_GetClassInterfaces(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = jni_class(cls);
    if (class_is_primitive(c)) JNI_RETURN(class_array(t, NULL, 0));
    JNI_RETURN(class_array(t, c->interfaces, c->ninterfaces));
}

/* The InnerClasses entry that describes c itself, or NULL. */
static InnerClassEntry *own_inner_entry(Class *c) {
    /* a hidden class's entry still bears the name it was defined from (before "+0x") */
    const char *slash = (c->flags & CF_HIDDEN) ? strrchr(c->name->str, '+') : NULL;
    size_t len = slash ? (size_t)(slash - c->name->str) : 0;
    for (uint16_t i = 0; i < c->ninner; i++) {
        if (!c->inner[i].inner_class) continue;
        Symbol *n = cp_class_name(&c->cp, c->inner[i].inner_class);
        if (n == c->name || (slash && strlen(n->str) == len && strncmp(n->str, c->name->str, len) == 0)) return &c->inner[i];
    }
    return NULL;
}

JNIEXPORT jclass JNICALL JVM_GetDeclaringClass(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    Class *c = jni_class(cls);
    if (class_is_array(c) || class_is_primitive(c)) JNI_RETURN(NULL);
    InnerClassEntry *e = own_inner_entry(c);
    if (!e || !e->outer_class) JNI_RETURN(NULL);
    Class *outer = cp_resolve_class(t, c, e->outer_class);
    if (outer && (c->flags & CF_HIDDEN)) {
        /* the outer class cannot list a hidden class as its member */
        char a[256], b[256];
        exc_throw(t, VMC_IncompatibleClassChangeError, "%s and %s disagree on InnerClasses attribute",
                  class_external_name(outer, a, sizeof a), class_external_name(c, b, sizeof b));
        JNI_RETURN(NULL);
    }
    JNI_RETURN(local_mirror(t, outer));
}

JNIEXPORT jstring JNICALL JVM_GetSimpleBinaryName(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    Class *c = jni_class(cls);
    if (class_is_array(c) || class_is_primitive(c)) JNI_RETURN(NULL);
    InnerClassEntry *e = own_inner_entry(c);
    if (!e || !e->inner_name) JNI_RETURN(NULL);
    JNI_RETURN(hnd_local(t, jstr_intern_sym(t, cp_utf8(&c->cp, e->inner_name))));
}

JNIEXPORT jobjectArray JNICALL JVM_GetEnclosingMethodInfo(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = jni_class(cls);
    if (class_is_array(c) || class_is_primitive(c) || !c->has_enclosing) JNI_RETURN(NULL);
    Class *outer = cp_resolve_class(t, c, c->enclosing_class);
    if (!outer) JNI_RETURN(NULL);
    Class *ac = ld_array_of(t, VMC(Object));
    HandleMark hm = hnd_mark(t);
    Object **arr = hnd_new(t, heap_alloc_array(t, ac, 3));
    if (!*arr) JNI_RETURN(NULL);
    HEAP_SET_FIELD(*arr, ARRAY_BASE, outer->mirror);
    if (c->enclosing_method) {
        CPEntry *nat = &c->cp.e[c->enclosing_method];
        Object *n = jstr_intern_sym(t, cp_utf8(&c->cp, nat->ref.a));
        if (!n) JNI_RETURN(NULL);
        HEAP_SET_FIELD(*arr, ARRAY_BASE + 8, n);
        Object *d = jstr_intern_sym(t, cp_utf8(&c->cp, nat->ref.b));
        if (!d) JNI_RETURN(NULL);
        HEAP_SET_FIELD(*arr, ARRAY_BASE + 16, d);
    }
    Object *r = *arr;
    hnd_release(t, hm);
    JNI_RETURN(hnd_local(t, r));
}

JNIEXPORT jclass JNICALL JVM_GetNestHost(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    Class *c = jni_class(cls);
    if (class_is_array(c) || class_is_primitive(c)) JNI_RETURN(local_mirror(t, c));
    JNI_RETURN(local_mirror(t, class_nest_host(t, c)));
}

JNIEXPORT jboolean JNICALL JVM_AreNestMates(JNIEnv *env, jclass a, jclass b) {
    JNI_ENTER(env);
    JNI_RETURN(class_are_nestmates(t, jni_class(a), jni_class(b)));
}

/* The classes entries idx name, loaded; with a nest host `first`, it leads the list and
 * only members that name it as their host follow (a member listed but claiming another
 * host, or none, is left out, as HotSpot does). */
static jobjectArray resolved_class_list(Thread *t, Class *c, uint16_t *idx, uint16_t n, Class *first) {
    Class **cs = vm_malloc(((size_t)n + 1) * sizeof(Class *));
    int k = 0;
    if (first) cs[k++] = first;
    for (uint16_t i = 0; i < n; i++) {
        Class *m = cp_resolve_class(t, c, idx[i]);
        if (!m) {
            exc_take(t);    /* unloadable members are left out, as HotSpot does */
            continue;
        }
        if (first && m != first && class_nest_host(t, m) != first) {
            if (exc_pending(t)) exc_take(t);
            continue;
        }
        cs[k++] = m;
    }
    jobjectArray r = class_array(t, cs, k);
    vm_free(cs);
    return r;
}

JNIEXPORT jobjectArray JNICALL JVM_GetNestMembers(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = jni_class(cls);
    Class *host = class_nest_host(t, c);
    if (!host) JNI_RETURN(NULL);
    JNI_RETURN(resolved_class_list(t, host, host->nest_members, host->nnest_members, host));
}

JNIEXPORT jobjectArray JNICALL JVM_GetPermittedSubclasses(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = jni_class(cls);
    if (class_is_array(c) || class_is_primitive(c) || !c->permitted) JNI_RETURN(NULL);
    JNI_RETURN(resolved_class_list(t, c, c->permitted, c->npermitted, NULL));
}

JNIEXPORT jstring JNICALL JVM_GetClassSignature(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = jni_class(cls);
    if (class_is_array(c) || class_is_primitive(c) || !c->signature) JNI_RETURN(NULL);
    JNI_RETURN(hnd_local(t, jstr_new_utf8(t, c->signature->str)));
}

static jbyteArray blob_array(Thread *t, Blob b) {
    if (!b.data) return NULL;
    Class *ac = ld_array_of(t, vm_primitive[T_BYTE]);
    Object *a = ac ? heap_alloc_array(t, ac, (jint)b.len) : NULL;
    if (!a) return NULL;
    memcpy(array_data(a), b.data, b.len);
    return hnd_local(t, a);
}

JNIEXPORT jbyteArray JNICALL JVM_GetClassAnnotations(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    Class *c = jni_class(cls);
    if (class_is_array(c) || class_is_primitive(c)) JNI_RETURN(NULL);
    JNI_RETURN(blob_array(t, c->annotations));
}

JNIEXPORT jbyteArray JNICALL JVM_GetClassTypeAnnotations(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    Class *c = jni_class(cls);
    if (class_is_array(c) || class_is_primitive(c)) JNI_RETURN(NULL);
    JNI_RETURN(blob_array(t, c->type_annotations));
}

const VMNative vm_natives_class[] = {
    { "java/lang/Class", "isArray", "()Z", (void *)JVM_IsArrayClass, is_array_fast },
    { "java/lang/Class", "isPrimitive", "()Z", (void *)JVM_IsPrimitiveClass, is_primitive_fast },
    { "java/lang/Class", "isInterface", "()Z", (void *)JVM_IsInterface, is_interface_fast },
    { "java/lang/Class", "isHidden", "()Z", (void *)JVM_IsHiddenClass, is_hidden_fast },
    { "java/lang/Class", "getModifiers", "()I", (void *)JVM_GetClassModifiers, modifiers_fast },
    { "java/lang/Class", "isInstance", "(Ljava/lang/Object;)Z", NULL, is_instance_fast },
    { "java/lang/Class", "isAssignableFrom", "(Ljava/lang/Class;)Z", NULL, is_assignable_fast },
    { "java/lang/Class", "getSuperclass", "()Ljava/lang/Class;", NULL, get_superclass_fast },
    { NULL, NULL, NULL, NULL, NULL },
};

/* ---- Lookup.defineClass / defineHiddenClass ---- */

enum {
    LOOKUP_NESTMATE = 0x1,
    LOOKUP_HIDDEN = 0x2,
    LOOKUP_STRONG = 0x4,        /* ClassOption.STRONG: lives as long as its loader */
};

JNIEXPORT jclass JNICALL JVM_LookupDefineClass(JNIEnv *env, jclass lookup, const char *name, const jbyte *buf, jsize len,
                                               jobject pd, jboolean init, int flags, jobject class_data) {
    JNI_ENTER(env);
    Class *lc = jni_class(lookup);
    if (!lc) {
        exc_npe(t);
        JNI_RETURN(NULL);
    }
    if (len < 0) {
        exc_throw(t, VMC_ClassFormatError, "Negative length");
        JNI_RETURN(NULL);
    }
    bool hidden = (flags & LOOKUP_HIDDEN) != 0;
    HandleMark hm = hnd_mark(t);
    Object **lh = hnd_new(t, lc->loader);
    Object **ph = hnd_new(t, hnd_get(pd));
    Object **data = hnd_new(t, hnd_get(class_data));
    Symbol *n = name ? sym_intern_cstr(name) : NULL;
    Class *c = ld_define(t, n, *lh ? lh : NULL, (const uint8_t *)buf, (size_t)len, ph, NULL, hidden ? CFP_HIDDEN : 0);
    if (c && hidden) {
        /* a nestmate joins the lookup class's nest; otherwise its NestHost attribute, if
         * any, is checked lazily like any class's (and fails: no host lists a hidden class) */
        if (flags & LOOKUP_NESTMATE) c->nest_host = class_nest_host(t, lc);
        if (*data) HEAP_SET_FIELD(c->mirror, mirror_classdata_off, *data);
    }
    /* linked, verification included, unless initialised at once (HotSpot): a hidden class
     * whose descriptors name it fails here with NoClassDefFoundError */
    if (c && !init && !link_verify(t, c)) c = NULL;
    if (c && init && !class_init(t, c)) c = NULL;
    hnd_release(t, hm);
    jclass r = local_mirror(t, c);
    /* held by the local reference from here on: now it may die on its own */
    if (c && hidden && !(flags & LOOKUP_STRONG)) cu_mark_weak_hidden(c);
    JNI_RETURN(r);
}
