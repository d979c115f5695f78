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
#include "jvmti/jvmti_export.h"
#include "classfile/verify.h"
#include "runtime/vm.h"
#include "runtime/crash.h"
#include "classfile/loader.h"
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

static int module_prop_counters[8];

static void add_module_prop(const char *kind, const char *value) {
    int *counters = module_prop_counters;
    static const char *const kinds[] = { "addexports", "addopens", "addreads", "addmods", "patch", "enable.native.access", NULL };
    int k = 0;
    while (kinds[k] && strcmp(kinds[k], kind) != 0) k++;
    char key[128];
    snprintf(key, sizeof key, "jdk.module.%s.%d", kind, counters[k]++);
    opts_set_property(key, value);
}

/* The -XX flags Loupe honours: its own and the HotSpot ones that map onto Loupe's
 * settings.  Every other flag HotSpot 17 has is accepted and ignored, with HotSpot's
 * checks (syntax by type, unlock options), from the generated table below, so that
 * command lines written for HotSpot still start.  The type decides which syntax is right
 * (-XX:+Bool, -XX:Name=value). */
typedef enum { F_BOOL, F_LONG, F_STRING, F_HEAP_MAX, F_HEAP_INITIAL, F_STACK_K, F_DIRECT_MAX } FlagType;
typedef struct Flag {
    const char *name;
    FlagType type;
    void *addr;
} Flag;

/* set while LOUPE_OPTIONS (Loupe's own, unannounced) are read: they are not echoed */
static bool private_options;
static bool unlock_diagnostic, unlock_experimental, print_flags_final, print_command_line_flags, print_vm_options,
    ignore_unrecognized;

static const Flag FLAGS[] = {
    { "GCStressInterval", F_LONG, &vm_opts.heap.stress_interval },
    { "SoftRefLRUPolicyMSPerMB", F_LONG, &vm_opts.heap.soft_lru_ms_per_mb },
    { "LoupeGC", F_STRING, &vm_opts.heap.collector },
    { "LoupeTraceJVM", F_BOOL, &vm_opts.log_jvm_calls },
    { "LoupeCheckGCEvents", F_BOOL, &vm_opts.heap.check_events },
    { "AllowEnhancedClassRedefinition", F_BOOL, &vm_opts.enhanced_redefinition },     /* JetBrains Runtime's name; not HotSpot's */
    { "AllowRedefinitionToAddDeleteMethods", F_BOOL, &vm_opts.redefine_add_delete },
    { "MaxHeapSize", F_HEAP_MAX, NULL }, { "InitialHeapSize", F_HEAP_INITIAL, NULL }, { "ThreadStackSize", F_STACK_K, NULL },
    { "UseContainerSupport", F_BOOL, &vm_opts.container_support },
    { "DisableAttachMechanism", F_BOOL, &vm_opts.disable_attach },
    { "UsePerfData", F_BOOL, &vm_opts.use_perf_data }, { "PerfDisableSharedMem", F_BOOL, &vm_opts.perf_disable_shared_mem },
    { "HeapDumpOnOutOfMemoryError", F_BOOL, &vm_opts.heap_dump_on_oom }, { "HeapDumpPath", F_STRING, &vm_opts.heap_dump_path },
    { "ExitOnOutOfMemoryError", F_BOOL, &vm_opts.exit_on_oom }, { "CrashOnOutOfMemoryError", F_BOOL, &vm_opts.crash_on_oom },
    { "UnlockDiagnosticVMOptions", F_BOOL, &unlock_diagnostic },
    { "UnlockExperimentalVMOptions", F_BOOL, &unlock_experimental },
    { "PrintFlagsFinal", F_BOOL, &print_flags_final },
    { "PrintCommandLineFlags", F_BOOL, &print_command_line_flags },
    { "PrintVMOptions", F_BOOL, &print_vm_options },
    { "IgnoreUnrecognizedVMOptions", F_BOOL, &ignore_unrecognized },
    { "DisableExplicitGC", F_BOOL, &vm_opts.disable_explicit_gc },
    { "CompactStrings", F_BOOL, &vm_opts.compact_strings },
    { "ClassUnloading", F_BOOL, &vm_opts.heap.class_unloading },
    { "BytecodeVerificationLocal", F_BOOL, &vfy_local }, { "BytecodeVerificationRemote", F_BOOL, &vfy_remote },
    { "MaxJavaStackTraceDepth", F_LONG, &vm_opts.max_stack_trace_depth },
    { "MaxDirectMemorySize", F_DIRECT_MAX, NULL },
    { "ErrorFile", F_STRING, &crash_opts.error_file }, { "OnError", F_STRING, &crash_opts.on_error }, { "OnOutOfMemoryError", F_STRING, &crash_opts.on_oom },
    { "DisplayVMOutputToStderr", F_BOOL, &vm_opts.tty_stderr },
    { "ErrorFileToStdout", F_BOOL, &crash_opts.to_stdout }, { "ErrorFileToStderr", F_BOOL, &crash_opts.to_stderr },
    { "CreateCoredumpOnCrash", F_BOOL, &crash_opts.create_coredump }, { "LoupeCrashTest", F_LONG, &crash_opts.crash_test },
};

