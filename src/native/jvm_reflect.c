/*
 * jvm_reflect.c — core reflection: the Method, Constructor and Field objects of a class,
 * Method.invoke and Constructor.newInstance through the native accessors, and the
 * java.lang.reflect.Array operations.
 *
 * Reflection objects are built field by field, as HotSpot does (no constructor runs):
 * names are interned (java.base compares them with ==), parameter and exception types are
 * resolved through the declaring class's loader, `slot` is the member's index in its
 * class so that invoke and JNI's FromReflected* find it again.
 *
 * Invocation follows the JLS conversions for reflective calls: arguments are unboxed with
 * widening primitive conversions, results boxed into new wrapper objects, and exceptions
 * thrown by the target wrapped in InvocationTargetException.
 */
#include "native/jni_internal.h"
#include "classfile/classfile.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "heap/heap.h"
#include "interp/interp.h"
#include "runtime/jstring.h"
#include "runtime/vm.h"
#include "jvmti/jvmti_export.h"

#define METHOD_MODIFIERS 0x1DFF
#define FIELD_MODIFIERS 0x50DF

/* ---- field offsets of the reflection classes ---- */

typedef struct ReflectOffsets {
    uint32_t m_clazz, m_name, m_rtype, m_ptypes, m_etypes, m_mods, m_slot, m_sig, m_ann, m_pann, m_adef;
    uint32_t c_clazz, c_ptypes, c_etypes, c_mods, c_slot, c_sig, c_ann, c_pann;
    uint32_t f_clazz, f_name, f_type, f_mods, f_slot, f_sig, f_ann, f_trusted;
} ReflectOffsets;
static ReflectOffsets ro;

#define CL "Ljava/lang/Class;"
#define CLA "[Ljava/lang/Class;"
#define S "Ljava/lang/String;"
#define B "[B"
/* In ReflectOffsets' order: Method's, Constructor's, Field's. */
static const VmcField method_fields[] = {
    { "clazz", CL }, { "name", S }, { "returnType", CL }, { "parameterTypes", CLA }, { "exceptionTypes", CLA },
    { "modifiers", "I" }, { "slot", "I" }, { "signature", S }, { "annotations", B }, { "parameterAnnotations", B },
    { "annotationDefault", B },
};
static const VmcField ctor_fields[] = {
    { "clazz", CL }, { "parameterTypes", CLA }, { "exceptionTypes", CLA }, { "modifiers", "I" }, { "slot", "I" },
    { "signature", S }, { "annotations", B }, { "parameterAnnotations", B },
};
static const VmcField field_fields[] = {
    { "clazz", CL }, { "name", S }, { "type", CL }, { "modifiers", "I" }, { "slot", "I" }, { "signature", S },
    { "annotations", B }, { "trustedFinal", "Z" },
};
#undef CL
#undef CLA
#undef S
#undef B
_Static_assert(sizeof ro == (ARRAY_LEN(method_fields) + ARRAY_LEN(ctor_fields) + ARRAY_LEN(field_fields)) * sizeof(uint32_t),
               "one offset per field");

static void compute_offsets(void) {
    uint32_t *off = (uint32_t *)&ro;
    vmc_field_offsets(VMC(reflect_Method), method_fields, (int)ARRAY_LEN(method_fields), off);
    off += ARRAY_LEN(method_fields);
    vmc_field_offsets(VMC(reflect_Constructor), ctor_fields, (int)ARRAY_LEN(ctor_fields), off);
    off += ARRAY_LEN(ctor_fields);
    vmc_field_offsets(VMC(reflect_Field), field_fields, (int)ARRAY_LEN(field_fields), off);
}

static pthread_once_t ro_once = PTHREAD_ONCE_INIT;

/* The reflection classes are linked during boot, before any caller gets here; the
 * computation takes no lock a safepoint could wait on. */
static void init_offsets(void) { pthread_once(&ro_once, compute_offsets); }

/* ---- types from descriptors ---- */

