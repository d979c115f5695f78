/*
 * jvm_members.c — what java.lang.Class, java.lang.reflect and a few other JDK classes ask
 * the VM about a class's members and about the calling stack:
 *
 *   member classes              JVM_GetDeclaredClasses        (InnerClasses)
 *   method parameters           JVM_GetMethodParameters       (MethodParameters)
 *   record components           JVM_GetRecordComponents       (Record)
 *   members' type annotations   JVM_GetMethodTypeAnnotations, JVM_GetFieldTypeAnnotations
 *   -ea / -da                   JVM_AssertionStatusDirectives
 *   the stack                   JVM_GetClassContext, JVM_LatestUserDefinedLoader,
 *                               JVM_InitStackTraceElement
 *
 * Objects are built field by field, as HotSpot builds them (no Java constructor runs), from
 * what the class-file parser kept: attributes kept raw are handed out as new byte[] copies,
 * record component names and signatures are interned, parameter names are new Strings.  A
 * reflective Method, Constructor or Field names its member by (clazz, slot), slot being the
 * member's index in its class (see jvm_reflect.c).
 *
 * The stack queries walk every frame of the current thread, native ones included, from the
 * innermost out, and pass over the reflection machinery as HotSpot does: Method.invoke and
 * MethodAccessorImpl subclasses for the security walk, MethodAccessorImpl and
 * ConstructorAccessorImpl subclasses for the loader query.
 */
#include "native/jni_internal.h"
#include "native/mhn.h"
#include "classfile/link.h"
#include "classfile/loader.h"
#include "classfile/resolve.h"
#include "heap/heap.h"
#include "interp/frame.h"
#include "runtime/jstring.h"
#include "jvmti/jvmti_export.h"
#include "runtime/vm.h"

/* Defined in native/jvm_reflect.c. */
Object *reflect_method_object(Thread *t, Method *m);
Method *reflect_method_of(Object *executable);
Field *reflect_field_of(Object *field);

/* ---- classes and field offsets ---- */

static uint32_t field_off(Class *c, const char *name, const char *desc) {
    Field *f = link_lookup_field(c, sym_intern_cstr(name), sym_intern_cstr(desc));
    if (!f) vm_fatal("%s.%s missing", c->name->str, name);
    return f->offset;
}

/* A boot class, loaded and initialised on first use and remembered in *cache; `offsets`
 * (may be NULL) computes the field offsets the caller needs before it is published. */
static Class *boot_class(Thread *t, Class **cache, const char *name, void (*offsets)(Class *c)) {
    Class *c = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (c) return c;
    c = ld_load(t, sym_intern_cstr(name), NULL, false);
    if (!c || !class_init(t, c)) return NULL;
    if (offsets) offsets(c);
    __atomic_store_n(cache, c, __ATOMIC_RELEASE);
    return c;
}

static struct { uint32_t name, modifiers, executable, index; } param_off;
static struct { uint32_t clazz, name, type, accessor, signature, annotations, type_annotations; } rc_off;
static struct { uint32_t classes, class_enabled, packages, package_enabled, deflt; } asd_off;

static void param_offsets(Class *c) {
    param_off.name = field_off(c, "name", "Ljava/lang/String;");
    param_off.modifiers = field_off(c, "modifiers", "I");
    param_off.executable = field_off(c, "executable", "Ljava/lang/reflect/Executable;");
    param_off.index = field_off(c, "index", "I");
}

static void rc_offsets(Class *c) {
    rc_off.clazz = field_off(c, "clazz", "Ljava/lang/Class;");
    rc_off.name = field_off(c, "name", "Ljava/lang/String;");
    rc_off.type = field_off(c, "type", "Ljava/lang/Class;");
    rc_off.accessor = field_off(c, "accessor", "Ljava/lang/reflect/Method;");
    rc_off.signature = field_off(c, "signature", "Ljava/lang/String;");
    rc_off.annotations = field_off(c, "annotations", "[B");
    rc_off.type_annotations = field_off(c, "typeAnnotations", "[B");
}

