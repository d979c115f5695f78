# pprof output read by an independent reader: `go tool pprof -top` lists the hot method
# (CpuSplit.spin, where CpuSplit spends nearly all its CPU) first.
. "$ROOT/tests/prof/lib/prof.bash"
need go golang-go
compile CpuSplit
"$LP" run -o cpu.lprof -e cpu -i 2ms -- "$PROF_JAVA" -cp classes CpuSplit 1000 >run.out
"$LP" convert cpu.lprof -o cpu.pb.gz
"$LP" convert cpu.lprof -o alloc.pb.gz --event alloc
HOME=$PWD GOCACHE=$PWD/gocache GOFLAGS=-mod=mod go tool pprof -top cpu.pb.gz >top.txt 2>top.err ||
  fail "go tool pprof failed: $(cat top.err)"
cat top.txt
first=$(awk '/flat%/ { getline; print $NF; exit }' top.txt)
[ "$first" = CpuSplit.spin ] || fail "the first method is '$first', expected CpuSplit.spin"
grep -q 'Type: cpu' top.txt || fail "no sample type cpu"
HOME=$PWD GOCACHE=$PWD/gocache go tool pprof -top alloc.pb.gz >/dev/null 2>&1 || fail "an empty pprof profile is not readable"
