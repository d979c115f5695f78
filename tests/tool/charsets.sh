# Standard output, standard error and file names under different locale environments and
# encoding properties, as bytes: Charsets (tests/java/Charsets.java) in C.UTF-8, C, POSIX,
# with no locale variables at all, with LANG instead of LC_ALL, and with -Dfile.encoding,
# -Dsun.stdout.encoding and -Dsun.jnu.encoding given explicitly.
set -u
# run ENV [JAVA-OPTION...]: ENV is one VAR=value setting or "" for none.
run() {
  local e=$1
  shift
  echo "== ${e:-(no locale variables)} java $*"
  env -u LC_ALL -u LANG -u LC_CTYPE $e "$JDK/bin/java" "$@" -cp "$CLASSES" Charsets >out.bin 2>err.bin
  echo "exit $?"
  od -An -c out.bin | sed 's/^/  out:/'
  od -An -c err.bin | sed 's/^/  err:/'
}
run LC_ALL=C.UTF-8
run LC_ALL=C
run LC_ALL=POSIX
run ""
run LANG=C.UTF-8
run LC_ALL=C -Dfile.encoding=UTF-8
run LC_ALL=C.UTF-8 -Dfile.encoding=ISO-8859-1 -Dsun.stdout.encoding=US-ASCII
run LC_ALL=C -Dsun.jnu.encoding=UTF-8 -Dsun.stderr.encoding=UTF-8
