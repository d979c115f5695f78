# System.exit and Runtime.halt racing with allocating threads, blocked threads and
# shutdown hooks that allocate, on each VM: ExitRace (tests/java/ExitRace.java) run once
# per race, showing standard output, standard error and the exit status of each run.
set -u
for mode in exit halt many from-thread throw; do
  echo "== $mode"
  "$JDK/bin/java" -cp "$CLASSES" ExitRace "$mode" >out.txt 2>err.txt
  echo "exit $?"
  awk '{ print "  out: " $0 }' out.txt      # (awk ends a partial last line)
  awk '{ print "  err: " $0 }' err.txt
done
