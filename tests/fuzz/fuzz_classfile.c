/*
 * fuzz_classfile.c — the libFuzzer target for the class-file parser.
 *
 * Each input is parsed as a class file.  Under ASan and UBSan that alone finds reads out
 * of bounds, leaks (every Class must be released by cf_free, on every error path too) and
 * undefined arithmetic.  Beyond not crashing, the parser makes promises that the rest of
 * the VM relies on without checking again, so for every input that parses this target
 * walks the Class and aborts if one is broken:
 *
 *   - every constant-pool index stored anywhere is in range and has the tag its use needs
 *     (class.h's accessors follow them blindly);
 *   - object-valued entries have distinct slots below cp.nobjs;
 *   - code tables (exceptions, lines, local variables) lie within the code;
 *   - names and descriptors satisfy the grammars of descriptor.c;
 *   - Blobs and bytecode point into the class's own copy of the file.
 *
 * A failed parse must come with an error kind and a message.  Every class that parses is
 * then verified (classfile/verify.c, without a VM: no class is loaded) and a rejection
 * must come with a message.  tests/fuzz/run.sh builds and runs this; sym_table_init is the
 * only VM set-up the parser and the verifier need.
 */
#include "classfile/classfile.h"
#include "classfile/verify.h"
#include "classfile/vfy_internal.h"
#include <stdio.h>
#include <stdlib.h>


static void broken(const char *what, unsigned detail) {
    fprintf(stderr, "fuzz_classfile: broken invariant: %s (%u)\n", what, detail);
    abort();
}

#define REQUIRE(cond, detail) do { if (!(cond)) broken(#cond, (unsigned)(detail)); } while (0)

static bool tag_is(const ConstantPool *cp, unsigned i, int tag) {
    return i > 0 && i < cp->count && cp->tags[i] == tag;
}

static bool within(const Class *c, Blob b) {
    if (!b.data) return b.len == 0;
    return b.data >= c->classfile && b.data + b.len <= c->classfile + c->classfile_len;
}

static void check_pool(const Class *c) {
    const ConstantPool *cp = &c->cp;
    REQUIRE(cp->count >= 1 && cp->tags[0] == 0, cp->count);
    uint8_t *slot_used = calloc(cp->nobjs ? cp->nobjs : 1, 1);
    for (unsigned i = 1; i < cp->count; i++) {
        const CPEntry *e = &cp->e[i];
        switch (cp->tags[i]) {
        case JVM_CONSTANT_Utf8:
            REQUIRE(e->utf8 && strlen(e->utf8->str) == e->utf8->len, i);
            break;
        case JVM_CONSTANT_Integer: case JVM_CONSTANT_Float:
            break;
        case JVM_CONSTANT_Long: case JVM_CONSTANT_Double:
            REQUIRE(i + 1 < cp->count && cp->tags[i + 1] == 0, i);
            i++;
            break;
        case JVM_CONSTANT_Class:
            REQUIRE(tag_is(cp, e->ref.a, JVM_CONSTANT_Utf8), i);
            REQUIRE(cf_valid_class_name(cp_class_name(cp, (uint16_t)i)->str, cp_class_name(cp, (uint16_t)i)->len), i);
            break;
        case JVM_CONSTANT_Fieldref: case JVM_CONSTANT_Methodref: case JVM_CONSTANT_InterfaceMethodref:
            REQUIRE(tag_is(cp, e->ref.a, JVM_CONSTANT_Class), i);
            /* fall through */
        case JVM_CONSTANT_Dynamic: case JVM_CONSTANT_InvokeDynamic: {
            REQUIRE(tag_is(cp, e->ref.b, JVM_CONSTANT_NameAndType), i);
            const Symbol *desc = cp_member_desc(cp, (uint16_t)i);
            bool method = desc->str[0] == '(';
            REQUIRE(method ? cf_valid_method_desc(desc->str, desc->len) : cf_valid_field_desc(desc->str, desc->len), i);
            if (cp->tags[i] == JVM_CONSTANT_Dynamic || cp->tags[i] == JVM_CONSTANT_InvokeDynamic)
                REQUIRE(e->ref.a < c->nbsms, i);
            break;
        }
        case JVM_CONSTANT_NameAndType:
            REQUIRE(tag_is(cp, e->ref.a, JVM_CONSTANT_Utf8) && tag_is(cp, e->ref.b, JVM_CONSTANT_Utf8), i);
            break;
        case JVM_CONSTANT_String: case JVM_CONSTANT_Module: case JVM_CONSTANT_Package:
            REQUIRE(tag_is(cp, e->ref.a, JVM_CONSTANT_Utf8), i);
            break;
        case JVM_CONSTANT_MethodType:
            REQUIRE(tag_is(cp, e->ref.a, JVM_CONSTANT_Utf8), i);
            REQUIRE(cf_valid_method_desc(cp->e[e->ref.a].utf8->str, cp->e[e->ref.a].utf8->len), i);
            break;
        case JVM_CONSTANT_MethodHandle:
            REQUIRE(e->ref.a >= JVM_REF_getField && e->ref.a <= JVM_REF_invokeInterface, i);
            REQUIRE(tag_is(cp, e->ref.b, JVM_CONSTANT_Fieldref) || tag_is(cp, e->ref.b, JVM_CONSTANT_Methodref) ||
                    tag_is(cp, e->ref.b, JVM_CONSTANT_InterfaceMethodref), i);
            break;
        default:
            broken("unexpected tag", cp->tags[i]);
        }
        int tag = cp->tags[i];
        if (tag == JVM_CONSTANT_String || tag == JVM_CONSTANT_MethodType || tag == JVM_CONSTANT_MethodHandle ||
            tag == JVM_CONSTANT_Dynamic) {
            REQUIRE(e->obj < cp->nobjs && !slot_used[e->obj], i);
            slot_used[e->obj] = 1;
            REQUIRE(cp->objs[e->obj] == NULL && cp->errors[e->obj] == NULL, i);
        }
    }
    free(slot_used);
}

