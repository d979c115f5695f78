#!/bin/bash
# Runs OpenJDK 17's own regression tests (test/jdk) with Debian's jtreg against HotSpot (the
# system JDK) and against Loupe (build/jdk), prints both pass counts side by side and checks
# the tests that pass on HotSpot but not on Loupe against tests/jtreg/known-failures.txt.
#
#   tools/jtreg.sh [--smoke] [--sample N] [--resume [--retry] | --retry-only] [--side hotspot|loupe|both|none] [GROUP...]
#
# --smoke runs tests/jtreg/smoke.txt (what CI runs, with --side loupe: every test on that
# list passes on HotSpot, so on Loupe alone each must pass); otherwise the GROUPs (directories of
# test/jdk; default: the groups below), all of their tests or, with --sample N, N tests
# per group spread evenly over its sorted list (the same N gives the same tests).
# JTREG_CONC (default 1) and JTREG_TIMEOUT_FACTOR (default 1) go to jtreg; JTREG_SKIP, an
# extended regular expression, leaves out the tests it matches for now (java/net/httpclient/
# alone would take a sitting: each of its tests runs for minutes); LOUPE_JDK names
# the Loupe image.  Results and jtreg's reports are in build/jtreg/<run>/<side>/ (<run>: full,
# sampleN, smoke; JTREG_DIR names another, so that one side can run twice at once).
#
# A whole group takes hours here, more than one sitting, so the results of whole-group runs
# accumulate in committed files, tests/jtreg/results/<group, / as ->.txt: one line per test,
# "test hotspot-status loupe-status" (Passed, Failed, Error; Excluded when a run that
# finished left it out, as @requires and the ProblemList do; - for not run), under a header naming per side the last run's
# date and the seconds spent, the JDK version (`java -version`) for HotSpot, the Loupe commits
# for Loupe (LOUPE_COMMIT, default HEAD: name the commit the image was built from).  A run
# replaces a side's column; with --resume it runs only the tests that side has no status for
# and keeps the rest: HotSpot's hold while the JDK version is the same (they are dropped when it
# is not), Loupe's are those of the commits named; --retry runs again, besides, the tests that
# pass on HotSpot and failed on Loupe and are not in known-failures.txt (after fixing them);
# --retry-only runs just those.
# Sides may run at the same time (the files are written under flock).  --side none runs
# nothing and prints the table (and the known-failures check) from the files of the GROUPs,
# by default every file there.
#
# The sources come from tools/openjdk_src.sh (apt-get source, cached outside the
# repository).  jtreg evaluates @requires through test/jtreg-ext/requires/VMProps.java,
# which uses HotSpot's WhiteBox API; tests/jtreg/vmprops-no-whitebox.patch (applied once
# to the cached copy) makes it compute those properties without WhiteBox when the VM has
# none, and leaves HotSpot's path as it is.  Tests are compiled by the system JDK's javac
# (-compilejdk) on both sides, and each runs in its own VM (-othervm), under nice.
# Exit status: 0 when every test that passes on HotSpot passes on Loupe or is listed.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}
LOUPE_JDK=${LOUPE_JDK:-$root/build/jdk}
conc=${JTREG_CONC:-1}
tf=${JTREG_TIMEOUT_FACTOR:-1}
known=$root/tests/jtreg/known-failures.txt
resdir=$root/tests/jtreg/results
default_groups="java/lang java/util java/io java/math java/text java/net java/nio jdk/internal"

smoke=0 sample=0 resume=0 retry=0 retry_only=0 side=both groups=()
while [ $# -gt 0 ]; do
  case $1 in
    --smoke) smoke=1 ;;
    --sample) sample=$2; shift ;;
    --side) side=$2; shift ;;
    --resume) resume=1 ;;
    --retry) retry=1 ;;
    --retry-only) resume=1 retry=1 retry_only=1 ;;
    -*) echo "usage: $0 [--smoke] [--sample N] [--resume [--retry] | --retry-only] [--side hotspot|loupe|both|none] [GROUP...]" >&2; exit 2 ;;
    *) groups+=("$1") ;;
  esac
  shift
done
if [ $smoke = 1 ]; then run=smoke; elif [ "$sample" -gt 0 ]; then run=sample$sample; else run=full; fi
out=$root/build/jtreg/${JTREG_DIR:-$run}
mkdir -p "$out"

