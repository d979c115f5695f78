// main: AgentQueries
// vm-options: -Dagent.test.prop=old
/*
 * The Class, Method, Field, Object, Module, System Properties, Raw Monitor, Memory, Timer
 * and General functions on the target's classes at VMDeath, and their errors: each
 * function with each invalid argument the spec lists, in the spec's order.  Local variable
 * tables through a second environment that has can_access_local_variables (a method
 * without one, in a class with some, has an empty table).
 */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jvmtiEnv *jvmti;
static jvmtiEnv *with_locals;   /* a second environment, with can_access_local_variables */

static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void out(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
}

static void dealloc(void *p) { if (p) (*jvmti)->Deallocate(jvmti, p); }

static const char *str(const char *s) { return s ? s : "NULL"; }

static void error(const char *what, jvmtiError e) {
    char *name = NULL;
    (*jvmti)->GetErrorName(jvmti, e, &name);
    out("  %s -> %s\n", what, str(name));
    dealloc(name);
}

static void show_method(jmethodID m) {
    char *name, *sig, *gen;
    jint mods, max = -1, args = -1, nlines = 0, nlocals = 0, nbytes = 0;
    jboolean native, synth, obsolete;
    jlocation start = -2, end = -2;
    (*jvmti)->GetMethodName(jvmti, m, &name, &sig, &gen);
    (*jvmti)->GetMethodModifiers(jvmti, m, &mods);
    (*jvmti)->IsMethodNative(jvmti, m, &native);
    (*jvmti)->IsMethodSynthetic(jvmti, m, &synth);
    (*jvmti)->IsMethodObsolete(jvmti, m, &obsolete);
    jvmtiError emax = (*jvmti)->GetMaxLocals(jvmti, m, &max);
    (*jvmti)->GetArgumentsSize(jvmti, m, &args);
    (*jvmti)->GetMethodLocation(jvmti, m, &start, &end);
    out("  method %s%s generic %s mods 0x%x native %d synthetic %d obsolete %d max_locals %d(%d) args %d code %ld..%ld\n",
        name, sig, str(gen), mods, native, synth, obsolete, max, emax, args, (long)start, (long)end);
    jvmtiLineNumberEntry *lines = NULL;
    jvmtiError e = (*jvmti)->GetLineNumberTable(jvmti, m, &nlines, &lines);
    out("    lines (%d):", e);
    for (int i = 0; i < nlines; i++) out(" %ld:%d", (long)lines[i].start_location, lines[i].line_number);
    out("\n");
    dealloc(lines);
    jvmtiLocalVariableEntry *locals = NULL;
    e = (*with_locals)->GetLocalVariableTable(with_locals, m, &nlocals, &locals);
    out("    locals (%d):", e);
    for (int i = 0; i < nlocals; i++) {
        out(" [%d %s %s %s %ld+%d]", locals[i].slot, locals[i].name, locals[i].signature, str(locals[i].generic_signature),
            (long)locals[i].start_location, locals[i].length);
        dealloc(locals[i].name);
        dealloc(locals[i].signature);
        dealloc(locals[i].generic_signature);
    }
    out("\n");
    dealloc(locals);
    unsigned char *code = NULL;
    e = (*jvmti)->GetBytecodes(jvmti, m, &nbytes, &code);
    out("    bytecodes (%d): %d bytes, first %d\n", e, nbytes, nbytes ? code[0] : -1);
    dealloc(code);
    dealloc(name);
    dealloc(sig);
    dealloc(gen);
}

