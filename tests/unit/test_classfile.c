/*
 * test_classfile.c — white-box tests of the class-file parser (classfile/classfile.c and
 * classfile/descriptor.c).
 *
 *   test_classfile [DIR...]
 *
 * It checks, in order:
 *
 *   descriptors   the grammar helpers of descriptor.c, directly
 *   names         class_external_name and the declared-member lookups
 *   malformed     class files built here byte by byte (a small assembler, below), each
 *                 broken in one way; each must fail with the right error kind and message
 *   features      the Java sources in tests/unit/classfiles, compiled by javac at test
 *                 time (release 17, 8 and 7): records, sealed types, nested, local and
 *                 anonymous classes, lambdas, enums, annotations with every element kind,
 *                 interface method kinds; all must parse, with the attributes the sources
 *                 imply.  The sources are found relative to this file's path as compiled
 *                 (run from the top of the tree, as `make test` does)
 *   jdk           every class of every module in $JAVA_HOME/lib/modules, read through
 *                 libjimage; all must parse (count and time are printed), and a few
 *                 well-known classes are checked member by member
 *   DIR...        every .class file under each directory given must parse
 *   mutations     every truncation of some small classes must fail as truncated, and
 *                 every single-bit flip must either parse or fail cleanly (run this program
 *                 under ASan to make "cleanly" mean something)
 *
 * One line is printed per failed check, then "test_classfile: N checks, M failed".  The
 * exit status is 0 only if nothing failed.  JAVA_HOME defaults to the Debian OpenJDK 17.
 */
#include "classfile/classfile.h"
#include <dirent.h>
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

#define DEFAULT_JAVA_HOME "/usr/lib/jvm/java-17-openjdk-amd64"

static int nchecks, nfailed;

