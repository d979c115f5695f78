/*
 * embed_checkjni_fatal2 — part 2 of embed_checkjni's fatal cases (see embed_checkjni.c).
 */
#define CJ_PART 2
#include "embed_checkjni.c"
