/*
 * stackmap.c — the verifier's frames: operand-stack and local-variable operations with
 * their checks, the StackMapTable decoded into frames (JVMS 4.7.4) and matched against the
 * current frame, and both printed as HotSpot prints them in a VerifyError's details.
 *
 * Frames are arrays of verification types sized by the method's max_locals/max_stack (one
 * spare slot each, so an error may name the slot just above the top).  Locals beyond
 * `nlocals` are always top.  The decoded stack map frames are never changed once read;
 * "update" copies one into the current frame.
 */
#include "classfile/vfy_internal.h"
#include "runtime/vm.h"

/* top is kind 0 with no name: an all-zero VType */
static void types_clear(VType *a, int n) {
    if (n > 0) memset(a, 0, (size_t)n * sizeof(VType));
}

static VType *types_alloc(Vfy *V, int n) {
    VType *a = vfy_alloc(V, (size_t)(n + 1) * sizeof(VType));
    types_clear(a, n + 1);
    return a;
}

void vfy_frame_init(Vfy *V, VFrame *f) {
    memset(f, 0, sizeof *f);
    f->mark = -1;
    f->locals = types_alloc(V, V->max_locals);
    f->stack = types_alloc(V, V->max_stack);
}

void vfy_frame_copy(Vfy *V, VFrame *dst, const VFrame *src) {
    V->locals_gen++;
    dst->offset = src->offset;
    dst->flags = src->flags;
    dst->nlocals = src->nlocals;
    dst->nstack = src->nstack;
    dst->mark = -1;
    memcpy(dst->locals, src->locals, (size_t)src->nlocals * sizeof(VType));
    types_clear(dst->locals + src->nlocals, V->max_locals - src->nlocals);
    memcpy(dst->stack, src->stack, (size_t)src->nstack * sizeof(VType));
    if (dst->mod && src->mod) memcpy(dst->mod, src->mod, V->max_locals);
}

/* ---- the operand stack ---- */

void vfy_stack_overflow(Vfy *V, VFrame *f) {
    VWhere w = vw_frame(f);
    vfy_fail(V, VE_OVERFLOW, f->offset, &w, NULL, "Operand stack overflow");
}

void vfy_stack_underflow(Vfy *V, VFrame *f) {
    VWhere w = vw_frame(f);
    vfy_fail(V, VE_UNDERFLOW, f->offset, &w, NULL, "Operand stack underflow");
}

void vfy_bad_stack_type(Vfy *V, VFrame *f, VType want) {
    VWhere a = vw_stack_top(f), b = vw_implicit(want);
    vfy_fail(V, VE_WRONG_TYPE, f->offset, &a, &b, "Bad type on operand stack");
}

void vfy_push2(Vfy *V, VFrame *f, VType t) {
    if (f->nstack >= V->max_stack - 1) vfy_stack_overflow(V, f);
    f->stack[f->nstack++] = t;
    f->stack[f->nstack++] = vt_second_half(t);
}

/* HotSpot pops both halves before it reports, so the second half's error is the one seen
 * (an underflow, or the lower slot's type), else the first's. */
void vfy_pop2(Vfy *V, VFrame *f, VType want) {
    VType hi = vt_second_half(want);
    if (f->nstack < 2) {
        if (f->nstack) f->nstack--;
        vfy_pop_any(V, f);
    }
    bool hi_ok = vfy_assignable(V, hi, f->stack[f->nstack - 1], false);
    f->nstack--;
    vfy_pop(V, f, want);
    if (!hi_ok) {
        f->nstack++;
        VWhere a = vw_stack_top(f), b = vw_implicit(hi);
        vfy_fail(V, VE_WRONG_TYPE, f->offset, &a, &b, "Bad type on operand stack");
    }
}

/* ---- locals ---- */

void vfy_bad_local_index(Vfy *V, VFrame *f, int index, const char *msg) {
    VWhere w = { VO_BAD_INDEX, index, { VT_TOP, 0, NULL }, NULL };
    vfy_fail(V, VE_BAD_LOCAL, f->offset, &w, NULL, "%s", msg);
}

void vfy_bad_local_type(Vfy *V, VFrame *f, int index, VType want) {
    VWhere a = { VO_LOCAL, index, f->locals[index], f }, b = vw_implicit(want);
    vfy_fail(V, VE_WRONG_TYPE, f->offset, &a, &b, "Bad local variable type");
}