static void asd_offsets(Class *c) {
    asd_off.classes = field_off(c, "classes", "[Ljava/lang/String;");
    asd_off.class_enabled = field_off(c, "classEnabled", "[Z");
    asd_off.packages = field_off(c, "packages", "[Ljava/lang/String;");
    asd_off.package_enabled = field_off(c, "packageEnabled", "[Z");
    asd_off.deflt = field_off(c, "deflt", "Z");
}

static Class *parameter_class, *record_component_class, *asd_class;

/* ---- small builders ---- */

/* A new byte[] copy of an attribute kept raw; NULL for an absent one (no exception). */
static Object *bytes_of(Thread *t, Blob b) {
    if (!b.data) return NULL;
    Class *ac = ld_array_of(t, vm_primitive[T_BYTE]);
    Object *a = ac ? heap_alloc_array(t, ac, (jint)b.len) : NULL;
    if (a) memcpy(array_data(a), b.data, b.len);
    return a;
}

/* A new array of component class `elem` and length n, as a local reference. */
static jobjectArray new_array(Thread *t, Class *elem, jint n) {
    Class *ac = ld_array_of(t, elem);
    return ac ? hnd_local(t, heap_alloc_array(t, ac, n)) : NULL;
}

/* A new Class[] holding the classes' mirrors, as a local reference. */
static jobjectArray class_array(Thread *t, Class **cs, int n) {
    jobjectArray a = new_array(t, VMC(Class), n);
    for (int i = 0; a && i < n; i++) heap_store_ref(hnd_get(a), &ARRAY_ELEMS(hnd_get(a), Object *)[i], cs[i]->mirror);
    return a;
}

/* Sets a reference field of *h to the result of an allocating expression, or fails. */
#define SET_REF(h, off, expr) \
    do { \
        Object *v_ = (expr); \
        if (!v_ && exc_pending(t)) return NULL; \
        HEAP_SET_FIELD(*(h), (off), v_); \
    } while (0)

/* ---- member classes ---- */

/* The classes of c's InnerClasses entries whose outer class is c itself, in attribute order.
 * Both ends are resolved (loading and access errors propagate); HotSpot then re-checks
 * that c's attribute declares the inner class, which the entry just read guarantees. */
JNIEXPORT jobjectArray JNICALL JVM_GetDeclaredClasses(JNIEnv *env, jclass of) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = jni_class(of);
    if (class_is_array(c) || class_is_primitive(c)) JNI_RETURN(class_array(t, NULL, 0));
    Class **members = vm_malloc(((size_t)c->ninner + 1) * sizeof *members);
    int n = 0;
    bool failed = false;
    for (uint16_t i = 0; i < c->ninner && !failed; i++) {
        InnerClassEntry *e = &c->inner[i];
        if (!e->inner_class || !e->outer_class || cp_class_name(&c->cp, e->outer_class) != c->name) continue;
        Class *outer = cp_resolve_class(t, c, e->outer_class);
        if (outer && outer != c) continue;
        Class *inner = outer ? cp_resolve_class(t, c, e->inner_class) : NULL;
        if (inner) members[n++] = inner;
        else failed = true;
    }
    jobjectArray r = failed ? NULL : class_array(t, members, n);
    vm_free(members);
    JNI_RETURN(r);
}

/* ---- method parameters ---- */

static uint16_t u2_at(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }

/* HotSpot's checks of the MethodParameters name indices: each 0 or a Utf8 entry. */
static bool parameter_names_ok(Thread *t, Method *m) {
    const ConstantPool *cp = &m->holder->cp;
    for (int i = 0; i < m->method_parameters.data[0]; i++) {
        uint16_t name = u2_at(m->method_parameters.data + 1 + 4 * i);
        if (name >= cp->count) {
            exc_throw(t, VMC_IllegalArgumentException, "Constant pool index out of bounds");
            return false;
        }
        if (name && cp->tags[name] != JVM_CONSTANT_Utf8) {
            exc_throw(t, VMC_IllegalArgumentException, "Wrong type at constant pool index");
            return false;
        }
    }
    return true;
}

