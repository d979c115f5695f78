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
