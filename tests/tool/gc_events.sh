# The heap events of every collector checked against the heap: a program that allocates
# trees, cyclic lists, arrays of arrays, weak references and finalizable objects from
# several threads runs under each Loupe collector with -XX:+LoupeCheckGCEvents, which
# rebuilds the heap from the events alone (arena new/delete, object alloc, free, move) and
# compares it with a heap walk after every collection; any difference ends the VM with a
# message.  HotSpot runs the same program plainly: the outputs must agree.
set -u
J=$JDK/bin/java
loupe=false
"$J" -XX:+LoupeCheckGCEvents -version >/dev/null 2>&1 && loupe=true
# (a small nursery, so that the generational collector promotes and compacts often)
for gc in semispace marksweep markcompact generational refcount; do
  echo "== $gc"
  if $loupe; then
    "$J" -XX:LoupeGC=$gc -XX:+LoupeCheckGCEvents -Xmx64m -Xmn1m -cp "$CLASSES" GcWorkload 8
  else
    "$J" -Xmx64m -Xmn1m -cp "$CLASSES" GcWorkload 8
  fi
  echo "exit $?"
done