void vfy_get_local2(Vfy *V, VFrame *f, int index, VType want) {
    if (index >= f->nlocals - 1) vfy_bad_local_index(V, f, index, "get long/double overflows locals");
    if (!vfy_assignable(V, want, f->locals[index], false)) vfy_bad_local_type(V, f, index, want);
    if (!vfy_assignable(V, vt_second_half(want), f->locals[index + 1], false))
        vfy_bad_local_type(V, f, index + 1, vt_second_half(want));
}

/* Overwriting one half of a long/double leaves the other half unusable. */
static void break_pair(VFrame *f, int index) {
    if (vt_is_cat2(f->locals[index])) f->locals[index + 1] = vt_of(VT_TOP);
    if (vt_is_cat2_2nd(f->locals[index]) && index > 0) f->locals[index - 1] = vt_of(VT_TOP);
}

void vfy_set_local(Vfy *V, VFrame *f, int index, VType t) {
    if (index >= V->max_locals) vfy_bad_local_index(V, f, index, "Local variable table overflow");
    V->locals_gen++;
    break_pair(f, index);
    f->locals[index] = t;
    if (f->mod) f->mod[index] = 1;
    if (index >= f->nlocals) f->nlocals = index + 1;
}

void vfy_set_local2(Vfy *V, VFrame *f, int index, VType t) {
    if (index >= V->max_locals - 1) vfy_bad_local_index(V, f, index, "Local variable table overflow");
    V->locals_gen++;
    if (vt_is_cat2(f->locals[index + 1])) f->locals[index + 2] = vt_of(VT_TOP);
    if (vt_is_cat2_2nd(f->locals[index]) && index > 0) f->locals[index - 1] = vt_of(VT_TOP);
    f->locals[index] = t;
    f->locals[index + 1] = vt_second_half(t);
    if (f->mod) f->mod[index] = f->mod[index + 1] = 1;
    if (index >= f->nlocals - 1) f->nlocals = index + 2;
}

void vfy_initialize_object(Vfy *V, VFrame *f, VType old, VType now) {
    V->locals_gen++;
    for (int i = 0; i < f->nlocals; i++)
        if (vt_eq(f->locals[i], old)) f->locals[i] = now;
    for (int i = 0; i < f->nstack; i++)
        if (vt_eq(f->stack[i], old)) f->stack[i] = now;
    if (old.k == VT_UNINIT_THIS) f->flags = 0;
}

/* ---- reading the StackMapTable ---- */

typedef struct SmReader {
    const uint8_t *p, *end;
} SmReader;

static void sm_format(Vfy *V, const char *what) {
    vfy_format_error(V, false, "StackMapTable format error: %s", what);
}

static unsigned sm_u1(Vfy *V, SmReader *r) {
    if (r->p + 1 > r->end) sm_format(V, "access beyond the end of attribute");
    return *r->p++;
}

static unsigned sm_u2(Vfy *V, SmReader *r) {
    unsigned hi = sm_u1(V, r);
    return hi << 8 | sm_u1(V, r);
}

/* One verification_type_info into out[] (two entries for long/double); returns how many. */
static int sm_type(Vfy *V, SmReader *r, VType *out, uint8_t *flags) {
    static const uint8_t SIMPLE[] = { VT_TOP, VT_INT, VT_FLOAT, VT_DOUBLE, VT_LONG, VT_NULL };
    unsigned tag = sm_u1(V, r);
    if (tag < ARRAY_LEN(SIMPLE)) {
        out[0] = vt_of((VKind)SIMPLE[tag]);
        if (vt_is_cat2(out[0])) {
            out[1] = vt_second_half(out[0]);
            return 2;
        }
        return 1;
    }
    if (tag == 6) {
        *flags |= VF_THIS_UNINIT;
        out[0] = vt_of(VT_UNINIT_THIS);
        return 1;
    }
    if (tag == 7) {
        unsigned idx = sm_u2(V, r);
        if (idx == 0 || idx >= V->c->cp.count || V->c->cp.tags[idx] != JVM_CONSTANT_Class) sm_format(V, "bad class index");
        out[0] = vfy_class_type(V, (uint16_t)idx);
        return 1;
    }
    if (tag == 8) {
        unsigned off = sm_u2(V, r);
        if (off >= V->m->code_len || V->cdata[off] != 2)
            vfy_format_error(V, true, "StackMapTable format error: bad offset for Uninitialized");
        out[0] = vt_uninit((uint16_t)off);
        return 1;
    }
    sm_format(V, "bad verification type");
    __builtin_unreachable();
}

