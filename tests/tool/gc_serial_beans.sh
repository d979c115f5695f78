# java.lang.management under -XX:+UseSerialGC (on Loupe the generational collector, its
# closest): HotSpot Serial's collector beans "Copy" (young collections, over "Eden Space"
# and "Survivor Space") and "MarkSweepCompact" (full ones, over those and "Tenured Gen"),
# each with its own counts, last GcInfo and notification action (java/GcBeans serial).
# Loupe promotes every survivor at once: its "Survivor Space" is there, empty, of size 0.
set -u
J=$JDK/bin/java
# the test harness's own choice of collector (make test GC=...) would override the flag,
# and GC stress's forced collections would be counted as full ones by neither VM's rules
LOUPE_OPTIONS=$(echo "${LOUPE_OPTIONS:-}" | sed 's/-XX:LoupeGC=[^ ]*//; s/-XX:GCStressInterval=[^ ]*//')
export LOUPE_OPTIONS
"$J" -XX:+UseSerialGC -Xmx64m -cp "$CLASSES" GcBeans serial 2>&1
echo "exit $?"
