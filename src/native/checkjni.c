/*
 * checkjni.c — -Xcheck:jni: the checks behind the checking JNI function table.
 *
 * What: with -Xcheck:jni every thread's JNIEnv points at a second function table
 * (checkjni_table.c) whose entries validate their arguments and the calling thread's
 * JNI discipline, then call the real function through jni_function_table.  Misuse is
 * reported as HotSpot reports it, on stdout: a warning is "WARNING in native method: ..."
 * (or HotSpot's few other warning lines) followed by the thread's Java stack, and the
 * program goes on; a fatal error is "FATAL ERROR in native method: ..." with the stack,
 * then abort() (status 134), as HotSpot's os::abort does.
 *
 * Why a second table: the option must cost nothing when off.  A thread's table is chosen
 * once, when its record is made (cj_env_functions), so the normal table and every JNI
 * call through it stay exactly as they are; only the checking table pays.  Attached
 * threads and the JNIEnv that JVMTI callbacks receive are thread records too, so they get
 * the same table.
 *
 * How the checks know what HotSpot knows:
 *   - references: hnd_kind says whether a jobject is a live local of this thread, a
 *     global or a weak global; a deleted local's slot is empty, a deleted global's is on
 *     the free list, a popped frame's locals are past the area's top: all are "bad".
 *   - exceptions: after a Call*Method the next JNI call must check for an exception
 *     (ExceptionCheck, ExceptionOccurred or ExceptionClear); the state keeps the name of
 *     the call that left the duty and warns once if another function comes first.  The
 *     duty ends with the native call that made it, as on HotSpot.
 *   - critical regions: a count of open Get*Critical regions; other functions warn.
 *   - local capacity: not checked.  HotSpot's checked EnsureLocalCapacity and
 *     PushLocalFrame only refuse a negative capacity; the "JNI local refs: N, exceeds
 *     capacity: M" warnings left OpenJDK 17 in 17.0.17 (JDK-8297106), as HotSpot has no
 *     limit on local references and neither has Loupe.
 *   - Get<Prim>ArrayElements, GetPrimitiveArrayCritical and GetString[UTF]Chars hand out
 *     a guarded copy (guard bytes either side, a tag naming its maker, the original
 *     pointer); the matching Release verifies guards and tag and copies back by mode.
 */
#include "native/checkjni_internal.h"
#include "classfile/classfile.h"
#include "classfile/link.h"
#include "interp/frame.h"
#include "heap/object.h"
#include "runtime/threaddump.h"
#include "runtime/vm.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct CjState {
    const char *pending_fn;     /* a Call*Method whose exception is still unchecked */
    Frame *pending_frame;       /* the frame it was made in (the duty ends with the call) */
    int critical;               /* open Get*Critical regions */
} CjState;

extern struct JNINativeInterface_ cj_table;     /* checkjni_table.c */
void cj_fill_table(struct JNINativeInterface_ *tb);

const char cj_tag_chars, cj_tag_utf;

void cj_init(void) {
    if (vm_opts.check_jni) cj_fill_table(&cj_table);
}

struct JNINativeInterface_ *cj_env_functions(void) {
    return vm_opts.check_jni ? &cj_table : &jni_function_table;
}

void cj_thread_free(Thread *t) {
    free(t->jni_check);
    t->jni_check = NULL;
}

static CjState *state(Thread *t) {
    if (!t->jni_check) t->jni_check = vm_calloc(1, sizeof(CjState));
    return t->jni_check;
}

/* ---- reporting ---- */

void cj_say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    fflush(stdout);
}

/* The calling thread's Java stack, as HotSpot's JavaThread::print_stack (at most
 * MaxJavaStackTraceDepth frames). */
static void print_stack(Thread *t) {
    long depth = 0, max = vm_opts.max_stack_trace_depth;
    for (Frame *f = t->top; f && (max <= 0 || depth < max); f = f->prev, depth++) vm_print_frame(stdout, t, f);
    fflush(stdout);
}

void cj_warn(Thread *t, const char *msg) {
    cj_say("WARNING in native method: %s", msg);
    print_stack(t);
}

_Noreturn void cj_fatal(Thread *t, const char *msg) {
    cj_say("FATAL ERROR in native method: %s", msg);
    print_stack(t);
    if (vm_opts.abort_hook) vm_opts.abort_hook();
    abort();
}

/* ---- entry and exit ---- */

/* Whether the duty was left in the running native call: HotSpot drops it when the native
 * method returns.  A native frame not yet tracked is a new call at a reused address. */
