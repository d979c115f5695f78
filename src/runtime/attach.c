/*
 * attach.c — the attach mechanism: how jcmd, jstack and the Attach API reach a running VM.
 *
 * The protocol is HotSpot's on Linux, spoken by the JDK's own clients (jdk.attach):
 *
 *   1. The client creates the file .attach_pid<pid> in the VM's working directory (or in
 *      /tmp) and sends SIGQUIT.
 *   2. The Signal Dispatcher, seeing that file (owned by our user or root), starts the
 *      listener instead of printing a thread dump (attach_is_init_trigger).  Once the
 *      listener runs, SIGQUIT prints thread dumps again.
 *   3. The "Attach Listener" daemon thread (a Java thread in the system group) binds the
 *      UNIX socket /tmp/.java_pid<pid>, readable and writable by its owner only, and
 *      serves one connection at a time.
 *   4. A request is NUL-terminated strings: the protocol version "1", the command name,
 *      then three arguments (empty when unused).  Peers of another user are refused.
 *   5. The reply is the completion status as a decimal line ("0\n" on success), then the
 *      command's output; the listener closes the connection.
 *
 * The commands are those the JDK's tools send: jcmd (one diagnostic-command line, run as
 * the DiagnosticCommand MBean runs it), threaddump (the SIGQUIT dump), properties and
 * agentProperties (serialized by jdk.internal.vm.VMSupport, as the client expects),
 * inspectheap (jmap -histo), dumpheap (jmap -dump, an HPROF file), load (an agent's
 * Agent_OnAttach: VirtualMachine.loadAgent, loadAgentPath, loadAgentLibrary).
 */
#include "runtime/attach.h"
#include "jvmti/jvmti_export.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "interp/interp.h"
#include "native/jmm.h"
#include "runtime/exception.h"
#include "runtime/jthread.h"
#include "runtime/jstring.h"
#include "runtime/threaddump.h"
#include "runtime/vm.h"
#include "heap/handles.h"
#include "heap/heap.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#define PROTOCOL_VERSION "1"
#define ERR_BAD_VERSION 101             /* the status a client reads as a protocol mismatch */
#define NARGS 3
#define REQUEST_MAX (16 + 4 * 1024)     /* name and arguments, as HotSpot bounds them */

static bool started;                    /* the listener was asked for (signal dispatcher only) */
static char socket_path[sizeof(((struct sockaddr_un *)0)->sun_path)];

/* ---- the trigger ---- */

static bool trigger_file_ok(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) return false;
    /* a file planted by another (non-root) user does not start anything */
    return st.st_uid == geteuid() || st.st_uid == 0;
}

static bool start_listener(void);

bool attach_is_init_trigger(void) {
    if (started || vm_opts.disable_attach) return false;
    char path[64];
    snprintf(path, sizeof path, ".attach_pid%d", (int)getpid());
    if (!trigger_file_ok(path)) {
        snprintf(path, sizeof path, "/tmp/.attach_pid%d", (int)getpid());
        if (!trigger_file_ok(path)) return false;
    }
    started = true;
    if (!start_listener()) vm_warning("could not start the attach listener");
    return true;
}

/* ---- replies ---- */

static bool write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

/* Sends status and output in a safe state: a slow client must not hold up a collection. */
static void reply(Thread *t, int fd, int status, const char *out, size_t n) {
    char line[16];
    int len = snprintf(line, sizeof line, "%d\n", status);
    int old = thread_block_begin(t);
    if (write_all(fd, line, (size_t)len) && n) write_all(fd, out, n);
    thread_block_end(t, old);
}

/* The pending exception as Throwable.toString() shows it, then a newline. */
static void print_exception(Thread *t, FILE *out) {
    Object *e = exc_take(t);
    char text[1024];
    exc_describe_throwable(e, text, sizeof text);
    fprintf(out, "%s\n", text);
}

/* ---- commands ---- */

