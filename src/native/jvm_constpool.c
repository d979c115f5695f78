/*
 * jvm_constpool.c — jdk.internal.reflect.ConstantPool: a class's constant pool as the JDK's
 * annotation parser (and other reflective code) reads it.
 *
 * Class.getConstantPool returns a new ConstantPool object whose field `constantPoolOop`
 * holds the class's mirror, as in HotSpot.  Every ConstantPool native is called on such an
 * object (`this`, the first argument after the JNIEnv) and goes from its field back to the
 * Class and its `cp`.  Those taking an index check it against the pool's size and the
 * entry's tag the way HotSpot does, throwing IllegalArgumentException "Constant pool index
 * out of bounds" or "Wrong type at constant pool index" (index 0 and the gap after a long or
 * double have tag 0, so they pass the bounds check and fail the type check).
 *
 * The *At functions resolve what they return, loading classes through the holder's loader
 * with the usual access checks (classfile/resolve.c).  The *AtIfLoaded variants never load:
 * an unresolved class reference is looked up among the classes the holder's loader already
 * knows, and an absent or inaccessible class gives null.  A member is looked up in the
 * referenced class the way HotSpot's InstanceKlass does: methods among the class's own
 * declarations only, fields in the class, its superinterfaces, then its superclasses.
 * Names and descriptors come back as new Strings; String constants are the interned ones
 * that ldc would push.
 */
#include "native/jni_internal.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "classfile/resolve.h"
#include "heap/heap.h"
#include "runtime/jstring.h"
#include "jvmti/jvmti_export.h"
#include "runtime/vm.h"

/* Defined in native/jvm_reflect.c. */
Object *reflect_method_object(Thread *t, Method *m);
Object *reflect_field_object(Thread *t, Field *f);

#define TAG(name) (1u << JVM_CONSTANT_##name)
#define MEMBER_REF_TAGS (TAG(Fieldref) | TAG(Methodref) | TAG(InterfaceMethodref))

static Class *pool_class;           /* jdk.internal.reflect.ConstantPool */
static uint32_t pool_oop_off;       /* its field constantPoolOop */

/* ---- from a ConstantPool object to its class ---- */

static bool pool_class_init(Thread *t) {
    if (__atomic_load_n(&pool_class, __ATOMIC_ACQUIRE)) return true;
    Class *k = ld_load(t, sym_intern_cstr("jdk/internal/reflect/ConstantPool"), NULL, false);
    if (!k || !class_init(t, k)) return false;
    Field *f = class_find_declared_field(k, sym_intern_cstr("constantPoolOop"), sym_intern_cstr("Ljava/lang/Object;"));
    if (!f) vm_fatal("jdk.internal.reflect.ConstantPool.constantPoolOop missing");
    __atomic_store_n(&pool_oop_off, f->offset, __ATOMIC_RELAXED);   /* racing threads store the same */
    __atomic_store_n(&pool_class, k, __ATOMIC_RELEASE);
    return true;
}

/* The class whose pool `pool` stands for, or NULL with an exception. */
static Class *pool_holder(Thread *t, jobject pool) {
    if (!pool_class_init(t)) return NULL;
    Object *m = OBJ_FIELD(hnd_get(pool), pool_oop_off, Object *);
    if (!m) {
        exc_npe(t);
        return NULL;
    }
    return mirror_class(m);
}

/* The holder of entry idx after HotSpot's checks of the index and of the entry's tag
 * against `tags` (a set of TAG bits); NULL with IllegalArgumentException otherwise. */
static Class *entry_holder(Thread *t, jobject pool, jint idx, uint32_t tags) {
    Class *c = pool_holder(t, pool);
    if (!c) return NULL;
    if (idx < 0 || idx >= c->cp.count) {
        exc_throw(t, VMC_IllegalArgumentException, "Constant pool index out of bounds");
        return NULL;
    }
    if (!((1u << c->cp.tags[idx]) & tags)) {
        exc_throw(t, VMC_IllegalArgumentException, "Wrong type at constant pool index");
        return NULL;
    }
    return c;
}

/* ---- classes ---- */

/* The class of a Class entry if it is known without loading: resolved already, or an
 * instance class the holder's loader has recorded and the holder may access. */
static Class *class_if_loaded(Class *holder, uint16_t idx) {
    Class *k = __atomic_load_n((Class **)&holder->cp.e[idx].resolved, __ATOMIC_ACQUIRE);
    if (k) return k;
    Symbol *name = cp_class_name(&holder->cp, idx);
    if (name->str[0] == '[') return NULL;
    k = ld_find(holder->ld, name);
    return k && access_class_ok(holder, k) ? k : NULL;
}

