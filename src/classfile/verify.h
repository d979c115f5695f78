/*
 * verify.h — bytecode verification (JVMS 4.10), run by the linker before a class's first
 * use.  See verify.c for the design.
 */
#ifndef LOUPE_VERIFY_H
#define LOUPE_VERIFY_H

#include "classfile/class.h"

/* -XX:[+-]BytecodeVerificationLocal (boot-loader classes) and ...Remote (all others);
 * -Xverify:none/all/remote set both. */
extern bool vfy_local;
extern bool vfy_remote;

/* Has c been verified (or found not to need it)? */
static inline bool vfy_done(const Class *c) { return __atomic_load_n(&c->verified, __ATOMIC_ACQUIRE) != 0; }
/* Does the policy ask for c to be verified? */
bool vfy_should_verify(const Class *c);
/* Verifies c once if the policy asks for it.  Returns false with VerifyError,
 * ClassFormatError or a class-loading error pending. */
bool vfy_verify_class(Thread *t, Class *c);

typedef enum VResult VResult;
/* Verifies c whatever the policy says, by the verifier its version calls for; t NULL loads
 * no classes (the fuzz target).  On failure *msg is the message (vm_malloc'd; the caller
 * frees it). */
VResult vfy_run(Thread *t, Class *c, char **msg);

#endif
