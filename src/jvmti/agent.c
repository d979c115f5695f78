/*
 * agent.c — agent libraries: -agentlib:, -agentpath: and -Xrun, loaded and started as
 * HotSpot does.
 *
 * Options are recorded in command-line order while they are parsed.  jvmti_load_agents
 * then runs, before the VM exists (the OnLoad phase), for each agent:
 *   1. a statically linked agent: Agent_OnLoad_<name> anywhere in the process (name: the
 *      library name, or the file name of an -agentpath without "lib" and ".so");
 *   2. else the library: -agentpath's file, or lib<name>.so in the JDK's lib/ (where the
 *      JDK's own agents, jdwp and instrument, live), else lib<name>.so on the dynamic
 *      linker's path;
 *   3. its Agent_OnLoad(vm, options, NULL), options NULL when none were given.
 * An -Xrun library that exports JVM_OnLoad is an old-style library rather than an agent:
 * its JVM_OnLoad runs when the VM is live.  A library that cannot be loaded, lacks the
 * entry point or whose Agent_OnLoad fails ends start-up with HotSpot's message.
 * Agent_OnUnload runs at VM death, after the VMDeath event.
 */
#include "jvmti/jvmti_internal.h"
#include "runtime/vm.h"
#include "runtime/exception.h"
#include "jvmpi/jvmpi_export.h"
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

typedef jint (JNICALL *AgentOnLoad)(JavaVM *vm, char *options, void *reserved);
typedef void (JNICALL *AgentOnUnload)(JavaVM *vm);

typedef struct Agent {
    char *name;                 /* library name, or the path of -agentpath */
    char *options;              /* NULL when the option had none */
    bool absolute;              /* -agentpath */
    bool xrun;                  /* -Xrun */
    bool jvm_onload;            /* an -Xrun library with JVM_OnLoad, started when live */
    void *handle;
    char *static_name;          /* set for a statically linked agent */
    struct Agent *next;
} Agent;

static Agent *agents;                   /* appended to while live (attach): atomic links */
static Agent **agents_tail = &agents;

static Agent *agent_next(Agent **link) { return __atomic_load_n(link, __ATOMIC_ACQUIRE); }
static void agent_append(Agent *a) {
    __atomic_store_n(agents_tail, a, __ATOMIC_RELEASE);
    agents_tail = &a->next;
}

bool jvmti_is_agent_option(const char *opt) {
    return strncmp(opt, "-agentlib:", 10) == 0 || strncmp(opt, "-agentpath:", 11) == 0 || strncmp(opt, "-Xrun", 5) == 0;
}

static void add_agent(const char *spec, char sep, bool absolute, bool xrun) {
    Agent *a = vm_calloc(1, sizeof *a);
    const char *eq = strchr(spec, sep);
    a->name = eq ? strndup(spec, (size_t)(eq - spec)) : vm_strdup(spec);
    a->options = eq ? vm_strdup(eq + 1) : NULL;
    a->absolute = absolute;
    a->xrun = xrun;
    agent_append(a);
}

jint jvmti_add_agent_option(const char *opt) {
    if (strncmp(opt, "-agentlib:", 10) == 0) add_agent(opt + 10, '=', false, false);
    else if (strncmp(opt, "-agentpath:", 11) == 0) add_agent(opt + 11, '=', true, false);
    else add_agent(opt + 5, ':', false, true);
    return JNI_OK;
}

/* "Agent_OnLoad_<name>" for the agent's base name. */
static void entry_name(const Agent *a, const char *entry, char *out, size_t n) {
    const char *base = a->name;
    size_t len = strlen(base);
    if (a->absolute) {
        const char *slash = strrchr(base, '/');
        if (slash) base = slash + 1;
        if (strncmp(base, "lib", 3) == 0) base += 3;
        len = strlen(base);
        if (len > 3 && strcmp(base + len - 3, ".so") == 0) len -= 3;
    }
    snprintf(out, n, "%s_%.*s", entry, (int)len, base);
}

static void *find_static(Agent *a) {
    char sym[512];
    entry_name(a, "Agent_OnLoad", sym, sizeof sym);
    void *fn = dlsym(RTLD_DEFAULT, sym);
    if (fn) a->static_name = vm_strdup(sym + strlen("Agent_OnLoad"));
    return fn;
}

static _Noreturn void fail(const char *fmt, const char *name, const char *detail) {
    char msg[2048];
    snprintf(msg, sizeof msg, fmt, name, detail);
    vm_exit_during_init(msg);
}

static void open_library(Agent *a) {
    char path[4096];
    if (a->absolute) {
        a->handle = dlopen(a->name, RTLD_LAZY);
        if (!a->handle) fail("Could not find agent library %s in absolute path, with error: %s", a->name, dlerror());
        return;
    }
    struct stat st;
    snprintf(path, sizeof path, "%s/lib/lib%s.so", vm_java_home, a->name);
    if (stat(path, &st) == 0) a->handle = dlopen(path, RTLD_LAZY);
    if (a->handle) return;
    snprintf(path, sizeof path, "lib%s.so", a->name);
    a->handle = dlopen(path, RTLD_LAZY);
    if (!a->handle) fail("Could not find agent library %s on the library path, with error: %s", a->name, dlerror());
}

