# The reference-counting collector (-XX:+UseRefCountGC): acyclic garbage is freed by count,
# the collector's own statistics (its -Xlog:gc line) counting objects freed by count and no
# cycle collection (no trace of the heap) at all, while the event checker
# (-XX:+LoupeCheckGCEvents) confirms after every collection that a free event came for
# every object that went; then cyclic garbage, which counts never free, is reclaimed by
# the cycle collector at System.gc().  The same with several threads is GcWorkload under
# tool/gc_events.  HotSpot has no such collector: its side prints what Loupe must print.
set -u
J=$JDK/bin/java
loupe=false
"$J" -XX:+UseRefCountGC -version >/dev/null 2>&1 && loupe=true
. "$(dirname "$0")/../lib/tool.sh"
# (without GC stress, which traces by design: the smoke set runs this collector under it)
own_collector stress
# the last statistics line: "freed by count N objects ..., by the cycle collector M objects
# ...; R reconciliations, C cycle collections"
stats() {
  sed -n 's/.*Reference counting: freed by count \([0-9]*\) objects.*by the cycle collector \([0-9]*\) objects.*; \([0-9]*\) reconciliations, \([0-9]*\) cycle collections.*/\1 \2 \3 \4/p' out.txt | tail -1
}
for mode in acyclic cycle; do
  echo "== $mode"
  if $loupe; then
    "$J" -XX:+UseRefCountGC -XX:+LoupeCheckGCEvents -Xmx64m -Xlog:gc -cp "$CLASSES" RcGarbage $mode >out.txt 2>&1
    echo "exit $?"
    grep -v '^\[' out.txt
    read -r counted traced reconciles cycles <<<"$(stats)"
    if [ $mode = acyclic ]; then
      [ "${counted:-0}" -gt 1000000 ] && echo "freed by count: over a million objects"
      [ "${reconciles:-0}" -gt 0 ] && echo "reconciliations: some"
      echo "cycle collections: ${cycles:-?}"
    else
      [ "${traced:-0}" -ge 700000 ] && echo "freed by the cycle collector: the rings"
      [ "${cycles:-0}" -ge 1 ] && echo "cycle collections: some"
    fi
  else
    echo "exit 0"
    "$J" -Xmx64m -cp "$CLASSES" RcGarbage $mode
    if [ $mode = acyclic ]; then
      printf 'freed by count: over a million objects\nreconciliations: some\ncycle collections: 0\n'
    else
      printf 'freed by the cycle collector: the rings\ncycle collections: some\n'
    fi
  fi
done
