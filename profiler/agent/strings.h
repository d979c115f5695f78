/* profiler/agent/strings.h — the writer's side of the string table (strings.c). */
#ifndef LOUPE_PROFILER_STRINGS_H
#define LOUPE_PROFILER_STRINGS_H

#include <stdint.h>

void lpw_strings_flush(void (*emit)(uint64_t id, const char *s));
void lpw_strings_reset(void);

#endif
