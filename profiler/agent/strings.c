/* profiler/agent/strings.c — the agent's string table: names sent once, then by id.
 *
 * Producers (JVMTI callbacks, never the signal handler) intern class, lock and thread
 * names here; the writer sends a STRING record for each new id before the record that
 * uses it (lpw_strings_flush, called after each slot it takes: a slot is published after
 * its strings were interned, so they are in the table by then).  A mutex guards the
 * table; it is held for a hash lookup only and never while calling into the VM.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "hashtab.h"
#include "writer.h"
#include "strings.h"

typedef struct {
    char *s;
    uint64_t id;
} lps_entry;

static pthread_mutex_t lps_lock = PTHREAD_MUTEX_INITIALIZER;
static char **lps_by_id;           /* lps_by_id[id - 1] */
static uint64_t lps_count, lps_sent, lps_idcap;

static uint64_t lps_hash(const void *e)
{
    uint64_t h = 1469598103934665603ull;
    for (const char *s = ((const lps_entry *)e)->s; *s; s++)
        h = (h ^ (uint8_t)*s) * 1099511628211ull;
    return h;
}

static int lps_same(const void *e, const void *probe)
{
    return !strcmp(((const lps_entry *)e)->s, ((const lps_entry *)probe)->s);
}

static int lps_used(const void *e)
{
    return ((const lps_entry *)e)->s != NULL;
}

static lph_table lps_table = LPH_TABLE(lps_entry, 1024, lps_hash, lps_same, lps_used);

/* lps_add: s's copy under the next id; 0 when out of memory. */
static uint64_t lps_add(const char *s)
{
    if (lps_count == lps_idcap) {
        uint64_t cap = lps_idcap ? lps_idcap * 2 : 512;
        char **ids = realloc(lps_by_id, cap * sizeof *ids);
        if (!ids)
            return 0;
        lps_by_id = ids, lps_idcap = cap;
    }
    char *copy = strdup(s);
    if (!copy || !lph_put(&lps_table, &(lps_entry){copy, lps_count + 1}, NULL)) {
        free(copy);
        return 0;
    }
    lps_by_id[lps_count] = copy;
    return ++lps_count;
}

/* lpw_intern_str: the id of s (1, 2, ...), adding it if new; 0 when out of memory. */
uint64_t lpw_intern_str(const char *s)
{
    pthread_mutex_lock(&lps_lock);
    const lps_entry *e = lph_slot(&lps_table, &(lps_entry){(char *)s, 0});
    uint64_t id = e && e->s ? e->id : lps_add(s);
    pthread_mutex_unlock(&lps_lock);
    return id;
}

/* lpw_signature_to_name: "Ljava/lang/String;" -> "java.lang.String", "[I" -> "int[]". */
void lpw_signature_to_name(const char *sig, char *out, size_t cap)
{
    static const char prim[] = "ZzBbCcSsIiJjFfDdVv";
    static const char *const names[] = {"boolean", "byte", "char", "short", "int",
                                        "long", "float", "double", "void"};
    int dims = 0;
    while (*sig == '[')
        dims++, sig++;
    size_t n = 0;
    const char *p = strchr(prim, *sig);
    if (*sig == 'L') {
        for (sig++; *sig && *sig != ';' && n + 1 < cap; sig++)
            out[n++] = *sig == '/' ? '.' : *sig;
    } else if (p && *sig) {
        const char *nm = names[(p - prim) / 2];
        while (*nm && n + 1 < cap)
            out[n++] = *nm++;
    }
    for (; dims > 0 && n + 3 < cap; dims--)
        out[n++] = '[', out[n++] = ']';
    out[n] = 0;
}

uint64_t lpw_intern_signature(const char *sig)
{
    char buf[1024];
    lpw_signature_to_name(sig, buf, sizeof buf);
    return lpw_intern_str(buf);
}

/* lpw_strings_flush: calls emit(id, s) for every string not sent yet. */
void lpw_strings_flush(void (*emit)(uint64_t id, const char *s))
{
    for (;;) {
        pthread_mutex_lock(&lps_lock);
        uint64_t id = lps_sent < lps_count ? ++lps_sent : 0;
        const char *s = id ? lps_by_id[id - 1] : NULL;
        pthread_mutex_unlock(&lps_lock);
        if (!id)
            return;
        emit(id, s);
    }
}

/* lpw_strings_reset: forgets every string (a new recording starts). */
void lpw_strings_reset(void)
{
    pthread_mutex_lock(&lps_lock);
    for (uint64_t i = 0; i < lps_count; i++)
        free(lps_by_id[i]);
    lph_clear(&lps_table);
    free(lps_by_id);
    lps_by_id = NULL;
    lps_count = lps_sent = lps_idcap = 0;
    pthread_mutex_unlock(&lps_lock);
}
