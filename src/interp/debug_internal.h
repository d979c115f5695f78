/*
 * debug_internal.h — state shared by debug.c (switching and hooks) and debug_frames.c
 * (frames, locals, PopFrame and ForceEarlyReturn).
 */
#ifndef LOUPE_DEBUG_INTERNAL_H
#define LOUPE_DEBUG_INTERNAL_H

#include "interp/debug.h"
#include "runtime/thread.h"
#include <pthread.h>

/* A pending PopFrame or ForceEarlyReturn, carried out at the frame's next instruction. */
enum { REQ_NONE = 0, REQ_POP, REQ_RETURN };

/* Per-thread debugger state (Thread.dbg), made on first need, owned by the thread; other
 * threads change it under dbg_lock and only while the thread is suspended. */
typedef struct DbgThread {
    unsigned modes;             /* DBG_STEP | DBG_ENTRY | DBG_EXIT */
    bool resync;                /* modes changed: mark the frames already on the stack */
    int req;                    /* REQ_* */
    Frame *req_frame;
    Slot req_value;
    jobject req_ref;            /* global handle of a reference return value */
    int req_slots;
    const Insn *redispatch;     /* a slow form about to rewrite itself and run again */
    Frame *redispatch_frame;
    jweak exc_posted;           /* the exception whose Exception event was posted */
} DbgThread;

extern pthread_mutex_t dbg_lock;

/* Words other threads change while the owner reads them. */
#define DBG_LOAD(x) __atomic_load_n(&(x), __ATOMIC_ACQUIRE)
#define MODES(d) DBG_LOAD((d)->modes)
#define RESYNC(d) DBG_LOAD((d)->resync)
static inline DbgThread *dbg_of(Thread *t) { return __atomic_load_n(&t->dbg, __ATOMIC_ACQUIRE); }

DbgThread *dbg_thread_of(Thread *t);
/* Sends every instruction of m through the hook (holds nest) / stops doing so. */
void dbg_hold_method(Method *m);
void dbg_release_method(Method *m);
/* Raises or lowers TRAP_HOOKS in t as its state needs it. */
void dbg_update_trap(Thread *t);

#endif
