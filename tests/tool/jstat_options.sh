# jstat's other options on a running VM (tool/jstat has -gcutil under every collector):
# -gc, -gccapacity, -gcnew, -gcold and -gccause print their columns with figures that
# parse, -class counts the classes loaded, -compiler has no compiler to report (both VMs
# interpret here, HotSpot with -Xint); and jcmd GC.heap_info prints the heap in Serial's
# layout.  The target runs under -XX:+UseSerialGC: on Loupe that is the generational
# collector, whose nursery and old generation are Serial's eden and tenured generation.
set -u
J=$JDK/bin
. "$(dirname "$0")/../lib/tool.sh"
own_collector
# HotSpot's jstat and jcmd read the VM under test (the subject is the target, and the
# tools on Loupe are too slow under the sanitizers)
tool() { "$JAVA_HOME/bin/$@"; }
# fields 1..N (0: all) of each line after the header are figures (or "-", jstat's "none")
check_fields() {
  awk -v n="$1" 'NR == 1 { next } { m = n ? n : NF; for (i = 1; i <= m; i++) if ($i != "-" && $i !~ /^-?[0-9]+(\.[0-9]+)?$/) bad = 1; if (NF < m) bad = 1 }
       END { print (NR >= 2 && !bad) ? "figures parse: yes" : "figures parse: no" }'
}
marker=$PWD/jstat.done
: >target.out
("$J/java" -XX:+UseSerialGC -Xint -Xmx64m -cp "$CLASSES" JstatTarget "$marker" >target.out 2>&1 & echo $! >pid; wait) &
for _ in $(seq 1200); do grep -q ready target.out && break; sleep 0.1; done
pid=$(cat pid)
for opt in -gc -gccapacity -gcnew -gcold -gccause -class -compiler; do
  echo "== jstat $opt PID"
  tool jstat $opt "$pid" >opt.out
  echo "exit $?"
  sed -n '1s/^/columns: /p' opt.out
  case $opt in
    -gccause) check_fields 13 <opt.out ;;
    -compiler) awk 'NR == 2 { print "compiled:", $1 }' opt.out ;;
    -class) awk 'NR == 2 { print "classes loaded:", ($1 > 0 ? "yes" : "no") }' opt.out; check_fields 0 <opt.out ;;
    *) check_fields 0 <opt.out ;;
  esac
done
echo "== jcmd PID GC.heap_info (figures left out)"
# without HotSpot's address ranges and class space (Loupe has no compressed class pointers)
tool jcmd "$pid" GC.heap_info | sed -n '2,$p' | grep -v '^  class space' |
  sed 's/ *\[0x.*//; s/[0-9][0-9]*K/NK/g; s/ *[0-9][0-9]*% used/ N% used/'
touch "$marker"
wait
cat target.out
