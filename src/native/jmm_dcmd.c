/*
 * jmm_dcmd.c — diagnostic commands, as the DiagnosticCommand MBean
 * (com.sun.management:type=DiagnosticCommand) lists and runs them.
 *
 * A command is a row of the table below: its name, the texts and permission the MBean
 * shows, its arguments and options, and the function that runs it.  The MBean builds its
 * operations from GetDiagnosticCommands / GetDiagnosticCommandInfo /
 * GetDiagnosticCommandArgumentsInfo, and runs one by passing a command line ("VM.uptime
 * -date") to ExecuteDiagnosticCommand, which returns what the command printed.
 *
 * Command lines are read as HotSpot reads them: words separated by spaces, the first
 * naming the command; a word naming one of its options ("-all", "-date=false") sets it,
 * any other word fills the next positional argument; a command without arguments takes
 * no words at all.  Mistakes are IllegalArgumentExceptions with HotSpot's messages, and
 * the outputs keep HotSpot's layout, so that tools reading them need no second parser.
 *
 * The set is small: help, GC.class_histogram, GC.heap_dump, GC.heap_info, GC.run,
 * GC.run_finalization, ManagementAgent.start_local / status / stop, Thread.print (the SIGQUIT dump; -l and -e are accepted and add
 * nothing yet), VM.command_line, VM.dynlibs, VM.flags, VM.system_properties, VM.uptime,
 * VM.version.
 */
#include "native/jni_internal.h"
#include "native/jmm.h"
#include "jvmti/jvmti_export.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "interp/interp.h"
#include "runtime/jstring.h"
#include "runtime/threaddump.h"
#include "runtime/vm.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_ARGS 2

typedef struct DcmdArg {
    const char *name;
    const char *description;
    bool option;                    /* "-name[=value]", else positional */
    bool mandatory;                 /* a positional argument the command cannot do without */
} DcmdArg;

/* The values a command line gave: booleans for options, strings for positional ones. */
typedef struct DcmdValues {
    bool flag[MAX_ARGS];
    const char *text[MAX_ARGS];
    DcmdSource source;              /* who asked: the MBean or an attached tool */
} DcmdValues;

typedef struct Dcmd Dcmd;
struct Dcmd {
    const char *name;
    const char *description;
    const char *impact;
    const char *perm_class, *perm_name, *perm_action;
    int nargs;
    DcmdArg args[MAX_ARGS];         /* positional ones first, as HotSpot lists them */
    void (*run)(Thread *t, FILE *out, const DcmdValues *v);
};

static void run_help(Thread *t, FILE *out, const DcmdValues *v);
static void run_gc(Thread *t, FILE *out, const DcmdValues *v);
static void run_histogram(Thread *t, FILE *out, const DcmdValues *v);
static void run_heap_dump(Thread *t, FILE *out, const DcmdValues *v);
static void run_heap_info(Thread *t, FILE *out, const DcmdValues *v);
static void run_finalization(Thread *t, FILE *out, const DcmdValues *v);
static void run_dynlibs(Thread *t, FILE *out, const DcmdValues *v);
static void run_agent_load(Thread *t, FILE *out, const DcmdValues *v);
static void run_data_dump(Thread *t, FILE *out, const DcmdValues *v);
static void run_jmx_start_local(Thread *t, FILE *out, const DcmdValues *v);
static void run_jmx_status(Thread *t, FILE *out, const DcmdValues *v);
static void run_jmx_stop(Thread *t, FILE *out, const DcmdValues *v);
static void run_threads(Thread *t, FILE *out, const DcmdValues *v);
static void run_command_line(Thread *t, FILE *out, const DcmdValues *v);
static void run_flags(Thread *t, FILE *out, const DcmdValues *v);
static void run_properties(Thread *t, FILE *out, const DcmdValues *v);
static void run_uptime(Thread *t, FILE *out, const DcmdValues *v);
static void run_version(Thread *t, FILE *out, const DcmdValues *v);

#define MONITOR "java.lang.management.ManagementPermission", "monitor", NULL
#define NO_PERMISSION NULL, NULL, NULL
#define CONTROL "java.lang.management.ManagementPermission", "control", NULL