static bool duty_current(Thread *t, const CjState *s) {
    Frame *f = t->top;
    if (f != s->pending_frame) return false;
    return !f || !(f->flags & FR_NATIVE) || (f->flags & FR_JNI_CHECKED);
}

static void check_pending(Thread *t, CjState *s) {
    if (t->exception) cj_warn(t, "JNI call made with exception pending");
    if (s->pending_fn && !duty_current(t, s)) s->pending_fn = NULL;
    if (s->pending_fn) {
        cj_say("WARNING in native method: JNI call made without checking exceptions when required to from %s",
               s->pending_fn);
        print_stack(t);
        s->pending_fn = NULL;
    }
}

Thread *cj_enter(JNIEnv *env, int what) {
    Thread *t = thread_current();
    if (!t) {
        cj_say("FATAL ERROR in native method: Using JNIEnv in non-Java thread");
        abort();
    }
    if (env != thread_env(t)) CJ_VM(t, cj_fatal(t, "Using JNIEnv in the wrong thread"));
    CjState *s = state(t);
    if ((what & CJ_CRITICAL_WARN) && s->critical > 0)
        cj_say("Warning: Calling other JNI functions in the scope of Get/ReleasePrimitiveArrayCritical or "
               "Get/ReleaseStringCritical");
    if (what & CJ_PENDING) CJ_VM(t, check_pending(t, s));
    return t;
}

/* The frame is tracked by the cj_exit that follows, which marks it. */
void cj_expect_exception_check(Thread *t, const char *fn) {
    CjState *s = state(t);
    s->pending_fn = fn;
    s->pending_frame = t->top;
}
void cj_clear_exception_check(Thread *t) { state(t)->pending_fn = NULL; }
void cj_critical_add(Thread *t, int delta) { state(t)->critical += delta; }

/* A native frame is marked when its first checked call returns, so that a later native
 * call at the same frame address is told apart from it (duty_current).  In VM state: a
 * collection reads the frame's flags. */
static void mark_frame(Thread *t) {
    Frame *f = t->top;
    if (f && (f->flags & FR_NATIVE) && !(f->flags & FR_JNI_CHECKED)) f->flags |= FR_JNI_CHECKED;
}

void cj_exit(Thread *t) { CJ_VM(t, mark_frame(t)); }

/* ---- validators (VM state) ---- */

Object *cj_handle(Thread *t, jobject h) {
    if (hnd_kind(t, h) == HK_INVALID) cj_fatal(t, "Bad global or local ref passed to JNI");
    return hnd_get(h);
}

Object *cj_object(Thread *t, jobject h) {
    if (!h) return NULL;
    Object *o = cj_handle(t, h);
    if (!o) cj_fatal(t, "Bad global or local ref passed to JNI");
    return o;
}

Class *cj_class(Thread *t, jclass c, bool allow_primitive) {
    Object *m = cj_handle(t, c);
    if (!m) cj_fatal(t, "JNI received a null class");
    if (m->klass != VMC(Class)) cj_fatal(t, "JNI received a class argument that is not a class");
    Class *k = mirror_class(m);
    if (!k || (class_is_primitive(k) && !allow_primitive))
        cj_fatal(t, "JNI received a class argument that is not a class");
    return k;
}

void cj_throwable_class(Thread *t, Class *c) {
    if (class_is_array(c) || class_is_primitive(c) || !class_is_subclass(c, VMC(Throwable)))
        cj_fatal(t, "JNI Throw or ThrowNew received a class argument that is not a Throwable or Throwable subclass");
}

/* An ID that is no Method of a loaded class (a stray pointer, an unloaded class's) is
 * HotSpot's answer to an ID whose slot it finds empty. */
Method *cj_method_id(Thread *t, jmethodID m) {
    if (!cj_ids_known(m, CJ_ID_METHOD)) cj_fatal(t, "Wrong object class or methodID passed to JNI call");
    return (Method *)m;
}

/* A garbage field ID as HotSpot reads one: its instance IDs have bit 1 set (an offset
 * shifted past two tag bits), anything else it takes for a static ID.  known_field: NULL
 * if fid is no Field. */
static Field *known_field(jfieldID fid) { return cj_ids_known(fid, CJ_ID_FIELD) ? (Field *)fid : NULL; }
static bool looks_static(jfieldID fid) { return ((uintptr_t)fid & 2) == 0; }

static bool field_type_matches(const Field *f, BasicType type) {
    return f->type == type || (bt_is_ref((BasicType)f->type) && type == T_OBJECT);
}

