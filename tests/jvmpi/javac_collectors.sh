# jvmpi/javac under the collectors it leaves out: mark-sweep, generational and reference
# counting (each javac run under the agent takes a while; two tests keep each one's time
# within the suite's limit).
JAVAC_COLLECTORS="marksweep generational refcount"
. "$ROOT/tests/jvmpi/javac.sh"
