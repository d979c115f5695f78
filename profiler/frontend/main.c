/* profiler/frontend/main.c — loupe-prof's command line: the subcommands, their shared
 * options (one table), `convert`, and the common end of every recording (lpf_finish).
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "lpf.h"
#include "opts.h"

static const char lpf_usage[] =
    "usage: loupe-prof run [-o FILE] [-e EVENTS] [-i INTERVAL] [--alloc BYTES] -- java ARGS...\n"
    "       loupe-prof record [-d SECONDS] [-e EVENTS] [-i INTERVAL] -o FILE PID\n"
    "       loupe-prof convert IN.lprof -o OUT\n"
    "       loupe-prof top [-e EVENTS] PID\n"
    "       loupe-prof dump -o FILE.hprof PID   (an HPROF heap snapshot written by the VM)\n"
    "\n"
    "EVENTS: cpu,alloc,lock,wall,live (default cpu,alloc,lock; GC and threads always;\n"
    "  live: the live heap per class and every object's lifetime, on Loupe)\n"
    "INTERVAL: CPU sampling period (default 10ms); BYTES: mean bytes between allocation\n"
    "samples (default 512k), or exact: every object (Loupe's collector events).\n"
    "The output format follows FILE's extension or --format:\n"
    "  .lprof raw recording, .collapsed/.txt collapsed stacks, .pb.gz pprof, .html report,\n"
    "  .summary text summary, .jfr JDK Flight Recorder; --event cpu|wall|alloc|lock picks the\n"
    "  event of collapsed and pprof output, --total weighs collapsed stacks by time/bytes.\n"
    "--tcp: the agent streams over a loopback TCP connection (a port the kernel picks,\n"
    "  the session's token in a file only this user can read) instead of a Unix socket.\n"
    "--agent LIB: the agent library (default: ../lib/libloupeprof.so beside loupe-prof).\n"
    "--push URL [--app NAME] [--push-every SECONDS]: while recording, send the CPU profile\n"
    "  to a Pyroscope-compatible server (POST URL/ingest, collapsed stacks) every 10 s.\n";

enum { LPC_OUT, LPC_EVENTS, LPC_INTERVAL, LPC_ALLOC, LPC_FORMAT, LPC_EVENT, LPC_TOTAL, LPC_AGENT,
       LPC_DURATION, LPC_HELP, LPC_PUSH, LPC_APP, LPC_PUSH_EVERY, LPC_TCP };

static const struct {
    const char *shortname, *longname;
    int id, takes_value;
} lpc_options[] = {
    {"-o", "--output", LPC_OUT, 1},       {"-e", "--events", LPC_EVENTS, 1},
    {"-i", "--interval", LPC_INTERVAL, 1}, {NULL, "--alloc", LPC_ALLOC, 1},
    {"-f", "--format", LPC_FORMAT, 1},    {NULL, "--event", LPC_EVENT, 1},
    {NULL, "--total", LPC_TOTAL, 0},      {NULL, "--agent", LPC_AGENT, 1},
    {"-d", "--duration", LPC_DURATION, 1}, {"-h", "--help", LPC_HELP, 0},
    {NULL, "--push", LPC_PUSH, 1},        {NULL, "--app", LPC_APP, 1},
    {NULL, "--push-every", LPC_PUSH_EVERY, 1}, {NULL, "--tcp", LPC_TCP, 0},
};

static void lpc_check_events(const char *ev)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", ev);
    for (char *save, *t = strtok_r(buf, ",+", &save); t; t = strtok_r(NULL, ",+", &save))
        if (lpm_event_by_name(t) < 0 && strcmp(t, "live"))
            lpf_die("unknown event '%s' (events: cpu, alloc, lock, wall, live)", t);
}

static void lpc_set(lpf_cli *cli, int id, const char *v)
{
    char *end;
    switch (id) {
    case LPC_OUT: cli->out.path = v; break;
    case LPC_EVENTS: lpc_check_events(v), cli->events = v; break;
    case LPC_INTERVAL: cli->interval = v; break;
    case LPC_ALLOC: cli->alloc = v; break;
    case LPC_FORMAT: cli->out.format = v; break;
    case LPC_EVENT:
        if ((cli->out.event = lpm_event_by_name(v)) < 0)
            lpf_die("unknown event '%s' (events: cpu, alloc, lock, wall)", v);
        break;
    case LPC_TOTAL: cli->out.total = 1; break;
    case LPC_TCP: cli->tcp = 1; break;
    case LPC_AGENT: cli->agent = v; break;
    case LPC_DURATION:
        cli->duration = strtod(v, &end);
        if (*end || cli->duration <= 0 || cli->duration > 86400)
            lpf_die("bad duration '%s' (seconds, e.g. -d 10)", v);
        break;
    case LPC_HELP: fputs(lpf_usage, stdout), exit(0);
    case LPC_PUSH: cli->push = v; break;
    case LPC_APP: cli->app = v; break;
    case LPC_PUSH_EVERY:
        cli->push_every = strtod(v, &end);
        if (*end || cli->push_every < 1 || cli->push_every > 3600)
            lpf_die("bad push period '%s' (seconds, 1 to 3600)", v);
        break;
    }
}

/* lpf_parse_cli: options after argv[0] (the subcommand); returns the index where the
 * command of `run` starts (after "--" or at its first word), else argc. */