static void show_class(JNIEnv *jni, const char *cname) {
    jclass k = (*jni)->FindClass(jni, cname);
    if (!k) {
        (*jni)->ExceptionClear(jni);
        out("class %s: not found\n", cname);
        return;
    }
    char *sig, *gen, *src = NULL;
    jint status, mods, minor = -1, major = -1;
    jboolean iface, array, modifiable;
    (*jvmti)->GetClassSignature(jvmti, k, &sig, &gen);
    (*jvmti)->GetClassStatus(jvmti, k, &status);
    (*jvmti)->GetClassModifiers(jvmti, k, &mods);
    (*jvmti)->IsInterface(jvmti, k, &iface);
    (*jvmti)->IsArrayClass(jvmti, k, &array);
    (*jvmti)->IsModifiableClass(jvmti, k, &modifiable);
    jvmtiError esrc = (*jvmti)->GetSourceFileName(jvmti, k, &src);
    jvmtiError ever = (*jvmti)->GetClassVersionNumbers(jvmti, k, &minor, &major);
    jobject loader;
    (*jvmti)->GetClassLoader(jvmti, k, &loader);
    out("class %s generic %s status 0x%x mods 0x%x interface %d array %d source %s(%d) version %d.%d(%d) loader %s\n",
        sig, str(gen), status, mods, iface, array, str(src), esrc, major, minor, ever, loader ? "app" : "boot");
    dealloc(sig);
    dealloc(gen);
    dealloc(src);
    jint n;
    jclass *ifs;
    if ((*jvmti)->GetImplementedInterfaces(jvmti, k, &n, &ifs) == JVMTI_ERROR_NONE) {
        out("  interfaces:");
        for (int i = 0; i < n; i++) {
            (*jvmti)->GetClassSignature(jvmti, ifs[i], &sig, NULL);
            out(" %s", sig);
            dealloc(sig);
        }
        out("\n");
        dealloc(ifs);
    }
    jfieldID *fields;
    if ((*jvmti)->GetClassFields(jvmti, k, &n, &fields) == JVMTI_ERROR_NONE) {
        for (int i = 0; i < n; i++) {
            char *fname, *fsig, *fgen;
            jint fmods;
            jboolean fsynth;
            jclass decl;
            (*jvmti)->GetFieldName(jvmti, k, fields[i], &fname, &fsig, &fgen);
            (*jvmti)->GetFieldModifiers(jvmti, k, fields[i], &fmods);
            (*jvmti)->IsFieldSynthetic(jvmti, k, fields[i], &fsynth);
            (*jvmti)->GetFieldDeclaringClass(jvmti, k, fields[i], &decl);
            out("  field %s %s generic %s mods 0x%x synthetic %d same class %d\n", fname, fsig, str(fgen), fmods, fsynth,
                (*jni)->IsSameObject(jni, decl, k));
            dealloc(fname);
            dealloc(fsig);
            dealloc(fgen);
        }
        dealloc(fields);
    }
    jmethodID *methods;
    jvmtiError e = (*jvmti)->GetClassMethods(jvmti, k, &n, &methods);
    if (e == JVMTI_ERROR_NONE) {
        for (int i = 0; i < n; i++) show_method(methods[i]);
        dealloc(methods);
    } else {
        error("GetClassMethods", e);
    }
    jint cpcount = 0, cpbytes = 0;
    unsigned char *cp = NULL;
    e = (*jvmti)->GetConstantPool(jvmti, k, &cpcount, &cpbytes, &cp);
    out("  constant pool (%d): %d entries, %d bytes\n", e, cpcount, cpbytes);
    dealloc(cp);
}

