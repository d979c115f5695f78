/*
 * options.c — parsing the options of JNI_CreateJavaVM, with HotSpot's syntax and wording.
 *
 * Options come from, in order: JAVA_TOOL_OPTIONS (announced on stderr, as HotSpot does),
 * the JavaVMInitArgs, _JAVA_OPTIONS (also announced) and LOUPE_OPTIONS (Loupe's own,
 * silent: the test suite's GC-stress runs use it).  Module options (--add-opens=...)
 * become the jdk.module.* properties that java.base reads.
 *
 * -XX options: Loupe's own flags are listed in FLAGS; a set of common HotSpot flags is
 * accepted and ignored so that scripts written for HotSpot still start; anything else is
 * "Unrecognized VM option", as on HotSpot.
 */
#include "classfile/classfile.h"
#include "runtime/vm.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

VMOptions vm_opts;

void opts_set_property(const char *key, const char *value) {
    for (int i = 0; i < vm_opts.nprops; i++)
        if (strcmp(vm_opts.props[i].key, key) == 0) {
            vm_free(vm_opts.props[i].value);
            vm_opts.props[i].value = vm_strdup(value ? value : "");
            return;
        }
    vm_opts.props = vm_realloc(vm_opts.props, (size_t)(vm_opts.nprops + 1) * sizeof(VMProperty));
    vm_opts.props[vm_opts.nprops].key = vm_strdup(key);
    vm_opts.props[vm_opts.nprops].value = vm_strdup(value ? value : "");
    vm_opts.nprops++;
}

const char *opts_get_property(const char *key) {
    for (int i = 0; i < vm_opts.nprops; i++)
        if (strcmp(vm_opts.props[i].key, key) == 0) return vm_opts.props[i].value;
    return NULL;
}

/* "32m" -> bytes; false if malformed. */
static bool parse_size(const char *s, size_t *out) {
    char *end;
    if (!isdigit((unsigned char)*s)) return false;
    unsigned long long v = strtoull(s, &end, 10);
    switch (*end) {
    case 't': case 'T': v <<= 40; end++; break;
    case 'g': case 'G': v <<= 30; end++; break;
    case 'm': case 'M': v <<= 20; end++; break;
    case 'k': case 'K': v <<= 10; end++; break;
    default: break;
    }
    if (*end) return false;
    *out = (size_t)v;
    return true;
}

static void add_module_prop(const char *kind, const char *value) {
    static int counters[8];
    static const char *const kinds[] = { "addexports", "addopens", "addreads", "patch", "enableNativeAccess", NULL };
    int k = 0;
    while (kinds[k] && strcmp(kinds[k], kind) != 0) k++;
    char key[128];
    snprintf(key, sizeof key, "jdk.module.%s.%d", kind, counters[k]++);
    opts_set_property(key, value);
}

/* Loupe's own -XX flags. */
typedef struct Flag {
    const char *name;
    enum { F_BOOL, F_LONG, F_STRING } type;
    void *addr;
} Flag;

static long bool_dummy;
static const Flag FLAGS[] = {
    { "GCStressInterval", F_LONG, &vm_opts.heap.stress_interval },
    { "SoftRefLRUPolicyMSPerMB", F_LONG, &vm_opts.heap.soft_lru_ms_per_mb },
    { "LoupeGC", F_STRING, &vm_opts.heap.collector },
    { "LoupeTraceJVM", F_BOOL, &vm_opts.log_jvm_calls },
};

/* HotSpot flags accepted and ignored. */
static const char *const IGNORED_FLAGS[] = {
    "UseSerialGC", "UseParallelGC", "UseG1GC", "UseZGC", "UseShenandoahGC", "UseEpsilonGC", "TieredCompilation",
    "TieredStopAtLevel", "UnlockDiagnosticVMOptions", "UnlockExperimentalVMOptions", "UseCompressedOops",
    "UseCompressedClassPointers", "ShowCodeDetailsInExceptionMessages", "StackTraceInThrowable", "UsePerfData",
    "PerfDisableSharedMem", "HeapDumpOnOutOfMemoryError", "ExitOnOutOfMemoryError", "CrashOnOutOfMemoryError",
    "UseContainerSupport", "ReservedCodeCacheSize", "MaxMetaspaceSize", "MetaspaceSize", "MaxRAMPercentage",
    "InitialRAMPercentage", "MinRAMPercentage", "ParallelGCThreads", "ConcGCThreads", "CICompilerCount",
    "UseStringDeduplication", "AutoCreateSharedArchive", "SharedArchiveFile", "MaxJavaStackTraceDepth",
    "ThreadStackSize", "MaxDirectMemorySize", "StartFlightRecording", "+DisableAttachMechanism", "DisableAttachMechanism",
    "PrintWarnings", "ErrorFile", "UseLargePages", "AlwaysPreTouch", "Xshare", NULL,
};