void cj_instance_field(Thread *t, jfieldID fid, jobject obj, BasicType type) {
    Field *f = known_field(fid);
    if (f ? field_is_static(f) : looks_static(fid)) cj_fatal(t, "Static field ID passed to JNI");
    Object *o = cj_object(t, obj);
    if (!o) cj_fatal(t, "Null object passed to JNI");
    if (!f || !class_is_subclass(o->klass, f->holder)) cj_fatal(t, "Wrong field ID passed to JNI");
    if (!field_type_matches(f, type))
        cj_fatal(t, "Field type (instance) mismatch in JNI get/set field operations");
}

void cj_static_field(Thread *t, jfieldID fid, jclass c, BasicType type) {
    Field *f = known_field(fid);
    if (f ? !field_is_static(f) : !looks_static(fid)) cj_fatal(t, "Non-static field ID passed to JNI");
    Class *k = cj_class(t, c, false);
    if (!f || !class_is_assignable(k, f->holder)) cj_fatal(t, "Wrong static field ID passed to JNI");
    if (!field_type_matches(f, type)) cj_fatal(t, "Field type (static) mismatch in JNI get/set field operations");
}

void cj_string(Thread *t, jstring s) {
    Object *o = cj_object(t, s);
    if (!o || o->klass != VMC(String)) cj_fatal(t, "JNI string operation received a non-string");
}

Object *cj_array(Thread *t, jarray a) {
    Object *o = cj_object(t, a);
    if (!o || !class_is_array(o->klass)) cj_fatal(t, "Non-array passed to JNI array operations");
    return o;
}

Object *cj_primitive_array(Thread *t, jarray a) {
    Object *o = cj_array(t, a);
    if (!class_is_primitive(o->klass->component))
        cj_fatal(t, "Primitive type array expected but not received for JNI array operation");
    return o;
}

void cj_primitive_array_type(Thread *t, jarray a, BasicType type) {
    Object *o = cj_primitive_array(t, a);
    if (o->klass->elem_type != type) cj_fatal(t, "Array element type mismatch in JNI");
}

void cj_object_array(Thread *t, jarray a) {
    Object *o = cj_array(t, a);
    if (class_is_primitive(o->klass->component))
        cj_fatal(t, "Object array expected but not received for JNI array operation");
}

/* A call's method ID, and the class and receiver it is called with (either may be
 * NULL): both must be subtypes of the method's holder. */
void cj_call(Thread *t, jclass c, jmethodID mid, jobject obj) {
    Method *m = cj_method_id(t, mid);
    if (c && !class_is_assignable(cj_class(t, c, false), m->holder))
        cj_fatal(t, "Wrong object class or methodID passed to JNI call");
    if (obj && !class_is_assignable(cj_object(t, obj)->klass, m->holder))
        cj_fatal(t, "Wrong object class or methodID passed to JNI call");
}

void cj_class_descriptor(Thread *t, const char *name) {
    size_t len = name ? strlen(name) : 0;
    char *msg = vm_malloc(len + 200);
    if (len >= 2 && name[0] == 'L' && name[len - 1] == ';') {
        snprintf(msg, len + 200, "JNI FindClass received a bad class descriptor \"%s\".  A correct class "
                 "descriptor has no leading \"L\" or trailing \";\".  Incorrect descriptors will not be accepted "
                 "in future releases.", name);
        cj_warn(t, msg);
    }
    if (name && !cf_valid_mutf8(name, len)) {
        snprintf(msg, len + 200, "JNI class name is not a valid UTF8 string \"%s\"", name);
        cj_fatal(t, msg);
    }
    free(msg);
}

/* kind: the reference kind the Delete*Ref function deletes. */
void cj_delete_ref(Thread *t, jobject h, int kind) {
    if (kind != HK_WEAK) cj_object(t, h);
    if (!h || hnd_kind(t, h) == (HandleKind)kind) return;
    if (kind == HK_GLOBAL) cj_fatal(t, "Invalid global JNI handle passed to DeleteGlobalRef");
    if (kind == HK_LOCAL) cj_fatal(t, "Invalid local JNI handle passed to DeleteLocalRef");
    cj_fatal(t, "Invalid weak global JNI handle passed to DeleteWeakGlobalRef");
}

/* ---- guarded copies ---- */

#define CJ_GUARD_BYTES 16
#define CJ_GUARD_FILL 0xAB
#define CJ_GUARD_MAGIC 0x4c6f757065476431ull

