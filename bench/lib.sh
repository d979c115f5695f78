# bench/lib.sh — the measuring functions the overhead scripts share (bench/*-overhead.sh,
# bench/jvmti-heap.sh), sourced after they have made their scratch directory $work.
# Each figure is a process's CPU time (user + system, children included), which is
# steadier than wall time on a shared machine.

# cpu_of CMD...: the CPU seconds CMD used; its output is dropped, and if it fails, what
# it printed on stderr is shown and the status is 1.
cpu_of() {
  /usr/bin/time -f '%U %S' -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; return 1; }
  awk '{ printf "%.3f\n", $1 + $2 }' "$work/t"
}

# best CMD...: the least CPU time of REPS runs of CMD; ends the script if one fails.
best() {
  local b=999999 v i
  for ((i = 0; i < REPS; i++)); do
    v=$(cpu_of "$@") && [ -n "$v" ] || { echo "${0##*/}: $* failed" >&2; exit 1; }
    b=$(echo "$v $b" | awk '{ print ($1 < $2) ? $1 : $2 }')
  done
  echo "$b"
}

# median FILE: the median of the numbers in FILE, one a line.
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# pct BASE X: how much X is above BASE, in per cent ("+2.5%").
pct() { echo "$1 $2" | awk '{ printf "%+.1f%%", 100 * ($2 - $1) / $1 }'; }
