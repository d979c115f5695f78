/* profiler/frontend/push.c — --push URL: profiles sent to a continuous-profiling server.
 *
 * Pyroscope's ingest API: POST URL/ingest?name=APP.cpu&from=T&until=T&format=folded
 * with collapsed stacks as the body (times in Unix seconds).  While a recording runs,
 * the front-end sends the CPU samples of each period (--push-every, default 10 s) as they
 * arrive, and the rest at the end; that is how a fleet of VMs lands in one server.  A
 * server that is down or refuses is reported and the recording goes on.  Plain HTTP
 * only (the server is normally local or behind a proxy).
 */
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "lpf.h"

/* lpp_split: "http://host[:port][/prefix]" into its parts; -1 when it is not one. */
static int lpp_split(const char *url, char *host, size_t hcap, char *port, size_t pcap, char *prefix,
                     size_t xcap)
{
    if (strncmp(url, "http://", 7))
        return -1;
    const char *h = url + 7, *slash = strchr(h, '/'), *end = slash ? slash : h + strlen(h);
    const char *colon = memchr(h, ':', (size_t)(end - h));
    size_t hl = (size_t)((colon ? colon : end) - h);
    if (!hl || hl >= hcap)
        return -1;
    memcpy(host, h, hl), host[hl] = 0;
    snprintf(port, pcap, "%.*s", colon ? (int)(end - colon - 1) : 2, colon ? colon + 1 : "80");
    snprintf(prefix, xcap, "%s", slash ? slash : "");
    size_t n = strlen(prefix);
    if (n && prefix[n - 1] == '/')
        prefix[n - 1] = 0;
    return 0;
}

static int lpp_connect(const char *host, const char *port)
{
    struct addrinfo hints, *ai = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, port, &hints, &ai) || !ai)
        return -1;
    int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    struct timeval tv = {5, 0};
    if (fd >= 0) {
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        if (connect(fd, ai->ai_addr, ai->ai_addrlen))
            close(fd), fd = -1;
    }
    freeaddrinfo(ai);
    return fd;
}

/* lpp_post: one HTTP POST; 0 when the server answered 2xx.  Failures are reported once
 * until a push succeeds again. */
static int lpp_failing;

static int lpp_post(const char *url, const char *query, const char *body, size_t len)
{
    char host[256], port[16], prefix[512], status[64] = "";
    if (lpp_split(url, host, sizeof host, port, sizeof port, prefix, sizeof prefix) || !port[0]) {
        lpf_warn("--push: '%s' is not an http://HOST[:PORT] address", url);
        return -1;
    }
    int fd = lpp_connect(host, port);
    if (fd < 0) {
        if (!lpp_failing++)
            lpf_warn("--push: cannot connect to %s (the recording goes on)", url);
        return -1;
    }
    lpf_buf req = {0};
    lpf_buf_printf(&req, "POST %s/ingest?%s HTTP/1.0\r\nHost: %s\r\nContent-Type: text/plain\r\n"
                   "Content-Length: %zu\r\n\r\n", prefix, query, host, len);
    lpf_buf_add(&req, body, len);
    int ok = send(fd, req.p, req.len, MSG_NOSIGNAL) == (ssize_t)req.len;
    ssize_t n = ok ? recv(fd, status, sizeof status - 1, 0) : -1;
    char rest[512];
    while (n > 0 && recv(fd, rest, sizeof rest, 0) > 0)
        ;
    close(fd);
    lpf_buf_free(&req);
    ok = n > 12 && !strncmp(status, "HTTP/1.", 7) && status[9] == '2';
    if (!ok && !lpp_failing++)
        lpf_warn("--push: %s did not accept the profile (%.*s)", url, n > 0 ? (int)strcspn(status, "\r\n") : 9,
                 n > 0 ? status : "no answer");
    if (ok)
        lpp_failing = 0;
    return ok ? 0 : -1;
}

/* lpf_push: the CPU samples with times in [from_us, until_us) of p, sent to url as app;
 * start_epoch is the recording's start in Unix seconds. */
int lpf_push(const lpm_profile *p, const char *url, const char *app, uint64_t from_us, uint64_t until_us,
             double start_epoch)
{
    lpm_profile w = *p;
    w.samples.v = lpf_alloc((p->samples.n + 1) * sizeof *w.samples.v);
    w.samples.n = 0;
    for (size_t i = 0; i < p->samples.n; i++)
        if (p->samples.v[i].time >= from_us && p->samples.v[i].time < until_us)
            w.samples.v[w.samples.n++] = p->samples.v[i];
    char *body = NULL, query[700];
    size_t len = 0;
    FILE *f = open_memstream(&body, &len);
    int rc = -1;
    int written = f && !lpf_out_collapsed(&w, LPM_CPU, 0, f);
    if (f && fclose(f))
        written = 0;
    if (written) {
        const char *iv = lpm_meta(p, "cpu_interval_us");
        snprintf(query, sizeof query,
                 "name=%s.cpu&from=%.0f&until=%.0f&format=folded&sampleRate=%.0f&spyName=loupeprof"
                 "&units=samples&aggregationType=sum", app, start_epoch + (double)from_us / 1e6,
                 start_epoch + (double)until_us / 1e6, 1e6 / (iv ? atof(iv) : 10000));
        rc = len ? lpp_post(url, query, body, len) : 0;
    }
    free(body);
    free(w.samples.v);
    return rc;
}
