/*
 * unsafe.c — jdk.internal.misc.Unsafe, all of it as slot-shaped VM natives.
 *
 * Addresses: a (base, offset) pair addresses base + offset when base is an object (field
 * offsets are byte offsets, array elements are ARRAY_BASE + index * scale, statics are
 * (mirror, offset) pairs), and the absolute address `offset` when base is null.
 *
 * Argument slots: args[0] is the Unsafe receiver; a long takes two slots, so in
 * getInt(Object o, long offset) o is args[1] and offset args[2], and in
 * putInt(Object o, long offset, int x) x is args[4].
 *
 * None of these natives can collect except allocateInstance and defineClass0, which keep
 * what they need in handles, so raw slot values stay valid throughout.
 *
 * Off-heap accesses can fault when the memory goes away under them (a mapped file
 * truncated under its buffer: SIGBUS).  As in HotSpot the access then throws InternalError
 * instead of ending the VM: while one runs, crash_unsafe_jmp names where the fatal-signal
 * handler (runtime/crash.c) jumps back to.  Accesses inside objects are not guarded.
 */
#include "native/natives.h"
#include "native/jni_internal.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "heap/heap.h"
#include "runtime/jstring.h"
#include "runtime/jthread.h"
#include "runtime/vm.h"
#include "runtime/crash.h"
#include <setjmp.h>
#include <stdlib.h>

/* Runs stmt; for an off-heap access (base null) a fault in it throws InternalError. */
#define GUARDED(t, base, stmt) do { \
        if (base) { \
            stmt; \
        } else { \
            sigjmp_buf jb_; \
            if (sigsetjmp(jb_, 0)) return unsafe_fault(t); \
            crash_unsafe_jmp = &jb_; \
            __atomic_signal_fence(__ATOMIC_SEQ_CST);  /* the access stays between the two */ \
            stmt; \
            __atomic_signal_fence(__ATOMIC_SEQ_CST); \
            crash_unsafe_jmp = NULL; \
        } \
    } while (0)

static bool unsafe_fault(Thread *t) {
    crash_unsafe_jmp = NULL;
    /* HotSpot 17 words it so for these accesses, interpreted (-Xint) or not */
    exc_throw(t, VMC_InternalError, "a fault occurred in a recent unsafe memory access operation in compiled Java code");
    return false;
}

static inline void *addr(Slot *a) {
    Object *o = a[1].l;
    return o ? (void *)((char *)o + a[2].j) : (void *)(intptr_t)a[2].j;
}

/* ---- typed get/put, plain and volatile ---- */

#define UNSAFE_ACCESS(Name, ctype, slotfield, width) \
    static bool get##Name(Thread *t, Slot *a, Slot *r) { \
        GUARDED(t, a[1].l, r->slotfield = *(ctype *)addr(a)); return true; } \
    static bool put##Name(Thread *t, Slot *a, Slot *r) { \
        UNUSED(r); GUARDED(t, a[1].l, *(ctype *)addr(a) = (ctype)a[4].slotfield); return true; } \
    static bool get##Name##Volatile(Thread *t, Slot *a, Slot *r) { \
        GUARDED(t, a[1].l, r->slotfield = __atomic_load_n((ctype *)addr(a), __ATOMIC_SEQ_CST)); return true; } \
    static bool put##Name##Volatile(Thread *t, Slot *a, Slot *r) { \
        UNUSED(r); GUARDED(t, a[1].l, __atomic_store_n((ctype *)addr(a), (ctype)a[4].slotfield, __ATOMIC_SEQ_CST)); \
        return true; }

UNSAFE_ACCESS(Boolean, jboolean, i, 1)
UNSAFE_ACCESS(Byte, jbyte, i, 1)
UNSAFE_ACCESS(Short, jshort, i, 1)
UNSAFE_ACCESS(Char, jchar, i, 1)
UNSAFE_ACCESS(Int, jint, i, 1)
UNSAFE_ACCESS(Long, jlong, j, 2)
UNSAFE_ACCESS(Float, jint, i, 1)
UNSAFE_ACCESS(Double, jlong, j, 2)

