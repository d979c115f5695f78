#!/bin/bash
# tests/run.sh — Loupe's test suite driver; prints one line per test and, last,
# "N passed, N failed".  Exit status 0 only when nothing failed (and something ran: a
# TESTS selection that matches nothing is an error).
#
# Tests are named KIND/NAME:
#   java/NAME   tests/java/NAME.java, run on HotSpot (the reference) and on Loupe; the
#               standard output, standard error and exit status must be identical.
#   embed/NAME  tests/embed/NAME.c, built against each libjvm.so; compared the same way.
#   unit/NAME   tests/unit/NAME.c linked with libloupe.a; exit status 0 passes.  It gets
#               $BUILD/tests/classes (javac-compiled test classes) as its argument.
#   agent/NAME  tests/agent/NAME.c, a JVMTI agent built as a shared library, loaded with
#               -agentpath into each JDK's bin/java running a Java target compiled with -g
#               (tests/agent/java/); compared like java tests.  Header lines of NAME.c:
#               `// main: CLASS` (default NAME), `// agent-options: OPTS` (after the =),
#               `// vm-options: OPTS`, `// normalize: SEDEXPR`.
#   prof/NAME   tests/prof/NAME.sh, a profiler test (profiler/): run once, on HotSpot unless
#               PROF_JAVA names another java, with BUILD, JAVA_HOME and ROOT set; exit
#               status 0 passes.
#   jvmpi/NAME  tests/jvmpi/NAME.sh, a JVMPI test (Loupe only: HotSpot has no JVMPI): run
#               once, with BUILD, JAVA_HOME and ROOT set; exit status 0 passes.
#   tool/NAME   tests/tool/NAME.sh, a script that drives a JDK's own tools (java -jar,
#               javac, jar, ...): run once with JDK=$JAVA_HOME and once with JDK=$BUILD/jdk
#               (the JDK image whose VM is Loupe), in an empty scratch directory, with
#               CLASSES=$BUILD/tests/classes; compared like java tests.
# Everything is built by `make test-programs` (tests/tests.mk).
#
# Header lines of a Java test (within its first 30 lines):
#   // vm-options: OPTS     VM options for both VMs (e.g. -Xmx32m)
#   // gcstress-args: ARGS  program arguments for both VMs when the suite runs under GC
#                           stress (LOUPE_OPTIONS with GCStressInterval) or on a sanitizer
#                           build (BUILD ending in asan or tsan): a smaller workload
#   // normalize: SEDEXPR   applied to both outputs before comparing (legitimately
#                           VM-specific lines only; use sparingly)
# A tool script may have `# normalize: SEDEXPR` lines (within its first 30 lines).
#
# Environment:
#   BUILD            build directory (default build)
#   JAVA_HOME        the OpenJDK 17 whose HotSpot is the reference
#   TEST_MODE        how java tests run, one mode or several (spaces or commas); the
#                    other kinds of test do not depend on it and run once.
#                    embed (default): both VMs run under tests/embed/jembed.c, the test
#                    classes on -Xbootclasspath/a; launcher: bin/java -cp of each JDK;
#                    altjvm: Loupe through the system JDK's launcher,
#                    $JAVA_HOME/bin/java -XXaltjvm=$BUILD/jdk/lib/server -cp (HotSpot
#                    as in launcher mode).  With several modes a java test's name gets
#                    the mode: java/NAME@launcher.
#   TESTS            words selecting tests: each is a shell glob (matched against
#                    KIND/NAME and NAME) or an extended regex (matched against KIND/NAME)
#   TEST_TIMEOUT     seconds each run may take (default 120); exceeding it fails the test
#   JOBS             tests run in parallel (default: nproc)
#   SAN=1            Loupe is built with ASan+UBSan, SAN=thread with ThreadSanitizer
#                    (detected from libjvm.so when unset): a Loupe-side binary that does
#                    not link the sanitizer's runtime (bin/java, env) gets it through
#                    LD_PRELOAD.  ThreadSanitizer reads tests/tsan.supp.
#   LOUPE_OPTIONS    passed through untouched (Loupe reads it; make test-gcstress sets it)
#   LOUPE_TEST_OPTIONS  extra VM options jembed appends, on the Loupe side only
# To check the harness itself, the Loupe side can be pointed at HotSpot:
#   LOUPE_JEMBED=PATH      jembed binary for the Loupe side (embed mode)
#   LOUPE_JAVA=PATH        java launcher for the Loupe side (launcher mode)
#   LOUPE_ALTJVM_DIR=DIR   directory of the libjvm.so that altjvm mode loads (default
#                          $BUILD/jdk/lib/server)
#   LOUPE_LIBJVM_DIR=DIR   directory whose libjvm.so the Loupe-side jembed and embed
#                          tests load (through LD_LIBRARY_PATH, which beats their RUNPATH)
#
# HotSpot's results are cached in $BUILD/tests/expected/MODE/ (altjvm shares launcher's;
# the other kinds use expected/other/), keyed by a hash of the test's class files,
# options, the reference binary and JDK, so reruns only run Loupe.
set -u

