/* profiler/agent/writer.h — the writer thread's interning, as the producers see it. */
#ifndef LOUPE_PROFILER_WRITER_H
#define LOUPE_PROFILER_WRITER_H

#include <stddef.h>
#include <stdint.h>

#include "ring.h"

uint64_t lpw_intern_str(const char *s);
uint64_t lpw_intern_signature(const char *sig);
void lpw_signature_to_name(const char *sig, char *out, size_t cap);
uint64_t lpw_stack_id(const lpr_slot *slot);   /* the writer thread's alone */
uint64_t lpw_stack_new(uint64_t parent, jmethodID method, jint bci);    /* the writer's alone */

#endif
