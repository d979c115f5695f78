/* profiler/agent/writer.c — the one writer thread: from ring slots to the wire.
 *
 * Every 5 ms while events arrive (backing off to 50 ms when none do) the writer drains
 * the rings (ring.c).  For each slot it turns
 * the frames' method ids into METHOD records (class and method names through JVMTI,
 * bytecode index to line through the method's line table, once per method), interns
 * the stack as NODE records (each new caller prefix sent once, as its parent's id and
 * one frame, then referred to by id), sends any new strings, and then the event record
 * itself.  Records go to a 64 KB buffer that is
 * written out when full and at each pass.  The writer is a Java daemon thread attached
 * through the Invocation API, because JVMTI's method queries need one; it also sends the
 * wall-clock signals, reads the front-end's commands, and at the end sends STATS and END.
 * A failed write (the front-end went away) stops the recording: the program goes on.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../protocol.h"
#include "agent.h"
#include "heap.h"
#include "hashtab.h"
#include "ring.h"
#include "sites.h"
#include "strings.h"
#include "writer.h"

#define LPW_PASS_NS 5000000ull       /* the pass period while events arrive */
#define LPW_IDLE_NS 50000000ull      /* ... backing off to this when few or none do */
#define LPW_FEW 64                   /* records a pass may take and still back off */

typedef struct {
    jmethodID m;
    uint64_t id;
    jint nlines;
    jvmtiLineNumberEntry *lines;
} lpw_method;

/* A stack is interned as a node of one prefix tree: its caller part's id (the parent)
 * and its leaf frame.  A NODE record per new node replaces a STACK record with every
 * frame: javac's 180 000 distinct allocation stacks of about 50 frames each had cost 158
 * MB of copies here and most of a 47 MB stream. */
typedef struct {
    uint64_t parent, method, line;   /* method id (0: a free slot), zigzag line */
    uint64_t id;
} lpw_node;

typedef struct {
    uint8_t buf[65536];
    size_t len;
    int failed;
    uint64_t bytes;
} lpw_out;

static pthread_t lpw_thread;
static int lpw_running;
static JNIEnv *lpw_jni;
static lpw_out lpw_o;
static uint64_t lpw_scount;        /* stack ids given (the nodes' and sites.c's) */
static uint32_t lpw_tids[4096];    /* threads named so far (open addressing; 0 free) */

/* --- output ------------------------------------------------------------------------ */

static void lpw_flush(void)
{
    if (lpw_o.len && !lpw_o.failed && lpa_transport_write(lpw_o.buf, lpw_o.len))
        lpw_o.failed = 1;
    lpw_o.bytes += lpw_o.len;
    lpw_o.len = 0;
}

static void lpw_bytes(const void *p, size_t n)
{
    if (lpw_o.len + n > sizeof lpw_o.buf)
        lpw_flush();
    if (n > sizeof lpw_o.buf)
        return;
    memcpy(lpw_o.buf + lpw_o.len, p, n);
    lpw_o.len += n;
}

/* A record is built in a scratch buffer, then framed with its type and length.  The buffer
 * is left uninitialised (only n is set): zeroing 4 KB per record cost the writer a third of
 * its time on exact allocations. */
typedef struct {
    uint8_t b[LPR_MAX_FRAMES * 24 + 1200];
    size_t n;
} lpw_rec;

static void lpw_u(lpw_rec *r, uint64_t v) { r->n += lp_put_varint(r->b + r->n, v); }

static void lpw_s(lpw_rec *r, const char *s)
{
    size_t len = strlen(s);
    if (len > 1000)
        len = 1000;
    lpw_u(r, len);
    memcpy(r->b + r->n, s, len);
    r->n += len;
}

static void lpw_emit(int type, const lpw_rec *r)
{
    uint8_t head[11];
    head[0] = (uint8_t)type;
    size_t h = 1 + lp_put_varint(head + 1, r->n);
    lpw_bytes(head, h);
    lpw_bytes(r->b, r->n);
}

static void lpw_emit_string(uint64_t id, const char *s)
{
    lpw_rec r;
    r.n = 0;
    lpw_u(&r, id);
    lpw_s(&r, s);
    lpw_emit(LP_REC_STRING, &r);
}

static void lpw_meta(const char *k, const char *v)
{
    lpw_rec r;
    r.n = 0;
    lpw_s(&r, k);
    lpw_s(&r, v);
    lpw_emit(LP_REC_META, &r);
}

