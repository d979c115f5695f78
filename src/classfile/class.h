/*
 * class.h — the VM's model of classes, fields, methods and constant pools.
 *
 * A Class is born in the class-file parser (classfile.c), which fills the "class file" part
 * below: constant pool, members and every attribute the VM or the JDK later needs, kept
 * either decoded (Code, line numbers, inner classes, ...) or as raw bytes (annotations,
 * StackMapTable, MethodParameters) that reflection and JVMTI hand out verbatim.  Loading
 * (loader.c) gives it a loader and a mirror, linking (link.c) lays out fields and builds the
 * dispatch tables, and initialisation (init.c) runs <clinit> per JVMS 5.5.
 *
 * Array classes and the nine primitive classes are Classes too, made by the VM and never
 * parsed.  Hidden classes are ordinary parsed classes with CF_HIDDEN set.
 *
 * Objects referenced from here (mirror, loader, resolved constant-pool objects, statics
 * which live inside the mirror) are GC roots: heap/roots.c walks every loaded class.
 */
#ifndef LOUPE_CLASS_H
#define LOUPE_CLASS_H

#include "loupe.h"
#include "classfile/symbol.h"
#include <classfile_constants.h>
#include <pthread.h>

/* Raw bytes of an attribute kept verbatim (annotations and friends).  Points into memory
 * owned by the class; len 0 and data NULL mean "absent". */
typedef struct Blob {
    const uint8_t *data;
    uint32_t len;
} Blob;

/* ---------------------------------------------------------------- constant pool */

/* Constant-pool tags are JVM_CONSTANT_* from classfile_constants.h.  An entry keeps its
 * decoded operands; `resolved` is filled once by the resolver (classfile/constpool.c) and
 * never changes afterwards: Class* for Class, Field* for Fieldref, Method* for
 * Methodref/InterfaceMethodref.  Entries whose value is a heap object (String, MethodType,
 * MethodHandle, Dynamic) keep it in cp->objs[slot] instead, slot = `obj`, so the collector
 * can scan one compact array per class. */
typedef struct CPEntry {
    union {
        Symbol *utf8;                           /* Utf8 */
        jint i;                                 /* Integer */
        jfloat f;                               /* Float */
        jlong j;                                /* Long (next index unusable) */
        jdouble d;                              /* Double (next index unusable) */
        struct { uint16_t a, b; } ref;          /* Class: a=name; String: a=utf8;
                                                 * Field/Method/IMethodref: a=class b=nat;
                                                 * NameAndType: a=name b=desc;
                                                 * MethodHandle: a=kind b=reference;
                                                 * MethodType: a=desc;
                                                 * Dynamic/InvokeDynamic: a=bsm index b=nat;
                                                 * Module/Package: a=name */
    };
    uint16_t obj;                               /* index into objs[] for object-valued kinds */
    void *volatile resolved;
} CPEntry;

typedef struct ConstantPool {
    uint16_t count;                 /* constant_pool_count: valid indices are 1..count-1 */
    uint8_t *tags;                  /* JVM_CONSTANT_*; 0 for index 0 and the gap after 8-byte entries */
    CPEntry *e;
    uint16_t nobjs;
    Object **objs;                  /* resolved heap objects, GC roots; NULL until resolved */
    Object **errors;                /* resolution errors to rethrow (indy/condy), parallel to objs */
    struct CPClassError *class_errors;  /* class entries whose resolution failed (resolve.c) */
} ConstantPool;

/* ---------------------------------------------------------------- members */

typedef struct ExceptionEntry {
    uint16_t start_pc, end_pc, handler_pc, catch_type;  /* catch_type: CP index, 0 = any */
} ExceptionEntry;

typedef struct LineEntry {
    uint16_t start_pc, line;
} LineEntry;

typedef struct LocalVarEntry {
    uint16_t start_pc, length;
    Symbol *name;
    Symbol *desc;                   /* descriptor (LocalVariableTable) or signature (…TypeTable) */
    uint16_t slot;
} LocalVarEntry;

