# HPROF snapshots on request: `loupe-prof dump -o FILE PID` has the VM write its own heap
# dump through the attach mechanism (dumpheap, as jmap -dump:live), on HotSpot and on
# Loupe; the project's HPROF reader (tests/java/HprofCheck) finds the same objects in
# both.  Dumping to a file that exists fails with the VM's message, the program unharmed.
. "$ROOT/tests/prof/lib/prof.bash"
mkdir -p classes
"$JAVA_HOME/bin/javac" -d classes "$ROOT/tests/java/AttachTarget.java" "$ROOT/tests/java/HprofCheck.java"
snapshot() {  # snapshot NAME JAVA: dumps AttachTarget running on JAVA into NAME.hprof
  "$2" -cp classes AttachTarget "$PWD/$1.stop" >$1.out 2>$1.err &
  local pid=$!
  wait_for $1.out ready 120
  "$LP" dump -o $1.hprof $pid 2>$1.dump || fail "$1: dump failed: $(cat $1.dump)"
  grep -q 'Heap dump file created' $1.dump || fail "$1: $(cat $1.dump)"
  if "$LP" dump -o $1.hprof $pid 2>$1.again; then fail "$1: dumping over an existing file succeeded"; fi
  echo "$1: a second dump to the same file: $(tr '\n' ' ' <$1.again)"
  touch $1.stop
  wait $pid || fail "$1: the program ended with status $?"
  grep -q 'marker seen' $1.out || fail "$1: the program did not finish normally"
  "$JAVA_HOME/bin/java" -cp classes HprofCheck $1.hprof >$1.check || fail "$1: HprofCheck failed: $(cat $1.check)"
  grep -q 'AttachTarget\$Kept: 100 instances, values summing to 4950' $1.check || fail "$1: $(cat $1.check)"
}
snapshot hs "$JAVA_HOME/bin/java"
on_loupe
snapshot lo "$PROF_JAVA"
diff hs.check lo.check || fail "the HPROF reader found different things in the two dumps"
cat lo.check
