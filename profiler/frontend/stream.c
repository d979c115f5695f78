/* profiler/frontend/stream.c — receiving the agent's stream.
 *
 * The front-end listens on a Unix socket in a fresh directory only its user can enter
 * (mkdtemp, 0700) and gives the agent the socket's path and a random token; the first
 * thing on an accepted connection must be that token, or the connection is dropped.  So
 * no other local user can read the profile or pose as the agent.  With --tcp the socket
 * is a loopback TCP one instead (tcp.c says how it is guarded).  Receiving polls with
 * a timeout and a liveness check (the child still runs, the VM still exists), so a VM
 * that dies or never loads the agent ends the wait with a message, not a hang.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "../protocol.h"
#include "lpf.h"
#include "opts.h"

volatile int lpf_interrupted;

static double lpf_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void lpf_random_token(char *out, size_t n)
{
    unsigned char r[16];
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd < 0 || read(fd, r, sizeof r) != (ssize_t)sizeof r)
        lpf_die("cannot read /dev/urandom for the session token");
    close(fd);
    for (size_t i = 0; i < sizeof r && 2 * i + 2 < n; i++)
        snprintf(out + 2 * i, 3, "%02x", r[i]);
}

/* lpf_write_token_file: the token in the session directory (0600), for a TCP agent. */
static int lpf_write_token_file(lpf_listener *l)
{
    snprintf(l->token_file, sizeof l->token_file, "%s/token", l->dir);
    int fd = open(l->token_file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    int ok = fd >= 0 && write(fd, l->token, strlen(l->token)) == (ssize_t)strlen(l->token);
    if (fd >= 0)
        close(fd);
    return ok ? 0 : -1;
}

/* lpf_listen: a fresh session: its directory, its token, and a listening socket (Unix,
 * or loopback TCP with tcp). */
int lpf_listen(lpf_listener *l, int tcp)
{
    memset(l, 0, sizeof *l);
    l->listen_fd = l->fd = -1;
    const char *tmp = getenv("TMPDIR");
    snprintf(l->dir, sizeof l->dir, "%s/loupe-prof.XXXXXX", tmp && strlen(tmp) < 40 ? tmp : "/tmp");
    if (!mkdtemp(l->dir))
        return -1;
    snprintf(l->path, sizeof l->path, "%s/agent.sock", l->dir);
    lpf_random_token(l->token, sizeof l->token);
    if (tcp) {
        l->listen_fd = lpf_tcp_listen(&l->tcp_port);
        return l->listen_fd < 0 || lpf_write_token_file(l) ? -1 : 0;
    }
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    memcpy(a.sun_path, l->path, strlen(l->path) + 1);
    l->listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (l->listen_fd < 0 || bind(l->listen_fd, (struct sockaddr *)&a, sizeof a) || listen(l->listen_fd, 4))
        return -1;
    return 0;
}

void lpf_unlisten(lpf_listener *l)
{
    if (l->fd >= 0)
        close(l->fd);
    if (l->listen_fd >= 0)
        close(l->listen_fd);
    unlink(l->path);
    if (l->token_file[0])
        unlink(l->token_file);
    rmdir(l->dir);
    l->fd = l->listen_fd = -1;
}

/* lpf_read_token: whether the connection starts with our token (2 s to say it). */
static int lpf_read_token(int fd, const char *token)
{
    uint8_t buf[160];
    size_t have = 0, want = 0;
    double deadline = lpf_now() + 2;
    while (lpf_now() < deadline) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 100) <= 0)
            continue;
        ssize_t n = read(fd, buf + have, want ? want - have : 1);
        if (n <= 0)
            return 0;
        have += (size_t)n;
        if (!want && !(buf[0] & 0x80)) {
            want = 1 + buf[0];
            if (want > sizeof buf)
                return 0;
        }
        if (want && have == want)
            return buf[0] == strlen(token) && !memcmp(buf + 1, token, buf[0]);
    }
    return 0;
}

/* lpf_accept: waits for the agent's connection; -1 when alive() says it will not come. */
int lpf_accept(lpf_listener *l, int timeout_ms, int (*alive)(void *), void *ctx)
{
    double deadline = lpf_now() + timeout_ms / 1000.0;
    while (lpf_now() < deadline && !lpf_interrupted) {
        struct pollfd p = {l->listen_fd, POLLIN, 0};
        int r = poll(&p, 1, 100);
        if (r > 0) {
            int fd = accept4(l->listen_fd, NULL, NULL, SOCK_CLOEXEC);
            if (fd >= 0 && l->tcp_port && !lpf_tcp_peer_is_ours(fd)) {
                lpf_warn("dropped a TCP connection from another user");
                close(fd);
                fd = -1;
            }
            if (fd >= 0 && lpf_read_token(fd, l->token)) {
                l->fd = fd;
                return 0;
            }
            if (fd >= 0) {
                lpf_warn("dropped a connection that did not bring this session's token");
                close(fd);
            }
        }
        if (alive && !alive(ctx))
            return -1;
    }
    return -1;
}

