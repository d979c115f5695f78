# kill -3 (SIGQUIT): the VM prints a thread dump in HotSpot's format to standard output
# and the program goes on.  Compared: the threads the program made (sleeping while holding
# a lock, blocked on that lock, waiting in Object.wait, parked on a Condition), with
# addresses, times, thread numbers and ids normalised; VM-internal threads differ by VM.
cat >Dumpee.java <<'JAVA'
import java.util.concurrent.locks.*;

public class Dumpee {
    static final Object A = new Object();

    static void waitFor(Thread t, Thread.State s) throws InterruptedException {
        while (t.getState() != s) Thread.sleep(5);
    }

    static void holdAndSleep(Thread blocked) throws Exception {
        synchronized (A) {
            blocked.start();
            waitFor(blocked, Thread.State.BLOCKED);
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(1500);
        }
    }

    public static void main(String[] args) throws Exception {
        ReentrantLock l = new ReentrantLock();
        Condition c = l.newCondition();
        Thread parker = new Thread(() -> {
            l.lock();
            try { c.await(); } catch (InterruptedException e) { } finally { l.unlock(); }
        }, "parker");
        parker.setDaemon(true);
        parker.start();
        Object w = new Object();
        Thread waiter = new Thread(() -> {
            synchronized (w) {
                try { w.wait(); } catch (InterruptedException e) { }
            }
        }, "waiter");
        waiter.setDaemon(true);
        waiter.start();
        waitFor(parker, Thread.State.WAITING);
        waitFor(waiter, Thread.State.WAITING);
        Thread blocked = new Thread(() -> { synchronized (A) { } }, "blocked");
        blocked.setDaemon(true);
        holdAndSleep(blocked);
        System.out.println("done");
    }
}
JAVA
"$JDK/bin/javac" -d . Dumpee.java || exit 1
# the file exists before the loop first reads it (the background shell creates it later);
# up to 2 minutes for the program to be ready, as a loaded machine may take
: >out.txt
"$JDK/bin/java" -cp . Dumpee >out.txt 2>err.txt &
pid=$!
for i in $(seq 1 2400); do grep -q ready out.txt && break; sleep 0.05; done
kill -QUIT $pid
wait $pid
echo "exit $?"
cat err.txt
grep -c '^Full thread dump ' out.txt
grep -E '^(ready|done)$' out.txt
# the threads of interest, each up to its blank line, normalised
awk '/^"(main|parker|waiter|blocked)" /{p=1} p{print} /^$/{p=0}' out.txt |
  sed -E -e 's/#[0-9]+ /#N /' -e 's/cpu=[0-9.]+ms elapsed=[0-9.]+s tid=0x[0-9a-f]+ nid=0x[0-9a-f]+/cpu= elapsed= tid= nid=/' \
         -e 's/\[0x[0-9a-f]+\]$/[SP]/' -e 's/<0x[0-9a-f]+>/<ADDR>/' -e 's/Lambda\$([0-9]+)\/0x[0-9a-f]+/Lambda$\1\/0xADDR/'