static void classes(JNIEnv *jni) {
    static const char *const names[] = { "AgentQueries", "AgentQueries$Named", "AgentQueries$Counted", "AgentQueries$Base",
                                         "AgentQueries$Impl", "AgentQueries$Color", "[I", "[[Ljava/lang/String;",
                                         "AgentQueries$Unused", "java/lang/Object" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) show_class(jni, names[i]);
    jclass integer = (*jni)->FindClass(jni, "java/lang/Integer");
    jfieldID type = (*jni)->GetStaticFieldID(jni, integer, "TYPE", "Ljava/lang/Class;");
    jclass prim = (*jni)->GetStaticObjectField(jni, integer, type);
    char *sig;
    jint status, mods, n;
    jmethodID *ms;
    (*jvmti)->GetClassSignature(jvmti, prim, &sig, NULL);
    (*jvmti)->GetClassStatus(jvmti, prim, &status);
    (*jvmti)->GetClassModifiers(jvmti, prim, &mods);
    (*jvmti)->GetClassMethods(jvmti, prim, &n, &ms);
    out("primitive %s status 0x%x mods 0x%x methods %d\n", sig, status, mods, n);
    dealloc(sig);
    dealloc(ms);
    jclass *all;
    (*jvmti)->GetLoadedClasses(jvmti, &n, &all);
    int found = 0;
    for (int i = 0; i < n; i++) {
        (*jvmti)->GetClassSignature(jvmti, all[i], &sig, NULL);
        if (strcmp(sig, "LAgentQueries$Impl;") == 0 || strcmp(sig, "Ljava/lang/String;") == 0 || strcmp(sig, "[I") == 0) found++;
        dealloc(sig);
    }
    out("GetLoadedClasses: found %d of 3\n", found);
    dealloc(all);
    jclass self = (*jni)->FindClass(jni, "AgentQueries");
    jobject loader;
    (*jvmti)->GetClassLoader(jvmti, self, &loader);
    (*jvmti)->GetClassLoaderClasses(jvmti, loader, &n, &all);
    found = 0;
    for (int i = 0; i < n; i++) {
        (*jvmti)->GetClassSignature(jvmti, all[i], &sig, NULL);
        if (strcmp(sig, "LAgentQueries$Impl;") == 0 || strcmp(sig, "Ljava/lang/String;") == 0) found++;
        dealloc(sig);
    }
    out("GetClassLoaderClasses(app): found %d of 2\n", found);
    dealloc(all);
}

static void objects(JNIEnv *jni) {
    jclass self = (*jni)->FindClass(jni, "AgentQueries");
    jobject keep = (*jni)->GetStaticObjectField(jni, self, (*jni)->GetStaticFieldID(jni, self, "keep", "Ljava/lang/Object;"));
    jobject first = (*jni)->GetObjectArrayElement(jni, keep, 0);
    jint hash;
    (*jvmti)->GetObjectHashCode(jvmti, first, &hash);
    jclass sys = (*jni)->FindClass(jni, "java/lang/System");
    jint ihash = (*jni)->CallStaticIntMethod(jni, sys, (*jni)->GetStaticMethodID(jni, sys, "identityHashCode", "(Ljava/lang/Object;)I"), first);
    out("GetObjectHashCode is identityHashCode: %d\n", hash == ihash);
    jlong size = 0;
    out("GetObjectSize > 0: %d\n", (*jvmti)->GetObjectSize(jvmti, first, &size) == JVMTI_ERROR_NONE && size > 0);
}