/* --- methods ------------------------------------------------------------------------ */

static int lpw_line_of(const lpw_method *m, jint bci)
{
    if (bci < 0)
        return bci == -3 ? LP_LINE_NATIVE : LP_LINE_UNKNOWN;
    int line = LP_LINE_UNKNOWN;
    for (jint i = 0; i < m->nlines && m->lines[i].start_location <= bci; i++)
        line = m->lines[i].line_number;
    return line;
}

/* lpw_describe: sends the METHOD record of m (and the strings it names). */
static void lpw_describe(lpw_method *m)
{
    jvmtiEnv *j = lpa.jvmti;
    jclass k = NULL;
    char *name = NULL, *sig = NULL;
    uint64_t cls = 0, nm = 0, desc = 0;
    if ((*j)->GetMethodDeclaringClass(j, m->m, &k) == JVMTI_ERROR_NONE &&
        (*j)->GetClassSignature(j, k, &sig, NULL) == JVMTI_ERROR_NONE)
        cls = lpw_intern_signature(sig);
    char *msig = NULL;
    if ((*j)->GetMethodName(j, m->m, &name, &msig, NULL) == JVMTI_ERROR_NONE) {
        nm = lpw_intern_str(name);
        desc = msig ? lpw_intern_str(msig) : 0;
    }
    (*j)->Deallocate(j, (unsigned char *)msig);
    if ((*j)->GetLineNumberTable(j, m->m, &m->nlines, &m->lines) != JVMTI_ERROR_NONE)
        m->nlines = 0, m->lines = NULL;
    (*j)->Deallocate(j, (unsigned char *)name);
    (*j)->Deallocate(j, (unsigned char *)sig);
    if (k && lpw_jni)
        (*lpw_jni)->DeleteLocalRef(lpw_jni, k);
    if (!cls)
        cls = lpw_intern_str("[unknown]");
    if (!nm)
        nm = lpw_intern_str("[unknown]");
    lpw_strings_flush(lpw_emit_string);
    lpw_rec r;
    r.n = 0;
    lpw_u(&r, m->id);
    lpw_u(&r, cls);
    lpw_u(&r, nm);
    lpw_u(&r, desc);
    lpw_emit(LP_REC_METHOD, &r);
}

static lph_table lpw_methods = LPH_TABLE(lpw_method, 4096, lph_ptr_hash, lph_ptr_same, lph_ptr_used);

/* lpw_method_of: the method's entry, described on first sight; NULL when out of memory. */
static lpw_method *lpw_method_of(jmethodID id)
{
    int fresh;
    lpw_method *m = lph_put(&lpw_methods, &(lpw_method){.m = id}, &fresh);
    if (m && fresh) {
        m->id = lpw_methods.count;
        lpw_describe(m);
    }
    return m;
}

/* --- stacks ------------------------------------------------------------------------- */

static uint64_t lpw_nhash(const void *e)
{
    const lpw_node *n = e;
    uint64_t h = (n->parent * 0x9E3779B97F4A7C15ull ^ n->method) * 0xff51afd7ed558ccdull ^ n->line;
    return (h ^ (h >> 29)) * 0xc4ceb9fe1a85ec53ull >> 20;
}

static int lpw_nsame(const void *e, const void *probe)
{
    const lpw_node *a = e, *b = probe;
    return a->parent == b->parent && a->method == b->method && a->line == b->line;
}

static int lpw_nused(const void *e)
{
    return ((const lpw_node *)e)->method != 0;   /* method ids start at 1 */
}

static lph_table lpw_nodes = LPH_TABLE(lpw_node, 4096, lpw_nhash, lpw_nsame, lpw_nused);

/* lpw_send_node: a new stack id for stack parent with frame (m, line) as its leaf. */
static uint64_t lpw_send_node(uint64_t parent, const lpw_method *m, uint64_t line)
{
    uint64_t id = ++lpw_scount;
    lpw_rec r;
    r.n = 0;
    lpw_u(&r, id);
    lpw_u(&r, parent);
    lpw_u(&r, m->id);
    lpw_u(&r, line);
    lpw_emit(LP_REC_NODE, &r);
    return id;
}

/* lpw_node_id: the id of stack parent with frame (m, bci) as its new leaf, sending its
 * NODE record when new; 0 when out of memory. */
