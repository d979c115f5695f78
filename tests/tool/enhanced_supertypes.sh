# Enhanced class redefinition that changes supertypes (-XX:+AllowEnhancedClassRedefinition,
# Loupe only: HotSpot rejects the option, so for those runs the HotSpot side prints what
# Loupe must print).  Through Instrumentation.redefineClasses, class Shape moves from
# superclass A to superclass B and gains interface Sized while instances of it and of its
# subclass Kid are alive: B's inherited methods and fields work on them (a call compiled
# against Shape's inherited who() and Kid's super.who() reach B's now), the fields kept by
# name and descriptor keep their values (Shape's and Kid's own, and `shared`, declared by A
# before and by B now), A's `a` is gone, instanceof, checkcast, isAssignableFrom,
# getSuperclass and getInterfaces (and JVMTI's GetImplementedInterfaces and
# GetClassSignature, JNI's GetSuperclass) answer the new hierarchy, and invokeinterface
# through Sized (a default method too) dispatches.  Class Box<T> gains and loses an
# interface alone (getGenericInterfaces too); interface Tagged gains and loses a
# superinterface with a default method (its implementor Pet is a Greets meanwhile); then
# Shape goes back (A's field new, zero; B's gone).  Refused while a static field, an
# instance field or an array element declared A holds one of the instances that stop being
# As (or a Sized[] a Box that stops being Sized), accepted once none does.  Refused too:
# Shape as its own superclass or as a subclass of Kid (ClassCircularityError), and, as the
# definition of such a class would fail, a final superclass, an interface as superclass, a
# class as interface (VerifyError) and a missing superclass (NoClassDefFoundError).  Under
# every collector, many instances across collections.  B and Sized (default method) are
# initialised when the initialised Shape first takes them, as Shape's initialisation would.  Without the option both VMs refuse
# every change with the same errors.
set -eu
J=$JDK/bin/java
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HS=$("$ROOT/tools/find_jdk.sh")
. "$(dirname "$0")/../lib/tool.sh"
own_collector
many=50000 churn=20000
case "$LOUPE_OPTIONS" in *GCStressInterval*) many=1000 churn=200 ;; esac
loupe=false
"$J" -XX:+AllowEnhancedClassRedefinition -version >/dev/null 2>&1 && loupe=true
mkdir -p src v1 v2 stub bad agent
cat >agent/Agent.java <<'J'
import java.lang.instrument.Instrumentation;

public class Agent {
    public static Instrumentation inst;

    public static void premain(String args, Instrumentation i) { inst = i; }
}
J
printf 'Premain-Class: Agent\nCan-Redefine-Classes: true\n' >manifest.txt
# what a tool sees: JVMTI's GetClassSignature and GetImplementedInterfaces, JNI's
# GetSuperclass, from a library the program loads (an environment got in the live phase)
cat >view.c <<'C'
#include <jni.h>
#include <jvmti.h>
#include <stdio.h>

static jvmtiEnv *ti;

static size_t put_sig(char *buf, size_t n, size_t at, jclass k) {
    char *sig = NULL;
    if (!k) return at + (size_t)snprintf(buf + at, n - at, " -");
    if ((*ti)->GetClassSignature(ti, k, &sig, NULL) != JVMTI_ERROR_NONE) return at + (size_t)snprintf(buf + at, n - at, " ?");
    at += (size_t)snprintf(buf + at, n - at, " %s", sig);
    (*ti)->Deallocate(ti, (unsigned char *)sig);
    return at;
}