static void modules(JNIEnv *jni) {
    jint n;
    jobject *mods;
    (*jvmti)->GetAllModules(jvmti, &n, &mods);
    jclass mc = (*jni)->FindClass(jni, "java/lang/Module");
    jmethodID getName = (*jni)->GetMethodID(jni, mc, "getName", "()Ljava/lang/String;");
    int base = 0, unnamed = 0;
    for (int i = 0; i < n; i++) {
        jstring s = (*jni)->CallObjectMethod(jni, mods[i], getName);
        if (!s) { unnamed++; continue; }
        const char *c = (*jni)->GetStringUTFChars(jni, s, NULL);
        if (strcmp(c, "java.base") == 0) base++;
        (*jni)->ReleaseStringUTFChars(jni, s, c);
    }
    out("GetAllModules: java.base %d, some unnamed %d\n", base, unnamed > 0);
    dealloc(mods);
    jobject m = NULL;
    (*jvmti)->GetNamedModule(jvmti, NULL, "java/lang", &m);
    jstring s = m ? (*jni)->CallObjectMethod(jni, m, getName) : NULL;
    const char *c = s ? (*jni)->GetStringUTFChars(jni, s, NULL) : "NULL";
    out("GetNamedModule(boot, java/lang): %s\n", c);
    (*jvmti)->GetNamedModule(jvmti, NULL, "no/such", &m);
    out("GetNamedModule(boot, no/such): %s\n", m ? "module" : "NULL");
    jclass self = (*jni)->FindClass(jni, "AgentQueries");
    jobject loader;
    (*jvmti)->GetClassLoader(jvmti, self, &loader);
    (*jvmti)->GetNamedModule(jvmti, loader, "", &m);
    out("GetNamedModule(app, unnamed package): %s\n", m ? "module" : "NULL");
    jobject base_module = NULL;
    (*jvmti)->GetNamedModule(jvmti, NULL, "java/lang", &base_module);
    jobject app_module = (*jni)->CallObjectMethod(jni, self, (*jni)->GetMethodID(jni, (*jni)->FindClass(jni, "java/lang/Class"), "getModule", "()Ljava/lang/Module;"));
    jboolean modifiable;
    (*jvmti)->IsModifiableModule(jvmti, base_module, &modifiable);
    out("IsModifiableModule(java.base): %d\n", modifiable);
    error("AddModuleReads(java.base, unnamed)", (*jvmti)->AddModuleReads(jvmti, base_module, app_module));
    error("AddModuleExports(java.base, jdk/internal/misc, unnamed)", (*jvmti)->AddModuleExports(jvmti, base_module, "jdk/internal/misc", app_module));
    error("AddModuleExports(java.base, jdk.internal.misc, unnamed)", (*jvmti)->AddModuleExports(jvmti, base_module, "jdk.internal.misc", app_module));
    error("AddModuleExports(java.base, no/such, unnamed)", (*jvmti)->AddModuleExports(jvmti, base_module, "no/such", app_module));
    error("AddModuleOpens(java.base, jdk/internal/misc, unnamed)", (*jvmti)->AddModuleOpens(jvmti, base_module, "jdk/internal/misc", app_module));
    error("AddModuleUses(unnamed, Runnable)", (*jvmti)->AddModuleUses(jvmti, app_module, (*jni)->FindClass(jni, "java/lang/Runnable")));
    error("AddModuleReads(NULL, unnamed)", (*jvmti)->AddModuleReads(jvmti, NULL, app_module));
    error("AddModuleReads(java.base, not a module)", (*jvmti)->AddModuleReads(jvmti, base_module, self));
    error("AddModuleExports(java.base, NULL, unnamed)", (*jvmti)->AddModuleExports(jvmti, base_module, NULL, app_module));
    error("AddModuleUses(unnamed, not a class)", (*jvmti)->AddModuleUses(jvmti, app_module, app_module));
    error("GetNamedModule(not a loader)", (*jvmti)->GetNamedModule(jvmti, self, "java/lang", &m));
    error("GetNamedModule(NULL package)", (*jvmti)->GetNamedModule(jvmti, NULL, NULL, &m));
    error("IsModifiableModule(not a module)", (*jvmti)->IsModifiableModule(jvmti, self, &modifiable));
    error("IsModifiableModule(NULL ptr)", (*jvmti)->IsModifiableModule(jvmti, base_module, NULL));
}

