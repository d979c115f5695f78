/*
 * opcodes.h — every instruction Loupe knows, defined once.
 *
 * JVM_OPCODES lists the 202 JVMS opcodes; QUICK_OPCODES the forms the interpreter rewrites
 * them into after resolution ("quickening": a resolved getfield becomes getfield_i with the
 * field offset in the instruction; a resolved invokevirtual becomes invokevirtual_q with
 * the vtable index; ...).  From these tables come the opcode enum, the names, the
 * instruction lengths, the interpreter's dispatch tables, and the stack effects that the
 * GC reference-map analysis (refmap.c) uses.
 *
 * OP(name, code, length, pops, pushes)
 *   length  bytes of the instruction in a class file; 0 = variable (switches, wide)
 *   pops    types taken off the operand stack, deepest first; pushes: types pushed
 *             I int-like, J long, F float, D double, A reference, R return address,
 *             * = the effect depends on operands and is computed by the analysis
 *   (locals are read/written by the *load / *store / iinc / ret instructions; the
 *    analysis knows these by the code's name family.)
 *
 * QOP(name, base) — a quickened form; `base` is the JVMS opcode it stands for.  Quick forms
 * exist only in the interpreter's translated code, never in class files.
 */
#ifndef LOUPE_OPCODES_H
#define LOUPE_OPCODES_H