root=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-build}
case "$BUILD" in /*) ;; *) BUILD=$PWD/$BUILD ;; esac
export JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}   # tool scripts run its jdb, jshell...
TEST_MODE=${TEST_MODE:-embed}
TEST_TIMEOUT=${TEST_TIMEOUT:-120}
TESTS=${TESTS:-}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
LOUPE_JEMBED=${LOUPE_JEMBED:-$BUILD/tests/jembed}
LOUPE_JAVA=${LOUPE_JAVA:-$BUILD/jdk/bin/java}
LOUPE_ALTJVM_DIR=${LOUPE_ALTJVM_DIR:-$BUILD/jdk/lib/server}
LOUPE_LIBJVM_DIR=${LOUPE_LIBJVM_DIR:-}
classes=$BUILD/tests/classes
# Tests run in scratch directories: make the given paths absolute.
absolute() { case "$1" in /*|"") echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
LOUPE_JEMBED=$(absolute "$LOUPE_JEMBED")
LOUPE_JAVA=$(absolute "$LOUPE_JAVA")
LOUPE_ALTJVM_DIR=$(absolute "$LOUPE_ALTJVM_DIR")
LOUPE_LIBJVM_DIR=$(absolute "$LOUPE_LIBJVM_DIR")
JAVA_HOME=$(absolute "$JAVA_HOME")

read -r -a modes <<<"${TEST_MODE//,/ }"
[ ${#modes[@]} -gt 0 ] || modes=(embed)
for m in "${modes[@]}"; do
  case "$m" in
    embed|launcher|altjvm) ;;
    *) echo "run.sh: TEST_MODE must list embed, launcher or altjvm, not '$m'" >&2; exit 2 ;;
  esac
done

# The same environment for both VMs, and one that does not depend on the caller's shell.
export LC_ALL=C.UTF-8 TZ=UTC
unset CLASSPATH JAVA_TOOL_OPTIONS _JAVA_OPTIONS JDK_JAVA_OPTIONS
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:handle_segv=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:report_signal_unsafe=0:suppressions=$root/tests/tsan.supp}

# links_san FILE: whether FILE links the sanitizer runtime of this build
links_san() {
  case "$SAN" in
    1) readelf -d "$1" 2>/dev/null | grep -q 'NEEDED.*libasan' ;;
    thread) readelf -d "$1" 2>/dev/null | grep -q 'NEEDED.*libtsan' ;;
    *) return 1 ;;
  esac
}
if [ -z "${SAN:-}" ]; then
  SAN=0
  if readelf -d "$BUILD/jdk/lib/server/libjvm.so" 2>/dev/null | grep -q 'NEEDED.*libasan'; then SAN=1
  elif readelf -d "$BUILD/jdk/lib/server/libjvm.so" 2>/dev/null | grep -q 'NEEDED.*libtsan'; then SAN=thread
  fi
fi
san_lib=""
[ "$SAN" = 1 ] && san_lib=$(gcc -print-file-name=libasan.so)
[ "$SAN" = thread ] && san_lib=$(gcc -print-file-name=libtsan.so)

work=$(mktemp -d "${TMPDIR:-/tmp}/loupe-tests.XXXXXX")
trap 'rm -rf "$work"' EXIT
# On Ctrl-C or kill: stop the running tests, i.e. our own descendants only.
kill_tree() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$child"; done
  kill -TERM "$1" 2>/dev/null
}
on_signal() {
  trap '' INT TERM
  local job
  for job in $(jobs -p); do kill_tree "$job"; done
  wait
  exit 130
}
trap on_signal INT TERM

# --- running and comparing --------------------------------------------------------

# run_capture PREFIX SIDE CMD...: runs CMD (SIDE is hotspot, loupe, tool or unit) under the
# time limit, with an empty stdin, in the directory PREFIX.cwd (crash logs and core files
# land there, not in the source tree; no core files are written anyway) and with output
# files limited to 64 MB; writes PREFIX.out, PREFIX.err and PREFIX.rc (the exit status,
# or "timeout").  LOUPE_TEST_OPTIONS (read by jembed) only reaches the Loupe side.
run_capture() {
  local prefix=$1 side=$2
  shift 2
  local envs=()
  if [ "$side" = tool ]; then
    envs+=(-u LOUPE_TEST_OPTIONS)     # the script's JDK decides which VM runs
  elif [ "$side" = loupe ]; then
    [ -n "$LOUPE_LIBJVM_DIR" ] && envs+=("LD_LIBRARY_PATH=$LOUPE_LIBJVM_DIR")
    if [ -n "$san_lib" ] && ! links_san "$1"; then
      envs+=("LD_PRELOAD=$san_lib${LD_PRELOAD:+:$LD_PRELOAD}")
    fi
  else
    envs+=(-u LOUPE_TEST_OPTIONS)
  fi
  mkdir -p "$prefix.cwd"
  local start=$SECONDS
  # (In a subshell whose stderr is discarded: that is where bash reports "Killed".)
  # (--foreground: the VM stays in our process group, so that Ctrl-C reaches it.)
  ( cd "$prefix.cwd" && ulimit -c 0 && ulimit -f 65536 &&
    timeout --foreground -k 5 "$TEST_TIMEOUT" env ${envs[@]+"${envs[@]}"} "$@" \
      >"$prefix.out" 2>"$prefix.err" </dev/null ) 2>/dev/null
  local rc=$?
  if [ "$rc" = 124 ] || { [ "$rc" = 137 ] && [ $((SECONDS - start)) -ge "$TEST_TIMEOUT" ]; }; then
    rc=timeout
  fi
  echo "$rc" >"$prefix.rc"
}

# hash_of FILE...: one hash of the contents of the files, in the order given.
hash_of() { cat "$@" 2>/dev/null | sha256sum | cut -c1-16; }

# reference CACHEDIR KEY CACHENAME PREFIX CMD...: the HotSpot result of CMD in
# PREFIX.{out,err,rc}, from $BUILD/tests/expected/CACHEDIR when KEY matches, else by
# running it (a result that timed out is not cached).
reference() {
  local key=$2 cname=$3 prefix=$4
  local dir=$BUILD/tests/expected/$1
  shift 4
  local c=$dir/$cname.$key s f
  if [ -f "$c.rc" ] && cp "$c.out" "$prefix.out" 2>/dev/null && cp "$c.err" "$prefix.err" 2>/dev/null &&
     cp "$c.rc" "$prefix.rc" 2>/dev/null; then
    return
  fi
  run_capture "$prefix" hotspot "$@"
  [ "$(cat "$prefix.rc")" = timeout ] && return
  # Store it; another run.sh, or another job of this one (hence $BASHPID, not $$: the
  # launcher and altjvm modes share HotSpot's result), may be doing the same: each file
  # appears atomically, the .rc last (it marks a complete entry), and only entries with
  # other keys are removed.
  mkdir -p "$dir"
  for f in "$dir/$cname".*; do
    case "$f" in "$c".*) ;; *) rm -f "$f" ;; esac
  done
  for s in out err rc; do
    cp "$prefix.$s" "$c.$s.$BASHPID" && mv "$c.$s.$BASHPID" "$c.$s"
  done
}

# status_name STATUS: the exit status, with the signal's name when it is 128+signal.
status_name() {
  local sig
  if [ "$1" -gt 128 ] 2>/dev/null && sig=$(kill -l $(($1 - 128)) 2>/dev/null); then
    echo "$1 (SIG$sig)"
  else
    echo "$1"
  fi
}

# compare NAME REF LOUPE RESULT [SEDEXPR...]: compares two captured runs and writes the
# crash_logs PREFIX: the crash reports (hs_err_pid*.log) a VM wrote in PREFIX.cwd, kept in
# $BUILD/tests/crashes (the work directory goes at exit) and summed up for the FAIL lines:
# the problematic frame and the crashing thread's Java frames, so that a crash seen once
# in a loaded run can still be read afterwards.
crash_logs() {
  local f kept
  for f in "$1".cwd/hs_err_pid*.log; do
    [ -f "$f" ] || continue
    mkdir -p "$BUILD/tests/crashes"
    kept="$BUILD/tests/crashes/$(basename "$1").$(basename "$f")"
    cp "$f" "$kept"
    echo "    crash report kept: $kept"
    { grep -A1 -m1 '^# Problematic frame' "$f"; sed -n '/^Java frames:/,/^$/p' "$f" | head -n 12; } |
      sed 's/^/      /'
  done
}

# PASS/FAIL line, followed by the beginning of each difference, to RESULT.
compare() {
  local name=$1 ref=$2 lo=$3 result=$4
  shift 4
  local sedargs=() e s
  for e in "$@"; do sedargs+=(-e "$e"); done
  for s in out err; do
    if [ ${#sedargs[@]} -gt 0 ]; then
      sed "${sedargs[@]}" "$ref.$s" >"$ref.n$s"
      sed "${sedargs[@]}" "$lo.$s" >"$lo.n$s"
    else
      cp "$ref.$s" "$ref.n$s"; cp "$lo.$s" "$lo.n$s"
    fi
  done
  local rrc lrc reasons=() details=""
  rrc=$(cat "$ref.rc"); lrc=$(cat "$lo.rc")
  if [ "$rrc" = timeout ]; then
    reasons+=("HotSpot timed out after ${TEST_TIMEOUT}s")
  elif [ "$lrc" = timeout ]; then
    reasons+=("timed out after ${TEST_TIMEOUT}s")
  elif [ "$rrc" != "$lrc" ]; then
    reasons+=("exit status $(status_name "$lrc"), expected $(status_name "$rrc")")
  fi
  local label
  for s in out err; do
    label=stdout; [ "$s" = err ] && label=stderr
    if ! cmp -s "$ref.n$s" "$lo.n$s"; then
      reasons+=("$label differs")
      details+=$(diff -u --label "$label HotSpot" --label "$label Loupe" "$ref.n$s" "$lo.n$s" |
                 head -n 30 | sed 's/^/    /')
      details+=$'\n'
    fi
  done
  if [ ${#reasons[@]} -eq 0 ]; then
    echo "PASS $name" >"$result"
  else
    local joined=${reasons[0]} r
    for r in "${reasons[@]:1}"; do joined+=", $r"; done
    echo "FAIL $name ($joined)" >"$result"
    printf '%s' "$details" >>"$result"
    crash_logs "$lo" >>"$result"
  fi
}

# header_values FILE KEY: the values of the `// KEY: value` lines at the top of FILE
# (`# KEY: value` in a tool script).
header_values() { head -n 30 "$1" | sed -n "s,^\(//\|#\) $2: *,,p"; }

# run_java NAME RESULT PREFIX MODE
run_java() {
  local name=$1 result=$2 t=$3 mode=$4
  local n=${name#java/}
  n=${n%@*}
  local src=$root/tests/java/$n.java
  if [ ! -f "$classes/$n.class" ]; then
    echo "FAIL $name (not compiled: run make test-programs)" >"$result"; return
  fi
  local opts=() norms=() line pargs=()
  read -r -a opts <<<"$(header_values "$src" vm-options | tr '\n' ' ')"
  if [[ "${LOUPE_OPTIONS:-}" == *GCStress* || "$BUILD" == */asan || "$BUILD" == */tsan ]]; then
    read -r -a pargs <<<"$(header_values "$src" gcstress-args | tr '\n' ' ')"
  fi
  while IFS= read -r line; do norms+=("$line"); done < <(header_values "$src" normalize)
  local files=("$classes/$n.class")
  shopt -s nullglob
  files+=("$classes/$n"\$*.class)
  shopt -u nullglob
  local ref_cmd lo_cmd refbin refmode=$mode
  case "$mode" in
    embed)
      refbin=$BUILD/tests/jembed-hotspot
      ref_cmd=("$refbin" ${opts[@]+"${opts[@]}"} "-Xbootclasspath/a:$classes" "$n" ${pargs[@]+"${pargs[@]}"})
      lo_cmd=("$LOUPE_JEMBED" ${opts[@]+"${opts[@]}"} "-Xbootclasspath/a:$classes" "$n" ${pargs[@]+"${pargs[@]}"}) ;;
    launcher|altjvm)
      refmode=launcher
      refbin=$JAVA_HOME/bin/java
      ref_cmd=("$refbin" ${opts[@]+"${opts[@]}"} -cp "$classes" "$n" ${pargs[@]+"${pargs[@]}"})
      if [ "$mode" = launcher ]; then
        lo_cmd=("$LOUPE_JAVA" ${opts[@]+"${opts[@]}"} -cp "$classes" "$n" ${pargs[@]+"${pargs[@]}"})
      else
        if [ ! -f "$LOUPE_ALTJVM_DIR/libjvm.so" ]; then
          echo "FAIL $name (missing $LOUPE_ALTJVM_DIR/libjvm.so: run make)" >"$result"; return
        fi
        lo_cmd=("$JAVA_HOME/bin/java" "-XXaltjvm=$LOUPE_ALTJVM_DIR" ${opts[@]+"${opts[@]}"} -cp "$classes" "$n"
                ${pargs[@]+"${pargs[@]}"})
      fi ;;
  esac
  for b in "$refbin" "${lo_cmd[0]}"; do
    if [ ! -x "$b" ]; then
      echo "FAIL $name (missing $b: run make test-programs)" >"$result"; return
    fi
  done
  local key
  key=$( { hash_of "${files[@]}"; hash_of "$refbin" "$JAVA_HOME/release";
           echo "$refmode ${opts[*]-} ${pargs[*]-}"; } | sha256sum | cut -c1-16)
  reference "$refmode" "$key" "java-$n" "$t.ref" "${ref_cmd[@]}"
  run_capture "$t.lo" loupe "${lo_cmd[@]}"
  compare "$name" "$t.ref" "$t.lo" "$result" ${norms[@]+"${norms[@]}"}
}