/* VM-level method flags (Method.flags), computed by the parser and linker. */
enum {
    MF_CALLER_SENSITIVE = 1 << 0,   /* @jdk.internal.reflect.CallerSensitive */
    MF_HIDDEN = 1 << 1,             /* left out of stack traces: @Hidden, @LambdaForm$Hidden, hidden classes */
    MF_SIG_POLY = 1 << 2,           /* signature polymorphic (JVMS 2.9.3) */
    MF_HAS_JSR = 1 << 3,            /* code contains jsr/ret (class files < 50) */
    MF_FORCE_INLINE = 1 << 4,
    MF_INTRINSIC = 1 << 5,          /* VM-synthesised method-handle intrinsic */
    MF_EMPTY = 1 << 6,              /* body is just `return` (empty <init>/<clinit>) */
    MF_OVERPASS = 1 << 7,
    MF_DEPRECATED = 1 << 8,
    MF_SYNTHETIC_ATTR = 1 << 9,
    MF_LF_COMPILED = 1 << 10,       /* @LambdaForm$Compiled: skipped by Reflection.getCallerClass */
    MF_OBSOLETE = 1 << 11,          /* replaced by a redefinition while running (IsMethodObsolete) */
};

/* How a call to a method is carried out (Method.kind), chosen at link time. */
typedef enum MethodKind {
    MK_INTERPRETED = 0,
    MK_NATIVE,          /* JNI native, bound lazily (short/long name, RegisterNatives) */
    MK_ABSTRACT,        /* throws AbstractMethodError */
    MK_VM_NATIVE,       /* native implemented inside the VM on raw slots (fast path) */
    MK_DELETED,         /* deleted by a redefinition: throws NoSuchMethodError when called
                         * through what still names it (a method handle, a jmethodID) */
} MethodKind;

/* Signature of a VM native that works on raw slots: args[0..arg_slots) hold the receiver
 * (if any) and arguments exactly as on the operand stack; the result goes to *ret.  It
 * returns false with a pending exception on failure. */
typedef bool (*VMNativeFn)(Thread *t, Slot *args, Slot *ret);

struct Method {
    Class *holder;
    Symbol *name;
    Symbol *desc;
    Symbol *signature;              /* generic Signature attribute, or NULL */
    uint16_t access;                /* ACC_* from the class file (JVM_ACC_*) */
    uint16_t index;                 /* position in holder->methods: reflection's `slot` */
    uint16_t max_stack;
    uint16_t max_locals;
    uint16_t arg_slots;             /* parameter slots including the receiver */
    uint8_t ret_type;               /* BasicType of the return value */
    uint8_t kind;                   /* MethodKind */
    uint32_t flags;                 /* MF_* */

    /* Code attribute: the original bytecode, never modified (the interpreter runs a
     * translated copy; JVMTI GetBytecodes and the ref-map analysis read this one). */
    uint8_t *code;
    uint32_t code_len;
    ExceptionEntry *exc;
    uint16_t nexc;
    LineEntry *lines;
    uint16_t nlines;
    LocalVarEntry *lvt;
    uint16_t nlvt;
    LocalVarEntry *lvtt;
    uint16_t nlvtt;
    Blob stack_map;                 /* StackMapTable, raw */

    uint16_t *throws;               /* Exceptions attribute: CP class indices */
    uint16_t nthrows;

    Blob annotations;               /* RuntimeVisibleAnnotations */
    Blob param_annotations;         /* RuntimeVisibleParameterAnnotations */
    Blob annotation_default;        /* AnnotationDefault */
    Blob type_annotations;          /* RuntimeVisibleTypeAnnotations */
    Blob method_parameters;         /* MethodParameters */

    /* Linking and execution state. */
    int32_t vtable_index;           /* -1 if not virtually dispatched */
    int32_t itable_index;           /* index within its interface's itable block, -1 otherwise */
    /* Native methods: the bound JNI-shaped function, and the VM's slot-shaped version when
     * there is one (which wins).  Each is published with one release store, so a caller
     * never sees a function of one shape taken for the other (native/natives.c). */
    void *native_fn;
    VMNativeFn fast_fn;
    void *native_cif;               /* prepared libffi call interface (native/natives.c) */
    struct Prepared *volatile prepared;  /* translated code, made on first call (interp/prepare.c) */
    struct RefMaps *volatile refmaps;    /* GC reference maps, made on first need (interp/refmap.c) */
    void *jvmti_ext;                /* per-method JVMTI state (breakpoints, ...), later */
};

