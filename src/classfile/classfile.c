/*
 * classfile.c — the class-file parser (JVMS chapter 4).
 *
 * cf_parse reads a class file front to back, in the order of JVMS 4.1, and builds a Class
 * (class.h).  It is the VM's first line of defence against bad input: everything that
 * comes later (loader, linker, interpreter, reflection) trusts the invariants established
 * here, so every index is range- and tag-checked, every name and descriptor is checked
 * against its grammar, every flag combination against the rules of JVMS 4.1, 4.5 and 4.6,
 * and every attribute whose size the JVMS defines must be exactly that size.  The messages
 * follow HotSpot's wording, because programs and tests print and compare them.
 *
 * Reading.  All input is read through a Reader, a cursor bounded by an end pointer.  The
 * class file as a whole is one Reader; each attribute is read through a sub-Reader bounded
 * by its attribute_length, so a parser for one attribute cannot stray into the next one.
 * Running off the end of the file is "Truncated class file"; running off the end of an
 * attribute means its declared length is wrong, and is reported as such.
 *
 * Failing.  A check that fails calls bad() or fail(), which formats the message into the
 * caller's CfError and longjmps back to cf_parse, much as Lua raises errors from deep inside
 * its parser.  That keeps each check to one line and each function to its own concern,
 * with no error plumbing.  It is safe because the parser holds no resources other than
 * its arena (below) and takes no locks of its own; the symbol table's lock is only held
 * inside sym_intern, which never fails.
 *
 * Memory.  Everything the Class owns — the Class itself, the copy of the class file, the
 * constant pool, members, tables — is carved out of a per-class arena of large blocks.
 * An error anywhere simply drops the arena, and cf_free is one walk down the block list.
 * Raw attributes (annotations, StackMapTable, ...) and method bytecode are not copied
 * again: Blobs and Method.code point into the class's own copy of the file, which the VM
 * keeps anyway for JVMTI.  Symbols are interned in the global table and never freed.
 *
 * Constant pool.  It is checked in three passes, as HotSpot does: read every entry
 * (interning Utf8 after checking its modified UTF-8), check that every reference points at
 * an entry of the right kind, then check the names and descriptors those references lead
 * to.  Entries whose values are heap objects get consecutive slots in cp.objs.
 *
 * Attributes are recognised by name (compared as strings, so no symbol setup is needed)
 * and only where they mean something: each context passes the set it understands, and the
 * version from which HotSpot honours them is respected — before that version, or in the
 * wrong place, an attribute is unknown and skipped, as JVMS 4.7 requires.
 *
 * Messages name the class as the caller expects it, or "<Unknown>" (HotSpot's word) until
 * this_class has been read; from then on its own name.
 *
 * Derived facts.  Besides what the file says, the parser records what the VM would
 * otherwise recompute: argument slots and return type, how a method is called (Method.kind),
 * whether its body is a lone `return`, whether it uses jsr/ret, whether it is signature
 * polymorphic, and the few annotations the VM acts on (@CallerSensitive, @ForceInline,
 * @Hidden, @ValueBased).  Those are honoured whoever defines the class; HotSpot only
 * honours them for the boot and platform loaders, a policy for the loader to apply.
 *
 * What is not done here: anything that needs another class (super and interface loading,
 * "interfaces must extend Object", access checks, overriding rules), bytecode verification
 * (only undecodable instruction streams are rejected), and the structure of annotations,
 * which reflection parses when asked.  The well-known symbols (sym_table_init) must exist
 * before the first call.
 */
#include "classfile/classfile.h"
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* Name grammars, defined in descriptor.c next to the descriptor grammar they share. */

#define CLASSFILE_MAGIC 0xCAFEBABEu
#define MIN_MAJOR 45
#define MAX_MAJOR 61
#define PREVIEW_MINOR 0xFFFF
#define MAX_ARG_SLOTS 255
#define MAX_CODE_LENGTH 65535

static const char unknown_class_name[] = "<Unknown>";

/* Flag bits each kind of access_flags may carry; the others are ignored (JVMS 4.1). */
#define CLASS_MODIFIERS (JVM_ACC_PUBLIC | JVM_ACC_FINAL | JVM_ACC_SUPER | JVM_ACC_INTERFACE | \
                         JVM_ACC_ABSTRACT | JVM_ACC_SYNTHETIC | JVM_ACC_ANNOTATION | JVM_ACC_ENUM)
#define INNER_CLASS_MODIFIERS (CLASS_MODIFIERS | JVM_ACC_PRIVATE | JVM_ACC_PROTECTED | JVM_ACC_STATIC)
#define FIELD_MODIFIERS (JVM_ACC_PUBLIC | JVM_ACC_PRIVATE | JVM_ACC_PROTECTED | JVM_ACC_STATIC | \
                         JVM_ACC_FINAL | JVM_ACC_VOLATILE | JVM_ACC_TRANSIENT | JVM_ACC_SYNTHETIC | \
                         JVM_ACC_ENUM)
#define METHOD_MODIFIERS (JVM_ACC_PUBLIC | JVM_ACC_PRIVATE | JVM_ACC_PROTECTED | JVM_ACC_STATIC | \
                          JVM_ACC_FINAL | JVM_ACC_SYNCHRONIZED | JVM_ACC_BRIDGE | JVM_ACC_VARARGS | \
                          JVM_ACC_NATIVE | JVM_ACC_ABSTRACT | JVM_ACC_STRICT | JVM_ACC_SYNTHETIC)

/* ---------------------------------------------------------------- parser state */

typedef struct ArenaBlock {
    struct ArenaBlock *prev;
    size_t used, size;              /* `size` usable bytes follow the header */
} ArenaBlock;

typedef struct Parser {
    Class *c;
    ArenaBlock *arena;              /* newest block first */
    size_t file_len;                /* the class file's size, which sizes the blocks */
    CfError *err;
    const char *cname;              /* the class's name as messages show it */
    int flags;                      /* CFP_* */
    uint16_t major;
    bool is_interface;
    uint8_t module_tag;             /* first Module/Package entry's tag, 0 if none */
    int max_bsm_index;              /* highest bootstrap index the pool uses, -1 if none */
    jmp_buf fail;
} Parser;

static void set_error(Parser *P, CfErrorKind kind, const char *fmt, va_list ap) {
    P->err->kind = kind;
    vsnprintf(P->err->msg, sizeof P->err->msg, fmt, ap);
}