run_embed() {
  local name=$1 result=$2 t=$3
  local n=${name#embed/}
  local refbin=$BUILD/tests/embed/$n-hotspot lobin=$BUILD/tests/embed/$n b
  for b in "$refbin" "$lobin"; do
    if [ ! -x "$b" ]; then
      echo "FAIL $name (missing $b: run make test-programs)" >"$result"; return
    fi
  done
  local key
  key=$( { hash_of "$refbin" "$JAVA_HOME/release"; hash_of "$classes"/*.class; } |
         sha256sum | cut -c1-16)
  reference other "$key" "embed-$n" "$t.ref" "$refbin" "$classes"
  run_capture "$t.lo" loupe "$lobin" "$classes"
  compare "$name" "$t.ref" "$t.lo" "$result"
}

run_tool() {
  local name=$1 result=$2 t=$3
  local n=${name#tool/}
  local script=$root/tests/tool/$n.sh
  if [ ! -x "$BUILD/jdk/bin/java" ]; then
    echo "FAIL $name (missing $BUILD/jdk/bin/java: run make)" >"$result"; return
  fi
  local norms=() line
  while IFS= read -r line; do norms+=("$line"); done < <(header_values "$script" normalize)
  local key
  key=$( { hash_of "$script" "$root/tests/lib/tool.sh" "$JAVA_HOME/bin/java" "$JAVA_HOME/release"; hash_of "$classes"/*.class; } |
         sha256sum | cut -c1-16)
  reference other "$key" "tool-$n" "$t.ref" env JDK="$JAVA_HOME" CLASSES="$classes" bash "$script"
  local jdk=$BUILD/jdk
  if [ -n "$san_lib" ]; then
    # the sanitizer runtime must be preloaded into the JDK's launchers, not into the shell
    # that runs the script: a directory of bin/ wrappers stands in for the JDK
    jdk=$t.jdk
    mkdir -p "$jdk/bin"
    local tool part
    for part in "$BUILD/jdk/"*; do
      [ "${part##*/}" = bin ] || ln -s "$(cd "$part" 2>/dev/null && pwd || echo "$part")" "$jdk/${part##*/}"
    done
    for tool in "$BUILD/jdk/bin/"*; do
      printf '#!/bin/sh\nLD_PRELOAD=%s exec %s "$@"\n' "$san_lib" "$tool" >"$jdk/bin/${tool##*/}"
      chmod +x "$jdk/bin/${tool##*/}"
    done
  fi
  run_capture "$t.lo" tool env JDK="$jdk" CLASSES="$classes" bash "$script"
  compare "$name" "$t.ref" "$t.lo" "$result" ${norms[@]+"${norms[@]}"}
}

run_agent() {
  local name=$1 result=$2 t=$3
  local n=${name#agent/}
  local src=$root/tests/agent/$n.c lib=$BUILD/tests/agent/lib$n.so acls=$BUILD/tests/agent-classes
  if [ ! -f "$lib" ] || [ ! -f "$acls/.built" ]; then
    echo "FAIL $name (missing $lib or $acls: run make test-programs)" >"$result"; return
  fi
  local main aopts opts=() norms=() line
  main=$(header_values "$src" main | head -n 1)
  main=${main:-$n}
  aopts=$(header_values "$src" agent-options | head -n 1)
  read -r -a opts <<<"$(header_values "$src" vm-options | tr '\n' ' ')"
  while IFS= read -r line; do norms+=("$line"); done < <(header_values "$src" normalize)
  local agent=-agentpath:$lib${aopts:+=$aopts}
  local key
  key=$( { hash_of "$lib" "$JAVA_HOME/bin/java" "$JAVA_HOME/release"; hash_of "$acls"/*.class;
           echo "$main $aopts ${opts[*]-}"; } | sha256sum | cut -c1-16)
  reference other "$key" "agent-$n" "$t.ref" "$JAVA_HOME/bin/java" "$agent" ${opts[@]+"${opts[@]}"} -cp "$acls" "$main"
  run_capture "$t.lo" loupe "$LOUPE_JAVA" "$agent" ${opts[@]+"${opts[@]}"} -cp "$acls" "$main"
  compare "$name" "$t.ref" "$t.lo" "$result" ${norms[@]+"${norms[@]}"}
}

run_unit() {
  local name=$1 result=$2 t=$3
  local bin=$BUILD/tests/unit/${name#unit/}
  if [ ! -x "$bin" ]; then
    echo "FAIL $name (missing $bin: run make test-programs)" >"$result"; return
  fi
  run_capture "$t" unit "$bin" "$classes"
  judge_status "$name" "$result" "$t"
}

run_prof() {
  local name=$1 result=$2 t=$3
  run_capture "$t" unit env BUILD="$BUILD" JAVA_HOME="$JAVA_HOME" ROOT="$root" \
    bash "$root/tests/$name.sh"
  judge_status "$name" "$result" "$t"
}

# judge_status NAME RESULT PREFIX: PASS when the run in PREFIX exited with status 0.
judge_status() {
  local name=$1 result=$2 t=$3
  local rc
  rc=$(cat "$t.rc")
  if [ "$rc" = 0 ]; then
    echo "PASS $name" >"$result"
  else
    if [ "$rc" = timeout ]; then
      echo "FAIL $name (timed out after ${TEST_TIMEOUT}s)"
    else
      echo "FAIL $name (exit status $(status_name "$rc"))"
    fi >"$result"
    cat "$t.out" "$t.err" | tail -n 30 | sed 's/^/    /' >>"$result"
    crash_logs "$t" >>"$result"
  fi
}

# run_one NAME MODE RESULT: runs one test; RESULT appears (atomically) when it is done.
run_one() {
  local name=$1 mode=$2 result=$3
  local t=$work/t.${name//\//-}
  case "$name" in
    java/*) run_java "$name" "$t.res" "$t" "$mode" ;;
    embed/*) run_embed "$name" "$t.res" "$t" ;;
    unit/*) run_unit "$name" "$t.res" "$t" ;;
    tool/*) run_tool "$name" "$t.res" "$t" ;;
    agent/*) run_agent "$name" "$t.res" "$t" ;;
    prof/*|jvmpi/*) run_prof "$name" "$t.res" "$t" ;;
  esac
  mv "$t.res" "$result"
}

# --- choosing the tests ----------------------------------------------------------

# selected NAME [LABEL]: whether TESTS selects the test KIND/NAME (LABEL: the name with
# its mode, java/NAME@MODE, which a pattern may also match).
selected() {
  local name=$1 label=${2:-$1} pat
  local -
  set -f
  [ -z "$TESTS" ] && return 0
  for pat in ${TESTS//,/ }; do
    # shellcheck disable=SC2254
    case "$name" in $pat) return 0 ;; esac
    case "${name#*/}" in $pat) return 0 ;; esac
    case "$label" in $pat) return 0 ;; esac
    case "${label#*/}" in $pat) return 0 ;; esac
    [[ $name =~ $pat ]] 2>/dev/null && return 0     # (no grep process per name and word)
  done
  return 1
}

all_tests() {
  for f in "$root"/tests/java/*.java; do [ -f "$f" ] && b=${f##*/} && echo "java/${b%.java}"; done
  for f in "$root"/tests/embed/*.c; do
    [ -f "$f" ] || continue
    b=${f##*/}; b=${b%.c}
    [ "$b" = jembed ] || echo "embed/$b"
  done
  for f in "$root"/tests/tool/*.sh; do [ -f "$f" ] && b=${f##*/} && echo "tool/${b%.sh}"; done
  for f in "$root"/tests/agent/*.c; do [ -f "$f" ] && b=${f##*/} && echo "agent/${b%.c}"; done
  for f in "$root"/tests/prof/*.sh; do [ -f "$f" ] && b=${f##*/} && echo "prof/${b%.sh}"; done
  for f in "$root"/tests/jvmpi/*.sh; do [ -f "$f" ] && b=${f##*/} && echo "jvmpi/${b%.sh}"; done
  for f in "$root"/tests/unit/test_*.c; do [ -f "$f" ] && b=${f##*/} && echo "unit/${b%.c}"; done
}
# names[i] is the label printed, test_modes[i] the mode it runs in (java tests once per
# mode, labelled with it when there are several).
names=()
test_modes=()
while IFS= read -r n; do
  case "$n" in
    java/*)
      for m in "${modes[@]}"; do
        label=$n
        [ ${#modes[@]} -gt 1 ] && label=$n@$m
        selected "$n" "$label" && { names+=("$label"); test_modes+=("$m"); }
      done ;;
    *) selected "$n" && { names+=("$n"); test_modes+=("${modes[0]}"); } ;;
  esac
done < <(all_tests | LC_ALL=C sort)

if [ ${#names[@]} -eq 0 ]; then
  echo "run.sh: no test matches TESTS='$TESTS'" >&2
  echo "0 passed, 0 failed"
  exit 1
fi

# --- running them in parallel, reporting in name order -------------------------------

printed=0
flush() {
  while [ "$printed" -lt ${#names[@]} ] && [ -f "$work/result.$printed" ]; do
    cat "$work/result.$printed"
    printed=$((printed + 1))
  done
}

for i in "${!names[@]}"; do
  while [ "$(jobs -pr | wc -l)" -ge "$JOBS" ]; do
    wait -n
    flush
  done
  ( start=$SECONDS; run_one "${names[$i]}" "${test_modes[$i]}" "$work/result.$i"
    echo "$((SECONDS - start)) ${names[$i]}" >"$work/time.$i" ) &
  flush
done
wait
flush

passed=0
failed=0
for i in "${!names[@]}"; do
  if head -n 1 "$work/result.$i" | grep -q '^PASS '; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
done
# The slowest tests and the run's time: where a CI run's minutes went (every test's time
# in $BUILD/tests/times.txt, the slowest first).
mkdir -p "$BUILD/tests" && cat "$work"/time.* 2>/dev/null | sort -rn >"$BUILD/tests/times.txt" || true
echo "slowest: $(head -n 8 "$BUILD/tests/times.txt" | awk '{printf "%s %ss, ", $2, $1}')"
echo "$passed passed, $failed failed in ${SECONDS}s"
[ "$failed" -eq 0 ]
