# Options HotSpot 17 refuses or ignores because what they controlled is gone: the
# extension and endorsed-standards directories (-Djava.ext.dirs, -Djava.endorsed.dirs:
# start-up stops with HotSpot's message; an empty value passes), -Xbootclasspath/p,
# -Xprof (ignored with a warning), the module system's own properties given with -D
# (ignored with one warning), and -XX:MaxJavaStackTraceDepth (frames kept per stack trace).
# normalize: s/^  err: .* VM warning: /  err: (VM name) VM warning: /
set -u
J=$JDK/bin/java
. "$(dirname "$0")/../lib/tool.sh"
for o in -Djava.ext.dirs=/opt/ext -Djava.endorsed.dirs=/opt/endorsed -Djava.ext.dirs= '-Djava.ext.dirs=""' \
         -Djava.endorsed.dirs= -Djava.ext.dirs -Xbootclasspath/p:/opt -Xprof -Djdk.module.addmods=java.sql \
         "-Djdk.module.addexports=a/b=c -Djdk.module.path=/opt" -Djdk.module.patch.0=x -Djdk.module.upgrade.path=y \
         -Djdk.module.addmodsx=1 "-Djava.ext.dirs=/a -Djava.endorsed.dirs=/b"; do
  run_java $o -cp "$CLASSES" ExitCode
done
for d in 3 1; do
  run_java -XX:MaxJavaStackTraceDepth=$d -cp "$CLASSES" ReflectiveRecursion
done
