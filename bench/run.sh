#!/usr/bin/env bash
# Loupe benchmarks: runs the kernels in bench/java on Loupe, HotSpot -Xint, Zero and
# HotSpot JIT, times whole processes (median of BENCH_RUNS wall-clock runs), checks every
# checksum against HotSpot JIT's, and prints a table of times, ratios and peak RSS.  Then
# the start-up benchmark: Hello World (bench/startup/Hello.java) on Loupe, HotSpot with
# -Xshare:off, HotSpot as installed (with its class-data archive) and Zero, wall time and
# peak RSS with Loupe's ratios.  `make bench` runs it; see bench/README.md.
#
# Environment:
#   BUILD          build directory (default build); results go to $BUILD/bench
#   JAVA_HOME      the OpenJDK 17 that provides -Xint, -zero, the JIT and javac
#   LOUPE_JAVA     command that runs Loupe like `java` (default $BUILD/jdk/bin/java, or
#                  $BUILD/tests/jembed if that cannot start); word-split, so no spaces in
#                  paths.  A command whose first word is .../jembed gets the classes with
#                  -Xbootclasspath/a: instead of -cp.
#   BENCH          kernels to run, comma- or space-separated (default: all in bench/java,
#                  and the start-up benchmark, which BENCH selects by the name "startup")
#   BENCH_VMS      VMs to run, from loupe,xint,zero,jit (default: all four)
#   BENCH_RUNS     timed runs per kernel per VM (default 3)
#   BENCH_TIMEOUT  seconds before a run counts as failed (default 300)
#   BENCH_SCALE    work multiplier passed to every kernel, e.g. 0.1 or 2 (default: none)
#   BENCH_STARTUP_RUNS  runs of Hello World per VM in the start-up benchmark (default 10)
set -u
shopt -s nullglob
export LC_ALL=C

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2

die() { echo "bench: $*" >&2; exit 2; }
say() { echo "$*" >&2; }

BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
JAVA_HOME=${JAVA_HOME:-$(tools/find_jdk.sh)}
RUNS=${BENCH_RUNS:-3}
STARTUP_RUNS=${BENCH_STARTUP_RUNS:-10}
TIMEOUT=${BENCH_TIMEOUT:-300}
SCALE=${BENCH_SCALE:-}
ALL_VMS="loupe xint zero jit"

[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "BENCH_RUNS must be a positive integer, not '$RUNS'"
[[ $STARTUP_RUNS =~ ^[1-9][0-9]*$ ]] || die "BENCH_STARTUP_RUNS must be a positive integer, not '$STARTUP_RUNS'"
[[ $TIMEOUT =~ ^[1-9][0-9]*$ ]] || die "BENCH_TIMEOUT must be a positive integer (seconds), not '$TIMEOUT'"
[[ -z $SCALE || $SCALE =~ ^[0-9]*\.?[0-9]+$ ]] || die "BENCH_SCALE must be a number, not '$SCALE'"
[ -x "$JAVA_HOME/bin/java" ] && [ -x "$JAVA_HOME/bin/javac" ] ||
  die "no JDK at JAVA_HOME=$JAVA_HOME (needs bin/java and javac)"

OUT=$BUILD/bench
CLASSES=$OUT/classes
LOGS=$OUT/logs
mkdir -p "$CLASSES" "$OUT/empty" || die "cannot create $OUT"
rm -rf "$LOGS"
mkdir -p "$LOGS"

# ---- which VMs -------------------------------------------------------------------------
VMS=""
for v in $(echo "${BENCH_VMS:-$ALL_VMS}" | tr ',' ' '); do
  case " $ALL_VMS " in *" $v "*) ;; *) die "unknown VM '$v' in BENCH_VMS (choose from: $ALL_VMS)" ;; esac
done
for v in $ALL_VMS; do   # keep the canonical column order
  case " $(echo "${BENCH_VMS:-$ALL_VMS}" | tr ',' ' ') " in *" $v "*) VMS="$VMS $v" ;; esac
