/*
 * vfypolicy.c — which classes the bytecode verifier checks, and what its verdict throws.
 *
 * The policy is HotSpot's (Verifier::should_verify_for and is_eligible_for_verification):
 * classes of the boot loader are trusted unless -XX:+BytecodeVerificationLocal, all others
 * are verified unless -XX:-BytecodeVerificationRemote (-Xverify:none turns both off,
 * -Xverify:all both on).  java.lang.Object, Class, String and Throwable, and core
 * reflection's generated accessors (subclasses of jdk.internal.reflect.MagicAccessorImpl),
 * are never verified.  So lambda forms and other hidden classes the JDK defines in the boot
 * loader are trusted, and lambda proxies of application classes (hidden classes in the
 * application's loader) are verified, as on HotSpot.
 *
 * Class files older than version 50 have no stack maps: they are verified by type
 * inference (vfyinfer.c, JVMS 4.10.2); a version-50 class the type checker rejects is
 * verified again by inference, whose verdict stands (vfy_run in verify.c).
 */
#include "classfile/verify.h"
#include "classfile/vfy_internal.h"
#include "runtime/exception.h"
#include "runtime/vm.h"

bool vfy_local = false;
bool vfy_remote = true;

static bool is_reflection_accessor(const Class *c) {
    for (const Class *k = c->super; k; k = k->super)
        if (sym_eq_cstr(k->name, "jdk/internal/reflect/MagicAccessorImpl")) return true;
    return false;
}

bool vfy_should_verify(const Class *c) {
    if (class_is_array(c) || class_is_primitive(c)) return false;
    if (!(c->loader ? vfy_remote : vfy_local)) return false;
    static const char *const TRUSTED[] = { "java/lang/Object", "java/lang/Class", "java/lang/String", "java/lang/Throwable" };
    for (size_t i = 0; i < ARRAY_LEN(TRUSTED); i++)
        if (sym_eq_cstr(c->name, TRUSTED[i])) return false;
    return !is_reflection_accessor(c);
}

bool vfy_verify_class(Thread *t, Class *c) {
    if (vfy_done(c)) return true;
    if (vfy_should_verify(c)) {
        char *msg = NULL;
        VResult r = vfy_run(t, c, &msg);
        if (r == VR_PENDING) {
            vm_free(msg);
            return false;
        }
        if (r != VR_OK) {
            Class *k = vmc_get(t, r == VR_VERIFY_ERROR ? VMC_VerifyError : VMC_ClassFormatError);
            if (k) exc_throw_class(t, k, msg);
            vm_free(msg);
            return false;
        }
        vm_free(msg);
    }
    __atomic_store_n(&c->verified, 1, __ATOMIC_RELEASE);
    return true;
}
