/*
 * nulllistener.c — a JVMTI agent that listens to every heap event Loupe offers and does
 * nothing with them, for bench/gc-table.sh's cost of the event stream.
 *
 * It enables each of Loupe's extension events (docs/JVMTI-EXTENSIONS.md: the events whose
 * ids start with "com.loupe.events.") with a callback that returns at once, so the VM
 * builds and delivers the whole stream (an ObjectAlloc per allocation with its local
 * references, ObjectFree, ObjectMove, arenas, GC start and finish) and the only cost
 * measured is the VM's.  Loaded with -agentpath:libnulllistener.so; on a VM without the
 * events (HotSpot) it enables nothing.
 */
#include <jvmti.h>
#include <string.h>

static void JNICALL nothing(void) {}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    (void)options;
    (void)reserved;
    jvmtiEnv *ti;
    if ((*vm)->GetEnv(vm, (void **)&ti, JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    jint n = 0;
    jvmtiExtensionEventInfo *events = NULL;
    if ((*ti)->GetExtensionEvents(ti, &n, &events) != JVMTI_ERROR_NONE) return JNI_OK;
    for (jint i = 0; i < n; i++)
        if (strncmp(events[i].id, "com.loupe.events.", 17) == 0)
            (*ti)->SetExtensionEventCallback(ti, events[i].extension_event_index, (jvmtiExtensionEvent)nothing);
    return JNI_OK;
}
