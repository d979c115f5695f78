# How a program ends on each VM: ExitModes (tests/java/ExitModes.java) run once per way of
# ending, showing standard output, standard error and the exit status of each run.
set -u
for mode in return exit0 exit42 exit-1 exit300 throw halt hook-halts hook-throws late-hook daemon non-daemon \
            thread-exits thread-throws; do
  echo "== $mode"
  "$JDK/bin/java" -cp "$CLASSES" ExitModes "$mode" >out.txt 2>err.txt
  echo "exit $?"
  sed 's/^/  out: /' out.txt
  sed 's/^/  err: /' err.txt
done