/* The Class a field descriptor at s names, loaded through holder's loader. */
static Class *desc_class(Thread *t, Class *holder, const char *s, const char **end) {
    const char *e = cf_skip_field_desc(s);
    if (end) *end = e;
    if (*s != 'L' && *s != '[') return vm_primitive[bt_from_char(*s)];
    Symbol *name = *s == 'L' ? sym_intern(s + 1, (size_t)(e - s - 2)) : sym_intern(s, (size_t)(e - s));
    return ld_load(t, name, holder->loader ? &holder->loader : NULL, false);
}

/* The Class[0] of every member without parameters or declared exceptions, one array for all
 * as in HotSpot (a GC root once published; the thread that loses the race drops its copy). */
static Object *empty_class_array;

static Object *no_classes(Thread *t, Class *ac) {
    Object *a = __atomic_load_n(&empty_class_array, __ATOMIC_ACQUIRE);
    if (a || !(a = heap_alloc_array(t, ac, 0))) return a;
    vm_lazy_begin();
    if (!empty_class_array) {
        gc_register_root(&empty_class_array);
        __atomic_store_n(&empty_class_array, a, __ATOMIC_RELEASE);
    }
    a = empty_class_array;
    vm_lazy_end();
    return a;
}

static Object *class_array_of(Thread *t, Class **cs, int n) {
    Class *ac = ld_array_of(t, VMC(Class));
    if (ac && n == 0) return no_classes(t, ac);
    Object *a = ac ? heap_alloc_array(t, ac, n) : NULL;
    if (!a) return NULL;
    for (int i = 0; i < n; i++) heap_store_ref(a, &ARRAY_ELEMS(a, Object *)[i], cs[i]->mirror);
    return a;
}

static Object *param_types(Thread *t, Method *m) {
    Class *cs[256];
    int n = 0;
    for (const char *p = m->desc->str + 1; *p != ')' && n < 256;) {
        cs[n] = desc_class(t, m->holder, p, &p);
        if (!cs[n]) return NULL;
        n++;
    }
    return class_array_of(t, cs, n);
}

static Object *exception_types(Thread *t, Method *m) {
    Class *cs[256];
    int n = 0;
    for (uint16_t i = 0; i < m->nthrows && n < 256; i++) {
        Symbol *name = cp_class_name(&m->holder->cp, m->throws[i]);
        cs[n] = ld_load(t, name, m->holder->loader ? &m->holder->loader : NULL, false);
        if (!cs[n]) return NULL;
        n++;
    }
    return class_array_of(t, cs, n);
}

static Object *bytes_of(Thread *t, Blob b) {
    if (!b.data) return NULL;
    Class *ac = ld_array_of(t, vm_primitive[T_BYTE]);
    Object *a = ac ? heap_alloc_array(t, ac, (jint)b.len) : NULL;
    if (a) memcpy(array_data(a), b.data, b.len);
    return a;
}

/* Sets a reference field of *h to the result of an allocating expression, or fails. */
#define SET_REF(h, off, expr) \
    do { \
        Object *v_ = (expr); \
        if (!v_ && exc_pending(t)) return NULL; \
        HEAP_SET_FIELD(*(h), (off), v_); \
    } while (0)

static Object *new_method(Thread *t, Method *m) {
    HandleMark hm = hnd_mark(t);
    Object **h = hnd_new(t, heap_alloc_object(t, VMC(reflect_Method)));
    if (!*h) return NULL;
    HEAP_SET_FIELD(*h, ro.m_clazz, m->holder->mirror);
    SET_REF(h, ro.m_name, jstr_intern_sym(t, m->name));
    const char *r = strchr(m->desc->str, ')') + 1;
    Class *rt = desc_class(t, m->holder, r, NULL);
    if (!rt) return NULL;
    HEAP_SET_FIELD(*h, ro.m_rtype, rt->mirror);
    SET_REF(h, ro.m_ptypes, param_types(t, m));
    SET_REF(h, ro.m_etypes, exception_types(t, m));
    OBJ_FIELD(*h, ro.m_mods, jint) = m->access & METHOD_MODIFIERS;
    OBJ_FIELD(*h, ro.m_slot, jint) = m->index;
    if (m->signature) SET_REF(h, ro.m_sig, jstr_intern_sym(t, m->signature));
    SET_REF(h, ro.m_ann, bytes_of(t, m->annotations));
    SET_REF(h, ro.m_pann, bytes_of(t, m->param_annotations));
    SET_REF(h, ro.m_adef, bytes_of(t, m->annotation_default));
    Object *o = *h;
    hnd_release(t, hm);
    return o;
}

