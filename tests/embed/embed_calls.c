/*
 * embed_calls — the JNI function table as an embedding program uses it.
 *
 *   embed_calls CLASSDIR
 *
 * Creates a VM with -Xbootclasspath/a:CLASSDIR -Xmx32m and works through JNI against the
 * class EmbedTarget (tests/embed/java): calls of every return and argument type (plain,
 * A and V variants), objects, fields, arrays, strings, exceptions, local frames, global
 * and weak references, type queries, monitors, RegisterNatives, direct buffers; then
 * destroys the VM.  Every result goes to stdout as a line; the suite runs this program
 * linked against HotSpot and against Loupe and requires identical output.  Only what the
 * JNI specification determines is printed (messages of exceptions thrown by JNI functions
 * themselves are VM-specific, so for those only the class is printed).
 */
#include <jni.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static JavaVM *vm;
static JNIEnv *env;
static jclass target;   /* EmbedTarget (global ref) */

/* Prints a modified-UTF-8 string with bytes outside printable ASCII escaped. */
static void put_utf(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p >= 0x20 && *p < 0x7f)
            putchar(*p);
        else
            printf("\\x%02x", *p);
    }
}

static void print_jstring(const char *label, jstring s)
{
    printf("%s: ", label);
    if (!s) {
        printf("(null)\n");
        return;
    }
    const char *c = (*env)->GetStringUTFChars(env, s, NULL);
    putchar('\'');
    put_utf(c);
    printf("'\n");
    (*env)->ReleaseStringUTFChars(env, s, c);
}

/* The name of an object's class, via Class.getName(). */
static void print_class_name(const char *label, jobject o)
{
    jclass cls = (*env)->GetObjectClass(env, o);
    jclass class_class = (*env)->FindClass(env, "java/lang/Class");
    jmethodID get_name = (*env)->GetMethodID(env, class_class, "getName", "()Ljava/lang/String;");
    jstring name = (*env)->CallObjectMethod(env, cls, get_name);
    print_jstring(label, name);
}

/* Reports (and clears) the pending exception of a step: its class, and its message
 * when with_message (only for exceptions thrown by Java code). */
static void report_exception(const char *step, int with_message)
{
    jboolean check = (*env)->ExceptionCheck(env);
    jthrowable t = (*env)->ExceptionOccurred(env);
    printf("%s: ExceptionCheck=%d ExceptionOccurred=%s\n", step, check, t ? "yes" : "no");
    if (!t)
        return;
    (*env)->ExceptionClear(env);
    printf("%s: after ExceptionClear ExceptionCheck=%d\n", step, (*env)->ExceptionCheck(env));
    char label[256];
    snprintf(label, sizeof label, "%s: class", step);
    print_class_name(label, t);
    if (with_message) {
        jclass throwable = (*env)->FindClass(env, "java/lang/Throwable");
        jmethodID get_message = (*env)->GetMethodID(env, throwable, "getMessage", "()Ljava/lang/String;");
        snprintf(label, sizeof label, "%s: message", step);
        print_jstring(label, (*env)->CallObjectMethod(env, t, get_message));
        jmethodID get_cause = (*env)->GetMethodID(env, throwable, "getCause", "()Ljava/lang/Throwable;");
        jobject cause = (*env)->CallObjectMethod(env, t, get_cause);
        if (cause) {
            snprintf(label, sizeof label, "%s: cause class", step);
            print_class_name(label, cause);
            snprintf(label, sizeof label, "%s: cause message", step);
            print_jstring(label, (*env)->CallObjectMethod(env, cause, get_message));
        }
    }
}

/* Stops the test if a step unexpectedly left an exception pending. */
static void check(const char *step)
{
    if ((*env)->ExceptionCheck(env)) {
        printf("UNEXPECTED EXCEPTION in %s\n", step);
        (*env)->ExceptionDescribe(env);
        exit(1);
    }
}

static jmethodID static_method(const char *name, const char *sig)
{
    jmethodID m = (*env)->GetStaticMethodID(env, target, name, sig);
    if (!m) {
        printf("missing static method %s%s\n", name, sig);
        (*env)->ExceptionDescribe(env);
        exit(1);
    }
    return m;
}

static jmethodID method(jclass cls, const char *name, const char *sig)
{
    jmethodID m = (*env)->GetMethodID(env, cls, name, sig);
    if (!m) {
        printf("missing method %s%s\n", name, sig);
        (*env)->ExceptionDescribe(env);
        exit(1);
    }
    return m;
}

static jobject call_static_object_v(jclass cls, jmethodID m, ...)
{
    va_list ap;
    va_start(ap, m);
    jobject r = (*env)->CallStaticObjectMethodV(env, cls, m, ap);
    va_end(ap);
    return r;
}

static jdouble call_static_double_v(jclass cls, jmethodID m, ...)
{
    va_list ap;
    va_start(ap, m);
    jdouble r = (*env)->CallStaticDoubleMethodV(env, cls, m, ap);
    va_end(ap);
    return r;
}

static jobject new_object_v(jclass cls, jmethodID m, ...)
{
    va_list ap;
    va_start(ap, m);
    jobject r = (*env)->NewObjectV(env, cls, m, ap);
    va_end(ap);
    return r;
}

static jlong call_long_v(jobject o, jmethodID m, ...)
{
    va_list ap;
    va_start(ap, m);
    jlong r = (*env)->CallLongMethodV(env, o, m, ap);
    va_end(ap);
    return r;
}

/* --- sections ------------------------------------------------------------------- */

static void versions(void)
{
    printf("GetVersion: 0x%08x\n", (unsigned)(*env)->GetVersion(env));
    JavaVM *vms[4];
    jsize n = -1;
    jint rc = JNI_GetCreatedJavaVMs(vms, 4, &n);
    printf("JNI_GetCreatedJavaVMs: rc=%d count=%d same=%d\n", rc, n, n == 1 && vms[0] == vm);
    JavaVM *from_env = NULL;
    rc = (*env)->GetJavaVM(env, &from_env);
    printf("GetJavaVM: rc=%d same=%d\n", rc, from_env == vm);
    static const jint versions[] = {
        JNI_VERSION_1_1, JNI_VERSION_1_2, JNI_VERSION_1_4, JNI_VERSION_1_6,
        JNI_VERSION_1_8, JNI_VERSION_9, JNI_VERSION_10, 0x00130000, 0x7fff0000, 0
    };
    for (int i = 0; versions[i]; i++) {
        void *e = NULL;
        rc = (*vm)->GetEnv(vm, &e, versions[i]);
        printf("GetEnv(0x%08x): rc=%d same=%d\n", (unsigned)versions[i], rc, rc == JNI_OK && e == env);
    }
}