JNIEXPORT jstring JNICALL Java_Main_toolView(JNIEnv *env, jclass main, jclass k) {
    char buf[1024];
    size_t at = 0;
    jint count = 0;
    jclass *ifs = NULL;
    JavaVM *vm;
    (void)main;
    (*env)->GetJavaVM(env, &vm);
    if (!ti && (*vm)->GetEnv(vm, (void **)&ti, JVMTI_VERSION_1_2) != JNI_OK) return (*env)->NewStringUTF(env, "no JVMTI");
    at = put_sig(buf, sizeof buf - 64, at, k);
    at += (size_t)snprintf(buf + at, sizeof buf - at, " super");
    at = put_sig(buf, sizeof buf - 64, at, (*env)->GetSuperclass(env, k));
    if ((*ti)->GetImplementedInterfaces(ti, k, &count, &ifs) != JVMTI_ERROR_NONE) return (*env)->NewStringUTF(env, "failed");
    at += (size_t)snprintf(buf + at, sizeof buf - at, " interfaces %d", (int)count);
    for (jint i = 0; i < count; i++) at = put_sig(buf, sizeof buf - 64, at, ifs[i]);
    (*ti)->Deallocate(ti, (unsigned char *)ifs);
    return (*env)->NewStringUTF(env, buf);
}
C
gcc -shared -fPIC -O1 -I"$HS/include" -I"$HS/include/linux" -o libview.so view.c
cat >src/A.java <<'J'
public class A {
    int a;
    String shared;

    A() { a = 1; }

    public String who() { return "A.who a=" + a + " shared=" + shared; }
}
J
cat >src/B.java <<'J'
public class B {
    static {
        System.out.println("B initialised");
    }

    String shared;
    long b;

    public String who() { return "B.who b=" + b + " shared=" + shared; }

    public String onlyB() { return "onlyB b=" + b; }
}
J
cat >src/Sized.java <<'J'
public interface Sized {
    Object INIT = Main.say("Sized initialised");

    int size();

    default String sizeText() { return "size " + size(); }
}
J
cat >src/Fin.java <<'J'
public final class Fin {
}
J
cat >src/Ifc.java <<'J'
public interface Ifc {
}
J
cat >src/Shape.java <<'J'
public class Shape extends A {
    int w;

    Shape(int w) {
        this.w = w;
        shared = "s" + w;
    }

    public int size() { return w * 10; }

    public String show() { return "Shape w=" + w + " " + who(); }
}
J
cat >src/Kid.java <<'J'
public class Kid extends Shape {
    String k;

    Kid(int w, String k) {
        super(w);
        this.k = k;
    }

    public String who() { return "Kid " + k + " / " + super.who(); }
}
J
cat >src/Greets.java <<'J'
public interface Greets {
    default String greet() { return "greet from " + getClass().getName(); }
}
J
cat >src/Tagged.java <<'J'
public interface Tagged {
    default String tag() { return "tag"; }
}
J
cat >src/Pet.java <<'J'
public class Pet implements Tagged {
}
J
cat >src/Box.java <<'J'
public class Box<T> {
    int size = 3;

    public int size() { return size; }
}
J
cat >src/Main.java <<'J'
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.lang.instrument.ClassDefinition;

public class Main {
    static String garbage;
    static A kept;

    static class Holder {
        A field;
    }

    static void redefine(String what, Class<?> c, String file) {
        try {
            Agent.inst.redefineClasses(new ClassDefinition(c, Files.readAllBytes(Paths.get(file))));
            System.out.println(what + ": redefined");
        } catch (Throwable e) {
            System.out.println(what + ": " + e);
        }
    }

    static native String toolView(Class<?> c);

    static Object say(String s) {
        System.out.println(s);
        return s;
    }

    static String kinds(Object o) {
        return "A " + (o instanceof A) + " B " + (o instanceof B) + " Sized " + (o instanceof Sized);
    }

    static void show(String tag, Shape s, Kid k) {
        System.out.println(tag + ": " + s.show() + " | " + k.show() + " | who " + s.who() + " | size " + s.size());
        System.out.println("  shape " + kinds(s) + "; kid " + kinds(k) + "; super " + Shape.class.getSuperclass().getName()
            + " " + Arrays.toString(Shape.class.getInterfaces()) + "; B from Kid " + B.class.isAssignableFrom(Kid.class)
            + ", A from Kid " + A.class.isAssignableFrom(Kid.class));
        System.out.println("  tool:" + toolView(Shape.class) + ";" + toolView(Kid.class));
    }

