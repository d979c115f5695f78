#!/bin/bash
# Compiles the Java sources of the test suite into one class directory.
#
#   tests/lib/javac.sh JAVA_HOME OUTDIR source.java...
#
# Sources are compiled for Java 17 with debug information (-g: line numbers in stack
# traces, local variable names in NullPointerException messages).  So that only the tests
# about it depend on invokedynamic, every source is compiled with -XDstringConcat=inline
# and must not need invokedynamic at all (lambdas, method references, records, ...): the
# build fails if javap finds one.  A source whose header has the line `// javac: plain`
# (a test of those features) is compiled the ordinary way instead.
#
# The directory is rebuilt from scratch in a temporary directory and then moved into
# place, so classes of deleted sources do not linger; OUTDIR/.built marks a complete
# build.  Concurrent runs (people building in the same checkout) take turns (flock).
set -u
java_home=$1
out=$2
shift 2

strict=()
plain=()
for f in "$@"; do
  if head -n 20 "$f" | grep -q '^// javac: plain'; then
    plain+=("$f")
  else
    strict+=("$f")
  fi
done

# Several people may build in the same checkout at once: one compilation at a time.
mkdir -p "$(dirname "$out")"
exec 9>"$out.lock"
flock 9
tmp=$(mktemp -d "$out.tmp.XXXXXX")
javac=("$java_home/bin/javac" -source 17 -target 17 -encoding UTF-8 -g
       -nowarn -Xlint:none -d "$tmp")

echo "javac: ${#strict[@]} test sources -> $out"
if [ "${#strict[@]}" -gt 0 ]; then
  "${javac[@]}" -XDstringConcat=inline "${strict[@]}" || { rm -rf "$tmp"; exit 1; }
  # Any invokedynamic in what was just compiled is an error: name its source file.
  shopt -s nullglob
  classes=("$tmp"/*.class)
  if [ "${#classes[@]}" -gt 0 ]; then
    if ! "$java_home/bin/javap" -c -p "${classes[@]}" >"$tmp/javap.txt"; then
      echo "javac.sh: javap failed" >&2
      rm -rf "$tmp"
      exit 1
    fi
    indy=$(awk '/^Compiled from / { src = $3; gsub(/"/, "", src) } / invokedynamic / { print src }' \
             "$tmp/javap.txt" | sort -u)
    rm -f "$tmp/javap.txt"
    if [ -n "$indy" ]; then
      echo "javac.sh: these sources compile to invokedynamic without a '// javac: plain' header:" >&2
      echo "$indy" | sed 's/^/  /' >&2
      echo "  (rewrite them without lambdas/method references/records, or mark the file" >&2
      echo "   with a '// javac: plain' header line if invokedynamic is what it tests)" >&2
      rm -rf "$tmp"
      exit 1
    fi
  fi
fi
if [ "${#plain[@]}" -gt 0 ]; then
  echo "javac: ${#plain[@]} plain (invokedynamic) test sources -> $out"
  "${javac[@]}" -cp "$tmp" "${plain[@]}" || { rm -rf "$tmp"; exit 1; }
fi

touch "$tmp/.built"
chmod 755 "$tmp"
rm -rf "$out"
mv "$tmp" "$out"