static Object *new_constructor(Thread *t, Method *m) {
    HandleMark hm = hnd_mark(t);
    Object **h = hnd_new(t, heap_alloc_object(t, VMC(reflect_Constructor)));
    if (!*h) return NULL;
    HEAP_SET_FIELD(*h, ro.c_clazz, m->holder->mirror);
    SET_REF(h, ro.c_ptypes, param_types(t, m));
    SET_REF(h, ro.c_etypes, exception_types(t, m));
    OBJ_FIELD(*h, ro.c_mods, jint) = m->access & METHOD_MODIFIERS;
    OBJ_FIELD(*h, ro.c_slot, jint) = m->index;
    if (m->signature) SET_REF(h, ro.c_sig, jstr_intern_sym(t, m->signature));
    SET_REF(h, ro.c_ann, bytes_of(t, m->annotations));
    SET_REF(h, ro.c_pann, bytes_of(t, m->param_annotations));
    Object *o = *h;
    hnd_release(t, hm);
    return o;
}

static Object *new_field(Thread *t, Field *f) {
    HandleMark hm = hnd_mark(t);
    Object **h = hnd_new(t, heap_alloc_object(t, VMC(reflect_Field)));
    if (!*h) return NULL;
    HEAP_SET_FIELD(*h, ro.f_clazz, f->holder->mirror);
    SET_REF(h, ro.f_name, jstr_intern_sym(t, f->name));
    Class *ft = desc_class(t, f->holder, f->desc->str, NULL);
    if (!ft) return NULL;
    HEAP_SET_FIELD(*h, ro.f_type, ft->mirror);
    OBJ_FIELD(*h, ro.f_mods, jint) = f->access & FIELD_MODIFIERS;
    OBJ_FIELD(*h, ro.f_slot, jint) = f->index;
    if (f->signature) SET_REF(h, ro.f_sig, jstr_intern_sym(t, f->signature));
    SET_REF(h, ro.f_ann, bytes_of(t, f->annotations));
    bool trusted = (f->access & JVM_ACC_FINAL) &&
                   (field_is_static(f) || (f->holder->flags & (CF_HIDDEN | CF_HAS_RECORD_ATTR)));
    OBJ_FIELD(*h, ro.f_trusted, jboolean) = trusted;
    Object *o = *h;
    hnd_release(t, hm);
    return o;
}

/* Builds an array of reflection objects of class `rc` for the members selected. */
static jobjectArray members(JNIEnv *env, jclass of, bool public_only, int kind) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    init_offsets();
    Class *c = jni_class(of);
    Class *rc = kind == 0 ? VMC(reflect_Method) : kind == 1 ? VMC(reflect_Constructor) : VMC(reflect_Field);
    Class *ac = ld_array_of(t, rc);
    if (!ac) JNI_RETURN(NULL);
    if (class_is_array(c) || class_is_primitive(c)) JNI_RETURN(hnd_local(t, heap_alloc_array(t, ac, 0)));
    if (!link_verify(t, c)) JNI_RETURN(NULL);
    int n = 0;
    uint16_t total = kind == 2 ? c->nfields : c->nmethods;
    uint16_t *sel = vm_malloc(((size_t)total + 1) * sizeof(uint16_t));
    for (uint16_t i = 0; i < total; i++) {
        if (kind == 2) {
            Field *f = &c->fields[i];
            if (f->injected || (public_only && !(f->access & JVM_ACC_PUBLIC))) continue;
        } else {
            Method *m = &c->methods[i];
            bool ctor = m->name == sym_init;
            if (m->name == sym_clinit || ctor != (kind == 1)) continue;
            if (public_only && !(m->access & JVM_ACC_PUBLIC)) continue;
        }
        sel[n++] = i;
    }
    HandleMark hm = hnd_mark(t);
    Object **arr = hnd_new(t, heap_alloc_array(t, ac, n));
    for (int i = 0; *arr && i < n; i++) {
        Object *o = kind == 0 ? new_method(t, &c->methods[sel[i]]) : kind == 1 ? new_constructor(t, &c->methods[sel[i]])
                                                                               : new_field(t, &c->fields[sel[i]]);
        if (!o) {
            *arr = NULL;
            break;
        }
        heap_store_ref(*arr, &ARRAY_ELEMS(*arr, Object *)[i], o);
    }
    vm_free(sel);
    Object *r = *arr;
    hnd_release(t, hm);
    JNI_RETURN(hnd_local(t, r));
}