static void check(bool ok, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void check(bool ok, int line, const char *fmt, ...) {
    nchecks++;
    if (ok) return;
    nfailed++;
    va_list ap;
    va_start(ap, fmt);
    printf("test_classfile.c:%d: FAILED: ", line);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}

#define CHECK(cond) check((cond), __LINE__, "%s", #cond)
#define CHECKF(cond, ...) check((cond), __LINE__, __VA_ARGS__)

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const char *java_home(void) {
    const char *h = getenv("JAVA_HOME");
    return h && *h ? h : DEFAULT_JAVA_HOME;
}

/* ================================================================ descriptors */

static void test_descriptors(void) {
    static const char *good_fields[] = {
        "I", "J", "Z", "[I", "[[D", "Ljava/lang/String;", "[Ljava/lang/Object;", "La;",
        "L\xc3\xa9t\xc3\xa9;", "La/b/c$d;", "L<weird>;",
    };
    static const char *bad_fields[] = {
        "", "V", "[V", "X", "L;", "Ljava/lang/String", "La//b;", "L/a;", "La/;", "La.b;",
        "La[b;", "II", "[", "Ljava/lang/String;I", "i",
    };
    for (size_t i = 0; i < ARRAY_LEN(good_fields); i++)
        CHECKF(cf_valid_field_desc(good_fields[i], strlen(good_fields[i])), "field desc %s", good_fields[i]);
    for (size_t i = 0; i < ARRAY_LEN(bad_fields); i++)
        CHECKF(!cf_valid_field_desc(bad_fields[i], strlen(bad_fields[i])), "bad field desc %s", bad_fields[i]);

    static const char *good_methods[] = {
        "()V", "(I)I", "(IJ[Ljava/lang/String;)Ljava/lang/Object;", "([[I)[J", "(DD)D",
    };
    static const char *bad_methods[] = {
        "", "()", "V", "(V)V", "(I", "(I)", "()II", "()[V", "(L;)V", "()VV", "I()V", "((I)V",
    };
    for (size_t i = 0; i < ARRAY_LEN(good_methods); i++)
        CHECKF(cf_valid_method_desc(good_methods[i], strlen(good_methods[i])), "method desc %s", good_methods[i]);
    for (size_t i = 0; i < ARRAY_LEN(bad_methods); i++)
        CHECKF(!cf_valid_method_desc(bad_methods[i], strlen(bad_methods[i])), "bad method desc %s", bad_methods[i]);

    char dims[300];
    memset(dims, '[', sizeof dims);
    dims[255] = 'I';
    CHECK(cf_valid_field_desc(dims, 256));          /* 255 dimensions */
    dims[255] = '[';
    dims[256] = 'I';
    CHECK(!cf_valid_field_desc(dims, 257));         /* 256 */
    CHECK(cf_valid_field_desc("II", 1));            /* the length given counts: "I" */

    BasicType ret = T_ILLEGAL;
    CHECK(cf_method_arg_slots("()V", &ret) == 0 && ret == T_VOID);
    CHECK(cf_method_arg_slots("(IJD[JLjava/lang/String;)I", &ret) == 7 && ret == T_INT);
    CHECK(cf_method_arg_slots("([[Ljava/lang/Object;Z)[I", &ret) == 2 && ret == T_ARRAY);
    CHECK(cf_method_arg_slots("(J)Ljava/lang/Object;", &ret) == 2 && ret == T_OBJECT);
    CHECK(cf_method_arg_slots("(", &ret) == 0);     /* malformed input stops, never overruns */

    const char *s = "[[Ljava/lang/String;IJ";
    CHECK(cf_skip_field_desc(s) == s + 20);
    CHECK(cf_skip_field_desc(s + 20) == s + 21);
    CHECK(*cf_skip_field_desc("Lunterminated") == '\0');
}

/* ================================================================ a class-file assembler */

typedef struct Buf {
    uint8_t *p;
    size_t len, cap;
} Buf;

static void put(Buf *b, const void *data, size_t n) {
    if (n == 0) return;
    if (b->len + n > b->cap) {
        b->cap = (b->len + n) * 2 + 64;
        b->p = realloc(b->p, b->cap);
    }
    memcpy(b->p + b->len, data, n);
    b->len += n;
}

static void u1(Buf *b, unsigned v) {
    uint8_t x = (uint8_t)v;
    put(b, &x, 1);
}

static void u2(Buf *b, unsigned v) {
    u1(b, v >> 8);
    u1(b, v);
}

static void u4(Buf *b, uint32_t v) {
    u2(b, v >> 16);
    u2(b, v & 0xFFFF);
}

/* A class file under construction: the pool and the rest are built side by side, and
 * joined by asm_finish. */
typedef struct Asm {
    Buf cp;
    unsigned next_index;
    Buf body;
    unsigned major, minor;
} Asm;

static void asm_init(Asm *a, unsigned major) {
    memset(a, 0, sizeof *a);
    a->next_index = 1;
    a->major = major;
}

static unsigned pool_raw(Asm *a, const void *bytes, size_t n, unsigned slots) {
    put(&a->cp, bytes, n);
    unsigned i = a->next_index;
    a->next_index += slots;
    return i;
}

static unsigned pool_utf8n(Asm *a, const char *s, size_t n) {
    u1(&a->cp, JVM_CONSTANT_Utf8);
    u2(&a->cp, (unsigned)n);
    return pool_raw(a, s, n, 1);
}

static unsigned pool_utf8(Asm *a, const char *s) { return pool_utf8n(a, s, strlen(s)); }

static unsigned pool_ref1(Asm *a, int tag, unsigned x) {
    u1(&a->cp, tag);
    u2(&a->cp, x);
    return pool_raw(a, NULL, 0, 1);
}

static unsigned pool_ref2(Asm *a, int tag, unsigned x, unsigned y) {
    u1(&a->cp, tag);
    u2(&a->cp, x);
    u2(&a->cp, y);
    return pool_raw(a, NULL, 0, 1);
}

static unsigned pool_class(Asm *a, const char *name) { return pool_ref1(a, JVM_CONSTANT_Class, pool_utf8(a, name)); }
static unsigned pool_string(Asm *a, const char *s) { return pool_ref1(a, JVM_CONSTANT_String, pool_utf8(a, s)); }

static unsigned pool_nat(Asm *a, const char *name, const char *desc) {
    return pool_ref2(a, JVM_CONSTANT_NameAndType, pool_utf8(a, name), pool_utf8(a, desc));
}

static unsigned pool_member(Asm *a, int tag, const char *cls, const char *name, const char *desc) {
    return pool_ref2(a, tag, pool_class(a, cls), pool_nat(a, name, desc));
}

static unsigned pool_int(Asm *a, uint32_t v) {
    u1(&a->cp, JVM_CONSTANT_Integer);
    u4(&a->cp, v);
    return pool_raw(a, NULL, 0, 1);
}

static unsigned pool_long(Asm *a, uint64_t v) {
    u1(&a->cp, JVM_CONSTANT_Long);
    u4(&a->cp, (uint32_t)(v >> 32));
    u4(&a->cp, (uint32_t)v);
    return pool_raw(a, NULL, 0, 2);
}

static unsigned pool_method_handle(Asm *a, unsigned kind, unsigned ref) {
    u1(&a->cp, JVM_CONSTANT_MethodHandle);
    u1(&a->cp, kind);
    u2(&a->cp, ref);
    return pool_raw(a, NULL, 0, 1);
}

/* access_flags, this_class, super_class (NULL: 0) and no interfaces. */
static void asm_header(Asm *a, unsigned access, const char *name, const char *super) {
    u2(&a->body, access);
    u2(&a->body, pool_class(a, name));
    u2(&a->body, super ? pool_class(a, super) : 0);
    u2(&a->body, 0);
}

/* Starts an attribute; asm_attr_end patches in its length. */
static size_t asm_attr(Asm *a, Buf *b, const char *name) {
    u2(b, pool_utf8(a, name));
    u4(b, 0);
    return b->len;
}

static void asm_attr_end(Buf *b, size_t start) {
    uint32_t len = (uint32_t)(b->len - start);
    uint8_t *p = b->p + start - 4;
    p[0] = (uint8_t)(len >> 24);
    p[1] = (uint8_t)(len >> 16);
    p[2] = (uint8_t)(len >> 8);
    p[3] = (uint8_t)len;
}

/* A field with no attributes. */
static void asm_field(Asm *a, unsigned access, const char *name, const char *desc) {
    u2(&a->body, access);
    u2(&a->body, pool_utf8(a, name));
    u2(&a->body, pool_utf8(a, desc));
    u2(&a->body, 0);
}

/* A method whose only attribute is a Code attribute with the given bytecode. */
static void asm_method(Asm *a, unsigned access, const char *name, const char *desc,
                       unsigned max_locals, const uint8_t *code, size_t code_len) {
    u2(&a->body, access);
    u2(&a->body, pool_utf8(a, name));
    u2(&a->body, pool_utf8(a, desc));
    u2(&a->body, 1);
    size_t at = asm_attr(a, &a->body, "Code");
    u2(&a->body, 4);
    u2(&a->body, max_locals);
    u4(&a->body, (uint32_t)code_len);
    put(&a->body, code, code_len);
    u2(&a->body, 0);                    /* exception table */
    u2(&a->body, 0);                    /* attributes */
    asm_attr_end(&a->body, at);
}

static const uint8_t RETURN[] = { 0xb1 };

/* A method `void m()` { return; } with the given flags. */
static void asm_void_method(Asm *a, unsigned access, const char *name) {
    asm_method(a, access, name, "()V", access & JVM_ACC_STATIC ? 0 : 1, RETURN, 1);
}

/* A method without Code (abstract or native): laid out as a field without attributes is. */
static void asm_bodyless_method(Asm *a, unsigned access, const char *name, const char *desc) {
    asm_field(a, access, name, desc);
}

typedef struct Bytes {
    uint8_t *p;
    size_t len;
} Bytes;

static Bytes asm_finish(Asm *a) {
    Buf out = { 0 };
    u4(&out, 0xCAFEBABE);
    u2(&out, a->minor);
    u2(&out, a->major);
    u2(&out, a->next_index);
    put(&out, a->cp.p, a->cp.len);
    put(&out, a->body.p, a->body.len);
    free(a->cp.p);
    free(a->body.p);
    return (Bytes){ out.p, out.len };
}

/* The usual shape: public class T extends Object, no fields, `void m()`, no attributes. */
static Bytes simple_class(unsigned major) {
    Asm a;
    asm_init(&a, major);
    asm_header(&a, JVM_ACC_PUBLIC | JVM_ACC_SUPER, "T", "java/lang/Object");
    u2(&a.body, 0);
    u2(&a.body, 1);
    asm_void_method(&a, JVM_ACC_PUBLIC, "m");
    u2(&a.body, 0);
    return asm_finish(&a);
}

/* ================================================================ expectations */

static const char *kind_name(CfErrorKind k) {
    static const char *names[] = { "CFE_NONE", "CFE_FORMAT", "CFE_VERSION", "CFE_NO_CLASS_DEF" };
    return (unsigned)k < ARRAY_LEN(names) ? names[k] : "?";
}

/* Parses b (freeing it) and expects failure of `kind` with `msg` in the message. */
static void expect_fail_(int line, Bytes b, const char *expected, CfErrorKind kind, const char *msg) {
    CfError err;
    Symbol *name = expected ? sym_intern_cstr(expected) : NULL;
    Class *c = cf_parse(b.p, b.len, name, 0, &err);
    check(!c && err.kind == kind && strstr(err.msg, msg), line,
          "expected %s \"%s\", got %s \"%s\"", kind_name(kind), msg, c ? "success" : kind_name(err.kind),
          c ? "" : err.msg);
    cf_free(c);
    free(b.p);
}

#define EXPECT_FAIL(b, kind, msg) expect_fail_(__LINE__, (b), NULL, (kind), (msg))
#define EXPECT_FORMAT(b, msg) expect_fail_(__LINE__, (b), NULL, CFE_FORMAT, (msg))

/* Parses b (freeing it) and expects success; returns the class for further checks. */
static Class *expect_ok_(int line, Bytes b, int flags) {
    CfError err;
    Class *c = cf_parse(b.p, b.len, NULL, flags, &err);
    check(c != NULL, line, "expected success, got %s \"%s\"", kind_name(err.kind), err.msg);
    free(b.p);
    return c;
}

#define EXPECT_OK(b) expect_ok_(__LINE__, (b), 0)

/* ================================================================ malformed classes */

static void test_header(void) {
    Bytes b = simple_class(61);
    b.p[3] = 0xBF;
    EXPECT_FORMAT(b, "Incompatible magic value 3405691583 in class file <Unknown>");

    b = simple_class(61);
    b.p[0] = 0;
    expect_fail_(__LINE__, b, "pkg/Foo", CFE_FORMAT, "Incompatible magic value 16693950 in class file pkg/Foo");

    EXPECT_FAIL(simple_class(62), CFE_VERSION,
                "<Unknown> has been compiled by a more recent version of the Java Runtime (class file "
                "version 62.0), this version of the Java Runtime only recognizes class file versions up to 61.0");
    EXPECT_FAIL(simple_class(44), CFE_VERSION, "(class file version 44.0) was compiled with an invalid major version");

    b = simple_class(61);
    b.p[4] = b.p[5] = 0xFF;
    expect_fail_(__LINE__, b, "Foo", CFE_VERSION,
                 "Preview features are not enabled for Foo (class file version 61.65535). "
                 "Try running with '--enable-preview'");
    b = simple_class(60);
    b.p[4] = b.p[5] = 0xFF;
    EXPECT_FAIL(b, CFE_VERSION, "was compiled with preview features that are unsupported");
    b = simple_class(57);
    b.p[5] = 1;
    EXPECT_FAIL(b, CFE_VERSION, "was compiled with an invalid non-zero minor version");

    b = simple_class(50);
    b.p[5] = 3;                                     /* 50.3: any minor goes before 56 */
    cf_free(EXPECT_OK(b));
    for (unsigned major = 45; major <= 61; major++) {
        Class *c = EXPECT_OK(simple_class(major));
        CHECKF(c && c->major == major, "version %u", major);
        cf_free(c);
    }

    b = simple_class(61);
    b.len = 7;
    EXPECT_FORMAT(b, "Truncated class file");

    b = simple_class(61);
    b.p = realloc(b.p, b.len + 1);
    b.p[b.len++] = 0;
    EXPECT_FORMAT(b, "Extra bytes at the end of class file T");

    b = simple_class(61);
    b.p[8] = b.p[9] = 0;                            /* constant_pool_count 0 */
    EXPECT_FORMAT(b, "Illegal constant pool size 0");
}

static void test_wrong_name(void) {
    expect_fail_(__LINE__, simple_class(61), "pkg/Bar", CFE_NO_CLASS_DEF, "pkg/Bar (wrong name: T)");
    CfError err;
    Bytes b = simple_class(61);
    Class *c = cf_parse(b.p, b.len, sym_intern_cstr("T"), 0, &err);
    CHECK(c && sym_eq_cstr(c->name, "T") && err.kind == CFE_NONE);
    cf_free(c);
    c = cf_parse(b.p, b.len, sym_intern_cstr("Other"), CFP_HIDDEN, &err);  /* hidden: not compared */
    CHECK(c && (c->flags & CF_HIDDEN) && (c->methods[0].flags & MF_HIDDEN));
    cf_free(c);
    free(b.p);
}

/* A class whose pool has one extra raw entry (its bytes, taking `slots` indices). */
static Bytes class_with_entry(unsigned major, const void *entry, size_t n, unsigned slots) {
    Asm a;
    asm_init(&a, major);
    pool_raw(&a, entry, n, slots);
    asm_header(&a, JVM_ACC_PUBLIC | JVM_ACC_SUPER, "T", "java/lang/Object");
    u2(&a.body, 0);
    u2(&a.body, 0);
    u2(&a.body, 0);
    return asm_finish(&a);
}

static void test_constant_pool(void) {
    static const uint8_t unknown2[] = { 2, 0, 1 }, unknown13[] = { 13, 0, 1 }, unknown21[] = { 21, 0, 1 };
    EXPECT_FORMAT(class_with_entry(61, unknown2, 3, 1), "Unknown constant tag 2 in class file");
    EXPECT_FORMAT(class_with_entry(61, unknown13, 3, 1), "Unknown constant tag 13 in class file");
    EXPECT_FORMAT(class_with_entry(61, unknown21, 3, 1), "Unknown constant tag 21 in class file");

    static const uint8_t mtype[] = { JVM_CONSTANT_MethodType, 0, 2 }, utf8_v[] = { 1, 0, 3, '(', ')', 'V' };
    Asm a;
    asm_init(&a, 50);
    pool_raw(&a, mtype, 3, 1);
    pool_raw(&a, utf8_v, 6, 1);
    asm_header(&a, JVM_ACC_PUBLIC, "T", "java/lang/Object");
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Class file version does not support constant tag 16 in class file");

    static const uint8_t dynamic[] = { JVM_CONSTANT_Dynamic, 0, 0, 0, 1 };
    EXPECT_FORMAT(class_with_entry(54, dynamic, 5, 1), "Class file version does not support constant tag 17");
    static const uint8_t module[] = { JVM_CONSTANT_Module, 0, 1 };
    EXPECT_FORMAT(class_with_entry(53, module, 3, 1), "Unknown constant tag 19 in class file");
    EXPECT_FORMAT(class_with_entry(52, module, 3, 1), "Unknown constant tag 19 in class file");

    /* A long as the last entry: its second slot would lie outside the pool. */
    asm_init(&a, 61);
    asm_header(&a, JVM_ACC_PUBLIC, "T", "java/lang/Object");
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    pool_long(&a, 7);
    a.next_index--;
    EXPECT_FORMAT(asm_finish(&a), "Invalid constant pool entry 5 in class file");

    /* References out of range or to the wrong kind. */
    static const uint8_t class0[] = { JVM_CONSTANT_Class, 0, 0 }, class_big[] = { JVM_CONSTANT_Class, 0x7F, 0 };
    static const uint8_t class_self[] = { JVM_CONSTANT_Class, 0, 1 };
    EXPECT_FORMAT(class_with_entry(61, class0, 3, 1), "Invalid constant pool index 0 in class file");
    EXPECT_FORMAT(class_with_entry(61, class_big, 3, 1), "Invalid constant pool index 32512 in class file");
    EXPECT_FORMAT(class_with_entry(61, class_self, 3, 1), "Invalid constant pool index 1 in class file");
    static const uint8_t string_to_class[] = { JVM_CONSTANT_String, 0, 3 };  /* #3 is Class T */
    EXPECT_FORMAT(class_with_entry(61, string_to_class, 3, 1), "Invalid constant pool index 3 in class file");
    static const uint8_t fieldref_swapped[] = { JVM_CONSTANT_Fieldref, 0, 2, 0, 3 };
    EXPECT_FORMAT(class_with_entry(61, fieldref_swapped, 5, 1), "Invalid constant pool index 2 in class file");
    static const uint8_t nat_to_class[] = { JVM_CONSTANT_NameAndType, 0, 3, 0, 2 };
    EXPECT_FORMAT(class_with_entry(61, nat_to_class, 5, 1), "Invalid constant pool index 3 in class file");

    /* Method handles: kind range, referenced kind, names. */
    asm_init(&a, 61);
    unsigned mref = pool_member(&a, JVM_CONSTANT_Methodref, "T", "m", "()V");
    pool_method_handle(&a, 10, mref);
    asm_header(&a, JVM_ACC_PUBLIC, "T", "java/lang/Object");
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Bad method handle kind at constant pool index");

    struct { unsigned kind; int tag; const char *name; const char *msg; } mh[] = {
        { JVM_REF_getField, JVM_CONSTANT_Methodref, "m", "(not a field)" },
        { JVM_REF_invokeVirtual, JVM_CONSTANT_Fieldref, "m", "(not a method)" },
        { JVM_REF_invokeInterface, JVM_CONSTANT_Methodref, "m", "(not an interface method)" },
        { JVM_REF_newInvokeSpecial, JVM_CONSTANT_Methodref, "m", "Bad constructor name at constant pool index" },
        { JVM_REF_invokeVirtual, JVM_CONSTANT_Methodref, "<init>", "Bad method name at constant pool index" },
        { JVM_REF_invokeStatic, JVM_CONSTANT_InterfaceMethodref, "m", NULL },
    };
    for (size_t i = 0; i < ARRAY_LEN(mh); i++) {
        asm_init(&a, 61);
        const char *desc = mh[i].tag == JVM_CONSTANT_Fieldref ? "I" : "()V";
        pool_method_handle(&a, mh[i].kind, pool_member(&a, mh[i].tag, "T", mh[i].name, desc));
        asm_header(&a, JVM_ACC_PUBLIC, "T", "java/lang/Object");
        u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
        if (mh[i].msg) EXPECT_FORMAT(asm_finish(&a), mh[i].msg);
        else cf_free(EXPECT_OK(asm_finish(&a)));
    }
    asm_init(&a, 51);                               /* static interface method handles need 52 */
    pool_method_handle(&a, JVM_REF_invokeStatic, pool_member(&a, JVM_CONSTANT_InterfaceMethodref, "T", "m", "()V"));
    asm_header(&a, JVM_ACC_PUBLIC, "T", "java/lang/Object");
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "(not a method)");

    /* Member references must carry descriptors of their kind. */
    struct { int tag; const char *name, *desc, *msg; } refs[] = {
        { JVM_CONSTANT_Fieldref, "f", "()V", "Field \"f\" in class <Unknown> has illegal signature \"()V\"" },
        { JVM_CONSTANT_Methodref, "m", "I", "Method \"m\" in class <Unknown> has illegal signature \"I\"" },
        { JVM_CONSTANT_InterfaceMethodref, "m", "I", "has illegal signature" },
        { JVM_CONSTANT_Methodref, "<clinit>", "()V", "Bad method name at constant pool index" },
        { JVM_CONSTANT_Methodref, "<init>", "()I", "has illegal signature" },
        { JVM_CONSTANT_Methodref, "<init>", "()V", NULL },
        { JVM_CONSTANT_Fieldref, "a.b", "I", "Illegal field name \"a.b\" in class <Unknown>" },
        { JVM_CONSTANT_Methodref, "a<b", "()V", "Illegal method name \"a<b\" in class <Unknown>" },
        { JVM_CONSTANT_Fieldref, "f", "Ljava//X;", "has illegal signature" },
    };
    for (size_t i = 0; i < ARRAY_LEN(refs); i++) {
        asm_init(&a, 61);
        pool_member(&a, refs[i].tag, "T", refs[i].name, refs[i].desc);
        asm_header(&a, JVM_ACC_PUBLIC, "T", "java/lang/Object");
        u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
        if (refs[i].msg) EXPECT_FORMAT(asm_finish(&a), refs[i].msg);
        else cf_free(EXPECT_OK(asm_finish(&a)));
    }

    /* Class names. */
    static const char *bad_class_names[] = { "a//b", "a/", "/a", "a.b", "a;b", "[", "[V", "[La/;", "" };
    for (size_t i = 0; i < ARRAY_LEN(bad_class_names); i++) {
        asm_init(&a, 61);
        pool_class(&a, bad_class_names[i]);
        asm_header(&a, JVM_ACC_PUBLIC, "T", "java/lang/Object");
        u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
        EXPECT_FORMAT(asm_finish(&a), "Illegal class name");
    }

    /* Modified UTF-8. */
    struct { const char *bytes; size_t n; bool ok; unsigned major; } utf8[] = {
        { "a\0b", 3, false, 61 },                   /* raw NUL */
        { "\xc0\x80", 2, true, 61 },                /* encoded NUL */
        { "\xc1\x81", 2, false, 61 },               /* overlong 'A' */
        { "\xc1\x81", 2, true, 47 },                /* ... tolerated up to version 47 */
        { "\xe0\x81\x81", 3, false, 61 },           /* overlong three-byte form */
        { "\xf0\x9f\x98\x80", 4, false, 61 },       /* four-byte form */
        { "\xed\xa0\xbd\xed\xb8\x80", 6, true, 61 },/* surrogate pair */
        { "\xc3", 1, false, 61 },                   /* truncated */
        { "\xe2\x82", 2, false, 61 },
        { "\x80", 1, false, 61 },                   /* stray continuation byte */
        { "abcdefgh\xc3\xa9ijklmnop", 18, true, 61 },
        { "abcdefgh\x01ijklmnop", 17, true, 61 },
        { "abcdefghijklmno\x00", 16, false, 61 },
    };
    for (size_t i = 0; i < ARRAY_LEN(utf8); i++) {
        asm_init(&a, utf8[i].major);
        pool_utf8n(&a, utf8[i].bytes, utf8[i].n);
        asm_header(&a, JVM_ACC_PUBLIC, "T", "java/lang/Object");
        u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
        if (utf8[i].ok) cf_free(EXPECT_OK(asm_finish(&a)));
        else EXPECT_FORMAT(asm_finish(&a), "Illegal UTF8 string in constant pool in class file");
    }

    /* Pool contents and object slots of a valid class. */
    asm_init(&a, 61);
    unsigned s1 = pool_string(&a, "s"), i1 = pool_int(&a, 0xFFFFFFFF), l1 = pool_long(&a, 0x123456789ull);
    unsigned mt = pool_ref1(&a, JVM_CONSTANT_MethodType, pool_utf8(&a, "(I)V"));
    unsigned mh1 = pool_method_handle(&a, JVM_REF_invokeStatic, pool_member(&a, JVM_CONSTANT_Methodref, "T", "m", "()V"));
    unsigned s2 = pool_string(&a, "t");
    asm_header(&a, JVM_ACC_PUBLIC, "T", "java/lang/Object");
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    Class *c = EXPECT_OK(asm_finish(&a));
    if (c) {
        ConstantPool *cp = &c->cp;
        CHECK(cp->tags[0] == 0 && cp->tags[l1 + 1] == 0 && cp->tags[l1] == JVM_CONSTANT_Long);
        CHECK(cp->e[i1].i == -1 && cp->e[l1].j == 0x123456789ll);
        CHECK(sym_eq_cstr(cp_utf8(cp, cp->e[s1].ref.a), "s"));
        CHECK(cp->nobjs == 4 && cp->e[s1].obj == 0 && cp->e[mt].obj == 1 && cp->e[mh1].obj == 2 &&
              cp->e[s2].obj == 3);
        CHECK(cp->objs && cp->errors && !cp->objs[3] && !cp->errors[3]);
        CHECK(cp->e[mh1].ref.a == JVM_REF_invokeStatic);
        CHECK(sym_eq_cstr(cp_member_name(cp, cp->e[mh1].ref.b), "m"));
        CHECK(c->nmethods == 0 && c->methods == NULL && c->nfields == 0);
    }
    cf_free(c);
}

