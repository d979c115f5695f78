# Bytecode verification switches on the java launcher: a main class with a method that
# underflows the stack (written by VerifyErrors) fails to initialise with HotSpot's
# VerifyError by default, -Xverify:all and -Xverify:remote, and runs with -Xverify:none
# (with its deprecation warning), -noverify and -XX:-BytecodeVerificationRemote; a bad
# -Xverify value and the diagnostic flags without unlocking are refused as on HotSpot.
# normalize: s/^  err: .* VM warning: /  err: (VM name) VM warning: /
set -u
"$JDK/bin/java" -cp "$CLASSES" VerifyErrors write . || exit 1
for opts in "" "-Xverify:all" "-Xverify:remote" "-Xverify" "-Xverify:none" "-noverify" "-Xverify:bogus" \
            "-XX:-BytecodeVerificationRemote" \
            "-XX:+UnlockDiagnosticVMOptions -XX:-BytecodeVerificationRemote" \
            "-XX:+UnlockDiagnosticVMOptions -XX:+BytecodeVerificationLocal"; do
  echo "== $opts"
  # shellcheck disable=SC2086
  "$JDK/bin/java" $opts -cp . BadMain >out.txt 2>err.txt
  echo "exit $?"
  sed 's/^/  out: /' out.txt
  sed 's/^/  err: /' err.txt
done
