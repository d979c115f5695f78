/*
 * stubs_support.c — what a generated export stub calls (see native/unimplemented.h).
 */
#include "loupe.h"
#include "native/unimplemented.h"
#include <stdio.h>
#include <stdlib.h>

void loupe_stub_reached(const char *name) {
    fflush(stdout);
    fprintf(stderr, "Loupe: %s is not implemented yet\n", name);
    abort();
}
