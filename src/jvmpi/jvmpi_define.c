/*
 * jvmpi_define.c — the defining events' contents: class load, thread start, object alloc.
 *
 * Each is built in one place and sent from two: when the VM does the thing (an enabled
 * event) and when the agent asks about an id it does not know (RequestEvent, with
 * JVMPI_REQUESTED_EVENT set).  Strings point into the VM's symbols where they can (they
 * outlive the event); what had to be made is freed after NotifyEvent returns, as the
 * specification says the event's space is.
 *
 * A class's fields are listed in declaration order, statics and instance fields apart;
 * the heap dump writes field values in exactly these orders (jvmpi_dump.c), which is how
 * an agent knows what the bytes of a dump record are.
 */
#include "jvmpi/jvmpi_internal.h"
#include "runtime/vm.h"
#include "runtime/jthread.h"
#include "runtime/jstring.h"
#include <stdlib.h>
#include <string.h>

static uint32_t group_name_off, group_parent_off;

static void line_range(const Method *m, jint *lo, jint *hi) {
    *lo = *hi = -1;
    for (uint16_t i = 0; i < m->nlines; i++) {
        jint l = m->lines[i].line;
        if (*lo < 0 || l < *lo) *lo = l;
        if (l > *hi) *hi = l;
    }
}

static JVMPI_Method *methods_of(Class *c) {
    JVMPI_Method *ms = calloc(c->nmethods ? c->nmethods : 1, sizeof *ms);
    if (!ms) return NULL;
    for (uint16_t i = 0; i < c->nmethods; i++) {
        Method *m = &c->methods[i];
        ms[i].method_name = m->name->str;
        ms[i].method_signature = m->desc->str;
        line_range(m, &ms[i].start_lineno, &ms[i].end_lineno);
        ms[i].method_id = (jmethodID)m;
    }
    return ms;
}

/* The fields of c that are static (or not), in declaration order; *n their number. */
static JVMPI_Field *fields_of(Class *c, bool statics, jint *n) {
    JVMPI_Field *fs = calloc(c->nfields ? c->nfields : 1, sizeof *fs);
    *n = 0;
    if (!fs) return NULL;
    for (uint16_t i = 0; i < c->nfields; i++) {
        Field *f = &c->fields[i];
        if (f->injected || field_is_static(f) != statics) continue;
        fs[*n].field_name = f->name->str;
        fs[*n].field_signature = f->desc->str;
        ++*n;
    }
    return fs;
}

void jvmpi_class_load_fill(Class *c, JVMPI_Event *e) {
    e->event_type = JVMPI_EVENT_CLASS_LOAD;
    e->u.class_load.class_name = c->name->str;
    e->u.class_load.source_name = c->source_file ? c->source_file->str : NULL;
    e->u.class_load.num_interfaces = c->ninterfaces;
    e->u.class_load.methods = methods_of(c);
    e->u.class_load.num_methods = e->u.class_load.methods ? c->nmethods : 0;
    e->u.class_load.statics = fields_of(c, true, &e->u.class_load.num_static_fields);
    e->u.class_load.instances = fields_of(c, false, &e->u.class_load.num_instance_fields);
    e->u.class_load.class_id = jvmpi_id(c->mirror);
}

void jvmpi_class_load_free(JVMPI_Event *e) {
    free(e->u.class_load.methods);
    free(e->u.class_load.statics);
    free(e->u.class_load.instances);
}

static char *string_field(Object *o, uint32_t off) {
    Object *s = o && off ? OBJ_FIELD(o, off, Object *) : NULL;
    return s ? jstr_to_utf8(s) : NULL;
}

/* A ThreadGroup field's offset, looked up once; threads starting at once may race to it. */
static uint32_t group_offset(uint32_t *cache, const char *name, const char *desc) {
    return VMC(ThreadGroup) ? class_field_offset_cached(cache, VMC(ThreadGroup), name, desc) : 0;
}

void jvmpi_thread_start_fill(Thread *self, Thread *t, JVMPI_Event *e) {
    UNUSED(self);
    uint32_t parent_off = group_offset(&group_parent_off, "parent", "Ljava/lang/ThreadGroup;");
    uint32_t name_off = group_offset(&group_name_off, "name", "Ljava/lang/String;");
    Object *jt = t->jthread;
    Object *group = jt ? OBJ_FIELD(jt, jthread_group_off, Object *) : NULL;
    Object *parent = group && parent_off ? OBJ_FIELD(group, parent_off, Object *) : NULL;
    e->event_type = JVMPI_EVENT_THREAD_START;
    e->u.thread_start.thread_name = string_field(jt, jthread_name_off);
    e->u.thread_start.group_name = string_field(group, name_off);
    e->u.thread_start.parent_name = string_field(parent, name_off);
    e->u.thread_start.thread_id = jvmpi_id(jt);
    e->u.thread_start.thread_env_id = thread_env(t);
}

void jvmpi_thread_start_free(JVMPI_Event *e) {
    free(e->u.thread_start.thread_name);
    free(e->u.thread_start.group_name);
    free(e->u.thread_start.parent_name);
}
