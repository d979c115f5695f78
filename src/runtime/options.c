/*
 * options.c — parsing the options of JNI_CreateJavaVM, with HotSpot's syntax and wording.
 *
 * Options come from, in order: JAVA_TOOL_OPTIONS (announced on stderr, as HotSpot does),
 * the JavaVMInitArgs, _JAVA_OPTIONS (also announced) and LOUPE_OPTIONS (Loupe's own,
 * silent: the test suite's GC-stress runs use it).  Module options (--add-opens=...)
 * become the jdk.module.* properties that java.base reads.
 *
 * -XX options: Loupe's own flags are listed in FLAGS with the HotSpot flags Loupe honours
 * or accepts and ignores (so that scripts written for HotSpot still start); anything else
 * is "Unrecognized VM option", as on HotSpot.  Heap and stack sizes are checked once all
 * options are in, with HotSpot's limits and messages.
 */
#include "classfile/classfile.h"
#include "runtime/vm.h"
#include <ctype.h>
#include <errno.h>
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

/* "32m" -> bytes; false if malformed or beyond 64 bits. */
static bool parse_size(const char *s, size_t *out) {
    char *end;
    if (!isdigit((unsigned char)*s)) return false;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno == ERANGE) return false;
    int shift = 0;
    switch (*end) {
    case 't': case 'T': shift = 40; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'k': case 'K': shift = 10; end++; break;
    default: break;
    }
    if (*end || (shift && v > (~0ull >> shift))) return false;
    *out = (size_t)(v << shift);
    return true;
}

/* Which sizes the options set explicitly (the checks after parsing depend on it). */
static bool max_heap_given, thread_stack_given;

static void add_module_prop(const char *kind, const char *value) {
    static int counters[8];
    static const char *const kinds[] = { "addexports", "addopens", "addreads", "addmods", "patch", "enable.native.access", NULL };
    int k = 0;
    while (kinds[k] && strcmp(kinds[k], kind) != 0) k++;
    char key[128];
    snprintf(key, sizeof key, "jdk.module.%s.%d", kind, counters[k]++);
    opts_set_property(key, value);
}

/* The -XX flags Loupe knows: its own, the HotSpot ones that map onto Loupe's settings,
 * and common HotSpot ones accepted and ignored (F_IGNORED_*) so that scripts written for
 * HotSpot still start.  The type decides which syntax is right (-XX:+Bool, -XX:Name=value). */
typedef enum { F_BOOL, F_LONG, F_STRING, F_HEAP_MAX, F_HEAP_INITIAL, F_STACK_K, F_IGNORED_BOOL, F_IGNORED_VALUE } FlagType;
typedef struct Flag {
    const char *name;
    FlagType type;
    void *addr;
} Flag;

