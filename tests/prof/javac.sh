# A real program: javac compiling several files, profiled from the start through javac's
# own launcher (the agent goes in as -J-agentpath).  The classes must come out, and the
# profile must show the compiler at work, its JIT threads named.
. "$ROOT/tests/prof/lib/prof.bash"
"$LP" run -o javac.lprof -- "$(dirname "$PROF_JAVA")/javac" -d out "$ROOT"/tests/prof/java/*.java
[ -f out/Mixed.class ] && [ -f out/LockFight.class ] || fail "javac did not write the classes"
"$LP" convert javac.lprof -o javac.summary
"$LP" convert javac.lprof -o javac.collapsed
grep -q 'com.sun.tools.javac.main.JavaCompiler.compile' javac.summary || fail "no JavaCompiler.compile in the CPU profile"
grep -q '^alloc: [1-9]' javac.summary || fail "no allocations"
[ "$(weight javac.collapsed 'com\.sun\.tools\.javac')" -gt 10 ] || fail "few javac samples"