/* Fails with an error of the given kind: records it and unwinds to cf_parse. */
static _Noreturn void fail(Parser *P, CfErrorKind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void fail(Parser *P, CfErrorKind kind, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    set_error(P, kind, fmt, ap);
    va_end(ap);
    longjmp(P->fail, 1);
}

/* Fails with a ClassFormatError. */
static _Noreturn void bad(Parser *P, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bad(Parser *P, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    set_error(P, CFE_FORMAT, fmt, ap);
    va_end(ap);
    longjmp(P->fail, 1);
}

/* ---------------------------------------------------------------- the arena */

#define ARENA_ALIGN 8
#define ARENA_BLOCK_EXTRA 1024

static void arena_free(ArenaBlock *b) {
    while (b) {
        ArenaBlock *prev = b->prev;
        vm_free(b);
        b = prev;
    }
}

/* Zeroed memory that lives as long as the class.  Blocks come from calloc and are never
 * reused, so no clearing is needed.  A parsed class takes about three times the size of
 * its file (the copy of the file included), so the first block is sized for that, which
 * is enough for two classes in three; the rest get a smaller second block. */
static void *arena_alloc(Parser *P, size_t n) {
    n = ALIGN_UP(n, ARENA_ALIGN);
    ArenaBlock *b = P->arena;
    if (!b || b->size - b->used < n) {
        size_t want = ARENA_BLOCK_EXTRA + (b ? P->file_len / 2 : 3 * P->file_len);
        size_t size = n > want ? n : want;
        b = vm_calloc(1, sizeof *b + size);
        b->prev = P->arena;
        b->size = size;
        P->arena = b;
    }
    void *p = (char *)(b + 1) + b->used;
    b->used += n;
    return p;
}

/* An array of n elements, or NULL when n is 0 so that empty tables read as absent. */
static void *arena_array(Parser *P, size_t n, size_t elem_size) {
    return n ? arena_alloc(P, n * elem_size) : NULL;
}

/* ---------------------------------------------------------------- attribute kinds */

/* The attributes the parser knows (JVMS 4.7).  They come before the Reader because a
 * Reader bounded to an attribute names it when its length turns out wrong. */

typedef enum AttrId {
    ATTR_UNKNOWN = 0,
    ATTR_CONSTANT_VALUE,
    ATTR_CODE,
    ATTR_STACK_MAP_TABLE,
    ATTR_EXCEPTIONS,
    ATTR_INNER_CLASSES,
    ATTR_ENCLOSING_METHOD,
    ATTR_SYNTHETIC,
    ATTR_SIGNATURE,
    ATTR_SOURCE_FILE,
    ATTR_SOURCE_DEBUG_EXTENSION,
    ATTR_LINE_NUMBER_TABLE,
    ATTR_LOCAL_VARIABLE_TABLE,
    ATTR_LOCAL_VARIABLE_TYPE_TABLE,
    ATTR_DEPRECATED,
    ATTR_RV_ANNOTATIONS,
    ATTR_RI_ANNOTATIONS,
    ATTR_RV_PARAMETER_ANNOTATIONS,
    ATTR_RI_PARAMETER_ANNOTATIONS,
    ATTR_RV_TYPE_ANNOTATIONS,
    ATTR_RI_TYPE_ANNOTATIONS,
    ATTR_ANNOTATION_DEFAULT,
    ATTR_BOOTSTRAP_METHODS,
    ATTR_METHOD_PARAMETERS,
    ATTR_NEST_HOST,
    ATTR_NEST_MEMBERS,
    ATTR_RECORD,
    ATTR_PERMITTED_SUBCLASSES,
    ATTR_COUNT
} AttrId;

_Static_assert(ATTR_COUNT <= 32, "sets of attributes are 32-bit masks");

typedef struct AttrInfo {
    const char *name;
    uint8_t len;                    /* strlen(name) */
    uint8_t since;                  /* first major version in which it means anything */
    bool repeatable;                /* may occur more than once in one place */
    const char *bad_length;         /* HotSpot's words for a wrong attribute_length, if its own */
} AttrInfo;

/* ---------------------------------------------------------------- reading */

typedef struct Reader {
    const uint8_t *p, *end;
    Parser *P;
    const AttrInfo *attr;           /* the attribute read, NULL for the class file itself */
} Reader;

static _Noreturn void overrun(const Reader *r) {
    if (!r->attr) bad(r->P, "Truncated class file");
    if (r->attr->bad_length) bad(r->P, "%s in class file %s", r->attr->bad_length, r->P->cname);
    bad(r->P, "%s attribute has wrong length in class file %s", r->attr->name, r->P->cname);
}

static inline void need(Reader *r, size_t n) {
    if (unlikely((size_t)(r->end - r->p) < n)) overrun(r);
}

static inline uint8_t rd_u1(Reader *r) {
    need(r, 1);
    return *r->p++;
}

static inline uint16_t rd_u2(Reader *r) {
    need(r, 2);
    uint16_t v = (uint16_t)(r->p[0] << 8 | r->p[1]);
    r->p += 2;
    return v;
}

static inline uint32_t rd_u4(Reader *r) {
    need(r, 4);
    uint32_t v = (uint32_t)r->p[0] << 24 | (uint32_t)r->p[1] << 16 | (uint32_t)r->p[2] << 8 | r->p[3];
    r->p += 4;
    return v;
}

static inline const uint8_t *rd_bytes(Reader *r, size_t n) {
    need(r, n);
    const uint8_t *s = r->p;
    r->p += n;
    return s;
}

/* The next n bytes as a Reader of their own, reported as attribute `attr`. */
static Reader sub_reader(Reader *r, uint32_t n, const AttrInfo *attr) {
    const uint8_t *s = rd_bytes(r, n);
    return (Reader){ s, s + n, r->P, attr };
}

/* Requires an attribute to have been read exactly to its end. */
static void expect_end(const Reader *r) {
    if (r->p != r->end) overrun(r);
}

/* The writable address of bytes in the class's own copy of the file. */
static uint8_t *owned(Parser *P, const uint8_t *p) {
    return P->c->classfile + (p - P->c->classfile);
}

/* ---------------------------------------------------------------- constant-pool queries */

static inline bool cp_is(const ConstantPool *cp, unsigned i, int tag) {
    return i != 0 && i < cp->count && cp->tags[i] == tag;
}

/* The Utf8 symbol at index i, or NULL if i is not a Utf8 entry. */
static Symbol *cp_symbol(const ConstantPool *cp, unsigned i) {
    return cp_is(cp, i, JVM_CONSTANT_Utf8) ? cp->e[i].utf8 : NULL;
}

static bool cp_is_class(const ConstantPool *cp, unsigned i) {
    return cp_is(cp, i, JVM_CONSTANT_Class);
}

/* Constants ldc and bootstrap arguments may name (JVMS 4.4, table 4.4-C). */
static bool cp_is_loadable(const ConstantPool *cp, unsigned i) {
    if (i == 0 || i >= cp->count) return false;
    switch (cp->tags[i]) {
    case JVM_CONSTANT_Integer: case JVM_CONSTANT_Float: case JVM_CONSTANT_Long:
    case JVM_CONSTANT_Double: case JVM_CONSTANT_Class: case JVM_CONSTANT_String:
    case JVM_CONSTANT_MethodHandle: case JVM_CONSTANT_MethodType: case JVM_CONSTANT_Dynamic:
        return true;
    default:
        return false;
    }
}

static bool is_method_desc(const Symbol *desc) {
    return desc->str[0] == '(';
}

/* ---------------------------------------------------------------- names and descriptors */

static _Noreturn void illegal_signature(Parser *P, const char *what, const char *name,
                                        const Symbol *desc) {
    bad(P, "%s \"%s\" in class %s has illegal signature \"%s\"", what, name, P->cname, desc->str);
}

static void check_class_name(Parser *P, const Symbol *name) {
    if (!cf_valid_class_name(name->str, name->len))
        bad(P, "Illegal class name \"%s\" in class file %s", name->str, P->cname);
}

static void check_field_name(Parser *P, const Symbol *name) {
    if (!cf_valid_unqualified_name(name->str, name->len, false))
        bad(P, "Illegal field name \"%s\" in class %s", name->str, P->cname);
}

static void check_method_name(Parser *P, const Symbol *name) {
    if (name == sym_init || name == sym_clinit) return;
    if (!cf_valid_unqualified_name(name->str, name->len, true))
        bad(P, "Illegal method name \"%s\" in class %s", name->str, P->cname);
}

static void check_field_desc(Parser *P, const Symbol *name, const Symbol *desc) {
    if (!cf_valid_field_desc(desc->str, desc->len)) illegal_signature(P, "Field", name->str, desc);
}

/* Checks a method descriptor for a method called `name` (NULL for a MethodType, which
 * names none) and returns its argument slots, receiver excluded.  Initialisers must return
 * void, and from version 51 <clinit> must be ()V. */
static int check_method_sig(Parser *P, const Symbol *name, const Symbol *desc, BasicType *ret) {
    const char *shown = name ? name->str : "type";
    bool special = name && name->str[0] == '<';
    if (name == sym_clinit && desc != sym_void_sig && P->major >= 51)
        illegal_signature(P, "Method", shown, desc);
    if (!cf_valid_method_desc(desc->str, desc->len)) illegal_signature(P, "Method", shown, desc);
    int slots = cf_method_arg_slots(desc->str, ret);
    if (special && *ret != T_VOID) illegal_signature(P, "Method", shown, desc);
    return slots;
}

/* ---------------------------------------------------------------- modified UTF-8 */

/* Checks modified UTF-8 as HotSpot does: no NUL bytes, no four-byte forms, complete two-
 * and three-byte sequences, no overlong forms except 0xC0 0x80 for U+0000 (class files
 * up to version 47 may use any overlong form). */
static bool valid_modified_utf8(const uint8_t *s, size_t len, bool old_format) {
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    size_t i = 0;
    while (i < len) {
        if (len - i >= 8) {                     /* eight ASCII bytes, none of them NUL? */
            uint64_t w;
            memcpy(&w, s + i, 8);
            if (((w | (w - ones)) & highs) == 0) {
                i += 8;
                continue;
            }
        }
        uint8_t b = s[i];
        if (b == 0) return false;
        if (b < 0x80) {
            i++;
            continue;
        }
        unsigned c;
        switch (b >> 4) {
        case 0xC: case 0xD:
            if (i + 1 >= len || (s[i + 1] & 0xC0) != 0x80) return false;
            c = (b & 0x1Fu) << 6 | (s[i + 1] & 0x3Fu);
            if (!old_format && c != 0 && c < 0x80) return false;
            i += 2;
            break;
        case 0xE:
            if (i + 2 >= len || (s[i + 1] & 0xC0) != 0x80 || (s[i + 2] & 0xC0) != 0x80) return false;
            c = (b & 0xFu) << 12 | (s[i + 1] & 0x3Fu) << 6 | (s[i + 2] & 0x3Fu);
            if (!old_format && c < 0x800) return false;
            i += 3;
            break;
        default:                                /* a continuation byte, or a 4-byte form */
            return false;
        }
    }
    return true;
}

/* ---------------------------------------------------------------- attributes */

#define ATTR(id, text, since, repeatable, bad_length) \
    [id] = { text, sizeof(text) - 1, since, repeatable, bad_length }
static const AttrInfo attr_info[ATTR_COUNT] = {
    ATTR(ATTR_UNKNOWN, "Unknown", 0, true, NULL),
    ATTR(ATTR_CONSTANT_VALUE, "ConstantValue", 45, false, NULL),
    ATTR(ATTR_CODE, "Code", 45, false, "Code segment has wrong length"),
    ATTR(ATTR_STACK_MAP_TABLE, "StackMapTable", 50, false, NULL),
    ATTR(ATTR_EXCEPTIONS, "Exceptions", 45, false, NULL),
    ATTR(ATTR_INNER_CLASSES, "InnerClasses", 45, false, "Wrong InnerClasses attribute length"),
    ATTR(ATTR_ENCLOSING_METHOD, "EnclosingMethod", 49, false, NULL),
    ATTR(ATTR_SYNTHETIC, "Synthetic", 45, true, NULL),
    ATTR(ATTR_SIGNATURE, "Signature", 49, false, NULL),
    ATTR(ATTR_SOURCE_FILE, "SourceFile", 45, false, NULL),
    ATTR(ATTR_SOURCE_DEBUG_EXTENSION, "SourceDebugExtension", 45, false, NULL),
    ATTR(ATTR_LINE_NUMBER_TABLE, "LineNumberTable", 45, true, NULL),
    ATTR(ATTR_LOCAL_VARIABLE_TABLE, "LocalVariableTable", 45, true, "LocalVariableTable has wrong length"),
    ATTR(ATTR_LOCAL_VARIABLE_TYPE_TABLE, "LocalVariableTypeTable", 49, true,
         "LocalVariableTypeTable has wrong length"),
    ATTR(ATTR_DEPRECATED, "Deprecated", 45, true, NULL),
    ATTR(ATTR_RV_ANNOTATIONS, "RuntimeVisibleAnnotations", 49, false, NULL),
    ATTR(ATTR_RI_ANNOTATIONS, "RuntimeInvisibleAnnotations", 49, false, NULL),
    ATTR(ATTR_RV_PARAMETER_ANNOTATIONS, "RuntimeVisibleParameterAnnotations", 49, false, NULL),
    ATTR(ATTR_RI_PARAMETER_ANNOTATIONS, "RuntimeInvisibleParameterAnnotations", 49, false, NULL),
    ATTR(ATTR_RV_TYPE_ANNOTATIONS, "RuntimeVisibleTypeAnnotations", 49, false, NULL),
    ATTR(ATTR_RI_TYPE_ANNOTATIONS, "RuntimeInvisibleTypeAnnotations", 49, false, NULL),
    ATTR(ATTR_ANNOTATION_DEFAULT, "AnnotationDefault", 49, false, NULL),
    ATTR(ATTR_BOOTSTRAP_METHODS, "BootstrapMethods", 51, false, "Bad length on BootstrapMethods"),
    ATTR(ATTR_METHOD_PARAMETERS, "MethodParameters", 45, false, NULL),
    ATTR(ATTR_NEST_HOST, "NestHost", 55, false, NULL),
    ATTR(ATTR_NEST_MEMBERS, "NestMembers", 55, false, "Wrong NestMembers attribute length"),
    ATTR(ATTR_RECORD, "Record", 60, false, NULL),
    ATTR(ATTR_PERMITTED_SUBCLASSES, "PermittedSubclasses", 61, false,
         "Wrong PermittedSubclasses attribute length"),
};
#undef ATTR

#define BIT(id) (1u << (id))
#define ANNOTATION_ATTRS (BIT(ATTR_RV_ANNOTATIONS) | BIT(ATTR_RI_ANNOTATIONS) | \
                          BIT(ATTR_RV_TYPE_ANNOTATIONS) | BIT(ATTR_RI_TYPE_ANNOTATIONS))
#define FIELD_ATTRS (ANNOTATION_ATTRS | BIT(ATTR_CONSTANT_VALUE) | BIT(ATTR_SYNTHETIC) | \
                     BIT(ATTR_DEPRECATED) | BIT(ATTR_SIGNATURE))
#define METHOD_ATTRS (ANNOTATION_ATTRS | BIT(ATTR_CODE) | BIT(ATTR_EXCEPTIONS) | \
                      BIT(ATTR_SYNTHETIC) | BIT(ATTR_DEPRECATED) | BIT(ATTR_SIGNATURE) | \
                      BIT(ATTR_RV_PARAMETER_ANNOTATIONS) | BIT(ATTR_RI_PARAMETER_ANNOTATIONS) | \
                      BIT(ATTR_ANNOTATION_DEFAULT) | BIT(ATTR_METHOD_PARAMETERS))
