/*
 * jvmti_class.c — Class functions: what a debugger asks about a class (signature, status,
 * source file, modifiers, members in class-file order, interfaces, version, constant
 * pool) and the class lists (GetLoadedClasses, GetClassLoaderClasses).
 *
 * Members come straight from the parsed class (Class.methods / Class.fields keep the
 * class file's order), so can_maintain_original_method_order costs nothing.
 */
#include "jvmti/jvmti_internal.h"
#include "runtime/vm.h"
#include "classfile/class.h"
#include "classfile/loader.h"
#include <stdlib.h>
#include <string.h>

/* The spec's name of a class: a JNI type signature, except that a hidden class's "+"
 * suffix is written ".suffix" and a primitive class is its type character. */
static char *class_signature(Class *c) {
    const char *name = c->name->str;
    size_t n = strlen(name);
    char *s = vm_malloc(n + 3);
    if (class_is_primitive(c)) {
        static const char chars[] = { [T_BOOLEAN] = 'Z', [T_CHAR] = 'C', [T_FLOAT] = 'F', [T_DOUBLE] = 'D',
                                      [T_BYTE] = 'B', [T_SHORT] = 'S', [T_INT] = 'I', [T_LONG] = 'J', [T_VOID] = 'V' };
        s[0] = '?';
        s[1] = '\0';
        for (int bt = T_BOOLEAN; bt <= T_VOID; bt++)
            if (vm_primitive[bt] == c) s[0] = chars[bt];
        return s;
    }
    if (class_is_array(c)) memcpy(s, name, n + 1);
    else snprintf(s, n + 3, "L%s;", name);
    for (char *p = s; *p; p++)
        if (*p == '+') *p = '.';
    return s;
}

jvmtiError JNICALL jvmti_GetClassSignature(jvmtiEnv *env, jclass klass, char **signature_ptr, char **generic_ptr) {
    Class *c;
    jvmtiError err = jvmti_class_of(klass, &c);
    if (err != JVMTI_ERROR_NONE) return err;
    if (signature_ptr) {
        char *sig = class_signature(c);
        err = jvmti_strdup(sig, signature_ptr);
        vm_free(sig);
        if (err != JVMTI_ERROR_NONE) return err;
    }
    if (generic_ptr) {
        err = jvmti_strdup(!class_is_array(c) && !class_is_primitive(c) && c->signature ? c->signature->str : NULL, generic_ptr);
        if (err != JVMTI_ERROR_NONE && signature_ptr) free(*signature_ptr);
    }
    return err;
}

/* ---- results ---- */

/* A new array of n local references to the mirrors of cs[0..n). */
static jvmtiError class_refs(Class **cs, jint n, jint *count_ptr, jclass **out) {
    Thread *t = thread_current();
    jclass *refs;
    jvmtiError err = jvmti_allocate((jlong)n * (jlong)sizeof(jclass), (void **)&refs);
    if (err != JVMTI_ERROR_NONE) return err;
    for (jint i = 0; i < n; i++) refs[i] = hnd_local(t, cs[i]->mirror);
    *count_ptr = n;
    *out = refs;
    return JVMTI_ERROR_NONE;
}

typedef struct ClassVec {
    Class **v;
    jint n, cap;
} ClassVec;

static void vec_push(ClassVec *vec, Class *c) {
    if (vec->n == vec->cap) {
        vec->cap = vec->cap ? vec->cap * 2 : 256;
        Class **grown = vm_calloc((size_t)vec->cap, sizeof *grown);
        if (vec->n) memcpy(grown, vec->v, (size_t)vec->n * sizeof *grown);
        vm_free(vec->v);
        vec->v = grown;
    }
    vec->v[vec->n++] = c;
}

static void collect_loaded(Class *c, void *ctx) {
    if (c->mirror && !class_is_primitive(c)) vec_push(ctx, c);
}