/* A class with one method `m` of the given flags/descriptor and bytecode. */
static Bytes class_with_code(unsigned major, unsigned class_access, unsigned access, const char *name,
                             const char *desc, unsigned max_locals, const uint8_t *code, size_t n) {
    Asm a;
    asm_init(&a, major);
    asm_header(&a, class_access, "T", "java/lang/Object");
    u2(&a.body, 0);
    u2(&a.body, 1);
    asm_method(&a, access, name, desc, max_locals, code, n);
    u2(&a.body, 0);
    return asm_finish(&a);
}

/* A class with one Code-less method. */
static Bytes class_with_bodyless(unsigned major, unsigned class_access, unsigned access, const char *name,
                                 const char *desc) {
    Asm a;
    asm_init(&a, major);
    asm_header(&a, class_access, "T", "java/lang/Object");
    u2(&a.body, 0);
    u2(&a.body, 1);
    asm_bodyless_method(&a, access, name, desc);
    u2(&a.body, 0);
    return asm_finish(&a);
}

static Bytes class_with_field(unsigned major, unsigned class_access, unsigned access, const char *name,
                              const char *desc) {
    Asm a;
    asm_init(&a, major);
    asm_header(&a, class_access, "T", "java/lang/Object");
    u2(&a.body, 1);
    asm_field(&a, access, name, desc);
    u2(&a.body, 0);
    u2(&a.body, 0);
    return asm_finish(&a);
}

static void test_flags(void) {
    const unsigned PUB = JVM_ACC_PUBLIC, ABS = JVM_ACC_ABSTRACT, IFACE = JVM_ACC_INTERFACE | JVM_ACC_ABSTRACT;
    Asm a;
    struct { unsigned flags; bool ok; } classes[] = {
        { PUB | JVM_ACC_SUPER, true },
        { PUB | ABS | JVM_ACC_FINAL, false },
        { PUB | JVM_ACC_INTERFACE, false },
        { PUB | IFACE | JVM_ACC_SUPER, false },
        { PUB | IFACE | JVM_ACC_ENUM, false },
        { PUB | JVM_ACC_ANNOTATION, false },
        { PUB | IFACE | JVM_ACC_ANNOTATION, true },
        { PUB | JVM_ACC_ENUM | JVM_ACC_FINAL | JVM_ACC_SUPER, true },
        { PUB | JVM_ACC_PRIVATE | JVM_ACC_STATIC, true },   /* not class flags: ignored */
    };
    for (size_t i = 0; i < ARRAY_LEN(classes); i++) {
        asm_init(&a, 61);
        asm_header(&a, classes[i].flags, "T", "java/lang/Object");
        u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
        if (classes[i].ok) {
            Class *c = EXPECT_OK(asm_finish(&a));
            CHECK(c && !(c->access & (JVM_ACC_PRIVATE | JVM_ACC_STATIC)));
            cf_free(c);
        } else {
            char msg[64];
            snprintf(msg, sizeof msg, "Illegal class modifiers in class T: 0x%X", classes[i].flags);
            expect_fail_(__LINE__, asm_finish(&a), "T", CFE_FORMAT, msg);     /* the name given is used */
        }
    }
    asm_init(&a, 49);                               /* old interfaces get ACC_ABSTRACT implied */
    asm_header(&a, PUB | JVM_ACC_INTERFACE, "T", "java/lang/Object");
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    Class *c = EXPECT_OK(asm_finish(&a));
    CHECK(c && (c->access & JVM_ACC_ABSTRACT));
    cf_free(c);

    struct { unsigned class_flags, flags; bool ok; } fields[] = {
        { PUB, PUB | JVM_ACC_PRIVATE, false },
        { PUB, JVM_ACC_PROTECTED | JVM_ACC_PRIVATE, false },
        { PUB, JVM_ACC_FINAL | JVM_ACC_VOLATILE, false },
        { PUB, PUB | JVM_ACC_STATIC | JVM_ACC_FINAL | JVM_ACC_TRANSIENT, true },
        { IFACE, PUB | JVM_ACC_STATIC | JVM_ACC_FINAL, true },
        { IFACE, PUB | JVM_ACC_STATIC, false },
        { IFACE, JVM_ACC_STATIC | JVM_ACC_FINAL, false },
        { IFACE, PUB | JVM_ACC_STATIC | JVM_ACC_FINAL | JVM_ACC_TRANSIENT, false },
    };
    for (size_t i = 0; i < ARRAY_LEN(fields); i++) {
        Bytes b = class_with_field(61, fields[i].class_flags, fields[i].flags, "f", "I");
        if (fields[i].ok) cf_free(EXPECT_OK(b));
        else EXPECT_FORMAT(b, "Illegal field modifiers in class T: 0x");
    }

    struct { unsigned major, class_flags, flags; const char *name; bool ok; } methods[] = {
        { 61, PUB, PUB | JVM_ACC_PRIVATE, "m", false },
        { 61, PUB, ABS | JVM_ACC_FINAL, "m", false },
        { 61, PUB, ABS | JVM_ACC_PRIVATE, "m", false },
        { 61, PUB, ABS | JVM_ACC_STATIC, "m", false },
        { 61, PUB, ABS | JVM_ACC_NATIVE, "m", false },
        { 61, PUB, ABS | JVM_ACC_SYNCHRONIZED, "m", false },
        { 61, PUB, ABS | JVM_ACC_STRICT, "m", true },        /* strictfp is meaningless from 61 */
        { 60, PUB, ABS | JVM_ACC_STRICT, "m", false },
        { 61, PUB, JVM_ACC_STATIC, "<init>", false },
        { 61, PUB, JVM_ACC_NATIVE, "<init>", false },
        { 61, IFACE, JVM_ACC_PROTECTED | ABS, "m", false },
        { 61, IFACE, ABS, "m", false },                      /* neither public nor private */
        { 61, IFACE, PUB | JVM_ACC_PRIVATE | ABS, "m", false },
        { 61, IFACE, PUB | ABS, "m", true },
        { 61, IFACE, JVM_ACC_PRIVATE | ABS, "m", false },
        { 61, IFACE, PUB | JVM_ACC_FINAL | ABS, "m", false },
        { 51, IFACE, PUB | ABS, "m", true },
        { 51, IFACE, PUB | JVM_ACC_STATIC | ABS, "m", false },
        { 48, IFACE, PUB | JVM_ACC_STRICT | ABS, "m", true },
    };
    for (size_t i = 0; i < ARRAY_LEN(methods); i++) {
        Bytes b = class_with_bodyless(methods[i].major, methods[i].class_flags, methods[i].flags,
                                      methods[i].name, "()V");
        if (methods[i].ok) {
            cf_free(EXPECT_OK(b));
        } else {
            char msg[64];
            snprintf(msg, sizeof msg, "Method %s in class T has illegal modifiers: 0x%X",
                     methods[i].name, methods[i].flags);
            EXPECT_FORMAT(b, msg);
        }
    }

    EXPECT_FORMAT(class_with_code(61, PUB, 0, "<clinit>", "()V", 0, RETURN, 1),
                  "Method <clinit> is not static in class file T");
    c = EXPECT_OK(class_with_code(50, PUB, 0, "<clinit>", "()V", 0, RETURN, 1));   /* old: flags ignored */
    CHECK(c && c->methods[0].access == JVM_ACC_STATIC && c->methods[0].arg_slots == 0);
    cf_free(c);
    c = EXPECT_OK(class_with_code(61, PUB, JVM_ACC_STATIC | JVM_ACC_PUBLIC | JVM_ACC_FINAL, "<clinit>", "()V",
                                  0, RETURN, 1));
    CHECK(c && c->methods[0].access == JVM_ACC_STATIC);
    cf_free(c);
    EXPECT_FORMAT(class_with_code(61, PUB, JVM_ACC_STATIC, "<clinit>", "(I)V", 1, RETURN, 1),
                  "Method \"<clinit>\" in class T has illegal signature \"(I)V\"");
    cf_free(EXPECT_OK(class_with_code(50, PUB, JVM_ACC_STATIC, "<clinit>", "(I)V", 1, RETURN, 1)));
    EXPECT_FORMAT(class_with_code(61, PUB, PUB, "<init>", "()I", 1, RETURN, 1), "has illegal signature");
    EXPECT_FORMAT(class_with_code(61, IFACE | PUB, PUB, "<init>", "()V", 1, RETURN, 1),
                  "Interface cannot have a method named <init>, class file T");
    EXPECT_FORMAT(class_with_code(61, PUB, PUB, "<init>x", "()V", 1, RETURN, 1), "Illegal method name \"<init>x\"");
}

static void test_members(void) {
    const unsigned PUB = JVM_ACC_PUBLIC;
    Asm a;
    /* Duplicates: same name and descriptor; overloading is fine. */
    asm_init(&a, 61);
    asm_header(&a, PUB, "T", "java/lang/Object");
    u2(&a.body, 3);
    asm_field(&a, PUB, "x", "I");
    asm_field(&a, PUB, "x", "J");
    asm_field(&a, 0, "x", "I");
    u2(&a.body, 0);
    u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Duplicate field name \"x\" with signature \"I\" in class file T");

    asm_init(&a, 61);
    asm_header(&a, PUB, "T", "java/lang/Object");
    u2(&a.body, 0);
    u2(&a.body, 3);
    asm_bodyless_method(&a, PUB | JVM_ACC_NATIVE, "m", "(Ljava/lang/String;)V");
    asm_bodyless_method(&a, PUB | JVM_ACC_NATIVE, "m", "()V");
    asm_bodyless_method(&a, JVM_ACC_NATIVE, "m", "(Ljava/lang/String;)V");
    u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Duplicate method name \"m\" with signature \"(Ljava.lang.String;)V\" in class file T");

    /* Many members, to exercise the duplicate table beyond its first size. */
    asm_init(&a, 61);
    asm_header(&a, PUB, "T", "java/lang/Object");
    u2(&a.body, 1000);
    for (int i = 0; i < 1000; i++) {
        char name[16];
        snprintf(name, sizeof name, "f%d", i);
        asm_field(&a, PUB, name, i % 2 ? "I" : "J");
    }
    u2(&a.body, 0);
    u2(&a.body, 0);
    Class *c = EXPECT_OK(asm_finish(&a));
    if (c) {
        CHECK(c->nfields == 1000 && c->fields[999].index == 999 && c->fields[999].type == T_INT &&
              c->fields[998].type == T_LONG && c->fields[5].holder == c);
        Symbol *f500 = sym_intern_cstr("f500"), *J = sym_intern_cstr("J"), *I = sym_intern_cstr("I");
        CHECK(class_find_declared_field(c, f500, J) == &c->fields[500]);
        CHECK(class_find_declared_field(c, f500, I) == NULL);
        CHECK(class_find_declared_method(c, f500, J) == NULL);
    }
    cf_free(c);

    /* Member name and descriptor indices must be Utf8 entries. */
    asm_init(&a, 61);
    asm_header(&a, PUB, "T", "java/lang/Object");
    u2(&a.body, 1);
    u2(&a.body, PUB); u2(&a.body, 0); u2(&a.body, pool_utf8(&a, "I")); u2(&a.body, 0);
    u2(&a.body, 0);
    u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Invalid constant pool index 0 for field name in class file T");
    asm_init(&a, 61);
    asm_header(&a, PUB, "T", "java/lang/Object");
    u2(&a.body, 1);
    u2(&a.body, PUB); u2(&a.body, pool_utf8(&a, "f")); u2(&a.body, 999); u2(&a.body, 0);
    u2(&a.body, 0);
    u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Invalid constant pool index 999 for field signature in class file T");
    asm_init(&a, 61);
    asm_header(&a, PUB, "T", "java/lang/Object");
    u2(&a.body, 0);
    u2(&a.body, 1);
    u2(&a.body, PUB | JVM_ACC_NATIVE); u2(&a.body, pool_class(&a, "m")); u2(&a.body, pool_utf8(&a, "()V"));
    u2(&a.body, 0);
    u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Illegal constant pool index 6 for method name in class file T");
    asm_init(&a, 61);
    asm_header(&a, PUB, "T", "java/lang/Object");
    u2(&a.body, 0);
    u2(&a.body, 1);
    u2(&a.body, PUB | JVM_ACC_NATIVE); u2(&a.body, pool_utf8(&a, "m")); u2(&a.body, pool_class(&a, "V"));
    u2(&a.body, 0);
    u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Illegal constant pool index 7 for method signature in class file T");

    /* Field names and descriptors. */
    static const char *bad_names[] = { "a.b", "a;b", "a[b", "a/b", "" };
    for (size_t i = 0; i < ARRAY_LEN(bad_names); i++)
        EXPECT_FORMAT(class_with_field(61, PUB, PUB, bad_names[i], "I"), "Illegal field name");
    cf_free(EXPECT_OK(class_with_field(61, PUB, PUB, "<weird>", "I")));
    static const char *bad_descs[] = { "V", "X", "Lx", "L;", "[", "()V", "II" };
    for (size_t i = 0; i < ARRAY_LEN(bad_descs); i++)
        EXPECT_FORMAT(class_with_field(61, PUB, PUB, "f", bad_descs[i]), "has illegal signature");

    /* Method names and descriptors. */
    static const char *bad_method_names[] = { "<foo>", "a<b", "a>", "a.b", "a/b", "" };
    for (size_t i = 0; i < ARRAY_LEN(bad_method_names); i++)
        EXPECT_FORMAT(class_with_bodyless(61, PUB, PUB | JVM_ACC_NATIVE, bad_method_names[i], "()V"),
                      "Illegal method name");
    static const char *bad_method_descs[] = { "()", "(V)V", "(I", "()II", "I", "(I)[V" };
    for (size_t i = 0; i < ARRAY_LEN(bad_method_descs); i++)
        EXPECT_FORMAT(class_with_bodyless(61, PUB, PUB | JVM_ACC_NATIVE, "m", bad_method_descs[i]),
                      "has illegal signature");

    /* Argument slots: at most 255 including the receiver. */
    char desc[300] = "(";
    for (int i = 0; i < 127; i++) strcat(desc, "J");
    strcat(desc, "I)V");                                    /* 255 slots */
    c = EXPECT_OK(class_with_bodyless(61, PUB, PUB | JVM_ACC_NATIVE | JVM_ACC_STATIC, "m", desc));
    CHECK(c && c->methods[0].arg_slots == 255 && c->methods[0].ret_type == T_VOID);
    cf_free(c);
    EXPECT_FORMAT(class_with_bodyless(61, PUB, PUB | JVM_ACC_NATIVE, "m", desc),
                  "Too many arguments in method signature in class file T");

    /* Code presence. */
    EXPECT_FORMAT(class_with_bodyless(61, PUB, PUB, "m", "()V"),
                  "Absent Code attribute in method that is not native or abstract in class file T");
    EXPECT_FORMAT(class_with_code(61, PUB | JVM_ACC_ABSTRACT, PUB | JVM_ACC_ABSTRACT, "m", "()V", 1, RETURN, 1),
                  "Code attribute in native or abstract methods in class file T");
    EXPECT_FORMAT(class_with_code(61, PUB, PUB, "m", "()V", 1, RETURN, 0), "Invalid method Code length 0");
    EXPECT_FORMAT(class_with_code(61, PUB, PUB, "m", "(J)V", 2, RETURN, 1),
                  "Arguments can't fit into locals in class file T");
    c = EXPECT_OK(class_with_code(61, PUB, PUB | JVM_ACC_STATIC, "m", "(JD)V", 4, RETURN, 1));
    CHECK(c && c->methods[0].arg_slots == 4 && c->methods[0].max_locals == 4 && c->methods[0].max_stack == 4);
    cf_free(c);

    /* What the parser derives for a method. */
    c = EXPECT_OK(class_with_bodyless(61, PUB, PUB | JVM_ACC_NATIVE, "m", "(ILjava/lang/Object;)J"));
    if (c) {
        Method *m = &c->methods[0];
        CHECK(m->kind == MK_NATIVE && m->arg_slots == 3 && m->ret_type == T_LONG && m->vtable_index == -1 &&
              m->itable_index == -1 && !m->code && m->holder == c && m->index == 0);
        CHECK(class_find_declared_method(c, m->name, m->desc) == m);
    }
    cf_free(c);
    c = EXPECT_OK(class_with_bodyless(61, PUB | JVM_ACC_ABSTRACT, PUB | JVM_ACC_ABSTRACT, "m", "()V"));
    CHECK(c && c->methods[0].kind == MK_ABSTRACT);
    cf_free(c);
    c = EXPECT_OK(class_with_code(61, PUB, PUB, "m", "()V", 1, RETURN, 1));
    CHECK(c && c->methods[0].kind == MK_INTERPRETED && (c->methods[0].flags & MF_EMPTY) &&
          c->methods[0].code_len == 1 && c->methods[0].code[0] == 0xb1);
    cf_free(c);
}

