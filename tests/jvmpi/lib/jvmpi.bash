# Shared by the JVMPI tests (tests/jvmpi/*.sh): builds the HPROF-like agent against the
# jvmpi.h of the JDK image and runs programs under it with jembed (the Invocation-API
# launcher, built with the same sanitizers as the VM).
#   agent                  builds ./libhprof.so
#   run NAME OPTS -- ARGS  runs jembed with -agentpath:libhprof.so=OPTS,file=NAME.txt ARGS;
#                          its output in NAME.out
#   expect NAME CHECK...   fails unless the sorted CHECK lines of NAME.out are exactly
#                          "CHECK <what>: ok" for each <what> given, and the run exited 0
set -u
JEMBED=$BUILD/tests/jembed
CLASSES=$BUILD/tests/classes
fail=0
# Under GC stress and on sanitizer builds the programs run smaller workloads.
light=false
case "${LOUPE_OPTIONS:-} $BUILD" in *GCStress*|*asan|*tsan) light=true ;; esac

agent() {
  gcc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wno-unused-parameter -fPIC -shared -O1 -g \
      -I"$BUILD/jdk/include" -I"$BUILD/jdk/include/linux" -o libhprof.so "$ROOT/tests/jvmpi/lib/hprof.c" ||
    { echo "agent does not build"; exit 1; }
}

run() {
  local name=$1 opts=$2
  shift 3
  "$JEMBED" -agentpath:"$PWD/libhprof.so=$opts,file=$name.txt" "$@" >"$name.out" 2>&1
  echo "$?" >"$name.rc"
}

expect() {
  local name=$1
  shift
  printf 'CHECK %s: ok\n' "$@" | sort >"$name.want"
  grep '^CHECK ' "$name.out" | sort >"$name.got"
  if ! diff -u "$name.want" "$name.got" >"$name.diff" || [ "$(cat "$name.rc")" != 0 ]; then
    echo "FAIL $name (exit $(cat "$name.rc"))"
    cat "$name.diff"
    grep -v '^CHECK ' "$name.out" | tail -n 20
    fail=1
  else
    echo "ok $name"
  fi
}

CHECKS_EVENTS=("JNI global reference events" "JNI weak global reference events" "instruction start events"
  "data dump request on SIGQUIT" "JVM init done and thread events" "arena new events")
# The checks of each option of the agent (see lib/hprof.c).
CHECKS_BASE=("interface version" "report written")
CHECKS_HEAP=("heap totals from events agree at every GC finish" "allocation sites recorded")
CHECKS_JVMTI=("JVMPI method entries agree with JVMTI MethodEntry")
CHECKS_DUMPS=("heap dumps requested" "heap dump level 0 parses" "heap dump level 1 parses" "heap dump level 2 parses"
  "heap dump levels show the same objects" "live objects per class from events agree with the heap dump"
  "live object total from events agrees with the heap dump")
CHECKS_FUNCS=("CreateSystemThread" "thread-local storage" "GetCurrentThreadCpuTime" "GetThreadStatus of the running thread"
  "GetCallTrace of a suspended thread" "GetThreadStatus ignores JVMPI suspension" "ThreadHasRun after the thread ran"
  "SuspendThread stops the thread's Java code" "ResumeThreadList" "SuspendThreadList" "RequestEvent thread start"
  "jobjectID2jobject and back" "jobjectID2jobject gives the thread" "RequestEvent object alloc"
  "object dump of the thread object" "object dump of an interior address fails" "GetMethodClass"
  "RequestEvent class load" "RunGC does nothing with GC disabled" "RunGC collects" "raw monitors" "monitor dump")
CHECKS_BAD=("EnableEvent of unknown types" "EnableEvent of dumps"
  "RequestEvent of a non-defining event" "RequestEvent with bad ids" "heap dump of an unknown level"
  "functions given a stale thread" "GetMethodClass of a stale method" "raw monitor functions given a stale monitor")
CHECKS_WALK=("live objects per class from events agree with a JVMTI heap walk")
