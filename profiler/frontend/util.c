/* profiler/frontend/util.c — buffers, files and messages for the front-end. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lpf.h"

void *lpf_alloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p)
        lpf_die("out of memory");
    return p;
}

/* lpf_grow: p with room for `need` elements, doubling. */
void *lpf_grow(void *p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    p = realloc(p, c * elem);
    if (!p)
        lpf_die("out of memory");
    *cap = c;
    return p;
}

void lpf_buf_add(lpf_buf *b, const void *p, size_t n)
{
    b->p = lpf_grow(b->p, &b->cap, b->len + n + 1, 1);
    if (n)
        memcpy(b->p + b->len, p, n);
    b->len += n;
    b->p[b->len] = 0;
}

void lpf_buf_printf(lpf_buf *b, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < (int)sizeof tmp) {
        lpf_buf_add(b, tmp, (size_t)n);
        return;
    }
    char *big = lpf_alloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    lpf_buf_add(b, big, (size_t)n);
    free(big);
}

void lpf_buf_free(lpf_buf *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

int lpf_read_file(const char *path, lpf_buf *b)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    char tmp[65536];
    ssize_t n;
    while ((n = read(fd, tmp, sizeof tmp)) > 0)
        lpf_buf_add(b, tmp, (size_t)n);
    close(fd);
    return n < 0 ? -1 : 0;
}

int lpf_write_file(const char *path, const void *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t w = fwrite(p, 1, n, f);
    return (fclose(f) || w != n) ? -1 : 0;
}

void lpf_warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("loupe-prof: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void lpf_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("loupe-prof: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

/* lpf_self_dir: the directory of this executable (build/bin). */
const char *lpf_self_dir(void)
{
    static char dir[4096];
    if (!dir[0]) {
        ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
        if (n <= 0)
            strcpy(dir, ".");
        else {
            dir[n] = 0;
            char *d = dirname(dir);
            memmove(dir, d, strlen(d) + 1);
        }
    }
    return dir;
}
