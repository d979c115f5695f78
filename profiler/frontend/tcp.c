/* profiler/frontend/tcp.c — the loopback TCP transport (--tcp), for agents that cannot
 * reach the front-end's Unix socket (another mount namespace, a container sharing the
 * network).
 *
 * The front-end listens on 127.0.0.1 at a port the kernel picks (never a fixed one) and
 * tells the agent the port and a token file: the session's random token, in the session
 * directory only its user can enter, so the token never appears on a command line that
 * other users can read in /proc.  An accepted connection must come from a socket owned
 * by the front-end's own user (its owner is looked up in /proc/net/tcp by the two
 * endpoints) and must then bring the token, or it is dropped: no other local user can
 * feed the front-end or, through it, drive the agent.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lpf.h"

/* lpf_tcp_listen: a listening socket on 127.0.0.1 at a free port (*port), or -1. */
int lpf_tcp_listen(int *port)
{
    struct sockaddr_in a;
    socklen_t len = sizeof a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) || listen(fd, 4) ||
        getsockname(fd, (struct sockaddr *)&a, &len)) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    *port = ntohs(a.sin_port);
    return fd;
}

/* lpf_tcp_owner: the uid owning the socket whose local end is `local` and remote end
 * `remote` (as /proc/net/tcp writes them), or -1. */
static long lpf_tcp_owner(const struct sockaddr_in *local, const struct sockaddr_in *remote)
{
    char want_l[32], want_r[32], line[512], l[64], r[64];
    snprintf(want_l, sizeof want_l, "%08X:%04X", local->sin_addr.s_addr, ntohs(local->sin_port));
    snprintf(want_r, sizeof want_r, "%08X:%04X", remote->sin_addr.s_addr, ntohs(remote->sin_port));
    FILE *f = fopen("/proc/net/tcp", "r");
    long uid = -1;
    while (f && uid < 0 && fgets(line, sizeof line, f)) {
        long u;
        if (sscanf(line, " %*d: %63s %63s %*x %*s %*s %*s %ld", l, r, &u) == 3 && !strcmp(l, want_l) &&
            !strcmp(r, want_r))
            uid = u;
    }
    if (f)
        fclose(f);
    return uid;
}

/* lpf_tcp_peer_is_ours: whether the connected peer's socket belongs to our user. */
int lpf_tcp_peer_is_ours(int fd)
{
    struct sockaddr_in me, peer;
    socklen_t a = sizeof me, b = sizeof peer;
    if (getsockname(fd, (struct sockaddr *)&me, &a) || getpeername(fd, (struct sockaddr *)&peer, &b))
        return 0;
    long uid = lpf_tcp_owner(&peer, &me);
    return uid >= 0 && (uid_t)uid == geteuid();
}
