#!/bin/sh
# Builds the JDK image whose VM is Loupe: mkjdk.sh JAVA_HOME OUT
#   OUT/bin/*           copies of the system JDK's launchers (they locate their home
#                       through /proc/self/exe, so copies resolve to OUT)
#   OUT/lib/*           symbolic links to the system JDK's lib/, except
#   OUT/lib/server/     which holds Loupe's libjvm.so (built by make)
#   OUT/include/*       symbolic links to the system JDK's headers, beside which make
#                       installs Loupe's own jvmpi.h
#   everything else     symbolic links (conf, legal, release, include, ...)
set -e
src=$1; out=$2
if ! grep -q '^JAVA_VERSION="17' "$src/release" 2>/dev/null; then
  echo "mkjdk: $src is not an OpenJDK 17 (no JAVA_VERSION=\"17...\" in release)" >&2
  exit 1
fi
mkdir -p "$out/bin" "$out/lib/server"
for f in "$src"/bin/*; do cp -f "$f" "$out/bin/"; done
for f in "$src"/lib/*; do
  n=$(basename "$f")
  [ "$n" = server ] && continue
  ln -sfn "$f" "$out/lib/$n"
done
[ -L "$out/include" ] && rm -f "$out/include"
mkdir -p "$out/include"
for f in "$src"/include/*; do ln -sfn "$f" "$out/include/$(basename "$f")"; done
for f in "$src"/*; do
  n=$(basename "$f")
  case "$n" in bin|lib|include|release) continue;; esac
  ln -sfn "$f" "$out/$n"
done
cp -f "$src/release" "$out/release"
