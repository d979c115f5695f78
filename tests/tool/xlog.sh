# -Xlog, HotSpot's unified logging, for the tag sets Loupe logs (gc, class+load): levels,
# wildcards, several selections, outputs other than stdout, -Xlog:disable before and
# after -verbose:gc.
set -u
J=$JDK/bin/java
echo "== -Xlog (unified logging: the gc and class+load tag sets)"
for o in -Xlog:gc -Xlog:gc=info "-Xlog:gc*" -Xlog:gc=warning -Xlog:gc:stdout -Xlog:gc:file=xlog.txt -Xlog:class+load \
         -Xlog:class+load=info -Xlog:class+load=error "-Xlog:gc,class+load" "-Xlog:disable -verbose:gc" "-verbose:gc -Xlog:disable"; do
  echo "-- $o"
  "$J" $o -cp "$CLASSES" IdentityClone >xlog.out 2>&1
  echo "exit $?"
  grep -q '^\[[0-9.]*s\]\[info *\]\[gc *\] GC(0) Pause' xlog.out && echo "collections are logged"
  grep -q '^\[[0-9.]*s\]\[info *\]\[gc *\] Using ' xlog.out && echo "the collector is named"
  grep -q '^\[[0-9.]*s\]\[info *\]\[class,load *\] java\.lang\.Object source: ' xlog.out && echo "classes are logged"
  grep -q '^\[[0-9.]*s\]\[info *\]\[class,load *\] IdentityClone source: ' xlog.out && echo "the main class is logged"
  grep -v '^\[' xlog.out | head -n 3
done
