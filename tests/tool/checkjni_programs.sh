# Existing test programs once more under -Xcheck:jni, through each JDK's own launcher:
# the JDK's native libraries (files, buffers, charsets, threads, reflection, uncaught
# exceptions) make only correct JNI calls, so the output must be the program's own, as
# on HotSpot; a report from Loupe's checking JNI table would show as a difference.
set -u
for prog in FilesIO DirectBuffers Charsets Threads Exceptions ReflectInvoke Uncaught JniReturnGC; do
  echo "== $prog"
  "$JDK/bin/java" -Xcheck:jni -cp "$CLASSES" "$prog" >out.txt 2>err.txt
  echo "exit $?"
  sed 's/^/  out: /' out.txt
  sed 's/^/  err: /' err.txt
done