/* In name order, which is the order help lists them in. */
static const Dcmd DCMDS[] = {
    { "GC.class_histogram", "Provide statistics about the Java heap usage.", "High: Depends on Java heap size and content.",
      MONITOR, 1, { { "-all", "Inspect all objects, including unreachable objects", true, false } }, run_histogram },
    { "GC.heap_dump", "Generate a HPROF format dump of the Java heap.",
      "High: Depends on Java heap size and content. Request a full GC unless the '-all' option is specified.", MONITOR,
      2, { { "filename", "Name of the dump file", false, true }, { "-all", "Dump all objects, including unreachable objects", true, false } },
      run_heap_dump },
    { "GC.heap_info", "Provide generic Java heap information.", "Medium", MONITOR, 0, { { 0 } }, run_heap_info },
    { "GC.run", "Call java.lang.System.gc().", "Medium: Depends on Java heap size and content.", NO_PERMISSION,
      0, { { 0 } }, run_gc },
    { "GC.run_finalization", "Call java.lang.System.runFinalization().", "Medium: Depends on Java content.",
      NO_PERMISSION, 0, { { 0 } }, run_finalization },
    { "JVMTI.agent_load", "Load JVMTI native agent.", "Low", CONTROL,
      2, { { "library path", "Absolute path of the JVMTI agent to load.", false, true },
           { "agent option", "Option string to pass the agent.", false, false } }, run_agent_load },
    { "JVMTI.data_dump", "Signal the JVM to do a data-dump request for JVMTI.", "High", MONITOR, 0, { { 0 } }, run_data_dump },
    { "ManagementAgent.start_local", "Start local management agent.", "Low: No impact", NO_PERMISSION, 0, { { 0 } },
      run_jmx_start_local },
    { "ManagementAgent.status", "Print the management agent status.", "Low: No impact", MONITOR, 0, { { 0 } },
      run_jmx_status },
    { "ManagementAgent.stop", "Stop remote management agent.", "Low: No impact", NO_PERMISSION, 0, { { 0 } },
      run_jmx_stop },
    { "Thread.print", "Print all threads with stacktraces.", "Medium: Depends on the number of threads.", MONITOR,
      2, { { "-l", "print java.util.concurrent locks", true, false }, { "-e", "print extended thread information", true, false } },
      run_threads },
    { "VM.command_line", "Print the command line used to start this VM instance.", "Low", MONITOR,
      0, { { 0 } }, run_command_line },
    { "VM.dynlibs", "Print loaded dynamic libraries.", "Low", MONITOR, 0, { { 0 } }, run_dynlibs },
    { "VM.flags", "Print VM flag options and their current values.", "Low", MONITOR,
      1, { { "-all", "Print all flags supported by the VM", true, false } }, run_flags },
    { "VM.system_properties", "Print system properties.", "Low", "java.util.PropertyPermission", "*", "read",
      0, { { 0 } }, run_properties },
    { "VM.uptime", "Print VM uptime.", "Low", NO_PERMISSION,
      1, { { "-date", "Add a prefix with current date", true, false } }, run_uptime },
    { "VM.version", "Print JVM version information.", "Low", "java.util.PropertyPermission", "java.vm.version", "read",
      0, { { 0 } }, run_version },
    { "help", "For more information about a specific command use 'help <command>'. With no argument this will show "
              "a list of available commands. 'help all' will show help for all commands.", "Low", NO_PERMISSION,
      2, { { "command name", "The name of the command for which we want help", false, false },
           { "-all", "Show help for all commands", true, false } }, run_help },
};

/* As in HotSpot, GC.heap_dump is for attached tools only: the MBean does not offer it. */
static bool available(const Dcmd *d, DcmdSource source) { return source == DCMD_ATTACH || d->run != run_heap_dump; }

static const Dcmd *find_from(const char *name, size_t len, DcmdSource source) {
    for (size_t i = 0; i < ARRAY_LEN(DCMDS); i++)
        if (strlen(DCMDS[i].name) == len && strncmp(DCMDS[i].name, name, len) == 0)
            return available(&DCMDS[i], source) ? &DCMDS[i] : NULL;
    return NULL;
}

static const Dcmd *find(const char *name, size_t len) { return find_from(name, len, DCMD_JMX); }

static const Dcmd *find_string(Object *s) {
    char *u = s ? jstr_to_utf8(s) : NULL;
    const Dcmd *d = u ? find(u, strlen(u)) : NULL;
    vm_free(u);
    return d;
}

/* ---- the commands ---- */