static void static_calls(void)
{
    printf("addInts: %d\n", (*env)->CallStaticIntMethod(env, target, static_method("addInts", "(II)I"), 2147483647, 3));
    printf("mulLongs: %lld\n", (long long)(*env)->CallStaticLongMethod(env, target,
           static_method("mulLongs", "(JJ)J"), (jlong)123456789012LL, (jlong)-1000LL));
    printf("divDoubles: %.17g\n", (*env)->CallStaticDoubleMethod(env, target,
           static_method("divDoubles", "(DD)D"), 1.0, 3.0));
    printf("halfFloat: %.9g\n", (double)(*env)->CallStaticFloatMethod(env, target,
           static_method("halfFloat", "(F)F"), (jfloat)3.25f));
    printf("isEven(10): %d\n", (*env)->CallStaticBooleanMethod(env, target, static_method("isEven", "(I)Z"), 10));
    printf("isEven(7): %d\n", (*env)->CallStaticBooleanMethod(env, target, static_method("isEven", "(I)Z"), 7));
    printf("negByte: %d\n", (*env)->CallStaticByteMethod(env, target, static_method("negByte", "(B)B"), (jbyte)-128));
    printf("nextChar: %d\n", (*env)->CallStaticCharMethod(env, target, static_method("nextChar", "(C)C"), (jchar)0xfffe));
    printf("twiceShort: %d\n", (*env)->CallStaticShortMethod(env, target, static_method("twiceShort", "(S)S"), (jshort)20000));
    jstring name = (*env)->NewStringUTF(env, "JNI");
    print_jstring("greet", (*env)->CallStaticObjectMethod(env, target,
                  static_method("greet", "(Ljava/lang/String;)Ljava/lang/String;"), name));
    jfieldID sj = (*env)->GetStaticFieldID(env, target, "sj", "J");
    jlong before = (*env)->GetStaticLongField(env, target, sj);
    (*env)->CallStaticVoidMethod(env, target, static_method("touch", "()V"));
    printf("touch: sj %lld -> %lld\n", (long long)before, (long long)(*env)->GetStaticLongField(env, target, sj));
    jobject nothing = (*env)->CallStaticObjectMethod(env, target, static_method("nothing", "()Ljava/lang/Object;"));
    printf("nothing: %s\n", nothing ? "non-null" : "null");
    check("static calls");

    /* One argument of each type, through the three calling conventions. */
    jmethodID describe = static_method("describe", "(ZBCSIJFDLjava/lang/Object;)Ljava/lang/String;");
    jstring o = (*env)->NewStringUTF(env, "obj");
    print_jstring("describe", (*env)->CallStaticObjectMethod(env, target, describe,
                  (jboolean)JNI_TRUE, (jbyte)-7, (jchar)'x', (jshort)-300, (jint)-70000,
                  (jlong)1099511627776LL, (jfloat)0.1f, (jdouble)1e300, o));
    jvalue a[9];
    a[0].z = JNI_FALSE; a[1].b = 127; a[2].c = 0x263a; a[3].s = 32767; a[4].i = -2147483647 - 1;
    a[5].j = -1; a[6].f = -0.0f; a[7].d = 2.5e-300; a[8].l = NULL;
    print_jstring("describeA", (*env)->CallStaticObjectMethodA(env, target, describe, a));
    print_jstring("describeV", call_static_object_v(target, describe,
                  (jboolean)JNI_TRUE, (jbyte)1, (jchar)'V', (jshort)2, (jint)3, (jlong)4, (jfloat)5.5f,
                  (jdouble)6.25, o));

    jmethodID mix = static_method("mix", "(IJFDIJFDIJFDBCS)D");
    printf("mix: %.17g\n", (*env)->CallStaticDoubleMethod(env, target, mix,
           (jint)1, (jlong)2, (jfloat)3, (jdouble)4, (jint)5, (jlong)6, (jfloat)7, (jdouble)8,
           (jint)9, (jlong)10, (jfloat)11, (jdouble)12, (jbyte)13, (jchar)14, (jshort)15));
    jvalue m[15];
    m[0].i = 1; m[1].j = 2; m[2].f = 3; m[3].d = 4; m[4].i = 5; m[5].j = 6; m[6].f = 7; m[7].d = 8;
    m[8].i = 9; m[9].j = 10; m[10].f = 11; m[11].d = 12; m[12].b = 13; m[13].c = 14; m[14].s = 15;
    printf("mixA: %.17g\n", (*env)->CallStaticDoubleMethodA(env, target, mix, m));
    printf("mixV: %.17g\n", call_static_double_v(target, mix,
           (jint)-1, (jlong)-2, (jfloat)-3, (jdouble)-4, (jint)-5, (jlong)-6, (jfloat)-7, (jdouble)-8,
           (jint)-9, (jlong)-10, (jfloat)-11, (jdouble)-12, (jbyte)-13, (jchar)14, (jshort)-15));
    check("argument passing");
}

