/*
 * jvmti_tag.c — object tags (GetTag, SetTag, GetObjectsWithTags), ObjectFree, and the
 * garbage collection events.
 *
 * Each environment has its own tag map: entries hold a weak global reference to the
 * object (which the collector updates when the object moves and clears when it dies) and
 * the tag, hashed by the object's identity hash, which does not change when it moves.
 * After a collection (jvmti_gc_done, called as soon as the world restarts, before the
 * collecting thread's failed allocation is even an object, so it may not run callbacks)
 * the dead entries are moved to the map's list of freed tags; ObjectFree for them is
 * posted by the environment's next tag function (GetObjectsWithTags too), when it sets its
 * callbacks or ObjectFree's mode, before VMDeath and at the end of any
 * ForceGarbageCollection, so that an agent that forces a collection then looks for its
 * objects has heard of those that died (HotSpot's service thread posts them by then).
 *
 * GarbageCollectionStart and GarbageCollectionFinish run on the collecting thread with
 * the world stopped: the callback is called as it is, in VM state (a transition to
 * native would stop for the very safepoint in progress), and may use only the functions
 * the spec allows there (raw monitors, Allocate/Deallocate, ...).
 */
#include "jvmti/jvmti_heap.h"
#include "runtime/monitor.h"
#include <stdlib.h>
#include <string.h>

enum { TAG_BUCKETS = 1024 };

typedef struct TagEntry {
    jweak ref;
    jlong tag;
    struct TagEntry *next;
} TagEntry;

typedef struct JvmtiTagMap {
    pthread_mutex_t lock;
    TagEntry *buckets[TAG_BUCKETS];
    jlong *freed;                   /* tags of objects the collector freed, to report */
    int nfreed, freed_cap;
} JvmtiTagMap;

volatile bool jvmti_tags_exist;