static void print_help(FILE *out, const Dcmd *d) {
    fprintf(out, "%s\n%s\n\nImpact: %s\n", d->name, d->description, d->impact);
    if (d->perm_class) {
        fprintf(out, "\nPermission: %s(%s", d->perm_class, d->perm_name ? d->perm_name : "null");
        if (d->perm_action) fprintf(out, ", %s", d->perm_action);
        fputs(")\n", out);
    }
    fputc('\n', out);
    if (d->nargs == 0) {
        fprintf(out, "Syntax: %s\n", d->name);
        return;
    }
    bool options = false, positional = false;
    for (int i = 0; i < d->nargs; i++) {
        options |= d->args[i].option;
        positional |= !d->args[i].option;
    }
    fprintf(out, "Syntax : %s %s", d->name, options ? "[options]" : "");
    for (int i = 0; i < d->nargs; i++)
        if (!d->args[i].option) fprintf(out, d->args[i].mandatory ? " <%s>" : " [<%s>]", d->args[i].name);
    fputc('\n', out);
    if (positional) {
        fputs("\nArguments:\n", out);
        for (int i = 0; i < d->nargs; i++)
            if (!d->args[i].option)
                fprintf(out, "\t%s : %s %s (STRING, no default value)\n", d->args[i].name,
                        d->args[i].mandatory ? "" : "[optional]", d->args[i].description);
    }
    if (options) {
        fputs("\nOptions: (options must be specified using the <key> or <key>=<value> syntax)\n", out);
        for (int i = 0; i < d->nargs; i++)
            if (d->args[i].option)
                fprintf(out, "\t%s : [optional] %s (BOOLEAN, false)\n", d->args[i].name, d->args[i].description);
    }
}

static void run_help(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(t);
    const char *cmd = v->text[0];
    if (v->flag[1]) {
        for (size_t i = 0; i < ARRAY_LEN(DCMDS); i++)
            if (available(&DCMDS[i], v->source)) fprintf(out, "%s\n\t%s\n\n", DCMDS[i].name, DCMDS[i].description);
    } else if (cmd) {
        const Dcmd *d = find_from(cmd, strlen(cmd), v->source);
        if (d) print_help(out, d);
        else fprintf(out, "Help unavailable : '%s' : No such command\n", cmd);
    } else {
        fputs("The following commands are available:\n", out);
        for (size_t i = 0; i < ARRAY_LEN(DCMDS); i++)
            if (available(&DCMDS[i], v->source)) fprintf(out, "%s\n", DCMDS[i].name);
        fputs("\nFor more information about a specific command use 'help <command>'.\n", out);
    }
}

static void run_gc(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(out);
    UNUSED(v);
    heap_collect(t, GC_DCMD);
}

/* A JAR goes through the JDK's instrument agent, as "<jar>=<options>". */
static void run_agent_load(Thread *t, FILE *out, const DcmdValues *v) {
    const char *path = v->text[0], *opts = v->text[1];
    size_t n = strlen(path);
    if (n < 4 || strcmp(path + n - 4, ".jar") != 0) {
        jvmti_attach_agent(t, path, true, opts, out);
        return;
    }
    char *jar = vm_malloc(n + (opts ? strlen(opts) : 0) + 2);
    sprintf(jar, "%s=%s", path, opts ? opts : "");
    jvmti_attach_agent(t, "instrument", false, jar, out);
    vm_free(jar);
}

static void run_data_dump(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(out);
    UNUSED(v);
    if (JVMTI_EVENT_ENABLED(t, JVMTI_EVENT_DATA_DUMP_REQUEST)) jvmti_post_DataDumpRequest(t);
}

/* ManagementAgent.*: as in HotSpot, the JDK's jdk.management.agent module does the work:
 * the module is loaded (into a layer of its own when the boot layer lacks it, as under
 * --limit-modules), then jdk.internal.agent.Agent, found through the system loader, runs
 * the command; its exceptions are the command's. */
static Class *jmx_agent(Thread *t) {
    Class *mods = jmm_class(t, "jdk/internal/module/Modules");
    Method *load = mods ? class_find_declared_method(mods, sym_intern_cstr("loadModule"),
                                                     sym_intern_cstr("(Ljava/lang/String;)Ljava/lang/Module;")) : NULL;
    Object *name = load ? jstr_new_utf8(t, "jdk.management.agent") : NULL;
    Slot args[1] = { { .l = name } }, r;
    if (!name || !interp_call(t, load, args, &r)) return NULL;
    Method *sys = class_find_declared_method(VMC(ClassLoader), sym_intern_cstr("getSystemClassLoader"),
                                             sym_intern_cstr("()Ljava/lang/ClassLoader;"));
    if (!sys || !interp_call(t, sys, NULL, &r)) return NULL;
    Class *agent = ld_load(t, sym_intern_cstr("jdk/internal/agent/Agent"), hnd_new(t, r.l), false);
    return agent && class_init(t, agent) ? agent : NULL;
}