static void check_size(Vfy *V, int size, int max) {
    if (size < 0 || size > max) vfy_format_error(V, true, "StackMapTable format error: bad type array size");
}

/* Reads `n` types into a fresh array of capacity max(cap, 2n). */
static VType *sm_types(Vfy *V, SmReader *r, unsigned n, int cap, int *count, uint8_t *flags) {
    int room = (int)n * 2 > cap ? (int)n * 2 : cap;
    VType *a = types_alloc(V, room);
    int k = 0;
    for (unsigned i = 0; i < n; i++) k += sm_type(V, r, a + k, flags);
    *count = k;
    return a;
}

static bool has_uninit_this(const VType *a, int n) {
    for (int i = 0; i < n; i++)
        if (a[i].k == VT_UNINIT_THIS) return true;
    return false;
}

/* Removes `chops` locals (a long/double counting as one); -1 if there are not enough. */
static int chop(const VType *locals, int n, int chops) {
    int pos = n - 1;
    for (int i = 0; i < chops; i++) {
        pos -= pos >= 0 && vt_is_cat2_2nd(locals[pos]) ? 2 : 1;
        if (pos < 0 && i < chops - 1) return -1;
    }
    return pos + 1;
}

/* The stack of a frame with one item (room for a long read before its size is checked). */
static VType *one_item_stack(Vfy *V) {
    return types_alloc(V, V->max_stack + 1);
}

/* Decodes the frame after `prev` into f (JVMS 4.7.4 frame types). */
static void sm_frame(Vfy *V, SmReader *r, const VFrame *prev, bool first, VFrame *f) {
    unsigned type = sm_u1(V, r), delta;
    /* frames with an empty stack share one (never written) */
    *f = (VFrame){ 0, prev->flags, prev->nlocals, 0, -1, prev->locals, V->empty_stack, NULL };
    if (type < 128) {
        delta = type < 64 ? type : type - 64;
        if (type >= 64) {
            f->stack = one_item_stack(V);
            f->nstack = sm_type(V, r, f->stack, &f->flags);
            check_size(V, f->nstack, V->max_stack);
        }
    } else {
        delta = sm_u2(V, r);
        if (type < 247) sm_format(V, "reserved frame type");
        if (type == 247) {
            f->stack = one_item_stack(V);
            f->nstack = sm_type(V, r, f->stack, &f->flags);
            check_size(V, f->nstack, V->max_stack);
        } else if (type <= 251) {
            if (type < 251) {
                f->nlocals = chop(prev->locals, prev->nlocals, 251 - (int)type);
                check_size(V, f->nlocals, V->max_locals);
                f->flags = has_uninit_this(prev->locals, f->nlocals) ? VF_THIS_UNINIT : 0;
            }
        } else if (type < 255) {
            int n = prev->nlocals;
            f->locals = types_alloc(V, n + 8 > V->max_locals ? n + 8 : V->max_locals);
            memcpy(f->locals, prev->locals, (size_t)n * sizeof(VType));
            for (unsigned i = 0; i < type - 251; i++) n += sm_type(V, r, f->locals + n, &f->flags);
            check_size(V, n, V->max_locals);
            f->nlocals = n;
        } else {
            f->flags = 0;
            f->locals = sm_types(V, r, sm_u2(V, r), V->max_locals, &f->nlocals, &f->flags);
            check_size(V, f->nlocals, V->max_locals);
            f->stack = sm_types(V, r, sm_u2(V, r), V->max_stack, &f->nstack, &f->flags);
            check_size(V, f->nstack, V->max_stack);
        }
    }
    f->offset = first ? (int)delta : prev->offset + (int)delta + 1;
}