static uint64_t lpw_node_id(uint64_t parent, const lpw_method *m, jint bci)
{
    uint64_t line = lp_zigzag(lpw_line_of(m, bci));
    int fresh;
    lpw_node *e = lph_put(&lpw_nodes, &(lpw_node){parent, m->id, line, 0}, &fresh);
    if (!e)
        return 0;
    if (fresh)
        e->id = lpw_send_node(parent, m, line);
    return e->id;
}

/* lpw_stack_new: a new stack id for stack parent (0: none) with frame (method, bci) as
 * its leaf, for a node of a prefix tree that has none yet (sites.c: its tree makes a node
 * once per thread, so the id needs no lookup; a stack of two threads gets two ids, which
 * readers fold by their frames); 0 when out of memory.  The writer thread's alone. */
uint64_t lpw_stack_new(uint64_t parent, jmethodID method, jint bci)
{
    lpw_method *m = lpw_method_of(method);
    return m ? lpw_send_node(parent, m, lp_zigzag(lpw_line_of(m, bci))) : 0;
}

/* lpw_stack_id: the id of a slot's stack (0: no Java frames), interned from its outermost
 * frame, sending what is new (the writer thread's: lpw_take). */
uint64_t lpw_stack_id(const lpr_slot *slot)
{
    uint64_t id = 0;
    int n = slot->nframes < LPR_MAX_FRAMES ? slot->nframes : LPR_MAX_FRAMES;
    for (int i = n - 1; i >= 0; i--) {
        if (!slot->frames[i].method)
            continue;
        lpw_method *m = lpw_method_of(slot->frames[i].method);
        if (!m || !(id = lpw_node_id(id, m, slot->frames[i].bci)))
            return 0;
    }
    return id;
}

/* --- threads ------------------------------------------------------------------------ */

/* lpw_tid_seen: whether tid was named already; marks it. */
static int lpw_tid_seen(uint32_t tid)
{
    size_t n = sizeof lpw_tids / sizeof lpw_tids[0], i = tid % n;
    for (size_t k = 0; k < n && lpw_tids[i]; k++, i = (i + 1) % n)
        if (lpw_tids[i] == tid)
            return 1;
    if (!lpw_tids[i])
        lpw_tids[i] = tid;
    return 0;
}

/* lpw_name_thread: a THREAD record for a thread first seen in an event (one that started
 * before the agent, or a VM thread), named by the kernel's name for it. */
static void lpw_name_thread(uint32_t tid, uint64_t time_ns)
{
    char path[64], name[64] = "";
    if (!tid || lpw_tid_seen(tid))
        return;
    snprintf(path, sizeof path, "/proc/self/task/%u/comm", tid);
    FILE *f = fopen(path, "r");
    if (!f || !fgets(name, sizeof name, f))
        snprintf(name, sizeof name, "thread %u", tid);
    if (f)
        fclose(f);
    name[strcspn(name, "\n")] = 0;
    uint64_t id = lpw_intern_str(name);
    lpw_strings_flush(lpw_emit_string);
    lpw_rec r;
    r.n = 0;
    lpw_u(&r, time_ns > lpa.start_ns ? (time_ns - lpa.start_ns) / 1000 : 0), lpw_u(&r, tid), lpw_u(&r, id);
    lpw_emit(LP_REC_THREAD, &r);
}

/* --- events ------------------------------------------------------------------------- */

static uint64_t lpw_us(uint64_t ns) { return ns > lpa.start_ns ? (ns - lpa.start_ns) / 1000 : 0; }

