# Enhanced class redefinition (-XX:+AllowEnhancedClassRedefinition, Loupe only: HotSpot
# rejects the option, so for those runs the HotSpot side prints what Loupe must print).
# Through Instrumentation.redefineClasses, class Point gains an instance field, a static
# field and two methods and loses two methods while instances of it and of its subclass
# Point3 are alive: the program goes on with the new code and the old field values (the
# subclass's own fields too), the frame of a deleted method that was running finishes with
# the old code and reads a field at its new place, calling a deleted method throws
# NoSuchMethodError, an interface gains a default method, and identity, identity hash,
# monitors (a thread waits on one meanwhile), arrays, maps and weak references
# still hold the same objects, across collections, for 200000 instances too (more than a
# nursery or a reference-count period holds); then the first version comes back (fields
# and methods deleted, the deleted ones added again).  Under every collector, with the heap
# event checker (-XX:+LoupeCheckGCEvents: each reshaped object's move reported, its old
# place's filler never freed as an object).  Without the option both VMs refuse the change
# with the same errors.
set -eu
J=$JDK/bin/java
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HS=$("$ROOT/tools/find_jdk.sh")
. "$(dirname "$0")/../lib/tool.sh"
own_collector
# 200000 instances outgrow a nursery and a reference-count period; under GC stress (a
# collection every few allocations) fewer, so that the test ends in reasonable time
many=200000 churn=20000
case "$LOUPE_OPTIONS" in *GCStressInterval*) many=20000 churn=2000 ;; esac
loupe=false
"$J" -XX:+AllowEnhancedClassRedefinition -version >/dev/null 2>&1 && loupe=true
mkdir -p src v1 v2 agent
cat >agent/Agent.java <<'J'
import java.lang.instrument.Instrumentation;

public class Agent {
    public static Instrumentation inst;

    public static void premain(String args, Instrumentation i) { inst = i; }
}
J
printf 'Premain-Class: Agent\nCan-Redefine-Classes: true\n' >manifest.txt
cat >src/Point.java <<'J'
public class Point implements Named {
    static int created;
    int x;
    String name;
    long big;

    Point(int x, String name) {
        this.x = x;
        this.name = name;
        this.big = 1L << 40 | x;
        created++;
    }

    public String show() { return name + "@" + x + " big=" + big; }

    public String name() { return name; }

    public int gone() { return 1; }

    /* deleted by the new version while this frame runs r */
    public int loop(Runnable r) {
        int before = x;
        r.run();
        return before * 1000 + x;
    }
}
J
cat >src/Point3.java <<'J'
public class Point3 extends Point {
    int z;
    String label;

    Point3(int x, String name, int z, String label) {
        super(x, name);
        this.z = z;
        this.label = label;
    }

    public String show3() { return show() + " z=" + z + " label=" + label; }
}
J
cat >src/Named.java <<'J'
public interface Named {
    String name();
}
J
cat >src/Main.java <<'J'
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.IdentityHashMap;

public class Main {
    static class Redefine implements Runnable {
        final String dir;

        Redefine(String dir) { this.dir = dir; }

        public void run() {
            try {
                byte[] b = Files.readAllBytes(Paths.get(dir + "/Point.class"));
                byte[] n = Files.readAllBytes(Paths.get(dir + "/Named.class"));
                Agent.inst.redefineClasses(new java.lang.instrument.ClassDefinition(Point.class, b),
                    new java.lang.instrument.ClassDefinition(Named.class, n));
                System.out.println("redefined");
            } catch (Exception e) {
                System.out.println("refused: " + e);
            }
        }
    }

    static class Waiter extends Thread {
        final Point q;

        Waiter(Point q) { this.q = q; }