void vfy_read_stackmaps(Vfy *V) {
    Blob b = V->m->stack_map;
    V->nmaps = 0;
    if (!b.data) return;
    SmReader r = { b.data, b.data + b.len };
    unsigned n = sm_u2(V, &r);
    V->maps = vfy_alloc(V, (n ? n : 1) * sizeof(VFrame));
    V->empty_stack = types_alloc(V, V->max_stack);
    const VFrame *prev = &V->cur;
    for (unsigned i = 0; i < n; i++) {
        VFrame *f = &V->maps[i];
        sm_frame(V, &r, prev, i == 0, f);
        if (f->offset >= (int)V->m->code_len || V->cdata[f->offset] == 0) {
            VWhere w = vw_frame(f);
            vfy_fail(V, VE_BAD_MAP, 0, &w, NULL, "StackMapTable error: bad offset");
        }
        prev = f;
        V->nmaps = (int)i + 1;
    }
    if (r.p != r.end) sm_format(V, "wrong attribute size");
}

/* The decoded frames' offsets strictly increase (each is the last plus delta + 1). */
int vfy_map_index(Vfy *V, int offset) {
    int lo = 0, hi = V->nmaps;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (V->maps[mid].offset < offset) lo = mid + 1;
        else hi = mid;
    }
    return lo < V->nmaps && V->maps[lo].offset == offset ? lo : V->nmaps;
}

/* ---- matching ---- */

/* Is frame `from` assignable to stack map `to`?  On a mismatch fails with `msg`. */
static void frame_assignable(Vfy *V, const VFrame *from, const VFrame *to, const char *msg, int arg) {
    VWhere a = vw_frame(from), b = vw_frame(to);
    if (from->nstack != to->nstack) vfy_fail(V, VE_STACK_SIZE, from->offset, &a, &b, msg, arg);
    for (int i = 0; i < to->nlocals; i++) {
        if (vfy_assignable(V, to->locals[i], from->locals[i], false)) continue;
        a = (VWhere){ VO_LOCAL, i, from->locals[i], from };
        b = (VWhere){ VO_SM_LOCAL, i, to->locals[i], to };
        vfy_fail(V, VE_WRONG_TYPE, to->offset, &a, &b, msg, arg);
    }
    for (int i = 0; i < from->nstack; i++) {
        if (vfy_assignable(V, to->stack[i], from->stack[i], false)) continue;
        a = (VWhere){ VO_STACK, i, from->stack[i], from };
        b = (VWhere){ VO_SM_STACK, i, to->stack[i], to };
        vfy_fail(V, VE_WRONG_TYPE, to->offset, &a, &b, msg, arg);
    }
    if ((from->flags | to->flags) != to->flags) vfy_fail(V, VE_FLAGS, to->offset, &a, &b, msg, arg);
}

void vfy_match(Vfy *V, VFrame *f, int index, bool match, bool update, const char *msg, int arg) {
    VFrame *sm = &V->maps[index];
    if (match) frame_assignable(V, f, sm, msg, arg);
    if (update) {
        int mark = f->mark;
        vfy_frame_copy(V, f, sm);
        f->mark = mark;
        f->offset = V->cur.offset;
    }
}

/* Checks f against the map at target, failing with msg (which takes one int: arg). */
void vfy_match_or_fail(Vfy *V, VFrame *f, int target, const char *msg, int arg) {
    int index = vfy_map_index(V, target);
    if (index >= V->nmaps)
        vfy_fail(V, VE_MISSING_MAP, f->offset, NULL, NULL, "Expecting a stackmap frame at branch target %d", target);
    frame_assignable(V, f, &V->maps[index], msg, arg);
}

void vfy_check_jump(Vfy *V, VFrame *f, int bci, int offset) {
    int target = bci + offset;
    if (V->infer) {
        vfy_infer_jump(V, f, target);
        return;
    }
    vfy_match_or_fail(V, f, target, "Inconsistent stackmap frames at branch target %d", target);
}

/* ---- printing ---- */

static void print_types(char **buf, size_t *len, const VType *a, int n) {
    for (int i = 0; i < n; i++) {
        vfy_appendf(buf, len, " ");
        vfy_append_type(buf, len, a[i]);
        if (i != n - 1) vfy_appendf(buf, len, ",");
    }
    vfy_appendf(buf, len, " }\n");
}