/* lpf_receive: appends the stream to raw until the agent closes it (0).  With seconds
 * > 0, asks the agent to stop after that long (or on Ctrl-C) and gives up 10 s after
 * asking; with seconds < 0, returns 1 after -seconds with the stream still open.  Also
 * ends when alive() fails and nothing more arrives. */
int lpf_receive(lpf_listener *l, lpf_buf *raw, double seconds, int (*alive)(void *), void *ctx)
{
    double stop_at = seconds > 0 ? lpf_now() + seconds : 0, give_up = 0;
    double until = seconds < 0 ? lpf_now() - seconds : 0;
    char buf[65536];
    for (;;) {
        if (until && lpf_now() >= until)
            return 1;
        if (!give_up && ((stop_at && lpf_now() >= stop_at) || (lpf_interrupted && seconds >= 0))) {
            if (send(l->fd, "stop\n", 5, MSG_NOSIGNAL) < 0)
                return 0;
            give_up = lpf_now() + 10;
        }
        if (give_up && lpf_now() > give_up) {
            lpf_warn("the agent did not finish its stream in time");
            return -1;
        }
        struct pollfd p = {l->fd, POLLIN, 0};
        int r = poll(&p, 1, 100);
        if (r < 0 && errno != EINTR)
            return -1;
        if (r > 0) {
            ssize_t n = read(l->fd, buf, sizeof buf);
            if (n == 0)
                return 0;
            if (n < 0 && errno != EINTR)
                return -1;
            if (n > 0)
                lpf_buf_add(raw, buf, (size_t)n);
        } else if (alive && !alive(ctx) && r == 0) {
            return 0;
        }
    }
}

/* lpf_agent_path: the agent library: given, else $LOUPE_PROF_AGENT, else beside us. */
const char *lpf_agent_path(const char *given)
{
    static char path[4200];
    const char *env = getenv("LOUPE_PROF_AGENT");
    if (given)
        snprintf(path, sizeof path, "%s", given);
    else if (env && *env)
        snprintf(path, sizeof path, "%s", env);
    else
        snprintf(path, sizeof path, "%s/../lib/libloupeprof.so", lpf_self_dir());
    char *abs = realpath(path, NULL);
    if (!abs)
        lpf_die("cannot find the agent library %s (build it with make, or give --agent PATH)", path);
    snprintf(path, sizeof path, "%s", abs);
    free(abs);
    return path;
}

/* lpf_agent_options: the agent's option string for a session. */
int lpf_agent_options(char *out, size_t cap, const lpf_listener *l, const char *events,
                      const char *interval, const char *alloc)
{
    char ev[128];
    snprintf(ev, sizeof ev, "%s", events);
    for (char *c = ev; *c; c++)
        if (*c == ',')
            *c = '+';
    char where[300];
    if (l->tcp_port)
        snprintf(where, sizeof where, "tcp=127.0.0.1:%d,tokenfile=%s", l->tcp_port, l->token_file);
    else
        snprintf(where, sizeof where, "socket=%s,token=%s", l->path, l->token);
    int n = snprintf(out, cap, "%s,events=%s%s%s%s%s", where, ev, interval ? ",interval=" : "",
                     interval ? interval : "", alloc ? ",alloc=" : "", alloc ? alloc : "");
    return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* lpf_collect: receives the whole stream (like lpf_receive: stop after `seconds` when
 * positive, else at the stream's end), pushing the CPU profile every period when the
 * options ask for it. */
int lpf_collect(lpf_listener *l, lpf_buf *raw, double seconds, int (*alive)(void *), void *ctx,
                const lpf_cli *cli)
{
    if (!cli->push)
        return lpf_receive(l, raw, seconds, alive, ctx);
    struct timespec wall;
    clock_gettime(CLOCK_REALTIME, &wall);
    double start = lpf_now(), epoch = (double)wall.tv_sec + (double)wall.tv_nsec / 1e9;
    uint64_t pushed = 0;
    int open = 1;
    while (open) {
        double left = seconds > 0 ? start + seconds - lpf_now() : cli->push_every;
        if (lpf_interrupted || (seconds > 0 && left <= 0))
            open = lpf_receive(l, raw, 0.001, alive, ctx) == 1;
        else
            open = lpf_receive(l, raw, -(left < cli->push_every ? left : cli->push_every), alive, ctx) == 1;
        lpm_profile p;
        char err[200];
        if (raw->len && !lpm_parse(raw->p, raw->len, &p, err, sizeof err)) {
            lpm_expand_stacks(&p);
            uint64_t until = open ? p.last_time : UINT64_MAX;
            if (until > pushed)
                lpf_push(&p, cli->push, cli->app, pushed, until, epoch);
            pushed = until;
            lpm_free(&p);
        }
    }
    return 0;
}
