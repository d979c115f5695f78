// main: VerboseGcOnLoad
// normalize: s/.*\[gc\] Using .*/Using (the collector)/
// normalize: /\[gc\]/{/Pause Full (System.gc())/!d;s/.*\(Pause Full (System.gc())\).*/\1/}
/*
 * SetVerboseFlag(JVMTI_VERBOSE_GC) in Agent_OnLoad, before the heap exists: the collector
 * logs as under -verbose:gc from its start ("Using ...") and each System.gc() after
 * ("Pause Full (System.gc())"), on stdout.  (OpenJDK's
 * nsk/jvmti/scenarios/general_functions/GF08/gf08t001 checks this.)
 */
#include "agent.h"
#include <stdio.h>

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmtiEnv *jvmti = agent_env(vm);
    if (!jvmti) return JNI_ERR;
    printf("SetVerboseFlag(GC, true) -> %d\n", (*jvmti)->SetVerboseFlag(jvmti, JVMTI_VERBOSE_GC, JNI_TRUE));
    fflush(stdout);
    return JNI_OK;
}