#define JVM_OPCODES(OP) \
    OP(nop,             0x00, 1, "",    "") \
    OP(aconst_null,     0x01, 1, "",    "A") \
    OP(iconst_m1,       0x02, 1, "",    "I") \
    OP(iconst_0,        0x03, 1, "",    "I") \
    OP(iconst_1,        0x04, 1, "",    "I") \
    OP(iconst_2,        0x05, 1, "",    "I") \
    OP(iconst_3,        0x06, 1, "",    "I") \
    OP(iconst_4,        0x07, 1, "",    "I") \
    OP(iconst_5,        0x08, 1, "",    "I") \
    OP(lconst_0,        0x09, 1, "",    "J") \
    OP(lconst_1,        0x0a, 1, "",    "J") \
    OP(fconst_0,        0x0b, 1, "",    "F") \
    OP(fconst_1,        0x0c, 1, "",    "F") \
    OP(fconst_2,        0x0d, 1, "",    "F") \
    OP(dconst_0,        0x0e, 1, "",    "D") \
    OP(dconst_1,        0x0f, 1, "",    "D") \
    OP(bipush,          0x10, 2, "",    "I") \
    OP(sipush,          0x11, 3, "",    "I") \
    OP(ldc,             0x12, 2, "",    "*") \
    OP(ldc_w,           0x13, 3, "",    "*") \
    OP(ldc2_w,          0x14, 3, "",    "*") \
    OP(iload,           0x15, 2, "",    "I") \
    OP(lload,           0x16, 2, "",    "J") \
    OP(fload,           0x17, 2, "",    "F") \
    OP(dload,           0x18, 2, "",    "D") \
    OP(aload,           0x19, 2, "",    "A") \
    OP(iload_0,         0x1a, 1, "",    "I") \
    OP(iload_1,         0x1b, 1, "",    "I") \
    OP(iload_2,         0x1c, 1, "",    "I") \
    OP(iload_3,         0x1d, 1, "",    "I") \
    OP(lload_0,         0x1e, 1, "",    "J") \
    OP(lload_1,         0x1f, 1, "",    "J") \
    OP(lload_2,         0x20, 1, "",    "J") \
    OP(lload_3,         0x21, 1, "",    "J") \
    OP(fload_0,         0x22, 1, "",    "F") \
    OP(fload_1,         0x23, 1, "",    "F") \
    OP(fload_2,         0x24, 1, "",    "F") \
    OP(fload_3,         0x25, 1, "",    "F") \
    OP(dload_0,         0x26, 1, "",    "D") \
    OP(dload_1,         0x27, 1, "",    "D") \
    OP(dload_2,         0x28, 1, "",    "D") \
    OP(dload_3,         0x29, 1, "",    "D") \
    OP(aload_0,         0x2a, 1, "",    "A") \
    OP(aload_1,         0x2b, 1, "",    "A") \
    OP(aload_2,         0x2c, 1, "",    "A") \
    OP(aload_3,         0x2d, 1, "",    "A") \
    OP(iaload,          0x2e, 1, "AI",  "I") \
    OP(laload,          0x2f, 1, "AI",  "J") \
    OP(faload,          0x30, 1, "AI",  "F") \
    OP(daload,          0x31, 1, "AI",  "D") \
    OP(aaload,          0x32, 1, "AI",  "A") \
    OP(baload,          0x33, 1, "AI",  "I") \
    OP(caload,          0x34, 1, "AI",  "I") \
    OP(saload,          0x35, 1, "AI",  "I") \
    OP(istore,          0x36, 2, "I",   "") \
    OP(lstore,          0x37, 2, "J",   "") \
    OP(fstore,          0x38, 2, "F",   "") \
    OP(dstore,          0x39, 2, "D",   "") \
    OP(astore,          0x3a, 2, "*",   "") \
    OP(istore_0,        0x3b, 1, "I",   "") \
    OP(istore_1,        0x3c, 1, "I",   "") \
    OP(istore_2,        0x3d, 1, "I",   "") \
    OP(istore_3,        0x3e, 1, "I",   "") \
    OP(lstore_0,        0x3f, 1, "J",   "") \
    OP(lstore_1,        0x40, 1, "J",   "") \
    OP(lstore_2,        0x41, 1, "J",   "") \
    OP(lstore_3,        0x42, 1, "J",   "") \
    OP(fstore_0,        0x43, 1, "F",   "") \
    OP(fstore_1,        0x44, 1, "F",   "") \
    OP(fstore_2,        0x45, 1, "F",   "") \
    OP(fstore_3,        0x46, 1, "F",   "") \
    OP(dstore_0,        0x47, 1, "D",   "") \
    OP(dstore_1,        0x48, 1, "D",   "") \
    OP(dstore_2,        0x49, 1, "D",   "") \
    OP(dstore_3,        0x4a, 1, "D",   "") \
    OP(astore_0,        0x4b, 1, "*",   "") \
    OP(astore_1,        0x4c, 1, "*",   "") \
    OP(astore_2,        0x4d, 1, "*",   "") \
    OP(astore_3,        0x4e, 1, "*",   "") \
    OP(iastore,         0x4f, 1, "AII", "") \
    OP(lastore,         0x50, 1, "AIJ", "") \
    OP(fastore,         0x51, 1, "AIF", "") \
    OP(dastore,         0x52, 1, "AID", "") \
    OP(aastore,         0x53, 1, "AIA", "") \
    OP(bastore,         0x54, 1, "AII", "") \
    OP(castore,         0x55, 1, "AII", "") \
    OP(sastore,         0x56, 1, "AII", "") \
    OP(pop,             0x57, 1, "*",   "*") \
    OP(pop2,            0x58, 1, "*",   "*") \
    OP(dup,             0x59, 1, "*",   "*") \
    OP(dup_x1,          0x5a, 1, "*",   "*") \
    OP(dup_x2,          0x5b, 1, "*",   "*") \
    OP(dup2,            0x5c, 1, "*",   "*") \
    OP(dup2_x1,         0x5d, 1, "*",   "*") \
    OP(dup2_x2,         0x5e, 1, "*",   "*") \
    OP(swap,            0x5f, 1, "*",   "*") \
    OP(iadd,            0x60, 1, "II",  "I") \
    OP(ladd,            0x61, 1, "JJ",  "J") \
    OP(fadd,            0x62, 1, "FF",  "F") \
    OP(dadd,            0x63, 1, "DD",  "D") \
    OP(isub,            0x64, 1, "II",  "I") \
    OP(lsub,            0x65, 1, "JJ",  "J") \
    OP(fsub,            0x66, 1, "FF",  "F") \
    OP(dsub,            0x67, 1, "DD",  "D") \
    OP(imul,            0x68, 1, "II",  "I") \
    OP(lmul,            0x69, 1, "JJ",  "J") \
    OP(fmul,            0x6a, 1, "FF",  "F") \
    OP(dmul,            0x6b, 1, "DD",  "D") \
    OP(idiv,            0x6c, 1, "II",  "I") \
    OP(ldiv,            0x6d, 1, "JJ",  "J") \
    OP(fdiv,            0x6e, 1, "FF",  "F") \
    OP(ddiv,            0x6f, 1, "DD",  "D") \
    OP(irem,            0x70, 1, "II",  "I") \
    OP(lrem,            0x71, 1, "JJ",  "J") \
    OP(frem,            0x72, 1, "FF",  "F") \
    OP(drem,            0x73, 1, "DD",  "D") \
    OP(ineg,            0x74, 1, "I",   "I") \
    OP(lneg,            0x75, 1, "J",   "J") \
    OP(fneg,            0x76, 1, "F",   "F") \
    OP(dneg,            0x77, 1, "D",   "D") \
    OP(ishl,            0x78, 1, "II",  "I") \
    OP(lshl,            0x79, 1, "JI",  "J") \
    OP(ishr,            0x7a, 1, "II",  "I") \
    OP(lshr,            0x7b, 1, "JI",  "J") \
    OP(iushr,           0x7c, 1, "II",  "I") \
    OP(lushr,           0x7d, 1, "JI",  "J") \
    OP(iand,            0x7e, 1, "II",  "I") \
    OP(land,            0x7f, 1, "JJ",  "J") \
    OP(ior,             0x80, 1, "II",  "I") \
    OP(lor,             0x81, 1, "JJ",  "J") \
    OP(ixor,            0x82, 1, "II",  "I") \
    OP(lxor,            0x83, 1, "JJ",  "J") \
    OP(iinc,            0x84, 3, "",    "") \
    OP(i2l,             0x85, 1, "I",   "J") \
    OP(i2f,             0x86, 1, "I",   "F") \
    OP(i2d,             0x87, 1, "I",   "D") \
    OP(l2i,             0x88, 1, "J",   "I") \
    OP(l2f,             0x89, 1, "J",   "F") \
    OP(l2d,             0x8a, 1, "J",   "D") \
    OP(f2i,             0x8b, 1, "F",   "I") \
    OP(f2l,             0x8c, 1, "F",   "J") \
    OP(f2d,             0x8d, 1, "F",   "D") \
    OP(d2i,             0x8e, 1, "D",   "I") \
    OP(d2l,             0x8f, 1, "D",   "J") \
    OP(d2f,             0x90, 1, "D",   "F") \
    OP(i2b,             0x91, 1, "I",   "I") \
    OP(i2c,             0x92, 1, "I",   "I") \
    OP(i2s,             0x93, 1, "I",   "I") \
    OP(lcmp,            0x94, 1, "JJ",  "I") \
    OP(fcmpl,           0x95, 1, "FF",  "I") \
    OP(fcmpg,           0x96, 1, "FF",  "I") \
    OP(dcmpl,           0x97, 1, "DD",  "I") \
    OP(dcmpg,           0x98, 1, "DD",  "I") \
    OP(ifeq,            0x99, 3, "I",   "") \
    OP(ifne,            0x9a, 3, "I",   "") \
    OP(iflt,            0x9b, 3, "I",   "") \
    OP(ifge,            0x9c, 3, "I",   "") \
    OP(ifgt,            0x9d, 3, "I",   "") \
    OP(ifle,            0x9e, 3, "I",   "") \
    OP(if_icmpeq,       0x9f, 3, "II",  "") \
    OP(if_icmpne,       0xa0, 3, "II",  "") \
    OP(if_icmplt,       0xa1, 3, "II",  "") \
    OP(if_icmpge,       0xa2, 3, "II",  "") \
    OP(if_icmpgt,       0xa3, 3, "II",  "") \
    OP(if_icmple,       0xa4, 3, "II",  "") \
    OP(if_acmpeq,       0xa5, 3, "AA",  "") \
    OP(if_acmpne,       0xa6, 3, "AA",  "") \
    OP(goto,            0xa7, 3, "",    "") \
    OP(jsr,             0xa8, 3, "",    "R") \
    OP(ret,             0xa9, 2, "",    "") \
    OP(tableswitch,     0xaa, 0, "I",   "") \
    OP(lookupswitch,    0xab, 0, "I",   "") \
    OP(ireturn,         0xac, 1, "I",   "") \
    OP(lreturn,         0xad, 1, "J",   "") \
    OP(freturn,         0xae, 1, "F",   "") \
    OP(dreturn,         0xaf, 1, "D",   "") \
    OP(areturn,         0xb0, 1, "A",   "") \
    OP(return,          0xb1, 1, "",    "") \
    OP(getstatic,       0xb2, 3, "*",   "*") \
    OP(putstatic,       0xb3, 3, "*",   "*") \
    OP(getfield,        0xb4, 3, "*",   "*") \
    OP(putfield,        0xb5, 3, "*",   "*") \
    OP(invokevirtual,   0xb6, 3, "*",   "*") \
    OP(invokespecial,   0xb7, 3, "*",   "*") \
    OP(invokestatic,    0xb8, 3, "*",   "*") \
    OP(invokeinterface, 0xb9, 5, "*",   "*") \
    OP(invokedynamic,   0xba, 5, "*",   "*") \
    OP(new,             0xbb, 3, "",    "A") \
    OP(newarray,        0xbc, 2, "I",   "A") \
    OP(anewarray,       0xbd, 3, "I",   "A") \
    OP(arraylength,     0xbe, 1, "A",   "I") \
    OP(athrow,          0xbf, 1, "A",   "") \
    OP(checkcast,       0xc0, 3, "A",   "A") \
    OP(instanceof,      0xc1, 3, "A",   "I") \
    OP(monitorenter,    0xc2, 1, "A",   "") \
    OP(monitorexit,     0xc3, 1, "A",   "") \
    OP(wide,            0xc4, 0, "*",   "*") \
    OP(multianewarray,  0xc5, 4, "*",   "A") \
    OP(ifnull,          0xc6, 3, "A",   "") \
    OP(ifnonnull,       0xc7, 3, "A",   "") \
    OP(goto_w,          0xc8, 5, "",    "") \
    OP(jsr_w,           0xc9, 5, "",    "R") \
    OP(breakpoint,      0xca, 1, "",    "")