struct Field {
    Class *holder;
    Symbol *name;
    Symbol *desc;
    Symbol *signature;              /* generic Signature attribute, or NULL */
    uint16_t access;
    uint16_t index;                 /* position in holder->fields: reflection's `slot` */
    uint8_t type;                   /* BasicType */
    uint8_t injected;               /* hidden VM field, invisible to reflection */
    uint16_t const_index;           /* ConstantValue attribute (CP index) or 0 */
    uint32_t offset;                /* instance: byte offset in the object;
                                     * static: byte offset in the class mirror */
    Blob annotations;
    Blob type_annotations;
};

/* ---------------------------------------------------------------- class attributes */

typedef struct InnerClassEntry {
    uint16_t inner_class, outer_class, inner_name, access;  /* CP indices, flags */
} InnerClassEntry;

typedef struct BootstrapMethod {
    uint16_t method_ref;            /* CP index of a MethodHandle */
    uint16_t nargs;
    uint16_t *args;                 /* CP indices of loadable constants */
} BootstrapMethod;

typedef struct RecordComponent {
    Symbol *name;
    Symbol *desc;
    Symbol *signature;
    Blob annotations;
    Blob type_annotations;
} RecordComponent;

/* Interface dispatch table block: for each interface the class implements, the
 * implementation of each of that interface's methods (indexed by Method.itable_index). */
typedef struct ItableEntry {
    Class *iface;
    Method **methods;
} ItableEntry;

/* ---------------------------------------------------------------- classes */

typedef enum ClassState {
    CS_LOADED = 0,      /* parsed, superclasses loaded */
    CS_LINKED,          /* laid out, dispatch tables built (verification later) */
    CS_INITIALIZING,    /* <clinit> running in init_thread */
    CS_INITIALIZED,
    CS_ERROR,           /* <clinit> failed: NoClassDefFoundError from now on */
} ClassState;

/* VM-level class flags (Class.flags). */
enum {
    CF_ARRAY = 1 << 0,
    CF_PRIMITIVE = 1 << 1,
    CF_HIDDEN = 1 << 2,
    CF_HAS_FINALIZER = 1 << 3,      /* overrides Object.finalize with a non-empty body */
    CF_REF_SOFT = 1 << 4,           /* subclass of java.lang.ref.SoftReference, ... */
    CF_REF_WEAK = 1 << 5,
    CF_REF_FINAL = 1 << 6,
    CF_REF_PHANTOM = 1 << 7,
    CF_RECORD = 1 << 8,             /* has a Record attribute */
    CF_VALUE_BASED = 1 << 9,
    CF_MIRROR = 1 << 10,            /* java.lang.Class: instances carry statics (mirrors) */
    CF_HAS_RECORD_ATTR = 1 << 11,
    CF_DEPRECATED = 1 << 12,
    CF_SYNTHETIC_ATTR = 1 << 13,
    CF_OLD_VERSION = 1 << 14,       /* a class's version before a redefinition (Class.previous) */
};
#define CF_REF_ANY (CF_REF_SOFT | CF_REF_WEAK | CF_REF_FINAL | CF_REF_PHANTOM)

struct Class {
    /* ---- from the class file (classfile.c) ---- */
    Symbol *name;                   /* internal form: "java/lang/String", "[I", "int" */
    uint16_t access;                /* class-file access_flags */
    uint16_t major, minor;
    uint32_t flags;                 /* CF_* */
    Symbol *super_name;             /* NULL for java/lang/Object and module-info */
    Symbol **interface_names;
    uint16_t ninterfaces;
    ConstantPool cp;
    Field *fields;
    uint16_t nfields;
    Method *methods;
    uint16_t nmethods;

