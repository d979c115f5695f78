/*
 * vfy_stubs.c — the few VM functions the bytecode verifier (verify.c, vtypes.c) refers to
 * outside the parser, for the fuzz target, which runs the verifier with no VM (thread NULL).
 *
 * Without a thread the verifier loads no class: a parsed class has no superclass loaded,
 * so the checks that would load one (protected access, assignability between two named
 * classes) are skipped or answered "assignable".  Loading or field lookup reached anyway
 * is a bug in that promise, and aborts.  Message helpers give simple text.
 */
#include "classfile/class.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "classfile/resolve.h"
#include <stdio.h>
#include <stdlib.h>

Class *ld_load(Thread *t, Symbol *name, Object **loader, bool throw_cnfe) {
    fprintf(stderr, "fuzz_classfile: the verifier loaded %s without a VM\n", name->str);
    abort();
}

Field *link_lookup_field(Class *c, Symbol *name, Symbol *desc) {
    fprintf(stderr, "fuzz_classfile: the verifier looked up field %s without a VM\n", name->str);
    abort();
}

bool class_same_package(const Class *a, const Class *b) { return a == b; }

void cp_describe_method(StrBuf *out, const Class *c, const Symbol *name, const Symbol *desc) {
    sb_printf(out, "'%s.%s%s'", c->name->str, name->str, desc->str);
}

/* The offset of Class.klass in a mirror; the verifier reads it only for a class with a
 * mirror, and a parsed class without a VM has none. */
uint32_t mirror_klass_off;