static bool getReference(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    r->l = *(Object **)addr(a);
    return true;
}

static bool putReference(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    UNUSED(r);
    Object **slot = addr(a);
    if (a[1].l) heap_store_ref(a[1].l, slot, a[4].l);
    else *slot = a[4].l;
    return true;
}

static bool getReferenceVolatile(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    r->l = __atomic_load_n((Object **)addr(a), __ATOMIC_SEQ_CST);
    return true;
}

static bool putReferenceVolatile(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    UNUSED(r);
    Object **slot = addr(a);
    if (a[1].l && heap_barrier_active) heap_barrier_slow(a[1].l, slot, a[4].l);
    __atomic_store_n(slot, a[4].l, __ATOMIC_SEQ_CST);
    return true;
}

static bool getUncompressedObject(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    r->l = *(Object **)(intptr_t)a[1].j;
    return true;
}

/* ---- compare-and-set ---- */

static bool compareAndSetInt(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    jint expected = a[4].i;
    r->i = __atomic_compare_exchange_n((jint *)addr(a), &expected, a[5].i, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return true;
}

static bool compareAndExchangeInt(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    jint expected = a[4].i;
    __atomic_compare_exchange_n((jint *)addr(a), &expected, a[5].i, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    r->i = expected;
    return true;
}

static bool compareAndSetLong(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    jlong expected = a[4].j;
    r->i = __atomic_compare_exchange_n((jlong *)addr(a), &expected, a[6].j, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return true;
}

static bool compareAndExchangeLong(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    jlong expected = a[4].j;
    __atomic_compare_exchange_n((jlong *)addr(a), &expected, a[6].j, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    r->j = expected;
    return true;
}

static bool compareAndSetReference(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    Object *expected = a[4].l;
    Object **slot = addr(a);
    if (a[1].l && heap_barrier_active) heap_barrier_slow(a[1].l, slot, a[5].l);
    bool ok = __atomic_compare_exchange_n(slot, &expected, a[5].l, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    r->i = ok;
    return true;
}

static bool compareAndExchangeReference(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    Object *expected = a[4].l;
    Object **slot = addr(a);
    if (a[1].l && heap_barrier_active) heap_barrier_slow(a[1].l, slot, a[5].l);
    __atomic_compare_exchange_n(slot, &expected, a[5].l, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    r->l = expected;
    return true;
}

/* ---- fences ---- */

static bool loadFence(Thread *t, Slot *a, Slot *r) { UNUSED(t); UNUSED(a); UNUSED(r); __atomic_thread_fence(__ATOMIC_ACQUIRE); return true; }
static bool storeFence(Thread *t, Slot *a, Slot *r) { UNUSED(t); UNUSED(a); UNUSED(r); __atomic_thread_fence(__ATOMIC_RELEASE); return true; }
static bool fullFence(Thread *t, Slot *a, Slot *r) { UNUSED(t); UNUSED(a); UNUSED(r); __atomic_thread_fence(__ATOMIC_SEQ_CST); return true; }

/* ---- raw memory ---- */

static bool allocateMemory0(Thread *t, Slot *a, Slot *r) {
    void *p = malloc(a[1].j ? (size_t)a[1].j : 1);
    if (!p) {
        exc_throw_oom(t, "Unable to allocate memory");
        return false;
    }
    r->j = (jlong)(intptr_t)p;
    return true;
}

static bool reallocateMemory0(Thread *t, Slot *a, Slot *r) {
    void *p = realloc((void *)(intptr_t)a[1].j, a[3].j ? (size_t)a[3].j : 1);
    if (!p) {
        exc_throw_oom(t, "Unable to allocate memory");
        return false;
    }
    r->j = (jlong)(intptr_t)p;
    return true;
}

static bool freeMemory0(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    UNUSED(r);
    free((void *)(intptr_t)a[1].j);
    return true;
}

static bool setMemory0(Thread *t, Slot *a, Slot *r) {
    UNUSED(r);
    GUARDED(t, a[1].l, memset(addr(a), (jbyte)a[6].i, (size_t)a[4].j));
    return true;
}

static void *addr2(Object *o, jlong off) { return o ? (void *)((char *)o + off) : (void *)(intptr_t)off; }

static bool copyMemory0(Thread *t, Slot *a, Slot *r) {
    UNUSED(r);
    /* (Object srcBase, long srcOffset, Object destBase, long destOffset, long bytes) */
    GUARDED(t, a[1].l && a[4].l, memmove(addr2(a[4].l, a[5].j), addr2(a[1].l, a[2].j), (size_t)a[7].j));
    return true;
}

static void swap_element(uint8_t *dst, const uint8_t *src, size_t size) {
    uint8_t tmp[8];
    memcpy(tmp, src, size);
    for (size_t i = 0; i < size; i++) dst[i] = tmp[size - 1 - i];
}

/* Copies elements of `size` bytes with their bytes reversed.  The regions may overlap
 * (memmove's contract, element by element): each element is read whole before it is
 * written, and a destination above the source is filled from the end, so no element is
 * overwritten before it has been read. */
static bool copySwapMemory0(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    UNUSED(r);
    uint8_t *src = addr2(a[1].l, a[2].j), *dst = addr2(a[4].l, a[5].j);
    size_t bytes = (size_t)a[7].j, size = (size_t)a[9].j;
    if (size == 0 || size > 8) return true;
    size_t n = bytes / size;
    if (dst <= src || dst >= src + bytes) {
        for (size_t i = 0; i < n; i++) swap_element(dst + i * size, src + i * size, size);
    } else {
        for (size_t i = n; i-- > 0;) swap_element(dst + i * size, src + i * size, size);
    }
    return true;
}

/* ---- layout ---- */

static Field *reflected_field(Object *f) {
    static uint32_t clazz_off, slot_off;
    if (!__atomic_load_n(&clazz_off, __ATOMIC_ACQUIRE)) {   /* the guard is stored last */
        Class *fc = VMC(reflect_Field);
        uint32_t slot = class_find_declared_field(fc, sym_intern_cstr("slot"), sym_intern_cstr("I"))->offset;
        uint32_t clazz = class_find_declared_field(fc, sym_intern_cstr("clazz"), sym_intern_cstr("Ljava/lang/Class;"))->offset;
        vm_lazy_begin();
        if (!clazz_off) {
            slot_off = slot;
            __atomic_store_n(&clazz_off, clazz, __ATOMIC_RELEASE);
        }
        vm_lazy_end();
    }
    Class *c = mirror_class(OBJ_FIELD(f, clazz_off, Object *));
    return &c->fields[OBJ_FIELD(f, slot_off, jint)];
}

static bool objectFieldOffset0(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    r->j = reflected_field(a[1].l)->offset;
    return true;
}

static bool objectFieldOffset1(Thread *t, Slot *a, Slot *r) {
    Class *c = mirror_class(a[1].l);
    char *name = jstr_to_utf8(a[2].l);
    Field *found = NULL;
    for (uint16_t i = 0; i < c->nfields && !found; i++)
        if (!field_is_static(&c->fields[i]) && !c->fields[i].injected && strcmp(c->fields[i].name->str, name) == 0)
            found = &c->fields[i];
    if (!found) {
        exc_throw(t, VMC_InternalError, "%s", name);
        vm_free(name);
        return false;
    }
    vm_free(name);
    r->j = found->offset;
    return true;
}

static bool staticFieldOffset0(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    r->j = reflected_field(a[1].l)->offset;
    return true;
}

static bool staticFieldBase0(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    r->l = reflected_field(a[1].l)->holder->mirror;
    return true;
}

static bool arrayBaseOffset0(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    UNUSED(a);
    r->i = ARRAY_BASE;
    return true;
}

static bool arrayIndexScale0(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    r->i = 1 << mirror_class(a[1].l)->elem_shift;
    return true;
}

/* ---- classes and objects ---- */

static bool ensureClassInitialized0(Thread *t, Slot *a, Slot *r) {
    UNUSED(r);
    Class *c = mirror_class(a[1].l);
    return class_is_array(c) || class_is_primitive(c) || class_init(t, c);
}

static bool shouldBeInitialized0(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    r->i = class_state(mirror_class(a[1].l)) != CS_INITIALIZED;
    return true;
}

static bool allocateInstance(Thread *t, Slot *a, Slot *r) {
    Class *c = mirror_class(a[1].l);
    if (!class_check_instantiable(t, c, false) || !class_init(t, c)) return false;
    r->l = heap_alloc_object(t, c);
    return r->l != NULL;
}

static bool defineClass0(Thread *t, Slot *a, Slot *r) {
    /* (String name, byte[] b, int off, int len, ClassLoader loader, ProtectionDomain pd) */
    Object *bytes = a[2].l;
    jint off = a[3].i, len = a[4].i;
    if (!bytes) {
        exc_npe(t);
        return false;
    }
    if (off < 0 || len < 0 || off > array_length(bytes) - len) {
        exc_aioobe(t, off, array_length(bytes));
        return false;
    }
    uint8_t *buf = vm_malloc((size_t)len + 1);
    memcpy(buf, ARRAY_ELEMS(bytes, uint8_t) + off, (size_t)len);
    Symbol *name = a[1].l ? jstr_to_symbol(a[1].l, true) : NULL;
    HandleMark hm = hnd_mark(t);
    Object **lh = hnd_new(t, a[5].l), **ph = hnd_new(t, a[6].l);
    Class *c = ld_define(t, name, *lh ? lh : NULL, buf, (size_t)len, ph, NULL, 0);
    hnd_release(t, hm);
    vm_free(buf);
    r->l = c ? c->mirror : NULL;
    return c != NULL;
}

static bool throwException(Thread *t, Slot *a, Slot *r) {
    UNUSED(r);
    exc_set(t, a[1].l);
    return false;
}

/* ---- threads ---- */

static bool park(Thread *t, Slot *a, Slot *r) {
    UNUSED(r);
    jthread_park(t, a[1].i != 0, a[2].j);
    return true;
}

static bool unpark(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    UNUSED(r);
    Thread *target = a[1].l ? thread_from_jthread(a[1].l) : NULL;
    if (target) jthread_unpark(target);
    return true;
}

/* ---- misc ---- */

static bool getLoadAverage0(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    double v[3];
    int n = a[2].i > 3 ? 3 : a[2].i;
    int got = getloadavg(v, n);
    for (int i = 0; i < got; i++) ARRAY_ELEMS(a[1].l, jdouble)[i] = v[i];
    r->i = got;
    return true;
}

static bool nop(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    UNUSED(a);
    UNUSED(r);
    return true;
}

#define U "jdk/internal/misc/Unsafe"
#define ACCESS_ENTRIES(Name, sig) \
    { U, "get" #Name, "(Ljava/lang/Object;J)" sig, NULL, get##Name }, \
    { U, "put" #Name, "(Ljava/lang/Object;J" sig ")V", NULL, put##Name }, \
    { U, "get" #Name "Volatile", "(Ljava/lang/Object;J)" sig, NULL, get##Name##Volatile }, \
    { U, "put" #Name "Volatile", "(Ljava/lang/Object;J" sig ")V", NULL, put##Name##Volatile },

const VMNative vm_natives_unsafe[] = {
    { U, "registerNatives", "()V", NULL, nop },
    ACCESS_ENTRIES(Boolean, "Z")
    ACCESS_ENTRIES(Byte, "B")
    ACCESS_ENTRIES(Short, "S")
    ACCESS_ENTRIES(Char, "C")
    ACCESS_ENTRIES(Int, "I")
    ACCESS_ENTRIES(Long, "J")
    ACCESS_ENTRIES(Float, "F")
    ACCESS_ENTRIES(Double, "D")
    { U, "getReference", "(Ljava/lang/Object;J)Ljava/lang/Object;", NULL, getReference },
    { U, "putReference", "(Ljava/lang/Object;JLjava/lang/Object;)V", NULL, putReference },
    { U, "getReferenceVolatile", "(Ljava/lang/Object;J)Ljava/lang/Object;", NULL, getReferenceVolatile },
    { U, "putReferenceVolatile", "(Ljava/lang/Object;JLjava/lang/Object;)V", NULL, putReferenceVolatile },
    { U, "getUncompressedObject", "(J)Ljava/lang/Object;", NULL, getUncompressedObject },
    { U, "compareAndSetInt", "(Ljava/lang/Object;JII)Z", NULL, compareAndSetInt },
    { U, "compareAndExchangeInt", "(Ljava/lang/Object;JII)I", NULL, compareAndExchangeInt },
    { U, "compareAndSetLong", "(Ljava/lang/Object;JJJ)Z", NULL, compareAndSetLong },
    { U, "compareAndExchangeLong", "(Ljava/lang/Object;JJJ)J", NULL, compareAndExchangeLong },
    { U, "compareAndSetReference", "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Z", NULL, compareAndSetReference },
    { U, "compareAndExchangeReference", "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;", NULL,
      compareAndExchangeReference },
    { U, "loadFence", "()V", NULL, loadFence },
    { U, "storeFence", "()V", NULL, storeFence },
    { U, "fullFence", "()V", NULL, fullFence },
    { U, "allocateMemory0", "(J)J", NULL, allocateMemory0 },
    { U, "reallocateMemory0", "(JJ)J", NULL, reallocateMemory0 },
    { U, "freeMemory0", "(J)V", NULL, freeMemory0 },
    { U, "setMemory0", "(Ljava/lang/Object;JJB)V", NULL, setMemory0 },
    { U, "copyMemory0", "(Ljava/lang/Object;JLjava/lang/Object;JJ)V", NULL, copyMemory0 },
    { U, "copySwapMemory0", "(Ljava/lang/Object;JLjava/lang/Object;JJJ)V", NULL, copySwapMemory0 },
    { U, "objectFieldOffset0", "(Ljava/lang/reflect/Field;)J", NULL, objectFieldOffset0 },
    { U, "objectFieldOffset1", "(Ljava/lang/Class;Ljava/lang/String;)J", NULL, objectFieldOffset1 },
    { U, "staticFieldOffset0", "(Ljava/lang/reflect/Field;)J", NULL, staticFieldOffset0 },
    { U, "staticFieldBase0", "(Ljava/lang/reflect/Field;)Ljava/lang/Object;", NULL, staticFieldBase0 },
    { U, "arrayBaseOffset0", "(Ljava/lang/Class;)I", NULL, arrayBaseOffset0 },
    { U, "arrayIndexScale0", "(Ljava/lang/Class;)I", NULL, arrayIndexScale0 },
    { U, "ensureClassInitialized0", "(Ljava/lang/Class;)V", NULL, ensureClassInitialized0 },
    { U, "shouldBeInitialized0", "(Ljava/lang/Class;)Z", NULL, shouldBeInitialized0 },
    { U, "allocateInstance", "(Ljava/lang/Class;)Ljava/lang/Object;", NULL, allocateInstance },
    { U, "defineClass0", "(Ljava/lang/String;[BIILjava/lang/ClassLoader;Ljava/security/ProtectionDomain;)Ljava/lang/Class;", NULL,
      defineClass0 },
    { U, "throwException", "(Ljava/lang/Throwable;)V", NULL, throwException },
    { U, "park", "(ZJ)V", NULL, park },
    { U, "unpark", "(Ljava/lang/Object;)V", NULL, unpark },
    { U, "getLoadAverage0", "([DI)I", NULL, getLoadAverage0 },
    { U, "writeback0", "(J)V", NULL, nop },
    { U, "writebackPreSync0", "()V", NULL, nop },
    { U, "writebackPostSync0", "()V", NULL, nop },
    { NULL, NULL, NULL, NULL, NULL },
};
