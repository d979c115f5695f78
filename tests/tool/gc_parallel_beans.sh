# java.lang.management under -XX:+UseParallelGC (on Loupe the generational collector, its
# closest, as under -XX:+UseSerialGC): HotSpot Parallel's names, the collector beans "PS
# Scavenge" (young collections, over "PS Eden Space" and "PS Survivor Space") and "PS
# MarkSweep" (full ones, over those and "PS Old Gen"), each with its own counts, last GcInfo
# and notification action (java/GcBeans parallel).
set -u
J=$JDK/bin/java
. "$(dirname "$0")/../lib/tool.sh"
# (without GC stress: its forced collections would be counted as full ones by neither VM's rules)
own_collector stress
"$J" -XX:+UseParallelGC -Xmx64m -cp "$CLASSES" GcBeans parallel 2>&1
echo "exit $?"