#define CODE_ATTRS (BIT(ATTR_LINE_NUMBER_TABLE) | BIT(ATTR_LOCAL_VARIABLE_TABLE) | \
                    BIT(ATTR_LOCAL_VARIABLE_TYPE_TABLE) | BIT(ATTR_STACK_MAP_TABLE))
#define CLASS_ATTRS (ANNOTATION_ATTRS | BIT(ATTR_SOURCE_FILE) | BIT(ATTR_SOURCE_DEBUG_EXTENSION) | \
                     BIT(ATTR_INNER_CLASSES) | BIT(ATTR_ENCLOSING_METHOD) | BIT(ATTR_SYNTHETIC) | \
                     BIT(ATTR_DEPRECATED) | BIT(ATTR_SIGNATURE) | BIT(ATTR_BOOTSTRAP_METHODS) | \
                     BIT(ATTR_NEST_HOST) | BIT(ATTR_NEST_MEMBERS) | BIT(ATTR_RECORD) | \
                     BIT(ATTR_PERMITTED_SUBCLASSES))
#define RECORD_COMPONENT_ATTRS (ANNOTATION_ATTRS | BIT(ATTR_SIGNATURE))

typedef struct Attr {
    AttrId id;
    uint32_t len;
    Reader body;                    /* exactly the attribute's info[] bytes */
} Attr;

/* Which attribute `name` is, if it means something in `context` at this version. */
static AttrId attr_lookup(const Parser *P, const Symbol *name, uint32_t context) {
    for (int id = 1; id < ATTR_COUNT; id++) {
        const AttrInfo *a = &attr_info[id];
        if (a->len == name->len && memcmp(a->name, name->str, a->len) == 0)
            return (context & BIT(id)) && P->major >= a->since ? (AttrId)id : ATTR_UNKNOWN;
    }
    return ATTR_UNKNOWN;
}

/* Reads one attribute header and bounds its body.  `seen` collects the attributes met so
 * far in this place, to reject repeats of those that must be unique. */
static void read_attr(Reader *r, uint32_t context, uint32_t *seen, Attr *a) {
    Parser *P = r->P;
    uint16_t name_index = rd_u2(r);
    uint32_t len = rd_u4(r);
    Symbol *name = cp_symbol(&P->c->cp, name_index);
    if (!name) bad(P, "Invalid attribute name index %u in class file %s", name_index, P->cname);
    a->id = attr_lookup(P, name, context);
    a->len = len;
    a->body = sub_reader(r, len, &attr_info[a->id]);
    if (attr_info[a->id].repeatable) return;
    if (*seen & BIT(a->id))
        bad(P, "Multiple %s attributes in class file %s", attr_info[a->id].name, P->cname);
    *seen |= BIT(a->id);
}

static void expect_attr_len(Parser *P, const Attr *a, uint32_t len) {
    if (a->len != len)
        bad(P, "Wrong %s attribute length %u in class file %s", attr_info[a->id].name, a->len, P->cname);
}

/* An attribute kept verbatim. */
static Blob attr_blob(const Attr *a) {
    return (Blob){ a->len ? a->body.p : NULL, a->len };
}

/* Signature: one Utf8 index (its grammar is reflection's business). */
static Symbol *parse_signature(Parser *P, Attr *a) {
    expect_attr_len(P, a, 2);
    uint16_t i = rd_u2(&a->body);
    Symbol *sig = cp_symbol(&P->c->cp, i);
    if (!sig) bad(P, "Invalid Signature attribute at constant pool index %u in class file %s", i, P->cname);
    return sig;
}

/* Synthetic and Deprecated carry no data. */
static void parse_marker(Parser *P, const Attr *a) {
    expect_attr_len(P, a, 0);
}

/* ---------------------------------------------------------------- VM annotations */

/* A few annotations change what the VM does with a method or class.  They are found by
 * walking a RuntimeVisibleAnnotations blob with a cursor that never fails the parse:
 * HotSpot ignores malformed annotations for this purpose, and so do we, keeping whatever
 * was recognised before the damage. */

typedef struct Cursor {
    const uint8_t *p, *end;
} Cursor;

#define MAX_ANNOTATION_DEPTH 64

static bool cur_skip(Cursor *k, size_t n) {
    if ((size_t)(k->end - k->p) < n) return false;
    k->p += n;
    return true;
}

static bool cur_u2(Cursor *k, uint16_t *v) {
    if (k->end - k->p < 2) return false;
    *v = (uint16_t)(k->p[0] << 8 | k->p[1]);
    k->p += 2;
    return true;
}

static bool skip_annotation(Cursor *k, int depth);

static bool skip_element_value(Cursor *k, int depth) {
    if (k->p >= k->end) return false;
    uint16_t n;
    switch (*k->p++) {
    case 'B': case 'C': case 'D': case 'F': case 'I': case 'J': case 'S': case 'Z':
    case 's': case 'c':
        return cur_skip(k, 2);
    case 'e':
        return cur_skip(k, 4);
    case '@':
        return skip_annotation(k, depth + 1);
    case '[':
        if (depth >= MAX_ANNOTATION_DEPTH || !cur_u2(k, &n)) return false;
        while (n--)
            if (!skip_element_value(k, depth + 1)) return false;
        return true;
    default:
        return false;
    }
}

static bool skip_annotation(Cursor *k, int depth) {
    uint16_t type, npairs, name;
    if (depth >= MAX_ANNOTATION_DEPTH || !cur_u2(k, &type) || !cur_u2(k, &npairs)) return false;
    while (npairs--)
        if (!cur_u2(k, &name) || !skip_element_value(k, depth)) return false;
    return true;
}

typedef struct VmAnnotation {
    const char *type;               /* the annotation's descriptor */
    uint32_t flag;
} VmAnnotation;

static const VmAnnotation method_annotations[] = {
    { "Ljdk/internal/reflect/CallerSensitive;", MF_CALLER_SENSITIVE },
    { "Ljdk/internal/vm/annotation/ForceInline;", MF_FORCE_INLINE },
    { "Ljdk/internal/vm/annotation/Hidden;", MF_HIDDEN },
    { "Ljava/lang/invoke/LambdaForm$Hidden;", MF_HIDDEN },
    { "Ljava/lang/invoke/LambdaForm$Compiled;", MF_LF_COMPILED },
};

static const VmAnnotation class_annotations[] = {
    { "Ljdk/internal/ValueBased;", CF_VALUE_BASED },
};

/* The flags of the annotations in `table` that blob b contains. */
static uint32_t vm_annotation_flags(const Parser *P, Blob b, const VmAnnotation *table, size_t n) {
    if (!b.data) return 0;
    Cursor k = { b.data, b.data + b.len };
    uint32_t flags = 0;
    uint16_t count;
    if (!cur_u2(&k, &count)) return 0;
    while (count--) {
        const uint8_t *start = k.p;
        if (!skip_annotation(&k, 0)) break;
        Symbol *type = cp_symbol(&P->c->cp, (unsigned)(start[0] << 8 | start[1]));
        if (!type) break;
        for (size_t i = 0; i < n; i++)
            if (sym_eq_cstr(type, table[i].type)) flags |= table[i].flag;
    }
    return flags;
}

/* ---------------------------------------------------------------- duplicates */

typedef struct NamePair {
    const Symbol *name, *desc;
} NamePair;

typedef NamePair (*PairAt)(const void *items, size_t i);

/* The index of the first item whose (name, desc) equals an earlier item's, or -1.  An
 * open-addressed table over the symbols' own hashes keeps it linear. */
static long first_duplicate(const void *items, size_t n, PairAt at) {
    if (n < 2) return -1;
    size_t size = 16;
    while (size < 2 * n) size *= 2;
    uint32_t *table = vm_calloc(size, sizeof *table);     /* item index + 1; 0 is empty */
    long dup = -1;
    for (size_t i = 0; i < n && dup < 0; i++) {
        NamePair p = at(items, i);
        size_t h = (p.name->hash * 31u + (p.desc ? p.desc->hash : 0)) & (size - 1);
        for (; table[h]; h = (h + 1) & (size - 1)) {
            NamePair q = at(items, table[h] - 1);
            if (q.name == p.name && q.desc == p.desc) {
                dup = (long)i;
                break;
            }
        }
        if (dup < 0) table[h] = (uint32_t)i + 1;
    }
    vm_free(table);
    return dup;
}

static NamePair field_pair(const void *items, size_t i) {
    const Field *f = (const Field *)items + i;
    return (NamePair){ f->name, f->desc };
}

static NamePair method_pair(const void *items, size_t i) {
    const Method *m = (const Method *)items + i;
    return (NamePair){ m->name, m->desc };
}

static NamePair name_pair(const void *items, size_t i) {
    return (NamePair){ ((Symbol *const *)items)[i], NULL };
}

/* A descriptor with '/' shown as '.', as HotSpot prints signatures in these messages. */
static const char *dotted(const Symbol *s, char *buf, size_t n) {
    size_t i = 0;
    for (; i + 1 < n && s->str[i]; i++) buf[i] = s->str[i] == '/' ? '.' : s->str[i];
    buf[i] = '\0';
    return buf;
}

/* ---------------------------------------------------------------- header */

bool cf_enable_preview;

static void check_version(Parser *P, uint16_t major, uint16_t minor) {
    if (major < MIN_MAJOR)
        fail(P, CFE_VERSION, "%s (class file version %u.%u) was compiled with an invalid major version",
             P->cname, major, minor);
    if (major > MAX_MAJOR)
        fail(P, CFE_VERSION, "%s has been compiled by a more recent version of the Java Runtime "
             "(class file version %u.%u), this version of the Java Runtime only recognizes "
             "class file versions up to %u.0", P->cname, major, minor, MAX_MAJOR);
    if (major < 56 || minor == 0) return;       /* from 56, the minor version means preview */
    if (minor != PREVIEW_MINOR)
        fail(P, CFE_VERSION, "%s (class file version %u.%u) was compiled with an invalid non-zero "
             "minor version", P->cname, major, minor);
    if (major != MAX_MAJOR)
        fail(P, CFE_VERSION, "%s (class file version %u.%u) was compiled with preview features that "
             "are unsupported. This version of the Java Runtime only recognizes preview features "
             "for class file version %u.%u", P->cname, major, minor, MAX_MAJOR, PREVIEW_MINOR);
    if (cf_enable_preview) return;
    fail(P, CFE_VERSION, "Preview features are not enabled for %s (class file version %u.%u). "
         "Try running with '--enable-preview'", P->cname, major, minor);
}

static void parse_magic_and_version(Parser *P, Reader *r) {
    need(r, 8);
    uint32_t magic = rd_u4(r);
    if (magic != CLASSFILE_MAGIC)
        bad(P, "Incompatible magic value %u in class file %s", magic, P->cname);
    P->c->minor = rd_u2(r);
    P->c->major = P->major = rd_u2(r);
    check_version(P, P->c->major, P->c->minor);
}

/* ---------------------------------------------------------------- constant pool: entries */

