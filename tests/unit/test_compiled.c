/*
 * test_compiled.c — what CompiledMethodLoad and CompiledMethodUnload say of Loupe's
 * compiled code, a method's prepared Insn array (jvmti/jvmti_compiled.c), in the facts
 * agent/CompiledLoad cannot compare with HotSpot.
 *
 *   test_compiled CLASSDIR
 *
 * It boots a VM with CLASSDIR on the boot class path, takes a JVMTI environment with both
 * events enabled and calls tests/java/DbgTarget.java's sum through JNI (the first call,
 * through interp_call).  Checked, in order: one load for sum, whose code size is its map's
 * length times the size of an Insn, each map entry the next Insn with an ascending
 * bytecode index from 0; none for a second call; GenerateEvents replays it with the same
 * address; a redefinition of DbgTarget (its own bytes) posts the unload of that code, on
 * the service thread, and the next call loads new code at another address.  One line is
 * printed per failed check, then a count; exit status 0 only if nothing failed.  It boots
 * a whole VM, so it is linked to stand in for libjvm.so (tests/tests.mk).
 */
#include "interp/prepare.h"
#include <jvmti.h>
#include "unit_vm.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int nchecks, nfailed;

static void check(bool ok, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void check(bool ok, int line, const char *fmt, ...) {
    nchecks++;
    if (ok) return;
    nfailed++;
    va_list ap;
    va_start(ap, fmt);
    printf("test_compiled.c:%d: FAILED: ", line);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}
#define CHECKF(cond, ...) check((cond), __LINE__, __VA_ARGS__)

static jvmtiEnv *jvmti;
static jmethodID sum_id;
static volatile int loads, unloads, map_ok = 1;
static const void *volatile load_addr, *volatile unload_addr;

/* Each entry the next Insn, its bytecode index above the previous one's, from 0. */
static bool map_consistent(jint size, const void *addr, jint n, const jvmtiAddrLocationMap *map) {
    if (n <= 0 || (size_t)size != (size_t)n * sizeof(Insn)) return false;
    for (jint i = 0; i < n; i++) {
        if (map[i].start_address != (const Insn *)addr + i) return false;
        if (i == 0 ? map[i].location != 0 : map[i].location <= map[i - 1].location) return false;
    }
    return true;
}

static void JNICALL on_load(jvmtiEnv *e, jmethodID m, jint size, const void *addr, jint n,
                            const jvmtiAddrLocationMap *map, const void *info) {
    if (m != sum_id) return;
    if (!map_consistent(size, addr, n, map) || info) map_ok = 0;
    load_addr = addr;
    __atomic_fetch_add(&loads, 1, __ATOMIC_SEQ_CST);
}

static void JNICALL on_unload(jvmtiEnv *e, jmethodID m, const void *addr) {
    if (m != sum_id) return;
    unload_addr = addr;
    __atomic_fetch_add(&unloads, 1, __ATOMIC_SEQ_CST);
}

static bool setup(JavaVM *vm) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return false;
    jvmtiCapabilities caps = { .can_generate_compiled_method_load_events = 1, .can_redefine_classes = 1 };
    jvmtiEventCallbacks cb = { .CompiledMethodLoad = on_load, .CompiledMethodUnload = on_unload };
    return !(*jvmti)->AddCapabilities(jvmti, &caps) && !(*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb) &&
           !(*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_COMPILED_METHOD_LOAD, NULL) &&
           !(*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_COMPILED_METHOD_UNLOAD, NULL);
}

static unsigned char *read_class(const char *dir, jint *len) {
    char path[4096];
    snprintf(path, sizeof path, "%s/DbgTarget.class", dir);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static unsigned char buf[1 << 16];
    *len = (jint)fread(buf, 1, sizeof buf, f);
    fclose(f);
    return buf;
}

/* The service thread posts unloads: wait for one, 20 s at most. */
static void wait_unload(void) {
    for (int i = 0; i < 2000 && !__atomic_load_n(&unloads, __ATOMIC_SEQ_CST); i++)
        nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
}

int main(int argc, char **argv) {
    JavaVM *vm;
    JNIEnv *env = unit_vm_start(argc, argv, NULL, &vm);
    if (!env || !setup(vm)) return 2;
    jclass k = (*env)->FindClass(env, "DbgTarget");
    sum_id = k ? (*env)->GetStaticMethodID(env, k, "sum", "(I)I") : NULL;
    if (!sum_id) return 2;
    CHECKF((*env)->CallStaticIntMethod(env, k, sum_id, 10) == 45, "sum(10)");
    CHECKF(loads == 1, "one load at the first call, %d", loads);
    CHECKF(map_ok, "the map is the Insn array, bytecode indexes ascending from 0");
    const void *first = load_addr;
    (*env)->CallStaticIntMethod(env, k, sum_id, 3);
    CHECKF(loads == 1, "no load at the second call, %d", loads);
    CHECKF(!(*jvmti)->GenerateEvents(jvmti, JVMTI_EVENT_COMPILED_METHOD_LOAD), "GenerateEvents");
    CHECKF(loads == 2 && load_addr == first, "GenerateEvents replays the code, %d", loads);
    jint len = 0;
    unsigned char *bytes = read_class(argv[1], &len);
    jvmtiClassDefinition def = { k, len, bytes };
    CHECKF(bytes && !(*jvmti)->RedefineClasses(jvmti, 1, &def), "RedefineClasses");
    wait_unload();
    CHECKF(unloads == 1 && unload_addr == first, "the redefinition unloads the old code, %d", unloads);
    CHECKF((*env)->CallStaticIntMethod(env, k, sum_id, 10) == 45, "sum(10) redefined");
    CHECKF(loads == 3 && load_addr != first && map_ok, "the new code's load, %d", loads);
    printf("test_compiled: %d checks, %d failed\n", nchecks, nfailed);
    return nfailed ? 1 : 0;
}
