# java -jar: a jar built by the JDK's jar tool, with a Main-Class manifest, run by the
# launcher (exercises the zip natives, the Perf counters and LauncherHelper's jar path).
set -e
mkdir -p pkg
cp "$CLASSES/Strings.class" .
printf 'Main-Class: Strings\n' >manifest.txt
"$JDK/bin/jar" cfm app.jar manifest.txt Strings.class
rm Strings.class
"$JDK/bin/jar" tf app.jar
"$JDK/bin/java" -jar app.jar
echo "exit $?"
"$JDK/bin/java" -cp app.jar Strings | wc -l
