/*
 * jvmti_compiled.c — CompiledMethodLoad and CompiledMethodUnload, with Loupe's prepared code
 * as the compiled form of a method.
 *
 * Loupe has no JIT: a method is translated once, at its first call, into an array of Insn
 * (interp/prepare.c), one per bytecode instruction, each holding its handler's address
 * and decoded operands.  That array is what Loupe runs for the method, so it is what these
 * events report: code_addr is the array, code_size its size in bytes, and the map has one
 * entry per instruction (the Insn's address, its bytecode index), so every address of the
 * code maps to the instruction it belongs to.  compile_info is NULL.
 *
 * Load.  The thread that published the code posts the event right after publication, in
 * the live phase (jvmti_event.c filters phases and says why), holding no VM lock; the map
 * lives until the callbacks return.  A callback may do anything a callback may, even
 * redefine the method's class (nsk's hs203t004 does); prepare.c then translates the new
 * code, which is posted in turn.  GenerateEvents(COMPILED_METHOD_LOAD) replays the event
 * to the asking environment for every method whose code is prepared at that moment.
 *
 * Unload.  Code is dropped when its class is unloaded (any collector, through class
 * unloading's listener) and when a redefinition gives a method new code (the old code
 * stays with the old version's copy of the method, for the frames still running it).
 * Either happens with the world stopped, so the event is queued and posted by the
 * service thread (jvmti_class_unload.c), as HotSpot posts it from its service thread: the
 * method id of an unloaded class names a dead method, as the spec allows.  While a JVMTI
 * environment exists Loupe frees neither (classunload.c keeps dead classes' memory for
 * their ids), so no code address is reused after its unload.
 *
 * DynamicCodeGenerated: Loupe generates no native code at all (the interpreter loop and
 * every stub are C compiled into libjvm.so, native methods are called through libffi's
 * call interface, which writes no code, and nothing maps memory executable), so the
 * event is never sent and GenerateEvents has nothing to replay for it.
 */
#include "jvmti/jvmti_internal.h"
#include "interp/prepare.h"
#include "classfile/loader.h"
#include "runtime/vm.h"

static jvmtiAddrLocationMap *make_map(const Prepared *p) {
    jvmtiAddrLocationMap *map = vm_malloc((p->n ? p->n : 1) * sizeof *map);
    for (uint32_t i = 0; i < p->n; i++) map[i] = (jvmtiAddrLocationMap){ &p->code[i], (jlocation)p->bci[i] };
    return map;
}

static jint code_size(const Prepared *p) { return (jint)(p->n * sizeof(Insn)); }

/* To every environment that wants it, or only to `only`. */
static void post_load(Thread *t, JvmtiEnv *only, Method *m, const Prepared *p) {
    jvmtiAddrLocationMap *map = make_map(p);
    jmethodID id = jvmti_method_id(m);
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_COMPILED_METHOD_LOAD) {
        jvmtiEventCompiledMethodLoad cb = JVMTI_CB(env, CompiledMethodLoad);
        if (cb && (!only || env == only))
            JVMTI_CALLBACK(t, cb(jvmti_ext(env), id, code_size(p), p->code, (jint)p->n, map, NULL));
    }
    jvmti_event_exit(&s);
    vm_free(map);
}

void jvmti_post_CompiledMethodLoad(Thread *t, Method *m, const Prepared *p) { post_load(t, NULL, m, p); }

void jvmti_post_CompiledMethodUnload(Thread *t, Method *m, const void *code) {
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_COMPILED_METHOD_UNLOAD) {
        jvmtiEventCompiledMethodUnload cb = JVMTI_CB(env, CompiledMethodUnload);
        if (cb) JVMTI_CALLBACK(t, cb(jvmti_ext(env), (jmethodID)m, code));
    }
    jvmti_event_exit(&s);
}

void jvmti_class_code_unloaded(Class *c) {
    for (uint16_t i = 0; i < c->nmethods; i++) {
        Prepared *p = method_prepared(&c->methods[i]);
        if (p) jvmti_code_unloaded(&c->methods[i], p->code);
    }
}

/* ---- GenerateEvents ---- */

typedef struct Compiled {
    Method *m;
    const Prepared *p;
} Compiled;

typedef struct CompiledVec {
    Compiled *v;
    size_t n, cap;
} CompiledVec;

/* Under the class list's lock: each prepared method of c. */
static void collect(Class *c, void *ctx) {
    CompiledVec *vec = ctx;
    for (uint16_t i = 0; i < c->nmethods; i++) {
        const Prepared *p = method_prepared(&c->methods[i]);
        if (!p) continue;
        if (vec->n == vec->cap) {
            vec->cap = vec->cap ? 2 * vec->cap : 1024;
            vec->v = vm_realloc(vec->v, vec->cap * sizeof *vec->v);
        }
        vec->v[vec->n++] = (Compiled){ &c->methods[i], p };
    }
}

/* The code collected stays valid while the callbacks run: with an environment in
 * existence neither unloading nor redefinition frees prepared code. */
void jvmti_generate_compiled_loads(Thread *t, JvmtiEnv *env) {
    CompiledVec vec = { 0 };
    ld_foreach_class(collect, &vec);
    for (size_t i = 0; i < vec.n; i++) post_load(t, env, vec.v[i].m, vec.v[i].p);
    vm_free(vec.v);
}
