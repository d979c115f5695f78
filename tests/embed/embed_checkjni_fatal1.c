/*
 * embed_checkjni_fatal1 — part 1 of embed_checkjni's fatal cases (see embed_checkjni.c).
 */
#define CJ_PART 1
#include "embed_checkjni.c"
