#!/bin/bash
# JVMTI conformance: OpenJDK 17's test/hotspot/jtreg/vmTestbase/nsk/jvmti (a Java main plus a
# C++ agent per test) run without jtreg, against HotSpot (the system JDK) and Loupe
# (build/jdk), with "N passed, N failed, N skipped" printed for each side by side.
#
#   tools/conformance.sh [--side hotspot|loupe|both] [--limit N | --sample N] [--exclude REGEX] [REGEX]
#
# REGEX selects tests by name (e.g. GetThreadState or 'scenarios/events'), --exclude drops
# those whose name matches its REGEX; --limit N runs
# the first N of the selection.  CONFORMANCE_TIMEOUT (s) bounds each run, by default jtreg's
# own limit for a test without /timeout (120 s; no nsk/jvmti test sets one); a crash or hang
# is a failure; tests run one at a time, under nice.  --sample N runs N tests
# spread evenly over the sorted selection.  Results: build/conformance/results-<side>.txt,
# one "name status" line per test,
# and each run's output in build/conformance/runs/<side>/.
#
# How a test runs.  The jtreg header of each TestDescription.java is read for its @run
# steps.  `@run main/othervm[/native] OPTIONS CLASS ARGS` becomes
#   java -agentpath:build/conformance/lib/libNAME.so=OPTS ... -cp CLASSES CLASS ARGS
# (every -agentlib:NAME=OPTS turned into its -agentpath) in a scratch directory, and passes
# with exit status 95 (the testbase's JCK_STATUS_BASE + 0) or 0.  `@run driver
# nsk.share.ExtraClassesBuilder` is done at build time (classes compiled into the test's
# ./bin/<dir>), and so is @compile (build_compiled).  `ExecDriver --java OPTIONS CLASS` runs
# like main/othervm (its class may be on no class path but one an option names), `@run
# driver ExecDriver --cmd` runs its command (jar, javac) in the scratch directory, with
# ${compile.jdk}, ${test.src} and ${test.class.path} expanded (${test.vm.opts} and
# ${test.java.opts}, jtreg's extra options, to nothing; double quotes group words as in
# jtreg), and `@run driver jdk.test.lib.helpers.ClassFileInstaller CLASS...` copies the
# class files there; `nsk.jdi.ExtraClassesInstaller DIR RESOURCE...` copies resources of the
# test's class path to ./bin/DIR, `nsk.jvmti.NativeLibraryCopier LIB NAME...` the agent LIB
# to ./libNAME.so.  `@run main/native` runs like main/othervm/native.  A main class of the
# test's own directory (a TestDriver starting the test's VMs itself) is compiled with the
# test, as jtreg compiles it; the agents of a test's directory and those its sources name
# are built with those its steps name.  Tests with other drivers or /manual are skipped, as are tests whose
# agent or classes do not build.
# Agents: each lib<name>.cpp is a list of #includes; the shared ones (nsk/share/...) are
# compiled once into objects and each agent links its own sources with them (vm/share's
# libProcessUtils is built the same way).
# Java classes: every main class and @build class, compiled once by the system JDK's javac
# with /vmTestbase and /test/lib as source path.
set -u -f
root=$(cd "$(dirname "$0")/.." && pwd)
JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}
LOUPE_JDK=${LOUPE_JDK:-$root/build/jdk}
limit=0 sample=0 side=both filter=. exclude='^$'
while [ $# -gt 0 ]; do
  case $1 in
    --side) side=$2; shift ;;
    --limit) limit=$2; shift ;;
    --sample) sample=$2; shift ;;
    --exclude) exclude=$2; shift ;;
    -*) echo "usage: $0 [--side hotspot|loupe|both] [--limit N | --sample N] [--exclude REGEX] [REGEX]" >&2; exit 2 ;;
    *) filter=$1 ;;
  esac
  shift
done
tmo=${CONFORMANCE_TIMEOUT:-120}   # jtreg's default per-test limit

