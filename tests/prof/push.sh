# --push sends the CPU profile to a Pyroscope-compatible server while recording: a small
# HTTP server here takes the POSTs to /ingest; they must name the application and the
# collapsed format, span the run, and carry the program's hot frames.  A server that is
# not there is reported once, and the recording is still written.
. "$ROOT/tests/prof/lib/prof.bash"
need python3 python3
compile CpuSplit
cat >server.py <<'PY'
import http.server, os
class Ingest(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get('Content-Length', 0)))
        n = len([f for f in os.listdir('.') if f.startswith('push.')])
        with open('push.%03d' % n, 'wb') as f:
            f.write(self.path.encode() + b'\n' + body)
        self.send_response(200)
        self.end_headers()
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(('127.0.0.1', 0), Ingest)
with open('port.tmp', 'w') as f:
    f.write(str(server.server_address[1]))
os.rename('port.tmp', 'port')
server.serve_forever()
PY
python3 server.py 2>server.err &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
wait_for port . 30
"$LP" run -o cpu.collapsed --push "http://127.0.0.1:$(cat port)" --app loupetest --push-every 1 -e cpu -i 2ms \
  -- "$PROF_JAVA" -cp classes CpuSplit 1500 >run.out 2>run.err || fail "run failed: $(cat run.err)"
ls push.* >/dev/null 2>&1 || fail "nothing was pushed: $(cat run.err)"
head -qn 1 push.* | grep -v '^/ingest?name=loupetest.cpu&from=[0-9]*&until=[0-9]*&format=folded&' &&
  fail "a push without the expected query"
pushed=$(tail -qn +2 push.* | grep -E 'CpuSplit\.(seventy|thirty)' | awk '{ s += $NF } END { print s + 0 }')
recorded=$(weight cpu.collapsed 'CpuSplit\.(seventy|thirty)')
echo "$(ls push.* | wc -l) pushes, $pushed samples pushed, $recorded recorded"
[ "$pushed" -ge $((recorded * 9 / 10)) ] || fail "pushed $pushed of $recorded samples"
kill $server
"$LP" run -o cpu2.collapsed --push "http://127.0.0.1:$(cat port)" -e cpu -- "$PROF_JAVA" -cp classes CpuSplit 100 \
  >/dev/null 2>run2.err || fail "run failed without a server"
[ "$(grep -c 'cannot connect' run2.err)" = 1 ] || fail "expected one 'cannot connect' message: $(cat run2.err)"
[ -s cpu2.collapsed ] || fail "no recording without a server"
