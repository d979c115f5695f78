/* profiler/frontend/attach.c — `loupe-prof record` and `top`: the agent loaded into a
 * running VM through the JDK's attach mechanism, the way jcmd's JVMTI.agent_load does.
 *
 * HotSpot's (and Loupe's) attach protocol on Linux: the VM listens on the Unix socket
 * /tmp/.java_pid<PID> once its attach listener has started; to start it, a client
 * creates the file .attach_pid<PID> in the VM's working directory (or /tmp) and sends
 * SIGQUIT.  A request is "1" (the protocol version), the operation and three arguments,
 * each NUL-terminated; the reply is a status line ("0" for success) and the operation's
 * output.  The operation here is `load <agent> true <options>`, whose output is
 * "return code: N", N being what Agent_OnAttach returned.
 *
 * Before anything is sent, the target is checked: it exists, is ours, has libjvm.so
 * mapped (SIGQUIT would kill a process that is not a VM), and was not started with
 * -Xrs or -XX:+DisableAttachMechanism (which make SIGQUIT fatal or attach impossible).
 * After the recording, the front-end asks the agent to stop; the agent switches every
 * event and the timer off, and the VM runs on as before.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "lpf.h"
#include "opts.h"

static int lpa_alive(void *ctx) { return kill(*(pid_t *)ctx, 0) == 0 || errno == EPERM; }

static void lpa_sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};
    nanosleep(&ts, NULL);
}

/* lpa_file_has: whether /proc/PID/NAME contains needle (NUL bytes read as spaces); an
 * empty file is readable (the maps of a process in the middle of an exec, a zombie's). */
static int lpa_file_has(pid_t pid, const char *name, const char *needle, int *readable)
{
    char path[64];
    lpf_buf b = {0};
    snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, name);
    *readable = lpf_read_file(path, &b) == 0;
    for (size_t i = 0; i < b.len; i++)
        if (!b.p[i])
            b.p[i] = ' ';
    int has = *readable && b.len && strstr((char *)b.p, needle);
    lpf_buf_free(&b);
    return has;
}

/* lpa_check_target: dies with the reason when pid is not a VM we may attach to. */
static void lpa_check_target(pid_t pid)
{
    char path[64];
    struct stat st;
    int readable;
    snprintf(path, sizeof path, "/proc/%d", (int)pid);
    if (stat(path, &st))
        lpf_die("no process %d", (int)pid);
    if (st.st_uid != geteuid() && geteuid() != 0)
        lpf_die("process %d belongs to another user: attaching needs the same user", (int)pid);
    if (!lpa_file_has(pid, "maps", "/libjvm.so", &readable))
        lpf_die(readable ? "process %d is not a Java VM (no libjvm.so in it)"
                         : "cannot inspect process %d", (int)pid);
    if (lpa_file_has(pid, "cmdline", "-XX:+DisableAttachMechanism", &readable))
        lpf_die("the VM %d refuses attach (-XX:+DisableAttachMechanism)", (int)pid);
    if (lpa_file_has(pid, "cmdline", " -Xrs", &readable))
        lpf_die("the VM %d runs with -Xrs: the attach signal would end it; not attaching", (int)pid);
}

static int lpa_connect(const char *path)
{
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    snprintf(a.sun_path, sizeof a.sun_path, "%s", path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) == 0)
        return fd;
    if (fd >= 0)
        close(fd);
    return -1;
}

/* lpa_open_listener: the VM's attach socket, started with the attach file and SIGQUIT
 * when it is not there yet (10 s to appear). */