src=$("$root/tools/openjdk_src.sh") || exit 1
tb=$src/test/hotspot/jtreg/vmTestbase
out=$root/build/conformance
mkdir -p "$out/obj" "$out/lib" "$out/classes" "$out/extra"
shared_dirs="$tb/nsk/share/native $tb/nsk/share/jni $tb/nsk/share/jvmti $tb/nsk/share/jvmti/agent_common $tb/nsk/share/aod $tb/nsk/share/jvmti/aod"
incs="-I$JAVA_HOME/include -I$JAVA_HOME/include/linux"
for d in $shared_dirs; do incs="$incs -I$d"; done

# ---- the plan: one line per test, "name<TAB>dir<TAB>skip-reason|-<TAB>steps" ----

# The jtreg tags of the first @test comment, one per line, continuation lines joined.
tags() {
  awk '/@test/ { t = 1 }
       t && /\*\// { if (cur != "") print cur; exit }
       t { l = $0; sub(/^[ \t]*\*[ \t]?/, "", l)
           if (l ~ /^@/) { if (cur != "") print cur; cur = l }
           else if (cur != "" && l ~ /^[ \t]+[^ \t]/) { gsub(/^[ \t]+/, " ", l); cur = cur l }
           else { if (cur != "") print cur; cur = "" } }' "$1"
}

