/*
 * jvm_props.c — the properties the VM contributes to System.getProperties()
 * (JVM_GetProperties: Loupe's identity, paths, then every -D option in order), and the
 * VM argument list for RuntimeMXBean.
 *
 * sun.nio.MaxDirectMemorySize is the VM's to give, as in HotSpot: JVM_GetProperties turns
 * -XX:MaxDirectMemorySize into that property (in bytes), which jdk.internal.misc.VM reads as
 * java.nio's limit on direct buffers and then removes, and drops a -D of the same name, so
 * that without the flag the limit is the default (the maximum heap size).  JVMTI's system
 * properties (vm_props_list) are the -D ones as given, as in HotSpot.
 */
#include "native/jni_internal.h"
#include "classfile/loader.h"
#include "heap/heap.h"
#include "runtime/jstring.h"
#include "runtime/vm.h"
#include <stdio.h>
#include <stdlib.h>

static char *library_path(void) {
    static const char def[] = "/usr/java/packages/lib:/usr/lib/x86_64-linux-gnu/jni:/lib/x86_64-linux-gnu:"
                              "/usr/lib/x86_64-linux-gnu:/usr/lib/jni:/lib:/usr/lib";
    const char *ld = getenv("LD_LIBRARY_PATH");
    if (!ld || !*ld) return vm_strdup(def);
    char *p = vm_malloc(strlen(ld) + sizeof def + 1);
    sprintf(p, "%s:%s", ld, def);
    return p;
}

/* Builds the key/value list: VM properties first (overridable by -D), then -D ones. */
static int collect(const char **kv, int cap, char *bootlib, char *libpath) {
    const char *vm[][2] = {
        { "java.vm.specification.name", "Java Virtual Machine Specification" },
        { "java.vm.version", VM_VERSION },
        { "java.vm.name", VM_NAME },
        { "jdk.debug", "release" },
        { "sun.boot.library.path", bootlib },
        { "java.library.path", libpath },
        { "java.home", vm_java_home },
        { "java.class.path", "" },
        { "jdk.boot.class.path.append", vm_opts.boot_append ? vm_opts.boot_append : "" },
        { "java.vm.info", VM_INFO },
        { "java.vm.specification.vendor", "Oracle Corporation" },
        { "java.vm.specification.version", "17" },
        { "java.vm.vendor", VM_VENDOR },
    };
    int n = 0;
    for (size_t i = 0; i < ARRAY_LEN(vm) && n + 2 <= cap; i++) {
        const char *over = opts_get_property(vm[i][0]);
        kv[n++] = vm[i][0];
        kv[n++] = over ? over : vm[i][1];
    }
    for (int i = 0; i < vm_opts.nprops && n + 2 <= cap; i++) {
        bool dup = false;
        for (size_t k = 0; k < ARRAY_LEN(vm); k++)
            if (strcmp(vm[k][0], vm_opts.props[i].key) == 0) dup = true;
        if (dup) continue;
        kv[n++] = vm_opts.props[i].key;
        kv[n++] = vm_opts.props[i].value;
    }
    return n;
}

VMPropList vm_props_list(void) {
    VMPropList l;
    l.bootlib = vm_malloc(strlen(vm_java_home) + 8);
    sprintf(l.bootlib, "%s/lib", vm_java_home);
    l.libpath = library_path();
    int cap = 2 * (vm_opts.nprops + 20);
    l.kv = vm_malloc((size_t)cap * sizeof(char *));
    l.n = collect(l.kv, cap, l.bootlib, l.libpath);
    return l;
}

void vm_props_free(VMPropList *l) {
    vm_free(l->kv);
    vm_free(l->bootlib);
    vm_free(l->libpath);
}

/* The list without -Dsun.nio.MaxDirectMemorySize, with -XX:MaxDirectMemorySize's if given
 * (kv has room for two more: vm_props_list leaves it). */
static int direct_memory_property(const char **kv, int n, char *buf, size_t size) {
    int m = 0;
    for (int i = 0; i < n; i += 2)
        if (strcmp(kv[i], "sun.nio.MaxDirectMemorySize") != 0) {
            kv[m++] = kv[i];
            kv[m++] = kv[i + 1];
        }
    if (vm_opts.max_direct_memory_given) {
        snprintf(buf, size, "%zu", vm_opts.max_direct_memory);
        kv[m++] = "sun.nio.MaxDirectMemorySize";
        kv[m++] = buf;
    }
    return m;
}

JNIEXPORT jobjectArray JNICALL JVM_GetProperties(JNIEnv *env) {
    JNI_ENTER(env);
    VMPropList l = vm_props_list();
    const char **kv = l.kv;
    char direct[24];
    int n = direct_memory_property(kv, l.n, direct, sizeof direct);
    Class *ac = ld_array_of(t, VMC(String));
    HandleMark hm = hnd_mark(t);
    Object **arr = hnd_new(t, ac ? heap_alloc_array(t, ac, n) : NULL);
    jobject result = NULL;
    if (*arr) {
        bool ok = true;
        for (int i = 0; i < n && ok; i++) {
            Object *s = jstr_new_utf8(t, kv[i]);
            if (!s) ok = false;
            else heap_store_ref(*arr, &ARRAY_ELEMS(*arr, Object *)[i], s);
        }
        Object *r = ok ? *arr : NULL;
        hnd_release(t, hm);
        result = hnd_local(t, r);
    } else {
        hnd_release(t, hm);
    }
    vm_props_free(&l);
    JNI_RETURN(result);
}

JNIEXPORT jobjectArray JNICALL JVM_GetVmArguments(JNIEnv *env) {
    JNI_ENTER(env);
    Class *ac = ld_array_of(t, VMC(String));
    HandleMark hm = hnd_mark(t);
    Object **arr = hnd_new(t, ac ? heap_alloc_array(t, ac, vm_opts.nvm_args) : NULL);
    for (int i = 0; *arr && i < vm_opts.nvm_args; i++) {
        Object *s = jstr_new_utf8(t, vm_opts.vm_args[i]);
        if (!s) break;
        heap_store_ref(*arr, &ARRAY_ELEMS(*arr, Object *)[i], s);
    }
    Object *r = exc_pending(t) ? NULL : *arr;
    hnd_release(t, hm);
    JNI_RETURN(hnd_local(t, r));
}

JNIEXPORT jstring JNICALL JVM_GetTemporaryDirectory(JNIEnv *env) {
    JNI_ENTER(env);
    JNI_RETURN(hnd_local(t, jstr_new_utf8(t, "/tmp")));
}

JNIEXPORT jobject JNICALL JVM_InitAgentProperties(JNIEnv *env, jobject props) {
    UNUSED(env);
    return props;
}
