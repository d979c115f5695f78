/* profiler/agent/heap.h — the live heap and object lifetimes (heap.c), for events=live. */
#ifndef LOUPE_PROFILER_HEAP_H
#define LOUPE_PROFILER_HEAP_H

#include <jvmti.h>
#include <stddef.h>
#include <stdint.h>

/* An encoded record (HEAP, DEATHS, ARENA) waiting for the writer. */
typedef struct lph_blob {
    struct lph_blob *next;
    int type;
    int failed;
    uint8_t *p;
    size_t len, cap;
} lph_blob;

int lpa_heap_available(jint (*find_event)(const char *id));
jvmtiExtensionFunction lpa_find_ext_function(const char *id);
void lpa_heap_reset(void);
void lpa_heap_enable(int on);
int lpa_heap_vm(void);
void lpa_heap_alloc(jobject object, uint64_t cls, jlong size, jint arena);
void lpa_heap_final(void);
void lpa_heap_announce(void);
lph_blob *lpa_heap_take(void);

#endif
