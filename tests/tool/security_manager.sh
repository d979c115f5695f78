# The SecurityManager denies what the policy does not grant, through the VM's stack
# inspection and its package-access check (tests/java/SecurityChecks.java has the cases).
# SecurityChecks$Trusted is copied into a second code source, trusted/, which the policy
# grants user.home and /etc/passwd; the application (CLASSES) gets java.io.tmpdir only.
# Runs: the default SecurityManager without a policy file (nothing granted), with the
# policy, and with the manager installed by the program (java.security.manager=allow),
# where a class validated before stays allowed and others are refused.
# normalize: s|file:[^ ]*/classes|file:CLASSES|g
# normalize: s|file:[^ ]*/trusted/|file:TRUSTED/|g
set -u
mkdir trusted
cp "$CLASSES/SecurityChecks\$Trusted.class" trusted/
cat >app.policy <<POLICY
grant codeBase "file:$PWD/trusted/" {
    permission java.util.PropertyPermission "user.home", "read";
    permission java.io.FilePermission "/etc/passwd", "read";
    permission java.lang.RuntimePermission "modifyThread";
};
grant codeBase "file:$CLASSES/" {
    permission java.util.PropertyPermission "java.io.tmpdir", "read";
};
POLICY
cp=trusted:$CLASSES
echo "== default SecurityManager, no grants"
"$JDK/bin/java" -Djava.security.manager -cp "$CLASSES" SecurityChecks sm 2>&1
echo "exit $?"
echo "== with a policy"
"$JDK/bin/java" -Djava.security.manager -Djava.security.policy=app.policy -cp "$cp" SecurityChecks sm 2>&1
echo "exit $?"
echo "== installed late"
"$JDK/bin/java" -Djava.security.manager=allow -Djava.security.policy=app.policy -cp "$cp" SecurityChecks late 2>&1
echo "exit $?"
echo "== disallowed"
"$JDK/bin/java" -Djava.security.manager=disallow -cp "$cp" SecurityChecks late 2>&1 | grep -v "^\sat "
echo "exit ${PIPESTATUS[0]}"