/* Calls Agent's static method name with descriptor desc; *result its value. */
static bool jmx_call(Thread *t, const char *name, const char *desc, Slot *result) {
    HandleMark hm = hnd_mark(t);
    Class *agent = jmx_agent(t);
    Method *m = agent ? class_find_declared_method(agent, sym_intern_cstr(name), sym_intern_cstr(desc)) : NULL;
    bool ok = m && interp_call(t, m, NULL, result);
    hnd_release(t, hm);
    return ok;
}

static void run_jmx_start_local(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(out);
    UNUSED(v);
    Slot r;
    jmx_call(t, "startLocalManagementAgent", "()V", &r);
}

static void run_jmx_stop(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(out);
    UNUSED(v);
    Slot r;
    jmx_call(t, "stopRemoteManagementAgent", "()V", &r);
}

static void run_jmx_status(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(v);
    Slot r;
    if (!jmx_call(t, "getManagementAgentStatus", "()Ljava/lang/String;", &r) || !r.l) return;
    char *s = jstr_to_utf8(r.l);
    if (s) fprintf(out, "%s\n", s);     /* the text ends with a newline, and HotSpot adds one */
    vm_free(s);
}

static void run_histogram(Thread *t, FILE *out, const DcmdValues *v) {
    heap_print_histogram(t, out, !v->flag[0]);
}

static void run_heap_dump(Thread *t, FILE *out, const DcmdValues *v) {
    heap_dump_report(t, out, v->text[0], !v->flag[1]);
}

/* The heap as HotSpot's Serial collector prints it (heap/heapinfo.c). */
static void run_heap_info(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(t);
    UNUSED(v);
    heap_print_info(out, "");
}

static void run_finalization(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(out);
    UNUSED(v);
    Class *sys = VMC(System);
    Method *m = class_find_declared_method(sys, sym_intern_cstr("runFinalization"), sym_void_sig);
    if (m) interp_call(t, m, NULL, NULL);
}

/* As HotSpot: the process's memory map, which names every library loaded. */
static void run_dynlibs(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(t);
    UNUSED(v);
    fputs("Dynamic libraries:\n", out);
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return;
    char line[1024];
    while (fgets(line, sizeof line, maps)) fputs(line, out);
    fclose(maps);
}

static void run_threads(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(v);
    vm_thread_dump(t, out);
}

static void run_command_line(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(t);
    UNUSED(v);
    fputs("VM Arguments:\n", out);
    if (vm_opts.nvm_args > 0) {
        fputs("jvm_args: ", out);
        for (int i = 0; i < vm_opts.nvm_args; i++) fprintf(out, "%s ", vm_opts.vm_args[i]);
        fputc('\n', out);
    }
    const char *command = opts_get_property("sun.java.command");
    const char *path = opts_get_property("java.class.path");
    const char *launcher = opts_get_property("sun.java.launcher");
    fprintf(out, "java_command: %s\n", command ? command : "<unknown>");
    fprintf(out, "java_class_path (initial): %s\n", path && *path ? path : "<not set>");
    fprintf(out, "Launcher Type: %s\n", launcher ? launcher : "generic");
}

static void print_flag_value(FILE *out, const VMFlag *f) {
    if (f->type == 'Z') fputs(f->z ? "true" : "false", out);
    else if (f->type == 'J') fprintf(out, "%lld", (long long)f->j);
    else fputs(f->s ? f->s : "", out);
}

/* The flags an option set, as "-XX:" options on one line; or, with -all, every flag. */
static void run_flags(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(t);
    VMFlag f;
    if (v->flag[0]) {
        for (int i = 0; opts_flag(i, &f); i++) {
            const char *type = f.type == 'Z' ? "bool" : f.type == 'J' ? "intx" : "ccstr";
            fprintf(out, "%9s %-40s = ", type, f.name);
            print_flag_value(out, &f);
            fprintf(out, " {product} {%s}\n", f.given ? "command line" : "default");
        }
        return;
    }
    for (int i = 0; opts_flag(i, &f); i++) {
        if (!f.given) continue;
        if (f.type == 'Z') {
            fprintf(out, "-XX:%c%s ", f.z ? '+' : '-', f.name);
        } else {
            fprintf(out, "-XX:%s=", f.name);
            print_flag_value(out, &f);
            fputc(' ', out);
        }
    }
    fputc('\n', out);
}

