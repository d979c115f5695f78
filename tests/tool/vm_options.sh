# Command-line options of the VM as HotSpot takes them, through the JDK's launcher: bad
# -XX options (unknown names, a boolean without +/-, a value flag with +/-, bad values)
# with HotSpot's wording; -X options HotSpot rejects or warns about; heap and stack sizes
# (-Xmx/-Xms/-Xmn/-Xss and their -XX forms) that are malformed, too small or too large, and
# the right ones; options accepted for compatibility; the environment variables the VM reads (JAVA_TOOL_OPTIONS, _JAVA_OPTIONS,
# and the launcher's JDK_JAVA_OPTIONS); -verbose:class and -verbose:gc (their -Xlog forms: tool/xlog).  Each run shows
# its exit status, standard output and standard error.
# normalize: s/^\[[0-9]*\.[0-9]*s\]/[TIME]/
# normalize: s/^  err: .* VM warning: /  err: (VM name) VM warning: /
set -u
J=$JDK/bin/java
. "$(dirname "$0")/../lib/tool.sh"
for o in -XX:+NoSuchLoupeOption -XX:NoSuchLoupeOption=3 -XX:-NoSuchLoupeOption -XX: -XX:+ -XX:=1 \
         -XX:UseSerialGC -XX:+UseSerialGC=1 -XX:+MaxHeapSize -XX:MaxHeapSize -XX:MaxHeapSize=abc \
         -XX:ThreadStackSize=abc -Xfoo -Xmx -Xmx0 -Xmx1.5g -Xmx99999999999t -Xmx1k -Xmx2047k \
         -XX:MaxHeapSize=1k -Xms -Xms1023k -Xmn -Xmnfoo -Xmn0 -Xss -Xssfoo -Xss1 -Xss135k -XX:ThreadStackSize=1 -Xss1025m \
         -Xss1048577k -eax -Xincgc -Xlint -Xshare:foo -Xverify:foo -Xcheck -Xcheck:foo -Xintfoo \
         -Xbootclasspath:/x -Xbootclasspath/p:/x; do
  run_java "$o" -cp "$CLASSES" ExitCode
done
run_java -Xms64m -Xmx32m -cp "$CLASSES" ExitCode
for ok in "-Xmx16m -Xms2m" -Xms2g -Xss136k -Xss0 -XX:ThreadStackSize=0 -XX:MaxHeapSize=64m -XX:InitialHeapSize=8m \
          -XX:ThreadStackSize=512 "-Xint -Xshare:off -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData" \
          "-XX:+UnlockDiagnosticVMOptions -XX:-UseContainerSupport -Xrs -Xcheck:jni -Xverify:all -Xverify" \
          -Xverify:none -noverify -Xshare:auto; do
  run_java $ok -cp "$CLASSES" ExitCode
done
echo "== environment"
JAVA_TOOL_OPTIONS="-Dloupe.a=1 -Xss512k" _JAVA_OPTIONS=-Dloupe.b=2 JDK_JAVA_OPTIONS=-Dloupe.c=3 \
  "$J" -Dloupe.a=0 -cp "$CLASSES" SystemProps >env.out 2>&1
echo "exit $?"
grep -E '^Picked up|^NOTE|loupe\.test' env.out
JAVA_TOOL_OPTIONS=-XX:+NoSuchLoupeOption "$J" -cp "$CLASSES" ExitCode 2>&1
echo "exit $?"
echo "== -verbose:class"
"$J" -verbose:class -Xshare:off -cp "$CLASSES" ExitCode >verbose.out 2>&1
echo "exit $?"
grep -E 'ExitCode|\[class,load\] java\.lang\.Object ' verbose.out | sed "s|$CLASSES|CLASSES|"
grep -c '\]\[info\]\[class,load\] java\.lang\.String source: ' verbose.out
echo "== -verbose:gc"
"$J" -verbose:gc -cp "$CLASSES" IdentityClone >gc.out 2>&1
echo "exit $?"
grep -q '^\[[0-9.]*s\]\[info\]\[gc' gc.out && echo "collections are logged"
grep -v '\]\[info\]\[gc' gc.out | head -n 3
