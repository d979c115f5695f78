/*
 * threaddump.h — HotSpot-format thread dumps (SIGQUIT).
 */
#ifndef LOUPE_THREADDUMP_H
#define LOUPE_THREADDUMP_H

#include "loupe.h"
#include "runtime/thread.h"
#include <stdio.h>

/* Stops the world, prints every Java thread's state, stack and monitors, the JNI
 * reference counts and a heap summary to out, and lets the world go on.  self must be
 * an attached thread in VM state. */
void vm_thread_dump(Thread *self, FILE *out);

/* One stack-trace line for frame f, as HotSpot prints it ("\tat pkg.C.m(C.java:12)"). */
void vm_print_frame(FILE *out, Thread *self, Frame *f);

/* A monitor a thread holds, and the frame that locked it: its position among the frames
 * a stack trace of the thread shows (innermost 0, method-handle intrinsics skipped), or -1
 * when no frame can be named. */
typedef struct HeldMonitor {
    Object *obj;
    int frame;
} HeldMonitor;

/* The monitors t holds, found through its frames (threaddump.c explains how), at most max
 * of them, into out; returns how many.  The monitor t waits on in Object.wait is among
 * them, attributed to the frame that entered it, as thread dumps show it.  The world must
 * be stopped (or t be the caller). */
int vm_held_monitors(Thread *t, HeldMonitor *out, int max);

#endif
