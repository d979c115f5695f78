# java.lang.management under -XX:+UseSerialGC (on Loupe the generational collector, its
# closest): HotSpot Serial's collector beans "Copy" (young collections, over "Eden Space"
# and "Survivor Space") and "MarkSweepCompact" (full ones, over those and "Tenured Gen"),
# each with its own counts, last GcInfo and notification action (java/GcBeans serial).
# Loupe promotes every survivor at once: its "Survivor Space" is there, empty, of size 0.
set -u
J=$JDK/bin/java
. "$(dirname "$0")/../lib/tool.sh"
# (without GC stress: its forced collections would be counted as full ones by neither VM's rules)
own_collector stress
"$J" -XX:+UseSerialGC -Xmx64m -cp "$CLASSES" GcBeans serial 2>&1
echo "exit $?"
