# jshell in its default mode: the snippets run in a second VM, launched from the JDK's own
# bin/java (java.home), that jshell drives over JDWP through JDI (JdiExecutionControlProvider:
# a listening connector, the remote agent, method invocations in a thread stopped at a
# breakpoint).  Both VMs are the JDK's: the snippet that compares the remote VM's name with
# the one `java -XshowSettings` reports proves that the remote side is the VM under test.
# The provider is the default one (jdi, the remote VM connecting back to jshell's listening
# connector), with a time limit for the remote VM's start far above its 5 s default, for
# slow builds under load.  Both VMs run without LOUPE_OPTIONS: under GC stress (a
# collection every 50 allocations) javac inside jshell takes longer than a test may.
set -e
mkdir -p prefs/.java/.userPrefs    # existing preferences: no "created" log line
vm_name=$("$JDK/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.vm.name = //p')
cat >in.jsh <<JSH
1 + 2
int x = 6 * 7;
String twice(String s) { return s + s; }
twice("ab")
List.of(3, 1, 2).stream().sorted().map(i -> i * 10).toList()
Integer.parseInt("nope")
System.out.println("remote VM is the VM under test: " + System.getProperty("java.vm.name").equals("$vm_name"))
/vars
/exit
JSH
env -u LOUPE_OPTIONS "$JDK/bin/jshell" -J-Djava.util.prefs.userRoot="$PWD/prefs" -R-Djava.util.prefs.userRoot="$PWD/prefs" --execution "jdi:hostname(localhost),timeout(600000)" -q <in.jsh 2>&1
echo "jshell exit $?"
