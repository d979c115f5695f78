# Agents loaded into a running VM, through the reference JDK's tools: jcmd
# JVMTI.agent_load with a native agent (Agent_OnAttach gets its options), with a library
# that does not exist and one without Agent_OnAttach (HotSpot's reports), and with a Java
# agent JAR whose agentmain retransforms a loaded class; then the attach API's
# VirtualMachine.loadAgentPath, loadAgent and loadAgentLibrary from another VM; jcmd
# JVMTI.data_dump reaches the agent's DataDumpRequest; both commands' help as HotSpot's.  The target sees the new code.
# normalize: s/^[0-9][0-9]*:$/PID:/
set -u
J=$JDK/bin
# the clients, compiler and jar tool are the reference JDK's: the target is under test
H=${JAVA_HOME:-$JDK}/bin
mkdir -p src classes app
cat >native.c <<'C'
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

static void JNICALL dump(jvmtiEnv *e) {
    printf("native agent: DataDumpRequest\n");
    fflush(stdout);
}

JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM *vm, char *options, void *reserved) {
    jvmtiEnv *e;
    jvmtiPhase p = 0;
    if ((*vm)->GetEnv(vm, (void **)&e, JVMTI_VERSION_11) != JNI_OK) return 1;
    (*e)->GetPhase(e, &p);
    printf("native agent: Agent_OnAttach(%s) in phase %d\n", options ? options : "<null>", (int)p);
    fflush(stdout);
    jvmtiEventCallbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.DataDumpRequest = dump;
    (*e)->SetEventCallbacks(e, &cb, sizeof cb);
    (*e)->SetEventNotificationMode(e, JVMTI_ENABLE, JVMTI_EVENT_DATA_DUMP_REQUEST, NULL);
    return options && !strcmp(options, "fail") ? 7 : 0;
}
C
printf 'int nothing_here(void) { return 0; }\n' >plain.c
gcc -shared -fPIC -O1 -I"$JDK/include" -I"$JDK/include/linux" -o libnative.so native.c
gcc -shared -fPIC -O1 -o libplain.so plain.c
cat >src/Agent.java <<'J'
import java.lang.instrument.*;
import java.security.ProtectionDomain;

public class Agent {
    public static void agentmain(String args, Instrumentation inst) throws Exception {
        System.out.println("agentmain(" + args + ") retransform " + inst.isRetransformClassesSupported());
        inst.addTransformer(new ClassFileTransformer() {
            public byte[] transform(ClassLoader l, String name, Class<?> c, ProtectionDomain pd, byte[] b) {
                if (!"Greeter".equals(name)) return null;
                byte[] out = b.clone();
                byte[] f = "original".getBytes();
                for (int i = 0; i + f.length <= out.length; i++)
                    if (new String(out, i, f.length, java.nio.charset.StandardCharsets.ISO_8859_1).equals("original")) {
                        System.arraycopy(("attach-" + args.charAt(0)).getBytes(), 0, out, i, f.length);
                        return out;
                    }
                return null;
            }
        }, true);
        for (Class<?> c : inst.getAllLoadedClasses())
            if (c.getName().equals("Greeter")) inst.retransformClasses(c);
    }
}
J
cat >src/Greeter.java <<'J'
public class Greeter {
    public static String text() { return "original"; }
}
J
cat >src/Target.java <<'J'
import java.io.File;

public class Target {
    public static void main(String[] args) throws Exception {
        System.out.println("text: " + Greeter.text());
        System.out.println("ready");
        File marker = new File(args[0]);
        for (int i = 0; i < 2400 && !marker.exists(); i++) Thread.sleep(50);
        System.out.println("text: " + Greeter.text());
    }
}
J
cat >src/Client.java <<'J'
import com.sun.tools.attach.*;

public class Client {
    public static void main(String[] args) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(args[0]);
        vm.loadAgentPath(args[1], "from-api");
        System.out.println("loadAgentPath: done");
        try {
            vm.loadAgentPath(args[1], "fail");
        } catch (AgentInitializationException e) {
            System.out.println("loadAgentPath fail: " + e.getMessage() + " " + e.returnValue());
        }
        try {
            vm.loadAgentLibrary("nosuchagent");
        } catch (AgentLoadException e) {
            System.out.println("loadAgentLibrary: " + e.getClass().getName());
        }
        vm.loadAgent(args[2], "2nd");
        System.out.println("loadAgent: done");
        vm.detach();
    }
}
J
"$H/javac" -d classes src/Agent.java
"$H/javac" -d app src/Greeter.java src/Target.java src/Client.java
printf 'Agent-Class: Agent\nCan-Retransform-Classes: true\n' >manifest.txt
"$H/jar" cfm agent.jar manifest.txt -C classes .
marker=$PWD/attach.done
: >target.out
"$J/java" -cp app Target "$marker" >target.out 2>&1 &
pid=$!
for _ in $(seq 1200); do grep -q ready target.out && break; sleep 0.1; done
echo "== jcmd help JVMTI.agent_load, JVMTI.data_dump"
"$H/jcmd" "$pid" help JVMTI.agent_load
"$H/jcmd" "$pid" help JVMTI.data_dump
"$H/jcmd" "$pid" help | grep JVMTI
echo "== jcmd JVMTI.agent_load native"
"$H/jcmd" "$pid" JVMTI.agent_load "$PWD/libnative.so" first-opts
echo "exit $?"
echo "== jcmd JVMTI.agent_load missing"
"$H/jcmd" "$pid" JVMTI.agent_load "$PWD/libmissing.so" 2>&1 | sed "s|$PWD|DIR|g"
echo "== jcmd JVMTI.agent_load without Agent_OnAttach"
"$H/jcmd" "$pid" JVMTI.agent_load "$PWD/libplain.so" 2>&1 | sed "s|$PWD|DIR|g"
echo "== jcmd JVMTI.agent_load jar"
"$H/jcmd" "$pid" JVMTI.agent_load "$PWD/agent.jar" 1st
echo "== jcmd JVMTI.data_dump"
"$H/jcmd" "$pid" JVMTI.data_dump
echo "== attach API"
"$H/java" -cp app Client "$pid" "$PWD/libnative.so" "$PWD/agent.jar" 2>&1
touch "$marker"
wait "$pid"
echo "target exit $?"
cat target.out