gfile() { echo "$resdir/$(echo "$1" | tr / -).txt"; }   # GROUP -> its results file
header() { sed -n "s/^# $2: //p" "$1" 2>/dev/null; }      # FILE SIDE -> that side's header
col() { if [ "$1" = hotspot ]; then echo 2; else echo 3; fi; }
jdk_version() { "$JAVA_HOME/bin/java" -version 2>&1 | head -1; }
listed() { sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' "$known" | awk '{ print $1 }' | sort -u; }
# SIDE FILE: whether the side's recorded column holds for this run (HotSpot's: the same JDK)
kept() { [ "$1" = loupe ] || [ "$(header "$2" hotspot | awk -F'; ' '{ print $1 }')" = "$(jdk_version)" ]; }

if [ $side = none ] && [ $run = full ]; then   # report only, from the files: no sources needed
  [ ${#groups[@]} -gt 0 ] || for f in "$resdir"/*.txt; do [ -f "$f" ] && groups+=("$(header "$f" group)"); done
else
  [ ${#groups[@]} -gt 0 ] || read -r -a groups <<<"$default_groups"
  src=$("$root/tools/openjdk_src.sh") || exit 1
  suite=$src/test/jdk
  command -v jtreg >/dev/null || apt-get install -y -q jtreg7 >&2 || exit 1
  export JT_JAVA=$JAVA_HOME
  if ! grep -q whiteBoxOrNull "$src/test/jtreg-ext/requires/VMProps.java"; then
    patch -d "$src" -p1 <"$root/tests/jtreg/vmprops-no-whitebox.patch" >&2 || exit 1
  fi
fi

# The test list: one name per line, as jtreg reports them.
list_group() {
  jtreg -l -jdk:"$JAVA_HOME" -w:"$out/list-work.$$" -dir:"$suite" "$1" 2>/dev/null | grep -E '^[a-z].*\.(java|sh|html)' | sort
}
pick() { awk -v n="$1" '{ a[NR] = $0 } END { if (n <= 0 || n >= NR) { for (i = 1; i <= NR; i++) print a[i] } else for (i = 0; i < n; i++) print a[int(i * NR / n) + 1] }'; }

if [ $smoke = 1 ]; then
  sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$root/tests/jtreg/smoke.txt" | awk '{ print $1 }' >"$out/tests.txt.$$"
elif [ $side != none ] || [ $run != full ]; then   # (the files list the tests of a report only)
  for g in "${groups[@]}"; do list_group "$g" | pick "$sample"; done >"$out/tests.txt.$$"
  rm -rf "$out/list-work.$$"
fi
[ -f "$out/tests.txt.$$" ] && mv "$out/tests.txt.$$" "$out/tests.txt"
[ $side = none ] || echo "jtreg: $(wc -l <"$out/tests.txt") tests, run '$run', suite $suite" >&2

# SIDE: the tests of the run's groups that side has a status for (--retry-only runs only
# those of them that --retry would run again)
ran() {
  local g f
  for g in "${groups[@]}"; do
    f=$(gfile "$g")
    [ -f "$f" ] && awk -v c="$(col "$1")" '!/^#/ && $c != "-" { print $1 }' "$f"
  done | sort
}

# SIDE: the tests of the run's groups with a status of that side that --resume keeps
# (with --retry, not Loupe's unlisted failures of tests that pass on HotSpot)
recorded() {
  local g f
  for g in "${groups[@]}"; do
    f=$(gfile "$g")
    [ -f "$f" ] && kept "$1" "$f" && awk -v c="$(col "$1")" -v r="$retry" '!/^#/ && $c != "-" {
      print $1, ((r && c == 3 && $2 == "Passed" && $3 != "Passed") ? "retry" : "keep") }' "$f"
  done | sort | join -a1 - <(listed | sed 's/$/ listed/') | awk '$2 == "keep" || $3 == "listed" { print $1 }'
}

run_side() {   # NAME JDK
  local d=$out/$1
  rm -rf "$d/report"
  mkdir -p "$d"
  if [ $resume = 1 ] && [ $run = full ]; then
    sort "$out/tests.txt" | comm -23 - <(recorded "$1") >"$d/todo"
    if [ $retry_only = 1 ]; then ran "$1" | comm -12 "$d/todo" - >"$d/todo.r" && mv "$d/todo.r" "$d/todo"; fi
  else
    cp "$out/tests.txt" "$d/todo"
  fi
  if [ -n "${JTREG_SKIP:-}" ]; then { grep -vE -- "$JTREG_SKIP" "$d/todo" || true; } >"$d/todo.s"; mv "$d/todo.s" "$d/todo"; fi
  echo "jtreg: $1 runs $(wc -l <"$d/todo") of them" >&2
  [ -s "$d/todo" ] || return 0
  local t0=$SECONDS
  nice -n 10 jtreg -jdk:"$2" -compilejdk:"$JAVA_HOME" -dir:"$suite" -w:"$d/work" -r:"$d/report" \
    -conc:"$conc" -timeoutFactor:"$tf" -othervm -exclude:"$suite/ProblemList.txt" -v:summary \
    $(cat "$d/todo") >"$d/log" 2>&1
  echo $((SECONDS - t0)) >"$d/seconds"
  results "$d"
  if [ $run = full ]; then
    mkdir -p "$resdir"
    for g in "${groups[@]}"; do (flock 9; record "$1" "$g") 9>"$root/build/jtreg/record.lock"; done
  fi
}

# name -> Passed / Failed / Error, from jtreg's progress lines (so that a run cut short counts too)
results() { sed -n 's/^\(Passed\|FAILED\|Error\): *\([^ ]*\).*/\2 \1/p' "$1/log" | sed 's/ FAILED$/ Failed/' | sort >"$1/results"; }

# SIDE GROUP: puts the side's results of this run into the group's file, keeping (with
# --resume, and for HotSpot the same JDK) the statuses it had and the other side's column.
record() {
  local f keep=0 secs now old
  f=$(gfile "$2")
  [ $resume = 1 ] && [ -f "$f" ] && kept "$1" "$f" && keep=1
  secs=$(cat "$out/$1/seconds")
  [ $keep = 1 ] && secs=$((secs + $(header "$f" "$1" | awk -F'; ' '{ print $3 + 0 }')))
  if [ "$1" = hotspot ]; then
    now="$(jdk_version); last run $(date -u +%F); $secs s"
  else
    old=$([ $keep = 1 ] && header "$f" loupe | sed -n 's/^commits \([^;]*\);.*/\1/p')
    now="commits $(echo "$old ${LOUPE_COMMIT:-$(git -C "$root" rev-parse --short HEAD)}" | tr ' ' '\n' | awk 'NF && !s[$0]++' | xargs); last run $(date -u +%F); $secs s"
  fi
  {
    echo "# tools/jtreg.sh's results for test/jdk/$2: test hotspot-status loupe-status"
    echo "# group: $2"
    for s in hotspot loupe; do
      if [ $s = "$1" ]; then echo "# $s: $now"; else echo "# $s: $(header "$f" $s || true)"; fi
    done
    # (jtreg's closing "Test results:" line: the run was not cut short)
    awk -v c="$(col "$1")" -v keep=$keep -v g="$2/" -v old="$f" -v list="$out/tests.txt" \
        -v todo="$out/$1/todo" -v done="$(grep -c '^Test results:' "$out/$1/log")" '
      FILENAME == old && !/^#/ { t[$1]; st[$1, 2] = $2; st[$1, 3] = $3 }
      FILENAME == list && index($1, g) == 1 { t[$1] }
      FILENAME == todo && done && index($1, g) == 1 { left[$1] }
      FILENAME != old && FILENAME != list && FILENAME != todo && index($1, g) == 1 { t[$1]; new[$1] = $2 }
      END {
        for (x in t) {
          if (x in new) st[x, c] = new[x]; else if (x in left) st[x, c] = "Excluded"; else if (!keep) st[x, c] = "-"
          print x, (st[x, 2] == "" ? "-" : st[x, 2]), (st[x, 3] == "" ? "-" : st[x, 3])
        }
      }' "$([ -f "$f" ] && echo "$f" || echo /dev/null)" "$out/tests.txt" "$out/$1/todo" "$out/$1/results" | sort
  } >"$f.new" && mv "$f.new" "$f"
}

case $side in
  both) run_side hotspot "$JAVA_HOME"; run_side loupe "$LOUPE_JDK" ;;
  hotspot) run_side hotspot "$JAVA_HOME" ;;
  loupe) run_side loupe "$LOUPE_JDK" ;;
  none) [ $run = full ] || for s in hotspot loupe; do [ -f "$out/$s/log" ] && results "$out/$s"; done ;;   # report only
