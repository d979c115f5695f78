# tests/lib/tool.sh — shell functions the tool tests (tests/tool/*.sh) share.  A script
# sources it with
#
#   . "$(dirname "$0")/../lib/tool.sh"
#
# and runs, as every tool test, in an empty scratch directory with JDK (the JDK under test)
# and CLASSES set (tests/run.sh).  tests/run.sh counts this file in every tool test's
# reference key, so that a change here makes HotSpot's transcripts again.

# run_java ARGS...: $JDK's java with ARGS, then its exit status and what it printed, each
# line of stdout marked "  out: " and of stderr "  err: " (the class directory shows as
# CLASSES).
run_java() {
  echo "== ${*//$CLASSES/CLASSES}"
  "$JDK/bin/java" "$@" >run.out 2>run.err
  echo "exit $?"
  sed 's/^/  out: /' run.out
  sed 's/^/  err: /' run.err
}

# jdwp_debuggee ARGS...: starts $JDK's java with the JDK's own JDWP agent listening on a
# free port of 127.0.0.1, suspended, and ARGS, in the background: its pid in $vm, its
# output in vm.out, the port in $port once the agent has said it (up to 60 s; without
# it, the script ends here with what the debuggee printed).
jdwp_debuggee() {
  : >vm.out          # exists before the first look, whoever runs first
  "$JDK/bin/java" -agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0 "$@" >vm.out 2>&1 &
  vm=$!
  port=
  for _ in $(seq 600); do
    # from the first line once it is whole (a line still being written ends the file
    # without its newline, and part of the port number is another number)
    [ "$(wc -l <vm.out)" -ge 1 ] &&
        port=$(sed -n '1s/^Listening for transport dt_socket at address: \([0-9]*\)$/\1/p' vm.out)
    [ -n "$port" ] && return 0
    sleep 0.1
  done
  echo "no port"; cat vm.out; kill $vm; exit 1
}

# jdb_settled PATTERN FROM: waits (up to 120 s) until jdb's output, jdb.out, has grown
# past FROM bytes, ends with PATTERN and has not grown for 0.6 s.
jdb_settled() {
  local last=-1 size stable=0
  for _ in $(seq 1200); do
    size=$(stat -c %s jdb.out)
    if [ "$size" = "$last" ] && [ "$size" -gt "$2" ] && tail -c 200 jdb.out | tr -d '\n' | grep -Eq "($1)\$"; then
      stable=$((stable + 1))
      [ $stable -ge 6 ] && return 0
    else
      stable=0
    fi
    last=$size
    sleep 0.1
  done
}

# jdb_session JDB-ARGS...: runs HotSpot's jdb with JDB-ARGS (its output in jdb.out, its pid
# in $jdb) and sends it the commands on this function's standard input, one a line, each
# once jdb has answered the one before: its output ends with a prompt and has been quiet
# for a moment, so that the transcript does not depend on timing.  A command written
# "!cmd" resumes the debuggee: jdb's answer is then a prompt naming the stopped thread,
# or the application's end.  Returns when the last command is answered; jdb's input is
# then closed.
jdb_session() {
  mkfifo jdb.in
  : >jdb.out
  trap '' PIPE        # if jdb ends early, the transcript still shows why
  "$JAVA_HOME/bin/jdb" "$@" <jdb.in >jdb.out 2>&1 &
  jdb=$!
  exec 3>jdb.in
  jdb_settled '> |\] ' 0
  local cmd wait_for sent
  while IFS= read -r cmd; do
    case $cmd in
    '!'*) cmd=${cmd#!}; wait_for='[a-z]+\[[0-9]+\] |application exited' ;;
    *) wait_for='> |\] ' ;;
    esac
    sent=$(stat -c %s jdb.out)
    echo "$cmd" >&3
    jdb_settled "$wait_for" "$sent"
  done
  exec 3>&-
}

# own_collector [stress]: for a test that chooses the collector itself: takes the test
# harness's choice (make test GC=..., which would override the test's flag) out of
# LOUPE_OPTIONS, and with "stress" GC stress too (for a test whose figures its forced
# collections would change).
own_collector() {
  local drop='s/-XX:LoupeGC=[^ ]*//'
  [ "${1:-}" = stress ] && drop="$drop; s/-XX:GCStressInterval=[^ ]*//"
  LOUPE_OPTIONS=$(echo "${LOUPE_OPTIONS:-}" | sed "$drop")
  export LOUPE_OPTIONS
}