    Symbol *source_file;            /* SourceFile */
    Symbol *signature;              /* Signature */
    Blob source_debug_ext;          /* SourceDebugExtension */
    InnerClassEntry *inner;
    uint16_t ninner;
    uint16_t enclosing_class;       /* EnclosingMethod: CP class index, 0 if absent */
    uint16_t enclosing_method;      /* EnclosingMethod: CP NameAndType index or 0 */
    bool has_enclosing;
    uint16_t nest_host_index;       /* NestHost: CP class index, 0 if absent */
    uint16_t this_class;            /* CP class index of this_class */
    uint16_t *nest_members;         /* NestMembers: CP class indices */
    uint16_t nnest_members;
    uint16_t *permitted;            /* PermittedSubclasses: CP class indices */
    uint16_t npermitted;
    RecordComponent *record;        /* Record components (CF_HAS_RECORD_ATTR) */
    uint16_t nrecord;
    BootstrapMethod *bsms;
    uint16_t nbsms;
    Blob annotations;               /* RuntimeVisibleAnnotations */
    Blob type_annotations;          /* RuntimeVisibleTypeAnnotations */
    uint8_t *classfile;             /* the class file bytes as defined (JVMTI), owned */
    uint32_t classfile_len;
    void *arena;                    /* the parser's allocation arena: this Class itself and
                                     * every array and Blob above live in it and go with
                                     * cf_free; never free or realloc them one by one */

    /* ---- loading (loader.c) ---- */
    Object *mirror;                 /* java.lang.Class instance; also holds the statics */
    Object *loader;                 /* defining loader object, NULL for the boot loader */
    LoaderData *ld;                 /* the defining loader's tables */
    Class *super;
    Class **interfaces;             /* direct superinterfaces */
    Class *nest_host;               /* resolved lazily */
    char *nest_host_error;          /* why the NestHost attribute was rejected (HotSpot's words), or NULL */
    struct Package *package;
    volatile uint8_t state;         /* ClassState */
    Thread *init_thread;
    Object *init_error;             /* why <clinit> failed: cause of later NoClassDefFoundErrors */
    uint8_t verified;               /* bytecode verified or trusted (classfile/vfypolicy.c); atomic */
    uint8_t prepare_posted;         /* JVMTI ClassPrepare's turn taken (link_verify); atomic */

    /* ---- layout and dispatch (link.c) ---- */
    uint32_t instance_size;         /* bytes including the object header */
    uint32_t nrefs;                 /* reference fields in instances, supers included */
    uint32_t *ref_offsets;
    uint32_t statics_offset;        /* where this class's statics begin in its mirror */
    uint32_t mirror_size;           /* bytes of this class's mirror */
    uint32_t nstatic_refs;
    uint32_t *static_ref_offsets;   /* offsets within the mirror */
    Method **vtable;
    uint32_t vtable_len;
    ItableEntry *itable;            /* all interfaces implemented, transitively */
    uint32_t nitable;
    uint16_t depth;                 /* superclass chain length: Object = 0 */
    Class **supers;                 /* supers[0..depth]: Object ... this */
    Method *finalizer;

    /* ---- arrays and primitives ---- */
    Class *component;               /* arrays: the component class ([[I -> [I, [I -> int) */
    Class *element;                 /* arrays: the innermost element class */
    Class *array_class;             /* the class of arrays of this class, made on demand */
    uint8_t elem_type;              /* arrays: BasicType of the components;
                                     * primitives: their own BasicType */
    uint8_t elem_shift;             /* arrays: log2 of the component size */
    uint16_t dims;                  /* arrays: number of dimensions */