static void objects(void)
{
    jmethodID ctor = method(target, "<init>", "(I)V");
    jfieldID instances = (*env)->GetStaticFieldID(env, target, "instances", "I");
    int before = (*env)->GetStaticIntField(env, target, instances);
    jobject o1 = (*env)->NewObject(env, target, ctor, 7);
    jvalue a[1];
    a[0].i = 8;
    jobject o2 = (*env)->NewObjectA(env, target, ctor, a);
    jobject o3 = new_object_v(target, ctor, 9);
    jobject o4 = (*env)->NewObject(env, target, method(target, "<init>", "()V"));
    printf("constructed: %d\n", (*env)->GetStaticIntField(env, target, instances) - before);
    jmethodID get_id = method(target, "getId", "()I");
    printf("ids: %d %d %d %d\n", (*env)->CallIntMethod(env, o1, get_id), (*env)->CallIntMethod(env, o2, get_id),
           (*env)->CallIntMethod(env, o3, get_id), (*env)->CallIntMethod(env, o4, get_id));
    jmethodID scaled = method(target, "scaled", "(J)J");
    a[0].j = 1000000000000LL;
    printf("scaled: %lld %lld %lld\n", (long long)(*env)->CallLongMethod(env, o1, scaled, (jlong)3),
           (long long)(*env)->CallLongMethodA(env, o2, scaled, a), (long long)call_long_v(o3, scaled, (jlong)-5));
    jmethodID to_string = method(target, "toString", "()Ljava/lang/String;");
    print_jstring("toString", (*env)->CallObjectMethod(env, o3, to_string));
    jclass object_class = (*env)->FindClass(env, "java/lang/Object");
    jmethodID object_to_string = method(object_class, "toString", "()Ljava/lang/String;");
    print_jstring("toString via Object's method ID", (*env)->CallObjectMethod(env, o1, object_to_string));

    /* AllocObject runs no constructor: every field keeps its default value. */
    jobject raw = (*env)->AllocObject(env, target);
    jmethodID describe_fields = method(target, "describeFields", "()Ljava/lang/String;");
    print_jstring("AllocObject fields", (*env)->CallObjectMethod(env, raw, describe_fields));
    printf("AllocObject id: %d\n", (*env)->CallIntMethod(env, raw, get_id));

    /* Virtual and non-virtual dispatch. */
    jclass derived = (*env)->FindClass(env, "EmbedTarget$Derived");
    jobject d = (*env)->NewObject(env, derived, method(derived, "<init>", "(I)V"), 11);
    jmethodID kind = method(target, "kind", "()Ljava/lang/String;");
    print_jstring("virtual kind", (*env)->CallObjectMethod(env, d, kind));
    print_jstring("nonvirtual kind", (*env)->CallNonvirtualObjectMethod(env, d, target, kind));
    print_jstring("nonvirtual kindA", (*env)->CallNonvirtualObjectMethodA(env, d, target, kind, NULL));
    jclass runnable = (*env)->FindClass(env, "java/lang/Runnable");
    int inst = (*env)->GetStaticIntField(env, target, instances);
    (*env)->CallVoidMethod(env, d, method(runnable, "run", "()V"));
    printf("interface call: instances +%d\n", (*env)->GetStaticIntField(env, target, instances) - inst);
    check("objects");

    /* Type queries. */
    jclass string_class = (*env)->FindClass(env, "java/lang/String");
    jclass number = (*env)->FindClass(env, "java/lang/Number");
    jclass integer = (*env)->FindClass(env, "java/lang/Integer");
    jclass int_array = (*env)->FindClass(env, "[I");
    jclass string_array = (*env)->FindClass(env, "[Ljava/lang/String;");
    jclass object_array = (*env)->FindClass(env, "[Ljava/lang/Object;");
    jclass serializable = (*env)->FindClass(env, "java/io/Serializable");
    jstring s = (*env)->NewStringUTF(env, "s");
    printf("IsInstanceOf derived/EmbedTarget=%d derived/Runnable=%d string/EmbedTarget=%d null/String=%d string/Serializable=%d\n",
           (*env)->IsInstanceOf(env, d, target), (*env)->IsInstanceOf(env, d, runnable),
           (*env)->IsInstanceOf(env, s, target), (*env)->IsInstanceOf(env, NULL, string_class),
           (*env)->IsInstanceOf(env, s, serializable));
    printf("IsAssignableFrom Derived->EmbedTarget=%d EmbedTarget->Derived=%d Integer->Number=%d Number->Integer=%d\n",
           (*env)->IsAssignableFrom(env, derived, target), (*env)->IsAssignableFrom(env, target, derived),
           (*env)->IsAssignableFrom(env, integer, number), (*env)->IsAssignableFrom(env, number, integer));
    printf("IsAssignableFrom int[]->Object=%d int[]->Object[]=%d String[]->Object[]=%d Object[]->String[]=%d String[]->Serializable=%d\n",
           (*env)->IsAssignableFrom(env, int_array, object_class), (*env)->IsAssignableFrom(env, int_array, object_array),
           (*env)->IsAssignableFrom(env, string_array, object_array), (*env)->IsAssignableFrom(env, object_array, string_array),
           (*env)->IsAssignableFrom(env, string_array, serializable));
    jclass sup = (*env)->GetSuperclass(env, derived);
    printf("GetSuperclass(Derived)==EmbedTarget: %d\n", (*env)->IsSameObject(env, sup, target));
    sup = (*env)->GetSuperclass(env, target);
    printf("GetSuperclass(EmbedTarget)==Object: %d\n", (*env)->IsSameObject(env, sup, object_class));
    printf("GetSuperclass(Object): %s\n", (*env)->GetSuperclass(env, object_class) ? "non-null" : "null");
    printf("GetSuperclass(Runnable): %s\n", (*env)->GetSuperclass(env, runnable) ? "non-null" : "null");
    sup = (*env)->GetSuperclass(env, int_array);
    printf("GetSuperclass(int[])==Object: %d\n", (*env)->IsSameObject(env, sup, object_class));
    printf("GetObjectClass(derived)==Derived: %d\n", (*env)->IsSameObject(env, (*env)->GetObjectClass(env, d), derived));
    printf("IsSameObject(o1,o1)=%d (o1,o2)=%d (NULL,NULL)=%d\n", (*env)->IsSameObject(env, o1, o1),
           (*env)->IsSameObject(env, o1, o2), (*env)->IsSameObject(env, NULL, NULL));
    check("type queries");
}

