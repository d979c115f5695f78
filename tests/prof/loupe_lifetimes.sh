# Known answer for lifetimes (events=live, Loupe's collector events): Survive allocates
# 10000 Survive$Obj after a collection, keeps every 10th and runs three collections.
# Under each collector (generational: its nursery dies by ArenaDelete, its survivors move
# by ObjectMove) the summary must say: 10000 objects, 9000 died at age 0, 1000
# alive at the end, and the survival curve 10000 1000 1000 1000 (objects that lived
# through 0, 1, 2, 3 collections).  Under GC stress (a collection every few allocations,
# LOUPE_OPTIONS) the ages depend on where the extra collections fall: only the counts of
# objects, deaths and survivors are checked.
. "$ROOT/tests/prof/lib/prof.bash"
# Each run names its collector: one that make test GC=... put in LOUPE_OPTIONS would
# override them all (and the per-arena check below would find its arenas only).
LOUPE_OPTIONS=$(echo "${LOUPE_OPTIONS:-}" | sed 's/-XX:LoupeGC=[^ ]*//')
compile Survive
on_loupe
stress=0
[[ "${LOUPE_OPTIONS:-}" == *GCStress* ]] && stress=1
for gc in semispace marksweep markcompact generational; do
  "$LP" run -o $gc.lprof -e live -- "$PROF_JAVA" -XX:LoupeGC=$gc -cp classes Survive 10000 10 >$gc.out 2>$gc.err
  grep -q '^kept 1000 sum 4995000' $gc.out || { cat $gc.err; fail "$gc: the program did not finish"; }
  "$LP" convert $gc.lprof -o $gc.summary
  grep -q ' 0 events dropped' $gc.summary || fail "$gc: events were dropped"
  row=$(grep -E '^ +[0-9]+ +[0-9]+ +[0-9]+  Survive\$Obj:' $gc.summary) || { cat $gc.summary; fail "$gc: no lifetimes of Survive\$Obj"; }
  curve=$(grep -E '^  class Survive\$Obj:' $gc.summary)
  echo "$gc: $row / $curve"
  [ "$(echo "$row" | awk '{ print $1, $2, $3 }')" = "10000 9000 1000" ] || fail "$gc: expected 10000 objects, 9000 died, 1000 alive"
  [ $stress = 1 ] && continue
  [[ "$row" == *'Survive$Obj: 0:9000' ]] || fail "$gc: expected 9000 deaths at age 0"
  [ "$curve" = '  class Survive$Obj: 10000 1000 1000 1000' ] || fail "$gc: expected the survival curve 10000 1000 1000 1000"
done
grep -qE '^  arena (Semispace [12]|Mark-Sweep Space|Mark-Compact Space):' semispace.summary marksweep.summary markcompact.summary ||
  fail "no survival curve per arena"