done
VMS=${VMS# }
[ -n "$VMS" ] || die "BENCH_VMS selects no VM"

# ---- which kernels ---------------------------------------------------------------------
ALL_KERNELS=""
[ -f bench/java/Empty.java ] && ALL_KERNELS="Empty"
for f in bench/java/*.java; do
  k=$(basename "$f" .java)
  [ "$k" = Empty ] || ALL_KERNELS="$ALL_KERNELS $k"
done
ALL_KERNELS=${ALL_KERNELS# }
STARTUP=1
if [ -n "${BENCH:-}" ]; then
  # Names match case-insensitively; the table keeps the usual order (Empty first).
  want=" $(echo "$BENCH" | tr ',A-Z' ' a-z' | xargs) "
  STARTUP=0
  if [[ $want == *" startup "* ]]; then STARTUP=1; want=${want// startup / }; fi
  for w in $want; do
    [[ " $(echo "$ALL_KERNELS" | tr A-Z a-z) " == *" $w "* ]] || die "no kernel '$w' (have: $ALL_KERNELS, and startup)"
  done
  KERNELS=""
  for k in $ALL_KERNELS; do
    [[ $want == *" $(echo "$k" | tr A-Z a-z) "* ]] && KERNELS="$KERNELS $k"
  done
  KERNELS=${KERNELS# }
else
  KERNELS=$ALL_KERNELS
fi

# ---- compile (only what changed) ------------------------------------------------------
# A kernel is bench/java/K.java; its classes are K.class and K$*.class, compiled the way
# javac compiles by default (lambdas and string '+' through invokedynamic).  The stamp
# $CLASSES/.K.stamp is written once K compiled.
declare -A BROKEN=()
compile() {
  local k=$1 src=bench/java/$1.java stamp=$CLASSES/.$1.stamp
  if [ -f "$stamp" ] && [ "$stamp" -nt "$src" ] && [ "$stamp" -nt bench/run.sh ] && [ -f "$CLASSES/$k.class" ]; then
    return 0
  fi
  rm -f "$stamp" "$CLASSES/$k.class" "$CLASSES/$k\$"*.class
  say "bench: compiling $k"
  if ! "$JAVA_HOME/bin/javac" -encoding UTF-8 -implicit:none \
        -cp "$OUT/empty" -sourcepath "$OUT/empty" -d "$CLASSES" "$src" >"$LOGS/$k.javac" 2>&1; then
    cat "$LOGS/$k.javac" >&2
    BROKEN[$k]="does not compile"
    return 1
  fi
  : >"$stamp"
}
for k in $( (echo Empty; echo $KERNELS) | tr ' ' '\n' | sort -u); do
  [ -f "bench/java/$k.java" ] && compile "$k"
done
RUN_KERNELS=""
for k in $KERNELS; do
  [ -n "${BROKEN[$k]:-}" ] || RUN_KERNELS="$RUN_KERNELS $k"
done
RUN_KERNELS=${RUN_KERNELS# }

# ---- tools: peak RSS ---------------------------------------------------------------------
GNUTIME=/usr/bin/time
if [ ! -x $GNUTIME ]; then
  say "bench: /usr/bin/time is missing; trying tools/deps.sh time"
  JAVA_HOME=$JAVA_HOME tools/deps.sh time >&2 || true
fi
if [ -x $GNUTIME ] && $GNUTIME -f %M -o /dev/null true 2>/dev/null; then
  RSS_METHOD="GNU time %M"
else
  GNUTIME=""
  RSS_METHOD="VmHWM from /proc, sampled every 20 ms"
fi

now_us() {   # wall clock in microseconds
  if [ -n "${EPOCHREALTIME:-}" ]; then echo "${EPOCHREALTIME/./}"; else date +%s%6N; fi
}

# ---- the VMs -----------------------------------------------------------------------------
declare -A CMD=() CPSTYLE=() UNAVAILABLE=()
CMD[xint]="$JAVA_HOME/bin/java -Xint"
CMD[zero]="$JAVA_HOME/bin/java -zero"
CMD[jit]="$JAVA_HOME/bin/java"
for v in $ALL_VMS; do CPSTYLE[$v]="cp"; done

# vm_cmd VM KERNEL: sets the array C to the command line that runs KERNEL on VM (classes
# from RUN_CLASSES, default $CLASSES; the work multiplier unless NO_SCALE is set).
vm_cmd() {
  local -a base
  local dir=${RUN_CLASSES:-$CLASSES}
  read -ra base <<<"${CMD[$1]}"
  if [ "${CPSTYLE[$1]}" = boot ]; then
    C=("${base[@]}" "-Xbootclasspath/a:$dir" "$2")
  else
    C=("${base[@]}" -cp "$dir" "$2")
  fi
  [ -n "$SCALE" ] && [ -z "${NO_SCALE:-}" ] && C+=("$SCALE")
  return 0
}

# run_one VM KERNEL TAG: one run; sets RC, WALL (microseconds), RSS (kB, "" if unknown),
# and leaves stdout/stderr in $LOGS/KERNEL.VM.TAG.{out,err}.
run_one() {
  local vm=$1 k=$2 tag=$3 t0 t1
  local out=$LOGS/$k.$vm.$tag.out err=$LOGS/$k.$vm.$tag.err rssf=$LOGS/$k.$vm.$tag.rss
  vm_cmd "$vm" "$k"
  echo "${C[*]}" >"$LOGS/$k.$vm.$tag.cmd"
  if [ -n "$GNUTIME" ]; then
    t0=$(now_us)
    timeout -k 10 "$TIMEOUT" $GNUTIME -f %M -o "$rssf" "${C[@]}" >"$out" 2>"$err" </dev/null
    RC=$?
    t1=$(now_us)
    RSS=$(tail -n 1 "$rssf" 2>/dev/null)
  else
    local pid mon
    t0=$(now_us)
    "${C[@]}" >"$out" 2>"$err" </dev/null &
    pid=$!
    (   # monitor: track VmHWM, enforce the timeout
      hwm=0 start=$SECONDS
      while [ -d /proc/$pid ]; do
        while read -r key val _; do
          [ "$key" = VmHWM: ] && [ "$val" -gt "$hwm" ] && hwm=$val && echo $hwm >"$rssf"
        done </proc/$pid/status 2>/dev/null
        if [ $((SECONDS - start)) -ge "$TIMEOUT" ]; then
          : >"$rssf.timeout"
          kill -TERM $pid 2>/dev/null; sleep 10; kill -KILL $pid 2>/dev/null; break
        fi
        sleep 0.02
      done
    ) &
    mon=$!
    wait $pid
    RC=$?
    t1=$(now_us)
    kill $mon 2>/dev/null; wait $mon 2>/dev/null
    RSS=$(cat "$rssf" 2>/dev/null)
    [ -e "$rssf.timeout" ] && RC=124
  fi
  [[ $RSS =~ ^[0-9]+$ ]] || RSS=""
  WALL=$((t1 - t0))
}

# why RC KERNEL VM TAG: a one-line reason for a failed run.
why() {
  local rc=$1 f=$LOGS/$2.$3.$4.err line
  line=$(grep -v '^[[:space:]]*$' "$f" 2>/dev/null | head -n 1 | tr '\t' ' ' | cut -c1-200)
  case $rc in
    124|137) echo "timeout after ${TIMEOUT}s" ;;
    *) echo "exit $rc${line:+: $line}" ;;
  esac
}

# Zero ships separately (Debian: openjdk-17-jre-zero), and only at the version of the
# installed JDK: a newer Zero would pull a newer JDK in with it, and the suite's reference
# HotSpot would change under it.
if [[ " $VMS " == *" zero "* ]] && ! "$JAVA_HOME/bin/java" -zero -version >/dev/null 2>&1; then
  jdk_deb=$(dpkg-query -W -f='${Version}' openjdk-17-jre-headless 2>/dev/null || true)
  if [ -n "$jdk_deb" ]; then
    say "bench: the Zero VM is missing; trying tools/deps.sh openjdk-17-jre-zero=$jdk_deb"
    JAVA_HOME=$JAVA_HOME tools/deps.sh "openjdk-17-jre-zero=$jdk_deb" >&2 || true
  fi
  "$JAVA_HOME/bin/java" -zero -version >/dev/null 2>&1 ||
    UNAVAILABLE[zero]="not installed (Debian package openjdk-17-jre-zero)"
fi

# Loupe: LOUPE_JAVA, else the JDK image, else the jembed launcher.  Probed with Empty;
# a Loupe that cannot run Empty fails every kernel without being run.
LOUPE_NOTE=""
if [[ " $VMS " == *" loupe "* ]]; then
  if [ -n "${LOUPE_JAVA:-}" ]; then
    candidates=("$LOUPE_JAVA")
  else
    candidates=("$BUILD/jdk/bin/java")
    [ -x "$BUILD/tests/jembed" ] && candidates+=("$BUILD/tests/jembed")
  fi
  set_loupe() {
    local -a w
    CMD[loupe]=$1
    read -ra w <<<"$1"
    if [ "$(basename "${w[0]}")" = jembed ]; then CPSTYLE[loupe]="boot"; else CPSTYLE[loupe]="cp"; fi
  }
  for c in "${candidates[@]}"; do
    set_loupe "$c"
    run_one loupe Empty probe
    if [ $RC -eq 0 ]; then LOUPE_NOTE=""; break; fi
    read -ra w <<<"$c"
    note="$(basename "${w[0]}") $(why $RC Empty loupe probe)"
    LOUPE_NOTE="${LOUPE_NOTE:+$LOUPE_NOTE; }$note"
    say "bench: Loupe cannot start: $c: $(why $RC Empty loupe probe)"
  done
  [ -n "$LOUPE_NOTE" ] && LOUPE_NOTE="cannot start ($LOUPE_NOTE)"
  [ -n "$LOUPE_NOTE" ] && set_loupe "${candidates[0]}"
fi

# ---- run ---------------------------------------------------------------------------------
# (The kernels' run and report; skipped when BENCH selects only the start-up benchmark.)
if [ -n "$KERNELS" ]; then
CELLS=$OUT/cells.tmp
: >"$CELLS"
nk=$(echo $RUN_KERNELS | wc -w)
say "bench: $nk kernels x $(echo $VMS | wc -w) VMs x $RUNS runs, timeout ${TIMEOUT}s, RSS by $RSS_METHOD"
i=0
for k in $RUN_KERNELS; do
  i=$((i + 1))
  declare -A TIMES=() RSSMAX=() FAILED=()
  # The reference checksum comes from HotSpot JIT (an extra, untimed run).
  run_one jit "$k" ref
  if [ $RC -ne 0 ]; then
    ref_fail="no reference: HotSpot JIT $(why $RC "$k" jit ref)"
    for v in $VMS; do FAILED[$v]=$ref_fail; done
  fi
  REF=$(sed 's/[[:space:]]*$//' "$LOGS/$k.jit.ref.out")
  for v in $VMS; do
    if [ -n "${UNAVAILABLE[$v]:-}" ]; then FAILED[$v]="n/a"; fi
    if [ "$v" = loupe ] && [ -n "$LOUPE_NOTE" ]; then FAILED[$v]="Loupe $LOUPE_NOTE"; fi
  done
  # Runs are interleaved across VMs (run 1 on every VM, then run 2, ...) so slow drift in
  # machine load spreads over all columns instead of hitting one VM.
  for r in $(seq 1 "$RUNS"); do
    for v in $VMS; do
      [ -n "${FAILED[$v]:-}" ] && continue
      run_one "$v" "$k" "$r"
      if [ $RC -ne 0 ]; then
        FAILED[$v]="run $r: $(why $RC "$k" "$v" "$r")"
        continue
      fi
      got=$(sed 's/[[:space:]]*$//' "$LOGS/$k.$v.$r.out")
      if [ "$got" != "$REF" ]; then
        FAILED[$v]="run $r: wrong checksum '$(echo "$got" | head -n 1 | cut -c1-60)', expected '$(echo "$REF" | head -n 1)'"
        continue
      fi
      TIMES[$v]="${TIMES[$v]:-} $WALL"
      if [ -n "$RSS" ] && [ "$RSS" -gt "${RSSMAX[$v]:-0}" ]; then RSSMAX[$v]=$RSS; fi
    done
  done
  line=$(printf '%-14s' "$k")
  for v in $VMS; do
    if [ -n "${FAILED[$v]:-}" ]; then
      st=FAIL; [ "${FAILED[$v]}" = n/a ] && st=n/a
      printf '%s\t%s\t%s\t\t\t\t\t\t%s\n' "$k" "$v" "$st" "${FAILED[$v]//$'\t'/ }" >>"$CELLS"
      line="$line  $v $st"
    else
      stats=$(echo ${TIMES[$v]} | tr ' ' '\n' | sort -n | awk '
        { t[NR] = $1 / 1e6 }
        END { med = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
              s = sprintf("%.3f", t[1]); for (j = 2; j <= NR; j++) s = s "," sprintf("%.3f", t[j])
              printf "%.4f\t%.4f\t%.4f\t%s", med, t[1], t[NR], s }')
      printf '%s\t%s\tok\t%s\t%s\t\n' "$k" "$v" "$stats" "${RSSMAX[$v]:-}" >>"$CELLS"
      line="$line  $v $(echo "$stats" | cut -f1 | awk '{printf "%.2fs", $1}')"
    fi
  done
  say "[$i/$nk] $line"
  unset TIMES RSSMAX FAILED
done

# ---- report ------------------------------------------------------------------------------
# cells.tmp: kernel vm status median min max runs rss_kb note.  awk adds the ratios and
# geometric means, writes results.tsv and prints the table.
{
  echo "Loupe benchmarks  $(date '+%Y-%m-%d %H:%M')  $(uname -n)  $(nproc) CPUs: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ *//')"
  echo "wall-clock seconds per process (startup included), median of $RUNS runs; timeout ${TIMEOUT}s${SCALE:+; BENCH_SCALE=$SCALE}"
  for v in $VMS; do
    vm_cmd "$v" KERNEL
    printf '  %-6s %s\n' "$v" "${C[*]}"
  done
  echo
  awk -F'\t' -v vms="$VMS" -v logs="$LOGS" -v tsv="$OUT/results.tsv" -v kernels="$KERNELS" -v broken="$(for k in "${!BROKEN[@]}"; do printf '%s=%s;' "$k" "${BROKEN[$k]}"; done)" '
  BEGIN {
    nv = split(vms, V, " ")
    nk = split(kernels, K, " ")
    nb = split(broken, B, ";")
    for (j = 1; j <= nb; j++) if (B[j] != "") { split(B[j], kv, "="); bad[kv[1]] = kv[2] }
    hasl = 0; for (j = 1; j <= nv; j++) if (V[j] == "loupe") hasl = 1
  }
  { st[$1, $2] = $3; med[$1, $2] = $4; mn[$1, $2] = $5; mx[$1, $2] = $6; runs[$1, $2] = $7
    rss[$1, $2] = $8; note[$1, $2] = $9 }
  function ratio(k, v) {
    if (!hasl || v == "loupe" || st[k, "loupe"] != "ok" || st[k, v] != "ok" || med[k, v] <= 0) return ""
    return med[k, "loupe"] / med[k, v]
  }
  function fmt_ratio(r) {
    if (r == "") return "-"
    return (r >= 100) ? sprintf("%.0f", r) : (r >= 10) ? sprintf("%.1f", r) : sprintf("%.2f", r)
  }
  END {
    print "kernel\tvm\tstatus\tmedian_s\tmin_s\tmax_s\truns_s\tpeak_rss_kb\tloupe_ratio\tnote" > tsv
    # Time table.
    hdr = sprintf("%-16s", "kernel")
    for (j = 1; j <= nv; j++) hdr = hdr sprintf("%9s", V[j])
    if (hasl) for (j = 1; j <= nv; j++) if (V[j] != "loupe") hdr = hdr sprintf("%13s", "loupe/" V[j])
    print hdr
    rule = hdr; gsub(/./, "-", rule); print rule
    nfail = 0
    for (i = 1; i <= nk; i++) {
      k = K[i]
      label = (k == "Empty") ? "Empty (startup)" : k
      line = sprintf("%-16s", label)
      if (!(k in bad)) nrun++
      if (k in bad) {
        print line "  BROKEN: " bad[k]
        printf "%s\t-\tBROKEN\t\t\t\t\t\t\t%s\n", k, bad[k] > tsv
        continue
      }
      for (j = 1; j <= nv; j++) {
        v = V[j]
        line = line sprintf("%9s", (st[k, v] == "ok") ? sprintf("%.3f", med[k, v]) : st[k, v])
        if (st[k, v] == "FAIL") fails[++nfail] = k SUBSEP v SUBSEP note[k, v]
        r = ratio(k, v)
        printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k, v, st[k, v], med[k, v], mn[k, v], mx[k, v], \
               runs[k, v], rss[k, v], (r == "") ? "" : sprintf("%.4f", r), note[k, v] > tsv
        if (r != "" && k != "Empty") { logsum[v] += log(r); cnt[v]++ }
      }
      if (hasl) for (j = 1; j <= nv; j++) if (V[j] != "loupe") line = line sprintf("%13s", fmt_ratio(ratio(k, V[j])))
      print line
      if (k == "Empty") print rule
    }
    if (hasl && nv > 1) {
      print rule
      line = sprintf("%-16s", "geomean"); cline = sprintf("%-16s", "  (kernels)")
      for (j = 1; j <= nv; j++) { line = line sprintf("%9s", ""); cline = cline sprintf("%9s", "") }
      for (j = 1; j <= nv; j++) {
        v = V[j]; if (v == "loupe") continue
        g = cnt[v] ? exp(logsum[v] / cnt[v]) : ""
        line = line sprintf("%13s", fmt_ratio(g)); cline = cline sprintf("%13s", cnt[v] + 0)
        printf "GEOMEAN\t%s\t%s\t\t\t\t\t\t%s\tloupe/%s over %d kernels (Empty excluded)\n", v, \
               cnt[v] ? "ok" : "n/a", (g == "") ? "" : sprintf("%.4f", g), v, cnt[v] > tsv
      }
      print line; print cline
    }
    print ""
    if (hasl && nv > 1) {
      print "ratio = Loupe time / that VM'"'"'s time (above 1: Loupe is slower); geomean over the kernels"
      print "both VMs passed, Empty excluded.  Subtract the Empty row to discount startup."
    } else print "Subtract the Empty row to discount startup."
    # Memory table.
    print ""
    hdr = sprintf("%-16s", "peak RSS (MB)")
    for (j = 1; j <= nv; j++) hdr = hdr sprintf("%9s", V[j])
    print hdr
    rule = hdr; gsub(/./, "-", rule); print rule
    for (i = 1; i <= nk; i++) {
      k = K[i]; if (k in bad) continue
      line = sprintf("%-16s", (k == "Empty") ? "Empty (startup)" : k)
      for (j = 1; j <= nv; j++) {
        v = V[j]
        line = line sprintf("%9s", (st[k, v] == "ok" && rss[k, v] != "") ? sprintf("%.0f", rss[k, v] / 1024) : (st[k, v] == "ok" ? "?" : st[k, v]))
      }
      print line
    }
    if (nfail) {
      # One line per distinct (VM, reason), listing the kernels it hit.
      print ""; print "failures (logs in " logs "):"
      for (j = 1; j <= nfail; j++) {
        split(fails[j], f, SUBSEP)
        key = f[2] SUBSEP f[3]
        if (key in who) who[key] = who[key] ", " f[1]
        else { order[++ng] = key; who[key] = f[1] }
        nwho[key]++
      }
      for (j = 1; j <= ng; j++) {
        split(order[j], f, SUBSEP)
        print "  " f[1] " on " ((nwho[order[j]] == nrun && nrun > 1) ? "all kernels" : who[order[j]]) ": " f[2]
      }
    }
  }' "$CELLS"
} | tee "$OUT/results.txt"
rm -f "$CELLS"
else
  : >"$OUT/results.txt"