static void load_agent(Agent *a) {
    AgentOnLoad on_load = (AgentOnLoad)find_static(a);
    if (!on_load) {
        open_library(a);
        if (a->xrun && dlsym(a->handle, "JVM_OnLoad")) {
            a->jvm_onload = true;
            jvmpi_prepare();    /* a profiler's events need capabilities of this phase */
            return;
        }
        on_load = (AgentOnLoad)dlsym(a->handle, "Agent_OnLoad");
    }
    if (!on_load) fail("Could not find Agent_OnLoad function in the agent library: %s", a->name, "");
    if (on_load(&vm_javavm, a->options, NULL) != JNI_OK) fail("agent library failed to init: %s", a->name, "");
}

void jvmti_load_agents(void) {
    for (Agent *a = agents; a; a = a->next) load_agent(a);
}

/* The old-style -Xrun libraries: JVM_OnLoad once the VM is live. */
void jvmti_start_xrun_libraries(void) {
    typedef jint (JNICALL *JvmOnLoad)(JavaVM *vm, char *options, void *reserved);
    for (Agent *a = agents; a; a = a->next) {
        if (!a->jvm_onload) continue;
        JvmOnLoad fn = (JvmOnLoad)dlsym(a->handle, "JVM_OnLoad");
        if (fn && fn(&vm_javavm, a->options, NULL) != JNI_OK)
            fail("-Xrun library failed to init: %s", a->name, "");
    }
}

/* A native method's JNI function in an agent library (HotSpot looks there last). */
void *jvmti_agent_symbol(const char *name) {
    for (Agent *a = agent_next(&agents); a; a = agent_next(&a->next)) {
        void *fn = a->handle ? dlsym(a->handle, name) : NULL;
        if (fn) return fn;
    }
    return NULL;
}

void jvmti_agents_unload(void) {
    for (Agent *a = agent_next(&agents); a; a = agent_next(&a->next)) {
        if (a->jvm_onload) continue;
        char sym[512];
        snprintf(sym, sizeof sym, "Agent_OnUnload%s", a->static_name ? a->static_name : "");
        AgentOnUnload fn = (AgentOnUnload)dlsym(a->handle ? a->handle : RTLD_DEFAULT, sym);
        if (fn) fn(&vm_javavm);
    }
}

/* ---- agents loaded into the live VM ---- */

static pthread_mutex_t attach_lock = PTHREAD_MUTEX_INITIALIZER;

/* The library as a live load finds it (NULL with dlerror's text in err). */
static void *attach_open(Agent *a, char *err, size_t n) {
    char path[4096];
    void *h = NULL;
    err[0] = '\0';
    if (!a->absolute) {
        struct stat st;
        snprintf(path, sizeof path, "%s/lib/lib%s.so", vm_java_home, a->name);
        if (stat(path, &st) == 0) h = dlopen(path, RTLD_LAZY);
        if (!h) snprintf(path, sizeof path, "lib%s.so", a->name);
    }
    if (!h) h = dlopen(a->absolute ? a->name : path, RTLD_LAZY);
    if (!h) snprintf(err, n, "%s", dlerror());
    return h;
}

static AgentOnLoad attach_entry(Agent *a) {
    char sym[512];
    entry_name(a, "Agent_OnAttach", sym, sizeof sym);
    AgentOnLoad fn = (AgentOnLoad)dlsym(RTLD_DEFAULT, sym);
    if (fn) {
        a->static_name = vm_strdup(sym + strlen("Agent_OnAttach"));
        return fn;
    }
    char err[1024];
    a->handle = attach_open(a, err, sizeof err);
    return a->handle ? (AgentOnLoad)dlsym(a->handle, "Agent_OnAttach") : NULL;
}

/* HotSpot's words: "<name> was not loaded." and the loader's reason, or no Agent_OnAttach,
 * or "return code: <what Agent_OnAttach returned>". */
static jint attach_locked(Thread *t, Agent *a, FILE *out) {
    AgentOnLoad on_attach = attach_entry(a);
    if (!on_attach && !a->handle && !a->static_name) {
        char err[1024];
        attach_open(a, err, sizeof err);
        fprintf(out, "%s was not loaded.\n", a->name);
        if (err[0]) fprintf(out, "%s\n", err);
        return JNI_ERR;
    }
    if (!on_attach) {
        fprintf(out, "Agent_OnAttach is not available in %s\n", a->name);
        return JNI_ERR;
    }
    jint r;
    JVMTI_CALLBACK(t, r = on_attach(&vm_javavm, a->options, NULL));
    if (exc_pending(t)) exc_take(t);
    fprintf(out, "return code: %d\n", r);
    if (r == JNI_OK) agent_append(a);
    return JNI_OK;
}

jint jvmti_attach_agent(Thread *t, const char *name, bool absolute, const char *options, FILE *out) {
    Agent *a = vm_calloc(1, sizeof *a);
    a->name = vm_strdup(name);
    a->options = options ? vm_strdup(options) : NULL;
    a->absolute = absolute;
    int old = thread_block_begin(t);
    pthread_mutex_lock(&attach_lock);
    thread_block_end(t, old);
    jint r = attach_locked(t, a, out);
    bool kept = agents_tail == &a->next;
    pthread_mutex_unlock(&attach_lock);
    if (!kept) {
        /* a library whose Agent_OnAttach ran stays: it may have left callbacks behind */
        if (r == JNI_ERR && a->handle) dlclose(a->handle);
        vm_free(a->static_name);
        vm_free(a->options);
        vm_free(a->name);
        vm_free(a);
    }
    return r;
}