static void test_bytecode(void) {
    const unsigned PUB = JVM_ACC_PUBLIC, STATIC = JVM_ACC_STATIC;
    struct { const uint8_t *code; size_t n; bool ok; uint32_t flags; } cases[] = {
        { (const uint8_t[]){ 0x00, 0xb1 }, 2, true, 0 },                  /* nop; return */
        { (const uint8_t[]){ 0xca }, 1, false, 0 },                       /* breakpoint */
        { (const uint8_t[]){ 0xfe }, 1, false, 0 },                       /* impdep1 */
        { (const uint8_t[]){ 0x11, 0x01 }, 2, false, 0 },                 /* sipush cut short */
        { (const uint8_t[]){ 0xb9, 0, 1, 1 }, 4, false, 0 },              /* invokeinterface cut short */
        { (const uint8_t[]){ 0xa8, 0, 4, 0xb1, 0x4b, 0xa9, 0 }, 7, true, MF_HAS_JSR },  /* jsr; return; astore_0; ret 0 */
        { (const uint8_t[]){ 0xc4, 0xa9, 0, 0, 0xb1 }, 5, true, MF_HAS_JSR },  /* wide ret */
        { (const uint8_t[]){ 0xc4, 0x84, 0, 0, 0, 1, 0xb1 }, 7, true, 0 },     /* wide iinc */
        { (const uint8_t[]){ 0xc4, 0x15, 0, 0, 0xb1 }, 5, true, 0 },           /* wide iload */
        { (const uint8_t[]){ 0xc4, 0x10, 0, 0, 0xb1 }, 5, false, 0 },          /* wide bipush */
        { (const uint8_t[]){ 0xc4 }, 1, false, 0 },
        { (const uint8_t[]){ 0xc9, 0, 0, 0, 5, 0xb1 }, 6, true, MF_HAS_JSR },  /* jsr_w */
        /* iconst_0; tableswitch (pad 2) default 0, low 1, high 2, two offsets; return */
        { (const uint8_t[]){ 0x03, 0xaa, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0xb1 },
          25, true, 0 },
        { (const uint8_t[]){ 0x03, 0xaa, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, 0xb1 }, 17, false, 0 },  /* low > high */
        { (const uint8_t[]){ 0x03, 0xaa, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0 }, 20, false, 0 },
        { (const uint8_t[]){ 0x03, 0xaa, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff }, 16, false, 0 },
        /* iconst_0; lookupswitch (pad 2) default 0, 1 pair; return */
        { (const uint8_t[]){ 0x03, 0xab, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 5, 0, 0, 0, 0, 0xb1 }, 21, true, 0 },
        { (const uint8_t[]){ 0x03, 0xab, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xb1 }, 13, false, 0 },
        { (const uint8_t[]){ 0xab, 0, 0, 0 }, 4, false, 0 },
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        Bytes b = class_with_code(61, PUB, PUB | STATIC, "m", "()V", 1, cases[i].code, cases[i].n);
        if (cases[i].ok) {
            Class *c = EXPECT_OK(b);
            CHECKF(c && (c->methods[0].flags & (MF_HAS_JSR | MF_EMPTY)) == cases[i].flags, "bytecode case %zu", i);
            cf_free(c);
        } else {
            EXPECT_FORMAT(b, "Illegal instruction at offset");
        }
    }
}

/* A class with one static method `m` whose Code attribute is written by `fill`, which gets
 * the method's body buffer positioned after code_length. */
typedef void (*CodeFiller)(Asm *a, Buf *b, int variant);

static Bytes class_with_code_attr(CodeFiller fill, int variant) {
    Asm a;
    asm_init(&a, 61);
    asm_header(&a, JVM_ACC_PUBLIC, "T", "java/lang/Object");
    u2(&a.body, 0);
    u2(&a.body, 1);
    u2(&a.body, JVM_ACC_PUBLIC | JVM_ACC_STATIC);
    u2(&a.body, pool_utf8(&a, "m"));
    u2(&a.body, pool_utf8(&a, "(J)V"));
    u2(&a.body, 1);
    size_t at = asm_attr(&a, &a.body, "Code");
    u2(&a.body, 2);                                 /* max_stack */
    u2(&a.body, 3);                                 /* max_locals */
    fill(&a, &a.body, variant);
    asm_attr_end(&a.body, at);
    u2(&a.body, 0);
    return asm_finish(&a);
}

/* Ten bytes of code (nops and a return), then variant-specific tables. */
static void fill_exception_table(Asm *a, Buf *b, int variant) {
    static const uint8_t code[10] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xb1 };
    static const uint16_t rows[][4] = {
        { 0, 5, 6, 0 }, { 5, 5, 6, 0 }, { 6, 5, 6, 0 }, { 0, 11, 6, 0 }, { 0, 10, 10, 0 }, { 0, 5, 6, 0xFFFF },
        { 0, 10, 9, 0 },
    };
    u4(b, sizeof code);
    put(b, code, sizeof code);
    u2(b, 2);
    u2(b, 0); u2(b, 5); u2(b, 6); u2(b, pool_class(a, "java/lang/Throwable"));
    for (int i = 0; i < 4; i++) u2(b, rows[variant][i]);
    u2(b, 0);
}

static void fill_code_tables(Asm *a, Buf *b, int variant) {
    static const uint8_t code[10] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xb1 };
    u4(b, sizeof code);
    put(b, code, sizeof code);
    u2(b, 0);
    u2(b, variant == 9 ? 6 : 5);                    /* attributes */
    size_t at = asm_attr(a, b, "LineNumberTable");
    u2(b, 2);
    u2(b, 0); u2(b, 10);
    u2(b, variant == 1 ? 10 : 9); u2(b, 11);
    asm_attr_end(b, at);
    at = asm_attr(a, b, "LineNumberTable");         /* several tables concatenate */
    u2(b, 1);
    u2(b, 4); u2(b, 12);
    if (variant == 2) u1(b, 0);                     /* one byte too many */
    asm_attr_end(b, at);
    at = asm_attr(a, b, "LocalVariableTable");
    u2(b, 2);
    u2(b, 0); u2(b, 10); u2(b, pool_utf8(a, "x")); u2(b, pool_utf8(a, variant == 3 ? "Q" : "J"));
    u2(b, variant == 4 ? 2 : 0);                    /* a long in slot 2 needs 4 locals */
    u2(b, variant == 5 ? 10 : 2); u2(b, variant == 6 ? 9 : 8);
    u2(b, pool_utf8(a, variant == 7 ? "a/b" : "s")); u2(b, pool_utf8(a, "Ljava/lang/String;")); u2(b, 2);
    asm_attr_end(b, at);
    at = asm_attr(a, b, "LocalVariableTypeTable");
    u2(b, 1);
    u2(b, 2); u2(b, 8); u2(b, pool_utf8(a, "s")); u2(b, pool_utf8(a, "TT;")); u2(b, 2);
    asm_attr_end(b, at);
    at = asm_attr(a, b, "StackMapTable");
    u2(b, 0);
    asm_attr_end(b, at);
    if (variant == 8) u1(b, 0);                     /* Code one byte longer than its parts */
    if (variant == 9) {
        at = asm_attr(a, b, "StackMapTable");
        u2(b, 0);
        asm_attr_end(b, at);
    }
}

static void test_code_attribute(void) {
    Class *c = EXPECT_OK(class_with_code_attr(fill_exception_table, 0));
    if (c) {
        Method *m = &c->methods[0];
        CHECK(m->nexc == 2 && m->exc[0].start_pc == 0 && m->exc[0].end_pc == 5 && m->exc[0].handler_pc == 6 &&
              m->exc[0].catch_type != 0 && m->exc[1].catch_type == 0);
        CHECK(sym_eq_cstr(cp_class_name(&c->cp, m->exc[0].catch_type), "java/lang/Throwable"));
    }
    cf_free(c);
    for (int v = 1; v <= 4; v++) EXPECT_FORMAT(class_with_code_attr(fill_exception_table, v),
                                               v == 4 ? "Illegal exception table handler" : "Illegal exception table range");
    EXPECT_FORMAT(class_with_code_attr(fill_exception_table, 5), "Catch type in exception table has bad constant type");
    cf_free(EXPECT_OK(class_with_code_attr(fill_exception_table, 6)));

    c = EXPECT_OK(class_with_code_attr(fill_code_tables, 0));
    if (c) {
        Method *m = &c->methods[0];
        CHECK(m->nlines == 3 && m->lines[1].start_pc == 9 && m->lines[1].line == 11 && m->lines[2].line == 12);
        CHECK(m->nlvt == 2 && sym_eq_cstr(m->lvt[0].name, "x") && sym_eq_cstr(m->lvt[0].desc, "J") &&
              m->lvt[1].start_pc == 2 && m->lvt[1].length == 8 && m->lvt[1].slot == 2);
        CHECK(m->nlvtt == 1 && sym_eq_cstr(m->lvtt[0].desc, "TT;"));
        CHECK(m->stack_map.len == 2 && m->stack_map.data &&
              m->stack_map.data >= c->classfile && m->stack_map.data < c->classfile + c->classfile_len);
    }
    cf_free(c);
    EXPECT_FORMAT(class_with_code_attr(fill_code_tables, 1), "Invalid pc in LineNumberTable in class file T");
    EXPECT_FORMAT(class_with_code_attr(fill_code_tables, 2), "LineNumberTable attribute has wrong length");
    EXPECT_FORMAT(class_with_code_attr(fill_code_tables, 3), "Field \"x\" in class T has illegal signature \"Q\"");
    EXPECT_FORMAT(class_with_code_attr(fill_code_tables, 4), "Invalid index 2 in LocalVariableTable in class file T");
    EXPECT_FORMAT(class_with_code_attr(fill_code_tables, 5), "Invalid start_pc 10 in LocalVariableTable");
    EXPECT_FORMAT(class_with_code_attr(fill_code_tables, 6), "Invalid length 9 in LocalVariableTable");
    EXPECT_FORMAT(class_with_code_attr(fill_code_tables, 7), "Illegal field name \"a/b\"");
    EXPECT_FORMAT(class_with_code_attr(fill_code_tables, 8), "Code segment has wrong length in class file T");
    EXPECT_FORMAT(class_with_code_attr(fill_code_tables, 9), "Multiple StackMapTable attributes in class file T");
}

/* A class with one static field whose attributes `fill` writes (count included). */
typedef void (*AttrFiller)(Asm *a, Buf *b, int variant);

static Bytes class_with_field_attrs(const char *desc, unsigned access, AttrFiller fill, int variant) {
    Asm a;
    asm_init(&a, 61);
    asm_header(&a, JVM_ACC_PUBLIC, "T", "java/lang/Object");
    u2(&a.body, 1);
    u2(&a.body, access);
    u2(&a.body, pool_utf8(&a, "f"));
    u2(&a.body, pool_utf8(&a, desc));
    fill(&a, &a.body, variant);
    u2(&a.body, 0);
    u2(&a.body, 0);
    return asm_finish(&a);
}

