/*
 * jvmpi_export.h — what the rest of the VM sees of JVMPI (src/jvmpi/).
 *
 * The VM tests JVMPI_ON(event) — one relaxed load of a word that is zero unless a JVMPI
 * agent enabled that event — before calling a jvmpi_post_* hook, so the hooks cost
 * nothing without an agent.
 */
#ifndef LOUPE_JVMPI_EXPORT_H
#define LOUPE_JVMPI_EXPORT_H

#include "loupe.h"
#include "jvmpi.h"

extern volatile uint64_t jvmpi_event_bits;      /* bit JVMPI_EVENT_<X> when enabled */
#define JVMPI_ON(ev) unlikely((__atomic_load_n(&jvmpi_event_bits, __ATOMIC_RELAXED) >> (ev)) & 1)

/* JavaVM->GetEnv: whether version is a JVMPI one, and the interface for it. */
bool jvmpi_is_version(jint version);
jint jvmpi_get_env(void **penv, jint version);
/* Makes the internal JVMTI environment JVMPI works through; called in the OnLoad phase
 * (the capabilities of method events exist only then) when an -Xrun library has
 * JVM_OnLoad, or on the first GetEnv for JVMPI. */
void jvmpi_prepare(void);

/* Hooks: JNI global and weak global references (native/jni.c); a Java monitor given up
 * while another thread was entering it (runtime/monitor.c: t in Java or VM state). */
void jvmpi_post_globalref_alloc(Thread *t, jobject ref, bool weak);
void jvmpi_post_globalref_free(Thread *t, jobject ref, bool weak);
void jvmpi_post_monitor_contended_exit(Thread *t, Object *o);

#endif