jvmtiError JNICALL jvmti_GetLoadedClasses(jvmtiEnv *env, jint *class_count_ptr, jclass **classes_ptr) {
    if (!class_count_ptr || !classes_ptr) return JVMTI_ERROR_NULL_POINTER;
    ClassVec vec = { 0 };
    ld_foreach_class(collect_loaded, &vec);
    jvmtiError err = class_refs(vec.v, vec.n, class_count_ptr, classes_ptr);
    vm_free(vec.v);
    return err;
}

jvmtiError JNICALL jvmti_GetClassLoaderClasses(jvmtiEnv *env, jobject initiating_loader, jint *class_count_ptr, jclass **classes_ptr) {
    if (!class_count_ptr || !classes_ptr) return JVMTI_ERROR_NULL_POINTER;
    Thread *t = thread_current();
    LoaderData *ld = ld_of(t, hnd_get(initiating_loader));
    ClassVec vec = { 0 };
    pthread_mutex_lock(&ld->lock);
    for (uint32_t i = 0; i < ld->size; i++)
        if (ld->table[i] && ld->table[i]->mirror) vec_push(&vec, ld->table[i]);
    pthread_mutex_unlock(&ld->lock);
    jvmtiError err = class_refs(vec.v, vec.n, class_count_ptr, classes_ptr);
    vm_free(vec.v);
    return err;
}

/* ---- one class ---- */

#define CLASS_ARG(klass, c) \
    Class *c; \
    do { jvmtiError e_ = jvmti_class_of(klass, &c); if (e_ != JVMTI_ERROR_NONE) return e_; } while (0)

static bool is_instance_class(Class *c) { return !class_is_array(c) && !class_is_primitive(c); }

static jint class_status(Class *c) {
    if (class_is_primitive(c)) return JVMTI_CLASS_STATUS_PRIMITIVE;
    if (class_is_array(c)) return JVMTI_CLASS_STATUS_ARRAY;
    int state = __atomic_load_n(&c->state, __ATOMIC_ACQUIRE);
    jint s = 0;
    if (state >= CS_LINKED) s |= JVMTI_CLASS_STATUS_VERIFIED | JVMTI_CLASS_STATUS_PREPARED;
    if (state == CS_INITIALIZED) s |= JVMTI_CLASS_STATUS_INITIALIZED;
    if (state == CS_ERROR) s |= JVMTI_CLASS_STATUS_ERROR;
    return s;
}

JVMTI_SIMPLE_QUERY(GetClassStatus, jclass, klass, CLASS_ARG, c, jint, class_status(c))

jvmtiError JNICALL jvmti_GetSourceFileName(jvmtiEnv *env, jclass klass, char **source_name_ptr) {
    CLASS_ARG(klass, c);
    if (!source_name_ptr) return JVMTI_ERROR_NULL_POINTER;
    if (!is_instance_class(c) || !c->source_file) return JVMTI_ERROR_ABSENT_INFORMATION;
    return jvmti_strdup(c->source_file->str, source_name_ptr);
}

