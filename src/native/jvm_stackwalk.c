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
 *
 * With FILL_LIVE_STACK_FRAMES (the JDK-internal LiveStackFrame's LOCALS_AND_OPERANDS
 * option) the buffer holds LiveStackFrameInfo objects, and each also gets its frame's
 * locals and operand stack, as HotSpot's 64-bit interpreter shows them: a slot the
 * frame's reference map (interp/refmap.h) says holds a reference is that object, any
 * other slot its 64 bits as a PrimitiveSlot (a long or double in the first of its two
 * slots), and the monitors the frame entered (runtime/threaddump.h's attribution).
 */
#include "native/jni_internal.h"
#include "native/mhn.h"
#include "classfile/link.h"
#include "heap/heap.h"
#include "interp/frame.h"
#include "interp/interp.h"
#include "interp/refmap.h"
#include "classfile/loader.h"
#include "runtime/threaddump.h"
#include "runtime/vm.h"

enum {
    FILL_CLASS_REFS_ONLY = 0x2,
    GET_CALLER_CLASS = 0x4,
    SHOW_HIDDEN_FRAMES = 0x20,
    FILL_LIVE_STACK_FRAMES = 0x100,
    MODE_INTERPRETED = 0x01,        /* LiveStackFrameInfo.mode */
    MAX_HELD = 256,
};

#define WALK_MAGIC 0x57414C4BL

typedef struct Walk {
    long magic;
    Frame *next;                /* next frame to report */
    jobject stream;
    jlong mode;
} Walk;

static uint32_t sfi_member_off, sfi_bci_off;

/* LiveStackFrameInfo's fields and its asPrimitive(long), found once. */
static struct {
    uint32_t monitors, locals, operands, mode;
    Method *as_primitive;
    Class *object_array;
    bool ready;
} live;

static uint32_t live_field(Class *c, const char *name, const char *desc) {
    Field *f = link_lookup_field(c, sym_intern_cstr(name), sym_intern_cstr(desc));
    if (!f) vm_fatal("LiveStackFrameInfo layout");
    return f->offset;
}

static bool live_setup(Thread *t, Class *c) {
    if (__atomic_load_n(&live.ready, __ATOMIC_ACQUIRE)) return true;
    Class *oa = ld_array_of(t, VMC(Object));
    if (!oa) return false;
    vm_lazy_begin();
    if (!live.ready) {
        live.monitors = live_field(c, "monitors", "[Ljava/lang/Object;");
        live.locals = live_field(c, "locals", "[Ljava/lang/Object;");
        live.operands = live_field(c, "operands", "[Ljava/lang/Object;");
        live.mode = live_field(c, "mode", "I");
        live.as_primitive = class_find_declared_method(c, sym_intern_cstr("asPrimitive"),
                                                       sym_intern_cstr("(J)Ljava/lang/LiveStackFrame$PrimitiveSlot;"));
        if (!live.as_primitive) vm_fatal("LiveStackFrameInfo.asPrimitive missing");
        live.object_array = oa;
        __atomic_store_n(&live.ready, true, __ATOMIC_RELEASE);
    }
    vm_lazy_end();
    return true;
}

/* Slot i of slots (bit `bit` of the reference map): the object, or a PrimitiveSlot of its
 * 64 bits (NULL with an exception pending if that cannot be made). */
static Object *slot_value(Thread *t, const uint8_t *map, int bit, const Slot *slot) {
    if (refmap_bit(map, bit)) return slot->l;
    Slot a[2] = { { .j = slot->j }, { .j = 0 } }, r;
    return interp_call(t, live.as_primitive, a, &r) ? r.l : NULL;
}

/* An Object[] of n slots of frame f from slot `first` (a local's index, or max_locals plus
 * an operand's), read again after each allocation. */
static Object *slots_array(Thread *t, Frame *f, const uint8_t *map, int first, int n, bool operands) {
    Object **arr = hnd_new(t, heap_alloc_array(t, live.object_array, n));
    for (int i = 0; *arr && i < n; i++) {
        const Slot *slot = operands ? &frame_stack(f)[i] : &f->locals[i];
        Object *v = slot_value(t, map, first + i, slot);
        if (exc_pending(t)) return NULL;
        heap_store_ref(*arr, &ARRAY_ELEMS(*arr, Object *)[i], v);
    }
    return *arr;
}

/* The position of f among the frames a stack trace of t shows (threaddump.h's numbering). */
static int trace_index(Thread *t, const Frame *f) {
    int k = 0;
    for (const Frame *g = t->top; g && g != f; g = g->prev)
        if (!(g->method->flags & MF_INTRINSIC)) k++;
    return k;
}

/* The monitors f entered, held in handles while their array is made (the allocation may
 * move them). */
static Object *monitors_array(Thread *t, Frame *f) {
    HeldMonitor held[MAX_HELD];
    Object **mine[MAX_HELD];
    int at = trace_index(t, f), n = 0;
    int nheld = vm_held_monitors(t, held, MAX_HELD);
    for (int k = 0; k < nheld; k++)
        if (held[k].frame == at) mine[n++] = hnd_new(t, held[k].obj);
    Object *arr = heap_alloc_array(t, live.object_array, n);
    for (int i = 0; arr && i < n; i++) heap_store_ref(arr, &ARRAY_ELEMS(arr, Object *)[i], *mine[i]);
    return arr;
}

/* Fills LiveStackFrameInfo *sfi with frame f's monitors, locals and operands. */
static bool fill_live(Thread *t, Object **sfi, Frame *f) {
    if (!live_setup(t, (*sfi)->klass)) return false;
    OBJ_FIELD(*sfi, live.mode, jint) = MODE_INTERPRETED;
    if (f->flags & FR_NATIVE) return true;
    Method *m = f->method;
    const uint8_t *map = refmap_at(m, frame_bci(f));
    if (!map) return true;
    Object *mons = monitors_array(t, f);
    if (!mons) return false;
    heap_store_ref(*sfi, &OBJ_FIELD(*sfi, live.monitors, Object *), mons);
    int depth = (int)(f->sp - frame_stack(f));
    Object *locals = slots_array(t, f, map, 0, m->max_locals, false);
    if (!locals) return false;
    heap_store_ref(*sfi, &OBJ_FIELD(*sfi, live.locals, Object *), locals);
    Object *operands = slots_array(t, f, map, m->max_locals, depth, true);
    if (!operands) return false;
    heap_store_ref(*sfi, &OBJ_FIELD(*sfi, live.operands, Object *), operands);
    return true;
}

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
            Object **sh = hnd_new(t, sfi);
            Object **mn = hnd_new(t, OBJ_FIELD(sfi, sfi_member_off, Object *));
            bool ok = mhn_fill_from_method(t, mn, m);
            if (ok && (w->mode & FILL_LIVE_STACK_FRAMES)) ok = fill_live(t, sh, f);
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