plan_test() {   # TestDescription.java -> a plan line
  local f=$1 dir=${1%/*} name reason=- steps="" t
  name=${dir#"$tb"/nsk/jvmti/}
  while IFS= read -r t; do
    set -- $t
    case "$1 ${2:-}" in
      # main/native: jtreg runs it in a VM of its own, as main/othervm/native
      "@run main/othervm/native"|"@run main/othervm"|"@run main/native")
        shift 2
        if [ "${1:-}" != ExecDriver ]; then steps="$steps${steps:+;;}run $*"
        elif [ "${2:-}" = --java ]; then shift 2; steps="$steps${steps:+;;}xrun $*"
        else reason="ExecDriver ${2:-}"; fi ;;
      "@run driver")
        if [ "${3:-}" = nsk.share.ExtraClassesBuilder ]; then shift 3; steps="$steps${steps:+;;}extra $*"
        elif [ "${3:-} ${4:-}" = "ExecDriver --cmd" ]; then shift 4; steps="$steps${steps:+;;}cmd $*"
        elif [ "${3:-}" = jdk.test.lib.helpers.ClassFileInstaller ]; then shift 3; steps="$steps${steps:+;;}install $*"
        elif [ "${3:-}" = nsk.jdi.ExtraClassesInstaller ]; then shift 3; steps="$steps${steps:+;;}binstall $*"
        elif [ "${3:-}" = nsk.jvmti.NativeLibraryCopier ]; then shift 3; steps="$steps${steps:+;;}libcopy $*"
        else reason="driver ${3:-}"; fi ;;
      "@run "*) reason="run ${2:-}" ;;
      "@compile "*) shift; steps="$steps${steps:+;;}compile $*" ;;
      "@build "*) shift; steps="$steps${steps:+;;}build $*" ;;
      "@modules "*) shift; steps="$steps${steps:+;;}modules $*" ;;
    esac
  done < <(tags "$f")
  case $steps in *run*) ;; *) [ "$reason" = - ] && reason="no main run" ;; esac
  printf '%s\t%s\t%s\t%s\n' "$name" "$dir" "$reason" "$steps"
}

grep -rl --include=*.java "@test" "$tb/nsk/jvmti" | sort | while read -r f; do plan_test "$f"; done |
  grep -E -- "^[^	]*($filter)" | grep -Ev -- "^[^	]*($exclude)" >"$out/plan.all"
if [ "$sample" -gt 0 ]; then
  awk -v n="$sample" '{ a[NR] = $0 } END { if (n >= NR) n = NR; for (i = 0; i < n; i++) print a[int(i * NR / n) + 1] }' "$out/plan.all" >"$out/plan"
elif [ "$limit" -gt 0 ]; then head -n "$limit" "$out/plan.all" >"$out/plan"; else cp "$out/plan.all" "$out/plan"; fi
echo "conformance: $(wc -l <"$out/plan") tests selected, $(awk -F'\t' '$3 != "-"' "$out/plan" | wc -l) skipped by their steps" >&2

# ---- agents ----

# The .cpp files lib<name>.cpp includes, each resolved to a path.
agent_sources() {   # lib.cpp
  local d=${1%/*} inc p
  for inc in $(sed -n 's/^#include "\(.*\.cpp\)"/\1/p' "$1"); do
    p=""
    for c in "$d" $shared_dirs; do [ -f "$c/$inc" ] && { p=$c/$inc; break; }; done
    [ -n "$p" ] && echo "$p"
  done
}

shared_object() {   # path.cpp -> object path (built once)
  local o=$out/obj/$(basename "$1" .cpp).o
  [ -f "$o" ] || nice -n 10 g++ -c -w -fPIC -O0 $incs "$1" -o "$o" 2>>"$out/obj/errors.txt" || return 1
  echo "$o"
}

build_agent() {   # name -> lib built (or already there)
  local name=$1 lib=$out/lib/lib$1.so cpp srcs=() objs=() s
  [ -f "$lib" ] && return 0
  [ -f "$out/lib/lib$name.failed" ] && return 1
  cpp=$(find "$tb/nsk/jvmti" "$tb/nsk/share/jvmti" "$tb/vm/share" -name "lib$name.cpp" | head -n 1)
  [ -n "$cpp" ] || { touch "$out/lib/lib$name.failed"; return 1; }
  for s in $(agent_sources "$cpp"); do
    case $s in
      "$tb"/nsk/share/*) objs+=("$(shared_object "$s")") || { touch "$out/lib/lib$name.failed"; return 1; } ;;
      *) srcs+=("$s") ;;
    esac
  done
  nice -n 10 g++ -shared -w -fPIC -O0 $incs -I"${cpp%/*}" "${srcs[@]}" "${objs[@]}" -o "$lib" -lpthread 2>"$out/lib/lib$name.log" ||
    nice -n 10 g++ -shared -w -fPIC -O0 $incs -I"${cpp%/*}" "$cpp" -o "$lib" -lpthread 2>"$out/lib/lib$name.log" ||
    { touch "$out/lib/lib$name.failed"; return 1; }
}

# The agents a test loads: -agentlib:NAME, and the attach tests' `-na NAME[=OPTS],...`.
agent_names() {
  { grep -o -- '-agentlib:[A-Za-z0-9_]*' <<<"$1" | sed 's/-agentlib://'
    grep -o -- '-na [^ ]*' <<<"$1" | sed 's/^-na //' | tr ',' '\n' | sed 's/=.*//'; } | sort -u
}

# The JNI libraries a test's own Java code loads (System.loadLibrary("NAME") with a
# libNAME.cpp beside it), built like agents.
jni_libs() {   # test-dir
  local n
  for n in $(find "$1" -maxdepth 1 -name '*.java' -exec cat {} + | sed -n 's/.*System\.loadLibrary("\([A-Za-z0-9_]*\)").*/\1/p' | sort -u); do
    [ -f "$1/lib$n.cpp" ] && echo "$n"
  done
}

# jtreg builds every native library of the testbase before the tests run, for tests whose
# Java code starts VMs with agents it names (a TestDriver, GF08's gf08t): here the
# libraries of the test's directory and those its sources name with -agentlib:, where
# they exist.
dir_libs() {   # test-dir
  local n
  { find "$1" -maxdepth 1 -name 'lib*.cpp' -printf '%f\n' | sed 's/^lib//; s/\.cpp$//'
    find "$1" -maxdepth 1 -name '*.java' -exec cat {} + | grep -o -- '-agentlib:[A-Za-z0-9_]*' | sed 's/-agentlib://'; } | sort -u | while read -r n; do
    [ -n "$(find "$tb/nsk/jvmti" "$tb/nsk/share/jvmti" -name "lib$n.cpp" | head -n 1)" ] && echo "$n"
  done
}

# ---- Java classes ----

class_file() { echo "$tb/$(tr . / <<<"$1").java"; }

java_sources() {
  awk -F'\t' '$3 == "-" { print $4 }' "$out/plan.all" | tr ';' '\n' | while read -r kind rest; do
    set -- $rest
    case $kind in
      run) while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do shift; done; [ $# -gt 0 ] && class_file "$1" ;;
      build) for c in "$@"; do class_file "$c"; done ;;
    esac
  done | sort -u | while read -r f; do [ -f "$f" ] && echo "$f"; done
}

