/*
 * jvm_stackwalk.c — java.lang.StackWalker's VM side.
 *
 * The protocol (StackStreamFactory.AbstractStackWalker): callStackWalk asks the VM to
 * anchor a walk of the current thread's stack, fill the first batch of frames into the
 * Java-provided buffer (Class objects, or StackFrameInfo objects whose MemberName and bci
 * the VM fills), and call back doStackWalk on the same thread, still inside the native
 * call; Java fetches further batches with fetchStackFrames, passing the anchor back.
 * The anchor here is the address of the walk's state on the C stack, checked against the
 * stream object so that a stale or foreign anchor is refused.
 */
#include "native/jni_internal.h"
#include "native/mhn.h"
#include "classfile/link.h"
#include "heap/heap.h"
#include "interp/frame.h"
#include "interp/interp.h"
#include "runtime/vm.h"

enum {
    FILL_CLASS_REFS_ONLY = 0x2,
    GET_CALLER_CLASS = 0x4,
    SHOW_HIDDEN_FRAMES = 0x20,
};

#define WALK_MAGIC 0x57414C4BL

typedef struct Walk {
    long magic;
    Frame *next;                /* next frame to report */
    jobject stream;
    jlong mode;
} Walk;

static uint32_t sfi_member_off, sfi_bci_off;

static bool walker_impl_frame(Frame *f) {
    Class *c = f->method->holder;
    if (sym_eq_cstr(c->name, "java/lang/StackWalker")) return true;
    const char *aw = "java/lang/StackStreamFactory$AbstractStackWalker";
    if (sym_eq_cstr(c->name, aw)) return true;
    return c->super && sym_eq_cstr(c->super->name, aw);
}

/* Fills frames[start .. start+count) from w->next on; returns the end index. */
static jint fill(Thread *t, Walk *w, jint count, jint start, Object **frames) {
    jint n = *frames ? array_length(*frames) : 0;
    jint i = start;
    bool classes = (w->mode & FILL_CLASS_REFS_ONLY) != 0;
    while (w->next && i < start + count && i < n) {
        Frame *f = w->next;
        w->next = f->prev;
        Method *m = f->method;
        if ((m->flags & MF_HIDDEN) && !(w->mode & SHOW_HIDDEN_FRAMES)) continue;
        if ((w->mode & GET_CALLER_CLASS) && i == start && (m->flags & MF_CALLER_SENSITIVE)) {
            exc_throw(t, VMC_UnsupportedOperationException, "StackWalker::getCallerClass called from @CallerSensitive '%s.%s'",
                      m->holder->name->str, m->name->str);
            return -1;
        }
        if (classes) {
            heap_store_ref(*frames, &ARRAY_ELEMS(*frames, Object *)[i], m->holder->mirror);
        } else {
            Object *sfi = ARRAY_ELEMS(*frames, Object *)[i];
            if (!sfi) {
                exc_npe(t);
                return -1;
            }
            if (!__atomic_load_n(&sfi_member_off, __ATOMIC_ACQUIRE)) {   /* the guard is stored last */
                Field *mf = link_lookup_field(sfi->klass, sym_intern_cstr("memberName"), sym_intern_cstr("Ljava/lang/Object;"));
                Field *bf = link_lookup_field(sfi->klass, sym_intern_cstr("bci"), sym_intern_cstr("I"));
                if (!mf || !bf) vm_fatal("StackFrameInfo layout");
                vm_lazy_begin();
                if (!sfi_member_off) {
                    sfi_bci_off = bf->offset;
                    __atomic_store_n(&sfi_member_off, mf->offset, __ATOMIC_RELEASE);
                }
                vm_lazy_end();
            }
            OBJ_FIELD(sfi, sfi_bci_off, jint) = frame_bci(f) < 0 ? 0 : frame_bci(f);
            HandleMark hm = hnd_mark(t);
            Object **mn = hnd_new(t, OBJ_FIELD(sfi, sfi_member_off, Object *));
            bool ok = mhn_fill_from_method(t, mn, m);
            hnd_release(t, hm);
            if (!ok) return -1;
        }
        i++;
    }
    return i;
}

JNIEXPORT jobject JNICALL JVM_CallStackWalk(JNIEnv *env, jobject stream, jlong mode, jint skip_frames, jint frame_count,
                                            jint start_index, jobjectArray frames) {
    JNI_ENTER(env);
    Walk w = { WALK_MAGIC, t->top, stream, mode };
    while (w.next && walker_impl_frame(w.next)) w.next = w.next->prev;
    for (jint k = 0; k < skip_frames && w.next; k++) w.next = w.next->prev;
    HandleMark hm = hnd_mark(t);
    Object **fh = hnd_new(t, hnd_get(frames));
    jint end = fill(t, &w, frame_count, start_index, fh);
    jobject result = NULL;
    if (end >= 0) {
        Object *s = hnd_get(stream);
        Method *cb = link_lookup_method(s->klass, sym_intern_cstr("doStackWalk"), sym_intern_cstr("(JIIII)Ljava/lang/Object;"));
        if (!cb) vm_fatal("AbstractStackWalker.doStackWalk missing");
        Slot args[7];
        args[0].l = s;
        args[1].j = (jlong)(intptr_t)&w;
        args[3].i = skip_frames;
        args[4].i = frame_count;
        args[5].i = start_index;
        args[6].i = end;
        Slot r;
        if (interp_call(t, cb, args, &r)) result = hnd_local(t, r.l);
    }
    w.magic = 0;
    Object *res = hnd_get(result);
    hnd_release(t, hm);
    JNI_RETURN(hnd_local(t, res));
}

JNIEXPORT jint JNICALL JVM_MoreStackWalk(JNIEnv *env, jobject stream, jlong mode, jlong anchor, jint frame_count,
                                         jint start_index, jobjectArray frames) {
    JNI_ENTER(env);
    Walk *w = (Walk *)(intptr_t)anchor;
    if (!w || w->magic != WALK_MAGIC || hnd_get(w->stream) != hnd_get(stream)) {
        exc_throw(t, VMC_InternalError, "doStackWalk: corrupted buffers on stack");
        JNI_RETURN(0);
    }
    w->mode = mode;
    HandleMark hm = hnd_mark(t);
    Object **fh = hnd_new(t, hnd_get(frames));
    jint end = fill(t, w, frame_count, start_index, fh);
    hnd_release(t, hm);
    JNI_RETURN(end < 0 ? 0 : end);
}