static const Flag FLAGS[] = {
    { "GCStressInterval", F_LONG, &vm_opts.heap.stress_interval },
    { "SoftRefLRUPolicyMSPerMB", F_LONG, &vm_opts.heap.soft_lru_ms_per_mb },
    { "LoupeGC", F_STRING, &vm_opts.heap.collector },
    { "LoupeTraceJVM", F_BOOL, &vm_opts.log_jvm_calls },
    { "MaxHeapSize", F_HEAP_MAX, NULL }, { "InitialHeapSize", F_HEAP_INITIAL, NULL }, { "ThreadStackSize", F_STACK_K, NULL },
    { "UseSerialGC", F_IGNORED_BOOL, NULL }, { "UseParallelGC", F_IGNORED_BOOL, NULL }, { "UseG1GC", F_IGNORED_BOOL, NULL },
    { "UseZGC", F_IGNORED_BOOL, NULL }, { "UseShenandoahGC", F_IGNORED_BOOL, NULL }, { "UseEpsilonGC", F_IGNORED_BOOL, NULL },
    { "TieredCompilation", F_IGNORED_BOOL, NULL }, { "TieredStopAtLevel", F_IGNORED_VALUE, NULL },
    { "UnlockDiagnosticVMOptions", F_IGNORED_BOOL, NULL }, { "UnlockExperimentalVMOptions", F_IGNORED_BOOL, NULL },
    { "UseCompressedOops", F_IGNORED_BOOL, NULL }, { "UseCompressedClassPointers", F_IGNORED_BOOL, NULL },
    { "ShowCodeDetailsInExceptionMessages", F_IGNORED_BOOL, NULL }, { "StackTraceInThrowable", F_IGNORED_BOOL, NULL },
    { "UsePerfData", F_IGNORED_BOOL, NULL }, { "PerfDisableSharedMem", F_IGNORED_BOOL, NULL },
    { "HeapDumpOnOutOfMemoryError", F_IGNORED_BOOL, NULL }, { "ExitOnOutOfMemoryError", F_IGNORED_BOOL, NULL },
    { "CrashOnOutOfMemoryError", F_IGNORED_BOOL, NULL }, { "UseContainerSupport", F_BOOL, &vm_opts.container_support },
    { "ReservedCodeCacheSize", F_IGNORED_VALUE, NULL }, { "MaxMetaspaceSize", F_IGNORED_VALUE, NULL },
    { "MetaspaceSize", F_IGNORED_VALUE, NULL }, { "MaxRAMPercentage", F_IGNORED_VALUE, NULL },
    { "InitialRAMPercentage", F_IGNORED_VALUE, NULL }, { "MinRAMPercentage", F_IGNORED_VALUE, NULL },
    { "ParallelGCThreads", F_IGNORED_VALUE, NULL }, { "ConcGCThreads", F_IGNORED_VALUE, NULL },
    { "CICompilerCount", F_IGNORED_VALUE, NULL }, { "UseStringDeduplication", F_IGNORED_BOOL, NULL },
    { "AutoCreateSharedArchive", F_IGNORED_BOOL, NULL }, { "SharedArchiveFile", F_IGNORED_VALUE, NULL },
    { "MaxJavaStackTraceDepth", F_IGNORED_VALUE, NULL }, { "MaxDirectMemorySize", F_IGNORED_VALUE, NULL },
    { "StartFlightRecording", F_IGNORED_VALUE, NULL }, { "DisableAttachMechanism", F_IGNORED_BOOL, NULL },
    { "PrintWarnings", F_IGNORED_BOOL, NULL }, { "ErrorFile", F_IGNORED_VALUE, NULL },
    { "UseLargePages", F_IGNORED_BOOL, NULL }, { "AlwaysPreTouch", F_IGNORED_BOOL, NULL },
};

static bool is_bool_flag(FlagType t) { return t == F_BOOL || t == F_IGNORED_BOOL; }

/* Which flags the options set, -Xmx/-Xms/-Xss counting as their flags. */
static bool flag_given[ARRAY_LEN(FLAGS)];

static void mark_given(const char *name) {
    for (size_t i = 0; i < ARRAY_LEN(FLAGS); i++)
        if (strcmp(FLAGS[i].name, name) == 0) flag_given[i] = true;
}

/* The flags Loupe honours, in table order (the ignored ones have no value to show). */
static const Flag *honoured(int index, int *table_index) {
    int k = 0;
    for (size_t i = 0; i < ARRAY_LEN(FLAGS); i++) {
        if (FLAGS[i].type == F_IGNORED_BOOL || FLAGS[i].type == F_IGNORED_VALUE) continue;
        if (k++ == index) {
            *table_index = (int)i;
            return &FLAGS[i];
        }
    }
    return NULL;
}

int opts_flag_count(void) {
    int n = 0, i;
    while (honoured(n, &i)) n++;
    return n;
}