# @modules module/package[:open|:+open] -> the options jtreg would give (javac: exports only).
module_options() {   # javac|java modules...
  local tool=$1 m; shift
  for m in "$@"; do
    case $m in */*) ;; *) continue ;; esac
    echo "--add-exports=${m%%:*}=ALL-UNNAMED"
    [ "$tool" = java ] && [ "${m#*:}" != "$m" ] && echo "--add-opens=${m%%:*}=ALL-UNNAMED"
  done
}

all_exports() {
  awk -F'\t' '$3 == "-" { print $4 }' "$out/plan.all" | sed 's/;;/\n/g' | sed -n 's/^modules //p' | tr ' ' '\n' |
    sort -u | while read -r m; do [ -n "$m" ] && module_options javac "$m"; done | sort -u
}

# The .jasm/.jcod of every planned @compile, first: the shared classes may use them.
asm_first() {
  local name dir steps words
  awk -F'\t' '$3 == "-" { print $1 "\t" $2 "\t" $4 }' "$out/plan.all" | while IFS=$'\t' read -r name dir steps; do
    sed 's/;;/\n/g' <<<"$steps" | sed -n 's/^compile //p' | while read -r words; do
      case " $words" in *.jasm*|*.jcod*) build_compiled "$name" "$dir" $words ;; esac
    done
  done
}

build_classes() {
  asm_first
  local asm_cp=$(find "$out/compiled" -name '.built-*' -printf '%h\n' 2>/dev/null | sort -u | tr '\n' :)
  java_sources >"$out/classes.list"
  local stamp=$out/classes/.built-$( (cat "$out/classes.list"; all_exports; echo "$asm_cp") | md5sum | cut -c1-12)
  [ -f "$stamp" ] && return 0
  echo "conformance: compiling $(wc -l <"$out/classes.list") main classes and what they use" >&2
  nice -n 10 "$JAVA_HOME/bin/javac" -nowarn -encoding UTF-8 -d "$out/classes" -sourcepath "$tb:$src/test/lib" -cp "$asm_cp" \
    --add-exports java.base/jdk.internal.misc=ALL-UNNAMED $(all_exports) @"$out/classes.list" >"$out/classes.log" 2>&1 &&
    touch "$stamp" ||
    echo "conformance: javac failed (see $out/classes.log); tests without classes are skipped" >&2
}

build_extra() {   # name dir opts-and-dirs... : nsk.share.ExtraClassesBuilder
  local name=$1 dir=$2 opts=() d; shift 2
  local bin=$out/extra/$name/bin
  while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do opts+=("$1"); shift; done
  for d in "$@"; do
    [ -d "$bin/${d##*/}" ] && continue
    mkdir -p "$bin/${d##*/}"
    nice -n 10 "$JAVA_HOME/bin/javac" -nowarn -d "$bin/${d##*/}" -cp "$out/classes" "${opts[@]}" $(find "$dir/$d" -name '*.java') \
      >>"$out/extra/$name.log" 2>&1 || { rm -rf "$bin/${d##*/}"; return 1; }
  done
}

# `@compile [javac options] FILE...` (.java with other -g options, .jasm, .jcod through
# asmtools): into the test's own directory, ahead of the shared classes on its class path.
asmtools=/usr/share/java/asmtools.jar
build_compiled() {   # name dir words...
  local name=$1 dir=$2 opts=() files=() w; shift 2
  local to=$out/compiled/$name
  mkdir -p "$to"
  [ -f "$to/.built-$(echo "$*" | md5sum | cut -c1-12)" ] && return 0
  for w in "$@"; do case $w in -*) opts+=("$w") ;; *) files+=("$dir/$w") ;; esac; done
  for w in "${files[@]}"; do
    case $w in
      *.java) nice -n 10 "$JAVA_HOME/bin/javac" -nowarn -d "$to" -cp "$to:$out/classes" "${opts[@]}" "$w" ;;
      *.jasm) [ -f "$asmtools" ] || apt-get install -y -qq asmtools >/dev/null 2>&1
              nice -n 10 "$JAVA_HOME/bin/java" -jar "$asmtools" jasm -d "$to" "$w" ;;
      *.jcod) [ -f "$asmtools" ] || apt-get install -y -qq asmtools >/dev/null 2>&1
              nice -n 10 "$JAVA_HOME/bin/java" -jar "$asmtools" jcoder -d "$to" "$w" ;;
      *) false ;;
    esac >>"$out/compiled/$name.log" 2>&1 || return 1
  done
  touch "$to/.built-$(echo "$*" | md5sum | cut -c1-12)"
}

