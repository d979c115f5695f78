# The monitor events on a program that contends for a Java monitor three times (the
# holder waits until the other thread is BLOCKED, so each exit is contended) and waits
# once: contended enter, entered and exit, wait and waited; a raw monitor contended
# between two agent threads (the holder lets go once the contender's contended-enter event
# came): exactly one contended enter, entered and exit; method entry2 (with and without an
# object) and class load hook events.  Under the default collector and mark-sweep.
. "$ROOT/tests/jvmpi/lib/jvmpi.bash"
agent
cat >Contend.java <<'JAVA'
public class Contend {
    static final Object L = new Object(), W = new Object();
    static int count;
    int value = 1;
    int get() { return value; }

    public static void main(String[] args) throws Exception {
        for (int round = 0; round < 3; round++) {
            Thread t;
            synchronized (L) {
                t = new Thread(() -> { synchronized (L) { count++; } });
                t.start();
                while (t.getState() != Thread.State.BLOCKED) Thread.sleep(1);
            }
            t.join();
        }
        synchronized (W) { W.wait(5); }
        System.out.println(count + " " + new Contend().get());
    }
}
JAVA
"$JAVA_HOME/bin/javac" -d . Contend.java || exit 1
checks=("${CHECKS_BASE[@]}" "monitor contended enter, entered and exit events" "monitor wait and waited events"
  "raw monitor contended enter, entered and exit events" "method entry2 events" "class load hook events")
for gc in semispace marksweep; do
  run events-$gc monitor,contend -- -XX:LoupeGC=$gc -Djava.class.path=. Contend
  expect events-$gc "${checks[@]}"
  grep -qx '3 1' events-$gc.out || { echo "FAIL events-$gc: the program's output"; fail=1; }
done
exit $fail