esac

# The table, "test hotspot-status loupe-status": from the files for whole groups, else from this run.
table=$out/table.$side
if [ $run = full ]; then
  for g in "${groups[@]}"; do grep -v '^#' "$(gfile "$g")" 2>/dev/null; done | sort >"$table"
else
  awk -v h="$out/hotspot/results" -v l="$out/loupe/results" '
    FILENAME == h { hs[$1] = $2 } FILENAME == l { lp[$1] = $2 }
    FILENAME != h && FILENAME != l { print $1, ($1 in hs ? hs[$1] : "-"), ($1 in lp ? lp[$1] : "-") }' \
    $(for s in hotspot loupe; do [ -f "$out/$s/results" ] && echo "$out/$s/results"; done) "$out/tests.txt" | sort >"$table"
fi
count() { awk -v c="$1" -v w="$2" -v g="$3/" '(g == "/" || index($1, g) == 1) && (w == "run" ? $c != "-" && $c != "Excluded" : $c == w)' "$table" | wc -l; }
tests() { awk -v g="$1/" 'g == "/" || index($1, g) == 1' "$table" | wc -l; }
row() { printf '%-24s %6s %9s %9s %9s %9s\n' "$@"; }
row "" "" HotSpot "" Loupe ""
row group tests run pass run pass
for g in "${groups[@]}"; do [ $run = full ] || [ "$(tests "$g")" -gt 0 ] || continue; row "$g" "$(tests "$g")" "$(count 2 run "$g")" "$(count 2 Passed "$g")" "$(count 3 run "$g")" "$(count 3 Passed "$g")"; done
row total "$(tests "")" "$(count 2 run "")" "$(count 2 Passed "")" "$(count 3 run "")" "$(count 3 Passed "")"
if [ $run = full ]; then
  for g in "${groups[@]}"; do for s in hotspot loupe; do echo "$g $s: $(header "$(gfile "$g")" $s)"; done; done
