/* profiler/agent/transport.c — where the stream goes: a file, or the front-end's socket.
 *
 * file=PATH writes the stream to PATH (created 0600: a profile shows the program's
 * code).  socket=PATH connects to the Unix socket the front-end listens on, inside a
 * directory only its user can enter, and sends the front-end's token first, so that the
 * front-end knows the stream comes from the agent it started.  Writes use MSG_NOSIGNAL:
 * a front-end that died is a failed write (the recording stops), never a SIGPIPE in the
 * profiled program.  The front-end's commands come back on the same socket.
 *
 * tcp=127.0.0.1:PORT connects to the front-end over loopback TCP instead (only a loopback
 * address is accepted: the stream is not encrypted); the token then comes from
 * tokenfile=PATH, a file only the user can read, so that it never shows on the VM's
 * command line.
 */
#include <errno.h>
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdlib.h>
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

/* lpt_connect_tcp: a connection to HOST:PORT, HOST a loopback address. */
static int lpt_connect_tcp(const char *spec)
{
    char host[64];
    const char *colon = strrchr(spec, ':');
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    long port = colon ? strtol(colon + 1, NULL, 10) : 0;
    snprintf(host, sizeof host, "%.*s", colon ? (int)(colon - spec) : 0, spec);
    if (!colon || port <= 0 || port > 65535 || inet_pton(AF_INET, host, &a.sin_addr) != 1 ||
        (ntohl(a.sin_addr.s_addr) >> 24) != 127) {
        lpa_log("tcp=%s: give a loopback address and a port, such as tcp=127.0.0.1:40123", spec);
        return -1;
    }
    a.sin_port = htons((uint16_t)port);
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a)) {
        lpa_log("cannot connect to the front-end at %s: %s", spec, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

/* lpt_read_token_file: the token from tokenfile=PATH into the options. */
static int lpt_read_token_file(void)
{
    int fd = open(lpa.opt.tokenfile, O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, lpa.opt.token, sizeof lpa.opt.token - 1) : -1;
    if (fd >= 0)
        close(fd);
    if (n <= 0) {
        lpa_log("cannot read the token file %s", lpa.opt.tokenfile);
        return -1;
    }
    lpa.opt.token[n] = 0;
    lpa.opt.token[strcspn(lpa.opt.token, "\r\n")] = 0;
    return 0;
}

/* lpa_transport_open: opens the destination the options name. */
int lpa_transport_open(void)
{
    lpa.out_is_socket = lpa.opt.socket[0] != 0 || lpa.opt.tcp[0] != 0;
    if (!lpa.out_is_socket) {
        lpa.out_fd = open(lpa.opt.file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (lpa.out_fd < 0)
            lpa_log("cannot write %s: %s", lpa.opt.file, strerror(errno));
        return lpa.out_fd < 0 ? -1 : 0;
    }
    if (lpa.opt.tokenfile[0] && lpt_read_token_file())
        return -1;
    lpa.out_fd = lpa.opt.tcp[0] ? lpt_connect_tcp(lpa.opt.tcp) : lpt_connect(lpa.opt.socket);
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
