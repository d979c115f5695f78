/*
 * heapdump.c — heap dumps in the HPROF binary format ("JAVA PROFILE 1.0.2"), the format
 * jmap -dump, jcmd GC.heap_dump and HotSpotDiagnosticMXBean.dumpHeap write and that heap
 * analysers (VisualVM, Eclipse MAT, ...) read.
 *
 * The dump is written with the world stopped, so an object's address is its identifier
 * (8 bytes) and nothing moves while the file is written.  The file holds, in order:
 *
 *   - the header: the format name, the identifier size, the time in milliseconds;
 *   - UTF8 records for every name used below (the id of a name is its Symbol, which is
 *     unique per string);
 *   - a LOAD CLASS record per class with a mirror (the id of a class is its mirror);
 *   - one empty STACK TRACE record (serial 1) that every object refers to: Loupe does not
 *     record where objects were allocated;
 *   - HEAP DUMP SEGMENT records, each at most about 1 GB long, holding: GC roots (thread
 *     objects, classes of the boot loader, JNI globals, and every other root the
 *     collector knows as "unknown" roots); a CLASS DUMP per class (super class, loader,
 *     signers, protection domain, the statics with their values, the declared instance
 *     fields); then every object: an INSTANCE DUMP (the field values of the class and
 *     of each superclass in turn), an OBJECT ARRAY DUMP or a PRIMITIVE ARRAY DUMP;
 *   - HEAP DUMP END.
 *
 * Class mirrors are dumped as their classes, not as instances (as HotSpot does), except
 * the mirrors of primitive types, which are plain java.lang.Class instances.  Fields the
 * VM injects are left out.  All values are big-endian.
 */
#include "heap/heap.h"
#include "heap/gc.h"
#include "heap/handles.h"
#include "classfile/class.h"
#include "classfile/loader.h"
#include "runtime/mirror.h"
#include "runtime/vm.h"
#include "runtime/crash.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
    TAG_UTF8 = 0x01, TAG_LOAD_CLASS = 0x02, TAG_TRACE = 0x05, TAG_HEAP_DUMP_SEGMENT = 0x1C, TAG_HEAP_DUMP_END = 0x2C,
    SUB_ROOT_UNKNOWN = 0xFF, SUB_ROOT_JNI_GLOBAL = 0x01, SUB_ROOT_STICKY_CLASS = 0x05, SUB_ROOT_THREAD_OBJ = 0x08,
    SUB_CLASS_DUMP = 0x20, SUB_INSTANCE_DUMP = 0x21, SUB_OBJ_ARRAY_DUMP = 0x22, SUB_PRIM_ARRAY_DUMP = 0x23,
};
/* HPROF basic types */
enum { HT_OBJECT = 2, HT_BOOLEAN = 4, HT_CHAR = 5, HT_FLOAT = 6, HT_DOUBLE = 7, HT_BYTE = 8, HT_SHORT = 9, HT_INT = 10,
       HT_LONG = 11 };

#define STACK_TRACE_SERIAL 1
#define SEGMENT_LIMIT (1u << 30)

typedef struct Dump {
    FILE *f;
    bool failed;
    long segment_start;             /* file offset of the open segment's length field, or -1 */
    uint64_t segment_len;
    /* names already written: an open-addressed set of Symbol pointers */
    const Symbol **names;
    size_t nnames, names_size;
    uint32_t class_serial;
    uint32_t thread_serial;
} Dump;

/* ---- writing ---- */

static void put(Dump *d, const void *p, size_t n) {
    if (!d->failed && fwrite(p, 1, n, d->f) != n) d->failed = true;
    if (d->segment_start >= 0) d->segment_len += n;
}
static void u1(Dump *d, uint8_t v) { put(d, &v, 1); }
static void u2(Dump *d, uint16_t v) { uint8_t b[2] = { v >> 8, v }; put(d, b, 2); }
static void u4(Dump *d, uint32_t v) { uint8_t b[4] = { v >> 24, v >> 16, v >> 8, v }; put(d, b, 4); }
static void u8(Dump *d, uint64_t v) { u4(d, (uint32_t)(v >> 32)); u4(d, (uint32_t)v); }
static void id(Dump *d, const void *p) { u8(d, (uint64_t)(uintptr_t)p); }

static void record(Dump *d, uint8_t tag, uint32_t len) {
    u1(d, tag);
    u4(d, 0);                       /* microseconds since the header: all at once */
    u4(d, len);
}

