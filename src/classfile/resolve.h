/*
 * resolve.h — resolution of symbolic references in constant pools (JVMS 5.4.3) with the
 * access checks of JVMS 5.4.4 (nestmates included).  Each function resolves once and
 * caches the result in the entry; later calls are one load.
 */
#ifndef LOUPE_RESOLVE_H
#define LOUPE_RESOLVE_H

#include "loupe.h"
#include "classfile/class.h"

Class *cp_resolve_class(Thread *t, Class *cls, uint16_t idx);
/* Frees the records of class entries in error (the class's memory is going). */
void cp_free_class_errors(ConstantPool *cp);
/* is_static: the instruction's kind (getstatic/putstatic vs getfield/putfield), which
 * must agree with the field or IncompatibleClassChangeError. */
Field *cp_resolve_field(Thread *t, Class *cls, uint16_t idx, bool is_static, bool is_put);
/* op: the invoke opcode (invokevirtual, invokespecial, invokestatic, invokeinterface). */
Method *cp_resolve_method(Thread *t, Class *cls, uint16_t idx, int op);
/* String constant: the interned String; returns the address of its CP object slot. */
Object **cp_resolve_string(Thread *t, Class *cls, uint16_t idx);

/* Access checks (JVMS 5.4.4).  A class check tells why it failed, as HotSpot's messages do:
 * the target's module is not read by the accessor's, its package is not exported to it,
 * or it is not public and in another package. */
typedef enum { ACCESS_OK, ACCESS_NOT_READABLE, ACCESS_NOT_EXPORTED, ACCESS_DENIED } ClassAccess;
ClassAccess access_class(Thread *t, Class *accessor, Class *target);
bool access_class_ok(Class *accessor, Class *target);
/* The IllegalAccessError message for a failed access_class. */
void access_class_message(Thread *t, char *buf, size_t n, Class *accessor, Class *target, ClassAccess r);
bool access_member_ok(Class *accessor, Class *holder, Class *ref_class, uint16_t access);
bool class_same_package(const Class *a, const Class *b);
Class *class_nest_host(Thread *t, Class *c);                   /* NULL with exception */
bool class_are_nestmates(Thread *t, Class *a, Class *b);

/* Pieces of HotSpot-worded messages, shared with method-handle resolution (mhn.c):
 * "'int Foo.bar(java.lang.String)'", "private"/"protected"/"package-private", and
 * "A and B are in unnamed module of loader 'app'". */
void cp_describe_method(StrBuf *out, const Class *c, const Symbol *name, const Symbol *desc);
/* Throws vmc (a VMClassId) with the message prefix + the method's description. */
void cp_throw_method_error(Thread *t, int vmc, const char *prefix, const Class *c, const Symbol *name,
                           const Symbol *desc);
/* Throws the IllegalAccessError for accessor's call of m. */
void cp_method_access_error(Thread *t, Class *accessor, Method *m);
const char *cp_access_word(uint16_t access);
void cp_describe_loaders(StrBuf *out, Class *a, Class *b);
/* ", (why a's nest host was rejected, why b's)" for private access errors, or "". */
void cp_nest_host_errors(char *out, size_t n, Class *a, Class *b);

#endif