/* The first class-file version in which each tag may appear; 0 for unknown tags. */
static const uint8_t tag_since[] = {
    [JVM_CONSTANT_Utf8] = 45, [JVM_CONSTANT_Integer] = 45, [JVM_CONSTANT_Float] = 45,
    [JVM_CONSTANT_Long] = 45, [JVM_CONSTANT_Double] = 45, [JVM_CONSTANT_Class] = 45,
    [JVM_CONSTANT_String] = 45, [JVM_CONSTANT_Fieldref] = 45, [JVM_CONSTANT_Methodref] = 45,
    [JVM_CONSTANT_InterfaceMethodref] = 45, [JVM_CONSTANT_NameAndType] = 45,
    [JVM_CONSTANT_MethodHandle] = 51, [JVM_CONSTANT_MethodType] = 51, [JVM_CONSTANT_Dynamic] = 55,
    [JVM_CONSTANT_InvokeDynamic] = 51, [JVM_CONSTANT_Module] = 53, [JVM_CONSTANT_Package] = 53,
};

static void check_tag(Parser *P, uint8_t tag) {
    bool module_only = tag == JVM_CONSTANT_Module || tag == JVM_CONSTANT_Package;
    if (tag >= ARRAY_LEN(tag_since) || tag_since[tag] == 0 || (module_only && P->major < 53))
        bad(P, "Unknown constant tag %u in class file %s", tag, P->cname);
    if (P->major < tag_since[tag])
        bad(P, "Class file version does not support constant tag %u in class file %s", tag, P->cname);
    if (module_only && !P->module_tag) P->module_tag = tag;
}

static Symbol *read_utf8(Parser *P, Reader *r) {
    uint16_t len = rd_u2(r);
    const uint8_t *s = rd_bytes(r, len);
    if (!valid_modified_utf8(s, len, P->major <= 47))
        bad(P, "Illegal UTF8 string in constant pool in class file %s", P->cname);
    return sym_intern((const char *)s, len);
}

/* Pass 1: reads every entry, keeping its operands unchecked. */
static void read_cp_entries(Parser *P, Reader *r) {
    ConstantPool *cp = &P->c->cp;
    for (unsigned i = 1; i < cp->count; i++) {
        uint8_t tag = rd_u1(r);
        CPEntry *e = &cp->e[i];
        check_tag(P, tag);
        cp->tags[i] = tag;
        switch (tag) {
        case JVM_CONSTANT_Utf8:
            e->utf8 = read_utf8(P, r);
            break;
        case JVM_CONSTANT_Integer:
            e->i = (jint)rd_u4(r);
            break;
        case JVM_CONSTANT_Float: {
            uint32_t bits = rd_u4(r);
            memcpy(&e->f, &bits, sizeof bits);
            break;
        }
        case JVM_CONSTANT_Long: case JVM_CONSTANT_Double: {
            if (i + 1 >= cp->count) bad(P, "Invalid constant pool entry %u in class file %s", i, P->cname);
            uint64_t hi = rd_u4(r), lo = rd_u4(r), bits = hi << 32 | lo;
            memcpy(&e->j, &bits, sizeof bits);          /* e->d shares the storage */
            i++;                                        /* the next index is unusable */
            break;
        }
        case JVM_CONSTANT_MethodHandle:
            e->ref.a = rd_u1(r);
            e->ref.b = rd_u2(r);
            break;
        case JVM_CONSTANT_Class: case JVM_CONSTANT_String: case JVM_CONSTANT_MethodType:
        case JVM_CONSTANT_Module: case JVM_CONSTANT_Package:
            e->ref.a = rd_u2(r);
            break;
        default:                                        /* the two-index kinds */
            e->ref.a = rd_u2(r);
            e->ref.b = rd_u2(r);
            if ((tag == JVM_CONSTANT_Dynamic || tag == JVM_CONSTANT_InvokeDynamic) &&
                e->ref.a > P->max_bsm_index)
                P->max_bsm_index = e->ref.a;
            break;
        }
    }
}

/* Module and Package entries may only appear in a module-info class.  HotSpot reports
 * them once it has seen the access flags, which follow the pool; peek at those now. */
static void check_module_entries(Parser *P, const Reader *r) {
    Reader peek = *r;
    if (P->module_tag && !(rd_u2(&peek) & JVM_ACC_MODULE))
        bad(P, "Unknown constant tag %u in class file %s", P->module_tag, P->cname);
}

/* ---------------------------------------------------------------- constant pool: references */

static void need_ref(Parser *P, unsigned i, int tag) {
    if (!cp_is(&P->c->cp, i, tag)) bad(P, "Invalid constant pool index %u in class file %s", i, P->cname);
}

/* A MethodHandle's reference_kind decides what it must point at (JVMS 4.4.8). */
static void check_method_handle_ref(Parser *P, unsigned i) {
    const ConstantPool *cp = &P->c->cp;
    unsigned kind = cp->e[i].ref.a, ref = cp->e[i].ref.b;
    int tag = ref != 0 && ref < cp->count ? cp->tags[ref] : 0;
    if (ref == 0 || ref >= cp->count) bad(P, "Invalid constant pool index %u in class file %s", ref, P->cname);
    switch (kind) {
    case JVM_REF_getField: case JVM_REF_getStatic: case JVM_REF_putField: case JVM_REF_putStatic:
        if (tag != JVM_CONSTANT_Fieldref)
            bad(P, "Invalid constant pool index %u in class file %s (not a field)", ref, P->cname);
        break;
    case JVM_REF_invokeVirtual: case JVM_REF_newInvokeSpecial:
        if (tag != JVM_CONSTANT_Methodref)
            bad(P, "Invalid constant pool index %u in class file %s (not a method)", ref, P->cname);
        break;
    case JVM_REF_invokeStatic: case JVM_REF_invokeSpecial:
        if (tag != JVM_CONSTANT_Methodref && !(P->major >= 52 && tag == JVM_CONSTANT_InterfaceMethodref))
            bad(P, "Invalid constant pool index %u in class file %s (not a method)", ref, P->cname);
        break;
    case JVM_REF_invokeInterface:
        if (tag != JVM_CONSTANT_InterfaceMethodref)
            bad(P, "Invalid constant pool index %u in class file %s (not an interface method)", ref, P->cname);
        break;
    default:
        bad(P, "Bad method handle kind at constant pool index %u in class file %s", i, P->cname);
    }
}

static bool is_object_valued(int tag) {
    return tag == JVM_CONSTANT_String || tag == JVM_CONSTANT_MethodType ||
           tag == JVM_CONSTANT_MethodHandle || tag == JVM_CONSTANT_Dynamic;
}

/* Pass 2: every index an entry holds points at an entry of the right kind.  Entries whose
 * values are heap objects get their slots in objs[]. */
static void check_cp_refs(Parser *P) {
    ConstantPool *cp = &P->c->cp;
    unsigned nobjs = 0;
    for (unsigned i = 1; i < cp->count; i++) {
        const CPEntry *e = &cp->e[i];
        int tag = cp->tags[i];
        switch (tag) {
        case JVM_CONSTANT_Class: case JVM_CONSTANT_String: case JVM_CONSTANT_MethodType:
        case JVM_CONSTANT_Module: case JVM_CONSTANT_Package:
            need_ref(P, e->ref.a, JVM_CONSTANT_Utf8);
            break;
        case JVM_CONSTANT_Fieldref: case JVM_CONSTANT_Methodref: case JVM_CONSTANT_InterfaceMethodref:
            need_ref(P, e->ref.a, JVM_CONSTANT_Class);
            need_ref(P, e->ref.b, JVM_CONSTANT_NameAndType);
            break;
        case JVM_CONSTANT_NameAndType:
            need_ref(P, e->ref.a, JVM_CONSTANT_Utf8);
            need_ref(P, e->ref.b, JVM_CONSTANT_Utf8);
            break;
        case JVM_CONSTANT_Dynamic: case JVM_CONSTANT_InvokeDynamic:
            need_ref(P, e->ref.b, JVM_CONSTANT_NameAndType);   /* ref.a: checked with the attribute */
            break;
        case JVM_CONSTANT_MethodHandle:
            check_method_handle_ref(P, i);
            break;
        case JVM_CONSTANT_Long: case JVM_CONSTANT_Double:
            i++;
            break;
        default:
            break;
        }
        if (is_object_valued(tag)) cp->e[i].obj = (uint16_t)nobjs++;
    }
    cp->nobjs = (uint16_t)nobjs;
    cp->objs = arena_array(P, nobjs, sizeof *cp->objs);
    cp->errors = arena_array(P, nobjs, sizeof *cp->errors);
}

/* ---------------------------------------------------------------- constant pool: names */

static void check_name_and_type(Parser *P, const Symbol *name, const Symbol *desc) {
    BasicType ret;
    if (is_method_desc(desc)) {
        check_method_name(P, name);
        check_method_sig(P, name, desc, &ret);
    } else {
        check_field_name(P, name);
        check_field_desc(P, name, desc);
    }
}

/* A member reference's descriptor must be of its kind; its NameAndType was checked alone. */
static void check_member_ref(Parser *P, unsigned i) {
    const ConstantPool *cp = &P->c->cp;
    int tag = cp->tags[i];
    unsigned name_index = cp->e[cp->e[i].ref.b].ref.a;
    const Symbol *name = cp_member_name(cp, (uint16_t)i), *desc = cp_member_desc(cp, (uint16_t)i);
    if (tag == JVM_CONSTANT_Fieldref && is_method_desc(desc))
        illegal_signature(P, "Field", name->str, desc);
    if (tag == JVM_CONSTANT_Dynamic && is_method_desc(desc))
        illegal_signature(P, "CONSTANT_Dynamic", name->str, desc);
    if ((tag == JVM_CONSTANT_Methodref || tag == JVM_CONSTANT_InterfaceMethodref ||
         tag == JVM_CONSTANT_InvokeDynamic) && !is_method_desc(desc))
        illegal_signature(P, "Method", name->str, desc);
    if (tag == JVM_CONSTANT_Methodref && name->str[0] == '<' && name != sym_init)
        bad(P, "Bad method name at constant pool index %u in class file %s", name_index, P->cname);
}

/* Method handles to methods: only newInvokeSpecial may (and must) name <init>. */
static void check_method_handle_name(Parser *P, unsigned i) {
    const ConstantPool *cp = &P->c->cp;
    unsigned kind = cp->e[i].ref.a, ref = cp->e[i].ref.b;
    if (kind < JVM_REF_invokeVirtual || kind > JVM_REF_newInvokeSpecial) return;
    unsigned name_index = cp->e[cp->e[ref].ref.b].ref.a;
    const Symbol *name = cp->e[name_index].utf8;
    if (kind == JVM_REF_newInvokeSpecial && name != sym_init)
        bad(P, "Bad constructor name at constant pool index %u in class file %s", name_index, P->cname);
    if (kind != JVM_REF_newInvokeSpecial && name == sym_init)
        bad(P, "Bad method name at constant pool index %u in class file %s", name_index, P->cname);
}