static int lpa_open_listener(pid_t pid)
{
    char sock[128], trigger[128];
    snprintf(sock, sizeof sock, "/proc/%d/root/tmp/.java_pid%d", (int)pid, (int)pid);
    int fd = lpa_connect(sock);
    if (fd >= 0)
        return fd;
    snprintf(trigger, sizeof trigger, "/proc/%d/cwd/.attach_pid%d", (int)pid, (int)pid);
    int t = open(trigger, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
    if (t < 0) {
        snprintf(trigger, sizeof trigger, "/proc/%d/root/tmp/.attach_pid%d", (int)pid, (int)pid);
        t = open(trigger, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
    }
    if (t >= 0)
        close(t);
    kill(pid, SIGQUIT);
    for (int i = 0; i < 100 && fd < 0 && lpa_alive(&pid); i++) {
        lpa_sleep_ms(100);
        fd = lpa_connect(sock);
    }
    unlink(trigger);
    return fd;
}

/* lpa_request: one attach operation with its three arguments; the reply (status line
 * and output) in rep.  -1 when the VM could not be reached. */
static int lpa_request(pid_t pid, const char *op, const char *a1, const char *a2, const char *a3, lpf_buf *rep)
{
    int fd = lpa_open_listener(pid);
    if (fd < 0) {
        lpf_warn("the VM %d did not open its attach socket (attach disabled, or the VM is busy)", (int)pid);
        return -1;
    }
    lpf_buf req = {0};
    const char *parts[] = {"1", op, a1, a2, a3};
    for (size_t i = 0; i < 5; i++)
        lpf_buf_add(&req, parts[i], strlen(parts[i]) + 1);
    int ok = write(fd, req.p, req.len) == (ssize_t)req.len;
    char buf[1024];
    ssize_t n;
    while (ok && (n = read(fd, buf, sizeof buf)) > 0)
        lpf_buf_add(rep, buf, (size_t)n);
    lpf_buf_add(rep, "", 1);
    close(fd);
    lpf_buf_free(&req);
    return ok ? 0 : -1;
}

/* lpa_load: the `load` operation; 0 when Agent_OnAttach returned 0. */
static int lpa_load(pid_t pid, const char *agent, const char *options)
{
    lpf_buf rep = {0};
    if (lpa_request(pid, "load", agent, "true", options, &rep))
        return -1;
    const char *r = (char *)rep.p;
    const char *rc = strstr(r, "return code: ");
    int result = r[0] == '0' && r[1] == '\n' && rc && atoi(rc + 13) == 0 ? 0 : -1;
    if (result)
        lpf_warn("the VM %d could not load the agent: %s%s", (int)pid, r[0] ? r : "no reply",
                 rc ? " (the agent's reason is in the program's error output)" : "");
    lpf_buf_free(&rep);
    return result;
}

/* lpa_session: attaches, loads the agent and accepts its connection. */
static int lpa_session(const lpf_cli *cli, pid_t pid, lpf_listener *l)
{
    lpa_check_target(pid);
    if (lpf_listen(l, cli->tcp))
        lpf_die("cannot create the session socket");
    char opts[1024];
    if (lpf_agent_options(opts, sizeof opts, l, cli->events, cli->interval, cli->alloc))
        lpf_die("options too long");
    if (lpa_load(pid, lpf_agent_path(cli->agent), opts) || lpf_accept(l, 120000, lpa_alive, &pid)) {
        lpf_unlisten(l);
        return -1;
    }
    return 0;
}

static pid_t lpa_pid(const lpf_cli *cli, const char *cmd)
{
    char *end;
    long pid = cli->npos == 1 ? strtol(cli->pos[0], &end, 10) : 0;
    if (cli->npos != 1 || *end || pid <= 0 || pid > 4194304)
        lpf_die("%s: give the process id of a running Java VM", cmd);
    return (pid_t)pid;
}

int lpf_cmd_record(int argc, char **argv)
{
    lpf_cli cli;
    lpf_parse_cli(argc, argv, &cli, 1);
    pid_t pid = lpa_pid(&cli, "record");
    lpf_listener l;
    if (lpa_session(&cli, pid, &l))
        return 1;
    fprintf(stderr, "loupe-prof: recording %d for %s (Ctrl-C stops)\n", (int)pid,
            cli.duration > 0 ? "the given time" : "10 s");
    lpf_buf raw = {0};
    lpf_collect(&l, &raw, cli.duration > 0 ? cli.duration : 10, lpa_alive, &pid, &cli);
    lpf_unlisten(&l);
    int rc = cli.out.path ? lpf_finish(&raw, &cli.out) : 0;
    lpf_buf_free(&raw);
    return rc ? 1 : 0;
}

/* --- dump ------------------------------------------------------------------------------ */

/* lpf_cmd_dump: an HPROF heap snapshot written by the VM itself (the attach mechanism's
 * `dumpheap`, as jmap -dump:live does), to an absolute path (the VM's working directory
 * is not ours). */
int lpf_cmd_dump(int argc, char **argv)
{
    lpf_cli cli;
    lpf_parse_cli(argc, argv, &cli, 1);
    pid_t pid = lpa_pid(&cli, "dump");
    char path[4200], dir[4096];
    const char *slash = strrchr(cli.out.path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - cli.out.path) + 1 : 1, slash ? cli.out.path : ".");
    char *real = realpath(dir, NULL);
    if (!real)
        lpf_die("dump: no directory %s for %s", dir, cli.out.path);
    snprintf(path, sizeof path, "%s/%s", real, slash ? slash + 1 : cli.out.path);
    free(real);
    lpa_check_target(pid);
    lpf_buf rep = {0};
    if (lpa_request(pid, "dumpheap", path, "-live", "", &rep))
        return 1;
    const char *r = (char *)rep.p, *text = strchr(r, '\n') ? strchr(r, '\n') + 1 : "";
    int ok = r[0] == '0' && r[1] == '\n' && strstr(text, "Heap dump file created");
    fprintf(stderr, "loupe-prof: %s", *text ? text : "no reply from the VM\n");
    lpf_buf_free(&rep);
    return ok ? 0 : 1;
}

/* --- top ------------------------------------------------------------------------------ */

static int lpa_key_q(void)
{
    char c;
    fd_set fs;
    FD_ZERO(&fs);
    FD_SET(0, &fs);
    struct timeval tv = {0, 0};
    return select(1, &fs, NULL, NULL, &tv) > 0 && read(0, &c, 1) == 1 && (c == 'q' || c == 'Q');
}

/* lpf_cmd_top: a summary of everything so far, redrawn every second; q or Ctrl-C quits. */
int lpf_cmd_top(int argc, char **argv)
{
    lpf_cli cli;
    lpf_parse_cli(argc, argv, &cli, 0);
    pid_t pid = lpa_pid(&cli, "top");
    lpf_listener l;
    if (lpa_session(&cli, pid, &l))
        return 1;
    struct termios old, raw_mode;
    int tty = tcgetattr(0, &old) == 0;
    if (tty) {
        raw_mode = old;
        raw_mode.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
        tcsetattr(0, TCSANOW, &raw_mode);
    }
    lpf_buf raw = {0};
    while (!lpf_interrupted && lpa_alive(&pid) && !lpa_key_q()) {
        lpf_receive(&l, &raw, -1, NULL, NULL);
        lpm_profile p;
        char err[200];
        if (raw.len && !lpm_parse(raw.p, raw.len, &p, err, sizeof err)) {
            lpm_expand_stacks(&p);
            fputs("\033[H\033[2J", stdout);
            lpf_out_summary(&p, stdout);
            fputs("\n(q or Ctrl-C quits)\n", stdout);
            fflush(stdout);
            lpm_free(&p);
        }
    }
    lpf_interrupted = 1;
    lpf_receive(&l, &raw, 0.001, lpa_alive, &pid);
    if (tty)
        tcsetattr(0, TCSANOW, &old);
    lpf_unlisten(&l);
    lpf_buf_free(&raw);
    return 0;
}
