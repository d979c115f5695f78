# tests/prof/lib/prof.bash — what the profiler tests (tests/prof/NAME.sh) share.
# run.sh runs each test in an empty scratch directory with BUILD, JAVA_HOME and ROOT set;
# exit status 0 passes.  The profiled VM is HotSpot unless PROF_JAVA names another java
# (PROF_JAVA=build/jdk/bin/java: Loupe, once it loads agents).
set -eu
PROF_JAVA=${PROF_JAVA:-$JAVA_HOME/bin/java}
ON_LOUPE=0
LP=$BUILD/bin/loupe-prof
ARTIFACTS=$BUILD/tests/prof
mkdir -p "$ARTIFACTS"

fail() { echo "FAIL: $*" >&2; exit 1; }

[ -x "$LP" ] && [ -f "$BUILD/lib/libloupeprof.so" ] || fail "missing $LP or libloupeprof.so: run make"

# compile NAME...: tests/prof/java/NAME.java into ./classes
compile() {
  local srcs=() n
  for n in "$@"; do srcs+=("$ROOT/tests/prof/java/$n.java"); done
  "$JAVA_HOME/bin/javac" -d classes "${srcs[@]}"
}

# need COMMAND PACKAGE: installs the Debian package through tools/deps.sh when COMMAND is
# missing (one test at a time); skips the test, saying so, when that is impossible.
need() {
  command -v "$1" >/dev/null 2>&1 && return
  flock /tmp/loupe-prof-test-deps.lock "$ROOT/tools/deps.sh" "$2" >&2 || true
  command -v "$1" >/dev/null 2>&1 && return
  echo "SKIP: $1 is not installed (apt-get install $2) and could not be installed"
  exit 0
}

# weight FILE PATTERN: the summed weights of the collapsed stacks matching PATTERN
weight() { grep -E -- "$2" "$1" | awk '{ s += $NF } END { print s + 0 }'; }

# wait_for FILE TEXT SECONDS: waits until FILE contains TEXT
wait_for() {
  local i
  for ((i = 0; i < $3 * 10; i++)); do
    grep -q -- "$2" "$1" 2>/dev/null && return 0
    sleep 0.1
  done
  fail "no '$2' in $1 after $3 s"
}

# on_loupe: the profiled VM is Loupe (build/jdk/bin/java), through a small wrapper that
# preloads the sanitizer runtime on an ASan or TSan build (the java launcher does not
# link it; libjvm.so does).
on_loupe() {
  local jvm=$BUILD/jdk/lib/server/libjvm.so lib=""
  [ -x "$BUILD/jdk/bin/java" ] || fail "missing $BUILD/jdk/bin/java: run make"
  mkdir -p loupe
  if readelf -d "$jvm" 2>/dev/null | grep -q 'NEEDED.*libasan'; then lib=$(gcc -print-file-name=libasan.so)
  elif readelf -d "$jvm" 2>/dev/null | grep -q 'NEEDED.*libtsan'; then lib=$(gcc -print-file-name=libtsan.so)
  fi
  printf '#!/bin/sh\n%sexec "%s" "$@"\n' "${lib:+LD_PRELOAD=$lib${LD_PRELOAD:+:$LD_PRELOAD} }" \
    "$BUILD/jdk/bin/java" >loupe/java
  chmod +x loupe/java
  PROF_JAVA=$PWD/loupe/java
  ON_LOUPE=1
}