# A main class of the test's own directory, with no package (TestDriver): jtreg compiles
# it into the test's classes, with what it uses from /vmTestbase and /test/lib (the test's
# class too, which no @build names).
build_driver() {   # name dir class
  local name=$1 dir=$2 to=$out/compiled/$1
  mkdir -p "$to"
  [ -f "$to/$3.class" ] && return 0
  nice -n 10 "$JAVA_HOME/bin/javac" -nowarn -encoding UTF-8 -d "$to" -cp "$to:$out/classes" -sourcepath "$tb:$src/test/lib" \
    --add-exports java.base/jdk.internal.misc=ALL-UNNAMED "$dir/$3.java" >>"$out/compiled/$name.log" 2>&1
}

# Builds what each planned test needs; a test whose parts fail becomes skipped.
build_all() {
  build_classes
  build_agent ProcessUtils   # vm.share.ProcessUtils: tests that signal themselves
  local name dir reason steps step agents a ok line s
  while IFS=$'\t' read -r name dir reason steps; do
    ok=1
    if [ "$reason" = - ]; then
      for a in $(agent_names "$steps") $(jni_libs "$dir") $(dir_libs "$dir") $(sed 's/;;/\n/g' <<<"$steps" | sed -n 's/^libcopy \([^ ]*\).*/\1/p'); do
        build_agent "$a" || { ok=0; reason="agent $a does not build"; }
      done
      while read -r step; do
        case $step in
          extra\ *) build_extra "$name" "$dir" ${step#extra } || { ok=0; reason="extra classes do not build"; } ;;
          compile\ *) build_compiled "$name" "$dir" ${step#compile } || { ok=0; reason="@compile fails"; } ;;
          run\ *) set -- ${step#run }; while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do shift; done
                  [ -f "$dir/${1:-x}.java" ] && build_driver "$name" "$dir" "$1"
                  local cf=$(tr . / <<<"${1:-x}").class
                  [ -f "$out/classes/$cf" ] || [ -f "$out/compiled/$name/$cf" ] || { ok=0; reason="class ${1:-?} does not build"; } ;;
        esac
      done < <(sed 's/;;/\n/g' <<<"$steps")
    fi
    line=$(printf '%s\t%s\t%s\t%s' "$name" "$dir" "$reason" "$steps")
    echo "$line" >>"$out/plan.built"
    for s in $sides; do
      local t0=$SECONDS
      run_one "$s" "$(side_jdk "$s")" "$line" >>"$out/results-$s.txt"
      echo $((SECONDS - t0)) >>"$out/seconds-$s"
    done
  done <"$out/plan"
}

# ---- running ----