static void errors(JNIEnv *jni) {
    jclass self = (*jni)->FindClass(jni, "AgentQueries");
    jclass impl = (*jni)->FindClass(jni, "AgentQueries$Impl");
    jobject notclass = (*jni)->AllocObject(jni, (*jni)->FindClass(jni, "java/lang/Object"));
    jmethodID count = (*jni)->GetMethodID(jni, impl, "count", "()I");
    jmethodID native = (*jni)->GetStaticMethodID(jni, impl, "nativeMethod", "(I)I");
    jfieldID weight = (*jni)->GetFieldID(jni, impl, "weight", "D");
    jfieldID keep = (*jni)->GetStaticFieldID(jni, self, "keep", "Ljava/lang/Object;");
    char *s;
    jint i;
    jboolean b;
    jlocation l1, l2;
    void *p;
    jclass k;
    jobject o;
    out("errors:\n");
    error("GetClassSignature(NULL)", (*jvmti)->GetClassSignature(jvmti, NULL, &s, NULL));
    error("GetClassSignature(not a class)", (*jvmti)->GetClassSignature(jvmti, notclass, &s, NULL));
    error("GetClassStatus(NULL, NULL)", (*jvmti)->GetClassStatus(jvmti, NULL, NULL));
    error("GetClassStatus(class, NULL)", (*jvmti)->GetClassStatus(jvmti, self, NULL));
    error("GetSourceFileName(class, NULL)", (*jvmti)->GetSourceFileName(jvmti, self, NULL));
    error("GetSourceDebugExtension(class)", (*jvmti)->GetSourceDebugExtension(jvmti, self, &s));
    error("GetClassModifiers(not a class)", (*jvmti)->GetClassModifiers(jvmti, notclass, &i));
    error("GetClassMethods(class, NULL, ptr)", (*jvmti)->GetClassMethods(jvmti, self, NULL, (jmethodID **)&p));
    error("GetClassFields(class, ptr, NULL)", (*jvmti)->GetClassFields(jvmti, self, &i, NULL));
    error("GetImplementedInterfaces(NULL)", (*jvmti)->GetImplementedInterfaces(jvmti, NULL, &i, (jclass **)&p));
    error("GetClassVersionNumbers(class, NULL, ptr)", (*jvmti)->GetClassVersionNumbers(jvmti, self, NULL, &i));
    error("GetConstantPool(class, ptr, ptr, NULL)", (*jvmti)->GetConstantPool(jvmti, self, &i, &i, NULL));
    error("IsInterface(class, NULL)", (*jvmti)->IsInterface(jvmti, self, NULL));
    error("IsArrayClass(NULL, ptr)", (*jvmti)->IsArrayClass(jvmti, NULL, &b));
    error("IsModifiableClass(class, NULL)", (*jvmti)->IsModifiableClass(jvmti, self, NULL));
    error("GetClassLoader(not a class)", (*jvmti)->GetClassLoader(jvmti, notclass, &o));
    error("GetLoadedClasses(NULL, ptr)", (*jvmti)->GetLoadedClasses(jvmti, NULL, (jclass **)&p));
    error("GetClassLoaderClasses(NULL, ptr, NULL)", (*jvmti)->GetClassLoaderClasses(jvmti, NULL, &i, NULL));
    error("GetMethodName(NULL)", (*jvmti)->GetMethodName(jvmti, NULL, &s, NULL, NULL));
    error("GetMethodName(m, NULL, NULL, NULL)", (*jvmti)->GetMethodName(jvmti, count, NULL, NULL, NULL));
    error("GetMethodDeclaringClass(m, NULL)", (*jvmti)->GetMethodDeclaringClass(jvmti, count, NULL));
    error("GetMethodModifiers(NULL, ptr)", (*jvmti)->GetMethodModifiers(jvmti, NULL, &i));
    error("GetMaxLocals(native, NULL)", (*jvmti)->GetMaxLocals(jvmti, native, NULL));
    error("GetArgumentsSize(native, ptr)", (*jvmti)->GetArgumentsSize(jvmti, native, &i));
    error("GetLineNumberTable(native, ptr, ptr)", (*jvmti)->GetLineNumberTable(jvmti, native, &i, (jvmtiLineNumberEntry **)&p));
    error("GetLineNumberTable(m, NULL, ptr)", (*jvmti)->GetLineNumberTable(jvmti, count, NULL, (jvmtiLineNumberEntry **)&p));
    error("GetMethodLocation(native, ptr, ptr)", (*jvmti)->GetMethodLocation(jvmti, native, &l1, &l2));
    error("GetMethodLocation(NULL, NULL, NULL)", (*jvmti)->GetMethodLocation(jvmti, NULL, NULL, NULL));
    error("GetLocalVariableTable(m) without capability", (*jvmti)->GetLocalVariableTable(jvmti, count, &i, (jvmtiLocalVariableEntry **)&p));
    error("GetBytecodes(native, ptr, ptr)", (*jvmti)->GetBytecodes(jvmti, native, &i, (unsigned char **)&p));
    error("GetBytecodes(m, ptr, NULL)", (*jvmti)->GetBytecodes(jvmti, count, &i, NULL));
    error("IsMethodNative(m, NULL)", (*jvmti)->IsMethodNative(jvmti, count, NULL));
    error("IsMethodSynthetic(NULL, ptr)", (*jvmti)->IsMethodSynthetic(jvmti, NULL, &b));
    error("IsMethodObsolete(m, NULL)", (*jvmti)->IsMethodObsolete(jvmti, count, NULL));
    error("GetFieldName(NULL, f)", (*jvmti)->GetFieldName(jvmti, NULL, weight, &s, NULL, NULL));
    error("GetFieldName(class, NULL)", (*jvmti)->GetFieldName(jvmti, impl, NULL, &s, NULL, NULL));
    error("GetFieldName(other class, f)", (*jvmti)->GetFieldName(jvmti, self, weight, &s, NULL, NULL));
    error("GetFieldDeclaringClass(class, f, NULL)", (*jvmti)->GetFieldDeclaringClass(jvmti, impl, weight, NULL));
    error("GetFieldModifiers(not a class, f, ptr)", (*jvmti)->GetFieldModifiers(jvmti, notclass, weight, &i));
    error("IsFieldSynthetic(class, static f of other class, ptr)", (*jvmti)->IsFieldSynthetic(jvmti, impl, keep, &b));
    error("GetObjectHashCode(NULL, ptr)", (*jvmti)->GetObjectHashCode(jvmti, NULL, &i));
    error("GetObjectHashCode(o, NULL)", (*jvmti)->GetObjectHashCode(jvmti, notclass, NULL));
    error("GetObjectSize(NULL, ptr)", (*jvmti)->GetObjectSize(jvmti, NULL, (jlong *)&p));
    error("GetObjectSize(o, NULL)", (*jvmti)->GetObjectSize(jvmti, notclass, NULL));
    error("Allocate(-1)", (*jvmti)->Allocate(jvmti, -1, (unsigned char **)&p));
    error("Allocate(8, NULL)", (*jvmti)->Allocate(jvmti, 8, NULL));
    error("Allocate(0)", (*jvmti)->Allocate(jvmti, 0, (unsigned char **)&p));
    out("  Allocate(0) gives %s\n", p ? "memory" : "NULL");
    error("Deallocate(NULL)", (*jvmti)->Deallocate(jvmti, NULL));
    error("GetErrorName(-1)", (*jvmti)->GetErrorName(jvmti, -1, &s));
    error("GetErrorName(1)", (*jvmti)->GetErrorName(jvmti, 1, &s));
    error("GetErrorName(117)", (*jvmti)->GetErrorName(jvmti, 117, &s));
    error("GetErrorName(0, NULL)", (*jvmti)->GetErrorName(jvmti, 0, NULL));
    error("SetVerboseFlag(3)", (*jvmti)->SetVerboseFlag(jvmti, 3, JNI_TRUE));
    error("SetVerboseFlag(OTHER)", (*jvmti)->SetVerboseFlag(jvmti, JVMTI_VERBOSE_OTHER, JNI_FALSE));
    error("GetJLocationFormat(NULL)", (*jvmti)->GetJLocationFormat(jvmti, NULL));
    jvmtiJlocationFormat fmt;
    (*jvmti)->GetJLocationFormat(jvmti, &fmt);
    out("  jlocation format %d\n", fmt);
    error("GetTimerInfo(NULL)", (*jvmti)->GetTimerInfo(jvmti, NULL));
    jvmtiTimerInfo ti;
    (*jvmti)->GetTimerInfo(jvmti, &ti);
    out("  timer max %ld skip %d %d kind %d\n", (long)ti.max_value, ti.may_skip_forward, ti.may_skip_backward, ti.kind);
    error("GetTime(NULL)", (*jvmti)->GetTime(jvmti, NULL));
    error("GetAvailableProcessors(NULL)", (*jvmti)->GetAvailableProcessors(jvmti, NULL));
    error("GetSystemProperty(NULL)", (*jvmti)->GetSystemProperty(jvmti, NULL, &s));
    error("GetSystemProperty(no.such)", (*jvmti)->GetSystemProperty(jvmti, "no.such", &s));
    error("GetSystemProperty(java.home, NULL)", (*jvmti)->GetSystemProperty(jvmti, "java.home", NULL));
    error("GetSystemProperties(NULL, ptr)", (*jvmti)->GetSystemProperties(jvmti, NULL, (char ***)&p));
    error("SetSystemProperty in live phase", (*jvmti)->SetSystemProperty(jvmti, "java.class.path", "x"));
    jrawMonitorID mon;
    error("CreateRawMonitor(NULL)", (*jvmti)->CreateRawMonitor(jvmti, NULL, &mon));
    error("CreateRawMonitor(name, NULL)", (*jvmti)->CreateRawMonitor(jvmti, "m", NULL));
    error("RawMonitorEnter(NULL)", (*jvmti)->RawMonitorEnter(jvmti, NULL));
    (*jvmti)->CreateRawMonitor(jvmti, "m", &mon);
    error("RawMonitorExit(not owned)", (*jvmti)->RawMonitorExit(jvmti, mon));
    error("RawMonitorWait(not owned)", (*jvmti)->RawMonitorWait(jvmti, mon, 1));
    error("RawMonitorNotify(not owned)", (*jvmti)->RawMonitorNotify(jvmti, mon));
    error("RawMonitorNotifyAll(not owned)", (*jvmti)->RawMonitorNotifyAll(jvmti, mon));
    error("RawMonitorEnter", (*jvmti)->RawMonitorEnter(jvmti, mon));
    error("RawMonitorEnter again", (*jvmti)->RawMonitorEnter(jvmti, mon));
    error("RawMonitorWait(10 ms)", (*jvmti)->RawMonitorWait(jvmti, mon, 10));
    error("RawMonitorNotify", (*jvmti)->RawMonitorNotify(jvmti, mon));
    error("RawMonitorExit", (*jvmti)->RawMonitorExit(jvmti, mon));
    error("RawMonitorExit", (*jvmti)->RawMonitorExit(jvmti, mon));
    error("RawMonitorExit(not owned any more)", (*jvmti)->RawMonitorExit(jvmti, mon));
    error("DestroyRawMonitor", (*jvmti)->DestroyRawMonitor(jvmti, mon));
    error("DestroyRawMonitor(NULL)", (*jvmti)->DestroyRawMonitor(jvmti, NULL));
    (void)k;
}