/* HotSpot's own flags (runtime/hotspot_flags.def, sorted by name). */
enum { HS_PRODUCT, HS_DIAGNOSTIC, HS_EXPERIMENTAL };
typedef struct HsFlag {
    const char *name;
    char type;                      /* 'Z' boolean, 'I'/'U' signed/unsigned integer, 'D', 'S' */
    uint8_t kind;
} HsFlag;

static const HsFlag HS_FLAGS[] = {
#define HS_FLAG(name, type, kind) { #name, type, kind },
#include "runtime/hotspot_flags.def"
#undef HS_FLAG
};

static const HsFlag *hs_flag(const char *name, size_t n) {
    size_t lo = 0, hi = ARRAY_LEN(HS_FLAGS);
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strncmp(HS_FLAGS[mid].name, name, n);
        if (c == 0) c = HS_FLAGS[mid].name[n] ? 1 : 0;
        if (c == 0) return &HS_FLAGS[mid];
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return NULL;
}

/* Flags HotSpot 17 still takes but warns about (its deprecation table, the ones a command
 * line is likely to carry). */
static const struct { const char *name, *since; } DEPRECATED[] = {
    { "UseBiasedLocking", "15.0" }, { "BiasedLockingStartupDelay", "15.0" }, { "BiasedLockingBulkRebiasThreshold", "15.0" },
    { "BiasedLockingBulkRevokeThreshold", "15.0" }, { "BiasedLockingDecayTime", "15.0" }, { "FlightRecorder", "13.0" },
    { "UseOptoBiasInlining", "15.0" }, { "PrintPreciseBiasedLockingStatistics", "15.0" },
    { "AllowRedefinitionToAddDeleteMethods", "13.0" },
};

/* HotSpot's warning for a deprecated flag (the first n characters of arg name it). */
static void warn_if_deprecated(const char *arg, size_t n) {
    for (size_t i = 0; i < ARRAY_LEN(DEPRECATED); i++)
        if (strlen(DEPRECATED[i].name) == n && strncmp(DEPRECATED[i].name, arg, n) == 0)
            vm_warning("Option %s was deprecated in version %s and will likely be removed in a future release.",
                       DEPRECATED[i].name, DEPRECATED[i].since);
}

static bool is_bool_flag(FlagType t) { return t == F_BOOL; }

/* Which flags the options set, -Xmx/-Xms/-Xss counting as their flags. */
static bool flag_given[ARRAY_LEN(FLAGS)];

static void mark_given(const char *name) {
    for (size_t i = 0; i < ARRAY_LEN(FLAGS); i++)
        if (strcmp(FLAGS[i].name, name) == 0) flag_given[i] = true;
}

/* The flags Loupe honours, in table order. */
static const Flag *honoured(int index, int *table_index) {
    if (index < 0 || (size_t)index >= ARRAY_LEN(FLAGS)) return NULL;
    *table_index = index;
    return &FLAGS[index];
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
    case F_DIRECT_MAX: out->type = 'J'; out->j = (jlong)vm_opts.max_direct_memory; break;
    default: return false;
    }
    return true;
}

/* A number as HotSpot takes one for an integer flag: decimal or 0x hex, with an optional
 * k/m/g/t suffix; a sign only for signed types. */
