/*
 * cfmodel.h — a class file taken apart just enough to mutate its code, for the fuzz targets.
 *
 * The VM's own parser (src/classfile/classfile.c) builds runtime structures and cannot give
 * a file back; the structure-aware mutator (mutate_code.c) needs the reverse.  This model
 * keeps everything it does not mutate as raw bytes (the header and constant pool, the
 * fields, the class attributes, every attribute other than Code) and opens up each
 * method's Code attribute: max_stack, max_locals, the bytecode, the exception table and
 * the sub-attributes (StackMapTable among them, still raw).  cm_write puts it back
 * together with the lengths recomputed, so a mutation never has to fix a length field.
 *
 * The model owns copies of everything (cm_free releases them); it is lenient where the
 * VM is strict (it checks only what it needs to find the structure), since the VM's
 * parser and verifier are what the fuzzer tests.
 */
#ifndef LOUPE_FUZZ_CFMODEL_H
#define LOUPE_FUZZ_CFMODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct CmBytes { uint8_t *p; uint32_t n; } CmBytes;
typedef struct CmAttr { uint16_t name; CmBytes body; } CmAttr;
typedef struct CmExc { uint16_t start, end, handler, type; } CmExc;

typedef struct CmCode {
    uint16_t max_stack, max_locals;
    CmBytes code;
    CmExc *exc;
    uint16_t nexc;
    CmAttr *attrs;          /* LineNumberTable, StackMapTable, ... */
    uint16_t nattrs;
} CmCode;

typedef struct CmMethod {
    uint16_t access, name, desc;
    CmAttr *attrs;          /* the Code attribute's body is unused: see code */
    uint16_t nattrs;
    int code_attr;          /* index of the Code attribute in attrs, -1 if none */
    CmCode code;
} CmMethod;

typedef struct CmClass {
    CmBytes head;           /* magic .. interfaces, raw */
    uint16_t cp_count;
    uint32_t *cp_off;       /* offset in head of each constant's tag byte (0: none) */
    uint16_t this_class;
    CmBytes fields;         /* fields_count and the fields, raw */
    CmMethod *methods;
    uint16_t nmethods;
    CmBytes tail;           /* attributes_count and the class attributes, raw */
} CmClass;

/* Parses data into c; false (and c empty) if the structure cannot be followed. */
bool cm_parse(const uint8_t *data, size_t size, CmClass *c);
/* Serialises c into out (at most max bytes); returns the size, 0 if it does not fit. */
size_t cm_write(const CmClass *c, uint8_t *out, size_t max);
void cm_free(CmClass *c);

/* Constant-pool helpers: the tag of entry i (0 if none), a Utf8 entry's bytes, the
 * name of a Class entry (NULL if not one), and whether a Utf8 entry equals s. */
int cm_tag(const CmClass *c, unsigned i);
const uint8_t *cm_utf8(const CmClass *c, unsigned i, uint16_t *len);
const uint8_t *cm_class_name(const CmClass *c, unsigned i, uint16_t *len);
bool cm_utf8_is(const CmClass *c, unsigned i, const char *s);

/* The length of the instruction at pc of code (switches and wide included), 0 if it is
 * undefined or runs past the end. */
unsigned cm_insn_len(const uint8_t *code, uint32_t len, uint32_t pc);

#endif