static void fields(void)
{
    jobject o = (*env)->NewObject(env, target, method(target, "<init>", "(I)V"), 5);
    jfieldID z = (*env)->GetFieldID(env, target, "z", "Z");
    jfieldID b = (*env)->GetFieldID(env, target, "b", "B");
    jfieldID c = (*env)->GetFieldID(env, target, "c", "C");
    jfieldID s = (*env)->GetFieldID(env, target, "s", "S");
    jfieldID i = (*env)->GetFieldID(env, target, "i", "I");
    jfieldID j = (*env)->GetFieldID(env, target, "j", "J");
    jfieldID f = (*env)->GetFieldID(env, target, "f", "F");
    jfieldID d = (*env)->GetFieldID(env, target, "d", "D");
    jfieldID str = (*env)->GetFieldID(env, target, "str", "Ljava/lang/String;");
    check("GetFieldID");
    jmethodID describe_fields = method(target, "describeFields", "()Ljava/lang/String;");
    print_jstring("fields initially", (*env)->CallObjectMethod(env, o, describe_fields));
    (*env)->SetBooleanField(env, o, z, JNI_TRUE);
    (*env)->SetByteField(env, o, b, -100);
    (*env)->SetCharField(env, o, c, 0x00e9);
    (*env)->SetShortField(env, o, s, -32768);
    (*env)->SetIntField(env, o, i, 0x7fffffff);
    (*env)->SetLongField(env, o, j, (jlong)0x8000000000000000ULL);
    (*env)->SetFloatField(env, o, f, 3.4028235e38f);
    (*env)->SetDoubleField(env, o, d, 4.9e-324);
    (*env)->SetObjectField(env, o, str, (*env)->NewStringUTF(env, "set from C"));
    print_jstring("fields after Set*Field", (*env)->CallObjectMethod(env, o, describe_fields));
    printf("Get*Field: z=%d b=%d c=%d s=%d i=%d j=%lld f=%.9g d=%.17g\n",
           (*env)->GetBooleanField(env, o, z), (*env)->GetByteField(env, o, b), (*env)->GetCharField(env, o, c),
           (*env)->GetShortField(env, o, s), (*env)->GetIntField(env, o, i), (long long)(*env)->GetLongField(env, o, j),
           (double)(*env)->GetFloatField(env, o, f), (*env)->GetDoubleField(env, o, d));
    print_jstring("GetObjectField", (*env)->GetObjectField(env, o, str));

    jfieldID sz = (*env)->GetStaticFieldID(env, target, "sz", "Z");
    jfieldID sb = (*env)->GetStaticFieldID(env, target, "sb", "B");
    jfieldID sc = (*env)->GetStaticFieldID(env, target, "sc", "C");
    jfieldID ss = (*env)->GetStaticFieldID(env, target, "ss", "S");
    jfieldID si = (*env)->GetStaticFieldID(env, target, "si", "I");
    jfieldID sj = (*env)->GetStaticFieldID(env, target, "sj", "J");
    jfieldID sf = (*env)->GetStaticFieldID(env, target, "sf", "F");
    jfieldID sd = (*env)->GetStaticFieldID(env, target, "sd", "D");
    jfieldID sstr = (*env)->GetStaticFieldID(env, target, "sstr", "Ljava/lang/String;");
    jfieldID constant = (*env)->GetStaticFieldID(env, target, "CONSTANT", "I");
    check("GetStaticFieldID");
    printf("GetStatic*Field: z=%d b=%d c=%d s=%d i=%d f=%.9g d=%.17g CONSTANT=%d\n",
           (*env)->GetStaticBooleanField(env, target, sz), (*env)->GetStaticByteField(env, target, sb),
           (*env)->GetStaticCharField(env, target, sc), (*env)->GetStaticShortField(env, target, ss),
           (*env)->GetStaticIntField(env, target, si), (double)(*env)->GetStaticFloatField(env, target, sf),
           (*env)->GetStaticDoubleField(env, target, sd), (*env)->GetStaticIntField(env, target, constant));
    print_jstring("GetStaticObjectField", (*env)->GetStaticObjectField(env, target, sstr));
    (*env)->SetStaticBooleanField(env, target, sz, JNI_FALSE);
    (*env)->SetStaticByteField(env, target, sb, 1);
    (*env)->SetStaticCharField(env, target, sc, 'z');
    (*env)->SetStaticShortField(env, target, ss, 2);
    (*env)->SetStaticIntField(env, target, si, 3);
    (*env)->SetStaticLongField(env, target, sj, 4);
    (*env)->SetStaticFloatField(env, target, sf, 5.5f);
    (*env)->SetStaticDoubleField(env, target, sd, 6.5);
    (*env)->SetStaticObjectField(env, target, sstr, NULL);
    printf("after SetStatic*Field: z=%d b=%d c=%d s=%d i=%d j=%lld f=%.9g d=%.17g str=%s\n",
           (*env)->GetStaticBooleanField(env, target, sz), (*env)->GetStaticByteField(env, target, sb),
           (*env)->GetStaticCharField(env, target, sc), (*env)->GetStaticShortField(env, target, ss),
           (*env)->GetStaticIntField(env, target, si), (long long)(*env)->GetStaticLongField(env, target, sj),
           (double)(*env)->GetStaticFloatField(env, target, sf), (*env)->GetStaticDoubleField(env, target, sd),
           (*env)->GetStaticObjectField(env, target, sstr) ? "non-null" : "null");
    check("fields");

    /* Lookups that fail. */
    printf("GetFieldID(noSuchField): %s\n", (*env)->GetFieldID(env, target, "noSuchField", "I") ? "found" : "NULL");
    report_exception("GetFieldID(noSuchField)", 0);
    printf("GetFieldID(i with wrong type): %s\n", (*env)->GetFieldID(env, target, "i", "J") ? "found" : "NULL");
    report_exception("GetFieldID(wrong type)", 0);
    printf("GetMethodID(noSuchMethod): %s\n", (*env)->GetMethodID(env, target, "noSuchMethod", "()V") ? "found" : "NULL");
    report_exception("GetMethodID(noSuchMethod)", 0);
    printf("GetStaticMethodID(getId, instance method): %s\n",
           (*env)->GetStaticMethodID(env, target, "getId", "()I") ? "found" : "NULL");
    report_exception("GetStaticMethodID(instance method)", 0);
    printf("FindClass(no/such/Clazz): %s\n", (*env)->FindClass(env, "no/such/Clazz") ? "found" : "NULL");
    report_exception("FindClass(no/such/Clazz)", 0);
}

