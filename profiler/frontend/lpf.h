/* profiler/frontend/lpf.h — what the front-end's files share.
 *
 * loupe-prof is the profiler's front-end, a process of its own (the patent's figure 2:
 * the agent inside the VM forwards events, the front-end analyses and shows them, and
 * its own costs are not charged to the program).  It receives the agent's stream
 * (stream.c), starts a program with the agent (run.c) or attaches the agent to a running
 * VM (attach.c), reads a stream into a profile model (model.c), and writes it as
 * collapsed stacks, pprof, an HTML report or a text summary (out_*.c).
 */
#ifndef LOUPE_PROFILER_LPF_H
#define LOUPE_PROFILER_LPF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A growable byte buffer. */
typedef struct {
    uint8_t *p;
    size_t len, cap;
} lpf_buf;

void lpf_buf_add(lpf_buf *b, const void *p, size_t n);
void lpf_buf_printf(lpf_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void lpf_buf_free(lpf_buf *b);
int lpf_read_file(const char *path, lpf_buf *b);
int lpf_write_file(const char *path, const void *p, size_t n);
void lpf_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void lpf_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *lpf_alloc(size_t n);
void *lpf_grow(void *p, size_t *cap, size_t need, size_t elem);
const char *lpf_self_dir(void);

/* --- the profile model (model.c) --------------------------------------------------- */

typedef struct { uint64_t cls, name, desc; } lpm_method;
/* n (method, zigzag line), leaf first; a stack of a NODE record keeps its parent and
 * leaf, and gets its frames (f) when an event names it (lpm_expand_stacks). */
typedef struct { int n; uint64_t *f; uint64_t parent, method, line; } lpm_stack;
typedef struct { uint64_t kind, time, tid, stack; } lpm_sample;
typedef struct { uint64_t time, tid, stack, cls, size, sampled, objects; } lpm_alloc;  /* size: all objects' bytes */
typedef struct { uint64_t start, dur; } lpm_gc;
typedef struct { uint64_t time, tid, stack, lock, owner, waiter, wait; } lpm_lock;
typedef struct { uint64_t tid, name, start, end; } lpm_thread;

#define LPM_VEC(T) struct { T *v; size_t n, cap; }

/* The live heap and lifetimes (events=live, Loupe): a snapshot after a collection, and
 * object counts by (alive at the end or died, arena name, class, age in collections). */
typedef struct { uint64_t cls, count, bytes; } lpm_live;
typedef struct { uint64_t time, gcs, used, capacity; size_t n; lpm_live *v; } lpm_heap;
typedef struct { uint64_t key, count, bytes; } lpm_life;   /* key: lpm_life_key */
typedef struct { uint64_t id, name; } lpm_arena;
#define lpm_life_key(alive, arena_name, cls, age) \
    ((uint64_t)(alive) << 63 | ((uint64_t)(arena_name) & 0x7fff) << 48 | ((uint64_t)(cls) & 0xffffffffffull) << 8 | (age))
#define lpm_life_alive(k) ((k) >> 63)
#define lpm_life_arena(k) (((k) >> 48) & 0x7fff)
#define lpm_life_cls(k) (((k) >> 8) & 0xffffffffffull)
#define lpm_life_age(k) ((k) & 0xff)

typedef struct {
    LPM_VEC(char *) strings;      /* strings.v[id - 1] */
    LPM_VEC(lpm_method) methods;  /* methods.v[id - 1] */
    LPM_VEC(lpm_stack) stacks;    /* stacks.v[id - 1] */
    LPM_VEC(lpm_sample) samples;
    LPM_VEC(lpm_alloc) allocs;
    LPM_VEC(lpm_gc) gcs;
    LPM_VEC(lpm_lock) locks;
    LPM_VEC(lpm_thread) threads;
    LPM_VEC(char *) meta;         /* key, value, key, value... */
    LPM_VEC(lpm_heap) heaps;
    LPM_VEC(lpm_arena) arenas;    /* the latest name of each arena id */
    LPM_VEC(uint64_t *) blocks;   /* the stacks' frames, allocated in blocks */
    uint64_t *block_next;         /* the last block's free words ... */
    size_t block_left;            /* ... and how many */
    /* Frame names, made by lpm_expand_stacks: each text once (the intern table, open
     * addressing), so that two names are equal exactly when their pointers are. */
    char **names;
    size_t nnames, capnames;
    const char **mlabel;          /* "pkg.Class.method" of method id i + 1 */
    const char **slabel;          /* string id i + 1 (the allocated class, the lock) */
    const char **tlabel;          /* per threads.v: "[thread NAME]", "[no Java frames: NAME]" */
    const char *unknown, *no_thread, *no_frames;   /* "[unknown]", "[thread ?]", "[no Java frames]" */
    lpm_life *lives;              /* open addressing by key (0: free) */
    size_t nlives, caplives;
    uint64_t agent_cpu_ns, bytes, dropped, taken;
    uint64_t last_time;
    int ended;                    /* the END record arrived */
    int truncated;                /* the stream stopped inside a record */
} lpm_profile;

int lpm_parse(const uint8_t *p, size_t n, lpm_profile *prof, char *err, size_t errcap);
/* The frames of every stack an event names, from their chains of NODE records: what
 * every output but the raw stream needs (a recording kept as .lprof is not expanded). */
void lpm_expand_stacks(lpm_profile *p);
void lpm_free(lpm_profile *p);
const char *lpm_str(const lpm_profile *p, uint64_t id);
const char *lpm_meta(const lpm_profile *p, const char *key);
/* The objects a recorded allocation stands for, per object recorded (model.c). */
double lpm_alloc_weight(const lpm_profile *p, const lpm_alloc *a);
const char *lpm_thread_name(const lpm_profile *p, uint64_t tid);
void lpm_frame_name(const lpm_profile *p, uint64_t method, char *out, size_t cap);

/* One event kind as weighted stacks: what every output draws. */
enum lpm_event { LPM_CPU, LPM_WALL, LPM_ALLOC, LPM_LOCK, LPM_NEVENTS };

typedef struct {
    uint64_t stack;     /* stack id (0: no Java frames) */
    uint64_t leaf;      /* extra leaf label string id (allocated class, lock) or 0 */
    uint64_t tid;
    double count;       /* samples, estimated objects, contentions */
    double total;       /* nanoseconds, estimated bytes, nanoseconds waited */
} lpm_entry;

typedef struct {
    lpm_entry *v;
    size_t n;
    const char *count_name, *count_unit, *total_name, *total_unit;
    int by_thread;      /* stacks start with the thread's name (wall clock) */
} lpm_series;

extern const char *const lpm_event_names[LPM_NEVENTS];
int lpm_event_by_name(const char *name);
void lpm_series_of(const lpm_profile *p, int event, lpm_series *s);
size_t lpm_series_frames(const lpm_profile *p, const lpm_series *s, const lpm_entry *e, const char **names,
                         size_t cap);
void lpm_series_free(lpm_series *s);

/* --- outputs ------------------------------------------------------------------------ */

typedef struct {
    const char *path;
    const char *format;   /* NULL: from the extension */
    int event;            /* for single-event formats; -1: the first present */
    int total;            /* collapsed: the second value (time, bytes) */
} lpf_outopts;

int lpf_output(lpm_profile *p, const lpf_buf *raw, const lpf_outopts *o);
int lpf_out_collapsed(const lpm_profile *p, int event, int total, FILE *f);
int lpf_out_pprof(const lpm_profile *p, int event, const char *path);
int lpf_out_html(const lpm_profile *p, const char *path);
int lpf_out_summary(const lpm_profile *p, FILE *f);
int lpf_out_jfr(const lpm_profile *p, const char *path);

/* The live heap and lifetimes per class or arena (live.c). */
typedef struct {
    uint64_t id;                /* class or arena name string id */
    uint64_t died, alive, bytes;
    int ages;                   /* ages seen: 0 .. ages-1 */
    uint64_t died_at[256];      /* deaths by age */
    uint64_t survived[256];     /* objects that lived through k collections */
} lpf_live_row;
size_t lpf_live_rows(const lpm_profile *p, int by_arena, lpf_live_row **rows);
const char *lpf_live_group_name(const lpm_profile *p, int by_arena, uint64_t id, char *buf, size_t cap);
void lpf_out_live(const lpm_profile *p, FILE *f);

/* --- recording (stream.c, run.c, attach.c) ----------------------------------------- */

typedef struct {
    char dir[64], path[100];
    char token[40];
    int listen_fd, fd;
    int tcp_port;         /* > 0: the loopback TCP transport (tcp.c) */
    char token_file[120]; /* the token, for a TCP agent */
} lpf_listener;

int lpf_listen(lpf_listener *l, int tcp);
int lpf_tcp_listen(int *port);
int lpf_tcp_peer_is_ours(int fd);
void lpf_unlisten(lpf_listener *l);
int lpf_accept(lpf_listener *l, int timeout_ms, int (*alive)(void *), void *ctx);
int lpf_receive(lpf_listener *l, lpf_buf *raw, double seconds, int (*alive)(void *), void *ctx);
const char *lpf_agent_path(const char *given);
int lpf_agent_options(char *out, size_t cap, const lpf_listener *l, const char *events,
                      const char *interval, const char *alloc);

int lpf_push(const lpm_profile *p, const char *url, const char *app, uint64_t from_us, uint64_t until_us,
             double start_epoch);
int lpf_cmd_run(int argc, char **argv);
int lpf_cmd_record(int argc, char **argv);
int lpf_cmd_convert(int argc, char **argv);
int lpf_cmd_top(int argc, char **argv);
int lpf_cmd_dump(int argc, char **argv);
int lpf_finish(const lpf_buf *raw, const lpf_outopts *o);
extern volatile int lpf_interrupted;

#endif
