/*
 * jvmti_export.h — what the rest of the VM sees of JVMTI: agent options and loading, the
 * JVMTI side of JavaVM->GetEnv, the phases, and the cheap test before posting an event.
 *
 * The test is one relaxed load of a global word and a bit test: jvmti_event_bits has bit
 * (event - JVMTI_MIN_EVENT_TYPE_VAL) set while some environment has that event enabled
 * (globally or for some thread) with a callback installed, so with no agent the VM pays a
 * load and a never-taken branch.  The posting functions (jvmti_post_<Callback>) then look
 * at each environment and thread for themselves.
 */
#ifndef LOUPE_JVMTI_EXPORT_H
#define LOUPE_JVMTI_EXPORT_H

#include "loupe.h"
#include <jvmti.h>

extern uint64_t jvmti_event_bits;
#define JVMTI_EVENT_BIT(ev) (UINT64_C(1) << ((ev) - JVMTI_MIN_EVENT_TYPE_VAL))
#define JVMTI_EVENT_ENABLED(thread, ev) \
    unlikely(__atomic_load_n(&jvmti_event_bits, __ATOMIC_RELAXED) & JVMTI_EVENT_BIT(ev))

/* The JVMTI phase (jvmtiPhase); JVMTI_PHASE_ONLOAD until the agents' Agent_OnLoad returned. */
extern volatile int jvmti_phase;

/* Options (runtime/options.c): -agentlib:, -agentpath:, -Xrun.  Returns JNI_OK, or an error
 * after printing HotSpot's message; false from jvmti_is_agent_option when opt is none of them. */
bool jvmti_is_agent_option(const char *opt);
jint jvmti_add_agent_option(const char *opt);
/* Loads every agent given and runs its Agent_OnLoad (phase ONLOAD, before the VM exists:
 * no Java thread yet); ends the process as HotSpot does when one cannot be loaded or fails. */
void jvmti_load_agents(void);
/* The -Xrun libraries that have a JVM_OnLoad are started in the live phase, as HotSpot does. */
void jvmti_start_xrun_libraries(void);
/* The address of `name` in an agent library, or NULL (native method lookup). */
void *jvmti_agent_symbol(const char *name);
/* Agent_OnUnload of every agent (at VM death). */
void jvmti_agents_unload(void);

/* JavaVM->GetEnv for a JVMTI version: a new environment each time. */
bool jvmti_is_jvmti_version(jint version);
jint jvmti_get_env(void **penv, jint version);

/* Boot milestones (runtime/boot.c, invoke/invocation.c); each posts its event if wanted. */
void jvmti_enter_primordial(void);
void jvmti_early_vm_start(Thread *t);           /* heap and core classes up */
void jvmti_vm_start(Thread *t);                 /* after System.initPhase2 */
void jvmti_vm_init(Thread *t);                  /* booted: live phase, VMInit */
void jvmti_vm_death(Thread *t);                 /* before the VM goes away: VMDeath, dead phase */

/* Events posted by the VM (each callers tests JVMTI_EVENT_ENABLED first). */
void jvmti_post_ThreadStart(Thread *t);
void jvmti_post_ThreadEnd(Thread *t);
/* ClassLoad then ClassPrepare for a class just defined (and linked).  Between
 * jvmti_defer_begin and the matching jvmti_defer_end (the boot loader's lock) they wait, so
 * that no callback runs while the VM holds a lock. */
#define JVMTI_CLASS_EVENTS_ENABLED(thread) \
    unlikely(__atomic_load_n(&jvmti_event_bits, __ATOMIC_RELAXED) & \
             (JVMTI_EVENT_BIT(JVMTI_EVENT_CLASS_LOAD) | JVMTI_EVENT_BIT(JVMTI_EVENT_CLASS_PREPARE)))
void jvmti_class_defined(Thread *t, Class *c);
void jvmti_defer_begin(void);
void jvmti_defer_end(Thread *t);
/* The agent may replace *fn, the address the native method is about to be bound to. */
void jvmti_post_NativeMethodBind(Thread *t, Method *m, void **fn);
void jvmti_post_DataDumpRequest(Thread *t);
/* GarbageCollectionStart / Finish, on the collecting thread with the world stopped (the
 * callbacks may not call JNI, as the spec says); jvmti_gc_done after the world restarted:
 * ObjectFree for the tagged objects the collection freed. */
void jvmti_post_GarbageCollectionStart(Thread *t);
void jvmti_post_GarbageCollectionFinish(Thread *t);
void jvmti_gc_done(Thread *t);
extern volatile bool jvmti_tags_exist;
/* Whether any JVMTI environment was ever made (its jmethodIDs may outlive their classes). */
bool jvmti_env_exists(void);
/* A monitor event (MONITOR_WAIT, _WAITED, _CONTENDED_ENTER, _CONTENDED_ENTERED) on *obj;
 * arg: MonitorWait's timeout, MonitorWaited's timed_out (jvmti/jvmti_monitor_info.c). */
void jvmti_post_monitor_event(Thread *t, jvmtiEvent ev, Object **obj, jlong arg);
/* flags: JVMTI_RESOURCE_EXHAUSTED_*; description: HotSpot's words */
void jvmti_post_ResourceExhausted(Thread *t, jint flags, const char *description);

#endif