/* variant 0-2: ConstantValue of an Integer, a Long, a String; 3: length 3; 4: two of them;
 * 5: index 0; 6: Signature and Synthetic and an unknown attribute; 7: two Signatures;
 * 8: Synthetic with a body. */
static void fill_field_attrs(Asm *a, Buf *b, int variant) {
    size_t at;
    if (variant <= 5) {
        u2(b, variant == 4 ? 2 : 1);
        for (int k = 0; k < (variant == 4 ? 2 : 1); k++) {
            at = asm_attr(a, b, "ConstantValue");
            u2(b, variant == 0 || variant == 4 ? pool_int(a, 7) : variant == 1 ? pool_long(a, 7)
                  : variant == 2 ? pool_string(a, "s") : 0);
            if (variant == 3) u1(b, 0);
            asm_attr_end(b, at);
        }
        return;
    }
    u2(b, variant == 6 ? 3 : 2);
    at = asm_attr(a, b, "Signature");
    u2(b, pool_utf8(a, "TT;"));
    asm_attr_end(b, at);
    if (variant == 7) {
        at = asm_attr(a, b, "Signature");
        u2(b, pool_utf8(a, "TU;"));
        asm_attr_end(b, at);
        return;
    }
    at = asm_attr(a, b, "Synthetic");
    if (variant == 8) u1(b, 0);
    asm_attr_end(b, at);
    if (variant == 6) {
        at = asm_attr(a, b, "org.example.Unknown");
        u4(b, 0xDEADBEEF);
        asm_attr_end(b, at);
    }
}

static void test_field_attributes(void) {
    const unsigned PSF = JVM_ACC_PUBLIC | JVM_ACC_STATIC | JVM_ACC_FINAL;
    struct { const char *desc; int variant; const char *msg; } cases[] = {
        { "I", 0, NULL }, { "Z", 0, NULL }, { "C", 0, NULL }, { "J", 1, NULL },
        { "Ljava/lang/String;", 2, NULL },
        { "J", 0, "Inconsistent constant value type in class file T" },
        { "I", 1, "Inconsistent constant value type in class file T" },
        { "Ljava/lang/Object;", 2, "Bad string initial value in class file T" },
        { "Ljava/lang/String;", 0, "Bad string initial value in class file T" },
        { "[I", 0, "Unable to set initial value" },
        { "I", 3, "Wrong ConstantValue attribute length 3 in class file T" },
        { "I", 4, "Multiple ConstantValue attributes in class file T" },
        { "I", 5, "Bad initial value index 0 in ConstantValue attribute in class file T" },
        { "I", 7, "Multiple Signature attributes in class file T" },
        { "I", 8, "Wrong Synthetic attribute length 1 in class file T" },
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        Bytes b = class_with_field_attrs(cases[i].desc, PSF, fill_field_attrs, cases[i].variant);
        if (!cases[i].msg) {
            Class *c = EXPECT_OK(b);
            CHECKF(c && c->fields[0].const_index != 0 && field_is_static(&c->fields[0]), "ConstantValue case %zu", i);
            cf_free(c);
        } else {
            EXPECT_FORMAT(b, cases[i].msg);
        }
    }
    /* On an instance field ConstantValue means nothing, even a broken one. */
    Class *c = EXPECT_OK(class_with_field_attrs("I", JVM_ACC_PUBLIC, fill_field_attrs, 5));
    CHECK(c && c->fields[0].const_index == 0);
    cf_free(c);
    c = EXPECT_OK(class_with_field_attrs("I", PSF, fill_field_attrs, 6));
    CHECK(c && sym_eq_cstr(c->fields[0].signature, "TT;") && (c->fields[0].access & JVM_ACC_SYNTHETIC));
    cf_free(c);
}

/* Class attributes: variant selects the attribute list after no fields and no methods. */
static Bytes class_with_attrs(unsigned major, unsigned access, AttrFiller fill, int variant) {
    Asm a;
    asm_init(&a, major);
    asm_header(&a, access, "T", "java/lang/Object");
    u2(&a.body, 0);
    u2(&a.body, 0);
    fill(&a, &a.body, variant);
    return asm_finish(&a);
}

static void fill_inner_classes(Asm *a, Buf *b, int variant) {
    u2(b, 1);
    size_t at = asm_attr(a, b, "InnerClasses");
    unsigned inner = pool_class(a, "T$I"), outer = pool_class(a, "T"), inner_name = pool_utf8(a, "I");
    u2(b, 2);
    u2(b, inner); u2(b, outer); u2(b, inner_name); u2(b, JVM_ACC_PUBLIC | JVM_ACC_STATIC);
    switch (variant) {
    case 0: u2(b, pool_class(a, "T$J")); u2(b, 0); u2(b, 0); u2(b, JVM_ACC_PRIVATE); break;
    case 1: u2(b, inner); u2(b, outer); u2(b, inner_name); u2(b, JVM_ACC_PUBLIC | JVM_ACC_STATIC); break;
    case 2: u2(b, pool_utf8(a, "x")); u2(b, 0); u2(b, 0); u2(b, 0); break;
    case 3: u2(b, inner); u2(b, inner); u2(b, 0); u2(b, 0); break;
    case 4: u2(b, inner); u2(b, pool_class(a, "[LT;")); u2(b, 0); u2(b, 0); break;
    case 5: u2(b, inner); u2(b, outer); u2(b, inner); u2(b, 0); break;
    case 6: u2(b, inner); u2(b, 0); u2(b, 0); u2(b, JVM_ACC_INTERFACE); break;
    case 7: u2(b, inner); u2(b, 0); u2(b, 0); u2(b, 0); u1(b, 0); break;
    }
    asm_attr_end(b, at);
}

/* 0 NestHost; 1 NestMembers; 2 both; 3 bad NestHost index; 4 PermittedSubclasses;
 * 5 bad permitted index; 6 EnclosingMethod; 7 EnclosingMethod class 0; 8 bad method index;
 * 9 SourceFile + Signature + Deprecated + Synthetic + SourceDebugExtension; 10 two SourceFiles;
 * 11 SourceFile pointing at a class; 12 attribute name not Utf8; 13 attribute past the end. */
static void fill_class_attrs(Asm *a, Buf *b, int variant) {
    static const unsigned counts[] = { 1, 1, 2, 1, 1, 1, 1, 1, 1, 5, 2, 1, 1, 1 };
    u2(b, counts[variant]);
    size_t at;
    if (variant == 0 || variant == 2 || variant == 3) {
        at = asm_attr(a, b, "NestHost");
        u2(b, variant == 3 ? pool_utf8(a, "x") : pool_class(a, "Outer"));
        asm_attr_end(b, at);
    }
    if (variant == 1 || variant == 2) {
        at = asm_attr(a, b, "NestMembers");
        u2(b, 2);
        u2(b, pool_class(a, "T$A"));
        u2(b, pool_class(a, "T$B"));
        asm_attr_end(b, at);
    }
    if (variant == 4 || variant == 5) {
        at = asm_attr(a, b, "PermittedSubclasses");
        u2(b, 1);
        u2(b, variant == 5 ? 0 : pool_class(a, "Sub"));
        asm_attr_end(b, at);
    }
    if (variant >= 6 && variant <= 8) {
        at = asm_attr(a, b, "EnclosingMethod");
        u2(b, variant == 7 ? 0 : pool_class(a, "Outer"));
        u2(b, variant == 8 ? pool_class(a, "X") : pool_nat(a, "run", "()V"));
        asm_attr_end(b, at);
    }
    if (variant >= 9 && variant <= 11) {
        for (int k = 0; k < (variant == 10 ? 2 : 1); k++) {
            at = asm_attr(a, b, "SourceFile");
            u2(b, variant == 11 ? pool_class(a, "X") : pool_utf8(a, "T.java"));
            asm_attr_end(b, at);
        }
    }
    if (variant == 9) {
        at = asm_attr(a, b, "Signature");
        u2(b, pool_utf8(a, "<X:Ljava/lang/Object;>Ljava/lang/Object;"));
        asm_attr_end(b, at);
        asm_attr_end(b, asm_attr(a, b, "Deprecated"));
        asm_attr_end(b, asm_attr(a, b, "Synthetic"));
        at = asm_attr(a, b, "SourceDebugExtension");
        put(b, "SMAP\n", 5);
        asm_attr_end(b, at);
    }
    if (variant == 12) {
        u2(b, pool_class(a, "X"));
        u4(b, 0);
    }
    if (variant == 13) {
        u2(b, pool_utf8(a, "Whatever"));
        u4(b, 1000);
    }
}

static void test_class_attributes(void) {
    const unsigned PUB = JVM_ACC_PUBLIC | JVM_ACC_SUPER;
    Class *c = EXPECT_OK(class_with_attrs(61, PUB, fill_inner_classes, 0));
    if (c) {
        CHECK(c->ninner == 2 && c->inner[1].outer_class == 0 && c->inner[1].access == JVM_ACC_PRIVATE);
        CHECK(sym_eq_cstr(cp_class_name(&c->cp, c->inner[0].inner_class), "T$I") &&
              sym_eq_cstr(cp_utf8(&c->cp, c->inner[0].inner_name), "I"));
    }
    cf_free(c);
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_inner_classes, 1), "Duplicate entry in InnerClasses attribute");
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_inner_classes, 2), "inner_class_info_index");
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_inner_classes, 3), "Class is both outer and inner class");
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_inner_classes, 4), "Outer class is an array class");
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_inner_classes, 5), "inner_name_index");
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_inner_classes, 6), "Illegal class modifiers in class T: 0x200");
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_inner_classes, 7), "Wrong InnerClasses attribute length in class file T");
    cf_free(EXPECT_OK(class_with_attrs(48, PUB, fill_inner_classes, 7)));    /* old files: lenient */

    c = EXPECT_OK(class_with_attrs(61, PUB, fill_class_attrs, 0));
    CHECK(c && c->nest_host_index && sym_eq_cstr(cp_class_name(&c->cp, c->nest_host_index), "Outer"));
    cf_free(c);
    c = EXPECT_OK(class_with_attrs(61, PUB, fill_class_attrs, 1));
    CHECK(c && c->nnest_members == 2 && sym_eq_cstr(cp_class_name(&c->cp, c->nest_members[1]), "T$B"));
    cf_free(c);
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_class_attrs, 2), "Conflicting NestHost and NestMembers attributes");
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_class_attrs, 3), "Nest-host class_info_index");
    cf_free(EXPECT_OK(class_with_attrs(54, PUB, fill_class_attrs, 3)));  /* before 55: unknown, skipped */
    c = EXPECT_OK(class_with_attrs(61, PUB, fill_class_attrs, 4));
    CHECK(c && c->npermitted == 1);
    cf_free(c);
    EXPECT_FORMAT(class_with_attrs(61, PUB | JVM_ACC_FINAL, fill_class_attrs, 4),
                  "PermittedSubclasses attribute in final class file T");
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_class_attrs, 5), "Permitted subclass class_info_index 0");
    cf_free(EXPECT_OK(class_with_attrs(60, PUB, fill_class_attrs, 5)));
    c = EXPECT_OK(class_with_attrs(61, PUB, fill_class_attrs, 6));
    CHECK(c && c->has_enclosing && c->enclosing_class && c->enclosing_method);
    cf_free(c);
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_class_attrs, 7), "Invalid class index in EnclosingMethod");
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_class_attrs, 8), "Invalid or out-of-bounds method index");
    c = EXPECT_OK(class_with_attrs(61, PUB, fill_class_attrs, 9));
    if (c) {
        CHECK(sym_eq_cstr(c->source_file, "T.java") && c->signature && c->source_debug_ext.len == 5 &&
              memcmp(c->source_debug_ext.data, "SMAP\n", 5) == 0);
        CHECK((c->flags & (CF_DEPRECATED | CF_SYNTHETIC_ATTR)) == (CF_DEPRECATED | CF_SYNTHETIC_ATTR) &&
              (c->access & JVM_ACC_SYNTHETIC));
    }
    cf_free(c);
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_class_attrs, 10), "Multiple SourceFile attributes in class file T");
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_class_attrs, 11), "Invalid SourceFile attribute at constant pool index");
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_class_attrs, 12), "Invalid attribute name index");
    EXPECT_FORMAT(class_with_attrs(61, PUB, fill_class_attrs, 13), "Truncated class file");
}

/* 0: a valid record; 1: its length one short; 2: a component with a bad descriptor;
 * 3: two Signatures on one component. */
static void fill_record(Asm *a, Buf *b, int variant) {
    u2(b, 1);
    size_t at = asm_attr(a, b, "Record");
    u2(b, 2);
    u2(b, pool_utf8(a, "x")); u2(b, pool_utf8(a, variant == 2 ? "V" : "I")); u2(b, 0);
    u2(b, pool_utf8(a, "list")); u2(b, pool_utf8(a, "Ljava/util/List;"));
    u2(b, variant == 3 ? 3 : 2);
    size_t sig = asm_attr(a, b, "Signature");
    u2(b, pool_utf8(a, "Ljava/util/List<Ljava/lang/String;>;"));
    asm_attr_end(b, sig);
    if (variant == 3) {
        sig = asm_attr(a, b, "Signature");
        u2(b, pool_utf8(a, "Ljava/util/List<Ljava/lang/String;>;"));
        asm_attr_end(b, sig);
    }
    size_t ann = asm_attr(a, b, "RuntimeVisibleAnnotations");
    u2(b, 0);
    asm_attr_end(b, ann);
    asm_attr_end(b, at);
    if (variant == 1) b->p[at - 1]--;
}

/* BootstrapMethods: 0 valid with an invokedynamic entry; 1 missing attribute; 2 bsm index
 * beyond the table; 3 method_ref not a MethodHandle; 4 argument not loadable; 5 too long. */