static bool set_flag(const char *spec) {
    char name[256];
    const char *value = NULL;
    bool on = true;
    const char *p = spec;
    if (*p == '+' || *p == '-') {
        on = *p == '+';
        p++;
    }
    const char *eq = strchr(p, '=');
    size_t n = eq ? (size_t)(eq - p) : strlen(p);
    if (n >= sizeof name) return false;
    memcpy(name, p, n);
    name[n] = '\0';
    if (eq) value = eq + 1;
    for (size_t i = 0; i < ARRAY_LEN(FLAGS); i++) {
        if (strcmp(FLAGS[i].name, name) != 0) continue;
        switch (FLAGS[i].type) {
        case F_BOOL: *(bool *)FLAGS[i].addr = on; return true;
        case F_LONG: if (!value) return false; *(long *)FLAGS[i].addr = strtol(value, NULL, 10); return true;
        case F_STRING: if (!value) return false; *(const char **)FLAGS[i].addr = vm_strdup(value); return true;
        }
    }
    for (int i = 0; IGNORED_FLAGS[i]; i++)
        if (strcmp(IGNORED_FLAGS[i], name) == 0) return true;
    UNUSED(bool_dummy);
    return false;
}

static void set_assertions(const char *opt, int value, bool system) {
    const char *colon = strchr(opt, ':');
    /* per-package/class switches are applied by Java through JVM_AssertionStatusDirectives;
     * the plain forms set the defaults */
    if (!colon) {
        if (system) vm_opts.system_assertions = value > 0;
        else vm_opts.assertions = value;
    }
}

static jint unrecognized(const char *opt, bool ignore) {
    if (ignore && (strncmp(opt, "-X", 2) == 0 || opt[0] == '_')) return JNI_OK;
    fprintf(stderr, "Unrecognized option: %s\n", opt);
    return JNI_EINVAL;
}

