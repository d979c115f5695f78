# The HTML report opened in headless Chromium: no console message at all (errors and
# warnings print as CONSOLE lines), the flame graphs drawn by d3-flame-graph (frames
# for the hot methods), the GC timeline, the lock table naming the lock and both
# threads, and the profiling cost.  A screenshot stays in $BUILD/tests/prof/report.png.
. "$ROOT/tests/prof/lib/prof.bash"
need chromium chromium
compile CpuSplit AllocSite LockFight Mixed
"$LP" run -o report.lprof -e cpu,alloc,lock -- "$PROF_JAVA" -Xmx32m -cp classes Mixed >run.out
grep -q '^done' run.out || fail "the program did not finish"
"$LP" convert report.lprof -o report.html
cp report.html "$ARTIFACTS/report.html"
chrome() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$PWD/profile-$1" --window-size=1280,1600 --virtual-time-budget=5000 "${@:2}" \
    "file://$PWD/report.html"
}
chrome dom --enable-logging=stderr --v=0 --dump-dom >dom.html 2>chrome.err || fail "chromium failed"
if grep 'CONSOLE' chrome.err; then fail "console messages in the report"; fi
grep -q 'data-ready="1"' dom.html || fail "the report's script did not finish"
for id in cpu-flame alloc-flame lock-flame gc-timeline gc-histogram lock-table cost; do
  grep -q "id=\"$id\"" dom.html || fail "no #$id in the report"
done
grep -q 'name="CpuSplit.seventy"' dom.html || fail "no CpuSplit.seventy frame in the CPU flame graph"
grep -q 'name="AllocSite$Item"' dom.html || fail "no AllocSite\$Item frame in the allocation flame graph"
grep -qE '<td>LockFight\$TheLock@[0-9a-f]+</td><td>holder</td><td>waiter</td>' dom.html ||
  fail "the lock table does not name LockFight\$TheLock, holder and waiter"
grep -qE 'Profiling cost: agent CPU [0-9.]+ ms' dom.html || fail "no profiling cost"
chrome shot --screenshot="$ARTIFACTS/report.png" >/dev/null 2>&1 || fail "no screenshot"
[ -s "$ARTIFACTS/report.png" ] || fail "empty screenshot"
