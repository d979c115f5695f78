/*
 * opcodes.c — the tables generated from opcodes.h.
 */
#include "interp/opcodes.h"

const char *const opcode_names[OP_COUNT] = {
#define OP_NAME(name, code, len, pops, pushes) [code] = #name,
    JVM_OPCODES(OP_NAME)
#undef OP_NAME
#define QOP_NAME(name, base) [OP_##name] = #name,
    QUICK_OPCODES(QOP_NAME)
#undef QOP_NAME
};

#define UNDEFINED_LENGTHS \
    [0xcb] = -1, [0xcc] = -1, [0xcd] = -1, [0xce] = -1, [0xcf] = -1, [0xd0] = -1, [0xd1] = -1, \
    [0xd2] = -1, [0xd3] = -1, [0xd4] = -1, [0xd5] = -1, [0xd6] = -1, [0xd7] = -1, [0xd8] = -1, \
    [0xd9] = -1, [0xda] = -1, [0xdb] = -1, [0xdc] = -1, [0xdd] = -1, [0xde] = -1, [0xdf] = -1, \
    [0xe0] = -1, [0xe1] = -1, [0xe2] = -1, [0xe3] = -1, [0xe4] = -1, [0xe5] = -1, [0xe6] = -1, \
    [0xe7] = -1, [0xe8] = -1, [0xe9] = -1, [0xea] = -1, [0xeb] = -1, [0xec] = -1, [0xed] = -1, \
    [0xee] = -1, [0xef] = -1, [0xf0] = -1, [0xf1] = -1, [0xf2] = -1, [0xf3] = -1, [0xf4] = -1, \
    [0xf5] = -1, [0xf6] = -1, [0xf7] = -1, [0xf8] = -1, [0xf9] = -1, [0xfa] = -1, [0xfb] = -1, \
    [0xfc] = -1, [0xfd] = -1, [0xfe] = -1, [0xff] = -1

const signed char opcode_lengths[256] = {
    UNDEFINED_LENGTHS,
#define OP_LEN(name, code, len, pops, pushes) [code] = len,
    JVM_OPCODES(OP_LEN)
#undef OP_LEN
};

const char *const opcode_pops[256] = {
#define OP_POPS(name, code, len, pops, pushes) [code] = pops,
    JVM_OPCODES(OP_POPS)
#undef OP_POPS
};

const char *const opcode_pushes[256] = {
#define OP_PUSHES(name, code, len, pops, pushes) [code] = pushes,
    JVM_OPCODES(OP_PUSHES)
#undef OP_PUSHES
};

const unsigned short opcode_base[OP_COUNT] = {
#define OP_BASE(name, code, len, pops, pushes) [code] = code,
    JVM_OPCODES(OP_BASE)
#undef OP_BASE
#define QOP_BASE(name, base) [OP_##name] = OP_##base,
    QUICK_OPCODES(QOP_BASE)
#undef QOP_BASE
};
