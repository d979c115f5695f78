# Loading: the agent as an -Xrun library (JVM_OnLoad, in the live phase, as JDK 1.2 ran
# profilers), with its options; GetEnv with each JVMPI version; jvmpi.h installed in the
# JDK image; a VM without the agent prints no JVMPI output.  An -Xrun library that lacks
# JVM_OnLoad and Agent_OnLoad ends start-up as on HotSpot.
. "$ROOT/tests/jvmpi/lib/jvmpi.bash"
[ -f "$BUILD/jdk/include/jvmpi.h" ] || { echo "FAIL: no jvmpi.h in $BUILD/jdk/include"; exit 1; }
agent
"$JEMBED" -Xrunhprof_missing -version >missing.out 2>&1 && { echo "FAIL: a missing -Xrun library started"; fail=1; }
LD_LIBRARY_PATH=$PWD "$JEMBED" -Xrunhprof:heap,funcs,bad,file=xrun.txt -Djava.class.path="$CLASSES" GcWorkload 4 >xrun.out 2>&1
echo $? >xrun.rc
expect xrun "${CHECKS_BASE[@]}" "allocation sites recorded" "${CHECKS_FUNCS[@]}" "${CHECKS_BAD[@]}"
cat >versions.c <<'C'
#include <jvmpi.h>
#include <stdio.h>
JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jint versions[] = { JVMPI_VERSION_1, JVMPI_VERSION_1_1, JVMPI_VERSION_1_2, 0x10000004 };
    for (int i = 0; i < 4; i++) {
        JVMPI_Interface *pi = NULL;
        jint r = (*vm)->GetEnv(vm, (void **)&pi, versions[i]);
        printf("GetEnv 0x%x: %d version 0x%x suspend-list %s\n", (unsigned)versions[i], (int)r,
               pi ? (unsigned)pi->version : 0u, pi && pi->SuspendThreadList ? "yes" : "no");
    }
    return JNI_OK;
}
C
gcc -shared -fPIC -I"$BUILD/jdk/include" -I"$BUILD/jdk/include/linux" -o libversions.so versions.c || exit 1
LD_LIBRARY_PATH=$PWD "$JEMBED" -Xrunversions -Djava.class.path="$CLASSES" Arith >versions.out 2>&1
cat >versions.want <<'OUT'
GetEnv 0x10000001: 0 version 0x10000001 suspend-list yes
GetEnv 0x10000002: 0 version 0x10000002 suspend-list yes
GetEnv 0x10000003: 0 version 0x10000003 suspend-list yes
GetEnv 0x10000004: -3 version 0x0 suspend-list no
OUT
grep '^GetEnv' versions.out | diff -u versions.want - || { echo "FAIL versions"; fail=1; }
exit $fail