jvmtiError JNICALL jvmti_GetSourceDebugExtension(jvmtiEnv *env, jclass klass, char **source_debug_extension_ptr) {
    CLASS_ARG(klass, c);
    if (!source_debug_extension_ptr) return JVMTI_ERROR_NULL_POINTER;
    if (!is_instance_class(c) || !c->source_debug_ext.data) return JVMTI_ERROR_ABSENT_INFORMATION;
    jvmtiError err = jvmti_allocate((jlong)c->source_debug_ext.len + 1, (void **)source_debug_extension_ptr);
    if (err != JVMTI_ERROR_NONE) return err;
    memcpy(*source_debug_extension_ptr, c->source_debug_ext.data, c->source_debug_ext.len);
    (*source_debug_extension_ptr)[c->source_debug_ext.len] = '\0';
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetClassModifiers(jvmtiEnv *env, jclass klass, jint *modifiers_ptr) {
    CLASS_ARG(klass, c);
    if (!modifiers_ptr) return JVMTI_ERROR_NULL_POINTER;
    if (class_is_primitive(c)) {
        *modifiers_ptr = JVM_ACC_ABSTRACT | JVM_ACC_FINAL | JVM_ACC_PUBLIC;
        return JVMTI_ERROR_NONE;
    }
    /* Class.getModifiers, with ACC_SUPER put back as HotSpot does */
    extern jint JNICALL JVM_GetClassModifiers(JNIEnv *env, jclass cls);
    jint mods = JVM_GetClassModifiers(thread_env(thread_current()), klass);
    if (!class_is_array(c) && (c->access & JVM_ACC_SUPER)) mods |= JVM_ACC_SUPER;
    *modifiers_ptr = mods;
    return JVMTI_ERROR_NONE;
}

static bool prepared(Class *c) { return class_status(c) & (JVMTI_CLASS_STATUS_PREPARED | JVMTI_CLASS_STATUS_ARRAY); }

jvmtiError JNICALL jvmti_GetClassMethods(jvmtiEnv *env, jclass klass, jint *method_count_ptr, jmethodID **methods_ptr) {
    CLASS_ARG(klass, c);
    if (!method_count_ptr || !methods_ptr) return JVMTI_ERROR_NULL_POINTER;
    if (class_is_primitive(c) || class_is_array(c)) {
        *method_count_ptr = 0;
        return jvmti_allocate(0, (void **)methods_ptr);
    }
    if (!prepared(c)) return JVMTI_ERROR_CLASS_NOT_PREPARED;
    jvmtiError err = jvmti_allocate((jlong)c->nmethods * (jlong)sizeof(jmethodID), (void **)methods_ptr);
    if (err != JVMTI_ERROR_NONE) return err;
    /* the VM's own methods (overpasses, intrinsics) are not the class's */
    jint n = 0;
    for (uint16_t i = 0; i < c->nmethods; i++)
        if (!(c->methods[i].flags & (MF_OVERPASS | MF_INTRINSIC))) (*methods_ptr)[n++] = (jmethodID)&c->methods[i];
    *method_count_ptr = n;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetClassFields(jvmtiEnv *env, jclass klass, jint *field_count_ptr, jfieldID **fields_ptr) {
    CLASS_ARG(klass, c);
    if (!field_count_ptr || !fields_ptr) return JVMTI_ERROR_NULL_POINTER;
    if (class_is_primitive(c) || class_is_array(c)) {
        *field_count_ptr = 0;
        return jvmti_allocate(0, (void **)fields_ptr);
    }
    if (!prepared(c)) return JVMTI_ERROR_CLASS_NOT_PREPARED;
    jvmtiError err = jvmti_allocate((jlong)c->nfields * (jlong)sizeof(jfieldID), (void **)fields_ptr);
    if (err != JVMTI_ERROR_NONE) return err;
    jint n = 0;
    for (uint16_t i = 0; i < c->nfields; i++)
        if (!c->fields[i].injected) (*fields_ptr)[n++] = (jfieldID)&c->fields[i];
    *field_count_ptr = n;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetImplementedInterfaces(jvmtiEnv *env, jclass klass, jint *interface_count_ptr, jclass **interfaces_ptr) {
    CLASS_ARG(klass, c);
    if (!interface_count_ptr || !interfaces_ptr) return JVMTI_ERROR_NULL_POINTER;
    if (class_is_primitive(c) || class_is_array(c)) {
        *interface_count_ptr = 0;
        return jvmti_allocate(0, (void **)interfaces_ptr);
    }
    if (!prepared(c)) return JVMTI_ERROR_CLASS_NOT_PREPARED;
    return class_refs(c->interfaces, c->ninterfaces, interface_count_ptr, interfaces_ptr);
}

jvmtiError JNICALL jvmti_GetClassVersionNumbers(jvmtiEnv *env, jclass klass, jint *minor_version_ptr, jint *major_version_ptr) {
    CLASS_ARG(klass, c);
    if (!minor_version_ptr || !major_version_ptr) return JVMTI_ERROR_NULL_POINTER;
    if (!is_instance_class(c)) return JVMTI_ERROR_ABSENT_INFORMATION;
    *minor_version_ptr = c->minor;
    *major_version_ptr = c->major;
    return JVMTI_ERROR_NONE;
}

/* The length of the constant pool entries in a class file (after constant_pool_count), or
 * 0 if they run past `len`. */
static uint32_t cp_bytes_length(const uint8_t *cp, uint32_t len, uint16_t count) {
    uint32_t p = 0;
    for (uint16_t i = 1; i < count; i++) {
        if (p >= len) return 0;
        uint8_t tag = cp[p];
        switch (tag) {
        case JVM_CONSTANT_Utf8:
            if (p + 3 > len) return 0;
            p += 3 + (uint32_t)(cp[p + 1] << 8 | cp[p + 2]);
            break;
        case JVM_CONSTANT_Integer: case JVM_CONSTANT_Float: case JVM_CONSTANT_Fieldref:
        case JVM_CONSTANT_Methodref: case JVM_CONSTANT_InterfaceMethodref: case JVM_CONSTANT_NameAndType:
        case JVM_CONSTANT_Dynamic: case JVM_CONSTANT_InvokeDynamic:
            p += 5;
            break;
        case JVM_CONSTANT_Long: case JVM_CONSTANT_Double:
            p += 9;
            i++;
            break;
        case JVM_CONSTANT_Class: case JVM_CONSTANT_String: case JVM_CONSTANT_MethodType:
        case JVM_CONSTANT_Module: case JVM_CONSTANT_Package:
            p += 3;
            break;
        case JVM_CONSTANT_MethodHandle:
            p += 4;
            break;
        default:
            return 0;
        }
    }
    return p <= len ? p : 0;
}

jvmtiError JNICALL jvmti_GetConstantPool(jvmtiEnv *env, jclass klass, jint *constant_pool_count_ptr,
                                         jint *constant_pool_byte_count_ptr, unsigned char **constant_pool_bytes_ptr) {
    CLASS_ARG(klass, c);
    if (!constant_pool_count_ptr || !constant_pool_byte_count_ptr || !constant_pool_bytes_ptr) return JVMTI_ERROR_NULL_POINTER;
    if (!is_instance_class(c) || !c->classfile || c->classfile_len < 10) return JVMTI_ERROR_ABSENT_INFORMATION;
    uint16_t count = (uint16_t)(c->classfile[8] << 8 | c->classfile[9]);
    uint32_t n = cp_bytes_length(c->classfile + 10, c->classfile_len - 10, count);
    if (!n) return JVMTI_ERROR_ABSENT_INFORMATION;
    jvmtiError err = jvmti_allocate(n, (void **)constant_pool_bytes_ptr);
    if (err != JVMTI_ERROR_NONE) return err;
    memcpy(*constant_pool_bytes_ptr, c->classfile + 10, n);
    *constant_pool_count_ptr = count;
    *constant_pool_byte_count_ptr = (jint)n;
    return JVMTI_ERROR_NONE;
}

JVMTI_SIMPLE_QUERY(IsInterface, jclass, klass, CLASS_ARG, c, jboolean, is_instance_class(c) && class_is_interface(c))
JVMTI_SIMPLE_QUERY(IsArrayClass, jclass, klass, CLASS_ARG, c, jboolean, class_is_array(c))

jvmtiError JNICALL jvmti_GetClassLoader(jvmtiEnv *env, jclass klass, jobject *classloader_ptr) {
    CLASS_ARG(klass, c);
    if (!classloader_ptr) return JVMTI_ERROR_NULL_POINTER;
    Class *e = class_is_array(c) ? c->element : c;
    *classloader_ptr = class_is_primitive(e) ? NULL : hnd_local(thread_current(), e->loader);
    return JVMTI_ERROR_NONE;
}
