#!/bin/sh
# Checks that what Loupe builds and tests with is installed, and installs what is missing
# with apt-get when run as root (a fresh Debian 12 machine).  Extra package names given as
# arguments are ensured too (the benchmark asks for the Zero VM, the fuzzer for clang).
# apt-get never upgrades what is installed (no dist-upgrade), but a package asked for by
# name alone may pull newer versions of its dependencies: ask for NAME=VERSION where that
# matters (the JDK's own packages).  One exception: the tests compare Loupe with HotSpot,
# and the reference is the OpenJDK 17 a fresh Debian 12 installs (17.0.21 in December
# 2026); HotSpot's verifier and -Xcheck:jni changed in 17.0.17 to 17.0.19 (JDK-8364660,
# JDK-8297106), so Debian's OpenJDK 17 packages older than 17.0.19 are upgraded.
set -e
[ -n "${JAVA_HOME:-}" ] || JAVA_HOME=$("$(dirname "$0")/find_jdk.sh")
need=""
command -v gcc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
[ -f /usr/include/ffi.h ] || [ -f /usr/include/x86_64-linux-gnu/ffi.h ] || need="$need libffi-dev"
command -v nm >/dev/null 2>&1 || need="$need binutils"
[ -f /usr/share/java/h2.jar ] || need="$need libh2-java"      # the JDBC driver tool/jdbc_h2 uses
[ -f /usr/include/zlib.h ] || need="$need zlib1g-dev"
command -v npm >/dev/null 2>&1 || need="$need npm"
if ! grep -q '^JAVA_VERSION="17' "$JAVA_HOME/release" 2>/dev/null || [ ! -x "$JAVA_HOME/bin/javac" ]; then
  need="$need openjdk-17-jdk-headless"
fi
min_update=19
update=$(sed -n 's/^JAVA_VERSION="17\.0\.\([0-9]*\).*/\1/p' "$JAVA_HOME/release" 2>/dev/null)
upgrade=""
if [ -n "$update" ] && [ "$update" -lt $min_update ]; then
  case $(readlink -f "$JAVA_HOME") in
    /usr/lib/jvm/java-17-openjdk-*)
      upgrade=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' 'openjdk-17-*' 2>/dev/null | awk '$1 == "ii" { print $2 }' | tr '\n' ' ') ;;
    *) echo "Loupe's tests compare with OpenJDK 17.0.$min_update or later; $JAVA_HOME is 17.0.$update" >&2 ;;
  esac
fi
for p in "$@"; do                # NAME, or NAME=VERSION for that version only
  dpkg -s "${p%%=*}" >/dev/null 2>&1 || need="$need $p"
done
if [ -n "$upgrade" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Loupe's tests compare with OpenJDK 17.0.$min_update or later (17.0.$update is installed): upgrading $upgrade" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null || true
    apt-get install -y -qq --only-upgrade $upgrade >/dev/null
  else
    echo "Loupe's tests compare with OpenJDK 17.0.$min_update or later (17.0.$update is installed); as root: apt-get install --only-upgrade $upgrade" >&2
    exit 1
  fi
fi
[ -z "$need" ] && exit 0
echo "Loupe needs:$need" >&2
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing them with apt-get..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null || true
  apt-get install -y -qq $need >/dev/null
  echo "Installed:$need" >&2
else
  echo "Please install them (as root: apt-get install$need) and run make again." >&2
  exit 1
fi
JAVA_HOME=$("$(dirname "$0")/find_jdk.sh")
if ! grep -q '^JAVA_VERSION="17' "$JAVA_HOME/release" 2>/dev/null; then
  echo "Loupe needs OpenJDK 17; $JAVA_HOME is not (set JAVA_HOME to an OpenJDK 17)." >&2
  exit 1
fi
