# Class unloading as the logs show it: -Xlog:class+unload and -verbose:class print one
# "unloading class NAME 0x..." line per unloaded class (hidden classes with their suffix),
# -Xlog:class* too, -Xlog:class+load and a warning level none, -XX:-ClassUnloading none.
# java/ClassUnload with 3 loaders: which classes go, and how many times each.  Times,
# addresses, hidden-class suffixes and HotSpot's column padding are normalized; lines are
# counted per class, since the order of unloading within a collection is the VM's own.
set -u
J=$JDK/bin/java
for o in -Xlog:class+unload -verbose:class "-Xlog:class*" "-Xlog:class+load -Xlog:class+unload=warning" \
         "-Xlog:disable -Xlog:class+unload -XX:-ClassUnloading"; do
  echo "-- $o"
  "$J" $o -Xmx32m -cp "$CLASSES" ClassUnload 3 >run.out 2>run.err
  echo "exit $?"
  grep -v '^\[' run.out | sed 's/^/  out: /'
  sed 's/^/  err: /' run.err
  grep '\[class,unload *\]' run.out | grep -c ' unloading class '
  grep ' unloading class ClassUnload' run.out |
    sed -E 's/^\[[0-9.]+s\]//; s/ +\]/]/g; s/ 0x[0-9a-f]{16}$/ ADDRESS/; s#/0x[0-9a-f]+ # #' | sort | uniq -c
done