typedef int (*Command)(Thread *t, char **args, FILE *out);

static int cmd_jcmd(Thread *t, char **args, FILE *out) {
    if (jmm_dcmd_run(t, args[0], out, DCMD_ATTACH)) return 0;
    print_exception(t, out);
    return JNI_ERR;
}

static int cmd_threaddump(Thread *t, char **args, FILE *out) {
    UNUSED(args);
    vm_thread_dump(t, out);
    return 0;
}

/* Writes the bytes that a static VMSupport method returns. */
static int serialized(Thread *t, const char *method, FILE *out) {
    Class *c = ld_load_boot_or_null(t, sym_intern_cstr("jdk/internal/vm/VMSupport"));
    Method *m = c && class_init(t, c) ? class_find_declared_method(c, sym_intern_cstr(method), sym_intern_cstr("()[B")) : NULL;
    Slot r;
    if (!m || !interp_call(t, m, NULL, &r) || !r.l) {
        if (exc_pending(t)) print_exception(t, out);
        return JNI_ERR;
    }
    fwrite(ARRAY_ELEMS(r.l, jbyte), 1, (size_t)array_length(r.l), out);
    return 0;
}

static int cmd_properties(Thread *t, char **args, FILE *out) {
    UNUSED(args);
    return serialized(t, "serializePropertiesToByteArray", out);
}

static int cmd_agent_properties(Thread *t, char **args, FILE *out) {
    UNUSED(args);
    return serialized(t, "serializeAgentPropertiesToByteArray", out);
}

/* jmap -histo: "-live" (the default) or "-all", then an optional file to write to. */
static int cmd_inspectheap(Thread *t, char **args, FILE *out) {
    bool live = true;
    if (args[0][0]) {
        if (strcmp(args[0], "-all") != 0 && strcmp(args[0], "-live") != 0) {
            fprintf(out, "Invalid argument to inspectheap operation: %s\n", args[0]);
            return JNI_ERR;
        }
        live = strcmp(args[0], "-live") == 0;
    }
    FILE *f = args[1][0] ? fopen(args[1], "w") : NULL;
    if (args[1][0] && !f) fprintf(out, "Failed to allocate space for file: %s\n", args[1]);
    heap_print_histogram(t, f ? f : out, live);
    if (f) {
        fclose(f);
        fprintf(out, "Heap inspection file created: %s\n", args[1]);
    }
    return 0;
}

/* jmap -dump: the file, then "-live" (the default) or "-all" (and a compression level,
 * which Loupe does not offer: it writes plain HPROF). */
static int cmd_dumpheap(Thread *t, char **args, FILE *out) {
    if (!args[0][0]) {
        fprintf(out, "No dump file specified\n");
        return 0;
    }
    bool live = true;
    if (args[1][0]) {
        if (strcmp(args[1], "-all") != 0 && strcmp(args[1], "-live") != 0) {
            fprintf(out, "Invalid argument to dumpheap operation: %s\n", args[1]);
            return JNI_ERR;
        }
        live = strcmp(args[1], "-live") == 0;
    }
    heap_dump_report(t, out, args[0], live);
    return 0;
}

/* The attach API's "load": agent, "true" when it is a path, options.  A JAR comes as the
 * "instrument" agent, whose module is loaded first, as HotSpot does. */
static int cmd_load(Thread *t, char **args, FILE *out) {
    if (strcmp(args[0], "instrument") == 0) {
        Class *c = ld_load_boot_or_null(t, sym_intern_cstr("jdk/internal/module/Modules"));
        Method *m = c && class_init(t, c) ? class_find_declared_method(c, sym_intern_cstr("loadModule"),
                                                                       sym_intern_cstr("(Ljava/lang/String;)Ljava/lang/Module;")) : NULL;
        Object *name = m ? jstr_new_utf8(t, "java.instrument") : NULL;
        Slot arg = { .l = name }, r;
        if (!m || !name || !interp_call(t, m, &arg, &r)) {
            if (exc_pending(t)) print_exception(t, out);
            return JNI_ERR;
        }
    }
    return jvmti_attach_agent(t, args[0], strcmp(args[1], "true") == 0, args[2], out);
}