expand_vars() {   # word jdk test-dir: the jtreg variables ExecDriver steps use
  local w=$1
  w=${w//'${compile.jdk}'/$JAVA_HOME}; w=${w//'${test.jdk}'/$2}; w=${w//'${test.src}'/$3}
  w=${w//'${test.vm.opts}'/}; w=${w//'${test.java.opts}'/}     # jtreg's -vmoptions, -javaoptions: none
  w=${w//'${test.class.path}'/$out/classes}; w=${w//'${test.classes}'/$out/classes}; w=${w//'${path.separator}'/:}
  echo "$w"
}

# `@run driver ExecDriver --cmd CMD ARGS` (jar, javac: preparing files in the scratch directory).
run_cmd() {   # scratch jdk test-dir log words...
  local scratch=$1 jdk=$2 dir=$3 log=$4 w cmd=() rc; shift 4
  for w in "$@"; do cmd+=("$(expand_vars "$w" "$jdk" "$dir")"); done
  (cd "$scratch" && timeout -k 5 "$tmo" nice -n 10 "${cmd[@]}" </dev/null >>"$log" 2>&1) 2>/dev/null
  rc=$?
  [ $rc = 0 ] || echo "exit $rc (${cmd[0]##*/})" >>"$log"
  return $rc
}

# `@run driver jdk.test.lib.helpers.ClassFileInstaller CLASS...`: each class file copied
# into the scratch directory under its package's path (for a jar step after it).
install_classes() {   # scratch name classes...
  local scratch=$1 name=$2 c cf from; shift 2
  for c in "$@"; do
    cf=$(tr . / <<<"$c").class
    from=$out/classes/$cf
    [ -f "$out/compiled/$name/$cf" ] && from=$out/compiled/$name/$cf
    mkdir -p "$scratch/$(dirname "$cf")" && cp "$from" "$scratch/$cf" || return 1
  done
}

# `@run driver nsk.jdi.ExtraClassesInstaller DIR RESOURCE...`: each resource of the test's
# class path (a .klass file an @compile of .jasm made) copied to ./bin/DIR/RESOURCE.
install_resources() {   # scratch name dir resources...
  local scratch=$1 name=$2 to=$1/bin/$3 r c from; shift 3
  for r in "$@"; do
    from=""
    for c in "$out/compiled/$name" "$out/classes"; do [ -f "$c/$r" ] && { from=$c/$r; break; }; done
    [ -n "$from" ] && mkdir -p "$(dirname "$to/$r")" && cp "$from" "$to/$r" || return 1
  done
}

# `@run driver nsk.jvmti.NativeLibraryCopier LIB NAME...`: libLIB.so of the native path
# copied into the scratch directory as each libNAME.so (the test's VMs find them with "."
# on their library path).
copy_libs() {   # scratch lib names...
  local scratch=$1 lib=$2 n; shift 2
  for n in "$@"; do cp "$out/lib/lib$lib.so" "$scratch/lib$n.so" || return 1; done
}

# A step's words, split as jtreg splits them: double quotes group words (and go).
step_words() {   # text
  if [[ $1 == *'"'* ]]; then xargs -n1 printf '%s\n' <<<"$1"; else printf '%s\n' $1; fi
}

run_one() {   # side jdk plan-line
  set -f
  local side=$1 jdk=$2 name dir reason steps
  IFS=$'\t' read -r name dir reason steps <<<"$3"
  local id=${name//\//.} log=$out/runs/$side/${name//\//.}.txt
  if [ "$reason" != - ]; then echo "$name skipped"; return; fi
  local scratch=$out/scratch/$side/$id status=passed step rc
  rm -rf "$scratch" && mkdir -p "$scratch"
  [ -d "$out/extra/$name/bin" ] && ln -s "$out/extra/$name/bin" "$scratch/bin"
  : >"$log"
  while read -r step; do
    case $step in
      run\ *|xrun\ *) ;;
      cmd\ *) run_cmd "$scratch" "$jdk" "$dir" "$log" ${step#cmd } || { status=failed; break; }; continue ;;
      install\ *) install_classes "$scratch" "$name" ${step#install } || { status=failed; break; }; continue ;;
      binstall\ *) install_resources "$scratch" "$name" ${step#binstall } || { status=failed; break; }; continue ;;
      libcopy\ *) copy_libs "$scratch" ${step#libcopy } || { status=failed; break; }; continue ;;
      *) continue ;;
    esac
    local cmd=() w mods
    mods=$(sed 's/;;/\n/g' <<<"$steps" | sed -n 's/^modules //p')
    local words
    mapfile -t words < <(module_options java $mods; step_words "${step#*run }")
    for w in "${words[@]}"; do
      w=$(expand_vars "$w" "$jdk" "$dir")
      case $w in
        -agentlib:*) w=${w#-agentlib:}; cmd+=("-agentpath:$out/lib/lib${w%%=*}.so${w#"${w%%=*}"}") ;;
        *) cmd+=("$w") ;;
      esac
    done
    local cp=$out/classes
    [ -d "$out/compiled/$name" ] && cp=$out/compiled/$name:$cp
    # the properties and class path jtreg gives a test (the testbase's Utils and drivers read
    # them; test.class.path holds the test's own classes too, for the VMs a TestDriver
    # starts), before the test's own options, which may replace them; and, as jtreg does, the
    # class path and native library path in the environment, for the VMs a test starts
    (cd "$scratch" && CLASSPATH=$cp LD_LIBRARY_PATH=$out/lib timeout -k 5 "$tmo" nice -n 10 "$jdk/bin/java" -Dtest.src="$dir" \
      -Dtest.classes="$out/classes" -Dtest.class.path="$cp" -Djava.library.path="$out/lib" \
      -Dtest.nativepath="$out/lib" -Dtest.jdk="$jdk" -Dcompile.jdk="$JAVA_HOME" -Dtest.root="${tb%/*}" \
      -Dtest.vm.opts= -Dtest.tool.vm.opts= -Dtest.compiler.opts= -Dtest.java.opts= -cp "$cp" \
      "${cmd[@]}" </dev/null >>"$log" 2>&1) 2>/dev/null
    rc=$?
    echo "exit $rc" >>"$log"
    [ $rc = 95 ] || [ $rc = 0 ] || { status=failed; [ $rc = 124 ] || [ $rc = 137 ] && echo "timeout" >>"$log"; break; }
  done < <(sed 's/;;/\n/g' <<<"$steps")
  rm -rf "$scratch"
  echo "$name $status"
}

side_jdk() { if [ "$1" = hotspot ]; then echo "$JAVA_HOME"; else echo "$LOUPE_JDK"; fi; }

# Each test is built, then run on each side, so that a run cut short still gives pairs.
case $side in both) sides="hotspot loupe" ;; *) sides=$side ;; esac
for s in $sides; do mkdir -p "$out/runs/$s"; : >"$out/results-$s.txt"; : >"$out/seconds-$s"; done
: >"$out/plan.built"
build_all
for s in $sides; do sort -o "$out/results-$s.txt" "$out/results-$s.txt"; done