static bool integer_value(const char *v, bool is_signed) {
    if (*v == '-') {
        if (!is_signed) return false;
        v++;
    }
    char *end;
    errno = 0;
    strtoull(v, &end, 0);
    if (end == v || errno != 0) return false;
    if (*end && strchr("kKmMgGtT", *end)) end++;
    return *end == '\0';
}

/* A HotSpot flag Loupe has no use for: checked as HotSpot checks its syntax, then
 * ignored (the deprecated ones with HotSpot's warning, -XX:+PrintGC/-XX:+PrintGCDetails
 * turned into gc logging as HotSpot turns them). */
static jint ignored_flag(const HsFlag *hs, const char *arg, const char *eq, bool plus_minus) {
    size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
    bool ok;
    if (hs->type == 'Z') {
        if (eq) {
            fprintf(stderr, "Improperly specified VM option '%s'\n", arg);
            return JNI_EINVAL;
        }
        if (!plus_minus) {
            fprintf(stderr, "Missing +/- setting for VM option '%s'\n", arg);
            return JNI_EINVAL;
        }
        ok = true;
    } else {
        if (plus_minus) {
            fprintf(stderr, "Unexpected +/- setting in VM option '%.*s'\n", (int)n, arg);
            return JNI_EINVAL;
        }
        if (!eq) {
            fprintf(stderr, "Improperly specified VM option '%s'\n", arg);
            return JNI_EINVAL;
        }
        const char *v = eq + 1;
        char *end;
        if (hs->type == 'I' || hs->type == 'U') ok = integer_value(v, hs->type == 'I');
        else if (hs->type == 'D') ok = (strtod(v, &end), end != v && *end == '\0');
        else ok = true;
    }
    if (!ok) {
        fprintf(stderr, "Improperly specified VM option '%s'\n", arg);
        return JNI_EINVAL;
    }
    warn_if_deprecated(arg, n);
    if (arg[-1] == '+' && (strcmp(arg, "PrintGC") == 0 || strcmp(arg, "PrintGCDetails") == 0)) {
        bool details = arg[7] != '\0';
        vm_printf(stdout, "[0.000s][warning][gc] -XX:+%s is deprecated. Will use -Xlog:gc%s instead.\n", arg,
                  details ? "*" : "");
        fflush(stdout);
        vm_opts.heap.verbose = true;
    }
    return JNI_OK;
}

/* -XX:SPEC, SPEC being +Name, -Name or Name=value; reports a wrong one with HotSpot's
 * wording.  ignore: JavaVMInitArgs.ignoreUnrecognized, which lets unknown names pass. */
static jint set_flag_value(const char *opt, bool ignore) {
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
    const HsFlag *hs = hs_flag(arg, n);
    bool unlock = f && (f->addr == &unlock_diagnostic || f->addr == &unlock_experimental);
    if (hs && !unlock && hs->kind != HS_PRODUCT && !(hs->kind == HS_DIAGNOSTIC ? unlock_diagnostic : unlock_experimental)) {
        const char *kind = hs->kind == HS_DIAGNOSTIC ? "diagnostic" : "experimental";
        fprintf(stderr, "Error: VM option '%.*s' is %s and must be enabled via -XX:+Unlock%sVMOptions.\n"
                        "Error: The unlock option must precede '%.*s'.\n",
                (int)n, arg, kind, hs->kind == HS_DIAGNOSTIC ? "Diagnostic" : "Experimental", (int)n, arg);
        return JNI_EINVAL;
    }
    int gcf = f ? -1 : heap_gc_flag(arg, n);
    if (gcf >= 0 && plus_minus && !eq) {
        if (on) vm_opts.heap.gc_flags |= 1u << gcf;
        else vm_opts.heap.gc_flags &= ~(1u << gcf);
        if (on) vm_opts.heap.gc_flags_off &= ~(1u << gcf);
        else vm_opts.heap.gc_flags_off |= 1u << gcf;
        return JNI_OK;
    }
    if (gcf >= 0 && !hs) {
        fprintf(stderr, eq ? "Improperly specified VM option '%s'\n" : "Missing +/- setting for VM option '%s'\n", arg);
        return JNI_EINVAL;
    }
    if (!f && hs) return ignored_flag(hs, arg, eq, plus_minus);
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
        warn_if_deprecated(arg, n);
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
    case F_BOOL: break;                 /* handled above */
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
    case F_DIRECT_MAX:
        if (parse_size(value, &sz)) {
            vm_opts.max_direct_memory = sz;
            vm_opts.max_direct_memory_given = true;
            return JNI_OK;
        }
        break;
    case F_STACK_K:
        if (parse_size(value, &sz) && sz <= (1u << 20)) {
            vm_opts.thread_stack = sz << 10;
            thread_stack_given = true;
            return JNI_OK;
        }
        break;
    }
    fprintf(stderr, "Improperly specified VM option '%s'\n", arg);
    return JNI_EINVAL;
}

