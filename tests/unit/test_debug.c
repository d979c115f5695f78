/*
 * test_debug.c — white-box tests of the interpreter's debugger seams (interp/debug.h),
 * with no tool interface in between: the hooks record what they see, the checks compare
 * it with what tests/java/DbgTarget.java must produce.
 *
 *   test_debug CLASSDIR
 *
 * It boots a VM with CLASSDIR on the boot class path and checks, in order: a breakpoint
 * (hits, and none once cleared), method entry/exit with return values, single stepping
 * (the bcis of one call), locals read and written from a breakpoint, ForceEarlyReturn,
 * PopFrame (the caller's invoke runs again), FramePop, field watches (access and
 * modification, instance and static), and Exception/ExceptionCatch with the catch
 * location.  One line is printed per failed check, then a count; exit status 0 only if
 * nothing failed.  It boots a whole VM, so it is linked to stand in for libjvm.so
 * (tests/tests.mk): libjava.so binds to the JVM_ functions it exports.
 */
#include "interp/debug.h"
#include "runtime/thread.h"
#include "heap/object.h"
#include <jni.h>
#include "unit_vm.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int nchecks, nfailed;

static void check(bool ok, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void check(bool ok, int line, const char *fmt, ...) {
    nchecks++;
    if (ok) return;
    nfailed++;
    va_list ap;
    va_start(ap, fmt);
    printf("test_debug.c:%d: FAILED: ", line);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}
#define CHECKF(cond, ...) check((cond), __LINE__, __VA_ARGS__)

/* ---- what the hooks saw ---- */

static char logbuf[8192];
static void logf_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void logf_(const char *fmt, ...) {
    size_t n = strlen(logbuf);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(logbuf + n, sizeof logbuf - n, fmt, ap);
    va_end(ap);
}

static Method *only;            /* events of other methods are not logged */
static int bp_action;           /* what the breakpoint hook does */
enum { BP_LOG, BP_LOCALS, BP_RETURN, BP_POP_ONCE, BP_FRAMEPOP, BP_STEP };
static int pops;

static bool mine(Method *m) { return !only || m == only || m->holder == only->holder; }

static void on_entry(Thread *t, Method *m) {
    if (m == only) logf_("entry %s;", m->name->str);
}
static void on_exit(Thread *t, Method *m, bool by_exc, jvalue ret, Object **ref) {
    if (m == only) logf_("exit %s %d%s;", m->name->str, ret.i, by_exc ? " exc" : "");
}
static void on_frame_pop(Thread *t, Method *m, bool by_exc) { logf_("pop %s%s;", m->name->str, by_exc ? " exc" : ""); }
static void on_step(Thread *t, Method *m, int bci) {
    if (m == only) logf_("%d,", bci);
}

static void on_bp(Thread *t, Method *m, int bci) {
    logf_("bp %s@%d;", m->name->str, bci);
    jvalue v;
    Object *o;
    switch (bp_action) {
    case BP_LOCALS:
        CHECKF(dbg_get_local(t, 0, 1, 'I', &v, &o) == DBG_OK, "get local 1");
        logf_("s=%d;", v.i);
        CHECKF(dbg_get_local(t, 0, 1, 'J', &v, &o) == DBG_TYPE_MISMATCH, "long as int slot");
        CHECKF(dbg_get_local(t, 0, 9, 'I', &v, &o) == DBG_INVALID_SLOT, "slot 9");
        CHECKF(dbg_get_local(t, 0, 3, 'I', &v, &o) == DBG_INVALID_SLOT, "dead slot");
        CHECKF(dbg_get_local(t, 40, 0, 'I', &v, &o) == DBG_NO_MORE_FRAMES, "depth 40");
        v.i = 1000;
        CHECKF(dbg_set_local(t, 0, 1, 'I', v, NULL) == DBG_OK, "set local 1");
        break;
    case BP_RETURN:
        v.i = 42;
        CHECKF(dbg_force_return(t, 'J', v, NULL) == DBG_TYPE_MISMATCH, "force long");
        CHECKF(dbg_force_return(t, 'I', v, NULL) == DBG_OK, "force int");
        break;
    case BP_POP_ONCE:
        if (pops++ == 0) CHECKF(dbg_pop_frame(t) == DBG_OK, "pop frame");
        break;
    case BP_FRAMEPOP:
        CHECKF(dbg_notify_frame_pop(t, 0) == DBG_OK, "notify frame pop");
        CHECKF(dbg_notify_frame_pop(t, 0) == DBG_DUPLICATE, "notify twice");
        break;
    case BP_STEP:
        dbg_thread_modes(t, DBG_STEP);
        break;
    }
}

static void on_access(Thread *t, Method *m, int bci, Field *f, Object **obj) {
    if (mine(m)) logf_("get %s@%d %s%s;", m->name->str, bci, f->name->str, obj ? " obj" : "");
}
static void on_modify(Thread *t, Method *m, int bci, Field *f, Object **obj, char sig, jvalue v, Object **vr) {
    if (mine(m)) logf_("put %s@%d %s %c %lld;", m->name->str, bci, f->name->str, sig, sig == 'J' ? (long long)v.j : v.i);
}
static void on_exc(Thread *t, Method *m, int bci, Object **exc, Method *cm, int cbci) {
    if (mine(m)) logf_("throw %s@%d %s -> %s@%d;", m->name->str, bci, (*exc)->klass->name->str, cm ? cm->name->str : "-", cbci);
}
static void on_catch(Thread *t, Method *m, int bci, Object **exc) {
    if (mine(m)) logf_("catch %s@%d;", m->name->str, bci);
}

/* ---- driving DbgTarget ---- */

static JNIEnv *env;
static jclass target;

static jint call_int(const char *name, const char *sig, jint arg) {
    jmethodID mid = (*env)->GetStaticMethodID(env, target, name, sig);
    jint r = (*env)->CallStaticIntMethod(env, target, mid, arg);
    if ((*env)->ExceptionCheck(env)) {
        (*env)->ExceptionDescribe(env);
        return -99999;
    }
    return r;
}

static Method *method(const char *name, const char *sig) {
    return (Method *)(*env)->GetStaticMethodID(env, target, name, sig);
}

static void expect_log(int line, const char *want) {
    check(strcmp(logbuf, want) == 0, line, "log\n  got:  %s\n  want: %s", logbuf, want);
    logbuf[0] = 0;
}

static void test_breakpoint(Thread *t) {
    Method *sum = method("sum", "(I)I");
    CHECKF(dbg_set_breakpoint(t, sum, 19) == DBG_OK, "set");
    CHECKF(dbg_set_breakpoint(t, sum, 19) == DBG_DUPLICATE, "set twice");
    CHECKF(dbg_set_breakpoint(t, sum, 14) == DBG_OK, "inside an instruction");
    CHECKF(dbg_set_breakpoint(t, sum, 21) == DBG_INVALID_LOCATION, "past the end");
    CHECKF(call_int("sum", "(I)I", 10) == 45, "sum");
    expect_log(__LINE__, "bp sum@19;");
    bp_action = BP_LOCALS;
    CHECKF(call_int("sum", "(I)I", 10) == 1000, "sum with local set");
    expect_log(__LINE__, "bp sum@19;s=45;");
    bp_action = BP_RETURN;
    CHECKF(call_int("sum", "(I)I", 10) == 42, "sum forced");
    expect_log(__LINE__, "bp sum@19;");
    bp_action = BP_LOG;
    CHECKF(dbg_clear_breakpoint(sum, 19) == DBG_OK, "clear");
    CHECKF(dbg_clear_breakpoint(sum, 19) == DBG_NOT_FOUND, "clear twice");
    CHECKF(dbg_clear_breakpoint(sum, 14) == DBG_OK, "clear inside an instruction");
    CHECKF(call_int("sum", "(I)I", 10) == 45, "sum");
    expect_log(__LINE__, "");
}

static void test_entry_exit(Thread *t) {
    only = method("fib", "(I)I");
    dbg_thread_modes(t, DBG_ENTRY | DBG_EXIT);
    CHECKF(call_int("fib", "(I)I", 2) == 1, "fib");
    dbg_thread_modes(t, 0);
    expect_log(__LINE__, "entry fib;entry fib;exit fib 1;entry fib;exit fib 0;exit fib 1;");
    CHECKF(call_int("fib", "(I)I", 2) == 1, "fib");
    expect_log(__LINE__, "");
}

static void test_step(Thread *t) {
    only = method("callee", "(II)I");
    bp_action = BP_STEP;
    dbg_set_breakpoint(t, method("caller", "(I)I"), 2);
    CHECKF(call_int("caller", "(I)I", 4) == 26, "caller");
    dbg_thread_modes(t, 0);
    dbg_clear_breakpoint(method("caller", "(I)I"), 2);
    expect_log(__LINE__, "bp caller@2;0,1,2,3,4,5,6,7,");
    CHECKF(call_int("caller", "(I)I", 4) == 26, "caller");
    expect_log(__LINE__, "");
    bp_action = BP_LOG;
}

static void test_pop(Thread *t) {
    only = NULL;
    Method *callee = method("callee", "(II)I");
    bp_action = BP_POP_ONCE;
    dbg_set_breakpoint(t, callee, 4);
    CHECKF(call_int("caller", "(I)I", 4) == 26, "caller after pop");
    expect_log(__LINE__, "bp callee@4;bp callee@4;");
    bp_action = BP_FRAMEPOP;
    CHECKF(call_int("caller", "(I)I", 4) == 26, "caller");
    expect_log(__LINE__, "bp callee@4;pop callee;");
    dbg_clear_breakpoint(callee, 4);
    bp_action = BP_LOG;
}

static void test_watch(Thread *t) {
    only = method("touch", "(LDbgTarget;)I");
    Class *c = only->holder;
    Field *value = NULL, *counter = NULL, *wide = NULL;
    for (uint32_t i = 0; i < c->nfields; i++) {
        Field *f = &c->fields[i];
        if (!strcmp(f->name->str, "value")) value = f;
        if (!strcmp(f->name->str, "counter")) counter = f;
        if (!strcmp(f->name->str, "wide")) wide = f;
    }
    CHECKF(value && counter && wide, "fields");
    jmethodID ctor = (*env)->GetMethodID(env, target, "<init>", "()V");
    jobject o = (*env)->NewObject(env, target, ctor);
    CHECKF(dbg_watch_field(value, DBG_WATCH_ACCESS, true) == DBG_OK, "watch");
    CHECKF(dbg_watch_field(value, DBG_WATCH_ACCESS, true) == DBG_DUPLICATE, "watch twice");
    dbg_watch_field(counter, DBG_WATCH_MODIFY, true);
    dbg_watch_field(wide, DBG_WATCH_MODIFY, true);
    jmethodID touch = (*env)->GetStaticMethodID(env, target, "touch", "(LDbgTarget;)I");
    (*env)->CallStaticIntMethod(env, target, touch, o);
    expect_log(__LINE__, "put touch@5 counter I 1;get touch@10 value obj;put touch@27 wide J 1099511627777;get touch@31 value obj;");
    dbg_watch_field(value, DBG_WATCH_ACCESS, false);
    CHECKF(dbg_watch_field(value, DBG_WATCH_ACCESS, false) == DBG_NOT_FOUND, "unwatch twice");
    dbg_watch_field(counter, DBG_WATCH_MODIFY, false);
    dbg_watch_field(wide, DBG_WATCH_MODIFY, false);
    (*env)->CallStaticIntMethod(env, target, touch, o);
    expect_log(__LINE__, "");
}

static void test_exceptions(Thread *t) {
    only = method("catcher", "(I)I");
    dbg_exception_hooks(true, true);
    CHECKF(call_int("catcher", "(I)I", 1) == -1, "catcher");
    dbg_exception_hooks(false, false);
    expect_log(__LINE__, "throw thrower@17 java/lang/IllegalStateException -> catcher@5;catch catcher@5;");
}

static int run_all(void) {
    target = (*env)->FindClass(env, "DbgTarget");
    if (!target) return 2;
    dbg_hooks = (DbgHooks){ on_entry, on_exit, on_frame_pop, on_step, on_bp, on_access, on_modify, on_exc, on_catch };
    Thread *t = thread_from_env(env);
    test_breakpoint(t);
    test_entry_exit(t);
    test_step(t);
    test_pop(t);
    test_watch(t);
    test_exceptions(t);
    printf("test_debug: %d checks, %d failed\n", nchecks, nfailed);
    return nfailed ? 1 : 0;
}

int main(int argc, char **argv) {
    JavaVM *vm;
    if (!(env = unit_vm_start(argc, argv, NULL, &vm))) return 2;
    return run_all();
}