static void check_code(const Class *c, const Method *m) {
    const ConstantPool *cp = &c->cp;
    REQUIRE(m->code_len > 0 && m->code_len <= 65535, m->code_len);
    REQUIRE(m->code >= c->classfile && m->code + m->code_len <= c->classfile + c->classfile_len, m->code_len);
    REQUIRE(m->arg_slots <= m->max_locals, m->arg_slots);
    for (unsigned i = 0; i < m->nexc; i++) {
        const ExceptionEntry *x = &m->exc[i];
        REQUIRE(x->start_pc < x->end_pc && x->end_pc <= m->code_len && x->handler_pc < m->code_len, i);
        REQUIRE(x->catch_type == 0 || tag_is(cp, x->catch_type, JVM_CONSTANT_Class), i);
    }
    for (unsigned i = 0; i < m->nlines; i++) REQUIRE(m->lines[i].start_pc < m->code_len, i);
    for (unsigned i = 0; i < m->nlvt; i++) {
        const LocalVarEntry *v = &m->lvt[i];
        REQUIRE(v->start_pc < m->code_len && v->start_pc + v->length <= m->code_len && v->slot < m->max_locals, i);
        REQUIRE(v->name && cf_valid_field_desc(v->desc->str, v->desc->len), i);
    }
    for (unsigned i = 0; i < m->nlvtt; i++) REQUIRE(m->lvtt[i].name && m->lvtt[i].desc, i);
    REQUIRE(within(c, m->stack_map), 0);
}

static void check_members(const Class *c) {
    const ConstantPool *cp = &c->cp;
    for (unsigned i = 0; i < c->nfields; i++) {
        const Field *f = &c->fields[i];
        REQUIRE(f->holder == c && f->index == i && cf_valid_field_desc(f->desc->str, f->desc->len), i);
        REQUIRE(f->type == bt_from_char(f->desc->str[0]), i);
        REQUIRE(f->const_index == 0 || (f->const_index < cp->count && cp->tags[f->const_index] != 0), i);
        REQUIRE(within(c, f->annotations) && within(c, f->type_annotations), i);
        REQUIRE(class_find_declared_field(c, f->name, f->desc) == f, i);
    }
    for (unsigned i = 0; i < c->nmethods; i++) {
        const Method *m = &c->methods[i];
        REQUIRE(m->holder == c && m->index == i && cf_valid_method_desc(m->desc->str, m->desc->len), i);
        BasicType ret;
        int slots = cf_method_arg_slots(m->desc->str, &ret) + !method_is_static(m);
        REQUIRE(slots == m->arg_slots && slots <= 255 && ret == m->ret_type, i);
        REQUIRE(m->vtable_index == -1 && m->itable_index == -1, i);
        if (m->kind == MK_INTERPRETED) check_code(c, m);
        else REQUIRE(m->code == NULL && m->kind == (method_is_native(m) ? MK_NATIVE : MK_ABSTRACT), i);
        for (unsigned k = 0; k < m->nthrows; k++) REQUIRE(tag_is(cp, m->throws[k], JVM_CONSTANT_Class), k);
        REQUIRE(within(c, m->annotations) && within(c, m->param_annotations) && within(c, m->annotation_default) &&
                within(c, m->type_annotations) && within(c, m->method_parameters), i);
        REQUIRE(class_find_declared_method(c, m->name, m->desc) == m, i);
    }
}

