# jshell on the VM under test, snippets piped in and run in the same VM (--execution
# local: the default remote agent needs JDWP): declarations, expressions, a record, a
# lambda and a stream, a method, an exception, /vars and /methods.
set -e
mkdir -p prefs/.java/.userPrefs    # existing preferences: no "created" log line
cat >in.jsh <<'JSH'
int x = 6 * 7;
System.out.println("x=" + x);
List.of(3, 1, 2).stream().sorted().map(i -> i * 10).toList()
record P(int a, String b) {}
new P(5, "five")
String twice(String s) { return s + s; }
twice("ab")
Integer.parseInt("nope")
/vars
/methods
/exit
JSH
"$JDK/bin/jshell" -J-Djava.util.prefs.userRoot="$PWD/prefs" --execution local -q <in.jsh 2>&1
echo "jshell exit $?"