/* Pass 3: the names and descriptors the references lead to. */
static void check_cp_names(Parser *P) {
    const ConstantPool *cp = &P->c->cp;
    BasicType ret;
    for (unsigned i = 1; i < cp->count; i++) {
        const CPEntry *e = &cp->e[i];
        switch (cp->tags[i]) {
        case JVM_CONSTANT_Class:
            check_class_name(P, cp->e[e->ref.a].utf8);
            break;
        case JVM_CONSTANT_NameAndType:
            check_name_and_type(P, cp->e[e->ref.a].utf8, cp->e[e->ref.b].utf8);
            break;
        case JVM_CONSTANT_Fieldref: case JVM_CONSTANT_Methodref: case JVM_CONSTANT_InterfaceMethodref:
        case JVM_CONSTANT_Dynamic: case JVM_CONSTANT_InvokeDynamic:
            check_member_ref(P, i);
            break;
        case JVM_CONSTANT_MethodHandle:
            check_method_handle_name(P, i);
            break;
        case JVM_CONSTANT_MethodType:
            check_method_sig(P, NULL, cp->e[e->ref.a].utf8, &ret);
            break;
        default:
            break;
        }
    }
}

static void parse_constant_pool(Parser *P, Reader *r) {
    ConstantPool *cp = &P->c->cp;
    cp->count = rd_u2(r);
    if (cp->count == 0) bad(P, "Illegal constant pool size %u in class file %s", cp->count, P->cname);
    cp->tags = arena_alloc(P, cp->count);
    cp->e = arena_alloc(P, cp->count * sizeof *cp->e);
    read_cp_entries(P, r);
    check_module_entries(P, r);
    check_cp_refs(P);
    check_cp_names(P);
}

/* ---------------------------------------------------------------- class flags, this, super */

static bool has_illegal_visibility(unsigned flags) {
    unsigned v = flags & (JVM_ACC_PUBLIC | JVM_ACC_PROTECTED | JVM_ACC_PRIVATE);
    return v & (v - 1);                         /* more than one of them */
}

/* The recognised part of a class's (or inner class's) flags, checked per JVMS 4.1. */
static uint16_t class_flags(Parser *P, uint16_t raw, unsigned recognized) {
    unsigned flags = raw & recognized;
    if ((flags & JVM_ACC_INTERFACE) && P->major < 50) flags |= JVM_ACC_ABSTRACT;
    if (flags & JVM_ACC_MODULE) return (uint16_t)flags;    /* module-info: the loader rejects it */
    bool is_interface = flags & JVM_ACC_INTERFACE, is_abstract = flags & JVM_ACC_ABSTRACT;
    bool java5 = P->major >= 49;
    if ((is_abstract && (flags & JVM_ACC_FINAL)) || (is_interface && !is_abstract) ||
        (is_interface && java5 && (flags & (JVM_ACC_SUPER | JVM_ACC_ENUM))) ||
        (!is_interface && java5 && (flags & JVM_ACC_ANNOTATION)))
        bad(P, "Illegal class modifiers in class %s: 0x%X", P->cname, flags);
    return (uint16_t)flags;
}

static void parse_access_flags(Parser *P, Reader *r) {
    unsigned recognized = CLASS_MODIFIERS | (P->major >= 53 ? JVM_ACC_MODULE : 0);
    P->c->access = class_flags(P, rd_u2(r), recognized);
    P->is_interface = P->c->access & JVM_ACC_INTERFACE;
}

static void parse_this_class(Parser *P, Reader *r, const Symbol *expected) {
    Class *c = P->c;
    uint16_t i = rd_u2(r);
    if (!cp_is_class(&c->cp, i))
        bad(P, "Invalid this class index %u in constant pool in class file %s", i, P->cname);
    Symbol *name = cp_class_name(&c->cp, i);
    if (name->str[0] == '[') bad(P, "Bad class name in class file %s", P->cname);
    if (expected && name != expected && !(P->flags & CFP_HIDDEN))
        fail(P, CFE_NO_CLASS_DEF, "%s (wrong name: %s)", expected->str, name->str);
    /* a hidden class takes the name it is defined with, whatever its bytes say (the JDK
     * defines one template class under many names) */
    if (expected && (P->flags & CFP_HIDDEN)) name = (Symbol *)expected;
    c->name = name;
    c->this_class = i;
    P->cname = name->str;
}

static void parse_super_class(Parser *P, Reader *r) {
    Class *c = P->c;
    uint16_t i = rd_u2(r);
    if (i == 0) {
        if (c->name != sym_java_lang_Object && !(c->access & JVM_ACC_MODULE))
            bad(P, "Invalid superclass index %u in class file %s", i, P->cname);
        return;
    }
    if (!cp_is_class(&c->cp, i)) bad(P, "Invalid superclass index %u in class file %s", i, P->cname);
    c->super_name = cp_class_name(&c->cp, i);
    if (c->super_name->str[0] == '[') bad(P, "Bad superclass name in class file %s", P->cname);
}

static void parse_interfaces(Parser *P, Reader *r) {
    Class *c = P->c;
    c->ninterfaces = rd_u2(r);
    c->interface_names = arena_array(P, c->ninterfaces, sizeof(Symbol *));
    for (unsigned n = 0; n < c->ninterfaces; n++) {
        uint16_t i = rd_u2(r);
        if (!cp_is_class(&c->cp, i))
            bad(P, "Interface name has bad constant pool index %u in class file %s", i, P->cname);
        Symbol *name = cp_class_name(&c->cp, i);
        if (name->str[0] == '[') bad(P, "Bad interface name in class file %s", P->cname);
        c->interface_names[n] = name;
    }
    long dup = first_duplicate(c->interface_names, c->ninterfaces, name_pair);
    if (dup >= 0)
        bad(P, "Duplicate interface name \"%s\" in class file %s", c->interface_names[dup]->str, P->cname);
}

/* ---------------------------------------------------------------- fields */

static void check_field_flags(Parser *P, unsigned flags) {
    bool illegal;
    if (P->is_interface) {
        unsigned required = JVM_ACC_PUBLIC | JVM_ACC_STATIC | JVM_ACC_FINAL;
        unsigned forbidden = JVM_ACC_PRIVATE | JVM_ACC_PROTECTED | JVM_ACC_VOLATILE |
                             JVM_ACC_TRANSIENT | (P->major >= 49 ? JVM_ACC_ENUM : 0);
        illegal = (flags & required) != required || (flags & forbidden);
    } else {
        illegal = has_illegal_visibility(flags) ||
                  ((flags & JVM_ACC_FINAL) && (flags & JVM_ACC_VOLATILE));
    }
    if (illegal) bad(P, "Illegal field modifiers in class %s: 0x%X", P->cname, flags);
}

/* ConstantValue: the constant must suit the field's type (JVMS 4.7.2). */
static uint16_t parse_constant_value(Parser *P, Attr *a, const Field *f) {
    const ConstantPool *cp = &P->c->cp;
    expect_attr_len(P, a, 2);
    uint16_t i = rd_u2(&a->body);
    if (i == 0 || i >= cp->count)
        bad(P, "Bad initial value index %u in ConstantValue attribute in class file %s", i, P->cname);
    int tag = cp->tags[i];
    bool ok;
    switch (f->type) {
    case T_LONG: ok = tag == JVM_CONSTANT_Long; break;
    case T_FLOAT: ok = tag == JVM_CONSTANT_Float; break;
    case T_DOUBLE: ok = tag == JVM_CONSTANT_Double; break;
    case T_BYTE: case T_CHAR: case T_SHORT: case T_BOOLEAN: case T_INT:
        ok = tag == JVM_CONSTANT_Integer;
        break;
    case T_OBJECT:
        if (!sym_eq_cstr(f->desc, "Ljava/lang/String;") || tag != JVM_CONSTANT_String)
            bad(P, "Bad string initial value in class file %s", P->cname);
        ok = true;
        break;
    default:
        bad(P, "Unable to set initial value %u in class file %s", i, P->cname);
    }
    if (!ok) bad(P, "Inconsistent constant value type in class file %s", P->cname);
    return i;
}

static void parse_field_attrs(Parser *P, Reader *r, Field *f) {
    uint32_t context = FIELD_ATTRS, seen = 0;
    if (!field_is_static(f)) context &= ~BIT(ATTR_CONSTANT_VALUE);     /* ignored on instance fields */
    for (unsigned n = rd_u2(r); n > 0; n--) {
        Attr a;
        read_attr(r, context, &seen, &a);
        switch (a.id) {
        case ATTR_CONSTANT_VALUE: f->const_index = parse_constant_value(P, &a, f); break;
        case ATTR_SYNTHETIC: parse_marker(P, &a); f->access |= JVM_ACC_SYNTHETIC; break;
        case ATTR_DEPRECATED: parse_marker(P, &a); break;
        case ATTR_SIGNATURE: f->signature = parse_signature(P, &a); break;
        case ATTR_RV_ANNOTATIONS: f->annotations = attr_blob(&a); break;
        case ATTR_RV_TYPE_ANNOTATIONS: f->type_annotations = attr_blob(&a); break;
        default: break;
        }
    }
}

static void parse_field(Parser *P, Reader *r, Field *f, uint16_t index) {
    const ConstantPool *cp = &P->c->cp;
    unsigned flags = rd_u2(r) & FIELD_MODIFIERS;
    check_field_flags(P, flags);
    uint16_t name_index = rd_u2(r);
    if (!(f->name = cp_symbol(cp, name_index)))
        bad(P, "Invalid constant pool index %u for field name in class file %s", name_index, P->cname);
    check_field_name(P, f->name);
    uint16_t desc_index = rd_u2(r);
    if (!(f->desc = cp_symbol(cp, desc_index)))
        bad(P, "Invalid constant pool index %u for field signature in class file %s", desc_index, P->cname);
    check_field_desc(P, f->name, f->desc);
    f->holder = P->c;
    f->access = (uint16_t)flags;
    f->index = index;
    f->type = (uint8_t)bt_from_char(f->desc->str[0]);
    parse_field_attrs(P, r, f);
}

static void parse_fields(Parser *P, Reader *r) {
    Class *c = P->c;
    c->nfields = rd_u2(r);
    c->fields = arena_array(P, c->nfields, sizeof *c->fields);
    for (uint16_t i = 0; i < c->nfields; i++) parse_field(P, r, &c->fields[i], i);
    long dup = first_duplicate(c->fields, c->nfields, field_pair);
    if (dup >= 0) {
        char sig[256];
        bad(P, "Duplicate field name \"%s\" with signature \"%s\" in class file %s",
            c->fields[dup].name->str, dotted(c->fields[dup].desc, sig, sizeof sig), P->cname);
    }
}

/* ---------------------------------------------------------------- methods: flags */