static void check_class_attributes(const Class *c) {
    const ConstantPool *cp = &c->cp;
    for (unsigned i = 0; i < c->ninterfaces; i++) REQUIRE(c->interface_names[i] != NULL, i);
    for (unsigned i = 0; i < c->ninner; i++) {
        const InnerClassEntry *e = &c->inner[i];
        REQUIRE(tag_is(cp, e->inner_class, JVM_CONSTANT_Class), i);
        REQUIRE(e->outer_class == 0 || tag_is(cp, e->outer_class, JVM_CONSTANT_Class), i);
        REQUIRE(e->inner_name == 0 || tag_is(cp, e->inner_name, JVM_CONSTANT_Utf8), i);
    }
    if (c->has_enclosing) {
        REQUIRE(tag_is(cp, c->enclosing_class, JVM_CONSTANT_Class), 0);
        REQUIRE(c->enclosing_method == 0 || tag_is(cp, c->enclosing_method, JVM_CONSTANT_NameAndType), 0);
    }
    REQUIRE(c->nest_host_index == 0 || tag_is(cp, c->nest_host_index, JVM_CONSTANT_Class), 0);
    for (unsigned i = 0; i < c->nnest_members; i++) REQUIRE(tag_is(cp, c->nest_members[i], JVM_CONSTANT_Class), i);
    for (unsigned i = 0; i < c->npermitted; i++) REQUIRE(tag_is(cp, c->permitted[i], JVM_CONSTANT_Class), i);
    for (unsigned i = 0; i < c->nbsms; i++) {
        REQUIRE(tag_is(cp, c->bsms[i].method_ref, JVM_CONSTANT_MethodHandle), i);
        for (unsigned k = 0; k < c->bsms[i].nargs; k++)
            REQUIRE(c->bsms[i].args[k] > 0 && c->bsms[i].args[k] < cp->count, k);
    }
    for (unsigned i = 0; i < c->nrecord; i++)
        REQUIRE(cf_valid_field_desc(c->record[i].desc->str, c->record[i].desc->len) &&
                within(c, c->record[i].annotations) && within(c, c->record[i].type_annotations), i);
    REQUIRE(within(c, c->annotations) && within(c, c->type_annotations) && within(c, c->source_debug_ext), 0);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    sym_table_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    CfError err;
    Class *c = cf_parse(data, size, NULL, 0, &err);
    if (!c) {
        REQUIRE(err.kind != CFE_NONE && err.msg[0] != '\0', err.kind);
        return 0;
    }
    REQUIRE(err.kind == CFE_NONE && c->classfile_len == size && memcmp(c->classfile, data, size) == 0, size);
    REQUIRE(c->name && c->name->str[0] != '[' && cf_valid_class_name(c->name->str, c->name->len), 0);
    check_pool(c);
    check_members(c);
    check_class_attributes(c);
    char name[64];
    class_external_name(c, name, sizeof name);
    char *msg = NULL;
    VResult r = vfy_run(NULL, c, &msg);
    REQUIRE(r == VR_OK ? msg == NULL : (msg != NULL && msg[0] != '\0'), r);
    free(msg);
    msg = NULL;
    r = vfy_infer_run(NULL, c, &msg);       /* any version: inference must not crash either */
    REQUIRE(r == VR_OK ? msg == NULL : (msg != NULL && msg[0] != '\0'), r);
    free(msg);
    cf_free(c);
    return 0;
}
