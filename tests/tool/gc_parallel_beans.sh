# java.lang.management under -XX:+UseParallelGC (on Loupe the generational collector, its
# closest, as under -XX:+UseSerialGC): HotSpot Parallel's names, the collector beans "PS
# Scavenge" (young collections, over "PS Eden Space" and "PS Survivor Space") and "PS
# MarkSweep" (full ones, over those and "PS Old Gen"), each with its own counts, last GcInfo
# and notification action (java/GcBeans parallel).
set -u
J=$JDK/bin/java
# the test harness's own choice of collector (make test GC=...) would override the flag,
# and GC stress's forced collections would be counted as full ones by neither VM's rules
LOUPE_OPTIONS=$(echo "${LOUPE_OPTIONS:-}" | sed 's/-XX:LoupeGC=[^ ]*//; s/-XX:GCStressInterval=[^ ]*//')
export LOUPE_OPTIONS
"$J" -XX:+UseParallelGC -Xmx64m -cp "$CLASSES" GcBeans parallel 2>&1
echo "exit $?"