        public void run() {
            synchronized (q) {
                while (q.x != 0) {
                    try {
                        q.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
            System.out.println("waiter woke");
        }
    }

    static String garbage;
    static int churned;

    static void churn(int n) {
        for (int i = 0; i < n; i++) garbage = "g" + i + new Point(i, "tmp").x;
        churned += n;
        System.gc();
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]), c = Integer.parseInt(args[1]);
        Point[] many = new Point[n];
        for (int i = 0; i < many.length; i++) many[i] = new Point(i, null);
        Point p = new Point(7, "p");
        Point3 q = new Point3(9, "q", 11, "L");
        Point[] all = { p, q };
        IdentityHashMap<Point, String> map = new IdentityHashMap<>();
        map.put(p, "mapped");
        WeakReference<Point> weak = new WeakReference<>(q);
        int hash = System.identityHashCode(p);
        Thread waiter = new Waiter(q);
        waiter.start();
        while (waiter.getState() != Thread.State.WAITING) Thread.sleep(1);
        System.out.println("before: " + p.show() + " | " + q.show3() + " gone " + p.gone());
        int r;
        synchronized (q) {
            r = p.loop(new Redefine("v2"));
        }
        System.out.println("old frame: " + r);
        synchronized (q) {
            q.x = 0;
            q.notifyAll();
        }
        waiter.join();
        q.x = 9;
        System.out.println("after: " + p.show() + " | " + q.show3());
        churn(c);
        System.out.println("after gc: " + p.show() + " | " + q.show3());
        try {
            System.out.println("gone " + p.gone());
        } catch (NoSuchMethodError e) {
            System.out.println(e);
        }
        try {
            System.out.println("describe: " + Point.class.getMethod("describe").invoke(q));
        } catch (NoSuchMethodException e) {
            System.out.println(e);
        }
        System.out.println("same: " + (all[0] == p) + " " + (all[1] == q) + " " + map.get(p) + " " + (weak.get() == q)
            + " " + (System.identityHashCode(p) == hash));
        Point fresh = new Point3(5, "fresh", 6, "F");
        churn(c);
        System.out.println("fresh: " + ((Point3) fresh).show3() + " | " + p.show());
        new Redefine("v1").run();
        churn(c);
        System.out.println("back: " + ((Point3) fresh).show3() + " | " + p.show() + " | " + q.show3() + " gone " + q.gone());
        long sum = 0, expect = 0;
        for (Point m : many) sum += m.x + m.big;
        for (int i = 0; i < n; i++) expect += i + (1L << 40 | i);
        System.out.println("many: " + (sum == expect ? "kept" : sum + " instead of " + expect));
    }
}
J
# the new version: fields tag, visits and note added, extra and describe added, gone and loop
# deleted, and Named gains a default method; then back to the first (those fields and methods deleted, gone and loop added)
cat >v2/Point.java <<'J'
public class Point implements Named {
    static int created;
    static String note;
    String tag;
    int x;
    int visits;
    String name;
    long big;

    Point(int x, String name) {
        this.x = x;
        this.name = name;
        this.big = 1L << 40 | x;
        this.tag = "t" + x;
        created++;
    }

    public String show() {
        visits++;
        return name + "@" + x + " big=" + big + " tag=" + tag + " visits=" + visits + " " + extra() + " note=" + note;
    }

    private String extra() { return "extra"; }

    public String describe() { return "new method of " + name + ", created " + (created - Main.churned) + ", " + greet(); }

    public String name() { return name; }
}
J
"$HS/bin/javac" -XDstringConcat=inline -d agent agent/Agent.java
"$HS/bin/jar" cfm agent.jar manifest.txt -C agent Agent.class
"$HS/bin/javac" -XDstringConcat=inline -cp agent -d v1 src/*.java
cat >v2/Named.java <<'J'
public interface Named {
    String name();

    default String greet() { return "hello " + name(); }
}
J
"$HS/bin/javac" -XDstringConcat=inline -cp v1 -d v2 v2/Point.java v2/Named.java
echo "== without the option"
"$J" -javaagent:agent.jar -cp v1:agent Main 10 10 2>&1 | head -n 5
expected() {
  cat <<'E'
before: p@7 big=1099511627783 | q@9 big=1099511627785 z=11 label=L gone 1
redefined
old frame: 7007
waiter woke
after: p@7 big=1099511627783 tag=null visits=1 extra note=null | q@9 big=1099511627785 tag=null visits=1 extra note=null z=11 label=L
after gc: p@7 big=1099511627783 tag=null visits=2 extra note=null | q@9 big=1099511627785 tag=null visits=2 extra note=null z=11 label=L
java.lang.NoSuchMethodError: 'int Point.gone()'
describe: new method of q, created N+2, hello q
same: true true mapped true true
fresh: fresh@5 big=1099511627781 tag=t5 visits=1 extra note=null z=6 label=F | p@7 big=1099511627783 tag=null visits=3 extra note=null
redefined
back: fresh@5 big=1099511627781 z=6 label=F | p@7 big=1099511627783 | q@9 big=1099511627785 z=11 label=L gone 1
many: kept
E
}
for gc in semispace marksweep markcompact generational refcount; do
  echo "== -XX:+AllowEnhancedClassRedefinition, $gc"
  if $loupe; then
    "$J" -XX:+AllowEnhancedClassRedefinition -XX:LoupeGC=$gc -XX:+LoupeCheckGCEvents -javaagent:agent.jar -cp v1:agent Main $many $churn 2>&1 |
      sed "s/created $((many + 2)),/created N+2,/"
  else
    expected
  fi
done
