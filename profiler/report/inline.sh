#!/bin/sh
# profiler/report/inline.sh TEMPLATE NPMDIR "PKG@VER..." OUT — builds the HTML report's
# template with its libraries inlined: fetches the npm packages' tarballs once into
# NPMDIR (npm pack: nothing is installed, nothing enters the repository), then replaces
# each /*@INLINE path@*/ marker in TEMPLATE with that file of the unpacked packages
# (path relative to NPMDIR/<package>/).
set -e
template=$1 npmdir=$2 pkgs=$3 out=$4
mkdir -p "$npmdir"
for p in $pkgs; do
  name=${p%@*}
  if [ ! -f "$npmdir/$name/package.json" ]; then
    tgz=$(cd "$npmdir" && timeout 300 npm pack --silent "$p" 2>/dev/null | tail -n 1)
    [ -n "$tgz" ] && [ -f "$npmdir/$tgz" ] || { echo "npm pack $p failed" >&2; exit 1; }
    mkdir -p "$npmdir/$name"
    tar xzf "$npmdir/$tgz" -C "$npmdir/$name" --strip-components=1
  fi
done
for f in $(sed -n 's,.*/\*@INLINE \([^@]*\)@\*/.*,\1,p' "$template"); do
  [ -f "$npmdir/$f" ] || { echo "missing $npmdir/$f" >&2; exit 1; }
done
# Each marker line is replaced by the file it names; nothing else changes.
awk -v dir="$npmdir" '
  match($0, /\/\*@INLINE [^@]*@\*\//) {
    f = substr($0, RSTART + 10, RLENGTH - 13)
    while ((getline line < (dir "/" f)) > 0) print line
    close(dir "/" f)
    next
  }
  { print }
' "$template" >"$out.tmp"
mv "$out.tmp" "$out"