/* The class of Class entry idx, loaded if `force`; NULL (with an exception only when
 * loading failed) otherwise. */
static Class *class_at(Thread *t, Class *holder, uint16_t idx, bool force) {
    return force ? cp_resolve_class(t, holder, idx) : class_if_loaded(holder, idx);
}

static jclass get_class_at(JNIEnv *env, jobject pool, jint idx, bool force) {
    JNI_ENTER(env);
    Class *c = entry_holder(t, pool, idx, TAG(Class));
    Class *k = c ? class_at(t, c, (uint16_t)idx, force) : NULL;
    JNI_RETURN(k ? hnd_local(t, k->mirror) : NULL);
}

JNIEXPORT jclass JNICALL JVM_ConstantPoolGetClassAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    return get_class_at(env, pool, idx, true);
}

JNIEXPORT jclass JNICALL JVM_ConstantPoolGetClassAtIfLoaded(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    return get_class_at(env, pool, idx, false);
}

/* ---- members ---- */

static void throw_runtime_exception(Thread *t, const char *msg) {
    Class *rte = ld_load(t, sym_intern_cstr("java/lang/RuntimeException"), NULL, false);
    if (rte) exc_throw_class(t, rte, msg);
}

/* The Method or Constructor object for Methodref/InterfaceMethodref idx. */
static Object *method_at(Thread *t, Class *c, uint16_t idx, bool force) {
    Class *k = class_at(t, c, c->cp.e[idx].ref.a, force);
    if (!k) return NULL;
    Method *m = class_find_declared_method(k, cp_member_name(&c->cp, idx), cp_member_desc(&c->cp, idx));
    if (!m) {
        throw_runtime_exception(t, "Unable to look up method in target class");
        return NULL;
    }
    return reflect_method_object(t, m);
}

/* The Field object for Fieldref idx. */
static Object *field_at(Thread *t, Class *c, uint16_t idx, bool force) {
    Class *k = class_at(t, c, c->cp.e[idx].ref.a, force);
    if (!k) return NULL;
    Field *f = link_lookup_field(k, cp_member_name(&c->cp, idx), cp_member_desc(&c->cp, idx));
    if (!f || f->injected) {
        throw_runtime_exception(t, "Unable to look up field in target class");
        return NULL;
    }
    return reflect_field_object(t, f);
}

static jobject get_member_at(JNIEnv *env, jobject pool, jint idx, bool field, bool force) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = entry_holder(t, pool, idx, field ? TAG(Fieldref) : TAG(Methodref) | TAG(InterfaceMethodref));
    if (!c) JNI_RETURN(NULL);
    Object *o = field ? field_at(t, c, (uint16_t)idx, force) : method_at(t, c, (uint16_t)idx, force);
    JNI_RETURN(hnd_local(t, o));
}

JNIEXPORT jobject JNICALL JVM_ConstantPoolGetMethodAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    return get_member_at(env, pool, idx, false, true);
}

JNIEXPORT jobject JNICALL JVM_ConstantPoolGetMethodAtIfLoaded(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    return get_member_at(env, pool, idx, false, false);
}

JNIEXPORT jobject JNICALL JVM_ConstantPoolGetFieldAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    return get_member_at(env, pool, idx, true, true);
}

JNIEXPORT jobject JNICALL JVM_ConstantPoolGetFieldAtIfLoaded(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    return get_member_at(env, pool, idx, true, false);
}

/* ---- symbolic information ---- */

jobjectArray jvm_symbol_array(Thread *t, Symbol *const *syms, int n) {
    Class *ac = ld_array_of(t, VMC(String));
    if (!ac) return NULL;
    HandleMark hm = hnd_mark(t);
    Object **arr = hnd_new(t, heap_alloc_array(t, ac, n));
    for (int i = 0; *arr && i < n; i++) {
        Object *s = jstr_new_utf8(t, syms[i]->str);
        if (s) heap_store_ref(*arr, &ARRAY_ELEMS(*arr, Object *)[i], s);
        else *arr = NULL;
    }
    Object *r = *arr;
    hnd_release(t, hm);
    return hnd_local(t, r);
}