JNIEXPORT jobjectArray JNICALL JVM_GetClassDeclaredMethods(JNIEnv *env, jclass of, jboolean public_only) {
    return members(env, of, public_only, 0);
}

JNIEXPORT jobjectArray JNICALL JVM_GetClassDeclaredConstructors(JNIEnv *env, jclass of, jboolean public_only) {
    return members(env, of, public_only, 1);
}

JNIEXPORT jobjectArray JNICALL JVM_GetClassDeclaredFields(JNIEnv *env, jclass of, jboolean public_only) {
    return members(env, of, public_only, 2);
}

/* Used by JNI ToReflectedMethod/Field. */
Object *reflect_method_object(Thread *t, Method *m) {
    init_offsets();
    return m->name == sym_init ? new_constructor(t, m) : new_method(t, m);
}

Object *reflect_field_object(Thread *t, Field *f) {
    init_offsets();
    return new_field(t, f);
}

/* ---- boxing ---- */

static VMClassId box_class(BasicType bt) {
    switch (bt) {
    case T_BOOLEAN: return VMC_Boolean;
    case T_CHAR: return VMC_Character;
    case T_BYTE: return VMC_Byte;
    case T_SHORT: return VMC_Short;
    case T_INT: return VMC_Integer;
    case T_LONG: return VMC_Long;
    case T_FLOAT: return VMC_Float;
    default: return VMC_Double;
    }
}

static uint32_t value_offset(Class *box) {
    for (uint16_t i = 0; i < box->nfields; i++)
        if (box->fields[i].name == sym_value && !field_is_static(&box->fields[i])) return box->fields[i].offset;
    vm_fatal("%s has no value field", box->name->str);
}

/* A new wrapper for a primitive value (reflection results are never cached boxes). */
Object *reflect_box(Thread *t, BasicType bt, Slot v) {
    if (bt == T_VOID) return NULL;
    if (bt_is_ref(bt)) return v.l;
    Class *bc = vm_classes[box_class(bt)];
    if (!class_init(t, bc)) return NULL;
    Object *o = heap_alloc_object(t, bc);
    if (!o) return NULL;
    uint32_t vo = value_offset(bc);
    switch (bt) {
    case T_BOOLEAN: case T_BYTE: OBJ_FIELD(o, vo, jbyte) = (jbyte)v.i; break;
    case T_CHAR: case T_SHORT: OBJ_FIELD(o, vo, jshort) = (jshort)v.i; break;
    case T_INT: case T_FLOAT: OBJ_FIELD(o, vo, jint) = v.i; break;
    default: OBJ_FIELD(o, vo, jlong) = v.j; break;
    }
    return o;
}

static BasicType boxed_type(Class *c) {
    for (int bt = T_BOOLEAN; bt <= T_LONG; bt++)
        if (vm_classes[box_class((BasicType)bt)] == c) return (BasicType)bt;
    return T_ILLEGAL;
}