/* -XX:+PrintVMOptions echoes each -XX option once it is in (itself included). */
static jint set_flag(const char *opt, bool ignore) {
    jint rc = set_flag_value(opt, ignore);
    if (rc == JNI_OK && print_vm_options && !private_options) {
        vm_printf(stdout, "VM option '%s'\n", opt + 4);
        fflush(stdout);                 /* ahead of what Java code writes to the same file */
    }
    return rc;
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
    return JNI_ERR;                 /* HotSpot's status here (an unknown -XX flag is JNI_EINVAL) */
}

/* -Xlog[:what[:output[:decorators[:options]]]], HotSpot's unified logging.  Loupe logs
 * two tag sets, both at level info and to stdout: gc (what -verbose:gc prints) and
 * class+load (-verbose:class), with gc+heap, gc+init and gc+cpu (heap/gclog.c) and
 * Loupe's own notes at gc=debug.  A selection is tags joined by '+', '*' for "and any
 * more tags", '=level' (info when absent); "all" selects everything, "disable" turns
 * everything off.  Other tag sets and outputs are accepted and print nothing. */
static bool xlog_level_on(const char *level) {
    return !*level || !strcmp(level, "info") || !strcmp(level, "debug") || !strcmp(level, "trace");
}

static void xlog_select(const char *sel, size_t n) {
    char buf[256];
    if (n >= sizeof buf) return;
    memcpy(buf, sel, n);
    buf[n] = 0;
    char *eq = strchr(buf, '=');
    const char *level = "";
    if (eq) {
        *eq = 0;
        level = eq + 1;
    }
    bool on = xlog_level_on(level);
    size_t len = strlen(buf);
    bool wild = len && buf[len - 1] == '*';
    if (wild) buf[--len] = 0;
    bool all = !strcmp(buf, "all") || (!*buf && wild);
    if (all || !strcmp(buf, "gc") || (wild && !strncmp("gc", buf, len))) vm_opts.heap.verbose = on;
    if (all || !strcmp(buf, "class+load") || (wild && (!strcmp(buf, "class") || !strncmp("class+load", buf, len))))
        vm_opts.verbose_class = on;
    if (all || (wild && (!strcmp(buf, "class") || !strncmp("class+load", buf, len)))) vm_opts.verbose_class_more = on;
    if (all || !strcmp(buf, "class+unload") || (wild && (!strcmp(buf, "class") || !strncmp("class+unload", buf, len))))
        vm_opts.heap.log_class_unload = on;
    bool debug = !strcmp(level, "debug") || !strcmp(level, "trace");
    if (all || !strcmp(buf, "gc+heap") || (wild && !strncmp("gc+heap", buf, len))) {
        vm_opts.heap.log_heap = debug;
        vm_opts.heap.log_heap_info = on;
    }
    if (all || !strcmp(buf, "gc+init") || (wild && !strncmp("gc+init", buf, len))) vm_opts.heap.log_gc_init = on;
    if (all || !strcmp(buf, "gc+cpu") || (wild && !strncmp("gc+cpu", buf, len))) vm_opts.heap.log_gc_cpu = on;
    if (all || !strcmp(buf, "gc") || (wild && !strncmp("gc", buf, len))) vm_opts.heap.log_gc_debug = debug;
}

static void parse_xlog(const char *arg) {
    const char *colon = strchr(arg, ':');
    size_t what = colon ? (size_t)(colon - arg) : strlen(arg);
    if (colon && colon[1] && colon[1] != ':' && strncmp(colon + 1, "stdout", 6) != 0) return;  /* elsewhere */
    if (what == 7 && !strncmp(arg, "disable", 7)) {
        vm_opts.heap.verbose = vm_opts.verbose_class = vm_opts.verbose_class_more = vm_opts.heap.log_class_unload = false;
        vm_opts.heap.log_heap = false;
        vm_opts.heap.log_heap_info = vm_opts.heap.log_gc_init = vm_opts.heap.log_gc_cpu = vm_opts.heap.log_gc_debug = false;
        return;
    }
    if (what == 0) {
        xlog_select("all", 3);
        return;
    }
    for (const char *p = arg, *end = arg + what; p < end;) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        const char *stop = comma ? comma : end;
        xlog_select(p, (size_t)(stop - p));
        p = stop + 1;
    }
}