JNIEXPORT jobjectArray JNICALL JVM_ConstantPoolGetMemberRefInfoAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = entry_holder(t, pool, idx, MEMBER_REF_TAGS);
    if (!c) JNI_RETURN(NULL);
    Symbol *info[3] = { cp_class_name(&c->cp, c->cp.e[idx].ref.a), cp_member_name(&c->cp, (uint16_t)idx),
                        cp_member_desc(&c->cp, (uint16_t)idx) };
    JNI_RETURN(jvm_symbol_array(t, info, 3));
}

JNIEXPORT jobjectArray JNICALL JVM_ConstantPoolGetNameAndTypeRefInfoAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = entry_holder(t, pool, idx, TAG(NameAndType));
    if (!c) JNI_RETURN(NULL);
    Symbol *info[2] = { cp_utf8(&c->cp, c->cp.e[idx].ref.a), cp_utf8(&c->cp, c->cp.e[idx].ref.b) };
    JNI_RETURN(jvm_symbol_array(t, info, 2));
}

JNIEXPORT jint JNICALL JVM_ConstantPoolGetClassRefIndexAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    JNI_ENTER(env);
    Class *c = entry_holder(t, pool, idx, MEMBER_REF_TAGS);
    JNI_RETURN(c ? c->cp.e[idx].ref.a : 0);
}

JNIEXPORT jint JNICALL JVM_ConstantPoolGetNameAndTypeRefIndexAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    JNI_ENTER(env);
    Class *c = entry_holder(t, pool, idx, MEMBER_REF_TAGS | TAG(InvokeDynamic));
    JNI_RETURN(c ? c->cp.e[idx].ref.b : 0);
}

/* ---- constants ---- */

JNIEXPORT jint JNICALL JVM_ConstantPoolGetSize(JNIEnv *env, jobject pool, jobject unused) {
    UNUSED(unused);
    JNI_ENTER(env);
    Class *c = pool_holder(t, pool);
    JNI_RETURN(c ? c->cp.count : 0);
}

JNIEXPORT jint JNICALL JVM_ConstantPoolGetIntAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    JNI_ENTER(env);
    Class *c = entry_holder(t, pool, idx, TAG(Integer));
    JNI_RETURN(c ? c->cp.e[idx].i : 0);
}

JNIEXPORT jlong JNICALL JVM_ConstantPoolGetLongAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    JNI_ENTER(env);
    Class *c = entry_holder(t, pool, idx, TAG(Long));
    JNI_RETURN(c ? c->cp.e[idx].j : 0);
}

JNIEXPORT jfloat JNICALL JVM_ConstantPoolGetFloatAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    JNI_ENTER(env);
    Class *c = entry_holder(t, pool, idx, TAG(Float));
    JNI_RETURN(c ? c->cp.e[idx].f : 0.0f);
}

JNIEXPORT jdouble JNICALL JVM_ConstantPoolGetDoubleAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    JNI_ENTER(env);
    Class *c = entry_holder(t, pool, idx, TAG(Double));
    JNI_RETURN(c ? c->cp.e[idx].d : 0.0);
}

JNIEXPORT jstring JNICALL JVM_ConstantPoolGetStringAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    JNI_ENTER(env);
    Class *c = entry_holder(t, pool, idx, TAG(String));
    Object **s = c ? cp_resolve_string(t, c, (uint16_t)idx) : NULL;
    JNI_RETURN(s ? hnd_local(t, *s) : NULL);
}

JNIEXPORT jstring JNICALL JVM_ConstantPoolGetUTF8At(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = entry_holder(t, pool, idx, TAG(Utf8));
    JNI_RETURN(c ? hnd_local(t, jstr_new_utf8(t, cp_utf8(&c->cp, (uint16_t)idx)->str)) : NULL);
}

JNIEXPORT jbyte JNICALL JVM_ConstantPoolGetTagAt(JNIEnv *env, jobject pool, jobject unused, jint idx) {
    UNUSED(unused);
    JNI_ENTER(env);
    Class *c = entry_holder(t, pool, idx, ~0u);
    JNI_RETURN(c ? (jbyte)c->cp.tags[idx] : 0);
}

/* ---- Class.getConstantPool ---- */

JNIEXPORT jobject JNICALL JVM_GetClassConstantPool(JNIEnv *env, jclass cls) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = jni_class(cls);
    if (class_is_array(c) || class_is_primitive(c) || !pool_class_init(t)) JNI_RETURN(NULL);
    Object *o = heap_alloc_object(t, pool_class);
    if (o) HEAP_SET_FIELD(o, pool_oop_off, c->mirror);
    JNI_RETURN(hnd_local(t, o));
}