/* Unboxes o into the primitive type `to` with widening (JLS 5.1.2); false if impossible. */
bool reflect_unbox(Object *o, BasicType to, Slot *out) {
    if (!o) return false;
    BasicType from = boxed_type(o->klass);
    if (from == T_ILLEGAL) return false;
    uint32_t vo = value_offset(o->klass);
    jlong iv = 0;
    jdouble dv = 0;
    switch (from) {
    case T_BOOLEAN: if (to != T_BOOLEAN) return false; out->i = OBJ_FIELD(o, vo, jboolean); return true;
    case T_CHAR: iv = OBJ_FIELD(o, vo, jchar); break;
    case T_BYTE: iv = OBJ_FIELD(o, vo, jbyte); break;
    case T_SHORT: iv = OBJ_FIELD(o, vo, jshort); break;
    case T_INT: iv = OBJ_FIELD(o, vo, jint); break;
    case T_LONG: iv = OBJ_FIELD(o, vo, jlong); break;
    case T_FLOAT: dv = OBJ_FIELD(o, vo, jfloat); break;
    case T_DOUBLE: dv = OBJ_FIELD(o, vo, jdouble); break;
    default: return false;
    }
    bool fromf = from == T_FLOAT || from == T_DOUBLE;
    /* allowed widenings: byte->short,int,long,float,double; short->int..; char->int..;
     * int->long,float,double; long->float,double; float->double */
    static const int rank[] = { [T_BYTE] = 1, [T_SHORT] = 2, [T_CHAR] = 2, [T_INT] = 3, [T_LONG] = 4, [T_FLOAT] = 5, [T_DOUBLE] = 6 };
    if (to == T_BOOLEAN) return false;
    if (from == to) {
        if (fromf) {
            if (to == T_FLOAT) out->f = (jfloat)dv;
            else out->d = dv;
        } else if (to == T_LONG) out->j = iv;
        else out->i = (jint)iv;
        return true;
    }
    if (to == T_CHAR || (from == T_CHAR && (to == T_SHORT || to == T_BYTE)) || rank[to] <= rank[from]) return false;
    switch (to) {
    case T_SHORT: case T_INT: out->i = (jint)iv; return true;
    case T_LONG: out->j = iv; return true;
    case T_FLOAT: out->f = fromf ? (jfloat)dv : (jfloat)iv; return true;
    case T_DOUBLE: out->d = fromf ? dv : (jdouble)iv; return true;
    default: return false;
    }
}

/* ---- invocation ---- */

/* The method or constructor behind a reflection object (a Method or a Constructor), and
 * the field behind a Field: their declaring class and slot (jvm_members.c asks too). */
Method *reflect_method_of(Object *executable) {
    init_offsets();
    bool ctor = executable->klass == VMC(reflect_Constructor);
    Object *cls = OBJ_FIELD(executable, ctor ? ro.c_clazz : ro.m_clazz, Object *);
    jint slot = OBJ_FIELD(executable, ctor ? ro.c_slot : ro.m_slot, jint);
    return &mirror_class(cls)->methods[slot];
}

Field *reflect_field_of(Object *field) {
    init_offsets();
    return &mirror_class(OBJ_FIELD(field, ro.f_clazz, Object *))->fields[OBJ_FIELD(field, ro.f_slot, jint)];
}

/* Calls m on receiver *recv (NULL for static) with the arguments of the Object[] *args,
 * unboxed per m's descriptor.  The result slot goes to *result. */
static bool invoke_reflectively(Thread *t, Method *m, Object **recv, Object **args, bool virt, Slot *result) {
    int nparams = 0;
    for (const char *p = m->desc->str + 1; *p != ')'; p = cf_skip_field_desc(p)) nparams++;
    jint nargs = *args ? array_length(*args) : 0;
    if (nargs != nparams) {
        exc_throw(t, VMC_IllegalArgumentException, "wrong number of arguments");
        return false;
    }
    Slot *slots = vm_malloc(((size_t)m->arg_slots + 1) * sizeof(Slot));
    int k = 0, i = 0;
    if (!method_is_static(m)) slots[k++].l = *recv;
    for (const char *p = m->desc->str + 1; *p != ')'; p = cf_skip_field_desc(p), i++) {
        Object *a = ARRAY_ELEMS(*args, Object *)[i];
        BasicType bt = bt_from_char(*p);
        if (bt_is_ref(bt)) {
            Class *pc = desc_class(t, m->holder, p, NULL);
            if (!pc) {
                vm_free(slots);
                return false;
            }
            a = ARRAY_ELEMS(*args, Object *)[i];
            if (a && !class_is_assignable(a->klass, pc)) {
                exc_throw(t, VMC_IllegalArgumentException, "argument type mismatch");
                vm_free(slots);
                return false;
            }
            slots[k++].l = a;
        } else if (!reflect_unbox(a, bt, &slots[k])) {
            /* HotSpot has no message for a null where a primitive is expected */
            exc_throw(t, VMC_IllegalArgumentException, a ? "argument type mismatch" : NULL);
            vm_free(slots);
            return false;
        } else {
            k += bt_is_wide(bt) ? 2 : 1;
        }
    }
    if (!method_is_static(m)) slots[0].l = *recv;
    bool ok = virt ? interp_call_virtual(t, m, slots, result) : interp_call(t, m, slots, result);
    vm_free(slots);
    if (!ok) {
        Object **cause = hnd_new(t, exc_take(t));
        Class *ite = vmc_get(t, VMC_InvocationTargetException);
        Object *e = ite && class_init(t, ite) ? heap_alloc_object(t, ite) : NULL;
        if (!e) return false;
        Object **eh = hnd_new(t, e);
        Method *ctor = class_find_declared_method(ite, sym_init, sym_intern_cstr("(Ljava/lang/Throwable;)V"));
        Slot a2[2] = { { .l = *eh }, { .l = *cause } };
        if (interp_call(t, ctor, a2, NULL)) exc_set(t, *eh);
        return false;
    }
    return true;
}

