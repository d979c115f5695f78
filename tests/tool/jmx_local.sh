# The local JMX agent started through the attach mechanism, as jconsole and VisualVM ask a
# running VM for it: jcmd's ManagementAgent.status, start_local and stop (Loupe answered
# "Unknown diagnostic command"), and the JDK's own test of the same path from inside the
# VM, where the agent's module is loaded into a layer of its own (test/jdk's
# java/lang/Class/GetPackageBootLoaderChildLayer, written again here).  The target goes on
# and ends normally.
# normalize: s/^[0-9][0-9]*:$/PID:/
set -u
J=$JDK/bin
marker=$PWD/attach.done
rm -f "$marker"
: >target.out
"$J/java" -cp "$CLASSES" AttachTarget "$marker" >target.out 2>&1 &
pid=$!
for _ in $(seq 1200); do grep -q ready target.out && break; sleep 0.1; done
echo "== jcmd PID help ManagementAgent.start_local"
"$J/jcmd" "$pid" help ManagementAgent.start_local
echo "== jcmd PID ManagementAgent.status (before)"
"$J/jcmd" "$pid" ManagementAgent.status
echo "== jcmd PID ManagementAgent.start_local"
"$J/jcmd" "$pid" ManagementAgent.start_local
echo "exit $?"
echo "== jcmd PID ManagementAgent.status (after: its first lines)"
"$J/jcmd" "$pid" ManagementAgent.status | sed -n '2,5p'
echo "== jcmd PID ManagementAgent.stop"
"$J/jcmd" "$pid" ManagementAgent.stop
echo "exit $?"
touch "$marker"
wait "$pid"
echo "target exit $?"
cat target.out
echo "== the agent from inside, its module in a child layer"
mkdir -p cls
cat >ChildLayerAgent.java <<'J'
import com.sun.tools.attach.VirtualMachine;

public class ChildLayerAgent {
    public static void main(String[] args) throws Exception {
        System.out.println("java.management in the boot layer: " + ModuleLayer.boot().findModule("java.management").isPresent());
        VirtualMachine vm = VirtualMachine.attach("" + ProcessHandle.current().pid());
        vm.startLocalManagementAgent();
        Class<?> c = Class.forName("javax.management.MXBean");
        System.out.println("in the boot layer: " + (c.getModule().getLayer() == ModuleLayer.boot())
                           + ", loader " + c.getClassLoader() + ", package " + c.getPackage().getName());
        vm.detach();
    }
}
J
"$J/javac" -d cls ChildLayerAgent.java
"$J/java" --limit-modules jdk.attach -Djdk.attach.allowAttachSelf -cp cls ChildLayerAgent
echo "exit $?"
