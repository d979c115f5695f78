/*
 * jvmti_props.c — System Properties functions: the VM's own property list (what
 * JVM_GetProperties gives System.getProperties: Loupe's identity, paths, -D options), not
 * the Java Properties object.  Like HotSpot, the module-system options it keeps as
 * jdk.module.* properties are internal and not shown; the java.vm.* identity cannot be
 * set; SetSystemProperty works only during OnLoad, before Java reads the list.
 */
#include "jvmti/jvmti_internal.h"
#include "runtime/vm.h"
#include <stdlib.h>
#include <string.h>

static bool internal(const char *key) { return strncmp(key, "jdk.module.", 11) == 0; }

static bool read_only(const char *key) { return strncmp(key, "java.vm.", 8) == 0 || strcmp(key, "jdk.debug") == 0; }

jvmtiError JNICALL jvmti_GetSystemProperties(jvmtiEnv *env, jint *count_ptr, char ***property_ptr) {
    if (!count_ptr || !property_ptr) return JVMTI_ERROR_NULL_POINTER;
    VMPropList l = vm_props_list();
    char **keys;
    jvmtiError err = jvmti_allocate((jlong)(l.n / 2) * (jlong)sizeof(char *), (void **)&keys);
    jint n = 0;
    for (int i = 0; !err && i < l.n; i += 2) {
        if (internal(l.kv[i])) continue;
        err = jvmti_strdup(l.kv[i], &keys[n]);
        if (!err) n++;
    }
    vm_props_free(&l);
    if (err) {
        for (jint i = 0; i < n; i++) free(keys[i]);
        free(keys);
        return err;
    }
    *count_ptr = n;
    *property_ptr = keys;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_GetSystemProperty(jvmtiEnv *env, const char *property, char **value_ptr) {
    if (!property || !value_ptr) return JVMTI_ERROR_NULL_POINTER;
    VMPropList l = vm_props_list();
    jvmtiError err = JVMTI_ERROR_NOT_AVAILABLE;
    for (int i = 0; i < l.n; i += 2)
        if (strcmp(l.kv[i], property) == 0 && !internal(property)) err = jvmti_strdup(l.kv[i + 1], value_ptr);
    vm_props_free(&l);
    return err;
}

jvmtiError JNICALL jvmti_SetSystemProperty(jvmtiEnv *env, const char *property, const char *value_ptr) {
    if (!property) return JVMTI_ERROR_NULL_POINTER;
    VMPropList l = vm_props_list();
    bool known = false;
    for (int i = 0; i < l.n; i += 2)
        if (strcmp(l.kv[i], property) == 0) known = true;
    vm_props_free(&l);
    if (!known || internal(property) || read_only(property)) return JVMTI_ERROR_NOT_AVAILABLE;
    opts_set_property(property, value_ptr);
    return JVMTI_ERROR_NONE;
}