JNIEXPORT jobject JNICALL JVM_InvokeMethod(JNIEnv *env, jobject method, jobject obj, jobjectArray args0) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Method *m = reflect_method_of(hnd_get(method));
    HandleMark hm = hnd_mark(t);
    Object **recv = hnd_new(t, hnd_get(obj));
    Object **args = hnd_new(t, hnd_get(args0));
    jobject result = NULL;
    if (method_is_static(m)) {
        if (!class_init(t, m->holder)) goto out;
    } else if (!*recv) {
        exc_npe(t);
        goto out;
    } else if (!class_is_assignable((*recv)->klass, m->holder)) {
        exc_throw(t, VMC_IllegalArgumentException, "object is not an instance of declaring class");
        goto out;
    }
    Slot r;
    bool virt = !method_is_static(m) && !method_is_private(m);
    if (!invoke_reflectively(t, m, recv, args, virt, &r)) goto out;
    Object *boxed = reflect_box(t, (BasicType)m->ret_type, r);
    if (exc_pending(t)) goto out;
    hnd_release(t, hm);
    JNI_RETURN(hnd_local(t, boxed));
out:
    hnd_release(t, hm);
    JNI_RETURN(result);
}

JNIEXPORT jobject JNICALL JVM_NewInstanceFromConstructor(JNIEnv *env, jobject c, jobjectArray args0) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Method *m = reflect_method_of(hnd_get(c));
    Class *k = m->holder;
    if (!class_check_instantiable(t, k, false) || !class_init(t, k)) JNI_RETURN(NULL);
    HandleMark hm = hnd_mark(t);
    Object **args = hnd_new(t, hnd_get(args0));
    Object **o = hnd_new(t, heap_alloc_object(t, k));
    Slot r;
    Object *res = *o && invoke_reflectively(t, m, o, args, false, &r) ? *o : NULL;
    hnd_release(t, hm);
    JNI_RETURN(hnd_local(t, res));
}

/* ---- java.lang.reflect.Array ---- */

static bool check_array(Thread *t, Object *a) {
    if (!a) {
        exc_npe(t);
        return false;
    }
    if (!class_is_array(a->klass)) {
        exc_throw(t, VMC_IllegalArgumentException, "Argument is not an array");
        return false;
    }
    return true;
}

JNIEXPORT jint JNICALL JVM_GetArrayLength(JNIEnv *env, jobject arr) {
    JNI_ENTER(env);
    Object *a = hnd_get(arr);
    JNI_RETURN(check_array(t, a) ? array_length(a) : 0);
}