static void check_method_flags(Parser *P, unsigned flags, const Symbol *name) {
    bool is_public = flags & JVM_ACC_PUBLIC, is_private = flags & JVM_ACC_PRIVATE;
    bool is_abstract = flags & JVM_ACC_ABSTRACT;
    bool java5 = P->major >= 49, java8 = P->major >= 52, java17 = P->major >= 61;
    unsigned strict = (!java17 && (flags & JVM_ACC_STRICT)) ? JVM_ACC_STRICT : 0;
    bool illegal;
    if (P->is_interface && java8) {
        illegal = is_public == is_private ||
                  (flags & (JVM_ACC_NATIVE | JVM_ACC_PROTECTED | JVM_ACC_FINAL | JVM_ACC_SYNCHRONIZED)) ||
                  (is_abstract && (is_private || (flags & JVM_ACC_STATIC) || strict));
    } else if (P->is_interface && java5) {
        illegal = !is_public || !is_abstract ||
                  (flags & (JVM_ACC_PRIVATE | JVM_ACC_PROTECTED | JVM_ACC_STATIC | JVM_ACC_FINAL |
                            JVM_ACC_SYNCHRONIZED | JVM_ACC_NATIVE | JVM_ACC_STRICT));
    } else if (P->is_interface) {
        illegal = !is_public || !is_abstract ||
                  (flags & (JVM_ACC_STATIC | JVM_ACC_FINAL | JVM_ACC_NATIVE));
    } else if (has_illegal_visibility(flags)) {
        illegal = true;
    } else if (name == sym_init) {
        illegal = (flags & (JVM_ACC_STATIC | JVM_ACC_FINAL | JVM_ACC_SYNCHRONIZED | JVM_ACC_NATIVE |
                            JVM_ACC_ABSTRACT)) || (java5 && (flags & JVM_ACC_BRIDGE));
    } else {
        illegal = is_abstract &&
                  ((flags & (JVM_ACC_FINAL | JVM_ACC_NATIVE | JVM_ACC_PRIVATE | JVM_ACC_STATIC)) ||
                   (java5 && ((flags & JVM_ACC_SYNCHRONIZED) || strict)));
    }
    if (illegal)
        bad(P, "Method %s in class %s has illegal modifiers: 0x%X", name->str, P->cname, flags);
}

/* The flags a method keeps.  <clinit>'s are mostly ignored (JVMS 4.6). */
static uint16_t method_flags(Parser *P, unsigned raw, const Symbol *name) {
    if (name == sym_clinit) {
        if (P->major < 51) return JVM_ACC_STATIC;
        if (!(raw & JVM_ACC_STATIC)) bad(P, "Method <clinit> is not static in class file %s", P->cname);
        return (uint16_t)(raw & (JVM_ACC_STATIC | (P->major <= 60 ? JVM_ACC_STRICT : 0)));
    }
    check_method_flags(P, raw, name);
    return (uint16_t)(raw & METHOD_MODIFIERS);
}

/* ---------------------------------------------------------------- methods: bytecode */

/* Instruction lengths by opcode, one character each: a digit is the length, 'S' a switch
 * (padded, variable), 'W' the wide prefix, '0' not an opcode a class file may contain. */
static const char opcode_lengths[256 + 1] =
    "1111111111111111" "2323322222111111" "1111111111111111" "1111112222211111"   /* 00-3f */
    "1111111111111111" "1111111111111111" "1111111111111111" "1111111111111111"   /* 40-7f */
    "1111311111111111" "1111111113333333" "3333333332SS1111" "1133333335532311"   /* 80-bf */
    "3311W43355000000" "0000000000000000" "0000000000000000" "0000000000000000";  /* c0-ff */

enum { OP_ILOAD = 0x15, OP_ALOAD = 0x19, OP_ISTORE = 0x36, OP_ASTORE = 0x3a, OP_IINC = 0x84,
       OP_JSR = 0xa8, OP_RET = 0xa9, OP_TABLESWITCH = 0xaa, OP_RETURN = 0xb1, OP_WIDE = 0xc4,
       OP_JSR_W = 0xc9 };

static int32_t be_s4(const uint8_t *p) {
    return (int32_t)((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]);
}

/* Length of a tableswitch or lookupswitch at pc, 0 if its operands make no sense. */
static uint64_t switch_length(const uint8_t *code, uint32_t pc, uint32_t len) {
    uint32_t operands = (pc + 4) & ~3u;         /* after 0-3 bytes of padding */
    if (code[pc] == OP_TABLESWITCH) {
        if ((uint64_t)operands + 12 > len) return 0;
        int64_t low = be_s4(code + operands + 4), high = be_s4(code + operands + 8);
        if (low > high) return 0;
        return operands - pc + 12 + 4 * (uint64_t)(high - low + 1);
    }
    if ((uint64_t)operands + 8 > len) return 0;
    int32_t npairs = be_s4(code + operands + 4);
    if (npairs < 0) return 0;
    return operands - pc + 8 + 8 * (uint64_t)npairs;
}

/* Length of the wide instruction at pc, 0 if it widens nothing widenable. */
static uint64_t wide_length(const uint8_t *code, uint32_t pc, uint32_t len) {
    if (pc + 1 >= len) return 0;
    uint8_t op = code[pc + 1];
    if (op == OP_IINC) return 6;
    if ((op >= OP_ILOAD && op <= OP_ALOAD) || (op >= OP_ISTORE && op <= OP_ASTORE) || op == OP_RET)
        return 4;
    return 0;
}

/* Length of the instruction at pc, 0 if it is not one or does not fit in the code. */
static uint64_t instruction_length(const uint8_t *code, uint32_t pc, uint32_t len) {
    uint64_t n;
    switch (opcode_lengths[code[pc]]) {
    case '0': return 0;
    case 'S': n = switch_length(code, pc, len); break;
    case 'W': n = wide_length(code, pc, len); break;
    default: n = (uint64_t)(opcode_lengths[code[pc]] - '0'); break;
    }
    return n && pc + n <= len ? n : 0;
}

/* Walks the instructions, rejecting code that does not decode, and notes jsr/ret. */
static void scan_bytecode(Parser *P, Method *m) {
    for (uint32_t pc = 0; pc < m->code_len; ) {
        uint8_t op = m->code[pc];
        uint64_t n = instruction_length(m->code, pc, m->code_len);
        if (!n)
            bad(P, "Illegal instruction at offset %u in method %s%s in class file %s",
                pc, m->name->str, m->desc->str, P->cname);
        if (op == OP_JSR || op == OP_JSR_W || op == OP_RET || (op == OP_WIDE && m->code[pc + 1] == OP_RET))
            m->flags |= MF_HAS_JSR;
        pc += (uint32_t)n;
    }
}

/* ---------------------------------------------------------------- methods: Code */

static void parse_exception_table(Parser *P, Reader *r, Method *m) {
    m->nexc = rd_u2(r);
    m->exc = arena_array(P, m->nexc, sizeof *m->exc);
    for (unsigned i = 0; i < m->nexc; i++) {
        ExceptionEntry *x = &m->exc[i];
        x->start_pc = rd_u2(r);
        x->end_pc = rd_u2(r);
        x->handler_pc = rd_u2(r);
        x->catch_type = rd_u2(r);
        if (x->start_pc >= x->end_pc || x->end_pc > m->code_len)
            bad(P, "Illegal exception table range in class file %s", P->cname);
        if (x->handler_pc >= m->code_len)
            bad(P, "Illegal exception table handler in class file %s", P->cname);
        if (x->catch_type != 0 && !cp_is_class(&P->c->cp, x->catch_type))
            bad(P, "Catch type in exception table has bad constant type in class file %s", P->cname);
    }
}

static void parse_line_numbers(Parser *P, Attr *a, Method *m) {
    for (unsigned n = rd_u2(&a->body); n > 0; n--) {
        LineEntry *e = &m->lines[m->nlines++];
        e->start_pc = rd_u2(&a->body);
        e->line = rd_u2(&a->body);
        if (e->start_pc >= m->code_len) bad(P, "Invalid pc in LineNumberTable in class file %s", P->cname);
    }
    expect_end(&a->body);
}

/* LocalVariableTable and LocalVariableTypeTable share a layout; the latter holds generic
 * signatures, which are not checked here. */
static void parse_local_vars(Parser *P, Attr *a, Method *m, bool type_table) {
    const char *what = attr_info[a->id].name;
    LocalVarEntry *table = type_table ? m->lvtt : m->lvt;
    uint16_t *count = type_table ? &m->nlvtt : &m->nlvt;
    for (unsigned n = rd_u2(&a->body); n > 0; n--) {
        LocalVarEntry *e = &table[(*count)++];
        e->start_pc = rd_u2(&a->body);
        e->length = rd_u2(&a->body);
        uint16_t name_index = rd_u2(&a->body), desc_index = rd_u2(&a->body);
        e->slot = rd_u2(&a->body);
        if (e->start_pc >= m->code_len)
            bad(P, "Invalid start_pc %u in %s in class file %s", e->start_pc, what, P->cname);
        if ((uint32_t)e->start_pc + e->length > m->code_len)
            bad(P, "Invalid length %u in %s in class file %s", e->length, what, P->cname);
        if (!(e->name = cp_symbol(&P->c->cp, name_index)))
            bad(P, "Name index %u in %s has bad constant type in class file %s", name_index, what, P->cname);
        if (!(e->desc = cp_symbol(&P->c->cp, desc_index)))
            bad(P, "Signature index %u in %s has bad constant type in class file %s", desc_index, what, P->cname);
        check_field_name(P, e->name);
        unsigned width = 1;
        if (!type_table) {
            check_field_desc(P, e->name, e->desc);
            width = sym_eq_cstr(e->desc, "J") || sym_eq_cstr(e->desc, "D") ? 2 : 1;
        }
        if ((uint32_t)e->slot + width > m->max_locals)
            bad(P, "Invalid index %u in %s in class file %s", e->slot, what, P->cname);
    }
    expect_end(&a->body);
}

/* A method may carry several line-number and local-variable tables, which concatenate.
 * Their sizes are counted first, so that each array is allocated once at its full size. */
static void size_code_tables(Parser *P, Reader r, Method *m) {
    size_t total[ATTR_COUNT] = { 0 };
    uint32_t seen = 0;
    for (unsigned n = rd_u2(&r); n > 0; n--) {
        Attr a;
        read_attr(&r, CODE_ATTRS, &seen, &a);
        if (a.id != ATTR_STACK_MAP_TABLE && a.id != ATTR_UNKNOWN && a.len >= 2)
            total[a.id] += rd_u2(&a.body);
    }
    for (int id = ATTR_LINE_NUMBER_TABLE; id <= ATTR_LOCAL_VARIABLE_TYPE_TABLE; id++)
        if (total[id] > UINT16_MAX)
            bad(P, "Too many %s entries in class file %s", attr_info[id].name, P->cname);
    m->lines = arena_array(P, total[ATTR_LINE_NUMBER_TABLE], sizeof *m->lines);
    m->lvt = arena_array(P, total[ATTR_LOCAL_VARIABLE_TABLE], sizeof *m->lvt);
    m->lvtt = arena_array(P, total[ATTR_LOCAL_VARIABLE_TYPE_TABLE], sizeof *m->lvtt);
}

static void parse_code_attrs(Parser *P, Reader *r, Method *m) {
    size_code_tables(P, *r, m);
    uint32_t seen = 0;
    for (unsigned n = rd_u2(r); n > 0; n--) {
        Attr a;
        read_attr(r, CODE_ATTRS, &seen, &a);
        switch (a.id) {
        case ATTR_LINE_NUMBER_TABLE: parse_line_numbers(P, &a, m); break;
        case ATTR_LOCAL_VARIABLE_TABLE: parse_local_vars(P, &a, m, false); break;
        case ATTR_LOCAL_VARIABLE_TYPE_TABLE: parse_local_vars(P, &a, m, true); break;
        case ATTR_STACK_MAP_TABLE: m->stack_map = attr_blob(&a); break;
        default: break;
        }
    }
}

