/*
 * jvm_verifier.c — the class-reading interface of the JDK's old verifier (libverify.so,
 * VerifyClassForMajorVersion): JVM_GetClass*, JVM_GetMethodIx*, JVM_GetFieldIxModifiers,
 * JVM_GetCP*, JVM_IsSameClassPackage and JVM_ReleaseUTF.
 *
 * libverify reads a class through these calls alone: counts first (constant-pool
 * entries, fields, methods), then each member by its index in the class's own arrays and
 * each constant by its pool index.  Indices are those of Class.fields / Class.methods
 * (declaration order, the VM's injected fields left out: they come last), so any index
 * below a count is valid.  Names are returned as the symbols' own text, which lives as
 * long as the VM: JVM_ReleaseUTF has nothing to free, as on HotSpot.
 *
 * HotSpot treats a constant of the wrong kind as a fatal VM error; here the answer is
 * empty (NULL, 0 or -1), so a misbehaving native caller cannot bring the VM down.  Arrays
 * and primitive classes have no pool and no members: their counts are 0.
 */
#include "native/jni_internal.h"
#include "classfile/resolve.h"

/* JVM_ExceptionTableEntryType of HotSpot's jvm.h. */
typedef struct {
    jint start_pc, end_pc, handler_pc, catchType;
} VerifierHandler;

#define FIELD_MODIFIERS (JVM_ACC_PUBLIC | JVM_ACC_PRIVATE | JVM_ACC_PROTECTED | JVM_ACC_STATIC | \
                         JVM_ACC_FINAL | JVM_ACC_VOLATILE | JVM_ACC_TRANSIENT | JVM_ACC_ENUM | \
                         JVM_ACC_SYNTHETIC)
#define METHOD_MODIFIERS (JVM_ACC_PUBLIC | JVM_ACC_PRIVATE | JVM_ACC_PROTECTED | JVM_ACC_STATIC | \
                          JVM_ACC_FINAL | JVM_ACC_SYNCHRONIZED | JVM_ACC_BRIDGE | JVM_ACC_VARARGS | \
                          JVM_ACC_NATIVE | JVM_ACC_ABSTRACT | JVM_ACC_STRICT | JVM_ACC_SYNTHETIC)

/* ---- classes, members and constants by index ---- */

/* The class behind cls if it has a class file (not an array or primitive), else NULL. */
static Class *file_class(jclass cls) {
    Class *c = jni_class(cls);
    return c && !class_is_array(c) && !class_is_primitive(c) ? c : NULL;
}

static uint16_t java_field_count(const Class *c) {
    uint16_t n = c->nfields;
    while (n > 0 && c->fields[n - 1].injected) n--;
    return n;
}

static Method *method_at(jclass cls, jint index) {
    Class *c = file_class(cls);
    return c && index >= 0 && index < c->nmethods ? &c->methods[index] : NULL;
}

/* The pool of cls if index names a constant of one of the two tags (tag2 may repeat tag1). */
static const ConstantPool *pool_at(jclass cls, jint index, uint8_t tag1, uint8_t tag2) {
    Class *c = file_class(cls);
    if (!c || index <= 0 || index >= c->cp.count) return NULL;
    uint8_t tag = c->cp.tags[index];
    return tag == tag1 || tag == tag2 ? &c->cp : NULL;
}

static const ConstantPool *field_ref(jclass cls, jint index) {
    return pool_at(cls, index, JVM_CONSTANT_Fieldref, JVM_CONSTANT_Fieldref);
}

static const ConstantPool *method_ref(jclass cls, jint index) {
    return pool_at(cls, index, JVM_CONSTANT_Methodref, JVM_CONSTANT_InterfaceMethodref);
}

static const char *text(const Symbol *s) { return s ? s->str : NULL; }

/* ---- whole classes ---- */

JNIEXPORT const char *JNICALL JVM_GetClassNameUTF(JNIEnv *env, jclass cls) {
    UNUSED(env);
    Class *c = jni_class(cls);
    return c ? c->name->str : NULL;
}

