/* profiler/agent/transport.c — where the stream goes: a file, or the front-end's socket.
 *
 * file=PATH writes the stream to PATH (created 0600: a profile shows the program's
 * code).  socket=PATH connects to the Unix socket the front-end listens on, inside a
 * directory only its user can enter, and sends the front-end's token first, so that the
 * front-end knows the stream comes from the agent it started.  Writes use MSG_NOSIGNAL:
 * a front-end that died is a failed write (the recording stops), never a SIGPIPE in the
 * profiled program.  The front-end's commands come back on the same socket.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "../protocol.h"
#include "agent.h"

static int lpt_connect(const char *path)
{
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    if (strlen(path) >= sizeof a.sun_path) {
        lpa_log("socket path too long: %s", path);
        return -1;
    }
    strcpy(a.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a)) {
        lpa_log("cannot connect to the front-end at %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

/* lpa_transport_open: opens the destination the options name. */
int lpa_transport_open(void)
{
    lpa.out_is_socket = lpa.opt.socket[0] != 0;
    if (!lpa.out_is_socket) {
        lpa.out_fd = open(lpa.opt.file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (lpa.out_fd < 0)
            lpa_log("cannot write %s: %s", lpa.opt.file, strerror(errno));
        return lpa.out_fd < 0 ? -1 : 0;
    }
    lpa.out_fd = lpt_connect(lpa.opt.socket);
    if (lpa.out_fd < 0)
        return -1;
    /* A front-end that stops reading for 10 s (stopped, hung) ends the recording. */
    struct timeval tv = {10, 0};
    setsockopt(lpa.out_fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    uint8_t t[140];
    size_t len = strlen(lpa.opt.token);
    size_t n = lp_put_varint(t, len);
    memcpy(t + n, lpa.opt.token, len);
    return lpa_transport_write(t, n + len);
}

/* lpa_transport_write: writes all of p; -1 when the destination failed. */
int lpa_transport_write(const void *p, size_t n)
{
    const char *c = p;
    while (n > 0 && lpa.out_fd >= 0) {
        ssize_t w = lpa.out_is_socket ? send(lpa.out_fd, c, n, MSG_NOSIGNAL) : write(lpa.out_fd, c, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            lpa_log("the profile stream broke (%s): recording stopped", w < 0 ? strerror(errno) : "closed");
            return -1;
        }
        c += w, n -= (size_t)w;
    }
    return lpa.out_fd >= 0 ? 0 : -1;
}

/* lpa_transport_poll_command: 1 when the front-end asked to stop (or hung up). */
int lpa_transport_poll_command(void)
{
    if (!lpa.out_is_socket || lpa.out_fd < 0)
        return 0;
    struct pollfd p = {lpa.out_fd, POLLIN, 0};
    if (poll(&p, 1, 0) <= 0)
        return 0;
    char buf[64];
    ssize_t n = recv(lpa.out_fd, buf, sizeof buf - 1, MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EINTR))
        return 0;
    return n <= 0 || memmem(buf, (size_t)n, "stop", 4) != NULL;
}

void lpa_transport_close(void)
{
    if (lpa.out_fd >= 0)
        close(lpa.out_fd);
    lpa.out_fd = -1;
}