/* Quickened forms, numbered from 0x100.  Operands live in the translated instruction
 * (interp/prepare.h): u16, i32 and the pointer-sized x. */
#define QUICK_OPCODES(QOP) \
    QOP(ldc_i,              ldc)            /* i32 = int or float bits */ \
    QOP(ldc_j,              ldc2_w)         /* x.j = long or double bits */ \
    QOP(ldc_ref,            ldc)            /* x.p = Object ** (CP object slot or Class.mirror) */ \
    QOP(getfield_b,         getfield)       /* i32 = offset; byte and boolean */ \
    QOP(getfield_c,         getfield) \
    QOP(getfield_s,         getfield) \
    QOP(getfield_i,         getfield)       /* int and float */ \
    QOP(getfield_j,         getfield)       /* long and double */ \
    QOP(getfield_a,         getfield) \
    QOP(putfield_b,         putfield) \
    QOP(putfield_z,         putfield)       /* boolean: stores value & 1 */ \
    QOP(putfield_c,         putfield)       /* char and short */ \
    QOP(putfield_i,         putfield) \
    QOP(putfield_j,         putfield) \
    QOP(putfield_a,         putfield) \
    QOP(getfield_vol,       getfield)       /* x.p = Field *: volatile, any type */ \
    QOP(putfield_vol,       putfield) \
    QOP(getstatic_b,        getstatic)      /* x.p = holder Class * (initialised), i32 = offset in mirror */ \
    QOP(getstatic_c,        getstatic) \
    QOP(getstatic_s,        getstatic) \
    QOP(getstatic_i,        getstatic) \
    QOP(getstatic_j,        getstatic) \
    QOP(getstatic_a,        getstatic) \
    QOP(putstatic_b,        putstatic) \
    QOP(putstatic_z,        putstatic) \
    QOP(putstatic_c,        putstatic) \
    QOP(putstatic_i,        putstatic) \
    QOP(putstatic_j,        putstatic) \
    QOP(putstatic_a,        putstatic) \
    QOP(getstatic_vol,      getstatic)      /* x.p = Field * */ \
    QOP(putstatic_vol,      putstatic) \
    QOP(invokevirtual_q,    invokevirtual)  /* i32 = vtable index, u16 = arg slots */ \
    QOP(invokefinal_q,      invokevirtual)  /* x.p = Method *: bound statically, receiver null-checked */ \
    QOP(invokespecial_q,    invokespecial)  /* x.p = Method * */ \
    QOP(invokestatic_q,     invokestatic)   /* x.p = Method *; holder initialised */ \
    QOP(invokeinterface_q,  invokeinterface) /* x.p = InvokeCache * */ \
    QOP(new_q,              new)            /* x.p = Class *, initialised */ \
    QOP(anewarray_q,        anewarray)      /* x.p = array Class * */ \
    QOP(checkcast_q,        checkcast)      /* x.p = Class * */ \
    QOP(instanceof_q,       instanceof)     /* x.p = Class * */ \
    QOP(multianewarray_q,   multianewarray) /* x.p = array Class *, u16 = dimensions */ \
    QOP(invokedynamic_q,    invokedynamic)  /* x.p = CallSiteLink * */ \
    QOP(invokehandle_q,     invokevirtual)  /* x.p = CallSiteLink *, u16 = argument slots + receiver */ \
    QOP(invokebasic_q,      invokevirtual)  /* MethodHandle.invokeBasic; u16 = argument slots + receiver */ \
    QOP(linktostatic_q,     invokestatic)   /* MethodHandle.linkToStatic/Special; u16 = argument slots */ \
    QOP(linktovirtual_q,    invokestatic)   /* MethodHandle.linkToVirtual */ \
    QOP(linktointerface_q,  invokestatic)   /* MethodHandle.linkToInterface */ \
    QOP(rethrow_q,          invokedynamic)  /* x.p = Object ** of the recorded linkage error */ \
    QOP(return_register_finalizer, return)  /* Object.<init>'s return: registers finalizable objects */

enum {
#define OP_ENUM(name, code, len, pops, pushes) OP_##name = code,
    JVM_OPCODES(OP_ENUM)
#undef OP_ENUM
    OP_QUICK_BASE_ = 0xff,
#define QOP_ENUM(name, base) OP_##name,
    QUICK_OPCODES(QOP_ENUM)
#undef QOP_ENUM
    OP_COUNT
};

extern const char *const opcode_names[OP_COUNT];
extern const signed char opcode_lengths[256];      /* JVMS opcodes; 0 variable, -1 undefined */
extern const char *const opcode_pops[256];
extern const char *const opcode_pushes[256];
extern const unsigned short opcode_base[OP_COUNT]; /* quick form -> JVMS opcode */

#endif