# Loupe's failures against tests/conformance/known-failures.txt ("name reason" lines): a
# failure is known when listed, shared when HotSpot fails it too, new otherwise (exit 1).
known=$root/tests/conformance/known-failures.txt
known_failures() {
  local f=$out/results-loupe.txt h=$out/results-hotspot.txt
  [ -f "$f" ] || return 0
  sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$known" | awk '{ print $1 }' | sort -u >"$out/listed.txt"
  awk '$2 == "failed" { print $1 }' "$f" | sort >"$out/loupe-failed.txt"
  # HotSpot's results may come from an earlier run (--side loupe): they do not change
  touch "$h"; awk '$2 == "failed" { print $1 }' "$h" | sort >"$out/hotspot-failed.txt"
  comm -12 "$out/loupe-failed.txt" "$out/listed.txt" >"$out/known.txt"
  comm -23 "$out/loupe-failed.txt" "$out/listed.txt" | comm -23 - "$out/hotspot-failed.txt" >"$out/new-failures.txt"
  local shared=$(comm -23 "$out/loupe-failed.txt" "$out/listed.txt" | comm -12 - "$out/hotspot-failed.txt" | wc -l)
  local fixed=$(awk '$2 == "passed" { print $1 }' "$f" | sort | comm -12 - "$out/listed.txt")
  echo "Loupe's failures: $(wc -l <"$out/known.txt") known ($(basename "$known")), $shared failing on HotSpot too, $(wc -l <"$out/new-failures.txt") new"
  [ -n "$fixed" ] && echo "listed but passing now:" && echo "$fixed" | sed 's/^/  /'
  [ -s "$out/new-failures.txt" ] || return 0
  echo "new failures (runs in build/conformance/runs/loupe/):"
  sed 's/^/  /' "$out/new-failures.txt"
  return 1
}

summary() {
  local f=$out/results-$1.txt
  case " $sides " in *" $1 "*) ;; *) echo "(not run)"; return ;; esac
  printf '%d passed, %d failed, %d skipped (%s s)' "$(grep -c ' passed$' "$f")" "$(grep -c ' failed$' "$f")" \
    "$(grep -c ' skipped$' "$f")" "$(awk '{ s += $1 } END { print s + 0 }' "$out/seconds-$1" 2>/dev/null)"
}
printf '%-8s %s\n' HotSpot "$(summary hotspot)" Loupe "$(summary loupe)"
awk -F'\t' '$3 != "-" { print $3 }' "$out/plan.built" | sed 's/agent .* does not build/agent does not build/; s/class .* does not build/class does not build/' |
  sort | uniq -c | sort -rn | sed 's/^/  skipped: /'
known_failures
