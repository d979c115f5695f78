# The HTML report of a Loupe recording with events=live, in headless Chromium: no console
# message, the live heap by class over time with its table, the survival curves and
# age-at-death histograms per arena and per class, and the lifetime table giving
# Survive$Obj's exact counts.  A screenshot stays in $BUILD/tests/prof/report-live.png.
. "$ROOT/tests/prof/lib/prof.bash"
need chromium chromium
compile Survive
on_loupe
"$LP" run -o live.lprof -e cpu,alloc,live -- "$PROF_JAVA" -cp classes Survive 10000 10 >run.out
grep -q '^kept 1000' run.out || fail "the program did not finish"
"$LP" convert live.lprof -o report.html
cp report.html "$ARTIFACTS/report-live.html"
chrome() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$PWD/profile-$1" --window-size=1280,2400 --virtual-time-budget=5000 "${@:2}" \
    "file://$PWD/report.html"
}
chrome dom --enable-logging=stderr --v=0 --dump-dom >dom.html 2>chrome.err || fail "chromium failed"
if grep 'CONSOLE' chrome.err; then fail "console messages in the report"; fi
grep -q 'data-ready="1"' dom.html || fail "the report's script did not finish"
for id in live-heap live-table survival-arenas survival-classes lifetime-table; do
  grep -q "id=\"$id\"" dom.html || fail "no #$id in the report"
done
[ "$(grep -o 'class="curve"' dom.html | wc -l)" -ge 2 ] || fail "no survival curves drawn"
grep -q 'class="age-hist"' dom.html || fail "no age-at-death histogram"
grep -qE '<td>Survive\$Obj</td><td class="num">10,000</td><td class="num">9,000</td><td class="num">1,000</td>' dom.html ||
  fail "the lifetime table does not give Survive\$Obj's 10000 objects, 9000 deaths, 1000 alive"
chrome shot --screenshot="$ARTIFACTS/report-live.png" >/dev/null 2>&1 || fail "no screenshot"
[ -s "$ARTIFACTS/report-live.png" ] || fail "empty screenshot"
