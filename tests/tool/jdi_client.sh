# A JDI client of our own (com.sun.jdi, socket attach) against a debuggee on $JDK started
# with the JDK's JDWP agent (suspend=y, a free port).  The client always runs on HotSpot
# ($JAVA_HOME), so it is the debuggee that is compared.  It checks what an IDE debugger
# looks at: the class once prepared (methods in class-file order, fields, source name, line
# table), a breakpoint event with its location, stack and locals, a step over a line, a
# static method invoked in the stopped thread and a string method invoked on a mirror,
# a field set and read, and the VM's death and disconnection.
set -e
cat >JdiClient.java <<'JAVA'
import com.sun.jdi.*;
import com.sun.jdi.connect.*;
import com.sun.jdi.event.*;
import com.sun.jdi.request.*;
import java.util.*;

public class JdiClient {
    static VirtualMachine vm;

    public static void main(String[] args) throws Exception {
        AttachingConnector c = Bootstrap.virtualMachineManager().attachingConnectors().stream()
            .filter(a -> a.name().equals("com.sun.jdi.SocketAttach")).findFirst().get();
        Map<String, Connector.Argument> a = c.defaultArguments();
        a.get("hostname").setValue("127.0.0.1");
        a.get("port").setValue(args[0]);
        a.get("timeout").setValue("600000");
        vm = c.attach(a);
        System.out.println("attached, can get bytecodes: " + vm.canGetBytecodes());
        ClassPrepareRequest cpr = vm.eventRequestManager().createClassPrepareRequest();
        cpr.addClassFilter("JdbTarget");
        cpr.setSuspendPolicy(EventRequest.SUSPEND_ALL);
        cpr.enable();
        // the VM waits, suspended, with VMStart's event set: resuming that set starts it
        EventQueue q = vm.eventQueue();
        for (boolean done = false; !done; ) {
            EventSet set = q.remove();
            for (Event e : set) done |= handle(e);
            if (!done) set.resume();
        }
        System.out.println("disconnected");
    }

    static String where(Location l) {
        return l.declaringType().name() + "." + l.method().name() + " line " + l.lineNumber() + " bci " + l.codeIndex();
    }

    static boolean handle(Event e) throws Exception {
        if (e instanceof VMStartEvent) System.out.println("VMStart in " + ((VMStartEvent) e).thread().name());
        else if (e instanceof ClassPrepareEvent) prepared((ClassPrepareEvent) e);
        else if (e instanceof BreakpointEvent) breakpoint((BreakpointEvent) e);
        else if (e instanceof StepEvent) step((StepEvent) e);
        else if (e instanceof VMDeathEvent) System.out.println("VMDeath");
        else if (e instanceof VMDisconnectEvent) return true;
        return false;
    }

    static void prepared(ClassPrepareEvent e) throws Exception {
        ReferenceType t = e.referenceType();
        System.out.println("prepared " + t.name() + " in " + e.thread().name() + ", source " + t.sourceName()
                           + ", prepared " + t.isPrepared() + ", verified " + t.isVerified());
        for (Method m : t.methods())
            System.out.println("  method " + m.name() + m.signature() + " static " + m.isStatic()
                               + " lines " + (m.isAbstract() ? "-" : m.allLineLocations().stream()
                                   .map(l -> l.lineNumber() + "@" + l.codeIndex()).toList()));
        for (Field f : t.fields()) System.out.println("  field " + f.name() + " " + f.signature() + " static " + f.isStatic());
        Method square = t.methodsByName("square").get(0);
        vm.eventRequestManager().createBreakpointRequest(square.location()).enable();
        vm.eventRequestManager().createBreakpointRequest(t.locationsOfLine(32).get(0)).enable();
    }

    static void breakpoint(BreakpointEvent e) throws Exception {
        ThreadReference th = e.thread();
        System.out.println("breakpoint at " + where(e.location()) + " in " + th.name() + ", frames " + th.frameCount());
        for (StackFrame f : th.frames()) System.out.println("  frame " + where(f.location()));
        StackFrame f = th.frame(0);
        for (LocalVariable v : f.visibleVariables())
            System.out.println("  local " + v.name() + " " + v.typeName() + " arg " + v.isArgument() + " = " + f.getValue(v));
        if (e.location().method().name().equals("square")) {
            StepRequest s = vm.eventRequestManager().createStepRequest(th, StepRequest.STEP_LINE, StepRequest.STEP_OVER);
            s.addCountFilter(1);
            s.enable();
        } else {
            invoke(th, f);
        }
    }

    static void step(StepEvent e) throws Exception {
        System.out.println("step to " + where(e.location()));
        StackFrame f = e.thread().frame(0);
        System.out.println("  r = " + f.getValue(f.visibleVariableByName("r")));
        vm.eventRequestManager().deleteEventRequest(e.request());
    }

    static void invoke(ThreadReference th, StackFrame f) throws Exception {
        ObjectReference h = (ObjectReference) f.getValue(f.visibleVariableByName("h"));
        ClassType t = (ClassType) f.location().declaringType();
        Method fail = t.methodsByName("fail").get(0);
        Value v = t.invokeMethod(th, fail, List.of(vm.mirrorOf(0)), 0);
        System.out.println("  invoked fail(0) = " + v);
        try {
            t.invokeMethod(th, fail, List.of(vm.mirrorOf(3)), 0);
        } catch (InvocationException x) {
            System.out.println("  invoked fail(3): threw " + x.exception().referenceType().name());
        }
        StringReference s = vm.mirrorOf("debugger");
        Method length = s.referenceType().methodsByName("length").get(0);
        System.out.println("  invoked \"debugger\".length() = " + s.invokeMethod(th, length, List.of(), 0));
        Field value = h.referenceType().fieldByName("value");
        h.setValue(value, vm.mirrorOf(100));
        System.out.println("  h.value set to " + h.getValue(value));
        vm.eventRequestManager().deleteAllBreakpoints();
    }
}
JAVA
"$JAVA_HOME/bin/javac" -d . JdiClient.java
. "$(dirname "$0")/../lib/tool.sh"
jdwp_debuggee -cp "$CLASSES" JdbTarget
set +e
"$JAVA_HOME/bin/java" -cp . JdiClient "$port" | sed 's/(id=[0-9]*)/(id=N)/'
echo "client status ${PIPESTATUS[0]}"
wait $vm
echo "debuggee status $?"
sed 's/address: [0-9]*/address: PORT/' vm.out