static void parse_code(Parser *P, Attr *a, Method *m) {
    Reader *r = &a->body;
    if (m->access & (JVM_ACC_NATIVE | JVM_ACC_ABSTRACT))
        bad(P, "Code attribute in native or abstract methods in class file %s", P->cname);
    m->max_stack = rd_u2(r);
    m->max_locals = rd_u2(r);
    uint32_t len = rd_u4(r);
    if (m->arg_slots > m->max_locals) bad(P, "Arguments can't fit into locals in class file %s", P->cname);
    if (len == 0 || len > MAX_CODE_LENGTH) bad(P, "Invalid method Code length %u in class file %s", len, P->cname);
    m->code = owned(P, rd_bytes(r, len));
    m->code_len = len;
    parse_exception_table(P, r, m);
    parse_code_attrs(P, r, m);
    expect_end(r);
    scan_bytecode(P, m);
}

/* ---------------------------------------------------------------- methods: other attributes */

static void parse_exceptions(Parser *P, Attr *a, Method *m) {
    m->nthrows = rd_u2(&a->body);
    m->throws = arena_array(P, m->nthrows, sizeof *m->throws);
    for (unsigned i = 0; i < m->nthrows; i++) {
        uint16_t index = rd_u2(&a->body);
        if (!cp_is_class(&P->c->cp, index))
            bad(P, "Exception name has bad type at constant pool %u in class file %s", index, P->cname);
        m->throws[i] = index;
    }
    expect_end(&a->body);
}

/* MethodParameters is kept raw, but its size follows from its count. */
static void parse_method_parameters(Parser *P, Attr *a, Method *m) {
    m->method_parameters = attr_blob(a);     /* the whole attribute, count byte included */
    unsigned count = rd_u1(&a->body);
    if (a->len != 1 + 4 * count)
        bad(P, "Invalid MethodParameters method attribute length %u in class file %s", a->len, P->cname);
}

static void parse_method_attrs(Parser *P, Reader *r, Method *m) {
    uint32_t seen = 0;
    for (unsigned n = rd_u2(r); n > 0; n--) {
        Attr a;
        read_attr(r, METHOD_ATTRS, &seen, &a);
        switch (a.id) {
        case ATTR_CODE: parse_code(P, &a, m); break;
        case ATTR_EXCEPTIONS: parse_exceptions(P, &a, m); break;
        case ATTR_METHOD_PARAMETERS: parse_method_parameters(P, &a, m); break;
        case ATTR_SIGNATURE: m->signature = parse_signature(P, &a); break;
        case ATTR_SYNTHETIC:
            parse_marker(P, &a);
            m->access |= JVM_ACC_SYNTHETIC;
            m->flags |= MF_SYNTHETIC_ATTR;
            break;
        case ATTR_DEPRECATED:
            parse_marker(P, &a);
            m->flags |= MF_DEPRECATED;
            break;
        case ATTR_RV_ANNOTATIONS:
            m->annotations = attr_blob(&a);
            m->flags |= vm_annotation_flags(P, m->annotations, method_annotations,
                                            ARRAY_LEN(method_annotations));
            break;
        case ATTR_RV_PARAMETER_ANNOTATIONS: m->param_annotations = attr_blob(&a); break;
        case ATTR_ANNOTATION_DEFAULT: m->annotation_default = attr_blob(&a); break;
        case ATTR_RV_TYPE_ANNOTATIONS: m->type_annotations = attr_blob(&a); break;
        default: break;
        }
    }
    if (!(m->access & (JVM_ACC_NATIVE | JVM_ACC_ABSTRACT)) && !(seen & BIT(ATTR_CODE)))
        bad(P, "Absent Code attribute in method that is not native or abstract in class file %s", P->cname);
}

/* Signature-polymorphic methods (JVMS 2.9.3): the native varargs (Object[]) methods of
 * MethodHandle and VarHandle. */
static bool is_signature_polymorphic(const Class *c, const Method *m) {
    unsigned required = JVM_ACC_NATIVE | JVM_ACC_VARARGS;
    return (m->access & required) == required &&
           strncmp(m->desc->str, "([Ljava/lang/Object;)", 21) == 0 &&
           (sym_eq_cstr(c->name, "java/lang/invoke/MethodHandle") ||
            sym_eq_cstr(c->name, "java/lang/invoke/VarHandle"));
}

/* What the VM derives from a parsed method: how it is called and its MF_* flags. */
static void classify_method(Parser *P, Method *m) {
    m->kind = method_is_native(m) ? MK_NATIVE : method_is_abstract(m) ? MK_ABSTRACT : MK_INTERPRETED;
    m->vtable_index = -1;
    m->itable_index = -1;
    if (m->code_len == 1 && m->code[0] == OP_RETURN) m->flags |= MF_EMPTY;
    if (is_signature_polymorphic(P->c, m)) m->flags |= MF_SIG_POLY;
    if (P->flags & CFP_HIDDEN) m->flags |= MF_HIDDEN;  /* as HotSpot: hidden classes' frames are hidden */
}

static void parse_method(Parser *P, Reader *r, Method *m, uint16_t index) {
    const ConstantPool *cp = &P->c->cp;
    unsigned raw_flags = rd_u2(r);
    uint16_t name_index = rd_u2(r);
    if (!(m->name = cp_symbol(cp, name_index)))
        bad(P, "Illegal constant pool index %u for method name in class file %s", name_index, P->cname);
    check_method_name(P, m->name);
    uint16_t desc_index = rd_u2(r);
    if (!(m->desc = cp_symbol(cp, desc_index)))
        bad(P, "Illegal constant pool index %u for method signature in class file %s", desc_index, P->cname);
    m->access = method_flags(P, raw_flags, m->name);
    if (m->name == sym_init && P->is_interface)
        bad(P, "Interface cannot have a method named <init>, class file %s", P->cname);
    BasicType ret;
    int slots = check_method_sig(P, m->name, m->desc, &ret) + !method_is_static(m);
    if (slots > MAX_ARG_SLOTS) bad(P, "Too many arguments in method signature in class file %s", P->cname);
    m->holder = P->c;
    m->index = index;
    m->arg_slots = (uint16_t)slots;
    m->ret_type = (uint8_t)ret;
    parse_method_attrs(P, r, m);
    classify_method(P, m);
}

static void parse_methods(Parser *P, Reader *r) {
    Class *c = P->c;
    c->nmethods = rd_u2(r);
    c->methods = arena_array(P, c->nmethods, sizeof *c->methods);
    for (uint16_t i = 0; i < c->nmethods; i++) parse_method(P, r, &c->methods[i], i);
    long dup = first_duplicate(c->methods, c->nmethods, method_pair);
    if (dup >= 0) {
        char sig[256];
        bad(P, "Duplicate method name \"%s\" with signature \"%s\" in class file %s",
            c->methods[dup].name->str, dotted(c->methods[dup].desc, sig, sizeof sig), P->cname);
    }
}

/* ---------------------------------------------------------------- class attributes */

static int compare_inner(const void *a, const void *b) {
    return memcmp(a, b, sizeof(InnerClassEntry));
}

/* True if two InnerClasses entries are identical in every field. */
static bool has_duplicate_inner(const InnerClassEntry *entries, uint16_t n) {
    if (n < 2) return false;
    InnerClassEntry *sorted = vm_malloc(n * sizeof *sorted);
    memcpy(sorted, entries, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, compare_inner);
    bool dup = false;
    for (unsigned i = 1; i < n && !dup; i++) dup = compare_inner(&sorted[i - 1], &sorted[i]) == 0;
    vm_free(sorted);
    return dup;
}

static void parse_inner_class(Parser *P, Reader *r, InnerClassEntry *e) {
    const ConstantPool *cp = &P->c->cp;
    e->inner_class = rd_u2(r);
    e->outer_class = rd_u2(r);
    e->inner_name = rd_u2(r);
    uint16_t raw_flags = rd_u2(r);
    if (!cp_is_class(cp, e->inner_class))
        bad(P, "inner_class_info_index %u has bad constant type in class file %s", e->inner_class, P->cname);
    if (e->outer_class != 0 && !cp_is_class(cp, e->outer_class))
        bad(P, "outer_class_info_index %u has bad constant type in class file %s", e->outer_class, P->cname);
    if (e->outer_class != 0 && cp_class_name(cp, e->outer_class)->str[0] == '[')
        bad(P, "Outer class is an array class in class file %s", P->cname);
    if (e->inner_name != 0 && !cp_symbol(cp, e->inner_name))
        bad(P, "inner_name_index %u has bad constant type in class file %s", e->inner_name, P->cname);
    if (e->inner_class == e->outer_class)
        bad(P, "Class is both outer and inner class in class file %s", P->cname);
    e->access = class_flags(P, raw_flags, INNER_CLASS_MODIFIERS);
}

static void parse_inner_classes(Parser *P, Attr *a) {
    Class *c = P->c;
    c->ninner = rd_u2(&a->body);
    c->inner = arena_array(P, c->ninner, sizeof *c->inner);
    for (unsigned i = 0; i < c->ninner; i++) parse_inner_class(P, &a->body, &c->inner[i]);
    if (P->major < 49) return;                  /* older compilers got the length wrong */
    expect_end(&a->body);
    if (has_duplicate_inner(c->inner, c->ninner))
        bad(P, "Duplicate entry in InnerClasses attribute in class file %s", P->cname);
}

static void parse_enclosing_method(Parser *P, Attr *a) {
    Class *c = P->c;
    expect_attr_len(P, a, 4);
    c->enclosing_class = rd_u2(&a->body);
    c->enclosing_method = rd_u2(&a->body);
    c->has_enclosing = true;
    if (c->enclosing_class == 0)
        bad(P, "Invalid class index in EnclosingMethod attribute in class file %s", P->cname);
    if (!cp_is_class(&c->cp, c->enclosing_class))
        bad(P, "Invalid or out-of-bounds class index in EnclosingMethod attribute in class file %s", P->cname);
    if (c->enclosing_method != 0 && !cp_is(&c->cp, c->enclosing_method, JVM_CONSTANT_NameAndType))
        bad(P, "Invalid or out-of-bounds method index in EnclosingMethod attribute in class file %s", P->cname);
}

/* NestMembers and PermittedSubclasses: a counted list of class indices. */
static uint16_t *parse_class_list(Parser *P, Attr *a, uint16_t *count, const char *what) {
    *count = rd_u2(&a->body);
    uint16_t *list = arena_array(P, *count, sizeof *list);
    for (unsigned i = 0; i < *count; i++) {
        list[i] = rd_u2(&a->body);
        if (!cp_is_class(&P->c->cp, list[i]))
            bad(P, "%s class_info_index %u has bad constant type in class file %s", what, list[i], P->cname);
    }
    expect_end(&a->body);
    return list;
}

static void parse_nest_host(Parser *P, Attr *a) {
    expect_attr_len(P, a, 2);
    uint16_t i = rd_u2(&a->body);
    if (!cp_is_class(&P->c->cp, i))
        bad(P, "Nest-host class_info_index %u has bad constant type in class file %s", i, P->cname);
    P->c->nest_host_index = i;
}