static jint parse_one(const char *opt, void *extra, bool ignore) {
    size_t sz;
    if (strncmp(opt, "-D", 2) == 0) {
        const char *eq = strchr(opt + 2, '=');
        if (eq) {
            char *key = vm_strdup(opt + 2);
            key[eq - (opt + 2)] = '\0';
            opts_set_property(key, eq + 1);
            vm_free(key);
        } else {
            opts_set_property(opt + 2, "");
        }
        return JNI_OK;
    }
    if (strncmp(opt, "-Xmx", 4) == 0) {
        if (!parse_size(opt + 4, &sz) || sz < (2u << 20)) {
            fprintf(stderr, "Invalid maximum heap size: %s\n", opt);
            return JNI_EINVAL;
        }
        vm_opts.heap.max = sz;
        return JNI_OK;
    }
    if (strncmp(opt, "-Xms", 4) == 0) {
        if (!parse_size(opt + 4, &sz)) {
            fprintf(stderr, "Invalid initial heap size: %s\n", opt);
            return JNI_EINVAL;
        }
        vm_opts.heap.initial = sz;
        return JNI_OK;
    }
    if (strncmp(opt, "-Xss", 4) == 0) {
        if (!parse_size(opt + 4, &sz)) {
            fprintf(stderr, "Invalid thread stack size: %s\n", opt);
            return JNI_EINVAL;
        }
        vm_opts.thread_stack = sz < (64u << 10) ? (64u << 10) : sz;
        return JNI_OK;
    }
    if (strncmp(opt, "-Xmn", 4) == 0) return JNI_OK;
    if (strncmp(opt, "-Xbootclasspath/a:", 18) == 0) {
        const char *p = opt + 18;
        if (vm_opts.boot_append) {
            char *j = vm_malloc(strlen(vm_opts.boot_append) + strlen(p) + 2);
            sprintf(j, "%s:%s", vm_opts.boot_append, p);
            vm_free(vm_opts.boot_append);
            vm_opts.boot_append = j;
        } else {
            vm_opts.boot_append = vm_strdup(p);
        }
        return JNI_OK;
    }
    if (strcmp(opt, "-verbose") == 0 || strcmp(opt, "-verbose:class") == 0) {
        vm_opts.verbose_class = true;
        return JNI_OK;
    }
    if (strcmp(opt, "-verbose:gc") == 0) {
        vm_opts.heap.verbose = true;
        return JNI_OK;
    }
    if (strcmp(opt, "-verbose:jni") == 0) {
        vm_opts.verbose_jni = true;
        return JNI_OK;
    }
    if (strncmp(opt, "-verbose:", 9) == 0) return JNI_OK;
    if (strncmp(opt, "-ea", 3) == 0 || strncmp(opt, "-enableassertions", 17) == 0) {
        set_assertions(opt, 1, false);
        return JNI_OK;
    }
    if (strncmp(opt, "-da", 3) == 0 || strncmp(opt, "-disableassertions", 18) == 0) {
        set_assertions(opt, 0, false);
        return JNI_OK;
    }
    if (strcmp(opt, "--enable-preview") == 0) {
        cf_enable_preview = true;
        return JNI_OK;
    }
    if (strcmp(opt, "-esa") == 0 || strcmp(opt, "-enablesystemassertions") == 0) {
        vm_opts.system_assertions = true;
        return JNI_OK;
    }
    if (strcmp(opt, "-dsa") == 0 || strcmp(opt, "-disablesystemassertions") == 0) {
        vm_opts.system_assertions = false;
        return JNI_OK;
    }
    if (strncmp(opt, "-XX:", 4) == 0) {
        if (set_flag(opt + 4)) return JNI_OK;
        if (ignore) return JNI_OK;
        const char *name = opt + 4;
        if (*name == '+' || *name == '-') name++;
        char buf[256];
        snprintf(buf, sizeof buf, "%s", name);
        char *eq = strchr(buf, '=');
        if (eq) *eq = '\0';
        fprintf(stderr, "Unrecognized VM option '%s'\n", opt + 4);
        return JNI_EINVAL;
    }
    if (strcmp(opt, "vfprintf") == 0) {
        vm_opts.vfprintf_hook = (jint(JNICALL *)(FILE *, const char *, va_list))extra;
        return JNI_OK;
    }
    if (strcmp(opt, "exit") == 0) {
        vm_opts.exit_hook = (void(JNICALL *)(jint))extra;
        return JNI_OK;
    }
    if (strcmp(opt, "abort") == 0) {
        vm_opts.abort_hook = (void(JNICALL *)(void))extra;
        return JNI_OK;
    }
    static const struct { const char *opt; const char *kind; } MODULE_OPTS[] = {
        { "--add-exports=", "addexports" }, { "--add-opens=", "addopens" }, { "--add-reads=", "addreads" },
        { "--patch-module=", "patch" }, { "--enable-native-access=", "enableNativeAccess" },
    };
    for (size_t i = 0; i < ARRAY_LEN(MODULE_OPTS); i++) {
        size_t l = strlen(MODULE_OPTS[i].opt);
        if (strncmp(opt, MODULE_OPTS[i].opt, l) == 0) {
            add_module_prop(MODULE_OPTS[i].kind, opt + l);
            return JNI_OK;
        }
    }
    static const struct { const char *opt; const char *prop; } MODULE_PROPS[] = {
        { "--add-modules=", "jdk.module.addmods.0" }, { "--limit-modules=", "jdk.module.limitmods" },
        { "--module-path=", "jdk.module.path" }, { "--upgrade-module-path=", "jdk.module.upgrade.path" },
        { "--illegal-access=", "jdk.module.illegalAccess" },
    };
    for (size_t i = 0; i < ARRAY_LEN(MODULE_PROPS); i++) {
        size_t l = strlen(MODULE_PROPS[i].opt);
        if (strncmp(opt, MODULE_PROPS[i].opt, l) == 0) {
            opts_set_property(MODULE_PROPS[i].prop, opt + l);
            return JNI_OK;
        }
    }
    static const char *const ACCEPTED[] = { "-Xint", "-Xmixed", "-Xcomp", "-Xbatch", "-Xrs", "-Xcheck:jni", "-Xdiag",
                                            "-Xnoclassgc", "-Xincgc", "-Xnoagent", "-Xdebug", "-Xfuture", "-Xverify:none",
                                            "-Xverify:remote", "-Xverify:all", "-XX:", NULL };
    for (int i = 0; ACCEPTED[i]; i++)
        if (strcmp(opt, ACCEPTED[i]) == 0) return JNI_OK;
    if (strncmp(opt, "-Xshare:", 8) == 0 || strncmp(opt, "-Xlog", 5) == 0 || strncmp(opt, "-Xlint", 6) == 0)
        return JNI_OK;
    if (strncmp(opt, "-agentlib:", 10) == 0 || strncmp(opt, "-agentpath:", 11) == 0 || strncmp(opt, "-javaagent:", 11) == 0) {
        fprintf(stderr, "Loupe: agents are not supported yet (%s)\n", opt);
        return JNI_ERR;
    }
    return unrecognized(opt, ignore);
}

