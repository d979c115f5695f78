/* profiler/agent/lines.c — bytecode index to source line, for the allocating threads.
 *
 * Exact allocation sites (sites.c) are kept per line, not per bytecode index, because a
 * stack names lines (the writer maps each frame's index through the method's line table,
 * writer.c): two calls on one line (BinaryTrees' `new Node(build(d - 1), build(d - 1))`)
 * then share one node of the thread's prefix tree, which stays small and in the cache
 * instead of growing a node per path down a recursion.  The mapping here is the writer's
 * (the last entry of the line table starting at or before the index), so a node's
 * representative index gives the writer the same line.
 *
 * Each thread has a small direct-mapped cache of (method, index) -> line (in its site
 * table, the caller's: a thread-local array this large would not fit the static TLS a
 * library loaded at run time may use); a miss looks the
 * method's line table up in a table shared by all threads, asking the VM for it
 * (GetLineNumberTable) the first time, outside the lock, since a thread may stop for a
 * collection there.  lpl_reset (a new recording) frees the tables and makes every
 * thread's cache stale through a generation number.
 */
#include "lines.h"

#include <pthread.h>
#include <stdlib.h>

#include "agent.h"
#include "hashtab.h"

typedef struct {
    jmethodID m;
    jint n;                     /* -1: the method has no line table */
    jvmtiLineNumberEntry *lines;
} lpl_method;

static pthread_mutex_t lpl_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic uint32_t lpl_gen = 1;

/* lpl_line_in: the line of bci in a line table (the writer's rule). */
static jint lpl_line_in(const jvmtiLineNumberEntry *lines, jint n, jint bci)
{
    jint line = LPL_UNKNOWN;
    for (jint i = 0; i < n && lines[i].start_location <= bci; i++)
        line = lines[i].line_number;
    return line;
}

static lph_table lpl_methods = LPH_TABLE(lpl_method, 1024, lph_ptr_hash, lph_ptr_same, lph_ptr_used);

/* lpl_known: the line of (m, bci) when m's table is known (lock held); 0 if it is not. */
static int lpl_known(jmethodID m, jint bci, jint *line)
{
    const lpl_method *e = lph_slot(&lpl_methods, &(lpl_method){.m = m});
    if (!e || !e->m)
        return 0;
    *line = lpl_line_in(e->lines, e->n, bci);
    return 1;
}

/* lpl_learn: adds m's line table (from the VM, asked without the lock) and gives bci's line. */
static jint lpl_learn(jmethodID m, jint bci)
{
    jint n = 0, line = LPL_UNKNOWN;
    jvmtiLineNumberEntry *lines = NULL;
    if ((*lpa.jvmti)->GetLineNumberTable(lpa.jvmti, m, &n, &lines) != JVMTI_ERROR_NONE)
        n = 0, lines = NULL;
    pthread_mutex_lock(&lpl_lock);
    if (!lpl_known(m, bci, &line)) {
        line = lpl_line_in(lines, n, bci);
        if (lph_put(&lpl_methods, &(lpl_method){m, n, lines}, NULL))
            lines = NULL;
    }
    pthread_mutex_unlock(&lpl_lock);
    if (lines)
        (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)lines);
    return line;
}

/* lpl_line: the source line of frame (m, bci); a native or unknown index is its own key
 * (LPL_NATIVE_KEY - bci), apart from every line. */
jint lpl_line(lpl_hit *cache, jmethodID m, jint bci)
{
    if (bci < 0)
        return LPL_NATIVE_KEY + bci;
    uint32_t gen = atomic_load_explicit(&lpl_gen, memory_order_relaxed);
    size_t h = (size_t)((((uint64_t)(uintptr_t)m ^ (uint64_t)(uint32_t)bci * 0x9E3779B1u) * 0x9E3779B97F4A7C15ull) >> 40) & (LPL_CACHE - 1);
    lpl_hit *c = &cache[h];
    if (c->m == m && c->bci == bci && c->gen == gen)
        return c->line;
    jint line;
    pthread_mutex_lock(&lpl_lock);
    int known = lpl_known(m, bci, &line);
    pthread_mutex_unlock(&lpl_lock);
    if (!known)
        line = lpl_learn(m, bci);
    *c = (lpl_hit){m, bci, line, gen};
    return line;
}

/* lpl_reset: forgets the line tables (a new recording: methods may have been unloaded). */
void lpl_reset(void)
{
    pthread_mutex_lock(&lpl_lock);
    lpl_method *ms = lpl_methods.slots;
    for (size_t i = 0; i < lpl_methods.cap; i++)
        if (ms[i].lines)
            (*lpa.jvmti)->Deallocate(lpa.jvmti, (unsigned char *)ms[i].lines);
    lph_clear(&lpl_methods);
    atomic_fetch_add(&lpl_gen, 1);
    pthread_mutex_unlock(&lpl_lock);
}