/* System properties HotSpot refuses: the extension and endorsed-standards mechanisms of
 * JDK 8 and before (an empty value, or "", passes). */
static const struct { const char *prefix; const char *message; } REMOVED_PROPERTIES[] = {
    { "-Djava.endorsed.dirs=", "-Djava.endorsed.dirs=%s is not supported. Endorsed standards and standalone APIs\n"
                               "in modular form will be supported via the concept of upgradeable modules.\n" },
    { "-Djava.ext.dirs=", "-Djava.ext.dirs=%s is not supported.  Use -classpath instead.\n" },
};

/* HotSpot's reserved module properties: -Djdk.module.<these> are ignored with a warning
 * (the options are the way to set them). */
static bool internal_module_property(const char *p) {
    static const char *const SUFFIXES[] = { "addexports", "addreads", "addopens", "patch", "addmods",
                                            "limitmods", "path", "upgrade.path", "enable.native.access", NULL };
    if (strncmp(p, "jdk.module.", 11) != 0) return false;
    p += 11;
    for (int i = 0; SUFFIXES[i]; i++) {
        size_t l = strlen(SUFFIXES[i]);
        if (strncmp(p, SUFFIXES[i], l) == 0 && (p[l] == '=' || p[l] == '.' || p[l] == '\0')) return true;
    }
    return false;
}

static bool module_property_warning, java_base_patched;

/* --patch-module=module=path[:path...]: the property for the module system, the entries
 * for the boot loader; java.base may be patched once (other modules are checked in Java). */
static jint patch_module(const char *spec) {
    const char *eq = strchr(spec, '=');
    if (!eq) {
        vm_printf(stdout, "Missing '=' in --patch-module specification\n");
        fflush(stdout);
        return JNI_ERR;
    }
    if ((size_t)(eq - spec) == 9 && strncmp(spec, "java.base", 9) == 0) {
        if (java_base_patched) vm_exit_during_init("Cannot specify java.base more than once to --patch-module");
        java_base_patched = true;
    }
    ld_patch_module(spec);
    add_module_prop("patch", spec);
    return JNI_OK;
}

/* JNI_OK if the -D option may be set, else HotSpot's refusal printed. */
static jint check_property(const char *opt) {
    for (size_t i = 0; i < ARRAY_LEN(REMOVED_PROPERTIES); i++) {
        size_t n = strlen(REMOVED_PROPERTIES[i].prefix);
        const char *value = opt + n;
        if (strncmp(opt, REMOVED_PROPERTIES[i].prefix, n) == 0 && *value && strcmp(value, "\"\"") != 0) {
            vm_printf(stdout, REMOVED_PROPERTIES[i].message, value);
            return JNI_EINVAL;
        }
    }
    return JNI_OK;
}