    static void asB(Object o) {
        try {
            B b = (B) o;
            System.out.println("  as B: " + b.onlyB() + " " + b.who() + " b=" + b.b + " shared=" + b.shared);
        } catch (ClassCastException e) {
            System.out.println("  as B: ClassCastException");
        }
    }

    static void asSized(Object o) {
        try {
            Sized z = (Sized) o;
            System.out.println("  as Sized: " + z.size() + " " + z.sizeText());
        } catch (ClassCastException e) {
            System.out.println("  as Sized: ClassCastException");
        }
    }

    static void asA(Object o) {
        try {
            A a = (A) o;
            System.out.println("  as A: " + a.who() + " a=" + a.a);
        } catch (ClassCastException e) {
            System.out.println("  as A: ClassCastException");
        }
    }

    static void churn(int n) {
        for (int i = 0; i < n; i++) garbage = "g" + i + new Kid(i, "t").w;
        System.gc();
    }

    static void pet(Pet p) {
        Object o = p;
        Tagged t = p;
        System.out.println("pet: " + t.tag() + "; Greets " + (o instanceof Greets) + " " + Arrays.toString(Tagged.class.getInterfaces())
            + " " + Greets.class.isAssignableFrom(Pet.class) + ";" + toolView(Tagged.class));
        try {
            System.out.println("  as Greets: " + ((Greets) o).greet());
        } catch (ClassCastException e) {
            System.out.println("  as Greets: ClassCastException");
        }
    }

    static String check(Shape[] many) {
        long sum = 0, expect = 0;
        for (int i = 0; i < many.length; i++) {
            Shape s = many[i];
            sum += s.w + s.size();
            expect += i + i * 10;
            if (s instanceof Kid && !((Kid) s).k.equals("k" + i)) return "kid " + i + " lost its field";
        }
        return sum == expect ? "kept" : sum + " instead of " + expect;
    }

    public static void main(String[] args) throws Exception {
        System.load(Paths.get("libview.so").toAbsolutePath().toString());
        int n = Integer.parseInt(args[0]), c = Integer.parseInt(args[1]);
        Shape[] many = new Shape[n];
        for (int i = 0; i < n; i++) many[i] = i % 2 == 0 ? new Shape(i) : new Kid(i, "k" + i);
        Shape s = new Shape(4);
        Kid k = new Kid(5, "K");
        Box<String> box = new Box<>();
        System.out.println("box: " + Arrays.toString(Box.class.getGenericInterfaces()));
        show("v1", s, k);
        asB(s);
        asSized(k);
        kept = k;
        redefine("Shape extends B, a static A holding a Kid", Shape.class, "v2/Shape.class");
        kept = null;
        Holder h = new Holder();
        h.field = s;
        redefine("Shape extends B, an A field holding a Shape", Shape.class, "v2/Shape.class");
        h.field = new A();
        A[] as = { new A(), k };
        redefine("Shape extends B, an A[] holding a Kid", Shape.class, "v2/Shape.class");
        as[1] = null;
        redefine("Shape extends B implements Sized", Shape.class, "v2/Shape.class");
        show("v2", s, k);
        asB(s);
        asB(k);
        asSized(s);
        asSized(k);
        asA(k);
        churn(c);
        Shape fresh = new Kid(6, "F");
        show("v2 after gc", fresh, k);
        System.out.println("  many: " + check(many));
        redefine("Box implements Sized", Box.class, "v2/Box.class");
        System.out.println("box: " + kinds(box) + " " + Arrays.toString(Box.class.getInterfaces()) + ";" + toolView(Box.class)
            + "; generic " + Arrays.toString(Box.class.getGenericInterfaces()));
        asSized(box);
        Object boxed = box;
        Sized[] sized = { boxed instanceof Sized ? (Sized) boxed : null };
        redefine("Box back, a Sized[] holding it", Box.class, "v1/Box.class");
        sized[0] = null;
        redefine("Box back", Box.class, "v1/Box.class");
        System.out.println("box: " + kinds(box) + " " + Arrays.toString(Box.class.getInterfaces()) + "; generic "
            + Arrays.toString(Box.class.getGenericInterfaces()));
        asSized(box);
        Pet p = new Pet();
        pet(p);
        redefine("Tagged extends Greets", Tagged.class, "v2/Tagged.class");
        pet(p);
        redefine("Tagged back", Tagged.class, "v1/Tagged.class");
        pet(p);
        for (String bad : new String[] { "self", "kid", "fin", "ifc", "cls", "missing" })
            redefine("Shape bad " + bad, Shape.class, "bad/" + bad + "/Shape.class");
        redefine("Shape back", Shape.class, "v1/Shape.class");
        show("v1 again", s, k);
        asB(s);
        asA(k);
        asSized(k);
        churn(c);
        System.out.println("  many: " + check(many));
    }
}
J
cat >v2/Shape.java <<'J'
public class Shape extends B implements Sized {
    int w;

