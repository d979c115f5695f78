/*
 * jvmti_prefix.c — SetNativeMethodPrefix(es): native method wrapping.
 *
 * An agent that instruments a native method `foo` renames it `<prefix>foo` and adds a Java
 * method `foo` that calls it.  The native function is still Java_..._foo, so when binding
 * `<prefix>foo` finds nothing under its own names, native/natives.c asks for the prefixes
 * here and tries the method with them taken off (the last-applied prefix first, i.e. the
 * environments in reverse order, each one's prefixes in reverse), provided a non-native
 * method of that name and descriptor exists; RegisterNatives of `foo` likewise reaches
 * `<prefix>foo`.  Each environment keeps its own list, replaced whole by each call.
 */
#include "jvmti/jvmti_internal.h"
#include <string.h>

typedef struct Prefixes {
    JvmtiEnv *env;
    int n;
    char **p;
    struct Prefixes *next;
} Prefixes;

static Prefixes *lists;                 /* per environment, in environment creation order */
static pthread_mutex_t prefix_lock = PTHREAD_MUTEX_INITIALIZER;

static Prefixes *list_of(JvmtiEnv *env) {
    Prefixes **link = &lists;
    for (; *link && (*link)->env->index < env->index; link = &(*link)->next)
        ;
    if (*link && (*link)->env == env) return *link;
    Prefixes *l = vm_calloc(1, sizeof *l);
    l->env = env;
    l->next = *link;
    *link = l;
    return l;
}

static bool env_valid(const Prefixes *l) { return __atomic_load_n(&l->env->valid, __ATOMIC_ACQUIRE); }

static void free_strings(char **p, int n) {
    for (int i = 0; i < n; i++) vm_free(p[i]);
    vm_free(p);
}

jvmtiError JNICALL jvmti_SetNativeMethodPrefixes(jvmtiEnv *env, jint prefix_count, char **prefixes) {
    if (prefix_count < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    if (prefix_count && !prefixes) return JVMTI_ERROR_NULL_POINTER;
    for (jint i = 0; i < prefix_count; i++)
        if (!prefixes[i]) return JVMTI_ERROR_NULL_POINTER;
    char **copy = vm_calloc(prefix_count ? (size_t)prefix_count : 1, sizeof *copy);
    for (jint i = 0; i < prefix_count; i++) copy[i] = vm_strdup(prefixes[i]);
    pthread_mutex_lock(&prefix_lock);
    Prefixes *l = list_of(jvmti_env(env));
    char **old = l->p;
    int nold = l->n;
    l->p = copy;
    l->n = prefix_count;
    pthread_mutex_unlock(&prefix_lock);
    free_strings(old, nold);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL jvmti_SetNativeMethodPrefix(jvmtiEnv *env, const char *prefix) {
    char *one = (char *)prefix;
    return jvmti_SetNativeMethodPrefixes(env, prefix ? 1 : 0, prefix ? &one : NULL);
}

/* The name with the prefixes taken off, last applied first; NULL when none applies. */
char *jvmti_unprefixed_native(const char *name) {
    if (!__atomic_load_n(&lists, __ATOMIC_ACQUIRE)) return NULL;
    pthread_mutex_lock(&prefix_lock);
    int total = 0;
    for (Prefixes *l = lists; l; l = l->next) total += env_valid(l) ? l->n : 0;
    const char **all = vm_calloc(total ? (size_t)total : 1, sizeof *all);
    int k = 0;
    for (Prefixes *l = lists; l; l = l->next)
        for (int i = 0; env_valid(l) && i < l->n; i++) all[k++] = l->p[i];
    const char *rest = name;
    for (int i = k - 1; i >= 0; i--) {
        size_t n = strlen(all[i]);
        if (strncmp(rest, all[i], n) == 0) rest += n;
    }
    char *r = rest != name ? vm_strdup(rest) : NULL;
    pthread_mutex_unlock(&prefix_lock);
    vm_free(all);
    return r;
}

/* The i-th prefix of all environments (their order, then each one's), or NULL past the end:
 * RegisterNatives tries them one after the other. */
char *jvmti_native_prefix(int i) {
    char *r = NULL;
    pthread_mutex_lock(&prefix_lock);
    for (Prefixes *l = lists; l && !r; l = l->next) {
        if (!env_valid(l)) continue;
        if (i < l->n) r = vm_strdup(l->p[i]);
        else i -= l->n;
    }
    pthread_mutex_unlock(&prefix_lock);
    return r;
}