static jint parse_one(const char *opt, void *extra, bool ignore) {
    size_t sz;
    if (strncmp(opt, "-D", 2) == 0 && internal_module_property(opt + 2)) {
        module_property_warning = true;
        return JNI_OK;
    }
    if (strncmp(opt, "--patch-module=", 15) == 0) return patch_module(opt + 15);
    if (strncmp(opt, "-D", 2) == 0) {
        if (check_property(opt) != JNI_OK) return JNI_EINVAL;
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
    if (strncmp(opt, "-Xmn", 4) == 0) {
        if (!parse_size(opt + 4, &sz) || sz == 0) {
            fprintf(stderr, "Invalid initial young generation size: %s\n", opt);
            return JNI_EINVAL;
        }
        vm_opts.heap.young = sz;
        return JNI_OK;
    }
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
        vm_opts.verbose_class = vm_opts.heap.log_class_unload = true;
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
        { "--add-modules=", "addmods" }, { "--enable-native-access=", "enable.native.access" },
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
    static const char *const ACCEPTED[] = { "-Xint", "-Xmixed", "-Xcomp", "-Xbatch", "-Xdiag",
                                            "-Xnoagent", "-Xdebug", "-Xfuture", "-Xshare:on", "-Xshare:off", "-Xshare:auto", "-Xshare:dump",
                                            NULL };
    for (int i = 0; ACCEPTED[i]; i++)
        if (strcmp(opt, ACCEPTED[i]) == 0) return JNI_OK;
    if (strcmp(opt, "-Xnoclassgc") == 0) {        /* HotSpot's alias of -XX:-ClassUnloading */
        vm_opts.heap.class_unloading = false;
        return JNI_OK;
    }
    if (strcmp(opt, "-Xverify:none") == 0 || strcmp(opt, "-noverify") == 0) {
        vm_warning("Options -Xverify:none and -noverify were deprecated in JDK 13 and will likely be removed in a future release.");
        vfy_local = vfy_remote = false;
        return JNI_OK;
    }
    if (strcmp(opt, "-Xverify") == 0 || strcmp(opt, "-Xverify:remote") == 0 || strcmp(opt, "-Xverify:all") == 0) {
        vfy_local = strcmp(opt, "-Xverify:remote") != 0;
        vfy_remote = true;
        return JNI_OK;
    }
    if (strncmp(opt, "-Xverify:", 9) == 0) {
        fprintf(stderr, "Unrecognized verification option: %s\n", opt);
        return JNI_EINVAL;
    }
    if (strncmp(opt, "-Xcheck", 7) == 0 && (opt[7] == '\0' || opt[7] == ':')) {
        if (strcmp(opt, "-Xcheck:jni") == 0) {
            vm_opts.check_jni = true;
            return JNI_OK;
        }
        fprintf(stderr, "Unrecognized check option: %s\n", opt);
        return JNI_EINVAL;
    }
    if (strcmp(opt, "-Xprof") == 0) {
        vm_warning("Ignoring option %s; support was removed in %s", opt, "10.0");
        return JNI_OK;
    }
    if (strncmp(opt, "-Xbootclasspath:", 16) == 0 || strncmp(opt, "-Xbootclasspath/p:", 18) == 0) {
        vm_printf(stdout, "%s is no longer a supported option.\n", opt[15] == '/' ? "-Xbootclasspath/p" : "-Xbootclasspath");
        return JNI_EINVAL;
    }
    if (strcmp(opt, "-Xlog") == 0 || strncmp(opt, "-Xlog:", 6) == 0) {
        parse_xlog(opt[5] ? opt + 6 : "");
        return JNI_OK;
    }
    if (jvmti_is_agent_option(opt)) return jvmti_add_agent_option(opt);
    if (strncmp(opt, "-javaagent:", 11) == 0) {
        /* as HotSpot: the JDK's instrument agent with the rest as its options, and the
         * module it needs */
        char *agent = vm_malloc(strlen(opt) + 32);
        sprintf(agent, "-agentlib:instrument=%s", opt + 11);
        jint rc = jvmti_add_agent_option(agent);
        vm_free(agent);
        add_module_prop("addmods", "java.instrument");
        return rc;
    }
    return unrecognized(opt, ignore);
}

static jint parse_env(const char *var, bool announce, bool ignore) {
    const char *v = getenv(var);
    if (!v || !*v) return JNI_OK;
    if (announce) fprintf(stderr, "Picked up %s: %s\n", var, v);
    char *copy = vm_strdup(v);
    jint rc = JNI_OK;
    private_options = !announce;
    for (char *save = NULL, *p = strtok_r(copy, " \t\n", &save); p && rc == JNI_OK; p = strtok_r(NULL, " \t\n", &save))
        rc = parse_one(p, NULL, ignore);
    private_options = false;
    vm_free(copy);
    return rc;
}

/* Everything starts from scratch: a JNI_CreateJavaVM that failed on its options leaves
 * nothing behind for the next attempt (HotSpot lets the caller try again). */
static void set_defaults(void) {
    memset(&vm_opts, 0, sizeof vm_opts);
    memset(flag_given, 0, sizeof flag_given);
    memset(module_prop_counters, 0, sizeof module_prop_counters);
    max_heap_given = thread_stack_given = private_options = false;
    unlock_diagnostic = unlock_experimental = print_flags_final = print_command_line_flags = print_vm_options = false;
    ignore_unrecognized = module_property_warning = false;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    size_t phys = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : (size_t)4 << 30;
    vm_opts.heap.max = phys / 4;
    vm_opts.heap.initial = 0;
    vm_opts.heap.soft_lru_ms_per_mb = 1000;
    vm_opts.max_stack_trace_depth = 1024;
    vm_opts.thread_stack = THREAD_STACK_DEFAULT;
    vm_opts.container_support = true;
    vm_opts.use_perf_data = true;
    vm_opts.heap.class_unloading = true;
    vm_opts.compact_strings = true;
    vfy_local = false;
    vfy_remote = true;
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
    const size_t min_stack = THREAD_STACK_MIN;
    if (thread_stack_given && vm_opts.thread_stack == 0) vm_opts.thread_stack = THREAD_STACK_DEFAULT;
    if (vm_opts.thread_stack < min_stack) {
        vm_printf(stdout, "\nThe Java thread stack size specified is too small. Specify at least %zuk\n", min_stack >> 10);
        return JNI_ERR;
    }
    return JNI_OK;
}

static const char *flag_type_name(FlagType t) {
    switch (t) {
    case F_BOOL: return "bool";
    case F_STRING: return "ccstr";
    case F_HEAP_MAX: case F_HEAP_INITIAL: return "size_t";
    case F_DIRECT_MAX: return "uint64_t";
    default: return "intx";
    }
}

static void flag_value(const VMFlag *f, char *out, size_t n) {
    if (f->type == 'Z') snprintf(out, n, "%s", f->z ? "true" : "false");
    else if (f->type == 'J') snprintf(out, n, "%lld", (long long)f->j);
    else snprintf(out, n, "%s", f->s ? f->s : "");
}

/* -XX:+PrintFlagsFinal (the flags Loupe honours, in HotSpot's table layout) and
 * -XX:+PrintCommandLineFlags (those set by the command line or by the VM, sorted). */
static void print_flags(void) {
    VMFlag f;
    char v[512];
    int order[ARRAY_LEN(FLAGS)], n = (int)ARRAY_LEN(FLAGS);
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 1; i < n; i++)                         /* by name, as HotSpot lists them */
        for (int j = i; j > 0 && strcmp(FLAGS[order[j - 1]].name, FLAGS[order[j]].name) > 0; j--) {
            int x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    if (print_command_line_flags) {
        for (int k = 0; k < n; k++) {
            int i = order[k];
            if (!opts_flag(i, &f)) continue;
            if (!f.given && FLAGS[i].type != F_HEAP_MAX && FLAGS[i].type != F_HEAP_INITIAL) continue;
            if (f.type == 'Z') {
                vm_printf(stdout, "-XX:%c%s ", f.z ? '+' : '-', f.name);
            } else {
                flag_value(&f, v, sizeof v);
                vm_printf(stdout, "-XX:%s=%s ", f.name, v);
            }
        }
        vm_printf(stdout, "\n");
    }
    if (print_flags_final) {
        vm_printf(stdout, "[Global flags]\n");
        for (int k = 0; k < n; k++) {
            if (!opts_flag(order[k], &f)) continue;
            flag_value(&f, v, sizeof v);
            vm_printf(stdout, "%9s %-40s = %-41s {product} {%s}\n", flag_type_name(FLAGS[order[k]].type), f.name, v,
                      f.given ? "command line" : "default");
        }
    }
    fflush(stdout);
}

jint opts_parse(const JavaVMInitArgs *args) {
    set_defaults();
    bool ignore = args && args->ignoreUnrecognized;
    /* -XX:+IgnoreUnrecognizedVMOptions counts wherever it stands, as in HotSpot */
    for (int i = 0; args && i < args->nOptions; i++) {
        const char *o = args->options[i].optionString;
        if (o && strcmp(o, "-XX:+IgnoreUnrecognizedVMOptions") == 0) ignore = true;
        if (o && strcmp(o, "-XX:-IgnoreUnrecognizedVMOptions") == 0) ignore = args->ignoreUnrecognized;
    }
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
    if (module_property_warning)
        vm_warning("Ignoring system property options whose names match the '-Djdk.module.*'. names that are reserved for internal use.");
    rc = check_sizes();
    if (rc == JNI_OK) print_flags();
    return rc;
}