/* Parameter i of the Executable in `exe`, from its MethodParameters entry. */
static Object *new_parameter(Thread *t, jobject exe, Method *m, int i) {
    const uint8_t *p = m->method_parameters.data + 1 + 4 * i;
    uint16_t name = u2_at(p);
    HandleMark hm = hnd_mark(t);
    Object **h = hnd_new(t, heap_alloc_object(t, parameter_class));
    if (!*h) return NULL;
    if (name) SET_REF(h, param_off.name, jstr_new_utf8(t, cp_utf8(&m->holder->cp, name)->str));
    OBJ_FIELD(*h, param_off.modifiers, jint) = u2_at(p + 2);
    HEAP_SET_FIELD(*h, param_off.executable, hnd_get(exe));
    OBJ_FIELD(*h, param_off.index, jint) = i;
    Object *o = *h;
    hnd_release(t, hm);
    return o;
}

/* Parameter[] from the MethodParameters attribute; null when the method has none. */
JNIEXPORT jobjectArray JNICALL JVM_GetMethodParameters(JNIEnv *env, jobject method) {
    JNI_ENTER(env);
    Method *m = reflect_method_of(hnd_get(method));
    if (!m->method_parameters.data || !parameter_names_ok(t, m)) JNI_RETURN(NULL);
    if (!boot_class(t, &parameter_class, "java/lang/reflect/Parameter", param_offsets)) JNI_RETURN(NULL);
    int n = m->method_parameters.data[0];
    jobjectArray arr = new_array(t, parameter_class, n);
    for (int i = 0; arr && i < n; i++) {
        Object *p = new_parameter(t, method, m, i);
        if (!p) arr = NULL;
        else heap_store_ref(hnd_get(arr), &ARRAY_ELEMS(hnd_get(arr), Object *)[i], p);
    }
    JNI_RETURN(arr);
}

/* ---- record components ---- */

/* The class a field descriptor names, loaded through holder's loader. */
static Class *descriptor_class(Thread *t, Class *holder, Symbol *desc) {
    const char *s = desc->str;
    if (*s != 'L' && *s != '[') return vm_primitive[bt_from_char(*s)];
    Symbol *name = *s == 'L' ? sym_intern(s + 1, desc->len - 2) : desc;
    return ld_load(t, name, holder->loader ? &holder->loader : NULL, false);
}

/* The component's accessor: an instance method of c itself named like the component,
 * taking nothing and returning the component's type; NULL if there is none. */
static Method *record_accessor(Class *c, RecordComponent *rc) {
    char *sig = vm_malloc(rc->desc->len + 3);
    memcpy(sig, "()", 2);
    memcpy(sig + 2, rc->desc->str, rc->desc->len + 1);
    Symbol *desc = sym_lookup(sig, rc->desc->len + 2);
    vm_free(sig);
    Method *m = desc ? class_find_declared_method(c, rc->name, desc) : NULL;
    return m && !method_is_static(m) ? m : NULL;
}

static Object *new_record_component(Thread *t, Class *c, RecordComponent *rc) {
    HandleMark hm = hnd_mark(t);
    Object **h = hnd_new(t, heap_alloc_object(t, record_component_class));
    if (!*h) return NULL;
    HEAP_SET_FIELD(*h, rc_off.clazz, c->mirror);
    SET_REF(h, rc_off.name, jstr_intern_sym(t, rc->name));
    Class *type = descriptor_class(t, c, rc->desc);
    if (!type) return NULL;
    HEAP_SET_FIELD(*h, rc_off.type, type->mirror);
    Method *accessor = record_accessor(c, rc);
    if (accessor) SET_REF(h, rc_off.accessor, reflect_method_object(t, accessor));
    if (rc->signature) SET_REF(h, rc_off.signature, jstr_intern_sym(t, rc->signature));
    SET_REF(h, rc_off.annotations, bytes_of(t, rc->annotations));
    SET_REF(h, rc_off.type_annotations, bytes_of(t, rc->type_annotations));
    Object *o = *h;
    hnd_release(t, hm);
    return o;
}

/* RecordComponent[] from the Record attribute, which HotSpot keeps only for direct
 * subclasses of java.lang.Record; null without one (whether the class is a record is
 * Class.isRecord's business). */