int lpf_parse_cli(int argc, char **argv, lpf_cli *cli, int need_output)
{
    memset(cli, 0, sizeof *cli);
    cli->out.event = -1;
    cli->events = "cpu,alloc,lock";
    cli->app = "java";
    cli->push_every = 10;
    int i = 1, is_run = !strcmp(argv[0], "run");
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--"))
            return i + 1;
        if (a[0] != '-' || !a[1]) {
            if (is_run)
                return i;
            if (cli->npos == 2)
                lpf_die("%s: unexpected argument '%s'", argv[0], a);
            cli->pos[cli->npos++] = a;
            continue;
        }
        size_t k = 0, n = sizeof lpc_options / sizeof lpc_options[0];
        while (k < n && !((lpc_options[k].shortname && !strcmp(a, lpc_options[k].shortname)) ||
                          !strcmp(a, lpc_options[k].longname)))
            k++;
        if (k == n)
            lpf_die("unknown option '%s' (see loupe-prof --help)", a);
        if (lpc_options[k].takes_value && i + 1 >= argc)
            lpf_die("option %s needs a value", a);
        lpc_set(cli, lpc_options[k].id, lpc_options[k].takes_value ? argv[++i] : NULL);
    }
    if (need_output && !cli->out.path && !cli->push)
        lpf_die("%s: say where the profile goes with -o FILE (.html, .collapsed, .pb.gz, .lprof)", argv[0]);
    return i;
}

/* lpf_finish: the received stream to the output file; 0 on success. */
int lpf_finish(const lpf_buf *raw, const lpf_outopts *o)
{
    lpm_profile p;
    char err[200];
    if (!raw->len) {
        lpf_warn("the agent sent nothing: no profile written");
        return -1;
    }
    if (lpm_parse(raw->p, raw->len, &p, err, sizeof err)) {
        lpf_warn("%s", err);
        lpm_free(&p);
        return -1;
    }
    if (p.truncated)
        lpf_warn("the recording is incomplete (the stream ended early); writing what arrived");
    if (p.dropped)
        lpf_warn("%llu events were dropped (the writer could not keep up)", (unsigned long long)p.dropped);
    int rc = lpf_output(&p, raw, o);
    lpm_free(&p);
    return rc;
}

int lpf_cmd_convert(int argc, char **argv)
{
    lpf_cli cli;
    lpf_parse_cli(argc, argv, &cli, 1);
    if (cli.npos != 1)
        lpf_die("convert: give one recording: loupe-prof convert IN.lprof -o OUT");
    lpf_buf raw = {0};
    if (lpf_read_file(cli.pos[0], &raw))
        lpf_die("cannot read %s", cli.pos[0]);
    int rc = lpf_finish(&raw, &cli.out);
    lpf_buf_free(&raw);
    return rc ? 1 : 0;
}

static void lpf_on_signal(int sig) { lpf_interrupted = 1; }

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*fn)(int, char **);
    } cmds[] = {{"run", lpf_cmd_run}, {"record", lpf_cmd_record}, {"convert", lpf_cmd_convert},
                {"top", lpf_cmd_top}, {"dump", lpf_cmd_dump}};
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        fputs(lpf_usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = lpf_on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (!strcmp(argv[1], cmds[i].name))
            return cmds[i].fn(argc - 1, argv + 1);
    lpf_die("unknown command '%s' (commands: run, record, convert, top, dump; see --help)", argv[1]);
}