static void parse_record_component(Parser *P, Reader *r, RecordComponent *rc) {
    const ConstantPool *cp = &P->c->cp;
    uint16_t name_index = rd_u2(r), desc_index = rd_u2(r);
    if (!(rc->name = cp_symbol(cp, name_index)))
        bad(P, "Invalid constant pool index %u for name in Record attribute in class file %s", name_index, P->cname);
    check_field_name(P, rc->name);
    if (!(rc->desc = cp_symbol(cp, desc_index)))
        bad(P, "Invalid constant pool index %u for descriptor in Record attribute in class file %s",
            desc_index, P->cname);
    check_field_desc(P, rc->name, rc->desc);
    uint32_t seen = 0;
    for (unsigned n = rd_u2(r); n > 0; n--) {
        Attr a;
        read_attr(r, RECORD_COMPONENT_ATTRS, &seen, &a);
        switch (a.id) {
        case ATTR_SIGNATURE: rc->signature = parse_signature(P, &a); break;
        case ATTR_RV_ANNOTATIONS: rc->annotations = attr_blob(&a); break;
        case ATTR_RV_TYPE_ANNOTATIONS: rc->type_annotations = attr_blob(&a); break;
        default: break;
        }
    }
}

static void parse_record(Parser *P, Attr *a) {
    Class *c = P->c;
    c->nrecord = rd_u2(&a->body);
    c->record = arena_array(P, c->nrecord, sizeof *c->record);
    for (unsigned i = 0; i < c->nrecord; i++) parse_record_component(P, &a->body, &c->record[i]);
    expect_end(&a->body);
    c->flags |= CF_HAS_RECORD_ATTR;
}

static void parse_bootstrap_methods(Parser *P, Attr *a) {
    Class *c = P->c;
    if (a->len < 2) bad(P, "Invalid BootstrapMethods attribute length %u in class file %s", a->len, P->cname);
    c->nbsms = rd_u2(&a->body);
    c->bsms = arena_array(P, c->nbsms, sizeof *c->bsms);
    for (unsigned i = 0; i < c->nbsms; i++) {
        BootstrapMethod *b = &c->bsms[i];
        b->method_ref = rd_u2(&a->body);
        if (!cp_is(&c->cp, b->method_ref, JVM_CONSTANT_MethodHandle))
            bad(P, "bootstrap_method_index %u has bad constant type in class file %s", b->method_ref, P->cname);
        b->nargs = rd_u2(&a->body);
        b->args = arena_array(P, b->nargs, sizeof *b->args);
        for (unsigned j = 0; j < b->nargs; j++) {
            b->args[j] = rd_u2(&a->body);
            if (!cp_is_loadable(&c->cp, b->args[j]))
                bad(P, "argument_index %u has bad constant type in class file %s", b->args[j], P->cname);
        }
    }
    expect_end(&a->body);
}

static void parse_source_file(Parser *P, Attr *a) {
    expect_attr_len(P, a, 2);
    uint16_t i = rd_u2(&a->body);
    if (!(P->c->source_file = cp_symbol(&P->c->cp, i)))
        bad(P, "Invalid SourceFile attribute at constant pool index %u in class file %s", i, P->cname);
}

static void parse_class_attr(Parser *P, Attr *a, uint32_t seen) {
    Class *c = P->c;
    switch (a->id) {
    case ATTR_SOURCE_FILE: parse_source_file(P, a); break;
    case ATTR_SOURCE_DEBUG_EXTENSION: c->source_debug_ext = attr_blob(a); break;
    case ATTR_INNER_CLASSES: parse_inner_classes(P, a); break;
    case ATTR_ENCLOSING_METHOD: parse_enclosing_method(P, a); break;
    case ATTR_SIGNATURE: c->signature = parse_signature(P, a); break;
    case ATTR_BOOTSTRAP_METHODS: parse_bootstrap_methods(P, a); break;
    case ATTR_RECORD: parse_record(P, a); break;
    case ATTR_RV_TYPE_ANNOTATIONS: c->type_annotations = attr_blob(a); break;
    case ATTR_SYNTHETIC:
        parse_marker(P, a);
        c->access |= JVM_ACC_SYNTHETIC;
        c->flags |= CF_SYNTHETIC_ATTR;
        break;
    case ATTR_DEPRECATED:
        parse_marker(P, a);
        c->flags |= CF_DEPRECATED;
        break;
    case ATTR_RV_ANNOTATIONS:
        c->annotations = attr_blob(a);
        c->flags |= vm_annotation_flags(P, c->annotations, class_annotations, ARRAY_LEN(class_annotations));
        break;
    case ATTR_NEST_HOST:
        if (seen & BIT(ATTR_NEST_MEMBERS))
            bad(P, "Conflicting NestMembers and NestHost attributes in class file %s", P->cname);
        parse_nest_host(P, a);
        break;
    case ATTR_NEST_MEMBERS:
        if (seen & BIT(ATTR_NEST_HOST))
            bad(P, "Conflicting NestHost and NestMembers attributes in class file %s", P->cname);
        c->nest_members = parse_class_list(P, a, &c->nnest_members, "Nest member");
        break;
    case ATTR_PERMITTED_SUBCLASSES:
        if (c->access & JVM_ACC_FINAL)
            bad(P, "PermittedSubclasses attribute in final class file %s", P->cname);
        c->permitted = parse_class_list(P, a, &c->npermitted, "Permitted subclass");
        break;
    default:
        break;
    }
}

static void parse_class_attrs(Parser *P, Reader *r) {
    uint32_t seen = 0;
    for (unsigned n = rd_u2(r); n > 0; n--) {
        Attr a;
        read_attr(r, CLASS_ATTRS, &seen, &a);
        parse_class_attr(P, &a, seen);
    }
    if (P->max_bsm_index < 0) return;
    if (!(seen & BIT(ATTR_BOOTSTRAP_METHODS)))
        bad(P, "Missing BootstrapMethods attribute in class file %s", P->cname);
    if (P->max_bsm_index >= P->c->nbsms)
        bad(P, "Short length on BootstrapMethods in class file %s", P->cname);
}

/* ---------------------------------------------------------------- entry points */

static void parse_class(Parser *P, const uint8_t *bytes, size_t len, const Symbol *expected) {
    if (len > UINT32_MAX) bad(P, "Class file too large");
    Class *c = P->c = arena_alloc(P, sizeof *c);
    c->classfile = arena_alloc(P, len);
    c->classfile_len = (uint32_t)len;
    if (len) memcpy(c->classfile, bytes, len);
    if (P->flags & CFP_HIDDEN) c->flags |= CF_HIDDEN;

    Reader r = { c->classfile, c->classfile + len, P, NULL };
    parse_magic_and_version(P, &r);
    parse_constant_pool(P, &r);
    parse_access_flags(P, &r);
    parse_this_class(P, &r, expected);
    parse_super_class(P, &r);
    parse_interfaces(P, &r);
    parse_fields(P, &r);
    parse_methods(P, &r);
    parse_class_attrs(P, &r);
    if (r.p != r.end) bad(P, "Extra bytes at the end of class file %s", P->cname);
    c->arena = P->arena;
}

/* The setjmp lives here, apart from cf_parse's Parser, so that nothing this function owns
 * is changed between setjmp and longjmp (C11 7.13.2.1). */
static bool parse_guarded(Parser *P, const uint8_t *bytes, size_t len, const Symbol *expected) {
    if (setjmp(P->fail)) return false;
    parse_class(P, bytes, len, expected);
    return true;
}

Class *cf_parse(const uint8_t *bytes, size_t len, Symbol *expected_name, int flags, CfError *err) {
    Parser P = {
        .err = err,
        .cname = expected_name ? expected_name->str : unknown_class_name,
        .flags = flags,
        .max_bsm_index = -1,
        .file_len = len,
    };
    err->kind = CFE_NONE;
    err->msg[0] = '\0';
    if (!parse_guarded(&P, bytes, len, expected_name)) {
        arena_free(P.arena);
        return NULL;
    }
    return P.c;
}

void cf_free(Class *c) {
    if (c) arena_free(c->arena);
}

size_t cf_footprint(const Class *c) {
    size_t n = 0;
    for (const ArenaBlock *b = c->arena; b; b = b->prev) n += sizeof *b + b->size;
    return n;
}

/* ---------------------------------------------------------------- lookups */

Method *class_find_declared_method(const Class *c, const Symbol *name, const Symbol *desc) {
    for (uint16_t i = 0; i < c->nmethods; i++) {
        Method *m = &c->methods[i];
        if (m->name == name && m->desc == desc) return m;
    }
    return NULL;
}

Method *class_cached_method(Method **cache, const Class *c, const char *name, const char *desc) {
    Method *m = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (m) return m;
    m = class_find_declared_method(c, sym_intern_cstr(name), sym_intern_cstr(desc));
    if (m) __atomic_store_n(cache, m, __ATOMIC_RELEASE);
    return m;
}

Field *class_find_declared_field(const Class *c, const Symbol *name, const Symbol *desc) {
    for (uint16_t i = 0; i < c->nfields; i++) {
        Field *f = &c->fields[i];
        if (f->name == name && f->desc == desc) return f;
    }
    return NULL;
}

uint32_t class_field_offset_cached(uint32_t *cache, const Class *c, const char *name, const char *desc) {
    uint32_t off = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (off) return off;
    Field *f = class_find_declared_field(c, sym_intern_cstr(name), sym_intern_cstr(desc));
    off = f ? f->offset : 0;
    __atomic_store_n(cache, off, __ATOMIC_RELEASE);
    return off;
}

/* ---------------------------------------------------------------- external names */

/* A bounded string builder: keeps what fits, always terminated. */
typedef struct Out {
    char *buf;
    size_t cap, len;
} Out;

static void out_char(Out *o, char ch) {
    if (o->len + 1 < o->cap) o->buf[o->len++] = ch;
    o->buf[o->len] = '\0';
}


/* An internal class name in external form.  A hidden class's name ends in "+<suffix>",
 * which Java shows as "/<suffix>" (as HotSpot does). */
static void out_class(Out *o, const char *s, size_t len, bool hidden) {
    const char *plus = hidden ? memrchr(s, '+', len) : NULL;
    for (size_t i = 0; i < len; i++) out_char(o, s + i == plus ? '/' : s[i] == '/' ? '.' : s[i]);
}

const char *class_external_name(const Class *c, char *buf, size_t n) {
    if (n == 0) return buf;
    Out o = { buf, n, 0 };
    buf[0] = '\0';
    /* arrays keep their descriptor form with dots ("[I", "[Ljava.lang.String;"), as
     * Class.getName() and HotSpot's messages show them */
    const Class *e = class_is_array(c) ? c->element : c;
    bool hidden = e && (e->flags & CF_HIDDEN) && !class_is_primitive(e);
    out_class(&o, c->name->str, c->name->len, hidden);
    return buf;
}

void sb_class_name(StrBuf *b, const Class *c) {
    size_t n = c->name->len + 1;        /* the external name is never longer */
    char *buf = vm_malloc(n);
    sb_puts(b, class_external_name(c, buf, n));
    vm_free(buf);
}

/* For JNI's checks (-Xcheck:jni validates FindClass names as HotSpot does). */
bool cf_valid_mutf8(const char *s, size_t len) { return valid_modified_utf8((const uint8_t *)s, len, false); }
