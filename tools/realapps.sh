#!/bin/bash
# Runs real applications from Debian on HotSpot (the system JDK) and on Loupe (build/jdk)
# and compares what they print, their exit status and the class files and HTML they write.
#
#   tools/realapps.sh [APP...]          default: every app below
#
# Each app is a function app_<name>, run in a fresh copy of tests/apps (the inputs: a small
# Java program, scripts for the JVM languages, build files) with the side's JDK first on
# PATH and as JAVA_HOME, and with its own HOME so that no cache is shared between sides.
# Output is compared after the lines that name the VM or give a time are made neutral
# (normalise below).  The packages are installed through tools/deps.sh.  Results go to
# build/realapps/<app>/{hotspot,loupe}/; the table printed at the end gives both times.
# Exit status: 0 when every app gives the same on both VMs.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}
LOUPE_JDK=${LOUPE_JDK:-$root/build/jdk}
results=$root/build/realapps
all_apps="javac javadoc jar jshell ant maven gradle groovy clojure jython jruby scala kotlin checkstyle closure h2"
packages="ant maven gradle groovy clojure jython jruby scala kotlin checkstyle closure-compiler libh2-java"

app_javac()      { javac -d out/classes src/demo/Shapes.java && java -cp out/classes demo.Shapes; }
app_javadoc()    { javadoc -quiet -notimestamp -d out/api src/demo/Shapes.java; }
app_jar()        { javac -d out/classes src/demo/Shapes.java &&
                   jar --create --file out/shapes.jar --main-class demo.Shapes -C out/classes . &&
                   jar --list --file out/shapes.jar && java -jar out/shapes.jar; }
app_jshell()     { jshell -q jshell.jsh </dev/null; }                  # runs snippets over JDWP
app_ant()        { ant -noinput; }
app_maven()      { mvn -o -B validate; }
app_gradle()     { gradle --offline --no-daemon -q compileJava && java -cp out/classes/java/main demo.Words; }
app_groovy()     { groovy script.groovy; }
app_clojure()    { clojure script.clj; }
app_jython()     { jython script.py; }
app_jruby()      { jruby script.rb; }
app_scala()      { mkdir -p out/classes && scalac -d out/classes Main.scala && scala -cp out/classes Main; }
app_kotlin()     { mkdir -p out && kotlinc main.kt -d out/main.jar && kotlin -cp out/main.jar MainKt; }
app_checkstyle() { checkstyle -c /sun_checks.xml legacy/demo/Words.java; }   # 8.36 predates records
app_closure()    { closure-compiler --js script.js; }
app_h2()         { javac -d out/classes Jdbc.java && java -cp out/classes:/usr/share/java/h2.jar Jdbc "$PWD/out" &&
                   java -cp /usr/share/java/h2.jar org.h2.tools.Shell -url jdbc:h2:mem:x -sql 'select 6*7'; }

# Makes the lines that legitimately differ between the two VMs (or two runs) the same.
normalise() {
  sed -e "s#$1#DIR#g" \
      -e 's/OpenJDK 64-Bit Server VM/VM/g; s/Loupe VM/VM/g' \
      -e 's/(build [^)]*)/(build)/g; s/(Debian 17[^)]*)/(VM)/g; s/(Loupe [0-9.]*)/(VM)/g' \
      -e 's/\(([0-9]* rows\?\), [0-9]* ms)/\1)/' \
      -e '/Total time\|Finished at\|BUILD SUCCESSFUL in/d'
}

# run_side APP SIDE JDK: runs the app in build/realapps/APP/SIDE; prints its time in seconds.
run_side() {
  local dir=$results/$1/$2 start end rc
  rm -rf "$dir" && mkdir -p "$dir/home" && cp -r "$root/tests/apps/." "$dir/work"
  start=$(date +%s.%N)
  (cd "$dir/work" && HOME=$dir/home JAVA_HOME=$3 PATH=$3/bin:$PATH timeout "${APPS_TIMEOUT:-900}" nice bash -c "app_$1") \
    >"$dir/raw" 2>&1
  rc=$?
  end=$(date +%s.%N)
  { normalise "$dir" <"$dir/raw"; echo "exit $rc"; } >"$dir/output"
  (cd "$dir/work" && find . -name '*.class' -o -name '*.html' | sort | xargs -r sha256sum) >"$dir/files"
  echo "$end - $start" | bc
}

# compare APP: "same", or what differs first.
compare() {
  local h=$results/$1/hotspot l=$results/$1/loupe
  if grep -q '^exit 12[67]$' "$h/output"; then echo "does not run on HotSpot: $h/raw"
  elif ! cmp -s "$h/output" "$l/output"; then echo "output differs: diff $h/output $l/output"
  elif ! cmp -s "$h/files" "$l/files"; then echo "files differ: diff $h/files $l/files"
  else echo same; fi
}

export -f $(declare -F | awk '$3 ~ /^app_/ {print $3}')
[ -x "$LOUPE_JDK/bin/java" ] || { echo "realapps: no Loupe image at $LOUPE_JDK (run make)" >&2; exit 2; }
"$root/tools/deps.sh" $packages || exit 2
apps=${*:-$all_apps}
failed=0
printf '%-11s %9s %9s %7s  %s\n' app hotspot loupe ratio result
for a in $apps; do
  declare -F "app_$a" >/dev/null || { echo "realapps: no app $a (known: $all_apps)" >&2; exit 2; }
  th=$(run_side "$a" hotspot "$JAVA_HOME")
  tl=$(run_side "$a" loupe "$LOUPE_JDK")
  r=$(compare "$a")
  [ "$r" = same ] || failed=$((failed + 1))
  printf '%-11s %8.1fs %8.1fs %6.2fx  %s\n' "$a" "$th" "$tl" "$(echo "$tl / $th" | bc -l)" "$r"
done
n=$(echo $apps | wc -w)
echo "$((n - failed)) of $n applications give the same output on HotSpot and Loupe"
[ "$failed" = 0 ]
