# What the VM does when the heap runs out, by option: -XX:+HeapDumpOnOutOfMemoryError
# (the message, then an HPROF dump as java_pid<pid>.hprof, in -XX:HeapDumpPath when that
# is a directory, or at that path; only the first time), -XX:+ExitOnOutOfMemoryError
# (status 3 at once, no shutdown hooks), and the program catching the error otherwise.
# normalize: s/java_pid[0-9]*\.hprof/java_pidPID.hprof/g
# normalize: s/^Heap dump file created \[[0-9]* bytes in [0-9.]* secs\]$/Heap dump file created [N bytes in S secs]/
set -u
J=$JDK/bin/java
run() {
  echo "== $*"
  "$J" -Xmx16m "$@" -cp "$CLASSES" OomFill fill
  echo "exit $?"
}
rm -rf ./*.hprof dumps
run
run -XX:+HeapDumpOnOutOfMemoryError
for f in java_pid*.hprof; do echo "file $f: $(head -c 18 "$f")"; done
rm -f ./*.hprof
mkdir dumps
run -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=dumps
ls dumps
run -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=named.hprof
ls ./*.hprof
run -XX:+ExitOnOutOfMemoryError
run -XX:+ExitOnOutOfMemoryError -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=both.hprof
ls both.hprof
