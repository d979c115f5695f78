// main: StackMarks
/*
 * com.loupe.functions.GetStackTraceMarked (docs/JVMTI-EXTENSIONS.md): the current thread's
 * frames from the top down to the first one the caller marked before, each returned frame
 * marked with the tag and its depth.  At every check() the agent rebuilds the whole stack
 * from the frames it kept of its last walk (outermost first) and the new ones, and compares
 * it with GetStackTrace's: through recursion with two calls on one line, exceptions that
 * unwind marked frames, a stack deeper than the buffer (the "more than max" answer), a
 * lambda, reflection's native frames and several threads.  A walk right after another
 * returns only the top frame; a new tag walks everything again.  The errors: a bad tag, a
 * NULL pointer, a second environment (NOT_AVAILABLE: one owner of the marks).
 *
 * On a VM without the function (HotSpot) it prints what a passing run prints, so the test
 * compares Loupe's verdict with the expected one.
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX 4096

typedef jvmtiError (JNICALL *marked_fn)(jvmtiEnv *, ...);

static jvmtiEnv *jvmti, *other;
static marked_fn marked;
static int checks, bad, again_bad, fresh_bad, grew;
static jrawMonitorID lock;

typedef struct {
    int tag, n, cap;
    jvmtiFrameInfo *kept;       /* the last stack, outermost first */
    jvmtiFrameInfo buf[MAX];
} Walker;

static _Thread_local Walker *me;

static marked_fn find(jvmtiEnv *e, const char *id) {
    jint n = 0;
    jvmtiExtensionFunctionInfo *fi = NULL;
    marked_fn found = NULL;
    if ((*e)->GetExtensionFunctions(e, &n, &fi) != JVMTI_ERROR_NONE) return NULL;
    for (jint i = 0; i < n; i++)
        if (!strcmp(fi[i].id, id)) found = (marked_fn)fi[i].func;
    return found;    /* the lists leak: a test */
}

/* One marked walk with capacity cap folded into w->kept; the number of frames walked
 * (-1: more than cap, nothing kept). */
static int walk(Walker *w, int cap) {
    jint n = 0, depth = 0;
    if (marked(jvmti, w->tag, cap, w->buf, &n, &depth) != JVMTI_ERROR_NONE) return -2;
    if (depth < 0) return n == cap ? -1 : -3;
    if (depth + n > w->cap) {
        w->cap = 2 * (depth + n);
        w->kept = realloc(w->kept, (size_t)w->cap * sizeof *w->kept);
    }
    for (int i = 0; i < n; i++) w->kept[depth + n - 1 - i] = w->buf[i];
    w->n = depth + n;
    return n;
}

static int same_as_vm(Walker *w) {
    static _Thread_local jvmtiFrameInfo all[MAX];
    jint n = 0;
    if ((*jvmti)->GetStackTrace(jvmti, NULL, 0, MAX, all, &n) != JVMTI_ERROR_NONE || n != w->n) return 0;
    for (int i = 0; i < n; i++)
        if (all[i].method != w->kept[n - 1 - i].method || all[i].location != w->kept[n - 1 - i].location) return 0;
    return 1;
}

static Walker *walker(void) {
    static int next_tag = 7;
    if (!me) {
        me = calloc(1, sizeof *me);
        (*jvmti)->RawMonitorEnter(jvmti, lock);
        me->tag = next_tag++;
        (*jvmti)->RawMonitorExit(jvmti, lock);
    }
    return me;
}

JNIEXPORT void JNICALL Java_StackMarks_check(JNIEnv *jni, jclass cls) {
    if (!marked) return;
    Walker *w = walker();
    int cap = 64, n;
    while ((n = walk(w, cap)) == -1) cap *= 2, grew = 1;
    int ok = n > 0 && same_as_vm(w);
    int again = walk(w, MAX);                   /* nothing has changed but the top frame */
    int was = w->n;
    w->tag = w->tag % 4000 + 1;                 /* a new tag: the whole stack again */
    int fresh = walk(w, MAX);
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    checks++;
    bad += !ok;
    again_bad += again != 1 || !same_as_vm(w);
    fresh_bad += fresh != was;
    (*jvmti)->RawMonitorExit(jvmti, lock);
}

JNIEXPORT void JNICALL Java_StackMarks_checkErrors(JNIEnv *jni, jclass cls) {
    if (!marked) {
        printf("tag 0 -> %d\ntag 4096 -> %d\nNULL count -> %d\nsecond environment -> %d\n",
               JVMTI_ERROR_ILLEGAL_ARGUMENT, JVMTI_ERROR_ILLEGAL_ARGUMENT, JVMTI_ERROR_NULL_POINTER,
               JVMTI_ERROR_NOT_AVAILABLE);
        fflush(stdout);
        return;
    }
    jvmtiFrameInfo f[4];
    jint n, d;
    printf("tag 0 -> %d\n", marked(jvmti, 0, 4, f, &n, &d));
    printf("tag 4096 -> %d\n", marked(jvmti, 4096, 4, f, &n, &d));
    printf("NULL count -> %d\n", marked(jvmti, 1, 4, f, NULL, &d));
    marked(jvmti, 1, 4, f, &n, &d);             /* the first environment owns the marks */
    printf("second environment -> %d\n", marked(other, 1, 4, f, &n, &d));
    fflush(stdout);
}

JNIEXPORT jstring JNICALL Java_StackMarks_result(JNIEnv *jni, jclass cls) {
    char s[200];
    if (!marked)
        snprintf(s, sizeof s, "checks 400: the stacks agree, a second walk gives the top frame, a new tag the whole stack, a small buffer is told");
    else
        snprintf(s, sizeof s, "checks %d: %s, %s, %s, %s", checks,
                 bad ? "the stacks DIFFER" : "the stacks agree",
                 again_bad ? "a second walk DOES NOT give the top frame" : "a second walk gives the top frame",
                 fresh_bad ? "a new tag DOES NOT give the whole stack" : "a new tag the whole stack",
                 grew ? "a small buffer is told" : "a small buffer is NOT told");
    return (*jni)->NewStringUTF(jni, s);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    (*vm)->GetEnv(vm, (void **)&other, JVMTI_VERSION);
    (*jvmti)->CreateRawMonitor(jvmti, "StackMarks", &lock);
    marked = find(jvmti, "com.loupe.functions.GetStackTraceMarked");
    return 0;
}