/* lpw_take: one slot to its record (slot fields per type: events.c, sampler.c). */
static void lpw_take(lpr_slot *s, void *ctx)
{
    lpw_rec r;
    r.n = 0;
    int type = 0;
    uint64_t stack = s->nframes > 0 ? lpw_stack_id(s) : s->type == LPR_ALLOC ? s->e : 0;
    if (s->type == LPR_THREAD)
        lpw_tid_seen(s->tid);
    else if (s->type != LPR_GC && s->type != LPR_THREAD_END)
        lpw_name_thread(s->tid, s->time_ns);
    lpw_strings_flush(lpw_emit_string);
    switch (s->type) {
    case LPR_SAMPLE:
        type = LP_REC_SAMPLE;
        lpw_u(&r, s->kind), lpw_u(&r, lpw_us(s->time_ns)), lpw_u(&r, s->tid), lpw_u(&r, stack);
        break;
    case LPR_ALLOC:
        type = LP_REC_ALLOC;
        lpw_u(&r, lpw_us(s->time_ns)), lpw_u(&r, s->tid), lpw_u(&r, stack);
        lpw_u(&r, s->a), lpw_u(&r, s->b), lpw_u(&r, s->c), lpw_u(&r, s->d);
        break;
    case LPR_GC:
        type = LP_REC_GC;
        lpw_u(&r, lpw_us(s->time_ns)), lpw_u(&r, s->a / 1000);
        break;
    case LPR_LOCK:
        type = LP_REC_LOCK;
        lpw_u(&r, lpw_us(s->time_ns)), lpw_u(&r, s->tid), lpw_u(&r, stack);
        lpw_u(&r, s->a), lpw_u(&r, s->b), lpw_u(&r, s->c), lpw_u(&r, s->d / 1000);
        break;
    case LPR_THREAD:
        type = LP_REC_THREAD;
        lpw_u(&r, lpw_us(s->time_ns)), lpw_u(&r, s->tid), lpw_u(&r, s->a);
        break;
    case LPR_THREAD_END:
        type = LP_REC_THREAD_END;
        lpw_u(&r, lpw_us(s->time_ns)), lpw_u(&r, s->tid);
        break;
    }
    if (type)
        lpw_emit(type, &r);
}

/* lpw_heap: the live-heap records the collections queued (heap.c), as they came. */
static int lpw_heap(void)
{
    int n = 0;
    lph_blob *b = lpa_heap_take();
    if (b)
        lpw_strings_flush(lpw_emit_string);
    while (b) {
        uint8_t head[11];
        head[0] = (uint8_t)b->type;
        size_t h = 1 + lp_put_varint(head + 1, b->len);
        lpw_bytes(head, h);
        if (b->len > sizeof lpw_o.buf) {
            lpw_flush();
            if (!lpw_o.failed && lpa_transport_write(b->p, b->len))
                lpw_o.failed = 1;
            lpw_o.bytes += b->len;
        } else {
            lpw_bytes(b->p, b->len);
        }
        lph_blob *next = b->next;
        free(b->p);
        free(b);
        b = next, n++;
    }
    return n;
}

static uint64_t lpw_thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void lpw_stats(void)
{
    lpw_rec r;
    r.n = 0;
    lpw_u(&r, lpw_thread_cpu_ns() + atomic_load(&lpa.handler_ns));
    lpw_u(&r, lpw_o.bytes + lpw_o.len);
    lpw_u(&r, atomic_load(&lpa.dropped));
    lpw_u(&r, atomic_load(&lpa.samples));
    lpw_emit(LP_REC_STATS, &r);
}

/* lpw_header: the magic, the version and what this recording is. */
static void lpw_header(void)
{
    char v[64];
    uint8_t h[5] = {'L', 'P', 'R', 'F', LP_VERSION};
    lpw_bytes(h, sizeof h);
    lpw_meta("agent", "libloupeprof 1");
    snprintf(v, sizeof v, "%ld", (long)getpid());
    lpw_meta("pid", v);
    snprintf(v, sizeof v, "%ld", lpa.opt.interval_us);
    lpw_meta("cpu_interval_us", v);
    snprintf(v, sizeof v, "%ld", lpa.opt.wall_us);
    lpw_meta("wall_interval_us", v);
    snprintf(v, sizeof v, "%ld", lpa.opt.alloc_bytes);
    lpw_meta("alloc_interval", v);
    lpw_meta("alloc_mode", lpa_events_exact_alloc() ? "exact" : "sampled");
    static const char *const evnames[] = {"cpu", "wall", "alloc", "lock", "gc", "thread", "live"};
    v[0] = 0;
    for (int i = 0; i < 7; i++)
        if (lpa.opt.events & (1u << i))
            snprintf(v + strlen(v), sizeof v - strlen(v), "%s%s", v[0] ? "," : "", evnames[i]);
    lpw_meta("events", v);
    lpw_meta("mode", lpa.attached ? "attach" : "start");
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    snprintf(v, sizeof v, "%lld", (long long)now.tv_sec * 1000000 + now.tv_nsec / 1000 -
             (long long)((lpa_now_ns() - lpa.start_ns) / 1000));
    lpw_meta("start_epoch_us", v);
    char *vmname = NULL;
    if ((*lpa.jvmti)->GetSystemProperty(lpa.jvmti, "java.vm.name", &vmname) == JVMTI_ERROR_NONE) {
        lpw_meta("vm", vmname);
        (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)vmname);
    }
}

