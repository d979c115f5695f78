/*
 * frame.c — reading interpreter frames: bytecode index, source line, stack dumps.
 */
#include "interp/frame.h"
#include "interp/interp.h"
#include "runtime/thread.h"
#include <stdio.h>

int frame_bci(const Frame *f) {
    if (f->flags & FR_NATIVE) return -1;
    const Prepared *p = method_prepared(f->method);
    return p && f->pc ? (int)prep_bci(p, f->pc) : 0;
}

int method_line_at(const Method *m, int bci) {
    int best = -1, best_pc = -1;
    for (uint16_t i = 0; i < m->nlines; i++) {
        int pc = m->lines[i].start_pc;
        if (pc <= bci && pc > best_pc) {
            best_pc = pc;
            best = m->lines[i].line;
        }
    }
    return best;
}

int frame_line(const Frame *f) {
    if (f->flags & FR_NATIVE) return -2;
    return method_line_at(f->method, frame_bci(f));
}

void interp_dump_stack(Thread *t) {
    if (!t) return;
    for (Frame *f = t->top; f; f = f->prev) {
        Method *m = f->method;
        fprintf(stderr, "\tat %s.%s%s (bci %d, line %d)%s\n", m->holder->name->str, m->name->str, m->desc->str,
                frame_bci(f), frame_line(f), (f->flags & FR_NATIVE) ? " native" : "");
    }
}