fi

# ---- start-up: Hello World ----------------------------------------------------------------
# Loupe against HotSpot without its class-data archive (-Xshare:off: like Loupe, it loads
# and links every class at start-up), HotSpot as installed (its default CDS archive maps
# those classes ready-made) and Zero.  Runs are interleaved as for the kernels; the table
# gives the median wall time and the median peak RSS, and Loupe's ratio to each.
if [ "$STARTUP" = 1 ]; then
  SDIR=$OUT/startup
  mkdir -p "$SDIR"
  if ! [ "$SDIR/Hello.class" -nt bench/startup/Hello.java ] &&
     ! "$JAVA_HOME/bin/javac" -d "$SDIR" bench/startup/Hello.java >"$LOGS/Hello.javac" 2>&1; then
    cat "$LOGS/Hello.javac" >&2
    die "bench/startup/Hello.java does not compile"
  fi
  CMD[hotspot-noshare]="$JAVA_HOME/bin/java -Xshare:off"
  CMD[hotspot]="$JAVA_HOME/bin/java"
  CPSTYLE[hotspot-noshare]=cp
  CPSTYLE[hotspot]=cp
  SVMS=""
  [[ " $VMS " == *" loupe "* ]] && SVMS="loupe"
  SVMS="$SVMS hotspot-noshare hotspot"
  [[ " $VMS " == *" zero "* ]] && SVMS="$SVMS zero"
  declare -A STIMES=() SRSS=() SFAILED=()
  [ -n "${LOUPE_NOTE:-}" ] && SFAILED[loupe]="Loupe $LOUPE_NOTE"
  [ -n "${UNAVAILABLE[zero]:-}" ] && SFAILED[zero]="n/a"
  say "bench: start-up, Hello World x $(echo $SVMS | wc -w) VMs x $STARTUP_RUNS runs"
  for r in $(seq 1 "$STARTUP_RUNS"); do
    for v in $SVMS; do
      [ -n "${SFAILED[$v]:-}" ] && continue
      RUN_CLASSES=$SDIR NO_SCALE=1 run_one "$v" Hello "$r"
      if [ $RC -ne 0 ]; then
        SFAILED[$v]="run $r: $(why $RC Hello "$v" "$r")"
      elif [ "$(cat "$LOGS/Hello.$v.$r.out")" != "Hello, World!" ]; then
        SFAILED[$v]="run $r: wrong output '$(head -c 60 "$LOGS/Hello.$v.$r.out")'"
      else
        STIMES[$v]="${STIMES[$v]:-} $WALL"
        SRSS[$v]="${SRSS[$v]:-} ${RSS:-0}"
      fi
    done
  done
  # median WORDS...: the median of the numbers.
  median() { echo "$@" | tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
  {
    echo
    echo "start-up: Hello World (bench/startup/Hello.java), median of $STARTUP_RUNS runs; RSS by $RSS_METHOD"
    for v in $SVMS; do
      RUN_CLASSES=$SDIR NO_SCALE=1 vm_cmd "$v" Hello
      printf '  %-16s %s\n' "$v" "${C[*]}"
    done
    echo
    printf '%-16s %9s %9s %15s %15s\n' vm wall_s rss_MB loupe/vm_wall loupe/vm_rss
    echo "------------------------------------------------------------------"
    printf 'vm\tstatus\tmedian_s\truns_s\tmedian_rss_kb\tloupe_wall_ratio\tloupe_rss_ratio\tnote\n' >"$OUT/startup.tsv"
    lw=""; lr=""
    if [ -z "${SFAILED[loupe]:-}" ] && [ -n "${STIMES[loupe]:-}" ]; then
      lw=$(median ${STIMES[loupe]}); lr=$(median ${SRSS[loupe]})
    fi
    for v in $SVMS; do
      if [ -n "${SFAILED[$v]:-}" ]; then
        st=FAIL; [ "${SFAILED[$v]}" = n/a ] && st=n/a
        printf '%-16s %9s\n' "$v" "$st"
        printf '%s\t%s\t\t\t\t\t\t%s\n' "$v" "$st" "${SFAILED[$v]}" >>"$OUT/startup.tsv"
        continue
      fi
      w=$(median ${STIMES[$v]}); m=$(median ${SRSS[$v]})
      rw="-"; rr="-"
      if [ "$v" != loupe ] && [ -n "$lw" ]; then
        rw=$(awk -v a="$lw" -v b="$w" 'BEGIN { printf "%.2f", a / b }')
        [ "$m" != 0 ] && rr=$(awk -v a="$lr" -v b="$m" 'BEGIN { printf "%.2f", a / b }')
      fi
      printf '%-16s %9.3f %9.1f %15s %15s\n' "$v" "$(awk -v w="$w" 'BEGIN { print w / 1e6 }')" \
             "$(awk -v m="$m" 'BEGIN { print m / 1024 }')" "$rw" "$rr"
      printf '%s\tok\t%s\t%s\t%s\t%s\t%s\t\n' "$v" "$(awk -v w="$w" 'BEGIN { printf "%.4f", w / 1e6 }')" \
             "$(echo ${STIMES[$v]} | tr ' ' '\n' | sort -n | awk '{ printf "%s%.3f", (NR > 1 ? "," : ""), $1 / 1e6 }')" \
             "$m" "${rw#-}" "${rr#-}" >>"$OUT/startup.tsv"
    done
    for v in $SVMS; do
      [ -n "${SFAILED[$v]:-}" ] && [ "${SFAILED[$v]}" != n/a ] && echo "  $v failed: ${SFAILED[$v]}"
    done
    echo
    echo "ratio = Loupe's median / that VM's median (above 1: Loupe is slower or bigger)"
  } | tee -a "$OUT/results.txt"
fi
echo "(results: $OUT/results.tsv, $OUT/startup.tsv, $OUT/results.txt; logs of every run: $LOGS)"
