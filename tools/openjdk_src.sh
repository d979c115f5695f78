#!/bin/bash
# Prints the directory of OpenJDK 17's sources (Debian's openjdk-17 source package),
# fetching them once with `apt-get source` into a cache outside the repository
# ($LOUPE_OPENJDK_SRC_CACHE, default ~/.cache/loupe/openjdk-17-src): the test runners
# (tools/jtreg.sh, tools/conformance.sh) use its test/ tree, which is never committed.
#
# apt-get source needs deb-src entries: if apt knows no source for openjdk-17, a sources
# file mirroring the binary entries is added (/etc/apt/sources.list.d/loupe-deb-src.sources)
# and the lists are updated.  The archive may list versions whose files are gone (a
# security update replaced them), so each listed version is tried, newest first.
set -eu
cache=${LOUPE_OPENJDK_SRC_CACHE:-$HOME/.cache/loupe/openjdk-17-src}

found() {
  local d
  for d in "$cache"/openjdk-17-17.*; do
    if [ -f "$d/test/jdk/TEST.ROOT" ]; then echo "$d"; return 0; fi
  done
  return 1
}

add_deb_src() {
  local f=/etc/apt/sources.list.d/loupe-deb-src.sources
  [ -f "$f" ] && return 0
  echo "openjdk_src: adding deb-src entries ($f)" >&2
  cat >"$f" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  apt-get update -q >&2
}

versions() { apt-cache showsrc openjdk-17 2>/dev/null | sed -n 's/^Version: //p' | sort -rV | uniq; }

found && exit 0
command -v dpkg-source >/dev/null || apt-get install -y -q dpkg-dev >&2
[ -n "$(versions)" ] || add_deb_src
mkdir -p "$cache"
cd "$cache"
for v in $(versions); do
  echo "openjdk_src: fetching openjdk-17 $v into $cache" >&2
  if nice -n 10 apt-get source -q "openjdk-17=$v" >&2; then found && exit 0; fi
done
echo "openjdk_src: could not fetch the openjdk-17 source package" >&2
exit 1
