/*
 * embed_checkjni_fatal3 — part 3 of embed_checkjni's fatal cases (see embed_checkjni.c).
 */
#define CJ_PART 3
#include "embed_checkjni.c"