else
  for s in hotspot loupe; do [ -f "$out/$s/seconds" ] && echo "$s: $(cat "$out/$s/seconds") s"; done
fi

# The smoke list holds tests that pass on HotSpot: run on Loupe alone (CI), each must pass.
if [ $smoke = 1 ] && [ $side = loupe ]; then
  missed=$(awk '$3 != "Passed" { print $1, ($3 == "-" ? "NotRun" : $3) }' "$table")
  echo "$(wc -l <"$out/tests.txt") smoke tests, $(echo -n "$missed" | grep -c .) not passing on Loupe"
  [ -z "$missed" ] && exit 0
  echo "$missed" | sed 's/^/  /'
  exit 1
fi
# Tests passing on HotSpot and not on Loupe; in the files, a "-" of Loupe's is a test not run yet.
if [ $run = full ]; then
  awk '$2 == "Passed" && $3 != "Passed" && $3 != "-" && $3 != "Excluded" { print $1, $3 }' "$table" >"$out/regressions.$side"
  echo "$(awk '$2 == "Passed" && $3 == "-"' "$table" | wc -l) tests passing on HotSpot not run on Loupe yet," \
    "$(awk '$2 == "Passed" && $3 == "Excluded"' "$table" | wc -l) left out on Loupe (@requires)"
else
  [ -f "$out/hotspot/results" ] && [ -f "$out/loupe/results" ] || exit 0
  awk '$2 == "Passed" && $3 != "Passed" { print $1, ($3 == "-" ? "NotRun" : $3) }' "$table" >"$out/regressions.$side"
fi
regressions=$out/regressions.$side
unexpected=$(cut -d' ' -f1 "$regressions" | sort | comm -23 - <(listed))
fixed=$(awk '$3 == "Passed" { print $1 }' "$table" | sort | comm -12 - <(listed))
echo "$(wc -l <"$regressions") tests pass on HotSpot and not on Loupe; $(echo -n "$unexpected" | grep -c .) not in $(basename "$known")"
[ -n "$fixed" ] && echo "listed but passing now:" && echo "$fixed" | sed 's/^/  /'
[ -z "$unexpected" ] && exit 0
echo "unexpected failures (see $out/loupe/work):"
grep -F -f <(echo "$unexpected") "$regressions" | sed 's/^/  /'
exit 1