JNIEXPORT jobjectArray JNICALL JVM_GetRecordComponents(JNIEnv *env, jclass of) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Class *c = jni_class(of);
    if (!(c->flags & CF_HAS_RECORD_ATTR) || !c->super_name || !sym_eq_cstr(c->super_name, "java/lang/Record"))
        JNI_RETURN(NULL);
    if (!boot_class(t, &record_component_class, "java/lang/reflect/RecordComponent", rc_offsets)) JNI_RETURN(NULL);
    jobjectArray arr = new_array(t, record_component_class, c->nrecord);
    for (uint16_t i = 0; arr && i < c->nrecord; i++) {
        Object *rc = new_record_component(t, c, &c->record[i]);
        if (!rc) arr = NULL;
        else heap_store_ref(hnd_get(arr), &ARRAY_ELEMS(hnd_get(arr), Object *)[i], rc);
    }
    JNI_RETURN(arr);
}

/* ---- type annotations ---- */

JNIEXPORT jbyteArray JNICALL JVM_GetMethodTypeAnnotations(JNIEnv *env, jobject method) {
    JNI_ENTER(env);
    Method *m = reflect_method_of(hnd_get(method));
    JNI_RETURN(hnd_local(t, bytes_of(t, m->type_annotations)));
}

JNIEXPORT jbyteArray JNICALL JVM_GetFieldTypeAnnotations(JNIEnv *env, jobject field) {
    JNI_ENTER(env);
    Field *f = reflect_field_of(hnd_get(field));
    JNI_RETURN(hnd_local(t, bytes_of(t, f->type_annotations)));
}

/* ---- assertions ---- */

/* Sets the names and flags lists of *asd (fields names_off, enabled_off) to the class
 * (package false) or package switches, in command-line order, names in external form. */
static bool directive_lists(Thread *t, Object **asd, bool package, uint32_t names_off, uint32_t enabled_off) {
    jint n = 0;
    for (int i = 0; i < vm_opts.nassertion_dirs; i++) n += vm_opts.assertion_dirs[i].package == package;
    jobjectArray names = new_array(t, VMC(String), n), enabled = new_array(t, vm_primitive[T_BOOLEAN], n);
    if (!names || !enabled) return false;
    jint k = 0;
    for (int i = 0; i < vm_opts.nassertion_dirs; i++) {
        const AssertionDirective *d = &vm_opts.assertion_dirs[i];
        if (d->package != package) continue;
        char *ext = vm_strdup(d->name);
        for (char *p = ext; *p; p++)
            if (*p == '/') *p = '.';
        Object *s = jstr_new_utf8(t, ext);
        vm_free(ext);
        if (!s) return false;
        heap_store_ref(hnd_get(names), &ARRAY_ELEMS(hnd_get(names), Object *)[k], s);
        ARRAY_ELEMS(hnd_get(enabled), jboolean)[k++] = d->enabled;
    }
    HEAP_SET_FIELD(*asd, names_off, hnd_get(names));
    HEAP_SET_FIELD(*asd, enabled_off, hnd_get(enabled));
    return true;
}

/* The -ea/-da switches for ClassLoader's assertion maps (which put them in array order,
 * so the last switch for a name wins there too). */
JNIEXPORT jobject JNICALL JVM_AssertionStatusDirectives(JNIEnv *env, jclass unused) {
    UNUSED(unused);
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    if (!boot_class(t, &asd_class, "java/lang/AssertionStatusDirectives", asd_offsets)) JNI_RETURN(NULL);
    Object **asd = hnd_new(t, heap_alloc_object(t, asd_class));
    if (!*asd || !directive_lists(t, asd, false, asd_off.classes, asd_off.class_enabled) ||
        !directive_lists(t, asd, true, asd_off.packages, asd_off.package_enabled))
        JNI_RETURN(NULL);
    OBJ_FIELD(*asd, asd_off.deflt, jboolean) = vm_opts.assertions > 0;
    JNI_RETURN((jobject)asd);
}

/* ---- the stack ---- */

static bool is_boot_class(const Class *c, const char *name) { return !c->loader && sym_eq_cstr(c->name, name); }

/* Whether c is a subclass of the boot class `name` (false if that class is not loaded:
 * then no class can extend it). */
