/* profiler/protocol.h — the wire protocol between the profiler's agent (inside the VM)
 * and its front-end (another process), the one fact the two share.
 *
 * A stream is the 5-byte header "LPRF" + version, then records.  Every record is
 *   u8 type, varint length, `length` bytes of payload
 * so a reader skips record types it does not know.  Every integer in a payload is an
 * unsigned LEB128 varint; signed values (line numbers) are zigzag-encoded; a string is a
 * varint byte count and the bytes (UTF-8, not NUL-terminated).  Strings, methods and
 * stacks are interned: each is sent once, in a record that gives it an id (ids start at
 * 1; 0 means "none"), before the first record that uses the id.  Times are microseconds
 * since the recording started.  docs/PROFILER-PROTOCOL.md is the reference for readers;
 * this header is its source of truth for the numbers.
 *
 * The front-end may send commands back on a socket: a line of text ("stop\n").
 * On a socket the agent first sends the token it was given (a varint length and bytes,
 * before the header), so that the front-end accepts only the agent it started.
 */
#ifndef LOUPE_PROFILER_PROTOCOL_H
#define LOUPE_PROFILER_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#define LP_MAGIC "LPRF"
#define LP_VERSION 3          /* 2: ALLOC records may count several objects; 3: NODE records */
#define LP_VERSION_OLDEST 1   /* the oldest a front-end still reads */

/* Record types and their payloads (fields in order). */
enum lp_record {
    LP_REC_META = 1,        /* string key, string value */
    LP_REC_STRING = 2,      /* id, string */
    LP_REC_METHOD = 3,      /* id, class string id, name string id, descriptor string id
                               (0: unknown; absent in older streams) */
    LP_REC_STACK = 4,       /* id, n, n x (method id, zigzag line) leaf first (the agents
                               before version 3; NODE since) */
    LP_REC_THREAD = 5,      /* time, tid, name string id: a thread started or was named */
    LP_REC_THREAD_END = 6,  /* time, tid */
    LP_REC_SAMPLE = 7,      /* kind (lp_sample_kind), time, tid, stack id */
    LP_REC_ALLOC = 8,       /* time, tid, stack id, class string id, size in bytes,
                               sampled: the mean interval in bytes the sample was drawn
                               with (1: the META alloc_interval, as agents before the
                               adaptive interval sent; 0: exact),
                               objects (absent: 1; exact records count every object of one
                               site and class since the site's last record, the size being
                               their bytes, the time the first one's) */
    LP_REC_GC = 9,          /* start time, duration in microseconds */
    LP_REC_LOCK = 10,       /* time, tid, stack id, lock string id, owner thread string id,
                               waiter thread string id, wait in microseconds */
    LP_REC_STATS = 11,      /* agent cpu ns, bytes streamed, events dropped, samples taken */
    LP_REC_END = 12,        /* (empty): the agent finished cleanly */
    LP_REC_ARENA = 13,      /* time, arena id, name string id: a heap arena was created */
    LP_REC_HEAP = 14,       /* time, collections so far, heap used, heap capacity (bytes),
                               n, n x (class string id, live objects, live bytes) */
    LP_REC_DEATHS = 15,     /* time, collections so far, alive (0: deaths since the last
                               DEATHS record; 1: the objects still alive at the end), n,
                               n x (arena id, class string id, age in collections survived,
                               objects, bytes) */
    LP_REC_NODE = 16,       /* id, parent stack id (0: none), method id, zigzag line: stack
                               id is its parent's frames with one more, its leaf; a parent
                               is always sent before (and has a smaller id) */
};

enum lp_sample_kind { LP_SAMPLE_CPU = 1, LP_SAMPLE_WALL = 2 };

/* Reserved line numbers in a frame. */
#define LP_LINE_UNKNOWN (-1)
#define LP_LINE_NATIVE (-2)

/* lp_put_varint: writes v at p (room for 10 bytes); returns the bytes written. */
static inline size_t lp_put_varint(uint8_t *p, uint64_t v)
{
    size_t n = 0;
    while (v >= 0x80) {
        p[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    p[n++] = (uint8_t)v;
    return n;
}

/* lp_get_varint: reads a varint from [*p, end); 0 on a truncated or overlong one. */
static inline int lp_get_varint(const uint8_t **p, const uint8_t *end, uint64_t *out)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64 && *p < end; shift += 7) {
        uint8_t b = *(*p)++;
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *out = v;
            return 1;
        }
    }
    return 0;
}

static inline uint64_t lp_zigzag(int64_t v) { return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63); }
static inline int64_t lp_unzigzag(uint64_t v) { return (int64_t)(v >> 1) ^ -(int64_t)(v & 1); }

#endif