static Bytes class_with_bootstrap(int variant) {
    Asm a;
    asm_init(&a, 61);
    unsigned mh = pool_method_handle(&a, JVM_REF_invokeStatic,
                                   pool_member(&a, JVM_CONSTANT_Methodref, "T", "bsm", "()Ljava/lang/Object;"));
    pool_ref2(&a, JVM_CONSTANT_InvokeDynamic, variant == 2 ? 1 : 0, pool_nat(&a, "run", "()Ljava/lang/Runnable;"));
    pool_ref2(&a, JVM_CONSTANT_Dynamic, 0, pool_nat(&a, "c", "I"));
    unsigned arg = variant == 4 ? pool_nat(&a, "x", "I") : pool_string(&a, "arg");
    asm_header(&a, JVM_ACC_PUBLIC, "T", "java/lang/Object");
    u2(&a.body, 0);
    u2(&a.body, 0);
    if (variant == 1) {
        u2(&a.body, 0);
        return asm_finish(&a);
    }
    u2(&a.body, 1);
    size_t at = asm_attr(&a, &a.body, "BootstrapMethods");
    u2(&a.body, 1);
    u2(&a.body, variant == 3 ? arg : mh);
    u2(&a.body, 2);
    u2(&a.body, arg);
    u2(&a.body, mh);
    if (variant == 5) u2(&a.body, 0);
    asm_attr_end(&a.body, at);
    return asm_finish(&a);
}

static void test_records_and_bootstrap(void) {
    Class *c = EXPECT_OK(class_with_attrs(61, JVM_ACC_PUBLIC | JVM_ACC_FINAL, fill_record, 0));
    if (c) {
        CHECK((c->flags & CF_HAS_RECORD_ATTR) && c->nrecord == 2 && sym_eq_cstr(c->record[0].name, "x") &&
              sym_eq_cstr(c->record[1].desc, "Ljava/util/List;") && c->record[1].signature &&
              c->record[1].annotations.len == 2 && !c->record[0].signature);
    }
    cf_free(c);
    EXPECT_FORMAT(class_with_attrs(61, JVM_ACC_PUBLIC, fill_record, 1), "Record attribute has wrong length");
    EXPECT_FORMAT(class_with_attrs(61, JVM_ACC_PUBLIC, fill_record, 2), "Field \"x\" in class T has illegal signature");
    EXPECT_FORMAT(class_with_attrs(61, JVM_ACC_PUBLIC, fill_record, 3), "Multiple Signature attributes");
    c = EXPECT_OK(class_with_attrs(59, JVM_ACC_PUBLIC, fill_record, 2));      /* Record means nothing in 59 */
    CHECK(c && !(c->flags & CF_HAS_RECORD_ATTR) && c->nrecord == 0);
    cf_free(c);

    c = EXPECT_OK(class_with_bootstrap(0));
    if (c) {
        CHECK(c->nbsms == 1 && c->bsms[0].nargs == 2 &&
              c->cp.tags[c->bsms[0].method_ref] == JVM_CONSTANT_MethodHandle &&
              c->cp.tags[c->bsms[0].args[0]] == JVM_CONSTANT_String);
    }
    cf_free(c);
    EXPECT_FORMAT(class_with_bootstrap(1), "Missing BootstrapMethods attribute in class file T");
    EXPECT_FORMAT(class_with_bootstrap(2), "Short length on BootstrapMethods in class file T");
    EXPECT_FORMAT(class_with_bootstrap(3), "bootstrap_method_index");
    EXPECT_FORMAT(class_with_bootstrap(4), "argument_index");
    EXPECT_FORMAT(class_with_bootstrap(5), "Bad length on BootstrapMethods in class file T");
}

static void test_this_super_interfaces(void) {
    Asm a;
    asm_init(&a, 61);
    u2(&a.body, JVM_ACC_PUBLIC);
    u2(&a.body, pool_utf8(&a, "T"));                  /* this_class not a Class */
    u2(&a.body, 0);
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Invalid this class index 1 in constant pool in class file <Unknown>");

    asm_init(&a, 61);
    asm_header(&a, JVM_ACC_PUBLIC, "[LT;", "java/lang/Object");
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Bad class name in class file");

    asm_init(&a, 61);
    asm_header(&a, JVM_ACC_PUBLIC, "T", NULL);
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Invalid superclass index 0 in class file T");

    asm_init(&a, 61);
    asm_header(&a, JVM_ACC_PUBLIC, "java/lang/Object", NULL);
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    Class *c = EXPECT_OK(asm_finish(&a));
    CHECK(c && c->super_name == NULL && c->name == sym_java_lang_Object);
    cf_free(c);

    asm_init(&a, 61);
    asm_header(&a, JVM_ACC_PUBLIC, "T", "[Ljava/lang/Object;");
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Bad superclass name in class file T");

    const char *ifaces[][3] = {
        { "java/lang/Runnable", "java/io/Serializable", NULL },
        { "java/lang/Runnable", "java/lang/Runnable", "Duplicate interface name \"java/lang/Runnable\" in class file T" },
        { "java/lang/Runnable", "[I", "Bad interface name in class file T" },
    };
    for (size_t i = 0; i < ARRAY_LEN(ifaces); i++) {
        asm_init(&a, 61);
        u2(&a.body, JVM_ACC_PUBLIC);
        u2(&a.body, pool_class(&a, "T"));
        u2(&a.body, pool_class(&a, "java/lang/Object"));
        u2(&a.body, 2);
        u2(&a.body, pool_class(&a, ifaces[i][0]));
        u2(&a.body, pool_class(&a, ifaces[i][1]));
        u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
        if (ifaces[i][2]) {
            EXPECT_FORMAT(asm_finish(&a), ifaces[i][2]);
        } else {
            c = EXPECT_OK(asm_finish(&a));
            CHECK(c && c->ninterfaces == 2 && sym_eq_cstr(c->interface_names[1], "java/io/Serializable"));
            cf_free(c);
        }
    }
    asm_init(&a, 61);
    u2(&a.body, JVM_ACC_PUBLIC);
    u2(&a.body, pool_class(&a, "T"));
    u2(&a.body, pool_class(&a, "java/lang/Object"));
    u2(&a.body, 1);
    u2(&a.body, pool_utf8(&a, "I"));
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    EXPECT_FORMAT(asm_finish(&a), "Interface name has bad constant pool index");

    /* module-info: ACC_MODULE, no super class; Module and Package entries allowed. */
    asm_init(&a, 53);
    pool_ref1(&a, JVM_CONSTANT_Module, pool_utf8(&a, "m"));
    pool_ref1(&a, JVM_CONSTANT_Package, pool_utf8(&a, "p"));
    asm_header(&a, JVM_ACC_MODULE, "module-info", NULL);
    u2(&a.body, 0); u2(&a.body, 0); u2(&a.body, 0);
    c = EXPECT_OK(asm_finish(&a));
    CHECK(c && c->access == JVM_ACC_MODULE && !c->super_name);
    cf_free(c);
}

/* RuntimeVisibleAnnotations on a native method `m`, from raw bytes where 0xAA 0xAA stands
 * for the pool index of the Utf8 `type` (and 0xBB 0xBB for "value"). */
static Bytes class_with_annotation(const char *holder, unsigned access, const char *desc, const char *type,
                                   const uint8_t *ann, size_t n) {
    Asm a;
    asm_init(&a, 61);
    unsigned type_index = pool_utf8(&a, type), value_index = pool_utf8(&a, "value");
    asm_header(&a, JVM_ACC_PUBLIC | JVM_ACC_ABSTRACT, holder, "java/lang/Object");
    u2(&a.body, 0);
    u2(&a.body, 1);
    u2(&a.body, access);
    u2(&a.body, pool_utf8(&a, "m"));
    u2(&a.body, pool_utf8(&a, desc));
    u2(&a.body, n ? 1 : 0);
    if (n) {
        size_t at = asm_attr(&a, &a.body, "RuntimeVisibleAnnotations");
        for (size_t i = 0; i < n; i++) {
            if (i + 1 < n && ann[i] == 0xAA && ann[i + 1] == 0xAA) {
                u2(&a.body, type_index);
                i++;
            } else if (i + 1 < n && ann[i] == 0xBB && ann[i + 1] == 0xBB) {
                u2(&a.body, value_index);
                i++;
            } else {
                u1(&a.body, ann[i]);
            }
        }
        asm_attr_end(&a.body, at);
    }
    u2(&a.body, 0);
    return asm_finish(&a);
}

static void test_vm_annotations(void) {
    const unsigned NAT = JVM_ACC_PUBLIC | JVM_ACC_NATIVE;
    static const uint8_t marker[] = { 0, 1, 0xAA, 0xAA, 0, 0 };
    /* The VM annotation after another with one element of every kind. */
    static const uint8_t rich[] = {
        0, 2,
        0xBB, 0xBB, 0, 1, 0xBB, 0xBB, '[', 0, 9,
            'B', 0, 1, 'Z', 0, 1, 's', 0, 1, 'c', 0, 1, 'e', 0, 1, 0, 1,
            '@', 0xBB, 0xBB, 0, 1, 0xBB, 0xBB, 'I', 0, 1,
            '[', 0, 0, 'J', 0, 1, 'D', 0, 1,
        0xAA, 0xAA, 0, 0,
    };
    static const uint8_t bad_tag[] = { 0, 2, 0xBB, 0xBB, 0, 1, 0xBB, 0xBB, 'X', 0, 1, 0xAA, 0xAA, 0, 0 };
    static const uint8_t truncated[] = { 0, 1, 0xAA, 0xAA, 0, 1 };
    static const uint8_t bad_type[] = { 0, 1, 0, 0, 0, 0 };
    static const uint8_t count_only[] = { 0, 5 };
    struct { const char *type; const uint8_t *ann; size_t n; uint32_t flags; } cases[] = {
        { "Ljdk/internal/reflect/CallerSensitive;", marker, sizeof marker, MF_CALLER_SENSITIVE },
        { "Ljdk/internal/vm/annotation/ForceInline;", marker, sizeof marker, MF_FORCE_INLINE },
        { "Ljdk/internal/vm/annotation/Hidden;", marker, sizeof marker, MF_HIDDEN },
        { "Ljava/lang/invoke/LambdaForm$Hidden;", marker, sizeof marker, MF_HIDDEN },
        { "Ljava/lang/invoke/LambdaForm$Compiled;", marker, sizeof marker, MF_LF_COMPILED },
        { "Ljava/lang/Deprecated;", marker, sizeof marker, 0 },
        { "Ljdk/internal/reflect/CallerSensitive;", rich, sizeof rich, MF_CALLER_SENSITIVE },
        { "Ljdk/internal/reflect/CallerSensitive;", bad_tag, sizeof bad_tag, 0 },
        { "Ljdk/internal/reflect/CallerSensitive;", truncated, sizeof truncated, 0 },
        { "Ljdk/internal/reflect/CallerSensitive;", bad_type, sizeof bad_type, 0 },
        { "Ljdk/internal/reflect/CallerSensitive;", count_only, sizeof count_only, 0 },
        { "Ljdk/internal/reflect/CallerSensitive;", count_only, 1, 0 },
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        Class *c = EXPECT_OK(class_with_annotation("T", NAT, "()V", cases[i].type, cases[i].ann, cases[i].n));
        CHECKF(c && (c->methods[0].flags & (MF_CALLER_SENSITIVE | MF_FORCE_INLINE | MF_HIDDEN | MF_LF_COMPILED)) == cases[i].flags &&
               c->methods[0].annotations.len == cases[i].n, "annotation case %zu", i);
        cf_free(c);
    }
    /* Deep nesting is cut off, not followed to a stack overflow. */
    Buf deep = { 0 };
    u2(&deep, 1);
    u1(&deep, 0xAA); u1(&deep, 0xAA);
    u2(&deep, 1);
    for (int i = 0; i < 5000; i++) {
        u1(&deep, 0xBB); u1(&deep, 0xBB);
        u1(&deep, '@');
        u1(&deep, 0xAA); u1(&deep, 0xAA);
        u2(&deep, 1);
    }
    Class *c = EXPECT_OK(class_with_annotation("T", NAT, "()V", "Ljdk/internal/reflect/CallerSensitive;",
                                               deep.p, deep.len));
    CHECK(c && !(c->methods[0].flags & MF_CALLER_SENSITIVE));
    cf_free(c);
    free(deep.p);

    /* Signature polymorphism is a property of two classes' native varargs methods. */
    const unsigned POLY = JVM_ACC_PUBLIC | JVM_ACC_NATIVE | JVM_ACC_VARARGS | JVM_ACC_FINAL;
    struct { const char *holder; unsigned access; const char *desc; bool poly; } sp[] = {
        { "java/lang/invoke/MethodHandle", POLY, "([Ljava/lang/Object;)Ljava/lang/Object;", true },
        { "java/lang/invoke/VarHandle", POLY, "([Ljava/lang/Object;)V", true },
        { "java/lang/invoke/MethodHandle", POLY & ~JVM_ACC_VARARGS, "([Ljava/lang/Object;)Ljava/lang/Object;", false },
        { "java/lang/invoke/MethodHandle", POLY, "([Ljava/lang/String;)Ljava/lang/Object;", false },
        { "java/lang/invoke/MethodHandle", POLY, "(I[Ljava/lang/Object;)Ljava/lang/Object;", false },
        { "T", POLY, "([Ljava/lang/Object;)Ljava/lang/Object;", false },
    };
    for (size_t i = 0; i < ARRAY_LEN(sp); i++) {
        c = EXPECT_OK(class_with_annotation(sp[i].holder, sp[i].access, sp[i].desc, "X", NULL, 0));
        CHECKF(c && !!(c->methods[0].flags & MF_SIG_POLY) == sp[i].poly, "signature polymorphism case %zu", i);
        cf_free(c);
    }
}

