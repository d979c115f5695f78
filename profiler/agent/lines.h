/* profiler/agent/lines.h — bytecode index to source line for exact sites (see lines.c). */
#ifndef LOUPE_PROFILER_LINES_H
#define LOUPE_PROFILER_LINES_H

#include <jvmti.h>
#include <stdint.h>

#define LPL_UNKNOWN (-1)            /* no line table, or an index before its first entry */
#define LPL_NATIVE_KEY (-1000)      /* lpl_line of a negative index: LPL_NATIVE_KEY + index */

#define LPL_CACHE 1024              /* a thread's cache entries (a power of two) */

/* One entry of a thread's cache. */
typedef struct {
    jmethodID m;
    jint bci, line;
    uint32_t gen;
} lpl_hit;

jint lpl_line(lpl_hit *cache, jmethodID m, jint bci);
void lpl_reset(void);

#endif