static void arrays(void)
{
    jint in[5] = { 1, -2, 3, -4, 1000000 };
    jintArray ia = (*env)->NewIntArray(env, 5);
    (*env)->SetIntArrayRegion(env, ia, 0, 5, in);
    printf("sum: %d\n", (*env)->CallStaticIntMethod(env, target, static_method("sum", "([I)I"), ia));
    jintArray r = (*env)->CallStaticObjectMethod(env, target, static_method("range", "(I)[I"), 6);
    jsize n = (*env)->GetArrayLength(env, r);
    jint out[6];
    (*env)->GetIntArrayRegion(env, r, 1, n - 1, out);
    printf("range: length %d, elements 1..5:", n);
    for (int k = 0; k < n - 1; k++)
        printf(" %d", out[k]);
    printf("\n");
    jint *elems = (*env)->GetIntArrayElements(env, r, NULL);
    for (int k = 0; k < n; k++)
        elems[k] = -elems[k];
    (*env)->ReleaseIntArrayElements(env, r, elems, 0);
    printf("sum after ReleaseIntArrayElements(mode 0): %d\n",
           (*env)->CallStaticIntMethod(env, target, static_method("sum", "([I)I"), r));
    elems = (*env)->GetIntArrayElements(env, r, NULL);
    elems[0] = 12345;
    (*env)->ReleaseIntArrayElements(env, r, elems, JNI_ABORT);
    (*env)->GetIntArrayRegion(env, r, 0, 1, out);
    printf("element 0 after JNI_ABORT: %d\n", out[0]);
    jint *crit = (*env)->GetPrimitiveArrayCritical(env, r, NULL);
    crit[5] = 77;
    (*env)->ReleasePrimitiveArrayCritical(env, r, crit, 0);
    (*env)->GetIntArrayRegion(env, r, 5, 1, out);
    printf("element 5 after critical write: %d\n", out[0]);
    check("int arrays");

    /* Every primitive array type: new, set a region, read it back, defaults elsewhere. */
    jboolean zs[3] = { JNI_TRUE, JNI_FALSE, JNI_TRUE }, zo[4];
    jbooleanArray za = (*env)->NewBooleanArray(env, 4);
    (*env)->SetBooleanArrayRegion(env, za, 1, 3, zs);
    (*env)->GetBooleanArrayRegion(env, za, 0, 4, zo);
    printf("boolean[]: %d %d %d %d\n", zo[0], zo[1], zo[2], zo[3]);
    jbyte bs[3] = { -128, 0, 127 }, bo[4];
    jbyteArray ba = (*env)->NewByteArray(env, 4);
    (*env)->SetByteArrayRegion(env, ba, 1, 3, bs);
    (*env)->GetByteArrayRegion(env, ba, 0, 4, bo);
    printf("byte[]: %d %d %d %d\n", bo[0], bo[1], bo[2], bo[3]);
    jchar cs[3] = { 'a', 0x4e2d, 0xffff }, co[4];
    jcharArray ca = (*env)->NewCharArray(env, 4);
    (*env)->SetCharArrayRegion(env, ca, 1, 3, cs);
    (*env)->GetCharArrayRegion(env, ca, 0, 4, co);
    printf("char[]: %d %d %d %d\n", co[0], co[1], co[2], co[3]);
    jshort ss[3] = { -32768, 1, 32767 }, so[4];
    jshortArray sa = (*env)->NewShortArray(env, 4);
    (*env)->SetShortArrayRegion(env, sa, 1, 3, ss);
    (*env)->GetShortArrayRegion(env, sa, 0, 4, so);
    printf("short[]: %d %d %d %d\n", so[0], so[1], so[2], so[3]);
    jlong js[3] = { (jlong)0x8000000000000000ULL, -1, 0x7fffffffffffffffLL }, jo[4];
    jlongArray ja = (*env)->NewLongArray(env, 4);
    (*env)->SetLongArrayRegion(env, ja, 1, 3, js);
    (*env)->GetLongArrayRegion(env, ja, 0, 4, jo);
    printf("long[]: %lld %lld %lld %lld\n", (long long)jo[0], (long long)jo[1], (long long)jo[2], (long long)jo[3]);
    jfloat fs[3] = { 1.5f, -0.0f, 1e-45f }, fo[4];
    jfloatArray fa = (*env)->NewFloatArray(env, 4);
    (*env)->SetFloatArrayRegion(env, fa, 1, 3, fs);
    (*env)->GetFloatArrayRegion(env, fa, 0, 4, fo);
    printf("float[]: %.9g %.9g %.9g %.9g\n", (double)fo[0], (double)fo[1], (double)fo[2], (double)fo[3]);
    jdouble ds[3] = { 0.1, -1e308, 5e-324 }, dout[4];
    jdoubleArray da = (*env)->NewDoubleArray(env, 4);
    (*env)->SetDoubleArrayRegion(env, da, 1, 3, ds);
    (*env)->GetDoubleArrayRegion(env, da, 0, 4, dout);
    printf("double[]: %.17g %.17g %.17g %.17g\n", dout[0], dout[1], dout[2], dout[3]);
    printf("lengths: %d %d %d %d %d %d %d\n", (*env)->GetArrayLength(env, za), (*env)->GetArrayLength(env, ba),
           (*env)->GetArrayLength(env, ca), (*env)->GetArrayLength(env, sa), (*env)->GetArrayLength(env, ja),
           (*env)->GetArrayLength(env, fa), (*env)->GetArrayLength(env, da));
    jdouble *de = (*env)->GetDoubleArrayElements(env, da, NULL);
    jlong *je = (*env)->GetLongArrayElements(env, ja, NULL);
    printf("Get*ArrayElements: %.17g %lld\n", de[3], (long long)je[2]);
    (*env)->ReleaseDoubleArrayElements(env, da, de, JNI_ABORT);
    (*env)->ReleaseLongArrayElements(env, ja, je, JNI_ABORT);
    jbyteArray empty = (*env)->NewByteArray(env, 0);
    printf("empty array length: %d\n", (*env)->GetArrayLength(env, empty));
    check("primitive arrays");

    /* Out-of-range regions throw ArrayIndexOutOfBoundsException. */
    (*env)->GetIntArrayRegion(env, ia, 3, 5, out);
    report_exception("GetIntArrayRegion(3, 5) of int[5]", 0);
    (*env)->SetByteArrayRegion(env, ba, -1, 1, bs);
    report_exception("SetByteArrayRegion(-1, 1)", 0);

    /* Object arrays. */
    jclass string_class = (*env)->FindClass(env, "java/lang/String");
    jstring fill = (*env)->NewStringUTF(env, "x");
    jobjectArray oa = (*env)->NewObjectArray(env, 3, string_class, fill);
    (*env)->SetObjectArrayElement(env, oa, 1, (*env)->NewStringUTF(env, "middle"));
    (*env)->SetObjectArrayElement(env, oa, 2, NULL);
    print_jstring("join", (*env)->CallStaticObjectMethod(env, target,
                  static_method("join", "([Ljava/lang/String;)Ljava/lang/String;"), oa));
    jobjectArray w = (*env)->CallStaticObjectMethod(env, target, static_method("words", "()[Ljava/lang/String;"));
    n = (*env)->GetArrayLength(env, w);
    for (int k = 0; k < n; k++) {
        char label[32];
        snprintf(label, sizeof label, "words[%d]", k);
        print_jstring(label, (*env)->GetObjectArrayElement(env, w, k));
    }
    (*env)->GetObjectArrayElement(env, w, n);
    report_exception("GetObjectArrayElement(length)", 0);
    (*env)->SetObjectArrayElement(env, oa, 0, (*env)->NewIntArray(env, 1));
    report_exception("SetObjectArrayElement(int[] into String[])", 0);
    jclass int_array = (*env)->FindClass(env, "[I");
    jobjectArray matrix = (*env)->NewObjectArray(env, 2, int_array, NULL);
    (*env)->SetObjectArrayElement(env, matrix, 1, ia);
    print_class_name("int[][] class", matrix);
    printf("matrix[0]: %s\n", (*env)->GetObjectArrayElement(env, matrix, 0) ? "non-null" : "null");
    (*env)->NewIntArray(env, -1);
    report_exception("NewIntArray(-1)", 0);
    check("object arrays");
}