/* lpw_attach: makes the writer a daemon Java thread (JVMTI method queries need one). */
static int lpw_attach(void)
{
    JavaVMAttachArgs args = {JNI_VERSION_1_6, "loupe-prof writer", NULL};
    return (*lpa.vm)->AttachCurrentThreadAsDaemon(lpa.vm, (void **)&lpw_jni, &args) == JNI_OK;
}

static void lpw_sleep(uint64_t ns)
{
    struct timespec ts = {(time_t)(ns / 1000000000ull), (long)(ns % 1000000000ull)};
    while (nanosleep(&ts, &ts) && !atomic_load(&lpa.stopping))
        ;
}

/* lpw_reset: forgets the interned methods and stacks of an earlier recording. */
static void lpw_reset(void)
{
    lpw_method *ms = lpw_methods.slots;
    for (size_t i = 0; i < lpw_methods.cap; i++)
        if (ms[i].lines)
            (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)ms[i].lines);
    lph_clear(&lpw_methods), lph_clear(&lpw_nodes);
    lpw_scount = 0;
    memset(lpw_tids, 0, sizeof lpw_tids);
    lpw_strings_reset();
    lps_reset();
}

static void *lpw_main(void *arg)
{
    int attached = lpw_attach();
    uint64_t next_wall = 0, pause = LPW_PASS_NS;
    lpw_header();
    if (lpa.opt.events & LPA_EV_LIVE)
        lpa_heap_announce();
    while (!atomic_load(&lpa.stopping) && !lpw_o.failed) {
        uint64_t now = lpa_now_ns();
        if ((lpa.opt.events & LPA_EV_WALL) && now >= next_wall) {
            lpa_sampler_wall_tick();
            next_wall = now + (uint64_t)lpa.opt.wall_us * 1000;
        }
        int n = lpr_drain(lpw_take, NULL);
        n += lps_drain(lpw_take, NULL);
        n += lpw_heap();
        lpw_flush();
        if (lpa_transport_poll_command())
            lpa_deactivate();
        /* CPU samples alone (a few a pass) need no 200 passes a second, each a drain of
         * every ring, a write and a poll: half the agent's cost on HotSpot's Richards
         * (18 ms of 1.8 s CPU, now 10) */
        pause = n > LPW_FEW ? LPW_PASS_NS : pause * 2 < LPW_IDLE_NS ? pause * 2 : LPW_IDLE_NS;
        if ((lpa.opt.events & LPA_EV_WALL) && pause > (uint64_t)lpa.opt.wall_us * 1000)
            pause = (uint64_t)lpa.opt.wall_us * 1000;
        lpw_sleep(pause);
    }
    lpr_drain(lpw_take, NULL);
    lps_drain(lpw_take, NULL);
    if (lpa.opt.events & LPA_EV_LIVE)
        lpa_heap_final();
    lpw_heap();
    lpw_stats();
    uint8_t end[2] = {LP_REC_END, 0};
    lpw_bytes(end, 2);
    lpw_flush();
    if (lpw_o.failed)
        lpa_deactivate();
    lpa_transport_close();
    if (attached)
        (*lpa.vm)->DetachCurrentThread(lpa.vm);
    return NULL;
}

/* lpa_writer_start: starts the writer thread. */
int lpa_writer_start(void)
{
    /* before any producer runs: a string interned for this recording must keep its id */
    lpw_reset();
    memset(&lpw_o, 0, sizeof lpw_o);
    if (pthread_create(&lpw_thread, NULL, lpw_main, NULL)) {
        lpa_log("cannot start the writer thread");
        return -1;
    }
    lpw_running = 1;
    return 0;
}

/* lpa_writer_join: waits (at most 5 s) for the writer to send the end of the stream. */
void lpa_writer_join(void)
{
    if (!lpw_running)
        return;
    struct timespec dl;
    clock_gettime(CLOCK_REALTIME, &dl);
    dl.tv_sec += 5;
    if (pthread_timedjoin_np(lpw_thread, NULL, &dl))
        pthread_detach(lpw_thread);
    lpw_running = 0;
}