static void end_segment(Dump *d) {
    if (d->segment_start < 0) return;
    long here = ftell(d->f);
    uint32_t len = (uint32_t)d->segment_len;
    d->segment_start = -1;
    if (fseek(d->f, here - (long)len - 4, SEEK_SET) != 0) d->failed = true;
    u4(d, len);
    if (fseek(d->f, here, SEEK_SET) != 0) d->failed = true;
}

/* Sub-records go into the open segment; a full one is closed and a new one begun. */
static void sub_record(Dump *d) {
    if (d->segment_start >= 0 && d->segment_len < SEGMENT_LIMIT) return;
    end_segment(d);
    record(d, TAG_HEAP_DUMP_SEGMENT, 0);            /* length patched by end_segment */
    d->segment_start = ftell(d->f);
    d->segment_len = 0;
}

/* ---- names ---- */

static bool name_seen(Dump *d, const Symbol *s) {
    if ((d->nnames + 1) * 2 > d->names_size) {
        size_t nsize = d->names_size ? d->names_size * 2 : 4096;
        const Symbol **nt = calloc(nsize, sizeof *nt);
        if (!nt) {
            d->failed = true;
            return true;
        }
        for (size_t i = 0; i < d->names_size; i++) {
            if (!d->names[i]) continue;
            size_t j = ((uintptr_t)d->names[i] >> 3) & (nsize - 1);
            while (nt[j]) j = (j + 1) & (nsize - 1);
            nt[j] = d->names[i];
        }
        free(d->names);
        d->names = nt;
        d->names_size = nsize;
    }
    size_t j = ((uintptr_t)s >> 3) & (d->names_size - 1);
    for (; d->names[j]; j = (j + 1) & (d->names_size - 1))
        if (d->names[j] == s) return true;
    d->names[j] = s;
    d->nnames++;
    return false;
}

static void name(Dump *d, const Symbol *s) {
    if (!s || name_seen(d, s)) return;
    record(d, TAG_UTF8, 8 + s->len);
    id(d, s);
    put(d, s->str, s->len);
}

/* ---- classes ---- */

static bool dumped_field(const Field *f, bool statics) {
    return !f->injected && ((f->access & JVM_ACC_STATIC) != 0) == statics;
}

static uint8_t hprof_type(const Field *f) {
    switch (f->desc->str[0]) {
    case 'Z': return HT_BOOLEAN;
    case 'C': return HT_CHAR;
    case 'F': return HT_FLOAT;
    case 'D': return HT_DOUBLE;
    case 'B': return HT_BYTE;
    case 'S': return HT_SHORT;
    case 'I': return HT_INT;
    case 'J': return HT_LONG;
    default: return HT_OBJECT;
    }
}

static uint32_t type_size(uint8_t t) {
    switch (t) {
    case HT_BOOLEAN: case HT_BYTE: return 1;
    case HT_CHAR: case HT_SHORT: return 2;
    case HT_FLOAT: case HT_INT: return 4;
    default: return 8;
    }
}

/* One value of field f in the object (or mirror) base. */
static void value(Dump *d, Object *base, const Field *f) {
    char *p = (char *)base + f->offset;
    uint8_t t = hprof_type(f);
    switch (t) {
    case HT_OBJECT: id(d, *(Object **)p); break;
    case HT_BOOLEAN: case HT_BYTE: u1(d, *(uint8_t *)p); break;
    case HT_CHAR: case HT_SHORT: u2(d, *(uint16_t *)p); break;
    case HT_FLOAT: case HT_INT: u4(d, *(uint32_t *)p); break;
    default: u8(d, *(uint64_t *)p); break;
    }
}

static void names_of_class(Class *c, void *ctx) {
    Dump *d = ctx;
    if (!c->mirror) return;
    name(d, c->name);
    for (uint16_t i = 0; i < c->nfields; i++)
        if (!c->fields[i].injected) name(d, c->fields[i].name);
}

static void load_class(Class *c, void *ctx) {
    Dump *d = ctx;
    if (!c->mirror) return;
    record(d, TAG_LOAD_CLASS, 4 + 8 + 4 + 8);
    u4(d, ++d->class_serial);
    id(d, c->mirror);
    u4(d, STACK_TRACE_SERIAL);
    id(d, c->name);
}