static const struct {
    const char *name;
    Command run;
} COMMANDS[] = {
    { "load", cmd_load },
    { "dumpheap", cmd_dumpheap },
    { "inspectheap", cmd_inspectheap },
    { "jcmd", cmd_jcmd },
    { "threaddump", cmd_threaddump },
    { "properties", cmd_properties },
    { "agentProperties", cmd_agent_properties },
};

static void execute(Thread *t, int fd, char *name, char **args) {
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out) return;
    int status = JNI_ERR;
    size_t i = 0;
    while (i < ARRAY_LEN(COMMANDS) && strcmp(COMMANDS[i].name, name) != 0) i++;
    HandleMark hm = hnd_mark(t);
    if (i < ARRAY_LEN(COMMANDS)) status = COMMANDS[i].run(t, args, out);
    else fprintf(out, "Operation %s not recognized!\n", name);
    hnd_release(t, hm);
    if (exc_pending(t)) exc_take(t);
    fclose(out);
    reply(t, fd, status, text, size);
    free(text);
}

/* ---- the listener ---- */

/* Reads version, name and NARGS arguments; false for a malformed or oversized request. */
static bool read_request(int fd, char *buf, char **fields) {
    size_t n = 0;
    int strings = 0;
    fields[0] = buf;
    while (strings < 2 + NARGS) {
        if (n == REQUEST_MAX) return false;
        ssize_t r = read(fd, buf + n, 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        if (buf[n++] == 0 && ++strings < 2 + NARGS) fields[strings] = buf + n;
    }
    return true;
}

static bool peer_is_us(int fd) {
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return false;
    return (cred.uid == geteuid() && cred.gid == getegid()) || cred.uid == 0;
}

static void serve(Thread *t, int fd) {
    static char buf[REQUEST_MAX + 1];
    char *fields[2 + NARGS];
    if (!peer_is_us(fd) || !read_request(fd, buf, fields)) return;
    if (strcmp(fields[0], PROTOCOL_VERSION) != 0) {
        reply(t, fd, ERR_BAD_VERSION, NULL, 0);
        return;
    }
    execute(t, fd, fields[1], fields + 2);
}

/* A socket at /tmp/.java_pid<pid>, made under a temporary name and renamed once its mode
 * is right, so a client never connects to it half-made. */
static int open_socket(void) {
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    if (s < 0) return -1;
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    snprintf(socket_path, sizeof socket_path, "/tmp/.java_pid%d", (int)getpid());
    int n = snprintf(addr.sun_path, sizeof addr.sun_path, "%s.tmp", socket_path);
    if (n < 0 || (size_t)n >= sizeof addr.sun_path) {
        close(s);
        return -1;
    }
    unlink(addr.sun_path);
    if (bind(s, (struct sockaddr *)&addr, sizeof addr) != 0 || chmod(addr.sun_path, S_IRUSR | S_IWUSR) != 0 ||
        listen(s, 5) != 0 || rename(addr.sun_path, socket_path) != 0) {
        unlink(addr.sun_path);
        close(s);
        return -1;
    }
    return s;
}

static void remove_socket(void) { unlink(socket_path); }

static void listener_main(Thread *t) {
    int s = open_socket();
    if (s < 0) return;
    atexit(remove_socket);
    for (;;) {
        int old = thread_block_begin(t);
        int fd = accept(s, NULL, NULL);
        thread_block_end(t, old);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED) continue;
            break;
        }
        serve(t, fd);
        close(fd);
    }
    close(s);
}

static bool start_listener(void) { return jthread_start_system_daemon("Attach Listener", listener_main); }