    struct RootBlock *roots;        /* extra GC roots owned by the class: call-site appendices
                                     * and recorded linkage errors (interp/callsite.c) */
    void *jvmti_ext;                /* per-class tool state, later */
    /* ---- redefinition (jvmti/jvmti_redefine.c, classfile/redefine.c) ---- */
    uint8_t *hook_base;             /* the bytes retransformation starts from when they differ
                                     * from classfile (ClassFileLoadHook of capable agents) */
    uint32_t hook_base_len;
    Class *previous;                /* the versions before redefinitions (CF_OLD_VERSION),
                                     * newest first: obsolete methods run on them; GC roots */
    struct RetiredMethods *retired_methods;    /* method arrays enhanced redefinitions
                                     * replaced, still named by ids and handles (enhredef.c) */
    /* class unloading (heap/classunload.c) */
    uint8_t cu_own;                 /* a weak hidden class: unloaded on its own (atomic) */
    uint8_t cu_ids;                 /* a JNI id of a member was handed out (atomic) */
    uint8_t cu_unloaded;            /* unloaded, memory kept for the ids (atomic) */
    uint8_t cu_live, cu_kept;       /* during a collection, world stopped */
    Class *next;                    /* all classes, in load order (classfile/loader.c) */
};

/* A class's state and a method's prepared code are published by one thread (with release
 * stores, under the init/link locks or by CAS) and read by others without a lock. */
static inline int class_state(const Class *c) { return __atomic_load_n(&c->state, __ATOMIC_ACQUIRE); }
static inline struct Prepared *method_prepared(const Method *m) { return __atomic_load_n(&m->prepared, __ATOMIC_ACQUIRE); }

static inline bool class_is_interface(const Class *c) { return (c->access & JVM_ACC_INTERFACE) != 0; }
static inline bool class_is_array(const Class *c) { return (c->flags & CF_ARRAY) != 0; }
static inline bool class_is_primitive(const Class *c) { return (c->flags & CF_PRIMITIVE) != 0; }
/* java.lang.Class: its instances are mirrors, sized by the class each one mirrors */
static inline bool class_is_mirror_type(const Class *c) { return (c->flags & CF_MIRROR) != 0; }
static inline bool method_is_static(const Method *m) { return (m->access & JVM_ACC_STATIC) != 0; }
static inline bool method_is_native(const Method *m) { return (m->access & JVM_ACC_NATIVE) != 0; }
static inline bool method_is_abstract(const Method *m) { return (m->access & JVM_ACC_ABSTRACT) != 0; }
static inline bool method_is_private(const Method *m) { return (m->access & JVM_ACC_PRIVATE) != 0; }
static inline bool field_is_static(const Field *f) { return (f->access & JVM_ACC_STATIC) != 0; }

/* Constant-pool accessors; the parser guarantees indices and tags are consistent. */
static inline Symbol *cp_utf8(const ConstantPool *cp, uint16_t i) { return cp->e[i].utf8; }
static inline Symbol *cp_class_name(const ConstantPool *cp, uint16_t i) { return cp->e[cp->e[i].ref.a].utf8; }
/* Name and descriptor of a Field/Method/InterfaceMethodref, Dynamic or InvokeDynamic entry. */
static inline Symbol *cp_member_name(const ConstantPool *cp, uint16_t i) {
    return cp->e[cp->e[cp->e[i].ref.b].ref.a].utf8;
}
static inline Symbol *cp_member_desc(const ConstantPool *cp, uint16_t i) {
    return cp->e[cp->e[cp->e[i].ref.b].ref.b].utf8;
}

/* Finds a method or field declared by c itself (no inheritance).  NULL if absent. */
Method *class_find_declared_method(const Class *c, const Symbol *name, const Symbol *desc);
/* The method of c named `name` with descriptor `desc`, found once and kept in *cache
 * (any thread may ask first: the cache is published with release order); NULL if c
 * declares none.  For the VM's calls into the class library. */
Method *class_cached_method(Method **cache, const Class *c, const char *name, const char *desc);
Field *class_find_declared_field(const Class *c, const Symbol *name, const Symbol *desc);
/* The offset of c's declared field name:desc, looked up on first use and kept in *cache
 * (0: not looked up yet, or no such field).  Threads may race to fill the cache; they
 * store the same value, atomically. */
uint32_t class_field_offset_cached(uint32_t *cache, const Class *c, const char *name, const char *desc);
/* The class name as Class.getName() gives it ("java.lang.String", "[I", "[Ljava.lang.String;"). */
const char *class_external_name(const Class *c, char *buf, size_t n);
/* The same, appended to b whole, however long. */
void sb_class_name(StrBuf *b, const Class *c);

#endif