void vfy_print_frame(char **buf, size_t *len, const VFrame *f) {
    vfy_appendf(buf, len, "    bci: @%d\n", f->offset);
    vfy_appendf(buf, len, "    flags: {%s }\n", (f->flags & VF_THIS_UNINIT) ? " flagThisUninit" : "");
    vfy_appendf(buf, len, "    locals: {");
    print_types(buf, len, f->locals, f->nlocals);
    vfy_appendf(buf, len, "    stack: {");
    print_types(buf, len, f->stack, f->mark >= 0 ? f->mark : f->nstack);
}

/* One verification_type_info as the Stackmap Table section shows it; false if truncated. */
static bool print_sm_type(char **buf, size_t *len, SmReader *r) {
    static const char *const NAMES[] = { "Top", "Integer", "Float", "Double", "Long", "Null", "UninitializedThis" };
    if (r->p >= r->end) return false;
    unsigned tag = *r->p++;
    if (tag < ARRAY_LEN(NAMES)) {
        vfy_appendf(buf, len, "%s", NAMES[tag]);
        return true;
    }
    if (tag > 8 || r->p + 2 > r->end) return false;
    unsigned v = (unsigned)r->p[0] << 8 | r->p[1];
    r->p += 2;
    vfy_appendf(buf, len, tag == 7 ? "Object[#%u]" : "Uninitialized[#%u]", v);
    return true;
}

static bool print_sm_list(char **buf, size_t *len, SmReader *r, unsigned n, bool braces) {
    if (braces) vfy_appendf(buf, len, "{");
    for (unsigned i = 0; i < n; i++) {
        if (i) vfy_appendf(buf, len, ",");
        if (!print_sm_type(buf, len, r)) return false;
    }
    if (braces) vfy_appendf(buf, len, "}");
    return true;
}

static bool print_sm_frame(char **buf, size_t *len, SmReader *r, int *offset) {
    if (r->p >= r->end) return false;
    unsigned type = *r->p++, delta;
    if (type < 128) delta = type < 64 ? type : type - 64;
    else {
        if (r->p + 2 > r->end || type < 247) return false;
        delta = (unsigned)r->p[0] << 8 | r->p[1];
        r->p += 2;
    }
    *offset += (int)delta + 1;
    if (type < 64) vfy_appendf(buf, len, "same_frame(@%d)", *offset);
    else if (type < 128 || type == 247) {
        vfy_appendf(buf, len, type < 128 ? "same_locals_1_stack_item_frame(@%d," : "same_locals_1_stack_item_extended(@%d,", *offset);
        if (!print_sm_type(buf, len, r)) return false;
        vfy_appendf(buf, len, ")");
    } else if (type < 251) vfy_appendf(buf, len, "chop_frame(@%d,%u)", *offset, 251 - type);
    else if (type == 251) vfy_appendf(buf, len, "same_frame_extended(@%d)", *offset);
    else if (type < 255) {
        vfy_appendf(buf, len, "append_frame(@%d,", *offset);
        if (!print_sm_list(buf, len, r, type - 251, false)) return false;
        vfy_appendf(buf, len, ")");
    } else {
        vfy_appendf(buf, len, "full_frame(@%d,", *offset);
        if (r->p + 2 > r->end) return false;
        unsigned n = (unsigned)r->p[0] << 8 | r->p[1];
        r->p += 2;
        if (!print_sm_list(buf, len, r, n, true) || r->p + 2 > r->end) return false;
        n = (unsigned)r->p[0] << 8 | r->p[1];
        r->p += 2;
        vfy_appendf(buf, len, ",");
        if (!print_sm_list(buf, len, r, n, true)) return false;
        vfy_appendf(buf, len, ")");
    }
    return true;
}

void vfy_print_table(char **buf, size_t *len, Vfy *V) {
    Blob b = V->m->stack_map;
    if (!b.data || b.len < 2) return;
    SmReader r = { b.data + 2, b.data + b.len };
    unsigned n = (unsigned)b.data[0] << 8 | b.data[1];
    int offset = -1;
    vfy_appendf(buf, len, "  Stackmap Table:\n");
    for (unsigned i = 0; i < n; i++) {
        vfy_appendf(buf, len, "    ");
        if (!print_sm_frame(buf, len, &r, &offset)) return;
        vfy_appendf(buf, len, "\n");
    }
}