bool opts_flag(int index, VMFlag *out) {
    int i;
    const Flag *f = honoured(index, &i);
    if (!f) return false;
    memset(out, 0, sizeof *out);
    out->name = f->name;
    out->given = flag_given[i];
    switch (f->type) {
    case F_BOOL: out->type = 'Z'; out->z = *(bool *)f->addr; break;
    case F_LONG: out->type = 'J'; out->j = *(long *)f->addr; break;
    case F_STRING:
        out->type = 'S';
        out->s = *(const char **)f->addr;
        if (!out->s && f->addr == &vm_opts.heap.collector) out->s = "semispace";
        break;
    case F_HEAP_MAX: out->type = 'J'; out->j = (jlong)vm_opts.heap.max; break;
    case F_HEAP_INITIAL: out->type = 'J'; out->j = (jlong)vm_opts.heap.initial; break;
    case F_STACK_K: out->type = 'J'; out->j = (jlong)(vm_opts.thread_stack >> 10); break;
    default: return false;
    }
    return true;
}

/* -XX:SPEC, SPEC being +Name, -Name or Name=value; reports a wrong one with HotSpot's
 * wording.  ignore: JavaVMInitArgs.ignoreUnrecognized, which lets unknown names pass. */
static jint set_flag(const char *opt, bool ignore) {
    const char *spec = opt + 4;
    bool plus_minus = *spec == '+' || *spec == '-', on = *spec == '+';
    const char *arg = plus_minus ? spec + 1 : spec;     /* HotSpot names the option by this */
    const char *eq = strchr(arg, '=');
    size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
    const Flag *f = NULL;
    for (size_t i = 0; i < ARRAY_LEN(FLAGS) && !f; i++)
        if (strlen(FLAGS[i].name) == n && strncmp(FLAGS[i].name, arg, n) == 0) {
            f = &FLAGS[i];
            flag_given[i] = true;
        }
    if (!f) {
        if (ignore) return JNI_OK;
        fprintf(stderr, "Unrecognized VM option '%s'\n", arg);
        return JNI_EINVAL;
    }
    if (is_bool_flag(f->type)) {
        if (eq) {
            fprintf(stderr, "Improperly specified VM option '%s'\n", arg);
            return JNI_EINVAL;
        }
        if (!plus_minus) {
            fprintf(stderr, "Missing +/- setting for VM option '%s'\n", arg);
            return JNI_EINVAL;
        }
        if (f->type == F_BOOL) *(bool *)f->addr = on;
        return JNI_OK;
    }
    if (plus_minus) {
        fprintf(stderr, "Unexpected +/- setting in VM option '%.*s'\n", (int)n, arg);
        return JNI_EINVAL;
    }
    if (!eq) {
        fprintf(stderr, "Improperly specified VM option '%s'\n", arg);
        return JNI_EINVAL;
    }
    const char *value = eq + 1;
    size_t sz;
    char *end;
    switch (f->type) {
    case F_LONG:
        errno = 0;
        *(long *)f->addr = strtol(value, &end, 10);
        if (*value && !*end && errno == 0) return JNI_OK;
        break;
    case F_STRING: *(const char **)f->addr = vm_strdup(value); return JNI_OK;
    case F_HEAP_MAX:
        if (!parse_size(value, &sz) || sz == 0) {
            fprintf(stderr, "Invalid maximum heap size: %s\n", opt);
            return JNI_EINVAL;
        }
        vm_opts.heap.max = sz;
        max_heap_given = true;
        return JNI_OK;
    case F_HEAP_INITIAL:
        if (!parse_size(value, &sz)) {
            fprintf(stderr, "Invalid initial heap size: %s\n", opt);
            return JNI_EINVAL;
        }
        vm_opts.heap.initial = sz;
        return JNI_OK;
    case F_STACK_K:
        if (parse_size(value, &sz) && sz <= (1u << 20)) {
            vm_opts.thread_stack = sz << 10;
            thread_stack_given = true;
            return JNI_OK;
        }
        break;
    default: return JNI_OK;      /* F_IGNORED_VALUE */
    }
    fprintf(stderr, "Improperly specified VM option '%s'\n", arg);
    return JNI_EINVAL;
}

/* -ea[:NAME] / -da[:NAME] (tail: what follows the switch itself, "" or ":NAME").  False
 * for anything else that starts like them (-eax), which is then unrecognized. */
