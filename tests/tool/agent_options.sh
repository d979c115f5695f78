# Agent options on each VM: -agentpath, -agentlib (the JDK's lib/ first, then the dynamic
# linker's path), -Xrun, options given or not, several agents in order, Agent_OnUnload at
# exit, and HotSpot's messages when a library is missing, has no Agent_OnLoad or fails.
# normalize: s|/[^ ]*/lib/libzip.so|(jdk)/lib/libzip.so|
set -e
cat >agent.c <<'C'
#include <jni.h>
#include <stdio.h>
#include <string.h>

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    printf("Agent_OnLoad(%s)\n", options ? options : "NULL");
    fflush(stdout);
    return options && strcmp(options, "fail") == 0 ? 3 : 0;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM *vm) {
    printf("Agent_OnUnload\n");
    fflush(stdout);
}
C
gcc -shared -fPIC -O1 -I"$JDK/include" -I"$JDK/include/linux" -o libloupeagent.so agent.c
run() {
  echo "== $*" | sed "s|$PWD|(dir)|g"
  local st=0
  "$JDK/bin/java" "$@" -cp "$CLASSES" Arith >out.txt 2>&1 || st=$?
  { head -n 3 out.txt; grep -e '^Agent_OnUnload' out.txt || true; } | sed "s|$PWD|(dir)|g"
  echo "status $st"
}
run -agentpath:"$PWD/libloupeagent.so"
run -agentpath:"$PWD/libloupeagent.so=" 
run -agentpath:"$PWD/libloupeagent.so=a=b,c"
run -agentpath:"$PWD/libloupeagent.so=fail"
run -agentpath:"$PWD/libloupeagent.so=first" -agentpath:"$PWD/libloupeagent.so=second"
run -agentpath:/nonexistent/libx.so
run -agentpath:"$JDK/lib/libzip.so"
run -agentlib:loupeagent
run -agentlib:zip
run -Xrunloupeagent
run -Xdebug -Xnoagent -Xrunloupeagent:x=1
LD_LIBRARY_PATH=$PWD run -agentlib:loupeagent=viapath
LD_LIBRARY_PATH=$PWD run -Xrunloupeagent:viapath,more