static bool extends_boot_class(Class *c, const char *name) {
    Symbol *s = sym_lookup(name, strlen(name));
    Class *k = s ? ld_find(ld_boot, s) : NULL;
    return k && class_is_subclass(c, k);
}

/* HotSpot's Method::is_ignored_by_security_stack_walk: Method.invoke, the accessors it
 * runs through, and method-handle intrinsics. */
static bool ignored_by_security_walk(Method *m) {
    if (is_boot_class(m->holder, "java/lang/reflect/Method") && m->name == sym_invoke) return true;
    return extends_boot_class(m->holder, "jdk/internal/reflect/MethodAccessorImpl") || (m->flags & MF_INTRINSIC);
}

/* SecurityManager.getClassContext: the holders of the methods on the stack, innermost
 * first, without native methods and reflection frames. */
JNIEXPORT jobjectArray JNICALL JVM_GetClassContext(JNIEnv *env) {
    JNI_ENTER(env);
    JVMTI_VM_ALLOCATIONS(t);
    Method *top = t->top ? t->top->method : NULL;
    if (!top || !is_boot_class(top->holder, "java/lang/SecurityManager") || !sym_eq_cstr(top->name, "getClassContext") ||
        !sym_eq_cstr(top->desc, "()[Ljava/lang/Class;")) {
        exc_throw(t, VMC_InternalError, "JVM_GetClassContext must only be called from SecurityManager.getClassContext");
        JNI_RETURN(NULL);
    }
    int n = 0;
    for (Frame *f = t->top; f; f = f->prev) n++;
    Class **holders = vm_malloc(((size_t)n + 1) * sizeof *holders);
    n = 0;
    for (Frame *f = t->top; f; f = f->prev)
        if (!method_is_native(f->method) && !ignored_by_security_walk(f->method)) holders[n++] = f->method->holder;
    jobjectArray r = class_array(t, holders, n);
    vm_free(holders);
    JNI_RETURN(r);
}

/* jdk.internal.misc.VM.latestUserDefinedLoader: the loader of the innermost method on the
 * stack whose class was defined by neither the boot nor the platform loader, reflection's
 * accessor classes aside; null if there is none. */
JNIEXPORT jobject JNICALL JVM_LatestUserDefinedLoader(JNIEnv *env) {
    JNI_ENTER(env);
    for (Frame *f = t->top; f; f = f->prev) {
        Class *c = f->method->holder;
        if (ld_is_system_loader(c->loader)) continue;
        if (extends_boot_class(c, "jdk/internal/reflect/MethodAccessorImpl") ||
            extends_boot_class(c, "jdk/internal/reflect/ConstructorAccessorImpl"))
            continue;
        JNI_RETURN(hnd_local(t, c->loader));
    }
    JNI_RETURN(NULL);
}

/* StackFrameInfo.toStackTraceElement: the element for the frame a StackWalker reported,
 * whose MemberName names the method and whose bci the walk recorded. */
JNIEXPORT void JNICALL JVM_InitStackTraceElement(JNIEnv *env, jobject element, jobject frame_info) {
    JNI_ENTER(env);
    static uint32_t member_off, bci_off;
    if (!mhn_init_offsets(t)) JNI_RETURN_VOID();
    Object *info = hnd_get(frame_info);
    if (!info || !hnd_get(element)) {
        exc_npe(t);
        JNI_RETURN_VOID();
    }
    if (!__atomic_load_n(&member_off, __ATOMIC_ACQUIRE)) {
        bci_off = field_off(info->klass, "bci", "I");
        __atomic_store_n(&member_off, field_off(info->klass, "memberName", "Ljava/lang/Object;"), __ATOMIC_RELEASE);
    }
    Object *mn = OBJ_FIELD(info, member_off, Object *);
    Method *m = mn ? mhn_method_of(mn) : NULL;
    if (!m) {
        exc_npe(t);
        JNI_RETURN_VOID();
    }
    exc_fill_element(t, hnd_new(t, hnd_get(element)), m, OBJ_FIELD(info, bci_off, jint));
    JNI_RETURN_VOID();
}