/* The JDK serialises the properties itself (jdk.internal.vm.VMSupport), as for HotSpot. */
static void run_properties(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(v);
    Class *c = jmm_class(t, "jdk/internal/vm/VMSupport");
    Method *m = c ? class_find_declared_method(c, sym_intern_cstr("serializePropertiesToByteArray"), sym_intern_cstr("()[B")) : NULL;
    Slot r;
    if (!m || !interp_call(t, m, NULL, &r) || !r.l) return;
    fwrite(ARRAY_ELEMS(r.l, jbyte), 1, (size_t)array_length(r.l), out);
}

static void run_uptime(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(t);
    if (v->flag[0]) {
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        struct tm tm;
        localtime_r(&now.tv_sec, &tm);
        char date[64], zone[16];
        strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S", &tm);
        strftime(zone, sizeof zone, "%z", &tm);
        fprintf(out, "%s.%03ld%s: ", date, now.tv_nsec / 1000000, zone);
    }
    fprintf(out, "%.3f s\n", vm_uptime_seconds());
}

static void run_version(Thread *t, FILE *out, const DcmdValues *v) {
    UNUSED(v);
    fprintf(out, "%s version %s\n", VM_NAME, VM_VERSION);
    /* the JDK's version, as System.getProperty("java.version") has it */
    Class *sys = VMC(System);
    Method *get = class_find_declared_method(sys, sym_intern_cstr("getProperty"), sym_intern_cstr("(Ljava/lang/String;)Ljava/lang/String;"));
    Object *key = get ? jstr_new_utf8(t, "java.version") : NULL;
    Slot a[1] = { { .l = key } }, r;
    if (!key || !interp_call(t, get, a, &r) || !r.l) {
        exc_take(t);
        return;
    }
    char *u = jstr_to_utf8(r.l);
    fprintf(out, "JDK %s\n", u ? u : "");
    vm_free(u);
}

/* ---- command lines ---- */

/* Reads one command line's words into v; false with IllegalArgumentException. */
static bool parse_args(Thread *t, const Dcmd *d, char *line, DcmdValues *v) {
    memset(v, 0, sizeof *v);
    int next_positional = 0;
    for (char *save = NULL, *w = strtok_r(line, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        if (d->nargs == 0) {
            exc_throw(t, VMC_IllegalArgumentException, "The argument list of this diagnostic command should be empty.");
            return false;
        }
        char *eq = strchr(w, '=');
        size_t klen = eq ? (size_t)(eq - w) : strlen(w);
        int opt = -1;
        for (int i = 0; i < d->nargs; i++)
            if (d->args[i].option && strlen(d->args[i].name) == klen && strncmp(d->args[i].name, w, klen) == 0) opt = i;
        if (opt >= 0) {
            const char *val = eq ? eq + 1 : "";
            if (!*val || strcmp(val, "true") == 0) v->flag[opt] = true;
            else if (strcmp(val, "false") == 0) v->flag[opt] = false;
            else {
                exc_throw(t, VMC_IllegalArgumentException,
                          "Boolean parsing error in command argument '%s'. Could not parse: %s.\n", d->args[opt].name, val);
                return false;
            }
            continue;
        }
        while (next_positional < d->nargs && d->args[next_positional].option) next_positional++;
        if (next_positional < d->nargs) {
            v->text[next_positional++] = w;
            continue;
        }
        exc_throw(t, VMC_IllegalArgumentException, "Unknown argument '%.*s' in diagnostic command.", (int)(klen < 29 ? klen : 29), w);
        return false;
    }
    return true;
}

bool jmm_dcmd_run(Thread *t, char *line, FILE *out, DcmdSource source) {
    while (*line == ' ') line++;
    size_t len = strcspn(line, " ");
    if (len == 0) return true;
    const Dcmd *d = find_from(line, len, source);
    if (!d) {
        exc_throw(t, VMC_IllegalArgumentException, "Unknown diagnostic command");
        return false;
    }
    DcmdValues v;
    if (!parse_args(t, d, line + len, &v)) return false;
    v.source = source;
    for (int i = 0; i < d->nargs; i++)
        if (d->args[i].mandatory && !v.text[i]) {
            exc_throw(t, VMC_IllegalArgumentException, "The argument '%s' is mandatory.", d->args[i].name);
            return false;
        }
    d->run(t, out, &v);
    return !exc_pending(t);
}

static Object *execute(Thread *t, char *line) {
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out) {
        exc_throw_oom(t, "diagnostic command output");
        return NULL;
    }
    bool ok = jmm_dcmd_run(t, line, out, DCMD_JMX);
    fclose(out);
    Object *r = ok ? jstr_new_utf8_len(t, text, size) : NULL;
    free(text);
    return r;
}