static void class_dump(Class *c, void *ctx) {
    Dump *d = ctx;
    if (!c->mirror) return;
    sub_record(d);
    u1(d, SUB_CLASS_DUMP);
    id(d, c->mirror);
    u4(d, STACK_TRACE_SERIAL);
    Class *super = class_is_array(c) ? VMC(Object) : c->super;
    id(d, super ? super->mirror : NULL);
    id(d, c->loader);
    id(d, OBJ_FIELD(c->mirror, mirror_signers_off, Object *));
    id(d, OBJ_FIELD(c->mirror, mirror_pd_off, Object *));
    id(d, NULL);
    id(d, NULL);
    u4(d, class_is_array(c) ? 0 : c->instance_size);
    u2(d, 0);                                       /* constant pool */
    uint16_t n = 0;
    for (uint16_t i = 0; i < c->nfields; i++) n += dumped_field(&c->fields[i], true);
    u2(d, n);
    for (uint16_t i = 0; i < c->nfields; i++) {
        const Field *f = &c->fields[i];
        if (!dumped_field(f, true)) continue;
        id(d, f->name);
        u1(d, hprof_type(f));
        value(d, c->mirror, f);
    }
    n = 0;
    for (uint16_t i = 0; i < c->nfields; i++) n += dumped_field(&c->fields[i], false);
    u2(d, n);
    for (uint16_t i = 0; i < c->nfields; i++) {
        const Field *f = &c->fields[i];
        if (!dumped_field(f, false)) continue;
        id(d, f->name);
        u1(d, hprof_type(f));
    }
}

static void sticky_class(Class *c, void *ctx) {
    Dump *d = ctx;
    if (!c->mirror || c->loader) return;
    sub_record(d);
    u1(d, SUB_ROOT_STICKY_CLASS);
    id(d, c->mirror);
}

/* ---- objects ---- */

static void instance_dump(Dump *d, Object *o) {
    uint32_t bytes = 0;
    for (Class *c = o->klass; c; c = c->super)
        for (uint16_t i = 0; i < c->nfields; i++)
            if (dumped_field(&c->fields[i], false)) bytes += type_size(hprof_type(&c->fields[i]));
    sub_record(d);
    u1(d, SUB_INSTANCE_DUMP);
    id(d, o);
    u4(d, STACK_TRACE_SERIAL);
    id(d, o->klass->mirror);
    u4(d, bytes);
    for (Class *c = o->klass; c; c = c->super)
        for (uint16_t i = 0; i < c->nfields; i++)
            if (dumped_field(&c->fields[i], false)) value(d, o, &c->fields[i]);
}

static uint8_t element_type(Class *k) {
    switch (k->elem_type) {
    case T_BOOLEAN: return HT_BOOLEAN;
    case T_CHAR: return HT_CHAR;
    case T_FLOAT: return HT_FLOAT;
    case T_DOUBLE: return HT_DOUBLE;
    case T_BYTE: return HT_BYTE;
    case T_SHORT: return HT_SHORT;
    case T_INT: return HT_INT;
    case T_LONG: return HT_LONG;
    default: return HT_OBJECT;
    }
}

static void array_dump(Dump *d, Object *o) {
    Class *k = o->klass;
    jint n = array_length(o);
    uint8_t t = element_type(k);
    sub_record(d);
    if (t == HT_OBJECT) {
        u1(d, SUB_OBJ_ARRAY_DUMP);
        id(d, o);
        u4(d, STACK_TRACE_SERIAL);
        u4(d, (uint32_t)n);
        id(d, k->mirror);
        for (jint i = 0; i < n; i++) id(d, ARRAY_ELEMS(o, Object *)[i]);
        return;
    }
    u1(d, SUB_PRIM_ARRAY_DUMP);
    id(d, o);
    u4(d, STACK_TRACE_SERIAL);
    u4(d, (uint32_t)n);
    u1(d, t);
    uint32_t size = type_size(t);
    if (size == 1) {
        put(d, ARRAY_ELEMS(o, uint8_t), (size_t)n);
        return;
    }
    for (jint i = 0; i < n; i++) {
        if (size == 2) u2(d, ARRAY_ELEMS(o, uint16_t)[i]);
        else if (size == 4) u4(d, ARRAY_ELEMS(o, uint32_t)[i]);
        else u8(d, ARRAY_ELEMS(o, uint64_t)[i]);
    }
}

static void object_dump(Object *o, void *ctx) {
    Dump *d = ctx;
    if (heap_is_filler(o)) return;
    if (class_is_array(o->klass)) {
        array_dump(d, o);
        return;
    }
    /* a class's mirror is its CLASS DUMP; primitive types' mirrors are plain objects */
    if (o->klass == VMC(Class)) {
        Class *c = mirror_class(o);
        if (c && !class_is_primitive(c) && c->mirror == o) return;
    }
    instance_dump(d, o);
}

/* ---- roots ---- */

static void unknown_root(Object **slot, void *ctx) {
    Dump *d = ctx;
    if (!*slot) return;
    sub_record(d);
    u1(d, SUB_ROOT_UNKNOWN);
    id(d, *slot);
}