JNIEXPORT jobject JNICALL JVM_NewArray(JNIEnv *env, jclass elt, jint length) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = jni_class(elt);
    if (!c) {
        exc_npe(t);
        JNI_RETURN(NULL);
    }
    if (c == vm_primitive[T_VOID]) {
        exc_throw(t, VMC_IllegalArgumentException, NULL);
        JNI_RETURN(NULL);
    }
    if (length < 0) {
        exc_throw(t, VMC_NegativeArraySizeException, "%d", (int)length);
        JNI_RETURN(NULL);
    }
    if (class_is_array(c) && c->dims >= 255) {
        exc_throw(t, VMC_IllegalArgumentException, NULL);
        JNI_RETURN(NULL);
    }
    Class *ac = ld_array_of(t, c);
    JNI_RETURN(ac ? hnd_local(t, heap_alloc_array(t, ac, length)) : NULL);
}

static Object *multi(Thread *t, Class *ac, const jint *dims, int n) {
    Object *a = heap_alloc_array(t, ac, dims[0]);
    if (!a || n == 1) return a;
    Object **h = hnd_new(t, a);
    for (jint i = 0; i < dims[0]; i++) {
        Object *sub = multi(t, ac->component, dims + 1, n - 1);
        if (!sub) return NULL;
        heap_store_ref(*h, &ARRAY_ELEMS(*h, Object *)[i], sub);
    }
    return *h;
}

JNIEXPORT jobject JNICALL JVM_NewMultiArray(JNIEnv *env, jclass elt, jintArray dim) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = jni_class(elt);
    Object *d = hnd_get(dim);
    if (!c || !d) {
        exc_npe(t);
        JNI_RETURN(NULL);
    }
    jint n = array_length(d);
    if (n == 0 || n + (class_is_array(c) ? c->dims : 0) > 255 || c == vm_primitive[T_VOID]) {
        exc_throw(t, VMC_IllegalArgumentException, NULL);
        JNI_RETURN(NULL);
    }
    jint dims[256];
    for (jint i = 0; i < n; i++) {
        dims[i] = ARRAY_ELEMS(d, jint)[i];
        if (dims[i] < 0) {
            exc_throw(t, VMC_NegativeArraySizeException, "%d", (int)dims[i]);
            JNI_RETURN(NULL);
        }
    }
    Class *ac = ld_array_class(t, c, n);
    if (!ac) JNI_RETURN(NULL);
    HandleMark hm = hnd_mark(t);
    Object *r = multi(t, ac, dims, n);
    hnd_release(t, hm);
    JNI_RETURN(hnd_local(t, r));
}

static bool index_ok(Thread *t, Object *a, jint i) {
    if (!check_array(t, a)) return false;
    if ((uint32_t)i >= (uint32_t)array_length(a)) {
        /* HotSpot's reflection throws it without a message, unlike the array bytecodes */
        exc_throw(t, VMC_ArrayIndexOutOfBoundsException, NULL);
        return false;
    }
    return true;
}

static Slot element(Object *a, jint i) {
    Slot s;
    s.raw = 0;
    switch (a->klass->elem_type) {
    case T_BOOLEAN: case T_BYTE: s.i = ARRAY_ELEMS(a, jbyte)[i]; break;
    case T_CHAR: s.i = ARRAY_ELEMS(a, jchar)[i]; break;
    case T_SHORT: s.i = ARRAY_ELEMS(a, jshort)[i]; break;
    case T_INT: case T_FLOAT: s.i = ARRAY_ELEMS(a, jint)[i]; break;
    case T_LONG: case T_DOUBLE: s.j = ARRAY_ELEMS(a, jlong)[i]; break;
    default: s.l = ARRAY_ELEMS(a, Object *)[i]; break;
    }
    return s;
}

JNIEXPORT jobject JNICALL JVM_GetArrayElement(JNIEnv *env, jobject arr, jint index) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Object *a = hnd_get(arr);
    if (!index_ok(t, a, index)) JNI_RETURN(NULL);
    JNI_RETURN(hnd_local(t, reflect_box(t, (BasicType)a->klass->elem_type, element(a, index))));
}

static void store_element(Object *a, jint i, BasicType bt, Slot v) {
    switch (bt) {
    case T_BOOLEAN: case T_BYTE: ARRAY_ELEMS(a, jbyte)[i] = (jbyte)v.i; break;
    case T_CHAR: case T_SHORT: ARRAY_ELEMS(a, jshort)[i] = (jshort)v.i; break;
    case T_INT: case T_FLOAT: ARRAY_ELEMS(a, jint)[i] = v.i; break;
    default: ARRAY_ELEMS(a, jlong)[i] = v.j; break;
    }
}

