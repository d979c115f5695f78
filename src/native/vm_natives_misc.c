/*
 * vm_natives_misc.c — natives HotSpot provides itself for classes whose registerNatives
 * has no library behind it (ScopedMemoryAccess, Perf; MethodHandleNatives is in mhn.c).  Loupe binds
 * their natives by name (natives.c), so their registerNatives has nothing to do.
 */
#include "native/natives.h"

static bool nop(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    UNUSED(a);
    UNUSED(r);
    return true;
}

const VMNative vm_natives_misc[] = {
    { "jdk/internal/misc/ScopedMemoryAccess", "registerNatives", "()V", NULL, nop },
    { "jdk/internal/perf/Perf", "registerNatives", "()V", NULL, nop },
    { NULL, NULL, NULL, NULL, NULL },
};
