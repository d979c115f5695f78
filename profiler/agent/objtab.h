/* profiler/agent/objtab.h — the live objects' table, keyed by object id (see objtab.c). */
#ifndef LOUPE_PROFILER_OBJTAB_H
#define LOUPE_PROFILER_OBJTAB_H

#include <stdint.h>

/* What the lifetime table knows of one object (a free entry has size 0). */
typedef struct {
    uint32_t cls, size;
    uint32_t birth;         /* collections started before the object was */
    int32_t arena;
} lpo_obj;

int lpo_put(uint64_t id, const lpo_obj *o);
int lpo_take(uint64_t id, lpo_obj *out);
void lpo_each(int (*fn)(lpo_obj *o, void *ctx), void *ctx);
void lpo_reset(void);

#endif
