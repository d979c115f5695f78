#!/bin/bash
# Lists the Java tests that make HotSpot spin lambda classes at run time, i.e. that need
# invokedynamic even though their own bytecode has none (because a JDK method they call
# is written with lambdas: regular expressions, streams, ...).  For test authors: the
# main tests should not, so that they can pass before Loupe has invokedynamic.
#
#   BUILD=build JAVA_HOME=... tests/lib/indy-audit.sh [Name...]
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-build}
JAVA_HOME=${JAVA_HOME:-$("$root/tools/find_jdk.sh")}
classes=$BUILD/tests/classes
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in "$root"/tests/java/*.java; do b=${f##*/}; names+=("${b%.java}"); done
fi
for n in "${names[@]}"; do
  src=$root/tests/java/$n.java
  read -r -a opts <<<"$(head -n 30 "$src" | sed -n 's|^// vm-options: *||p' | tr '\n' ' ')"
  lambdas=$(timeout 120 "$JAVA_HOME/bin/java" -Xshare:off -Xlog:class+load=info ${opts[@]+"${opts[@]}"} \
              -cp "$classes" "$n" 2>/dev/null </dev/null |
            sed -n 's/.*\] \([^ ]*\$\$Lambda\$[^ ]*\) source: \([^ ]*\).*/\2/p' | sort -u | tr '\n' ' ')
  if [ -n "$lambdas" ]; then
    plain=""
    head -n 20 "$src" | grep -q '^// javac: plain' && plain=" (javac: plain)"
    echo "$n$plain: lambdas from $lambdas"
  fi
done