static void test_method_attributes(void) {
    /* Exceptions, Signature, MethodParameters, AnnotationDefault, Deprecated, Synthetic. */
    for (int variant = 0; variant < 5; variant++) {
        Asm a;
        asm_init(&a, 61);
        asm_header(&a, JVM_ACC_PUBLIC | JVM_ACC_ABSTRACT, "T", "java/lang/Object");
        u2(&a.body, 0);
        u2(&a.body, 1);
        u2(&a.body, JVM_ACC_PUBLIC | JVM_ACC_ABSTRACT);
        u2(&a.body, pool_utf8(&a, "m"));
        u2(&a.body, pool_utf8(&a, "(I)V"));
        u2(&a.body, variant == 3 ? 7 : 6);
        size_t at = asm_attr(&a, &a.body, "Exceptions");
        u2(&a.body, 1);
        u2(&a.body, variant == 1 ? pool_utf8(&a, "java/io/IOException") : pool_class(&a, "java/io/IOException"));
        asm_attr_end(&a.body, at);
        at = asm_attr(&a, &a.body, "Signature");
        u2(&a.body, pool_utf8(&a, "<X:Ljava/lang/Object;>(I)V"));
        asm_attr_end(&a.body, at);
        at = asm_attr(&a, &a.body, "MethodParameters");
        u1(&a.body, 1);
        u2(&a.body, pool_utf8(&a, "p"));
        u2(&a.body, variant == 2 ? 0 : JVM_ACC_FINAL);
        if (variant == 2) u1(&a.body, 0);
        asm_attr_end(&a.body, at);
        at = asm_attr(&a, &a.body, "AnnotationDefault");
        u1(&a.body, 'I');
        u2(&a.body, pool_int(&a, 5));
        asm_attr_end(&a.body, at);
        asm_attr_end(&a.body, asm_attr(&a, &a.body, "Deprecated"));
        at = asm_attr(&a, &a.body, "Synthetic");
        if (variant == 4) u1(&a.body, 1);
        asm_attr_end(&a.body, at);
        if (variant == 3) {
            at = asm_attr(&a, &a.body, "AnnotationDefault");
            asm_attr_end(&a.body, at);
        }
        u2(&a.body, 0);
        Bytes b = asm_finish(&a);
        if (variant == 0) {
            Class *c = EXPECT_OK(b);
            if (c) {
                Method *m = &c->methods[0];
                CHECK(m->nthrows == 1 && sym_eq_cstr(cp_class_name(&c->cp, m->throws[0]), "java/io/IOException"));
                CHECK(m->signature && m->method_parameters.len == 5 && m->annotation_default.len == 3);
                CHECK((m->flags & (MF_DEPRECATED | MF_SYNTHETIC_ATTR)) == (MF_DEPRECATED | MF_SYNTHETIC_ATTR) &&
                      (m->access & JVM_ACC_SYNTHETIC) && m->kind == MK_ABSTRACT);
            }
            cf_free(c);
        } else {
            static const char *msgs[] = { NULL, "Exception name has bad type at constant pool",
                                          "Invalid MethodParameters method attribute length 6",
                                          "Multiple AnnotationDefault attributes", "Wrong Synthetic attribute length 1" };
            EXPECT_FORMAT(b, msgs[variant]);
        }
    }
}

static void test_external_names(void) {
    char buf[64];
    Class c;
    memset(&c, 0, sizeof c);
    c.name = sym_intern_cstr("java/lang/String");
    CHECK(strcmp(class_external_name(&c, buf, sizeof buf), "java.lang.String") == 0);
    c.name = sym_intern_cstr("[[Ljava/lang/String;");
    c.flags = CF_ARRAY;
    CHECK(strcmp(class_external_name(&c, buf, sizeof buf), "[[Ljava.lang.String;") == 0);
    c.name = sym_intern_cstr("[I");
    CHECK(strcmp(class_external_name(&c, buf, sizeof buf), "[I") == 0);
    c.name = sym_intern_cstr("[[[Z");
    CHECK(strcmp(class_external_name(&c, buf, sizeof buf), "[[[Z") == 0);
    c.name = sym_intern_cstr("int");
    c.flags = CF_PRIMITIVE;
    CHECK(strcmp(class_external_name(&c, buf, sizeof buf), "int") == 0);
    c.name = sym_intern_cstr("p/Foo$$Lambda$1+0x1234");
    c.flags = CF_HIDDEN;
    CHECK(strcmp(class_external_name(&c, buf, sizeof buf), "p.Foo$$Lambda$1/0x1234") == 0);
    Class elem = c, arr;
    memset(&arr, 0, sizeof arr);
    arr.name = sym_intern_cstr("[Lp/Foo$$Lambda$1+0x1234;");
    arr.flags = CF_ARRAY;
    arr.element = &elem;
    CHECK(strcmp(class_external_name(&arr, buf, sizeof buf), "[Lp.Foo$$Lambda$1/0x1234;") == 0);
    c.name = sym_intern_cstr("java/lang/String");
    c.flags = 0;
    CHECK(strcmp(class_external_name(&c, buf, 5), "java") == 0);   /* truncated, terminated */
    CHECK(class_external_name(&c, buf, 1)[0] == '\0');
}

static void test_malformed(void) {
    test_header();
    test_wrong_name();
    test_constant_pool();
    test_flags();
    test_members();
    test_bytecode();
    test_code_attribute();
    test_field_attributes();
    test_method_attributes();
    test_class_attributes();
    test_records_and_bootstrap();
    test_this_super_interfaces();
    test_vm_annotations();
}

/* ================================================================ mutations */

/* Every proper prefix of a valid class file is truncated, whatever else it contains. */
static void test_truncations(const uint8_t *bytes, size_t len, const char *what) {
    int bad = 0;
    for (size_t n = 0; n < len; n++) {
        CfError err;
        Class *c = cf_parse(bytes, n, NULL, 0, &err);
        if (c || err.kind != CFE_FORMAT || strcmp(err.msg, "Truncated class file") != 0) {
            if (bad++ == 0)
                printf("  %s truncated to %zu bytes: %s \"%s\"\n", what, n, c ? "success" : kind_name(err.kind), err.msg);
        }
        cf_free(c);
    }
    CHECKF(bad == 0, "%d truncations of %s not reported as truncated", bad, what);
}

/* Every single-bit flip either parses or fails with a message; no crash, no leak. */
static void test_bit_flips(const uint8_t *bytes, size_t len, const char *what) {
    uint8_t *copy = malloc(len);
    int bad = 0;
    for (size_t i = 0; i < len; i++) {
        for (int bit = 0; bit < 8; bit++) {
            memcpy(copy, bytes, len);
            copy[i] ^= (uint8_t)(1 << bit);
            CfError err;
            Class *c = cf_parse(copy, len, NULL, 0, &err);
            if (c ? err.kind != CFE_NONE : err.kind == CFE_NONE || err.msg[0] == '\0') bad++;
            cf_free(c);
        }
    }
    free(copy);
    CHECKF(bad == 0, "%d bit flips of %s gave an inconsistent result", bad, what);
}

/* ================================================================ real class files */

typedef struct Stats {
    long parsed, failed;
    size_t bytes;
    double seconds;
    long flips;                     /* classes also put through mutation tests */
} Stats;

static Stats jdk_stats, dir_stats, feature_stats;

/* Parses one real class file, which must succeed.  Small ones also get mutated. */
static Class *parse_real(const uint8_t *bytes, size_t len, const char *what, Stats *st, bool keep) {
    CfError err;
    double t0 = now();
    Class *c = cf_parse(bytes, len, NULL, 0, &err);
    st->seconds += now() - t0;
    st->bytes += len;
    st->parsed++;
    if (!c) {
        st->failed++;
        check(false, __LINE__, "%s: %s \"%s\"", what, kind_name(err.kind), err.msg);
        return NULL;
    }
    check(c->classfile_len == len && memcmp(c->classfile, bytes, len) == 0, __LINE__, "%s: classfile copy", what);
    if (!keep) {
        cf_free(c);
        return NULL;
    }
    return c;
}

static uint8_t *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *p = malloc(n > 0 ? (size_t)n : 1);
    *len = fread(p, 1, (size_t)n, f);
    fclose(f);
    return p;
}

/* Calls visit(path) for every .class file under dir (symbolic links to directories are
 * not followed, so loops cannot trap the walk). */
static void walk_classes(const char *dir, void (*visit)(const char *path, void *arg), void *arg) {
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path, &st) != 0) continue;
        size_t n = strlen(e->d_name);
        if (S_ISDIR(st.st_mode)) walk_classes(path, visit, arg);
        else if (n > 6 && strcmp(e->d_name + n - 6, ".class") == 0) visit(path, arg);
    }
    closedir(d);
}

static void visit_dir_class(const char *path, void *arg) {
    size_t len;
    uint8_t *bytes = read_file(path, &len);
    if (!bytes) return;
    parse_real(bytes, len, path, (Stats *)arg, false);
    free(bytes);
}

/* ---------------------------------------------------------------- features (javac) */

static Class *load_feature(const char *dir, const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/cftest/%s.class", dir, name);
    size_t len;
    uint8_t *bytes = read_file(path, &len);
    CHECKF(bytes != NULL, "missing %s", path);
    if (!bytes) return NULL;
    Class *c = parse_real(bytes, len, path, &feature_stats, true);
    if (c && len < 4096) {
        test_truncations(bytes, len, name);
        test_bit_flips(bytes, len, name);
        feature_stats.flips++;
    }
    free(bytes);
    return c;
}

static Method *find_method(const Class *c, const char *name, const char *desc) {
    for (uint16_t i = 0; c && i < c->nmethods; i++)
        if (sym_eq_cstr(c->methods[i].name, name) && (!desc || sym_eq_cstr(c->methods[i].desc, desc)))
            return &c->methods[i];
    return NULL;
}

static Field *find_field(const Class *c, const char *name) {
    for (uint16_t i = 0; c && i < c->nfields; i++)
        if (sym_eq_cstr(c->fields[i].name, name)) return &c->fields[i];
    return NULL;
}

static void check_features_17(const char *dir) {
    Class *c = load_feature(dir, "Shapes");
    if (c) {
        CHECK(class_is_interface(c) && c->npermitted == 3 && c->nest_members && c->ninner >= 5);
        CHECK(find_method(c, "total", NULL) && find_method(c, "total", NULL)->code &&
              find_method(c, "area", "()D")->kind == MK_ABSTRACT);
    }
    cf_free(c);
    c = load_feature(dir, "Shapes$Circle");
    if (c) {
        CHECK((c->flags & CF_HAS_RECORD_ATTR) && c->nrecord == 1 && sym_eq_cstr(c->record[0].name, "radius") &&
              sym_eq_cstr(c->record[0].desc, "D") && c->record[0].annotations.len > 0);
        CHECK(sym_eq_cstr(c->super_name, "java/lang/Record") && c->nest_host_index && c->nbsms >= 1);
        Field *f = find_field(c, "radius");
        CHECK(f && f->type == T_DOUBLE && f->annotations.len > 0 && !field_is_static(f));
        Method *m = find_method(c, "<init>", "(D)V");
        CHECK(m && m->method_parameters.len == 5 && m->nlvt >= 2 && m->nlines > 0 && m->arg_slots == 3);
    }
    cf_free(c);
    c = load_feature(dir, "Shapes$Pair");
    if (c) {
        CHECK(c->nrecord == 2 && c->record[1].signature && c->record[1].type_annotations.len > 0 && c->signature);
        Method *m = find_method(c, "twice", NULL);
        CHECK(m && m->signature && m->nlvtt >= 1);
    }
    cf_free(c);
    c = load_feature(dir, "Shapes$Polygon");
    cf_free(c);
    c = load_feature(dir, "Shapes$Square");
    CHECK(c && (c->access & JVM_ACC_FINAL));
    cf_free(c);
    c = load_feature(dir, "Shapes$Unit");
    CHECK(c && (c->access & JVM_ACC_ANNOTATION) && class_is_interface(c) && c->annotations.len > 0);
    cf_free(c);

    c = load_feature(dir, "Kitchen");
    if (c) {
        struct { const char *name; int tag; } consts[] = {
            { "ANSWER", JVM_CONSTANT_Integer }, { "BIG", JVM_CONSTANT_Long }, { "RATIO", JVM_CONSTANT_Float },
            { "E", JVM_CONSTANT_Double }, { "GREETING", JVM_CONSTANT_String }, { "FLAG", JVM_CONSTANT_Integer },
            { "LETTER", JVM_CONSTANT_Integer }, { "SMALL", JVM_CONSTANT_Integer }, { "MEDIUM", JVM_CONSTANT_Integer },
        };
        for (size_t i = 0; i < ARRAY_LEN(consts); i++) {
            Field *f = find_field(c, consts[i].name);
            CHECKF(f && f->const_index && c->cp.tags[f->const_index] == consts[i].tag, "constant %s", consts[i].name);
        }
        Field *f = find_field(c, "ANSWER");
        CHECK(f && c->cp.e[f->const_index].i == 42 && f->type == T_INT);
        f = find_field(c, "BIG");
        CHECK(f && c->cp.e[f->const_index].j == 1LL << 40);
        f = find_field(c, "E");
        CHECK(f && c->cp.e[f->const_index].d == 2.718281828);
        f = find_field(c, "RATIO");
        CHECK(f && c->cp.e[f->const_index].f == 1.5f);
        f = find_field(c, "GREETING");
        CHECK(f && sym_eq_cstr(cp_utf8(&c->cp, c->cp.e[f->const_index].ref.a),
                               "hello, \xc3\xa9t\xc3\xa9 \xed\xa0\xbd\xed\xb8\x80"));
        f = find_field(c, "counter");
        CHECK(f && (f->access & JVM_ACC_VOLATILE) && !f->const_index);
        f = find_field(c, "items");
        CHECK(f && (f->access & JVM_ACC_TRANSIENT) && f->signature && f->type == T_OBJECT);
        f = find_field(c, "array");
        CHECK(f && f->type == T_ARRAY);
        Method *m = find_method(c, "apply", NULL);
        CHECK(m && (m->access & JVM_ACC_SYNCHRONIZED) && (m->flags & MF_DEPRECATED) && m->nthrows == 1 &&
              m->annotations.len > 20 && m->signature);
        m = find_method(c, "classify", NULL);
        CHECK(m && m->nlines > 5);
        m = find_method(c, "locals", NULL);
        CHECK(m && m->nexc >= 2 && (m->access & JVM_ACC_VARARGS) && m->arg_slots == 5);
        m = find_method(c, "nativeMethod", NULL);
        CHECK(m && m->kind == MK_NATIVE && !m->code && m->arg_slots == 1 && m->ret_type == T_INT);
        m = find_method(c, "<clinit>", "()V");
        CHECK(m && method_is_static(m));
        CHECK(c->nbsms >= 4 && c->nnest_members >= 8 && c->ninner >= 8 && c->signature && c->source_file);
        for (uint16_t i = 0; i < c->nbsms; i++) CHECK(c->cp.tags[c->bsms[i].method_ref] == JVM_CONSTANT_MethodHandle);
        CHECK(class_find_declared_method(c, sym_init, sym_void_sig) != NULL);
    }
    cf_free(c);
    c = load_feature(dir, "Kitchen$Everything");
    if (c) {
        int with_default = 0;
        for (uint16_t i = 0; i < c->nmethods; i++) with_default += c->methods[i].annotation_default.len > 0;
        CHECK(with_default == 15 && (c->access & JVM_ACC_ANNOTATION) && c->annotations.len > 0);
    }
    cf_free(c);
    c = load_feature(dir, "Kitchen$Color");
    CHECK(c && (c->access & JVM_ACC_ENUM) && find_field(c, "RED") && (find_field(c, "RED")->access & JVM_ACC_ENUM));
    cf_free(c);
    c = load_feature(dir, "Kitchen$Color$1");
    CHECK(c && c->has_enclosing && c->enclosing_method == 0 && c->nest_host_index);   /* in an initialiser */
    cf_free(c);
    c = load_feature(dir, "Kitchen$Greeter");
    if (c) {
        Method *d = find_method(c, "greet", NULL), *s = find_method(c, "of", NULL), *p = find_method(c, "prefix", NULL);
        CHECK(d && d->code && !method_is_static(d) && s && method_is_static(s) && p && method_is_private(p) &&
              find_method(c, "name", NULL)->kind == MK_ABSTRACT);
    }
    cf_free(c);
    c = load_feature(dir, "Kitchen$1Local");
    CHECK(c && c->has_enclosing && c->enclosing_method);
    cf_free(c);
    c = load_feature(dir, "Kitchen$1");
    CHECK(c && c->has_enclosing);
    cf_free(c);
    c = load_feature(dir, "Kitchen$Inner");
    CHECK(c && find_method(c, "<init>", "(Lcftest/Kitchen;)V"));
    cf_free(c);
    cf_free(load_feature(dir, "Kitchen$Nested"));
    cf_free(load_feature(dir, "Kitchen$2"));
}

