# JVMPI_EVENT_CLASS_UNLOAD: java/ClassUnload drops class loaders (and hidden classes not
# STRONG) and lets them be collected, under each collector (all five unload classes: at
# every collection, at a full one, at reference counting's backup trace), with the
# agent's heap events on too.  Each unload event must name a class the agent saw loaded
# and not yet unloaded, and the classes it names must be exactly those
# -Xlog:class+unload logs in the same run (hidden classes with their address suffix,
# which JVMPI spells with '+').  The compiled method events are on too: each unload of
# a method's code names a method whose load came before.
. "$ROOT/tests/jvmpi/lib/jvmpi.bash"
agent
for gc in semispace marksweep markcompact generational refcount; do
  run unload-$gc heap,unload,compiled -- -XX:LoupeGC=$gc -Xlog:class+unload -Xmx32m -Djava.class.path="$CLASSES" ClassUnload 3
  expect unload-$gc "${CHECKS_BASE[@]}" "${CHECKS_HEAP[@]}" "class unload events name loaded classes" \
    "compiled method load events" "compiled method unload events name loaded methods"
  grep ' unloading class ' unload-$gc.out | sed -E 's/.* unloading class ([^ ]+) .*/\1/' | sort >unload-$gc.logged
  sed -n 's/^UNLOADED //p' unload-$gc.txt | tr + / | sort >unload-$gc.events
  if [ ! -s unload-$gc.logged ] || ! diff -u unload-$gc.logged unload-$gc.events; then
    echo "FAIL unload-$gc: the unload events do not name the classes unloaded"
    fail=1
  fi
done
exit $fail
