# Lifetimes across an enhanced redefinition (-XX:+AllowEnhancedClassRedefinition, Loupe
# only): 5000 Cell objects are kept while Cell gains a field, which gives each of them a
# new place and layout (heap/reshape.c: the old place becomes a filler, the object is
# made again in a reserved room); then 60000 more die young over three collections.  The
# exact mode must follow the kept ones as the same objects, with their ages: 65000 born,
# 60000 died at age 0, 5000 alive at the end, the survival curve 65000 5000 5000 5000 2500
# (half of them were kept before a first collection), under each collector.
# (Before the runs of births, the old places' entries were lost with the fillers and the
# 5000 counted neither dead nor alive.  Before the reshape's move events, those born before
# a collection in the first loop were lost so, and their copies counted born again.)
. "$ROOT/tests/prof/lib/prof.bash"
LOUPE_OPTIONS=$(echo "${LOUPE_OPTIONS:-}" | sed 's/-XX:LoupeGC=[^ ]*//')
on_loupe
[[ "${LOUPE_OPTIONS:-}" == *GCStress* ]] && { echo "SKIP: the curve depends on where stress collections fall"; exit 0; }
mkdir -p v1 v2 agent
cat >agent/Agent.java <<'J'
import java.lang.instrument.Instrumentation;

public class Agent {
    public static Instrumentation inst;

    public static void premain(String args, Instrumentation i) { inst = i; }
}
J
cat >v1/Cell.java <<'J'
public class Cell {
    int v;

    Cell(int v) { this.v = v; }

    int value() { return v; }
}
J
cat >v2/Cell.java <<'J'
public class Cell {
    int v;
    long extra = 7;

    Cell(int v) { this.v = v; }

    int value() { return v + (int) extra; }
}
J
cat >Reshape.java <<'J'
import java.lang.instrument.ClassDefinition;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

public class Reshape {
    public static void main(String[] args) throws Exception {
        List<Cell> kept = new ArrayList<>();
        for (int i = 0; i < 2500; i++) kept.add(new Cell(i));
        System.gc();
        for (int i = 2500; i < 5000; i++) kept.add(new Cell(i));
        Agent.inst.redefineClasses(new ClassDefinition(Cell.class, Files.readAllBytes(Paths.get(args[0]))));
        long sum = 0;
        for (int r = 0; r < 3; r++) {
            for (int i = 0; i < 20000; i++) sum += new Cell(i).value();
            System.gc();
        }
        for (Cell c : kept) sum += c.value();
        System.out.println("sum " + sum);
    }
}
J
"$JAVA_HOME/bin/javac" -d agent agent/Agent.java
printf 'Premain-Class: Agent\nCan-Redefine-Classes: true\n' >manifest.txt
"$JAVA_HOME/bin/jar" cfm agent.jar manifest.txt -C agent .
"$JAVA_HOME/bin/javac" -d classes v1/Cell.java
"$JAVA_HOME/bin/javac" -cp classes:agent -d classes Reshape.java
"$JAVA_HOME/bin/javac" -d new v2/Cell.java
for gc in semispace marksweep markcompact generational refcount; do
  "$LP" run -o $gc.lprof -e alloc,live --alloc exact -- "$PROF_JAVA" -XX:LoupeGC=$gc -XX:+AllowEnhancedClassRedefinition \
    -javaagent:agent.jar -cp classes Reshape new/Cell.class >$gc.out 2>$gc.err
  grep -q '^sum 612887500$' $gc.out || { cat $gc.err; fail "$gc: the program did not finish"; }
  "$LP" convert $gc.lprof -o $gc.summary
  row=$(grep -E '^ +[0-9]+ +[0-9]+ +[0-9]+  Cell:' $gc.summary) || { cat $gc.summary; fail "$gc: no lifetimes of Cell"; }
  curve=$(grep -E '^  class Cell:' $gc.summary)
  echo "$gc: $row / $curve"
  [ "$(echo "$row" | awk '{ print $1, $2, $3, $5 }')" = "65000 60000 5000 0:60000" ] ||
    fail "$gc: expected 65000 objects, 60000 died at age 0, 5000 alive"
  # the half kept before the first collection is a collection older: a fifth point of
  # 2500 (more when a collection of the reference counter's own falls in the second half)
  case "$curve" in
    '  class Cell: 65000 5000 5000 5000 '*) ;;
    *) fail "$gc: expected the survival curve 65000 5000 5000 5000 2500" ;;
  esac
  echo "$curve" | awk '$7 < 2500 || $7 > 5000 { exit 1 } { for (i = 8; i <= NF; i++) if ($i > $(i - 1)) exit 1 }' ||
    fail "$gc: expected the 2500 objects kept before the first collection a collection older"
done
