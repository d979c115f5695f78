#!/bin/bash
# bench/verify-overhead.sh — what bytecode verification costs Loupe at start-up: Hello
# World (bench/startup/Hello.java) and javac compiling it, each with verification off for
# every class (-XX:-BytecodeVerificationRemote), as by default (every class but the boot
# loader's) and on for every class (-XX:+BytecodeVerificationLocal, as -Xverify:all);
# best of REPS runs of the process's CPU time (user + system) and its wall time, and the
# difference to "off".  The goal: verification adds under 10 % to javac's run.
#   BUILD=build REPS=5 bench/verify-overhead.sh
set -eu
shopt -s inherit_errexit
root=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$root/build}
JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}
REPS=${REPS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$JAVA_HOME/bin/javac" -d "$work" "$root/bench/startup/Hello.java"
# "CPU WALL" of one run
# (bash's time keyword: milliseconds, where /usr/bin/time rounds to hundredths)
measure() {
  local TIMEFORMAT='%3U %3S %3R'
  { time "$@" >/dev/null 2>"$work/err"; } 2>"$work/t" || { cat "$work/err" >&2; return 1; }
  awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$work/t"
}
best() {
  local b="999999 999999" v i
  for ((i = 0; i < REPS; i++)); do
    v=$(measure "$@")
    b=$(echo "$v $b" | awk '{ printf "%.3f %.3f\n", ($1 < $3) ? $1 : $3, ($2 < $4) ? $2 : $4 }')
  done
  echo "$b"
}
pct() { echo "$1 $2" | awk '{ printf "%+.1f%%", 100 * ($2 - $1) / $1 }'; }
unlock=-XX:+UnlockDiagnosticVMOptions
modes=("$unlock -XX:-BytecodeVerificationRemote" "" "$unlock -XX:+BytecodeVerificationLocal")
names=(off default all)
printf '%-8s %-8s %9s %9s %9s %9s\n' program mode "cpu s" "vs off" "wall s" "vs off"
for prog in hello javac; do
  off=""
  for i in 0 1 2; do
    opt=${modes[$i]}
    if [ $prog = hello ]; then
      r=$(best "$BUILD/jdk/bin/java" $opt -cp "$work" Hello)
    else
      jopts=()
      for o in $opt; do jopts+=("-J$o"); done
      r=$(best "$BUILD/jdk/bin/javac" ${jopts[@]+"${jopts[@]}"} -d "$work/out" "$root/bench/startup/Hello.java")
    fi
    [ -n "$off" ] || off=$r
    set -- $r $off
    printf '%-8s %-8s %9.3f %9s %9.3f %9s\n' $prog "${names[$i]}" "$1" "$(pct "$3" "$1")" "$2" "$(pct "$4" "$2")"
  done
done
