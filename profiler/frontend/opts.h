/* profiler/frontend/opts.h — the command-line options the subcommands share (main.c). */
#ifndef LOUPE_PROFILER_OPTS_H
#define LOUPE_PROFILER_OPTS_H

#include "lpf.h"

typedef struct {
    lpf_outopts out;
    const char *events;    /* -e cpu,alloc,lock,wall */
    const char *interval;  /* -i 10ms */
    const char *alloc;     /* --alloc 512k */
    const char *agent;     /* --agent LIB */
    double duration;       /* -d SECONDS */
    const char *push;      /* --push URL */
    const char *app;       /* --app NAME (default java) */
    double push_every;     /* --push-every SECONDS (default 10) */
    int tcp;               /* --tcp: the agent connects over loopback TCP */
    const char *pos[2];    /* positional arguments (record: the pid; convert: the input) */
    int npos;
} lpf_cli;

int lpf_parse_cli(int argc, char **argv, lpf_cli *cli, int need_output);
int lpf_collect(lpf_listener *l, lpf_buf *raw, double seconds, int (*alive)(void *), void *ctx,
                const lpf_cli *cli);

#endif