typedef struct GuardHead {
    uint64_t magic;
    const void *tag;            /* cj_tag_chars, cj_tag_utf, or an array copy's original */
    void *orig;
    size_t size;
    unsigned char guard[CJ_GUARD_BYTES];
} GuardHead;

static GuardHead *guard_head(const void *user) { return (GuardHead *)((char *)user - sizeof(GuardHead)); }

void *cj_guard_copy(const void *orig, size_t size, const void *tag) {
    GuardHead *g = vm_malloc(sizeof *g + size + CJ_GUARD_BYTES);
    *g = (GuardHead){ CJ_GUARD_MAGIC, tag, (void *)orig, size, { 0 } };
    memset(g->guard, CJ_GUARD_FILL, CJ_GUARD_BYTES);
    memcpy(g + 1, orig, size);
    memset((char *)(g + 1) + size, CJ_GUARD_FILL, CJ_GUARD_BYTES);
    return g + 1;
}

static bool guard_ok(const void *user) {
    const GuardHead *g = guard_head(user);
    if (g->magic != CJ_GUARD_MAGIC) return false;
    const unsigned char *tail = (const unsigned char *)user + g->size;
    for (int i = 0; i < CJ_GUARD_BYTES; i++)
        if (g->guard[i] != CJ_GUARD_FILL || tail[i] != CJ_GUARD_FILL) return false;
    return true;
}

static void guard_free(void *user) { free(guard_head(user)); }

static size_t array_bytes(Object *a) { return (size_t)array_length(a) << a->klass->elem_shift; }

void *cj_guard_array(Thread *t, jarray a, void *elems) {
    size_t size;
    CJ_VM(t, size = array_bytes(hnd_get(a)));
    return cj_guard_copy(elems, size, elems);
}

/* critical: a critical region's copy is freed even on JNI_COMMIT (no later release). */
void *cj_guard_release_array(Thread *t, const char *fn, jarray a, void *copy, jint mode, bool critical) {
    if (!copy) {
        cj_say("%s: elements vector NULL0x%016lx", fn, (unsigned long)(uintptr_t)a);
        CJ_VM(t, cj_fatal(t, "Elements vector NULL"));
    }
    if (!guard_ok(copy)) {
        cj_say("%s: release array failed bounds check, incorrect pointer returned ? array: 0x%016lx carray: "
               "0x%016lx", fn, (unsigned long)(uintptr_t)a, (unsigned long)(uintptr_t)copy);
        char msg[128];
        snprintf(msg, sizeof msg, "%s: failed bounds check", fn);
        CJ_VM(t, cj_fatal(t, msg));
    }
    GuardHead *g = guard_head(copy);
    void *orig = (void *)g->tag;
    if (mode != 0 && mode != JNI_COMMIT && mode != JNI_ABORT) {
        cj_say("%s: Unrecognized mode %i releasing array 0x%016lx elements 0x%016lx", fn, (int)mode,
               (unsigned long)(uintptr_t)a, (unsigned long)(uintptr_t)copy);
        CJ_VM(t, cj_fatal(t, "Unrecognized array release mode"));
    }
    if (mode != JNI_ABORT) memcpy(orig, copy, g->size);
    if (mode != JNI_COMMIT || critical) guard_free(copy);
    return orig;
}

/* fn: the Release function; maker: the Get function whose copies it takes. */
const void *cj_guard_release_chars(Thread *t, const char *fn, const char *maker, jstring s, const void *chars,
                                   const void *tag) {
    if (!guard_ok(chars)) {
        cj_say("%s: release chars failed bounds check. string: 0x%016lx chars: 0x%016lx", fn,
               (unsigned long)(uintptr_t)s, (unsigned long)(uintptr_t)chars);
        char msg[128];
        snprintf(msg, sizeof msg, "%s: release chars failed bounds check.", fn);
        CJ_VM(t, cj_fatal(t, msg));
    }
    GuardHead *g = guard_head(chars);
    if (g->tag != tag) {
        cj_say("%s: called on something not allocated by %s. string: 0x%016lx chars: 0x%016lx", fn, maker,
               (unsigned long)(uintptr_t)s, (unsigned long)(uintptr_t)chars);
        char msg[128];
        snprintf(msg, sizeof msg, "%s called on something not allocated by %s", fn, maker);
        CJ_VM(t, cj_fatal(t, msg));
    }
    const void *orig = g->orig;
    guard_free((void *)chars);
    return orig;
}