static void check_legacy(const char *dir, unsigned major) {
    const char *names[] = { "Legacy", "Legacy$Impl", "Legacy$Old" };
    for (size_t i = 0; i < ARRAY_LEN(names); i++) {
        Class *c = load_feature(dir, names[i]);
        CHECKF(c && c->major == major, "%s version %u", names[i], major);
        cf_free(c);
    }
}

/* Compiles the Java sources in tests/unit/classfiles (found next to this source file) with javac. */
static void test_features(void) {
    char src[4096], tmp[] = "/tmp/test_classfile.XXXXXX", cmd[16384];
    snprintf(src, sizeof src, "%s", __FILE__);
    char *slash = strrchr(src, '/');
    snprintf(slash ? slash + 1 : src, sizeof src - (size_t)(slash ? slash + 1 - src : 0), "classfiles");
    struct stat st;
    if (stat(src, &st) != 0 || !mkdtemp(tmp)) {
        printf("  (skipping javac-compiled classes: %s not found)\n", src);
        return;
    }
    const char *jh = java_home();
    int n = snprintf(cmd, sizeof cmd,
             "%s/bin/javac -g -parameters -d %s/17 %s/Shapes.java %s/Kitchen.java %s/Legacy.java && "
             "%s/bin/javac -nowarn -Xlint:-options --release 8 -d %s/8 %s/Legacy.java && "
             "%s/bin/javac -nowarn -Xlint:-options --release 7 -d %s/7 %s/Legacy.java",
             jh, tmp, src, src, src, jh, tmp, src, jh, tmp, src);
    int rc = n > 0 && (size_t)n < sizeof cmd ? system(cmd) : -1;
    CHECKF(rc == 0, "javac failed: %s", cmd);
    if (rc == 0) {
        char dir[4200];
        snprintf(dir, sizeof dir, "%s/17", tmp);
        check_features_17(dir);
        check_legacy(dir, 61);
        snprintf(dir, sizeof dir, "%s/8", tmp);
        check_legacy(dir, 52);
        snprintf(dir, sizeof dir, "%s/7", tmp);
        check_legacy(dir, 51);
    }
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmp);
    if (system(cmd) != 0) printf("  (could not remove %s)\n", tmp);
    printf("  javac-compiled: %ld classes parsed, %ld failed; %ld mutated\n",
           feature_stats.parsed, feature_stats.failed, feature_stats.flips);
}

/* ---------------------------------------------------------------- the JDK image */

typedef struct JImageFile JImageFile;
typedef jlong JImageLocationRef;
typedef bool (*JImageResourceVisitor)(JImageFile *, const char *module, const char *version,
                                      const char *package, const char *name, const char *ext, void *arg);

static struct {
    JImageFile *(*open)(const char *path, jint *error);
    void (*close)(JImageFile *);
    JImageLocationRef (*find)(JImageFile *, const char *module, const char *version, const char *name, jlong *size);
    jlong (*get)(JImageFile *, JImageLocationRef, char *buffer, jlong size);
    void (*iterate)(JImageFile *, JImageResourceVisitor visitor, void *arg);
} jimage;

static JImageFile *image;

/* The bytes of a resource ("java/lang/Object.class") of a module, malloc'd. */
static uint8_t *image_read(const char *module, const char *name, size_t *len) {
    jlong size = 0;
    JImageLocationRef loc = jimage.find(image, module, "9.0", name, &size);
    if (loc == 0 || size <= 0) return NULL;
    uint8_t *p = malloc((size_t)size);
    jimage.get(image, loc, (char *)p, size);
    *len = (size_t)size;
    return p;
}

static bool visit_image_class(JImageFile *img, const char *module, const char *version, const char *package,
                              const char *name, const char *ext, void *arg) {
    (void)img; (void)version; (void)arg;
    if (strcmp(ext, "class") != 0) return true;
    char path[4096];
    if (*package) snprintf(path, sizeof path, "%s/%s.class", package, name);
    else snprintf(path, sizeof path, "%s.class", name);
    size_t len;
    uint8_t *bytes = image_read(module, path, &len);
    if (bytes) {
        char what[4200];
        snprintf(what, sizeof what, "/%s/%s", module, path);
        parse_real(bytes, len, what, &jdk_stats, false);
        free(bytes);
    }
    return true;
}

static Class *image_class(const char *name) {
    char path[1024];
    snprintf(path, sizeof path, "%s.class", name);
    size_t len;
    uint8_t *bytes = image_read("java.base", path, &len);
    CHECKF(bytes != NULL, "java.base has no %s", path);
    if (!bytes) return NULL;
    CfError err;
    Class *c = cf_parse(bytes, len, sym_intern_cstr(name), 0, &err);
    CHECKF(c != NULL, "%s: %s", name, err.msg);
    free(bytes);
    return c;
}

/* Member-level checks of well-known classes. */
static void check_jdk_classes(void) {
    Class *c = image_class("java/lang/Object");
    if (c) {
        CHECK(c->super_name == NULL && c->ninterfaces == 0);
        Method *m = find_method(c, "<init>", "()V");
        CHECK(m && (m->flags & MF_EMPTY));
        m = find_method(c, "hashCode", "()I");
        CHECK(m && m->kind == MK_NATIVE && m->arg_slots == 1);
        m = find_method(c, "getClass", NULL);
        CHECK(m && (m->access & JVM_ACC_FINAL) && m->kind == MK_NATIVE);
    }
    cf_free(c);
    c = image_class("java/lang/String");
    if (c) {
        Field *f = find_field(c, "value");
        CHECK(f && f->type == T_ARRAY && sym_eq_cstr(f->desc, "[B") && (f->access & JVM_ACC_FINAL));
        f = find_field(c, "serialVersionUID");
        CHECK(f && f->const_index && c->cp.tags[f->const_index] == JVM_CONSTANT_Long);
        f = find_field(c, "hash");
        CHECK(f && f->type == T_INT);
        CHECK(c->ninterfaces >= 3 && sym_eq_cstr(c->super_name, "java/lang/Object"));
    }
    cf_free(c);
    c = image_class("java/lang/Class");
    if (c) {
        Method *m = find_method(c, "forName", "(Ljava/lang/String;)Ljava/lang/Class;");
        CHECK(m && (m->flags & MF_CALLER_SENSITIVE) && method_is_static(m));
        CHECK(c->access & JVM_ACC_FINAL);
    }
    cf_free(c);
    c = image_class("java/lang/invoke/MethodHandle");
    if (c) {
        const char *poly[] = { "invokeExact", "invoke", "invokeBasic", "linkToVirtual", "linkToStatic",
                               "linkToSpecial", "linkToInterface", "linkToNative" };
        for (size_t i = 0; i < ARRAY_LEN(poly); i++) {
            Method *m = find_method(c, poly[i], NULL);
            CHECKF(m && (m->flags & MF_SIG_POLY) && m->kind == MK_NATIVE, "MethodHandle.%s is signature polymorphic",
                   poly[i]);
        }
        Method *m = find_method(c, "invokeWithArguments", "([Ljava/lang/Object;)Ljava/lang/Object;");
        CHECK(m && !(m->flags & MF_SIG_POLY));
    }
    cf_free(c);
    c = image_class("java/lang/invoke/VarHandle");
    if (c) {
        Method *m = find_method(c, "compareAndSet", NULL);
        CHECK(m && (m->flags & MF_SIG_POLY));
    }
    cf_free(c);
    c = image_class("jdk/internal/misc/Unsafe");
    if (c) {
        int force = 0, intrinsic_natives = 0;
        for (uint16_t i = 0; i < c->nmethods; i++) {
            force += (c->methods[i].flags & MF_FORCE_INLINE) != 0;
            intrinsic_natives += c->methods[i].kind == MK_NATIVE;
        }
        CHECK(force > 100 && intrinsic_natives > 50);
    }
    cf_free(c);
    c = image_class("java/lang/invoke/LambdaForm$NamedFunction");
    cf_free(c);
    c = image_class("java/lang/invoke/MethodHandleImpl");
    if (c) {
        int hidden = 0;
        for (uint16_t i = 0; i < c->nmethods; i++) hidden += (c->methods[i].flags & MF_HIDDEN) != 0;
        CHECK(hidden > 0);
    }
    cf_free(c);
    c = image_class("java/lang/Integer");
    CHECK(c && (c->flags & CF_VALUE_BASED));
    cf_free(c);
    c = image_class("java/lang/Record");
    CHECK(c && (c->access & JVM_ACC_ABSTRACT));
    cf_free(c);
    c = image_class("module-info");
    CHECK(c && (c->access & JVM_ACC_MODULE) && !c->super_name && sym_eq_cstr(c->name, "module-info"));
    cf_free(c);
}

/* Truncations and bit flips of a few small JDK classes. */
static void mutate_jdk_classes(void) {
    const char *names[] = { "java/lang/Runnable", "java/lang/Void", "java/lang/AutoCloseable",
                            "java/util/function/Supplier", "java/lang/annotation/Retention" };
    for (size_t i = 0; i < ARRAY_LEN(names); i++) {
        char path[256];
        snprintf(path, sizeof path, "%s.class", names[i]);
        size_t len;
        uint8_t *bytes = image_read("java.base", path, &len);
        CHECKF(bytes != NULL, "java.base has no %s", path);
        if (!bytes) continue;
        test_truncations(bytes, len, names[i]);
        test_bit_flips(bytes, len, names[i]);
        free(bytes);
    }
}

static void test_jdk_image(void) {
    char path[4096];
    /* libjimage names libjvm.so as a dependency without using it; HotSpot's satisfies that. */
    snprintf(path, sizeof path, "%s/lib/server/libjvm.so", java_home());
    dlopen(path, RTLD_LAZY | RTLD_LOCAL);
    snprintf(path, sizeof path, "%s/lib/libjimage.so", java_home());
    void *lib = dlopen(path, RTLD_NOW);
    if (lib) {
        *(void **)&jimage.open = dlsym(lib, "JIMAGE_Open");
        *(void **)&jimage.close = dlsym(lib, "JIMAGE_Close");
        *(void **)&jimage.find = dlsym(lib, "JIMAGE_FindResource");
        *(void **)&jimage.get = dlsym(lib, "JIMAGE_GetResource");
        *(void **)&jimage.iterate = dlsym(lib, "JIMAGE_ResourceIterator");
    }
    CHECKF(lib && jimage.open && jimage.close && jimage.find && jimage.get && jimage.iterate,
           "cannot use %s: %s", path, lib ? "missing symbols" : dlerror());
    if (!jimage.iterate) return;
    snprintf(path, sizeof path, "%s/lib/modules", java_home());
    jint error = 0;
    image = jimage.open(path, &error);
    CHECKF(image != NULL, "cannot open %s (error %d)", path, (int)error);
    if (!image) return;
    jimage.iterate(image, visit_image_class, NULL);
    printf("  JDK image: %ld classes (%.1f MB) parsed in %.3f s (%.1f us/class), %ld failed\n",
           jdk_stats.parsed, jdk_stats.bytes / 1e6, jdk_stats.seconds,
           jdk_stats.parsed ? jdk_stats.seconds * 1e6 / jdk_stats.parsed : 0.0, jdk_stats.failed);
    CHECK(jdk_stats.parsed > 20000);
    check_jdk_classes();
    mutate_jdk_classes();
    jimage.close(image);
}

/* ================================================================ main */

int main(int argc, char **argv) {
    sym_table_init();
    test_descriptors();
    test_external_names();
    test_malformed();
    test_features();
    test_jdk_image();
    for (int i = 1; i < argc; i++) {
        walk_classes(argv[i], visit_dir_class, &dir_stats);
        printf("  %s: %ld classes parsed so far, %ld failed\n", argv[i], dir_stats.parsed, dir_stats.failed);
    }
    printf("test_classfile: %d checks, %d failed\n", nchecks, nfailed);
    return nfailed == 0 ? 0 : 1;
}