    Shape(int w) {
        this.w = w;
        shared = "s" + w;
        b = w;
    }

    public int size() { return w * 10; }

    public String show() { return "Shape w=" + w + " " + who() + " " + onlyB(); }
}
J
cat >v2/Tagged.java <<'J'
public interface Tagged extends Greets {
    default String tag() { return "tag, " + greet(); }
}
J
cat >v2/Box.java <<'J'
public class Box<T> implements Sized {
    int size = 3;

    public int size() { return size; }
}
J
# the refused versions: javac will not compile a cycle or a final or interface superclass,
# so each is compiled against a stand-in (Stub.java) and, for the cycles, the name is
# patched in the class file after (a name of the same length)
bad() {
  mkdir -p "bad/$1" "stub/$1/out"
  printf '%s\n' "$2" >"stub/$1/Shape.java"
  printf '%s\n' "$3" >"stub/$1/Stub.java"
  "$HS/bin/javac" -d "stub/$1/out" "stub/$1"/*.java
  cp "stub/$1/out/Shape.class" "bad/$1/"
  [ -z "${4:-}" ] || LC_ALL=C perl -pi -e "$4" "bad/$1/Shape.class"
}
bad self 'public class Shape extends Shapf { int w; Shape(int w) { this.w = w; } }' 'class Shapf {}' s/Shapf/Shape/g
bad kid 'public class Shape extends Kie { int w; Shape(int w) { this.w = w; } }' 'class Kie {}' s/Kie/Kid/g
bad fin 'public class Shape extends Fin { int w; Shape(int w) { this.w = w; } }' 'class Fin {}'
bad ifc 'public class Shape extends Ifc { int w; Shape(int w) { this.w = w; } }' 'class Ifc {}'
bad cls 'public class Shape extends A implements B { int w; Shape(int w) { this.w = w; } }' 'interface B {} class A {}'
bad missing 'public class Shape extends Missing { int w; Shape(int w) { this.w = w; } }' 'class Missing {}'
"$HS/bin/javac" -XDstringConcat=inline -d agent agent/Agent.java
"$HS/bin/jar" cfm agent.jar manifest.txt -C agent Agent.class
"$HS/bin/javac" -XDstringConcat=inline -cp agent -d v1 src/*.java
"$HS/bin/javac" -XDstringConcat=inline -cp v1 -d v2 v2/Shape.java v2/Box.java v2/Tagged.java
echo "== without the option"
"$J" -javaagent:agent.jar -cp v1:agent Main 10 10 2>&1
expected() {
  cat <<'E'
box: []
v1: Shape w=4 A.who a=1 shared=s4 | Shape w=5 Kid K / A.who a=1 shared=s5 | who A.who a=1 shared=s4 | size 40
  shape A true B false Sized false; kid A true B false Sized false; super A []; B from Kid false, A from Kid true
  tool: LShape; super LA; interfaces 0; LKid; super LShape; interfaces 0
  as B: ClassCastException
  as Sized: ClassCastException
B initialised
Sized initialised
Shape extends B, a static A holding a Kid: java.lang.UnsupportedOperationException: class redefinition failed: attempted to change superclass or interfaces
Shape extends B, an A field holding a Shape: java.lang.UnsupportedOperationException: class redefinition failed: attempted to change superclass or interfaces
Shape extends B, an A[] holding a Kid: java.lang.UnsupportedOperationException: class redefinition failed: attempted to change superclass or interfaces
Shape extends B implements Sized: redefined
v2: Shape w=4 B.who b=0 shared=s4 onlyB b=0 | Shape w=5 Kid K / B.who b=0 shared=s5 onlyB b=0 | who B.who b=0 shared=s4 | size 40
  shape A false B true Sized true; kid A false B true Sized true; super B [interface Sized]; B from Kid true, A from Kid false
  tool: LShape; super LB; interfaces 1 LSized;; LKid; super LShape; interfaces 0
  as B: onlyB b=0 B.who b=0 shared=s4 b=0 shared=s4
  as B: onlyB b=0 Kid K / B.who b=0 shared=s5 b=0 shared=s5
  as Sized: 40 size 40
  as Sized: 50 size 50
  as A: ClassCastException
v2 after gc: Shape w=6 Kid F / B.who b=6 shared=s6 onlyB b=6 | Shape w=5 Kid K / B.who b=0 shared=s5 onlyB b=0 | who Kid F / B.who b=6 shared=s6 | size 60
  shape A false B true Sized true; kid A false B true Sized true; super B [interface Sized]; B from Kid true, A from Kid false
  tool: LShape; super LB; interfaces 1 LSized;; LKid; super LShape; interfaces 0
  many: kept
Box implements Sized: redefined
box: A false B false Sized true [interface Sized]; LBox; super Ljava/lang/Object; interfaces 1 LSized;; generic [interface Sized]
  as Sized: 3 size 3
Box back, a Sized[] holding it: java.lang.UnsupportedOperationException: class redefinition failed: attempted to change superclass or interfaces
Box back: redefined
box: A false B false Sized false []; generic []
  as Sized: ClassCastException
pet: tag; Greets false [] false; LTagged; super - interfaces 0
  as Greets: ClassCastException
Tagged extends Greets: redefined
pet: tag, greet from Pet; Greets true [interface Greets] true; LTagged; super - interfaces 1 LGreets;
  as Greets: greet from Pet
Tagged back: redefined
pet: tag; Greets false [] false; LTagged; super - interfaces 0
  as Greets: ClassCastException
Shape bad self: java.lang.ClassCircularityError
Shape bad kid: java.lang.ClassCircularityError
Shape bad fin: java.lang.VerifyError
Shape bad ifc: java.lang.VerifyError
Shape bad cls: java.lang.VerifyError
Shape bad missing: java.lang.NoClassDefFoundError: class names don't match
Shape back: redefined
v1 again: Shape w=4 A.who a=0 shared=s4 | Shape w=5 Kid K / A.who a=0 shared=s5 | who A.who a=0 shared=s4 | size 40
  shape A true B false Sized false; kid A true B false Sized false; super A []; B from Kid false, A from Kid true
  tool: LShape; super LA; interfaces 0; LKid; super LShape; interfaces 0
  as B: ClassCastException
  as A: Kid K / A.who a=0 shared=s5 a=0
  as Sized: ClassCastException
  many: kept
E
}
for gc in semispace marksweep markcompact generational refcount; do
  echo "== -XX:+AllowEnhancedClassRedefinition, $gc"
  if $loupe; then
    "$J" -XX:+AllowEnhancedClassRedefinition -XX:LoupeGC=$gc -javaagent:agent.jar -cp v1:agent Main $many $churn 2>&1
  else
    expected
  fi
done
