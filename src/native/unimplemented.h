/*
 * unimplemented.h — the body of a generated export stub (see tools/gen_exports.sh).
 *
 * An exported name the VM does not define yet must still exist, because every JDK library
 * is linked with -z now and refuses to load if any of its imports is missing.  Its stub
 * says which entry point was reached and aborts: a missing piece is found at once.
 */
#ifndef LOUPE_UNIMPLEMENTED_H
#define LOUPE_UNIMPLEMENTED_H

void loupe_stub_reached(const char *name) __attribute__((noreturn));

#define LOUPE_STUB(name) \
    __attribute__((visibility("default"))) void name(void); \
    void name(void) { loupe_stub_reached(#name); }

#endif