static void jni_global_root(Object **slot, void *ctx) {
    Dump *d = ctx;
    if (!*slot) return;
    sub_record(d);
    u1(d, SUB_ROOT_JNI_GLOBAL);
    id(d, *slot);
    id(d, slot);
}

static void roots(Dump *d) {
    for (Thread *t = thread_list; t; t = t->next) {
        if (!t->jthread) continue;
        sub_record(d);
        u1(d, SUB_ROOT_THREAD_OBJ);
        id(d, t->jthread);
        u4(d, ++d->thread_serial);
        u4(d, STACK_TRACE_SERIAL);
    }
    ld_foreach_class(sticky_class, d);
    hnd_visit_globals(jni_global_root, d);
    gc_visit_roots(unknown_root, d);
}

/* ---- the dump ---- */

static void write_dump(Dump *d) {
    static const char header[] = "JAVA PROFILE 1.0.2";
    put(d, header, sizeof header);                  /* with its NUL */
    u4(d, 8);
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    u8(d, (uint64_t)now.tv_sec * 1000 + (uint64_t)now.tv_nsec / 1000000);
    ld_foreach_class(names_of_class, d);
    for (int i = 0; i <= T_VOID; i++)
        if (vm_primitive[i]) name(d, vm_primitive[i]->name);
    ld_foreach_class(load_class, d);
    record(d, TAG_TRACE, 12);
    u4(d, STACK_TRACE_SERIAL);
    u4(d, 0);                                       /* thread serial */
    u4(d, 0);                                       /* frames */
    roots(d);
    ld_foreach_class(class_dump, d);
    heap_walk(object_dump, d);
    end_segment(d);
    record(d, TAG_HEAP_DUMP_END, 0);
}

void heap_dump_report(Thread *t, FILE *out, const char *path, bool live) {
    fprintf(out, "Dumping heap to %s ...\n", path);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    char err[256];
    int64_t size = heap_dump_hprof(t, path, live, err, sizeof err);
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (size < 0) {
        fprintf(out, "Unable to create %s: %s\n", path, err);
        return;
    }
    double secs = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
    fprintf(out, "Heap dump file created [%lld bytes in %3.3f secs]\n", (long long)size, secs);
}

/* java_pid<pid>.hprof, in HeapDumpPath if that is a directory, or HeapDumpPath itself. */
static void oom_dump_path(char *out, size_t n) {
    const char *p = vm_opts.heap_dump_path;
    struct stat st;
    if (!p || !*p) snprintf(out, n, "java_pid%d.hprof", (int)getpid());
    else if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
        snprintf(out, n, "%s%sjava_pid%d.hprof", p, p[strlen(p) - 1] == '/' ? "" : "/", (int)getpid());
    else snprintf(out, n, "%s", p);
}

void heap_report_oom(Thread *t, const char *message) {
    static int reported;
    if (__atomic_exchange_n(&reported, 1, __ATOMIC_ACQ_REL)) return;
    FILE *tty = vm_tty();
    if (vm_opts.heap_dump_on_oom) {
        vm_printf(tty, "java.lang.OutOfMemoryError: %s\n", message);
        char path[4096];
        oom_dump_path(path, sizeof path);
        /* as HotSpot: all objects, no collection first */
        heap_dump_report(t, tty, path, false);
        fflush(tty);
    }
    crash_on_oom_commands(tty, message);
    if (vm_opts.crash_on_oom) {
        vm_printf(tty, "Aborting due to java.lang.OutOfMemoryError: %s\n", message);
        fflush(tty);
        vm_crash_fatal("OutOfMemory encountered: %s", message);     /* HotSpot's report, as its fatal() */
    }
    if (vm_opts.exit_on_oom) {
        vm_printf(tty, "Terminating due to java.lang.OutOfMemoryError: %s\n", message);
        fflush(tty);
        _exit(3);                   /* at once: no shutdown hooks */
    }
}

int64_t heap_dump_hprof(Thread *t, const char *path, bool live, char *err, size_t errlen) {
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0) {
        snprintf(err, errlen, "%s", strerror(errno));
        return -1;
    }
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        snprintf(err, errlen, "%s", strerror(errno));
        close(fd);
        return -1;
    }
    setvbuf(f, NULL, _IOFBF, 1 << 20);
    if (live) heap_collect(t, GC_HEAP_DUMP);
    Dump d = { .f = f, .segment_start = -1 };
    safepoint_begin(t);
    write_dump(&d);
    safepoint_end(t);
    free(d.names);
    long size = ftell(f);
    if (fclose(f) != 0) d.failed = true;
    if (d.failed) {
        snprintf(err, errlen, "%s", errno ? strerror(errno) : "write failed");
        return -1;
    }
    return size;
}
