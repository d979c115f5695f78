/*
 * jvmti_classhook.c — the ClassFileLoadHook event: agents see, and may replace, the bytes
 * of every class the VM is about to parse.
 *
 * The loader (classfile/loader.c, ld_define) calls jvmti_class_file_hook before it parses
 * the bytes of a class defined from bytes (boot, platform and application loaders,
 * ClassLoader.defineClass, Lookup.defineClass, JNI DefineClass; not hidden classes, arrays
 * or primitives, as HotSpot 17); RedefineClasses and RetransformClasses call it for the
 * classes they replace.  The environments are chained in the spec's order: first those
 * without can_retransform_classes, then those with it, each group in creation order; the
 * bytes one returns (allocated with Allocate, so plain malloc) are what the next one sees.
 * A retransformation calls only the capable group.  The bytes between the two groups are
 * what a later retransformation starts from (HotSpot keeps the same), so the caller gets
 * them too.
 *
 * In the primordial phase (as each environment sees it) only environments holding both can_generate_early_class_hook_events
 * and can_generate_all_class_hook_events see the event, as HotSpot.  The callbacks run in
 * native state with no VM lock held (the boot loader calls the hook before taking its lock).
 */
#include "jvmti/jvmti_internal.h"
#include "classfile/class.h"
#include <stdlib.h>

#define CB(env) __atomic_load_n(&(env)->callbacks.ClassFileLoadHook, __ATOMIC_RELAXED)

/* The bytes of one chain: `cur` is input, or a buffer an agent allocated. */
typedef struct Chain {
    Thread *t;
    jclass redefined;
    jobject loader, pd;
    const char *name;
    const uint8_t *input;
    const uint8_t *cur;
    jint len;
} Chain;

static bool sees_hook(JvmtiEnv *env) {
    if (jvmti_env_phase(env) != JVMTI_PHASE_PRIMORDIAL) return true;
    return JVMTI_HAS(env, can_generate_early_class_hook_events) && JVMTI_HAS(env, can_generate_all_class_hook_events);
}

static void free_owned(Chain *ch, const uint8_t *p, const uint8_t *keep) {
    if (p && p != ch->input && p != keep) free((void *)p);
}

/* Runs the environments of one group (retransformation capable or not); `keep` is a buffer
 * that must outlive the chain (the retransformation base). */
static void run_group(Chain *ch, bool capable, const uint8_t *keep) {
    Thread *t = ch->t;
    JVMTI_FOR_EACH_ENV(env, t, JVMTI_EVENT_CLASS_FILE_LOAD_HOOK) {
        if (JVMTI_HAS(env, can_retransform_classes) != capable || !sees_hook(env)) continue;
        jvmtiEventClassFileLoadHook cb = CB(env);
        if (!cb) continue;
        jint new_len = 0;
        unsigned char *new_data = NULL;
        JVMTI_CALLBACK(t, cb(jvmti_ext(env), thread_env(t), ch->redefined, ch->loader, ch->name, ch->pd, ch->len,
                             ch->cur, &new_len, &new_data));
        if (!new_data) continue;
        if (new_len < 0) {
            free(new_data);
            continue;
        }
        free_owned(ch, ch->cur, keep);
        ch->cur = new_data;
        ch->len = new_len;
    }
}

void jvmti_class_file_hook(Thread *t, JvmtiHook *h) {
    h->out = h->base = h->bytes;
    h->out_len = h->base_len = h->len;
    if (!t || h->len > INT32_MAX) return;
    JvmtiEventScope s;
    jvmti_event_enter(t, &s);
    Chain ch = { t, h->redefined ? hnd_local(t, h->redefined->mirror) : NULL,
                 h->loader ? hnd_local(t, *h->loader) : NULL, h->pd ? hnd_local(t, *h->pd) : NULL,
                 h->name, h->bytes, h->bytes, (jint)h->len };
    if (!h->retransform) run_group(&ch, false, NULL);
    const uint8_t *base = ch.cur;
    size_t base_len = (size_t)ch.len;
    run_group(&ch, true, base);
    jvmti_event_exit(&s);
    h->out = ch.cur;
    h->out_len = (size_t)ch.len;
    h->base = base;
    h->base_len = base_len;
}

void jvmti_class_file_hook_free(JvmtiHook *h) {
    if (h->out != h->bytes && h->out != h->base) free((void *)h->out);
    if (h->base != h->bytes) free((void *)h->base);
    h->out = h->base = NULL;
}