JNIEXPORT void JNICALL JVM_SetArrayElement(JNIEnv *env, jobject arr, jint index, jobject val) {
    JNI_ENTER(env);
    Object *a = hnd_get(arr), *v = hnd_get(val);
    if (!index_ok(t, a, index)) JNI_RETURN_VOID();
    BasicType et = (BasicType)a->klass->elem_type;
    if (bt_is_ref(et)) {
        if (v && !class_is_assignable(v->klass, a->klass->component)) {
            exc_throw(t, VMC_IllegalArgumentException, "array element type mismatch");
            JNI_RETURN_VOID();
        }
        heap_store_ref(a, &ARRAY_ELEMS(a, Object *)[index], v);
        JNI_RETURN_VOID();
    }
    Slot s;
    if (!reflect_unbox(v, et, &s)) {
        exc_throw(t, VMC_IllegalArgumentException, v ? "argument type mismatch" : NULL);
        JNI_RETURN_VOID();
    }
    store_element(a, index, et, s);
    JNI_RETURN_VOID();
}

JNIEXPORT jvalue JNICALL JVM_GetPrimitiveArrayElement(JNIEnv *env, jobject arr, jint index, jint wcode) {
    JNI_ENTER(env);
    jvalue r;
    r.j = 0;
    Object *a = hnd_get(arr);
    if (!index_ok(t, a, index)) JNI_RETURN(r);
    BasicType et = (BasicType)a->klass->elem_type;
    if (bt_is_ref(et)) {
        exc_throw(t, VMC_IllegalArgumentException, "Argument is not an array of primitive type");
        JNI_RETURN(r);
    }
    /* widen through a box: the element's type to the requested one */
    HandleMark hm = hnd_mark(t);
    Object *box = reflect_box(t, et, element(hnd_get(arr), index));
    Slot s;
    if (box && reflect_unbox(box, (BasicType)wcode, &s)) {
        switch (wcode) {
        case T_BOOLEAN: r.z = (jboolean)s.i; break;
        case T_BYTE: r.b = (jbyte)s.i; break;
        case T_CHAR: r.c = (jchar)s.i; break;
        case T_SHORT: r.s = (jshort)s.i; break;
        case T_INT: r.i = s.i; break;
        case T_FLOAT: r.f = s.f; break;
        case T_LONG: r.j = s.j; break;
        default: r.d = s.d; break;
        }
    } else if (!exc_pending(t)) {
        exc_throw(t, VMC_IllegalArgumentException, "argument type mismatch");
    }
    hnd_release(t, hm);
    JNI_RETURN(r);
}

JNIEXPORT void JNICALL JVM_SetPrimitiveArrayElement(JNIEnv *env, jobject arr, jint index, jvalue v, unsigned char vcode) {
    JNI_ENTER(env);
    Object *a = hnd_get(arr);
    if (!index_ok(t, a, index)) JNI_RETURN_VOID();
    BasicType et = (BasicType)a->klass->elem_type;
    if (bt_is_ref(et)) {
        exc_throw(t, VMC_IllegalArgumentException, "Argument is not an array of primitive type");
        JNI_RETURN_VOID();
    }
    Slot in;
    in.raw = 0;
    switch (vcode) {
    case T_BOOLEAN: in.i = v.z; break;
    case T_BYTE: in.i = v.b; break;
    case T_CHAR: in.i = v.c; break;
    case T_SHORT: in.i = v.s; break;
    case T_INT: in.i = v.i; break;
    case T_FLOAT: in.f = v.f; break;
    case T_LONG: in.j = v.j; break;
    default: in.d = v.d; break;
    }
    HandleMark hm = hnd_mark(t);
    Object *box = reflect_box(t, (BasicType)vcode, in);
    Slot s;
    if (box && reflect_unbox(box, et, &s)) store_element(hnd_get(arr), index, et, s);
    else if (!exc_pending(t)) exc_throw(t, VMC_IllegalArgumentException, "argument type mismatch");
    hnd_release(t, hm);
    JNI_RETURN_VOID();
}