static void JNICALL on_vm_death(jvmtiEnv *e, JNIEnv *jni) {
    classes(jni);
    objects(jni);
    modules(jni);
    errors(jni);
    char *v = NULL;
    (*jvmti)->GetSystemProperty(jvmti, "java.vm.specification.version", &v);
    out("java.vm.specification.version = %s\n", str(v));
    dealloc(v);
    (*jvmti)->GetSystemProperty(jvmti, "agent.test.prop", &v);
    out("agent.test.prop = %s\n", str(v));
    dealloc(v);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION) != JNI_OK) return 1;
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_get_bytecodes = 1;
    caps.can_get_synthetic_attribute = 1;
    caps.can_get_source_file_name = 1;
    caps.can_get_line_numbers = 1;
    caps.can_get_constant_pool = 1;
    caps.can_get_source_debug_extension = 1;
    caps.can_maintain_original_method_order = 1;
    out("AddCapabilities -> %d\n", (*jvmti)->AddCapabilities(jvmti, &caps));
    (*vm)->GetEnv(vm, (void **)&with_locals, JVMTI_VERSION);
    jvmtiCapabilities lcaps = { .can_access_local_variables = 1 };
    out("AddCapabilities(can_access_local_variables) -> %d\n", (*with_locals)->AddCapabilities(with_locals, &lcaps));
    char *v = NULL;
    out("SetSystemProperty(agent.test.prop) -> %d\n", (*jvmti)->SetSystemProperty(jvmti, "agent.test.prop", "new"));
    out("SetSystemProperty(java.vm.version) -> %d\n", (*jvmti)->SetSystemProperty(jvmti, "java.vm.version", "x"));
    out("SetSystemProperty(NULL) -> %d\n", (*jvmti)->SetSystemProperty(jvmti, NULL, "x"));
    out("GetSystemProperty(agent.test.prop) -> %d\n", (*jvmti)->GetSystemProperty(jvmti, "agent.test.prop", &v));
    out("  = %s\n", str(v));
    dealloc(v);
    jint n;
    char **props;
    (*jvmti)->GetSystemProperties(jvmti, &n, &props);
    int seen = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(props[i], "java.home") == 0 || strcmp(props[i], "agent.test.prop") == 0) seen++;
        dealloc(props[i]);
    }
    dealloc(props);
    out("GetSystemProperties has java.home and agent.test.prop: %d\n", seen);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.VMDeath = on_vm_death;
    (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    return 0;
}
