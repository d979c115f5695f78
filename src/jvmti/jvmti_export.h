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
#include <stdio.h>

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
/* Loads an agent into the live VM (jcmd JVMTI.agent_load, the attach API's "load") and runs
 * its Agent_OnAttach; writes HotSpot's report to out.  Returns the attach status: JNI_OK
 * once Agent_OnAttach ran (whatever it returned), JNI_ERR when it could not. */
jint jvmti_attach_agent(Thread *t, const char *name, bool absolute, const char *options, FILE *out);
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
/* ClassLoad for a class just defined; ClassPrepare for a class just linked as HotSpot
 * links (verified: classfile/link.c's link_verify), which may be much later, or never.
 * Between jvmti_defer_begin and the matching jvmti_defer_end (the boot loader's lock) they
 * wait, so that no callback runs while the VM holds a lock. */
#define JVMTI_CLASS_EVENTS_ENABLED(thread) \
    unlikely(__atomic_load_n(&jvmti_event_bits, __ATOMIC_RELAXED) & \
             (JVMTI_EVENT_BIT(JVMTI_EVENT_CLASS_LOAD) | JVMTI_EVENT_BIT(JVMTI_EVENT_CLASS_PREPARE)))
void jvmti_class_defined(Thread *t, Class *c);
void jvmti_class_prepared(Thread *t, Class *c);
void jvmti_defer_begin(void);
void jvmti_defer_end(Thread *t);
/* ClassFileLoadHook (jvmti/jvmti_classhook.c).  The caller fills the inputs, tests
 * JVMTI_CLASS_HOOK_ENABLED first, parses `out` afterwards and then calls
 * jvmti_class_file_hook_free.  `base` is what a later retransformation starts from. */
typedef struct JvmtiHook {
    Class *redefined;               /* the class being redefined or retransformed, or NULL */
    Object **loader, **pd;          /* handles, or NULL */
    const char *name;               /* internal form, or NULL when unknown */
    const uint8_t *bytes;
    size_t len;
    bool retransform;               /* only the retransformation-capable environments */
    const uint8_t *out, *base;      /* results: `bytes` itself when nobody changed them */
    size_t out_len, base_len;
} JvmtiHook;
#define JVMTI_CLASS_HOOK_ENABLED(thread) JVMTI_EVENT_ENABLED(thread, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK)
void jvmti_class_file_hook(Thread *t, JvmtiHook *h);
void jvmti_class_file_hook_free(JvmtiHook *h);
/* Native method prefixes (jvmti/jvmti_prefix.c): `name` without the prefixes agents set
 * (vm_malloc'd), or NULL when none applies; the i-th prefix (vm_malloc'd) or NULL. */
char *jvmti_unprefixed_native(const char *name);
char *jvmti_native_prefix(int i);
/* The agent may replace *fn, the address the native method is about to be bound to. */
void jvmti_post_NativeMethodBind(Thread *t, Method *m, void **fn);
void jvmti_post_DataDumpRequest(Thread *t);
/* CompiledMethodLoad (jvmti/jvmti_compiled.c): m's prepared code `p` was just published by
 * this thread (interp/prepare.c), which holds no VM lock.  The callbacks may redefine m's
 * class: the caller then runs m's code as it is after the call. */
struct Prepared;
void jvmti_post_CompiledMethodLoad(Thread *t, Method *m, const struct Prepared *p);

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
/* Allocation events (VMObjectAlloc, SampledObjectAlloc, com.loupe.events.ObjectAlloc,
 * jvmti/jvmti_alloc.c): while jvmti_alloc_hook is set the heap calls jvmti_object_alloc
 * for each complete object; the callbacks may collect, so it returns the object's
 * address after them. */
extern volatile bool jvmti_alloc_hook;
Object *jvmti_object_alloc(Thread *t, Object *o, size_t size);
/* The VM entry points that allocate for Java code objects bytecode instrumentation cannot
 * see (HotSpot's set: clone, reflection, java.lang.reflect.Array, class queries, the
 * constant pool's objects, ...: jvmti_alloc.c lists them) start with
 * JVMTI_VM_ALLOCATIONS(t): until they return, what they allocate themselves (not the Java
 * code they call) is reported by VMObjectAlloc. */
void *jvmti_vm_alloc_enter(Thread *t);
void jvmti_vm_alloc_leave(void **saved);
#define JVMTI_VM_ALLOCATIONS(t) \
    __attribute__((cleanup(jvmti_vm_alloc_leave), unused)) void *jvmti_vm_alloc_saved_ = jvmti_vm_alloc_enter(t)
/* Heap sampling and TLABs (heap.c): the bytes t may allocate before its next sample
 * point, the bytes its TLAB gave out so far counted. */
size_t jvmti_sample_room(Thread *t);
/* A thread ends: its allocation counts (jvmti/jvmti_alloc_counts.c) go to the last drain. */
void jvmti_counts_thread_exit(Thread *t);
#define JVMTI_ALLOC_HOOK_ON() unlikely(__atomic_load_n(&jvmti_alloc_hook, __ATOMIC_RELAXED))

#endif
