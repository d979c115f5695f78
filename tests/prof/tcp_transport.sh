# The loopback TCP transport (--tcp): the agent connects to 127.0.0.1 at a port the kernel
# picked and reads the session token from a file in the session directory, so the token
# is not on the VM's command line; a connection that brings a wrong token first is
# dropped with a message and the real agent's recording goes on.  On HotSpot and Loupe.
. "$ROOT/tests/prof/lib/prof.bash"
compile CpuSplit
# a java wrapper that keeps its arguments and first connects with a wrong token
wrap() {
  mkdir -p "w$1"
  cat >"w$1/java" <<EOS
#!/bin/bash
printf '%s\n' "\$@" >"$PWD/args$1.txt"
port=\$(grep -o 'tcp=127\.0\.0\.1:[0-9]*' "$PWD/args$1.txt" | cut -d: -f2)
exec 3<>/dev/tcp/127.0.0.1/\$port && printf '\005wrong' >&3 && exec 3>&-
exec "$2" "\$@"
EOS
  chmod +x "w$1/java"
}
check() {
  grep -q '^done' $1.out || fail "$1: the program did not finish: $(cat $1.err)"
  grep -q 'dropped a connection that did not bring' $1.err || fail "$1: the wrong token was not refused: $(cat $1.err)"
  grep -q 'tcp=127\.0\.0\.1:[0-9]*,tokenfile=' args$1.txt || fail "$1: the agent was not given tcp= and tokenfile="
  if grep -q '[,=]token=' args$1.txt; then fail "$1: the token is on the command line"; fi
  "$LP" convert $1.lprof -o $1.summary
  grep -q 'CpuSplit.spin' $1.summary || fail "$1: no CpuSplit.spin in the profile"
  echo "$1: recorded over TCP, $(grep '^cpu:' $1.summary)"
}
wrap hs "$JAVA_HOME/bin/java"
"$LP" run --tcp -o hs.lprof -e cpu -- "$PWD/whs/java" -cp classes CpuSplit 300 >hs.out 2>hs.err
check hs
on_loupe
wrap lo "$PROF_JAVA"
"$LP" run --tcp -o lo.lprof -e cpu -- "$PWD/wlo/java" -cp classes CpuSplit 300 >lo.out 2>lo.err
check lo