static JvmtiTagMap *tag_map(JvmtiEnv *env, bool create) {
    JvmtiTagMap *m = __atomic_load_n(&env->tags, __ATOMIC_ACQUIRE);
    if (m || !create) return m;
    pthread_mutex_lock(&jvmti_lock);
    if (!env->tags) {
        m = vm_calloc(1, sizeof *m);
        pthread_mutex_init(&m->lock, NULL);
        __atomic_store_n(&env->tags, m, __ATOMIC_RELEASE);
        __atomic_store_n(&jvmti_tags_exist, true, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&jvmti_lock);
    return env->tags;
}

static TagEntry **bucket_of(JvmtiTagMap *m, Object *o) {
    jint hash = mon_identity_hash(thread_current(), o);
    return &m->buckets[(uint32_t)hash % TAG_BUCKETS];
}

/* The link pointing at o's entry (with m->lock held), or NULL. */
static TagEntry **find(JvmtiTagMap *m, Object *o) {
    for (TagEntry **p = bucket_of(m, o); *p; p = &(*p)->next)
        if (hnd_get((*p)->ref) == o) return p;
    return NULL;
}

/* ---- ObjectFree ---- */

static void note_freed(JvmtiTagMap *m, jlong tag) {
    if (m->nfreed == m->freed_cap) {
        m->freed_cap = m->freed_cap ? m->freed_cap * 2 : 64;
        m->freed = realloc(m->freed, (size_t)m->freed_cap * sizeof *m->freed);
    }
    m->freed[m->nfreed++] = tag;
}

/* Moves the entries of dead objects to the freed list (no callbacks here). */
static void sweep(JvmtiTagMap *m) {
    pthread_mutex_lock(&m->lock);
    for (int b = 0; b < TAG_BUCKETS; b++)
        for (TagEntry **p = &m->buckets[b]; *p;) {
            TagEntry *e = *p;
            if (hnd_get(e->ref)) {
                p = &e->next;
                continue;
            }
            *p = e->next;
            note_freed(m, e->tag);
            hnd_delete_weak(e->ref);
            free(e);
        }
    pthread_mutex_unlock(&m->lock);
}

void jvmti_gc_done(Thread *t) {
    for (JvmtiEnv *env = __atomic_load_n(&jvmti_envs, __ATOMIC_ACQUIRE); env; env = env->next) {
        JvmtiTagMap *m = tag_map(env, false);
        if (m) sweep(m);
    }
}

/* ObjectFree for what the collector freed, to the environment that tagged it. */
static void post_object_free(Thread *t, JvmtiEnv *env, JvmtiTagMap *m) {
    pthread_mutex_lock(&m->lock);
    jlong *tags = m->freed;
    int n = m->nfreed;
    m->freed = NULL;
    m->nfreed = m->freed_cap = 0;
    pthread_mutex_unlock(&m->lock);
    bool wanted = false;
    JVMTI_FOR_EACH_ENV(e, t, JVMTI_EVENT_OBJECT_FREE) wanted |= e == env;
    jvmtiEventObjectFree cb = __atomic_load_n(&env->callbacks.ObjectFree, __ATOMIC_RELAXED);
    for (int i = 0; wanted && cb && i < n; i++) JVMTI_CALLBACK(t, cb(jvmti_ext(env), tags[i]));
    free(tags);
}

/* ObjectFree now for env's objects the collector freed (SetEventCallbacks and
 * SetEventNotificationMode of ObjectFree flush them first, as HotSpot's do). */
void jvmti_tags_flush(Thread *t, JvmtiEnv *env) {
    JvmtiTagMap *m = tag_map(env, false);
    if (m) post_object_free(t, env, m);
}

void jvmti_tags_post_freed(Thread *t) {
    for (JvmtiEnv *env = __atomic_load_n(&jvmti_envs, __ATOMIC_ACQUIRE); env; env = env->next) {
        JvmtiTagMap *m = tag_map(env, false);
        if (m) post_object_free(t, env, m);
    }
}

/* ---- the functions ---- */

jvmtiError JNICALL jvmti_GetTag(jvmtiEnv *e, jobject object, jlong *tag_ptr) {
    if (!tag_ptr) return JVMTI_ERROR_NULL_POINTER;      /* before the object, as in HotSpot */
    Object *o = hnd_get(object);
    if (!o) return JVMTI_ERROR_INVALID_OBJECT;
    JvmtiTagMap *m = tag_map(jvmti_env(e), false);
    *tag_ptr = 0;
    if (!m) return JVMTI_ERROR_NONE;
    post_object_free(thread_current(), jvmti_env(e), m);
    o = hnd_get(object);
    pthread_mutex_lock(&m->lock);
    TagEntry **p = find(m, o);
    if (p) *tag_ptr = (*p)->tag;
    pthread_mutex_unlock(&m->lock);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_SetTag(jvmtiEnv *e, jobject object, jlong tag) {
    if (!hnd_get(object)) return JVMTI_ERROR_INVALID_OBJECT;
    JvmtiTagMap *m = tag_map(jvmti_env(e), tag != 0);
    if (!m) return JVMTI_ERROR_NONE;
    post_object_free(thread_current(), jvmti_env(e), m);
    Object *o = hnd_get(object);
    pthread_mutex_lock(&m->lock);
    TagEntry **p = find(m, o);
    if (p && tag) {
        (*p)->tag = tag;
    } else if (p) {
        TagEntry *dead = *p;
        *p = dead->next;
        hnd_delete_weak(dead->ref);
        free(dead);
    } else if (tag) {
        TagEntry *n = malloc(sizeof *n);
        TagEntry **b = bucket_of(m, o);
        n->ref = hnd_new_weak(o);
        n->tag = tag;
        n->next = *b;
        *b = n;
    }
    pthread_mutex_unlock(&m->lock);
    return JVMTI_ERROR_NONE;
}

static bool wanted_tag(jlong tag, jint tag_count, const jlong *tags) {
    for (jint i = 0; i < tag_count; i++)
        if (tags[i] == tag) return true;
    return false;
}

jvmtiError JNICALL jvmti_GetObjectsWithTags(jvmtiEnv *e, jint tag_count, const jlong *tags, jint *count_ptr,
                                            jobject **object_result_ptr, jlong **tag_result_ptr) {
    if (tag_count < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (!tags || !count_ptr) return JVMTI_ERROR_NULL_POINTER;
    /* (a zero among the tags matches nothing; HotSpot does not reject it) */
    Thread *t = thread_current();
    JvmtiTagMap *m = tag_map(jvmti_env(e), false);
    if (m) post_object_free(t, jvmti_env(e), m);
    jint n = 0;
    jobject *objs = NULL;
    jlong *found = NULL;
    if (m) {
        pthread_mutex_lock(&m->lock);
        jint cap = 0;
        for (int b = 0; b < TAG_BUCKETS; b++)
            for (TagEntry *x = m->buckets[b]; x; x = x->next) cap++;
        objs = malloc((size_t)(cap ? cap : 1) * sizeof *objs);
        found = malloc((size_t)(cap ? cap : 1) * sizeof *found);
        for (int b = 0; b < TAG_BUCKETS; b++)
            for (TagEntry *x = m->buckets[b]; x; x = x->next) {
                Object *o = hnd_get(x->ref);
                if (!o || !wanted_tag(x->tag, tag_count, tags)) continue;
                objs[n] = hnd_local(t, o);
                found[n++] = x->tag;
            }
        pthread_mutex_unlock(&m->lock);
    }
    *count_ptr = n;
    jvmtiError err = JVMTI_ERROR_NONE;
    if (object_result_ptr && !(err = jvmti_allocate((jlong)n * (jlong)sizeof(jobject), (void **)object_result_ptr)) && n)
        memcpy(*object_result_ptr, objs, (size_t)n * sizeof *objs);
    if (!err && tag_result_ptr && !(err = jvmti_allocate((jlong)n * (jlong)sizeof(jlong), (void **)tag_result_ptr)) && n)
        memcpy(*tag_result_ptr, found, (size_t)n * sizeof *found);
    free(objs);
    free(found);
    return err;
}

/* ---- garbage collection events ---- */

static void post_gc_event(Thread *t, jvmtiEvent ev) {
    JVMTI_FOR_EACH_ENV(env, t, ev) {
        jvmtiEventGarbageCollectionStart cb = ev == JVMTI_EVENT_GARBAGE_COLLECTION_START
            ? __atomic_load_n(&env->callbacks.GarbageCollectionStart, __ATOMIC_RELAXED)
            : __atomic_load_n(&env->callbacks.GarbageCollectionFinish, __ATOMIC_RELAXED);
        if (cb) cb(jvmti_ext(env));
    }
}

void jvmti_post_GarbageCollectionStart(Thread *t) { post_gc_event(t, JVMTI_EVENT_GARBAGE_COLLECTION_START); }
void jvmti_post_GarbageCollectionFinish(Thread *t) { post_gc_event(t, JVMTI_EVENT_GARBAGE_COLLECTION_FINISH); }

/* ---- tags during heap walks (jvmti_heap_walk.c), with the world stopped ----
 *
 * Addresses do not change while the world is stopped, so a walk indexes the map's
 * entries by address once (an open-addressed table) instead of hashing every object it
 * meets; tags the callbacks set go into the map and the index at once.  Each slot holds
 * the object's address and tag beside its entry: a walk looks up two or four tags per
 * reference, nearly all of them of untagged objects or of the few tagged classes, and
 * finds them without following the entry and its weak handle, which the walk's stream of
 * objects has pushed out of the cache; for the same reason the table starts small. */

typedef struct WalkSlot {
    Object *o;                  /* NULL = empty */
    jlong tag;                  /* e->tag, kept equal */
    TagEntry *e;
} WalkSlot;

struct JvmtiTagWalk {
    JvmtiTagMap *m;
    WalkSlot *slots;
    size_t mask, count;
};

static size_t walk_home(const JvmtiTagWalk *w, Object *o) {
    uint64_t h = (uint64_t)(uintptr_t)o * 0x9E3779B97F4A7C15ull;
    return (size_t)(h ^ (h >> 32)) & w->mask;
}

static void walk_put(JvmtiTagWalk *w, Object *o, TagEntry *e) {
    size_t i = walk_home(w, o);
    while (w->slots[i].o && w->slots[i].o != o) i = (i + 1) & w->mask;
    if (!w->slots[i].o) w->count++;
    w->slots[i] = (WalkSlot){ o, e->tag, e };
}

static void walk_grow(JvmtiTagWalk *w) {
    WalkSlot *old = w->slots;
    size_t n = old ? w->mask + 1 : 0;
    w->mask = n ? n * 2 - 1 : 63;
    w->slots = calloc(w->mask + 1, sizeof *w->slots);
    w->count = 0;
    for (size_t i = 0; i < n; i++)
        if (old[i].o) walk_put(w, old[i].o, old[i].e);
    free(old);
}

JvmtiTagWalk *jvmti_tag_walk_begin(JvmtiEnv *env) {
    JvmtiTagWalk *w = calloc(1, sizeof *w);
    w->m = tag_map(env, true);
    pthread_mutex_lock(&w->m->lock);
    walk_grow(w);
    for (int b = 0; b < TAG_BUCKETS; b++)
        for (TagEntry *e = w->m->buckets[b]; e; e = e->next) {
            Object *o = hnd_get(e->ref);
            if (!o) continue;
            if ((w->count + 1) * 2 > w->mask) walk_grow(w);
            walk_put(w, o, e);
        }
    return w;
}

static WalkSlot *walk_find(const JvmtiTagWalk *w, Object *o) {
    if (!w->count) return NULL;
    for (size_t i = walk_home(w, o); w->slots[i].o; i = (i + 1) & w->mask)
        if (w->slots[i].o == o) return &w->slots[i];
    return NULL;
}

jlong jvmti_tag_walk_get(const JvmtiTagWalk *w, Object *o) {
    WalkSlot *s = o ? walk_find(w, o) : NULL;
    return s ? s->tag : 0;
}

/* A tag a callback set (0 removes it from the map at the end: the entry stays indexed). */
void jvmti_tag_walk_set(JvmtiTagWalk *w, Object *o, jlong tag) {
    WalkSlot *s = walk_find(w, o);
    if (s) {
        s->tag = s->e->tag = tag;
        return;
    }
    if (!tag) return;
    TagEntry *e = malloc(sizeof *e);
    TagEntry **b = bucket_of(w->m, o);
    e->ref = hnd_new_weak(o);
    e->tag = tag;
    e->next = *b;
    *b = e;
    if ((w->count + 1) * 2 > w->mask) walk_grow(w);
    walk_put(w, o, e);
}

void jvmti_tag_walk_end(JvmtiTagWalk *w) {
    for (int b = 0; b < TAG_BUCKETS; b++)
        for (TagEntry **p = &w->m->buckets[b]; *p;) {
            TagEntry *e = *p;
            if (e->tag) {
                p = &e->next;
                continue;
            }
            *p = e->next;
            hnd_delete_weak(e->ref);
            free(e);
        }
    pthread_mutex_unlock(&w->m->lock);
    free(w->slots);
    free(w);
}
