/*
 * jvmti_method.c — Method functions: names, modifiers, sizes, the line number and local
 * variable tables and the bytecodes of a method, straight from the parsed class file.
 *
 * A jmethodID is the Method*.  Functions about code answer NATIVE_METHOD for a native
 * method before looking at their other arguments, as HotSpot's checks do.  The bytecodes
 * are the class file's: the interpreter runs a translated copy, never these.
 */
#include "jvmti/jvmti_internal.h"
#include "classfile/class.h"
#include "runtime/mirror.h"
#include <stdlib.h>
#include <string.h>

/* HotSpot's JVM_RECOGNIZED_METHOD_MODIFIERS */
#define METHOD_MODIFIERS (JVM_ACC_PUBLIC | JVM_ACC_PRIVATE | JVM_ACC_PROTECTED | JVM_ACC_STATIC | JVM_ACC_FINAL | \
                          JVM_ACC_SYNCHRONIZED | JVM_ACC_BRIDGE | JVM_ACC_VARARGS | JVM_ACC_NATIVE | \
                          JVM_ACC_ABSTRACT | JVM_ACC_STRICT | JVM_ACC_SYNTHETIC)

#define METHOD_ARG(method, m) \
    Method *m; \
    do { jvmtiError e_ = jvmti_method_of(method, &m); if (e_ != JVMTI_ERROR_NONE) return e_; } while (0)
/* ... and for the functions about code, which have none for a native method */
#define CODE_METHOD_ARG(method, m) \
    METHOD_ARG(method, m); \
    if (method_is_native(m)) return JVMTI_ERROR_NATIVE_METHOD

jvmtiError JNICALL jvmti_GetMethodName(jvmtiEnv *env, jmethodID method, char **name_ptr, char **signature_ptr, char **generic_ptr) {
    METHOD_ARG(method, m);
    return jvmti_member_names(m->name, m->desc, m->signature, name_ptr, signature_ptr, generic_ptr);
}

JVMTI_SIMPLE_QUERY(GetMethodDeclaringClass, jmethodID, method, METHOD_ARG, m, jclass, hnd_local(thread_current(), m->holder->mirror))
JVMTI_SIMPLE_QUERY(GetMethodModifiers, jmethodID, method, METHOD_ARG, m, jint, m->access & METHOD_MODIFIERS)
JVMTI_SIMPLE_QUERY(GetMaxLocals, jmethodID, method, CODE_METHOD_ARG, m, jint, m->max_locals)
JVMTI_SIMPLE_QUERY(GetArgumentsSize, jmethodID, method, CODE_METHOD_ARG, m, jint, m->arg_slots)

jvmtiError JNICALL jvmti_GetLineNumberTable(jvmtiEnv *env, jmethodID method, jint *entry_count_ptr, jvmtiLineNumberEntry **table_ptr) {
    CODE_METHOD_ARG(method, m);
    if (!entry_count_ptr || !table_ptr) return JVMTI_ERROR_NULL_POINTER;
    if (!m->lines) return JVMTI_ERROR_ABSENT_INFORMATION;
    jvmtiLineNumberEntry *t;
    jvmtiError err = jvmti_allocate((jlong)m->nlines * (jlong)sizeof *t, (void **)&t);
    if (err != JVMTI_ERROR_NONE) return err;
    for (uint16_t i = 0; i < m->nlines; i++) {
        t[i].start_location = m->lines[i].start_pc;
        t[i].line_number = m->lines[i].line;
    }
    *entry_count_ptr = m->nlines;
    *table_ptr = t;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetMethodLocation(jvmtiEnv *env, jmethodID method, jlocation *start_location_ptr, jlocation *end_location_ptr) {
    CODE_METHOD_ARG(method, m);
    if (!start_location_ptr || !end_location_ptr) return JVMTI_ERROR_NULL_POINTER;
    *start_location_ptr = m->code_len ? 0 : -1;
    *end_location_ptr = (jlocation)m->code_len - 1;
    return JVMTI_ERROR_NONE;
}

/* The generic signature of local variable e: the LocalVariableTypeTable entry for the same
 * variable (slot, start and length), or NULL. */
static const char *local_generic(const Method *m, const LocalVarEntry *e) {
    for (uint16_t i = 0; i < m->nlvtt; i++) {
        const LocalVarEntry *g = &m->lvtt[i];
        if (g->slot == e->slot && g->start_pc == e->start_pc && g->length == e->length) return g->desc->str;
    }
    return NULL;
}

static void free_locals(jvmtiLocalVariableEntry *t, int n) {
    for (int i = 0; i < n; i++) {
        free(t[i].name);
        free(t[i].signature);
        free(t[i].generic_signature);
    }
    free(t);
}

/* As on HotSpot the information is absent for a class none of whose methods has a
 * LocalVariableTable; in a class compiled with one, a method without has an empty table. */
static bool class_has_lvt(const Class *c) {
    for (uint32_t i = 0; i < c->nmethods; i++)
        if (c->methods[i].lvt) return true;
    return false;
}

jvmtiError JNICALL jvmti_GetLocalVariableTable(jvmtiEnv *env, jmethodID method, jint *entry_count_ptr, jvmtiLocalVariableEntry **table_ptr) {
    CODE_METHOD_ARG(method, m);
    if (!entry_count_ptr || !table_ptr) return JVMTI_ERROR_NULL_POINTER;
    if (!m->lvt && !class_has_lvt(m->holder)) return JVMTI_ERROR_ABSENT_INFORMATION;
    jvmtiLocalVariableEntry *t;
    jvmtiError err = jvmti_allocate((jlong)m->nlvt * (jlong)sizeof *t, (void **)&t);
    if (err != JVMTI_ERROR_NONE) return err;
    if (t) memset(t, 0, m->nlvt * sizeof *t);
    for (uint16_t i = 0; i < m->nlvt && !err; i++) {
        const LocalVarEntry *e = &m->lvt[i];
        t[i].start_location = e->start_pc;
        t[i].length = e->length;
        t[i].slot = e->slot;
        err = jvmti_strdup(e->name->str, &t[i].name);
        if (!err) err = jvmti_strdup(e->desc->str, &t[i].signature);
        if (!err) err = jvmti_strdup(local_generic(m, e), &t[i].generic_signature);
    }
    if (err) {
        free_locals(t, m->nlvt);
        return err;
    }
    *entry_count_ptr = m->nlvt;
    *table_ptr = t;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetBytecodes(jvmtiEnv *env, jmethodID method, jint *bytecode_count_ptr, unsigned char **bytecodes_ptr) {
    CODE_METHOD_ARG(method, m);
    if (!bytecode_count_ptr || !bytecodes_ptr) return JVMTI_ERROR_NULL_POINTER;
    jvmtiError err = jvmti_allocate(m->code_len, (void **)bytecodes_ptr);
    if (err != JVMTI_ERROR_NONE) return err;
    if (m->code_len) memcpy(*bytecodes_ptr, m->code, m->code_len);
    *bytecode_count_ptr = (jint)m->code_len;
    return JVMTI_ERROR_NONE;
}

JVMTI_SIMPLE_QUERY(IsMethodNative, jmethodID, method, METHOD_ARG, m, jboolean, method_is_native(m))
JVMTI_SIMPLE_QUERY(IsMethodSynthetic, jmethodID, method, METHOD_ARG, m, jboolean, (m->access & JVM_ACC_SYNTHETIC) || (m->flags & MF_SYNTHETIC_ATTR))