static void strings(void)
{
    jstring s = (*env)->NewStringUTF(env, "hello, world");
    printf("GetStringLength: %d GetStringUTFLength: %d\n", (*env)->GetStringLength(env, s),
           (*env)->GetStringUTFLength(env, s));
    jchar region[5];
    (*env)->GetStringRegion(env, s, 7, 5, region);
    printf("GetStringRegion(7,5):");
    for (int k = 0; k < 5; k++)
        printf(" %04x", region[k]);
    printf("\n");
    char utf[64];
    memset(utf, 0, sizeof utf);
    (*env)->GetStringUTFRegion(env, s, 0, 5, utf);
    printf("GetStringUTFRegion(0,5): '%s'\n", utf);

    jstring u = (*env)->CallStaticObjectMethod(env, target, static_method("unicode", "()Ljava/lang/String;"));
    print_jstring("unicode (modified UTF-8)", u);
    printf("unicode GetStringLength: %d GetStringUTFLength: %d\n", (*env)->GetStringLength(env, u),
           (*env)->GetStringUTFLength(env, u));
    const jchar *chars = (*env)->GetStringChars(env, u, NULL);
    printf("unicode GetStringChars:");
    for (int k = 0; k < (*env)->GetStringLength(env, u); k++)
        printf(" %04x", chars[k]);
    printf("\n");
    (*env)->ReleaseStringChars(env, u, chars);
    const jchar *critical = (*env)->GetStringCritical(env, u, NULL);
    printf("unicode GetStringCritical[5]: %04x\n", critical[5]);
    (*env)->ReleaseStringCritical(env, u, critical);
    memset(utf, 0, sizeof utf);
    (*env)->GetStringUTFRegion(env, u, 3, 4, utf);
    printf("unicode GetStringUTFRegion(3,4): ");
    put_utf(utf);
    printf("\n");

    /* Strings made in C: modified UTF-8 in, UTF-16 code units out. */
    jmethodID code_points = static_method("codePointsOf", "(Ljava/lang/String;)Ljava/lang/String;");
    jmethodID code_units = static_method("codeUnits", "(Ljava/lang/String;)I");
    const char *inputs[] = {
        "plain", "caf\xc3\xa9", "\xe4\xb8\xad\xe6\x96\x87", "nul:\xc0\x80:end",
        "\xed\xa0\xbd\xed\xb8\x80" /* U+1F600 as a surrogate pair */, "", NULL
    };
    for (int k = 0; inputs[k]; k++) {
        jstring js = (*env)->NewStringUTF(env, inputs[k]);
        printf("NewStringUTF #%d: length %d, units [", k,
               (*env)->CallStaticIntMethod(env, target, code_units, js));
        jstring cp = (*env)->CallStaticObjectMethod(env, target, code_points, js);
        const char *c = (*env)->GetStringUTFChars(env, cp, NULL);
        printf("%s]\n", c);
        (*env)->ReleaseStringUTFChars(env, cp, c);
    }
    jchar units[] = { 'J', 0xe9, 0x263a, 0xd83d, 0xde00, 0 };
    jstring ns = (*env)->NewString(env, units, 6);
    print_jstring("NewString", ns);
    printf("NewString length: %d\n", (*env)->GetStringLength(env, ns));
    jstring es = (*env)->NewString(env, units, 0);
    printf("empty NewString length: %d\n", (*env)->GetStringLength(env, es));
    (*env)->GetStringRegion(env, s, 10, 5, region);
    report_exception("GetStringRegion(10,5) of length 12", 0);

    /* Strings are Java objects: call String methods on them. */
    jclass string_class = (*env)->FindClass(env, "java/lang/String");
    jmethodID to_upper = method(string_class, "toUpperCase", "()Ljava/lang/String;");
    print_jstring("toUpperCase", (*env)->CallObjectMethod(env, s, to_upper));
    jmethodID intern = method(string_class, "intern", "()Ljava/lang/String;");
    jstring a = (*env)->CallObjectMethod(env, (*env)->NewStringUTF(env, "static string"), intern);
    jfieldID sstr = (*env)->GetStaticFieldID(env, target, "sstr", "Ljava/lang/String;");
    (*env)->SetStaticObjectField(env, target, sstr, (*env)->NewStringUTF(env, "static string"));
    jstring lit = (*env)->CallObjectMethod(env, (*env)->GetStaticObjectField(env, target, sstr), intern);
    printf("interned strings are the same object: %d\n", (*env)->IsSameObject(env, a, lit));
    check("strings");
}

