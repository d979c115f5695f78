#!/bin/bash
# Runs OpenJDK 17's own regression tests (test/jdk) with Debian's jtreg against HotSpot (the
# system JDK) and against Loupe (build/jdk), prints both pass counts side by side and checks
# the tests that pass on HotSpot but not on Loupe against tests/jtreg/known-failures.txt.
#
#   tools/jtreg.sh [--smoke] [--sample N] [--side hotspot|loupe|both|none] [GROUP...]
#
# --smoke runs tests/jtreg/smoke.txt (what CI runs, with --side loupe: every test on that
# list passes on HotSpot, so on Loupe alone each must pass); otherwise the GROUPs (directories of
# test/jdk; default: the groups below), all of their tests or, with --sample N, N tests
# per group spread evenly over its sorted list (the same N gives the same tests).
# JTREG_CONC (default 1) and JTREG_TIMEOUT_FACTOR (default 1) go to jtreg; LOUPE_JDK names
# the Loupe image.  Results and jtreg's reports are in build/jtreg/<run>/<side>/.
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
default_groups="java/lang java/util java/io java/math java/text java/net java/nio jdk/internal"

smoke=0 sample=0 side=both groups=()
while [ $# -gt 0 ]; do
  case $1 in
    --smoke) smoke=1 ;;
    --sample) sample=$2; shift ;;
    --side) side=$2; shift ;;
    -*) echo "usage: $0 [--smoke] [--sample N] [--side hotspot|loupe|both|none] [GROUP...]" >&2; exit 2 ;;
    *) groups+=("$1") ;;
  esac
  shift
done
[ ${#groups[@]} -gt 0 ] || read -r -a groups <<<"$default_groups"

src=$("$root/tools/openjdk_src.sh") || exit 1
suite=$src/test/jdk
command -v jtreg >/dev/null || apt-get install -y -q jtreg7 >&2 || exit 1
export JT_JAVA=$JAVA_HOME
if ! grep -q whiteBoxOrNull "$src/test/jtreg-ext/requires/VMProps.java"; then
  patch -d "$src" -p1 <"$root/tests/jtreg/vmprops-no-whitebox.patch" >&2 || exit 1
fi

if [ $smoke = 1 ]; then run=smoke; elif [ "$sample" -gt 0 ]; then run=sample$sample; else run=full; fi
out=$root/build/jtreg/$run
mkdir -p "$out"

# The test list: one name per line, as jtreg reports them.
list_group() {
  jtreg -l -jdk:"$JAVA_HOME" -w:"$out/list-work" -dir:"$suite" "$1" 2>/dev/null | grep -E '^[a-z].*\.(java|sh|html)' | sort
}
pick() { awk -v n="$1" '{ a[NR] = $0 } END { if (n <= 0 || n >= NR) { for (i = 1; i <= NR; i++) print a[i] } else for (i = 0; i < n; i++) print a[int(i * NR / n) + 1] }'; }

if [ $smoke = 1 ]; then
  sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$root/tests/jtreg/smoke.txt" | awk '{ print $1 }' >"$out/tests.txt"
else
  : >"$out/tests.txt"
  for g in "${groups[@]}"; do list_group "$g" | pick "$sample" >>"$out/tests.txt"; done
fi
echo "jtreg: $(wc -l <"$out/tests.txt") tests, run '$run', suite $suite" >&2

run_side() {   # NAME JDK
  local d=$out/$1
  rm -rf "$d/report"
  mkdir -p "$d"
  local t0=$SECONDS
  nice -n 10 jtreg -jdk:"$2" -compilejdk:"$JAVA_HOME" -dir:"$suite" -w:"$d/work" -r:"$d/report" \
    -conc:"$conc" -timeoutFactor:"$tf" -othervm -exclude:"$suite/ProblemList.txt" -v:summary \
    $(cat "$out/tests.txt") >"$d/log" 2>&1
  echo $((SECONDS - t0)) >"$d/seconds"
  results "$d"
}

# name -> Passed / Failed / Error, from jtreg's progress lines (so that a run cut short counts too)
results() { sed -n 's/^\(Passed\|FAILED\|Error\): *\([^ ]*\).*/\2 \1/p' "$1/log" | sed 's/ FAILED$/ Failed/' | sort >"$1/results"; }

case $side in
  both) run_side hotspot "$JAVA_HOME"; run_side loupe "$LOUPE_JDK" ;;
  hotspot) run_side hotspot "$JAVA_HOME" ;;
  loupe) run_side loupe "$LOUPE_JDK" ;;
  none) for s in hotspot loupe; do [ -f "$out/$s/log" ] && results "$out/$s"; done ;;   # report only
esac

count() { [ -f "$out/$1/results" ] && awk -v g="$2" '$2 == "Passed" && (g == "" || index($1, g "/") == 1)' "$out/$1/results" | wc -l || echo -; }
total() { awk -v g="$1" 'g == "" || index($1, g "/") == 1' "$out/tests.txt" | wc -l; }
printf '%-16s %6s %14s %14s\n' group tests "HotSpot pass" "Loupe pass"
all_groups=$(sed 's|/[^/]*$||' "$out/tests.txt" | awk -F/ '{ print $1 "/" $2 }' | sort -u)
for g in $all_groups; do printf '%-16s %6s %14s %14s\n' "$g" "$(total "$g")" "$(count hotspot "$g")" "$(count loupe "$g")"; done
printf '%-16s %6s %14s %14s\n' total "$(wc -l <"$out/tests.txt")" "$(count hotspot "")" "$(count loupe "")"
for s in hotspot loupe; do [ -f "$out/$s/seconds" ] && echo "$s: $(cat "$out/$s/seconds") s"; done

# The smoke list holds tests that pass on HotSpot: run on Loupe alone (CI), each must pass.
if [ $smoke = 1 ] && [ $side = loupe ]; then
  missed=$(awk '{ print $1 }' "$out/tests.txt" | sort | join -a1 - "$out/loupe/results" | awk '$2 != "Passed" { print $1, ($2 == "" ? "NotRun" : $2) }')
  echo "$(wc -l <"$out/tests.txt") smoke tests, $(echo -n "$missed" | grep -c .) not passing on Loupe"
  [ -z "$missed" ] && exit 0
  echo "$missed" | sed 's/^/  /'
  exit 1
fi
[ -f "$out/hotspot/results" ] && [ -f "$out/loupe/results" ] || exit 0
join -a1 "$out/hotspot/results" "$out/loupe/results" | awk '$2 == "Passed" && $3 != "Passed" { print $1, ($3 == "" ? "NotRun" : $3) }' >"$out/regressions"
listed() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$known" | awk '{ print $1 }' | sort -u; }
listed >"$out/listed"
unexpected=$(cut -d' ' -f1 "$out/regressions" | sort | comm -23 - "$out/listed")
fixed=$(awk '$2 == "Passed" { print $1 }' "$out/loupe/results" | sort | comm -12 - "$out/listed")
echo "$(wc -l <"$out/regressions") tests pass on HotSpot and not on Loupe; $(echo -n "$unexpected" | grep -c .) not in $(basename "$known")"
[ -n "$fixed" ] && echo "listed but passing now:" && echo "$fixed" | sed 's/^/  /'
[ -z "$unexpected" ] && exit 0
echo "unexpected failures (see $out/loupe/work):"
grep -F -f <(echo "$unexpected") "$out/regressions" | sed 's/^/  /'
exit 1
