# HotSpot's other -XX flags on the command line: accepted and ignored when well formed,
# rejected as HotSpot rejects them (type of value, +/- on booleans, diagnostic and
# experimental flags before their unlock option), deprecated ones with HotSpot's warning,
# -XX:+PrintGC(Details) as gc logging, -XX:+IgnoreUnrecognizedVMOptions wherever it
# stands, -XX:+PrintVMOptions, -XX:+PrintFlagsFinal and -XX:+PrintCommandLineFlags, and
# -XX:+DisableExplicitGC.
# normalize: s/^  out: \[[0-9]*\.[0-9]*s\]/  out: [TIME]/
# normalize: s/^  err: .* VM warning: /  err: (VM name) VM warning: /
set -u
J=$JDK/bin/java
. "$(dirname "$0")/../lib/tool.sh"
echo "== HotSpot's other -XX flags: accepted (and ignored) with HotSpot's checks"
for o in -XX:MaxGCPauseMillis=100 -XX:G1HeapRegionSize=4m -XX:NewRatio=2 -XX:NewRatio=2k -XX:NewRatio=-2 -XX:NewRatio=abc \
         -XX:SurvivorRatio=1.5 -XX:+DisableExplicitGC -XX:-OmitStackTraceInFastThrow -XX:+UseNUMA -XX:+ParallelRefProcEnabled \
         -XX:StringTableSize=100003 -XX:+UseTLAB -XX:TLABSize=0x1000 -XX:CompileThreshold=1000 -XX:MaxRAMPercentage=75.5 \
         -XX:MaxRAMPercentage=x -XX:OnOutOfMemoryError=true -XX:+UseG1GC -XX:-TieredCompilation -XX:+UseBiasedLocking \
         -XX:+FlightRecorder -XX:+LogVMOutput -XX:+UseEpsilonGC "-XX:+UnlockExperimentalVMOptions -XX:+UseEpsilonGC" \
         "-XX:+UnlockDiagnosticVMOptions -XX:+LogVMOutput -XX:-LogVMOutput" "-XX:+UseEpsilonGC -XX:+UnlockExperimentalVMOptions" \
         -XX:+PrintVMOptions "-XX:+PrintVMOptions -XX:NewRatio=3" -XX:+PrintGC -XX:+PrintGCDetails -XX:PrintGC \
         "-XX:+IgnoreUnrecognizedVMOptions -XX:+NoSuchThing" "-XX:+NoSuchThing -XX:+IgnoreUnrecognizedVMOptions" \
         -XX:+UseConcMarkSweepGC -XX:+AutoCreateSharedArchive; do
  run_java $o -cp "$CLASSES" ExitCode
done 2>&1 | grep -v '\]\[info *\]\[gc' | grep -v '\]\[warning\]\[gc,init\]'
echo "== -XX:+PrintFlagsFinal, -XX:+PrintCommandLineFlags"
"$J" -Xmx64m -XX:+PrintFlagsFinal -XX:+PrintCommandLineFlags -version >flags.out 2>&1
echo "exit $?"
grep -c '^\[Global flags\]$' flags.out
grep -E '^ +size_t MaxHeapSize +=' flags.out | sed 's/  */ /g'
grep -o -- '-XX:MaxHeapSize=[0-9]* ' flags.out
grep -o -- '-XX:+PrintFlagsFinal' flags.out | head -n 1
echo "== -XX:+DisableExplicitGC: System.gc() does nothing"
"$J" -XX:+DisableExplicitGC -verbose:gc -cp "$CLASSES" IdentityClone >nogc.out 2>&1
echo "exit $?"
grep -c 'Pause Full (System.gc())' nogc.out
"$J" -verbose:gc -cp "$CLASSES" IdentityClone >gc2.out 2>&1
grep -q 'Pause Full (System.gc())' gc2.out && echo "without it, System.gc() collects"
