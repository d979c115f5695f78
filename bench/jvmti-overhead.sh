#!/bin/bash
# bench/jvmti-overhead.sh — what a debugging agent costs on Loupe while no debugger uses it
# (issue 10's goal: at most 1.05x): each kernel with no agent, with libjdwp listening
# (-agentlib:jdwp=...,server=y,suspend=n, no debugger attached), with an agent holding a
# debugger's capabilities and enabling no event (bench/jvmti/caps.c), with one holding
# every potential capability, and with the debugger's capabilities and one breakpoint in a
# method never called (issue 10's item c: no measurable cost); median of REPS runs of the
# process's CPU time, runs of the five interleaved so that the load of a shared machine
# falls on all alike.
#   BUILD=build REPS=5 SCALE=1 bench/jvmti-overhead.sh [KERNEL...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$root/build}
JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}
JAVA=$BUILD/jdk/bin/java
REPS=${REPS:-5}
SCALE=${SCALE:-1}
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(Fib Richards Sieve BinaryTrees Nbody)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$JAVA_HOME/bin/javac" -d "$work/classes" "$root"/bench/java/*.java
gcc -std=c11 -O2 -fPIC -shared -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" \
    -o "$work/libcaps.so" "$root/bench/jvmti/caps.c"
configs=(none jdwp caps all bp)
agent_of() {
  case $1 in
    jdwp) echo "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0" ;;
    caps) echo "-agentpath:$work/libcaps.so" ;;
    all) echo "-agentpath:$work/libcaps.so=all" ;;
    bp) echo "-agentpath:$work/libcaps.so=bp" ;;
  esac
}
. "$root/bench/lib.sh"
ratio() { echo "$1 $2" | awk '{ printf "%.3fx", $2 / $1 }'; }
printf '%-12s %8s %16s %16s %16s %16s\n' kernel "none s" "jdwp s" "caps s" "all caps s" "unhit bp s"
for k in "${kernels[@]}"; do
  for c in "${configs[@]}"; do : >"$work/$c"; done
  for ((i = 0; i < REPS; i++)); do
    for c in "${configs[@]}"; do
      # shellcheck disable=SC2046
      cpu_of "$JAVA" $(agent_of "$c") -cp "$work/classes" "$k" "$SCALE" >>"$work/$c"
    done
  done
  none=$(median "$work/none") jdwp=$(median "$work/jdwp") caps=$(median "$work/caps") all=$(median "$work/all")
  bp=$(median "$work/bp")
  printf '%-12s %8.2f %8.2f %7s %8.2f %7s %8.2f %7s %8.2f %7s\n' "$k" "$none" "$jdwp" "$(ratio "$none" "$jdwp")" \
    "$caps" "$(ratio "$none" "$caps")" "$all" "$(ratio "$none" "$all")" "$bp" "$(ratio "$none" "$bp")"
done