static void exceptions(void)
{
    jmethodID fail = static_method("fail", "(Ljava/lang/String;)I");
    jint r = (*env)->CallStaticIntMethod(env, target, fail, (*env)->NewStringUTF(env, "boom"));
    printf("fail returned %d\n", r);
    report_exception("fail(\"boom\")", 1);
    (*env)->CallStaticIntMethod(env, target, static_method("divide", "(II)I"), 1, 0);
    report_exception("divide(1, 0)", 1);
    (*env)->CallStaticVoidMethod(env, target, static_method("failWithCause", "()V"));
    report_exception("failWithCause", 1);
    print_jstring("catchAndReport(7, 0)", (*env)->CallStaticObjectMethod(env, target,
                  static_method("catchAndReport", "(II)Ljava/lang/String;"), 7, 0));
    print_jstring("catchAndReport(7, 2)", (*env)->CallStaticObjectMethod(env, target,
                  static_method("catchAndReport", "(II)Ljava/lang/String;"), 7, 2));

    jclass iae = (*env)->FindClass(env, "java/lang/IllegalArgumentException");
    printf("ThrowNew: %d\n", (*env)->ThrowNew(env, iae, "thrown from C"));
    jthrowable t = (*env)->ExceptionOccurred(env);
    jthrowable keep = (*env)->NewGlobalRef(env, t);
    report_exception("ThrowNew", 1);
    printf("Throw: %d\n", (*env)->Throw(env, keep));
    jthrowable again = (*env)->ExceptionOccurred(env);
    printf("Throw rethrows the same object: %d\n", (*env)->IsSameObject(env, again, keep));
    (*env)->ExceptionClear(env);
    (*env)->DeleteGlobalRef(env, keep);
    printf("ThrowNew(NULL message): %d\n", (*env)->ThrowNew(env, iae, NULL));
    report_exception("ThrowNew(NULL message)", 1);

    /* When a class gets initialised through JNI: HotSpot's FindClass initialises the
     * class it returns (so Init's message comes before "after FindClass"). */
    jclass init = (*env)->FindClass(env, "EmbedTarget$Init");
    printf("after FindClass(EmbedTarget$Init)\n");
    fflush(stdout);
    jmethodID get = (*env)->GetStaticMethodID(env, init, "get", "()I");
    printf("after GetStaticMethodID(get)\n");
    printf("Init.get(): %d\n", (*env)->CallStaticIntMethod(env, init, get));
    check("exceptions");
}

static void references(void)
{
    printf("EnsureLocalCapacity(1000): %d\n", (*env)->EnsureLocalCapacity(env, 1000));
    printf("PushLocalFrame(16): %d\n", (*env)->PushLocalFrame(env, 16));
    jobject keep = NULL;
    for (int k = 0; k < 2000; k++) {   /* far more locals than the frame's capacity */
        char buf[32];
        snprintf(buf, sizeof buf, "local %d", k);
        keep = (*env)->NewStringUTF(env, buf);
    }
    jobject survivor = (*env)->PopLocalFrame(env, keep);
    print_jstring("PopLocalFrame result", survivor);
    printf("PushLocalFrame(4): %d\n", (*env)->PushLocalFrame(env, 4));
    printf("PopLocalFrame(NULL): %s\n", (*env)->PopLocalFrame(env, NULL) ? "non-null" : "null");
    for (int depth = 0; depth < 50; depth++)
        (*env)->PushLocalFrame(env, 8);
    jstring deep = (*env)->NewStringUTF(env, "from 50 frames deep");
    for (int depth = 0; depth < 50; depth++)
        deep = (*env)->PopLocalFrame(env, deep);
    print_jstring("nested frames", deep);

    jstring l = (*env)->NewStringUTF(env, "global");
    jobject g = (*env)->NewGlobalRef(env, l);
    jobject w = (*env)->NewWeakGlobalRef(env, l);
    jobject l2 = (*env)->NewLocalRef(env, g);
    printf("GetObjectRefType: local=%d global=%d weak=%d\n", (*env)->GetObjectRefType(env, l),
           (*env)->GetObjectRefType(env, g), (*env)->GetObjectRefType(env, w));
    printf("IsSameObject(local, global)=%d (weak, global)=%d (NewLocalRef, local)=%d\n",
           (*env)->IsSameObject(env, l, g), (*env)->IsSameObject(env, w, g), (*env)->IsSameObject(env, l2, l));
    (*env)->DeleteLocalRef(env, l);
    (*env)->DeleteLocalRef(env, l2);
    /* Churn the heap (32 MB) so that objects move or get collected; the global
     * reference must keep its string, and so the weak one must not be cleared. */
    jclass system = (*env)->FindClass(env, "java/lang/System");
    jmethodID gc = (*env)->GetStaticMethodID(env, system, "gc", "()V");
    for (int k = 0; k < 200; k++) {
        (*env)->PushLocalFrame(env, 4);
        (*env)->NewByteArray(env, 1 << 18);
        (*env)->PopLocalFrame(env, NULL);
    }
    (*env)->CallStaticVoidMethod(env, system, gc);
    print_jstring("global after churn and System.gc", g);
    printf("weak cleared while strongly reachable: %d\n", (*env)->IsSameObject(env, w, NULL));
    jobject wl = (*env)->NewLocalRef(env, w);
    print_jstring("weak as local", wl);
    (*env)->DeleteWeakGlobalRef(env, w);
    (*env)->DeleteGlobalRef(env, g);

    /* Many global references at once. */
    enum { N = 5000 };
    static jobject globals[N];
    jclass integer = (*env)->FindClass(env, "java/lang/Integer");
    jmethodID value_of = (*env)->GetStaticMethodID(env, integer, "valueOf", "(I)Ljava/lang/Integer;");
    jmethodID int_value = method(integer, "intValue", "()I");
    for (int k = 0; k < N; k++) {
        jobject v = (*env)->CallStaticObjectMethod(env, integer, value_of, k * 3);
        globals[k] = (*env)->NewGlobalRef(env, v);
        (*env)->DeleteLocalRef(env, v);
    }
    (*env)->CallStaticVoidMethod(env, system, gc);
    long long total = 0;
    for (int k = 0; k < N; k++) {
        total += (*env)->CallIntMethod(env, globals[k], int_value);
        (*env)->DeleteGlobalRef(env, globals[k]);
    }
    printf("sum over %d global refs: %lld\n", N, total);
    check("references");
}