/* The tag of every pool entry, 0 for index 0 and the second slot of longs and doubles. */
JNIEXPORT void JNICALL JVM_GetClassCPTypes(JNIEnv *env, jclass cls, unsigned char *types) {
    UNUSED(env);
    Class *c = file_class(cls);
    if (c) memcpy(types, c->cp.tags, c->cp.count);
}

JNIEXPORT jint JNICALL JVM_GetClassCPEntriesCount(JNIEnv *env, jclass cls) {
    UNUSED(env);
    Class *c = file_class(cls);
    return c ? c->cp.count : 0;
}

JNIEXPORT jint JNICALL JVM_GetClassFieldsCount(JNIEnv *env, jclass cls) {
    UNUSED(env);
    Class *c = file_class(cls);
    return c ? java_field_count(c) : 0;
}

JNIEXPORT jint JNICALL JVM_GetClassMethodsCount(JNIEnv *env, jclass cls) {
    UNUSED(env);
    Class *c = file_class(cls);
    return c ? c->nmethods : 0;
}

/* ---- members by index ---- */

JNIEXPORT jint JNICALL JVM_GetFieldIxModifiers(JNIEnv *env, jclass cls, jint index) {
    UNUSED(env);
    Class *c = file_class(cls);
    return c && index >= 0 && index < java_field_count(c) ? c->fields[index].access & FIELD_MODIFIERS : 0;
}

/* JVM_GetMethodIx*(env, cls, index) and the like: `value` of the method at `index` in
 * cls's own method array (m), or `none` when there is no such method. */
#define METHOD_IX_ENTRY(type, name, value, none)                                 \
    JNIEXPORT type JNICALL name(JNIEnv *env, jclass cls, jint index) {           \
        UNUSED(env);                                                             \
        Method *m = method_at(cls, index);                                       \
        return m ? (type)(value) : (none);                                       \
    }

METHOD_IX_ENTRY(const char *, JVM_GetMethodIxNameUTF, m->name->str, NULL)
METHOD_IX_ENTRY(const char *, JVM_GetMethodIxSignatureUTF, m->desc->str, NULL)
METHOD_IX_ENTRY(jint, JVM_GetMethodIxModifiers, m->access & METHOD_MODIFIERS, 0)
METHOD_IX_ENTRY(jint, JVM_GetMethodIxExceptionsCount, m->nthrows, 0)
METHOD_IX_ENTRY(jint, JVM_GetMethodIxByteCodeLength, (jint)m->code_len, 0)
METHOD_IX_ENTRY(jint, JVM_GetMethodIxExceptionTableLength, m->nexc, 0)
METHOD_IX_ENTRY(jint, JVM_GetMethodIxLocalsCount, m->max_locals, 0)
METHOD_IX_ENTRY(jint, JVM_GetMethodIxArgsSize, m->arg_slots, 0)
METHOD_IX_ENTRY(jint, JVM_GetMethodIxMaxStack, m->max_stack, 0)
METHOD_IX_ENTRY(jboolean, JVM_IsConstructorIx, m->name == sym_init, 0)
/* VM-made methods (default-method overpasses) rather than the class file's: */
METHOD_IX_ENTRY(jboolean, JVM_IsVMGeneratedMethodIx, (m->flags & MF_OVERPASS), 0)

/* The pool indices of the classes in the method's throws clause. */
JNIEXPORT void JNICALL JVM_GetMethodIxExceptionIndexes(JNIEnv *env, jclass cls, jint index, unsigned short *out) {
    UNUSED(env);
    Method *m = method_at(cls, index);
    for (uint16_t i = 0; m && i < m->nthrows; i++) out[i] = m->throws[i];
}

/* The method's original bytecode (never the interpreter's translated copy). */
JNIEXPORT void JNICALL JVM_GetMethodIxByteCode(JNIEnv *env, jclass cls, jint index, unsigned char *code) {
    UNUSED(env);
    Method *m = method_at(cls, index);
    if (m && m->code_len) memcpy(code, m->code, m->code_len);
}