/* ---- the interface entries ---- */

/* The i-th command the MBean offers. */
static const char *dcmd_name(int i) {
    for (size_t k = 0; k < ARRAY_LEN(DCMDS); k++)
        if (available(&DCMDS[k], DCMD_JMX) && i-- == 0) return DCMDS[k].name;
    return NULL;
}

jobjectArray JNICALL jmm_GetDiagnosticCommands(JNIEnv *env) {
    JNI_ENTER(env);
    int n = 0;
    for (size_t k = 0; k < ARRAY_LEN(DCMDS); k++) n += available(&DCMDS[k], DCMD_JMX);
    JNI_RETURN(jmm_string_array(t, n, dcmd_name));
}

void JNICALL jmm_GetDiagnosticCommandInfo(JNIEnv *env, jobjectArray cmds, JmmDcmdInfo *infos) {
    JNI_ENTER(env);
    Object *a = hnd_get(cmds);
    if (!a || !infos) {
        exc_npe(t);
        JNI_RETURN_VOID();
    }
    if (!jmm_array_of(a, VMC(String))) {
        exc_throw(t, VMC_IllegalArgumentException, "Array element type is not String class");
        JNI_RETURN_VOID();
    }
    for (jint i = 0; i < array_length(a); i++) {
        Object *s = ARRAY_ELEMS(a, Object *)[i];
        if (!s) {
            exc_throw(t, VMC_NullPointerException, "Command name cannot be null.");
            JNI_RETURN_VOID();
        }
        const Dcmd *d = find_string(s);
        if (!d) {
            exc_throw(t, VMC_IllegalArgumentException, "Unknown diagnostic command");
            JNI_RETURN_VOID();
        }
        infos[i] = (JmmDcmdInfo){ d->name, d->description, d->impact, d->perm_class, d->perm_name, d->perm_action,
                                  d->nargs, JNI_TRUE };
    }
    JNI_RETURN_VOID();
}

void JNICALL jmm_GetDiagnosticCommandArgumentsInfo(JNIEnv *env, jstring cmd, JmmDcmdArgInfo *infos, jint count) {
    JNI_ENTER(env);
    if (!hnd_get(cmd)) {
        exc_throw(t, VMC_NullPointerException, "Command line cannot be null.");
        JNI_RETURN_VOID();
    }
    const Dcmd *d = find_string(hnd_get(cmd));
    if (!d) {
        exc_throw(t, VMC_IllegalArgumentException, "Unknown diagnostic command");
        JNI_RETURN_VOID();
    }
    if (count != d->nargs || (count > 0 && !infos)) {
        exc_throw(t, VMC_InternalError, "jmm_GetDiagnosticCommandArgumentsInfo count mismatch");
        JNI_RETURN_VOID();
    }
    for (int i = 0, position = 0; i < d->nargs; i++) {
        const DcmdArg *arg = &d->args[i];
        infos[i] = (JmmDcmdArgInfo){ arg->name, arg->description, arg->option ? "BOOLEAN" : "STRING",
                                     arg->option ? "false" : NULL, arg->mandatory, arg->option, JNI_FALSE,
                                     arg->option ? -1 : position++ };
    }
    JNI_RETURN_VOID();
}

jstring JNICALL jmm_ExecuteDiagnosticCommand(JNIEnv *env, jstring cmdline) {
    JNI_ENTER(env);
    Object *s = hnd_get(cmdline);
    if (!s) {
        exc_throw(t, VMC_NullPointerException, "Command line cannot be null.");
        JNI_RETURN(NULL);
    }
    char *line = jstr_to_utf8(s);
    if (!line) {
        exc_throw(t, VMC_NullPointerException, "Command line content cannot be null.");
        JNI_RETURN(NULL);
    }
    Object *r = execute(t, line);
    vm_free(line);
    JNI_RETURN(hnd_local(t, r));
}

/* No command announces anything, so there is nothing to switch. */
void JNICALL jmm_SetDiagnosticFrameworkNotificationEnabled(JNIEnv *env, jboolean enabled) {
    UNUSED(env);
    UNUSED(enabled);
}
