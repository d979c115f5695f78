# A VM started with SIGQUIT and SIGTERM blocked, as a Java program's ProcessBuilder starts
# one (HotSpot's threads block SIGQUIT; jtreg starts every test so): the attach API still
# reaches it (a self-attach, which waits for the VM to answer SIGQUIT by opening its
# socket), kill -3 still prints a thread dump and kill -TERM still runs the shutdown hooks
# (exit 143).  Before the Signal Dispatcher unblocked them, the attach timed out after 10 s.
set -u
J=$JDK/bin
H=${JAVA_HOME:-$JDK}/bin
mkdir -p classes
cat >blocked.c <<'C'
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGQUIT);
    sigaddset(&set, SIGTERM);
    sigprocmask(SIG_BLOCK, &set, NULL);
    if (argc < 2) return 2;
    execv(argv[1], argv + 1);
    perror("execv");
    return 127;
}
C
gcc -O1 -o blocked blocked.c
cat >SelfAttach.java <<'J'
import com.sun.tools.attach.VirtualMachine;

public class SelfAttach {
    public static void main(String[] args) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
        System.out.println("attached; java.specification.version=" + vm.getSystemProperties().getProperty("java.specification.version"));
        vm.detach();
    }
}
J
cat >Hooked.java <<'J'
public class Hooked {
    public static void main(String[] args) throws Exception {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("hook ran")));
        System.out.println("ready");
        Thread.sleep(60_000);
        System.out.println("not stopped");
    }
}
J
"$H/javac" -d classes SelfAttach.java Hooked.java
./blocked "$J/java" -Djdk.attach.allowAttachSelf=true -cp classes SelfAttach
echo "self-attach exit $?"
./blocked "$J/java" -cp classes Hooked >hooked.out 2>&1 &
pid=$!
for i in $(seq 100); do grep -q ready hooked.out && break; sleep 0.1; done
kill -QUIT $pid
for i in $(seq 100); do grep -q '^Full thread dump' hooked.out && break; sleep 0.1; done
grep -q '^Full thread dump' hooked.out && echo "kill -3: a thread dump" || echo "kill -3: no thread dump"
kill -TERM $pid
wait $pid
echo "kill -TERM: exit $?"
grep -E '^(ready|hook ran|not stopped)$' hooked.out
