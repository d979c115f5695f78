#!/bin/bash
# Compiles the Java sources of the test suite into one class directory.
#
#   tests/lib/javac.sh JAVA_HOME OUTDIR source.java...
#
# Sources are compiled the ordinary way for Java 17 (invokedynamic for lambdas and string
# concatenation included), with debug information (-g: line numbers in stack traces,
# local variable names in NullPointerException messages).  Warnings are off: the tests
# use sun.misc.Unsafe and raw types on purpose.
#
# The directory is rebuilt from scratch in a temporary directory and then moved into
# place, so classes of deleted sources do not linger; OUTDIR/.built marks a complete
# build.  Concurrent runs (people building in the same checkout) take turns (flock).
set -u
java_home=$1
out=$2
shift 2

# Several people may build in the same checkout at once: one compilation at a time.
mkdir -p "$(dirname "$out")"
exec 9>"$out.lock"
flock 9
tmp=$(mktemp -d "$out.tmp.XXXXXX")
echo "javac: $# test sources -> $out"
# (jdk.internal.misc and sun.util.logging are exported for tests of VM-facing JDK internals,
# e.g. CdsQueries, SupertypePackageAccess; such a test exports them at run time with its
# vm-options.)
"$java_home/bin/javac" -source 17 -target 17 -encoding UTF-8 -g -nowarn -Xlint:none \
  -XDignore.symbol.file -XDsuppressNotes --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
  --add-exports java.base/sun.util.logging=ALL-UNNAMED \
  -d "$tmp" "$@" || { rm -rf "$tmp"; exit 1; }
touch "$tmp/.built"
chmod 755 "$tmp"
rm -rf "$out"
mv "$tmp" "$out"
