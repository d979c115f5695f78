/*
 * attach.h — the attach mechanism (runtime/attach.c): jcmd and the Attach API.
 */
#ifndef LOUPE_ATTACH_H
#define LOUPE_ATTACH_H

#include "loupe.h"

/* Called by the Signal Dispatcher on SIGQUIT: true if a client asked to attach (the
 * .attach_pid<pid> file exists), in which case the listener is started and no thread
 * dump is printed. */
bool attach_is_init_trigger(void);

#endif
