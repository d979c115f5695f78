# The VM's identity as the launcher shows it: java -version, -showversion and
# -XshowSettings:properties/vm.  The launcher's own lines and every property the VM does
# not own are the same on both VMs.  The VM's line and the java.vm.name/vendor/version/
# info properties differ by design (Loupe names itself), so the script prints only
# verdicts about them: the -version line is built from the properties, the strings come
# from the libjvm.so that ran, and the specification properties say 17.
# normalize: s|^    java.home = .*|    java.home = JDK|
# normalize: s|^    sun.boot.library.path = .*|    sun.boot.library.path = JDK/lib|
# normalize: s|^    user.dir = .*|    user.dir = DIR|
set -u
J=$JDK/bin/java
prop() { sed -n "s/^    $1 = //p" props.txt; }

"$J" -version >version.out 2>version.err
echo "java -version: exit $?, $(wc -l <version.out) lines on stdout, $(wc -l <version.err) on stderr"
head -n 2 version.err
"$J" -XshowSettings:properties -version >props.txt 2>&1
name=$(prop java.vm.name) version=$(prop java.vm.version) info=$(prop java.vm.info) vendor=$(prop java.vm.vendor)
vmline=$(sed -n 3p version.err)
if [ "$vmline" = "$name (build $version, $info)" ]; then echo "VM line = java.vm.name (build java.vm.version, java.vm.info)"
else echo "VM line '$vmline' disagrees with java.vm.name '$name', version '$version', info '$info'"; fi
for s in "$name" "$version" "$vendor"; do
  if [ -n "$s" ] && grep -qaF "$s" "$JDK/lib/server/libjvm.so"; then echo "a java.vm property is the loaded VM's own"
  else echo "java.vm property '$s' is not in $JDK/lib/server/libjvm.so"; fi
done
grep -E '^    java(\.vm)?\.specification\.|^    java\.class\.version' props.txt
# Everything else the listing shows, minus the VM's identity and HotSpot-only properties.
grep -vE '^    (java\.vm\.(name|vendor|version|info|compressedOopsMode)|sun\.management\.compiler) = ' props.txt | sed '/^Property settings:/,/^$/!d'

"$J" -showversion -cp "$CLASSES" ExitCode >showversion.out 2>showversion.err
echo "java -showversion ExitCode: exit $?"
cat showversion.out
head -n 2 showversion.err
tail -n +4 showversion.err
[ "$(sed -n 3p showversion.err)" = "$vmline" ] && echo "same VM line as -version"

"$J" -XshowSettings:vm -Xmx100m -version 2>&1 | sed "s/Using VM: $name\$/Using VM: (java.vm.name)/" | head -n 4
