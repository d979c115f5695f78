/*
 * frame.h — interpreter frames on the Java stack.
 *
 * Each thread has one contiguous Java stack (Thread.stack_base..stack_end) on which frames
 * are laid out upward:
 *
 *      locals[0 .. max_locals)   <- the first arg_slots of these ARE the caller's pushed
 *      Frame header                 arguments: no copying on calls
 *      operand stack[0 .. max_stack)
 *
 * A method without locals still gets one slot below its header (Prepared.frame_slots):
 * a method's result goes to its first local's slot, for its caller to find on top of its
 * operand stack, while its frame is still the thread's top, and must not overwrite the
 * header that AsyncGetCallTrace may read from a signal handler at that moment.
 *
 * Native methods get a header-only frame (their arguments are passed as handles), so that
 * stack traces and stack walks see them, after their arguments or that one slot.  A frame entered from C (interp_call) is marked
 * FR_ENTRY: returning from it leaves the interpreter loop.
 *
 * `sp` and `pc` are saved into the header whenever the frame's code calls out of the
 * interpreter (any call, allocation, resolution): the collector then scans [stack, sp)
 * using the reference map of the instruction at pc, and the caller's arguments already
 * belong to the callee's locals.
 */
#ifndef LOUPE_FRAME_H
#define LOUPE_FRAME_H

#include "loupe.h"
#include "interp/prepare.h"

enum {
    FR_ENTRY = 1 << 0,          /* called from C: return leaves the interpreter */
    FR_NATIVE = 1 << 1,         /* a native method's frame (header only) */
    FR_POP_PENDING = 1 << 2,    /* FramePop hook wanted when this frame is popped */
    FR_METHOD_EXIT = 1 << 3,    /* MethodExit hook wanted (the thread had exit events on) */
    FR_SEEN = 1 << 4,           /* the debugger's entry processing has seen this frame */
    FR_JNI_CHECKED = 1 << 5,    /* -Xcheck:jni has begun tracking this native frame */
};
/* Flags that make returns and unwinding call the debugger (interp/debug.h). */
#define FR_DBG_MASK (FR_POP_PENDING | FR_METHOD_EXIT)

struct Frame {
    Method *method;
    const Insn *pc;             /* current instruction (saved); NULL in a native frame */
    Slot *sp;                   /* operand stack top (saved): first free slot */
    Slot *locals;
    Frame *prev;
    Object *lock;               /* monitor held by a synchronized method, GC root */
    uint32_t flags;
    uint32_t mark;              /* a stack-walking agent's mark (jvmti_stackmark.c); 0 on push */
};

#define FRAME_SLOTS ((sizeof(Frame) + sizeof(Slot) - 1) / sizeof(Slot))

static inline Slot *frame_stack(Frame *f) { return (Slot *)(f + 1); }

/* bci of the frame's current instruction (-1 for native frames). */
int frame_bci(const Frame *f);
/* Source line of the frame's current instruction (-1 unknown, -2 native), as in traces. */
int frame_line(const Frame *f);
int method_line_at(const Method *m, int bci);

#endif