static void monitors(void)
{
    jobject o = (*env)->NewObject(env, target, method(target, "<init>", "(I)V"), 1);
    jclass thread = (*env)->FindClass(env, "java/lang/Thread");
    jmethodID holds = (*env)->GetStaticMethodID(env, thread, "holdsLock", "(Ljava/lang/Object;)Z");
    printf("holdsLock before MonitorEnter: %d\n", (*env)->CallStaticBooleanMethod(env, thread, holds, o));
    printf("MonitorEnter: %d\n", (*env)->MonitorEnter(env, o));
    printf("MonitorEnter (reentrant): %d\n", (*env)->MonitorEnter(env, o));
    printf("holdsLock inside: %d\n", (*env)->CallStaticBooleanMethod(env, thread, holds, o));
    printf("MonitorExit: %d\n", (*env)->MonitorExit(env, o));
    printf("holdsLock after one exit: %d\n", (*env)->CallStaticBooleanMethod(env, thread, holds, o));
    printf("MonitorExit: %d\n", (*env)->MonitorExit(env, o));
    printf("holdsLock after both exits: %d\n", (*env)->CallStaticBooleanMethod(env, thread, holds, o));
    jint rc = (*env)->MonitorExit(env, o);
    printf("MonitorExit without owning: %s\n", rc == JNI_OK ? "JNI_OK" : "error");
    report_exception("MonitorExit without owning", 0);
}

static jint JNICALL native_add(JNIEnv *e, jclass cls, jint a, jint b)
{
    return a + b;
}

static jstring JNICALL native_concat(JNIEnv *e, jclass cls, jstring s, jlong n)
{
    char buf[128];
    const char *c = (*e)->GetStringUTFChars(e, s, NULL);
    snprintf(buf, sizeof buf, "%s/%lld/%s", c, (long long)n,
             (*e)->IsSameObject(e, cls, target) ? "EmbedTarget" : "other class");
    (*e)->ReleaseStringUTFChars(e, s, c);
    return (*e)->NewStringUTF(e, buf);
}

static void natives(void)
{
    jmethodID call = static_method("callNatives", "()Ljava/lang/String;");
    (*env)->CallStaticObjectMethod(env, target, call);
    report_exception("natives before RegisterNatives", 0);
    JNINativeMethod methods[] = {
        { "nativeAdd", "(II)I", (void *)native_add },
        { "nativeConcat", "(Ljava/lang/String;J)Ljava/lang/String;", (void *)native_concat },
    };
    printf("RegisterNatives: %d\n", (*env)->RegisterNatives(env, target, methods, 2));
    print_jstring("callNatives", (*env)->CallStaticObjectMethod(env, target, call));
    JNINativeMethod bad = { "noSuchNative", "()V", (void *)native_add };
    printf("RegisterNatives(no such method): %s\n",
           (*env)->RegisterNatives(env, target, &bad, 1) == JNI_OK ? "JNI_OK" : "error");
    report_exception("RegisterNatives(no such method)", 0);
    check("natives");
}

static void buffers(void)
{
    static unsigned char memory[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
    jobject buf = (*env)->NewDirectByteBuffer(env, memory, sizeof memory);
    check("NewDirectByteBuffer");
    printf("GetDirectBufferAddress matches: %d\n", (*env)->GetDirectBufferAddress(env, buf) == memory);
    printf("GetDirectBufferCapacity: %lld\n", (long long)(*env)->GetDirectBufferCapacity(env, buf));
    jclass byte_buffer = (*env)->FindClass(env, "java/nio/ByteBuffer");
    jmethodID get = method(byte_buffer, "get", "(I)B");
    jmethodID put = method(byte_buffer, "put", "(IB)Ljava/nio/ByteBuffer;");
    printf("buffer.get(5): %d\n", (*env)->CallByteMethod(env, buf, get, 5));
    (*env)->CallObjectMethod(env, buf, put, 0, (jbyte)-1);
    printf("memory[0] after buffer.put(0, -1): %d\n", memory[0]);
    jbyteArray heap_array = (*env)->NewByteArray(env, 4);
    jmethodID wrap = (*env)->GetStaticMethodID(env, byte_buffer, "wrap", "([B)Ljava/nio/ByteBuffer;");
    jobject heap_buf = (*env)->CallStaticObjectMethod(env, byte_buffer, wrap, heap_array);
    printf("GetDirectBufferAddress of a heap buffer: %s\n",
           (*env)->GetDirectBufferAddress(env, heap_buf) ? "non-null" : "NULL");
    printf("GetDirectBufferCapacity of a heap buffer: %lld\n",
           (long long)(*env)->GetDirectBufferCapacity(env, heap_buf));
    check("buffers");
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0);   /* interleaves correctly with Java's System.out */
    if (argc != 2) {
        fprintf(stderr, "usage: embed_calls CLASSDIR\n");
        return 2;
    }
    char cp[4096];
    snprintf(cp, sizeof cp, "-Xbootclasspath/a:%s", argv[1]);
    JavaVMOption options[] = { { cp, NULL }, { "-Xmx32m", NULL } };
    JavaVMInitArgs args = { JNI_VERSION_10, 2, options, JNI_FALSE };
    jint rc = JNI_CreateJavaVM(&vm, (void **)&env, &args);
    printf("JNI_CreateJavaVM: %d\n", rc);
    if (rc != JNI_OK)
        return 1;
    jclass local = (*env)->FindClass(env, "EmbedTarget");
    if (!local) {
        (*env)->ExceptionDescribe(env);
        return 1;
    }
    target = (*env)->NewGlobalRef(env, local);
    (*env)->DeleteLocalRef(env, local);

    versions();
    static_calls();
    objects();
    fields();
    arrays();
    strings();
    exceptions();
    references();
    monitors();
    natives();
    buffers();

    (*env)->DeleteGlobalRef(env, target);
    printf("DestroyJavaVM: %d\n", (*vm)->DestroyJavaVM(vm));
    return 0;
}