static bool set_assertions(const char *tail, bool enable) {
    if (*tail == '\0') {
        vm_opts.assertions = enable;
        return true;
    }
    if (*tail != ':') return false;
    char *name = vm_strdup(tail + 1);
    size_t len = strlen(name);
    bool package = len >= 3 && strcmp(name + len - 3, "...") == 0;
    if (package) name[len - 3] = '\0';
    for (char *p = name; *p; p++)
        if (*p == '.') *p = '/';
    vm_opts.assertion_dirs = vm_realloc(vm_opts.assertion_dirs,
                                        (size_t)(vm_opts.nassertion_dirs + 1) * sizeof *vm_opts.assertion_dirs);
    vm_opts.assertion_dirs[vm_opts.nassertion_dirs++] = (AssertionDirective){ name, enable, package };
    return true;
}

bool opts_assertions_enabled(const char *name, bool system_class) {
    int n = vm_opts.nassertion_dirs;
    AssertionDirective *d = vm_opts.assertion_dirs;
    for (int i = n - 1; i >= 0; i--)
        if (!d[i].package && strcmp(d[i].name, name) == 0) return d[i].enabled;
    /* Package switches, innermost package first; a class without a package matches the
     * switch for the unnamed package ("-ea:..."), a class in a package never does. */
    size_t len = strlen(name);
    while (len > 0 && name[len] != '/') len--;
    do {
        for (int i = n - 1; i >= 0; i--)
            if (d[i].package && strncmp(d[i].name, name, len) == 0 && d[i].name[len] == '\0') return d[i].enabled;
        while (len > 0 && name[--len] != '/') {}
    } while (len > 0);
    return system_class ? vm_opts.system_assertions : vm_opts.assertions > 0;
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
        if (!parse_size(opt + 4, &sz) || sz == 0) {
            fprintf(stderr, "Invalid maximum heap size: %s\n", opt);
            return JNI_EINVAL;
        }
        vm_opts.heap.max = sz;
        max_heap_given = true;
        mark_given("MaxHeapSize");
        return JNI_OK;
    }
    if (strncmp(opt, "-Xms", 4) == 0) {
        if (!parse_size(opt + 4, &sz)) {
            fprintf(stderr, "Invalid initial heap size: %s\n", opt);
            return JNI_EINVAL;
        }
        vm_opts.heap.initial = sz;
        mark_given("InitialHeapSize");
        return JNI_OK;
    }
    if (strncmp(opt, "-Xss", 4) == 0) {
        if (!parse_size(opt + 4, &sz)) {
            fprintf(stderr, "Invalid thread stack size: %s\n", opt);
            return JNI_EINVAL;
        }
        if (sz > (1u << 30)) {
            fprintf(stderr, "Invalid thread stack size: %s\nThe specified size exceeds the maximum representable size.\n", opt);
            return JNI_EINVAL;
        }
        vm_opts.thread_stack = sz;
        thread_stack_given = true;
        mark_given("ThreadStackSize");
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
    static const struct { const char *opt; bool enable; } ASSERTION_OPTS[] = {
        { "-enableassertions", true }, { "-ea", true }, { "-disableassertions", false }, { "-da", false },
    };
    for (size_t i = 0; i < ARRAY_LEN(ASSERTION_OPTS); i++) {
        size_t l = strlen(ASSERTION_OPTS[i].opt);
        if (strncmp(opt, ASSERTION_OPTS[i].opt, l) == 0 && set_assertions(opt + l, ASSERTION_OPTS[i].enable))
            return JNI_OK;
    }
    if (strcmp(opt, "-Xrs") == 0) {
        vm_opts.reduce_signals = true;
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
    if (strncmp(opt, "-XX:", 4) == 0) return set_flag(opt, ignore);
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
        { "--add-modules=", "addmods" }, { "--patch-module=", "patch" }, { "--enable-native-access=", "enable.native.access" },
    };
    for (size_t i = 0; i < ARRAY_LEN(MODULE_OPTS); i++) {
        size_t l = strlen(MODULE_OPTS[i].opt);
        if (strncmp(opt, MODULE_OPTS[i].opt, l) == 0) {
            add_module_prop(MODULE_OPTS[i].kind, opt + l);
            return JNI_OK;
        }
    }
    static const struct { const char *opt; const char *prop; } MODULE_PROPS[] = {
        { "--limit-modules=", "jdk.module.limitmods" },
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
    /* HotSpot options with no effect on an interpreter without an archive or a verifier
     * switch, accepted as HotSpot accepts them. */
    static const char *const ACCEPTED[] = { "-Xint", "-Xmixed", "-Xcomp", "-Xbatch", "-Xdiag", "-Xnoclassgc",
                                            "-Xnoagent", "-Xdebug", "-Xfuture", "-Xverify", "-Xverify:remote",
                                            "-Xverify:all", "-Xshare:on", "-Xshare:off", "-Xshare:auto", "-Xshare:dump",
                                            NULL };
    for (int i = 0; ACCEPTED[i]; i++)
        if (strcmp(opt, ACCEPTED[i]) == 0) return JNI_OK;
    if (strcmp(opt, "-Xverify:none") == 0 || strcmp(opt, "-noverify") == 0) {
        vm_warning("Options -Xverify:none and -noverify were deprecated in JDK 13 and will likely be removed in a future release.");
        return JNI_OK;
    }
    if (strncmp(opt, "-Xverify:", 9) == 0) {
        fprintf(stderr, "Unrecognized verification option: %s\n", opt);
        return JNI_EINVAL;
    }
    if (strncmp(opt, "-Xcheck", 7) == 0 && (opt[7] == '\0' || opt[7] == ':')) {
        if (strcmp(opt, "-Xcheck:jni") == 0) return JNI_OK;
        fprintf(stderr, "Unrecognized check option: %s\n", opt);
        return JNI_EINVAL;
    }
    if (strncmp(opt, "-Xbootclasspath:", 16) == 0 || strncmp(opt, "-Xbootclasspath/p:", 18) == 0) {
        vm_printf(stdout, "%s is no longer a supported option.\n", opt[15] == '/' ? "-Xbootclasspath/p" : "-Xbootclasspath");
        return JNI_EINVAL;
    }
    if (strncmp(opt, "-Xlog", 5) == 0) return JNI_OK;
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
    vm_opts.container_support = true;
}

/* The heap and stack sizes once all options are in, checked as HotSpot checks them: a
 * heap that cannot work ends start-up ("Error occurred during initialization of VM"), a
 * stack below what a thread needs makes JNI_CreateJavaVM fail. */
static jint check_sizes(void) {
    if (max_heap_given && vm_opts.heap.max < (2u << 20)) vm_exit_during_init("Too small maximum heap");
    if (vm_opts.heap.initial && vm_opts.heap.initial < (1u << 20)) vm_exit_during_init("Too small initial heap");
    if (vm_opts.heap.initial > vm_opts.heap.max) {
        if (max_heap_given) vm_exit_during_init("Initial heap size set to a larger value than the maximum heap size");
        vm_opts.heap.max = vm_opts.heap.initial;
    }
    /* Without -Xms the heap starts small and grows with the live data: a copying
     * collector touches all of its capacity, so a large start would only cost memory. */
    size_t initial = vm_opts.heap.initial ? vm_opts.heap.initial : (32u << 20);
    vm_opts.heap.initial = initial < vm_opts.heap.max ? initial : vm_opts.heap.max;
    /* HotSpot's minimum on x86-64 Linux with 4 KB pages: its guard zones plus 40 KB. */
    const size_t min_stack = 136u << 10;
    if (thread_stack_given && vm_opts.thread_stack == 0) vm_opts.thread_stack = 1u << 20;
    if (vm_opts.thread_stack < min_stack) {
        vm_printf(stdout, "\nThe Java thread stack size specified is too small. Specify at least %zuk\n", min_stack >> 10);
        return JNI_ERR;
    }
    return JNI_OK;
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
    return check_sizes();
}
