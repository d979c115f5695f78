/*
 * vm_natives_math.c — fast paths for the small numeric natives: StrictMath and the
 * Float/Double bit conversions.
 *
 * StrictMath must be bit-for-bit fdlibm, which libjava contains: the fast natives call
 * libjava's own functions directly (they never touch their JNIEnv), skipping the JNI
 * call machinery.  sqrt is correctly rounded in C, so it is computed directly.
 */
#include "native/natives.h"
#include <dlfcn.h>
#include <math.h>

typedef jdouble (*Unary)(JNIEnv *, jclass, jdouble);
typedef jdouble (*Binary)(JNIEnv *, jclass, jdouble, jdouble);

static void *libjava_fn(const char *name) {
    void *f = dlsym(nat_libjava, name);
    if (!f) vm_fatal("libjava lacks %s", name);
    return f;
}

#define UNARY(name) \
    static bool strict_##name(Thread *t, Slot *a, Slot *r) { \
        static Unary fn; \
        UNUSED(t); \
        if (!fn) fn = (Unary)libjava_fn("Java_java_lang_StrictMath_" #name); \
        r->d = fn(NULL, NULL, a[0].d); \
        return true; \
    }
#define BINARY(name) \
    static bool strict_##name(Thread *t, Slot *a, Slot *r) { \
        static Binary fn; \
        UNUSED(t); \
        if (!fn) fn = (Binary)libjava_fn("Java_java_lang_StrictMath_" #name); \
        r->d = fn(NULL, NULL, a[0].d, a[2].d); \
        return true; \
    }

#define UNARY_FUNCS(X) X(sin) X(cos) X(tan) X(asin) X(acos) X(atan) X(log) X(log10) X(sinh) X(cosh) X(tanh) X(expm1) X(log1p)
UNARY_FUNCS(UNARY)
BINARY(IEEEremainder)
BINARY(atan2)

static bool strict_sqrt(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    r->d = sqrt(a[0].d);
    return true;
}

/* raw bit conversions: the slot holds the same bits either way */
static bool same_bits32(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    r->i = a[0].i;
    return true;
}

static bool same_bits64(Thread *t, Slot *a, Slot *r) {
    UNUSED(t);
    r->j = a[0].j;
    return true;
}

#define SM "java/lang/StrictMath"
#define UNARY_ENTRY(name) { SM, #name, "(D)D", NULL, strict_##name },
const VMNative vm_natives_math[] = {
    UNARY_FUNCS(UNARY_ENTRY)
    { SM, "sqrt", "(D)D", NULL, strict_sqrt },
    { SM, "IEEEremainder", "(DD)D", NULL, strict_IEEEremainder },
    { SM, "atan2", "(DD)D", NULL, strict_atan2 },
    { "java/lang/Float", "floatToRawIntBits", "(F)I", NULL, same_bits32 },
    { "java/lang/Float", "intBitsToFloat", "(I)F", NULL, same_bits32 },
    { "java/lang/Double", "doubleToRawLongBits", "(D)J", NULL, same_bits64 },
    { "java/lang/Double", "longBitsToDouble", "(J)D", NULL, same_bits64 },
    { NULL, NULL, NULL, NULL, NULL },
};