JNIEXPORT void JNICALL JVM_GetMethodIxExceptionTableEntry(JNIEnv *env, jclass cls, jint index, jint entry,
                                                          VerifierHandler *out) {
    UNUSED(env);
    Method *m = method_at(cls, index);
    if (!m || entry < 0 || entry >= m->nexc) return;
    ExceptionEntry *e = &m->exc[entry];
    *out = (VerifierHandler){ e->start_pc, e->end_pc, e->handler_pc, e->catch_type };
}

/* ---- constants by pool index ---- */

static const ConstantPool *class_ref(jclass cls, jint index) {
    return pool_at(cls, index, JVM_CONSTANT_Class, JVM_CONSTANT_Class);
}

/* JVM_GetCP<What>UTF(env, cls, index): `find` checks that pool entry `index` of cls has
 * the right tag, `text_of` names the symbol to return from the pool `cp`. */
#define CP_UTF_ENTRY(What, find, text_of)                                               \
    JNIEXPORT const char *JNICALL JVM_GetCP##What##UTF(JNIEnv *env, jclass cls, jint index) { \
        UNUSED(env);                                                                    \
        const ConstantPool *cp = find(cls, index);                                      \
        return cp ? text(text_of) : NULL;                                               \
    }

CP_UTF_ENTRY(ClassName, class_ref, cp_class_name(cp, (uint16_t)index))
CP_UTF_ENTRY(FieldName, field_ref, cp_member_name(cp, (uint16_t)index))
CP_UTF_ENTRY(FieldSignature, field_ref, cp_member_desc(cp, (uint16_t)index))
CP_UTF_ENTRY(FieldClassName, field_ref, cp_class_name(cp, cp->e[index].ref.a))
CP_UTF_ENTRY(MethodName, method_ref, cp_member_name(cp, (uint16_t)index))
CP_UTF_ENTRY(MethodSignature, method_ref, cp_member_desc(cp, (uint16_t)index))
CP_UTF_ENTRY(MethodClassName, method_ref, cp_class_name(cp, cp->e[index].ref.a))

/* The modifiers of the field that pool entry `index` of cls names, declared by
 * called_cls itself; -1 if it declares none. */
JNIEXPORT jint JNICALL JVM_GetCPFieldModifiers(JNIEnv *env, jclass cls, jint index, jclass called_cls) {
    UNUSED(env);
    const ConstantPool *cp = field_ref(cls, index);
    Class *k = file_class(called_cls);
    if (!cp || !k) return -1;
    Field *f = class_find_declared_field(k, cp_member_name(cp, (uint16_t)index), cp_member_desc(cp, (uint16_t)index));
    return f && !f->injected ? f->access & FIELD_MODIFIERS : -1;
}

/* The same for a method or interface method entry. */
JNIEXPORT jint JNICALL JVM_GetCPMethodModifiers(JNIEnv *env, jclass cls, jint index, jclass called_cls) {
    UNUSED(env);
    const ConstantPool *cp = method_ref(cls, index);
    Class *k = file_class(called_cls);
    if (!cp || !k) return -1;
    Method *m = class_find_declared_method(k, cp_member_name(cp, (uint16_t)index), cp_member_desc(cp, (uint16_t)index));
    return m ? m->access & METHOD_MODIFIERS : -1;
}

/* ---- the rest of what libverify asks ---- */

JNIEXPORT void JNICALL JVM_ReleaseUTF(const char *utf) {
    UNUSED(utf);
}

/* Run-time packages, arrays compared by their element classes (Reflection's rule). */
JNIEXPORT jboolean JNICALL JVM_IsSameClassPackage(JNIEnv *env, jclass class1, jclass class2) {
    JNI_ENTER(env);
    Class *a = jni_class(class1), *b = jni_class(class2);
    if (!a || !b) {
        exc_npe(t);
        JNI_RETURN(JNI_FALSE);
    }
    JNI_RETURN((jboolean)class_same_package(a, b));
}
