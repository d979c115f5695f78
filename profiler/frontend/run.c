/* profiler/frontend/run.c — `loupe-prof run`: a program profiled from its start.
 *
 *   loupe-prof run [-o FILE] [-e cpu,alloc,lock,wall] [-i INTERVAL] [--alloc BYTES]
 *                  [--format F] [--agent LIB] -- java ARGS...
 *
 * The command's first word is the java launcher; the agent's -agentpath option goes
 * right after it, so the program's own options and arguments are untouched.  Another
 * JDK launcher (javac, jshell, jar...) gets it as -J-agentpath:, the way those tools
 * pass options to their VM.  The
 * front-end waits for the agent's connection while the program runs, takes the stream
 * until the VM ends, writes FILE and exits with the program's status.  Ctrl-C is the
 * program's to handle (it reaches both processes; the front-end waits for the end of
 * the stream).
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lpf.h"
#include "opts.h"

typedef struct {
    pid_t pid;
    int status;
    int done;
} lpr_child;

static int lpr_alive(void *ctx)
{
    lpr_child *c = ctx;
    if (!c->done && waitpid(c->pid, &c->status, WNOHANG) == c->pid)
        c->done = 1;
    return !c->done;
}

static pid_t lpr_spawn(char **cmd, int n, const char *agentopt)
{
    char **argv = lpf_alloc((size_t)(n + 2) * sizeof *argv);
    argv[0] = cmd[0];
    argv[1] = (char *)agentopt;
    for (int i = 1; i < n; i++)
        argv[i + 1] = cmd[i];
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGINT, SIG_DFL);
        execvp(argv[0], argv);
        fprintf(stderr, "loupe-prof: cannot run %s\n", argv[0]);
        _exit(127);
    }
    free(argv);
    return pid;
}

static int lpr_exit_status(const lpr_child *c)
{
    if (WIFEXITED(c->status))
        return WEXITSTATUS(c->status);
    return WIFSIGNALED(c->status) ? 128 + WTERMSIG(c->status) : 1;
}

int lpf_cmd_run(int argc, char **argv)
{
    lpf_cli cli;
    int first = lpf_parse_cli(argc, argv, &cli, 1);
    if (first >= argc)
        lpf_die("run: give the program after --: loupe-prof run -o out.html -- java -cp DIR Main");
    lpf_listener l;
    if (lpf_listen(&l, cli.tcp))
        lpf_die("cannot create the session socket");
    char opts[1024], agentopt[6000];
    if (lpf_agent_options(opts, sizeof opts, &l, cli.events, cli.interval, cli.alloc))
        lpf_die("options too long");
    const char *base = strrchr(argv[first], '/') ? strrchr(argv[first], '/') + 1 : argv[first];
    snprintf(agentopt, sizeof agentopt, "%s-agentpath:%s=%s", strcmp(base, "java") ? "-J" : "",
             lpf_agent_path(cli.agent), opts);
    signal(SIGINT, SIG_IGN);
    lpr_child c = {lpr_spawn(argv + first, argc - first, agentopt), 0, 0};
    if (c.pid < 0)
        lpf_die("cannot start %s", argv[first]);
    lpf_buf raw = {0};
    int rc = 0;
    if (lpf_accept(&l, 120000, lpr_alive, &c)) {
        lpf_warn("the program ended without the profiler agent connecting (see its messages above)");
        rc = -1;
    } else {
        lpf_collect(&l, &raw, 0, NULL, NULL, &cli);
    }
    lpf_unlisten(&l);
    if (!c.done && waitpid(c.pid, &c.status, 0) == c.pid)
        c.done = 1;
    int status = lpr_exit_status(&c);
    if (rc == 0 && cli.out.path && lpf_finish(&raw, &cli.out))
        return status ? status : 3;
    lpf_buf_free(&raw);
    return rc ? (status ? status : 3) : status;
}
