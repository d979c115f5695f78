/*
 * classfile.h — the class-file parser.
 *
 * cf_parse turns the bytes of a class file into a Class (class.h) in state CS_LOADED minus
 * the loading work: super/interfaces are only named, not loaded; no mirror, no loader.
 * It checks the format rules of JVMS chapter 4.8 (structure, constant-pool consistency,
 * names and descriptors, flags, attribute lengths) and never trusts the input: a bad file
 * yields an error code and message, never a crash.  It does no heap allocation and needs no
 * running VM, which is what lets the fuzz target (tests/fuzz/) drive it alone.
 */
#ifndef LOUPE_CLASSFILE_H
#define LOUPE_CLASSFILE_H

#include "classfile/class.h"

typedef enum CfErrorKind {
    CFE_NONE = 0,
    CFE_FORMAT,                 /* java.lang.ClassFormatError */
    CFE_VERSION,                /* java.lang.UnsupportedClassVersionError */
    CFE_NO_CLASS_DEF,           /* java.lang.NoClassDefFoundError (wrong name) */
} CfErrorKind;

typedef struct CfError {
    CfErrorKind kind;
    char msg[512];              /* message as HotSpot words it where practical */
} CfError;

enum {
    CFP_HIDDEN = 1 << 0,        /* defining a hidden class: this_class name gets a suffix later */
};

/* --enable-preview: class files of the current major version with minor 65535 are accepted. */
extern bool cf_enable_preview;

/* Parses `len` bytes at `bytes`.  If expected_name is not NULL and differs from the class's
 * own name, fails with CFE_NO_CLASS_DEF ("<name> (wrong name: <actual>)").  The returned Class
 * owns copies of everything it needs (the caller may free `bytes`), including a copy of the
 * bytes themselves in classfile/classfile_len.  On failure returns NULL and fills *err. */
Class *cf_parse(const uint8_t *bytes, size_t len, Symbol *expected_name, int flags, CfError *err);

/* Frees a class made by cf_parse that was never published to the VM. */
void cf_free(Class *c);
/* Bytes of C memory a parsed class occupies (its arena, the copy of its file included). */
size_t cf_footprint(const Class *c);

/* Descriptor helpers (descriptor.c). */
/* Checks a field descriptor / method descriptor (JVMS 4.3). */
bool cf_valid_field_desc(const char *s, size_t len);
bool cf_valid_method_desc(const char *s, size_t len);
/* Whether s[0..len) is legal modified UTF-8 for a current class file (classfile.c). */
bool cf_valid_mutf8(const char *s, size_t len);
/* Checks a class name in internal form (or an array descriptor), and an unqualified
 * field or method name (JVMS 4.2). */
bool cf_valid_class_name(const char *s, size_t len);
bool cf_valid_unqualified_name(const char *s, size_t len, bool method);
/* Counts the argument slots of a method descriptor (longs/doubles count two), excluding
 * any receiver, and gives the return BasicType. */
int cf_method_arg_slots(const char *desc, BasicType *ret);
/* Skips one field descriptor starting at s; returns the position after it. */
const char *cf_skip_field_desc(const char *s);

#endif