static jint parse_env(const char *var, bool announce, bool ignore) {
    const char *v = getenv(var);
    if (!v || !*v) return JNI_OK;
    if (announce) fprintf(stderr, "Picked up %s: %s\n", var, v);
    char *copy = vm_strdup(v);
    jint rc = JNI_OK;
    for (char *save = NULL, *p = strtok_r(copy, " \t\n", &save); p && rc == JNI_OK; p = strtok_r(NULL, " \t\n", &save))
        rc = parse_one(p, NULL, ignore);
    vm_free(copy);
    return rc;
}

static void set_defaults(void) {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    size_t phys = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : (size_t)4 << 30;
    vm_opts.heap.max = phys / 4;
    vm_opts.heap.initial = 0;
    vm_opts.heap.soft_lru_ms_per_mb = 1000;
    vm_opts.thread_stack = 1u << 20;
}

jint opts_parse(const JavaVMInitArgs *args) {
    set_defaults();
    bool ignore = args && args->ignoreUnrecognized;
    jint rc = parse_env("JAVA_TOOL_OPTIONS", true, ignore);
    vm_opts.vm_args = vm_calloc((size_t)(args ? args->nOptions : 0) + 1, sizeof(char *));
    for (int i = 0; rc == JNI_OK && args && i < args->nOptions; i++) {
        const char *o = args->options[i].optionString;
        if (!o) continue;
        rc = parse_one(o, args->options[i].extraInfo, ignore);
        if (strncmp(o, "-Djava.class.path=", 18) != 0 && strncmp(o, "-Dsun.java.launcher", 19) != 0 &&
            strncmp(o, "-Dsun.java.command=", 19) != 0 && strcmp(o, "vfprintf") != 0 && strcmp(o, "exit") != 0 &&
            strcmp(o, "abort") != 0)
            vm_opts.vm_args[vm_opts.nvm_args++] = vm_strdup(o);
    }
    if (rc == JNI_OK) rc = parse_env("_JAVA_OPTIONS", true, ignore);
    if (rc == JNI_OK) rc = parse_env("LOUPE_OPTIONS", false, ignore);
    if (rc != JNI_OK) return rc;
    /* Without -Xms the heap starts small and grows with the live data: a copying
     * collector touches all of its capacity, so a large start would only cost memory. */
    size_t initial = vm_opts.heap.initial ? vm_opts.heap.initial : (32u << 20);
    if (vm_opts.heap.initial > vm_opts.heap.max && vm_opts.heap.max) {
        fprintf(stderr, "Initial heap size set to a larger value than the maximum heap size\n");
        return JNI_EINVAL;
    }
    vm_opts.heap.initial = initial < vm_opts.heap.max ? initial : vm_opts.heap.max;
    return JNI_OK;
}
