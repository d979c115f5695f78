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

#endif
