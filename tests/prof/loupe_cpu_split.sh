# prof/cpu_split with Loupe as the profiled VM: its AsyncGetCallTrace (src/interp/asgct.c,
# HotSpot's ABI) walks the interrupted thread's interpreter frames from the SIGPROF
# handler, so the 70/30 split comes out as on HotSpot.
. "$ROOT/tests/prof/lib/prof.bash"
on_loupe
. "$ROOT/tests/prof/cpu_split.sh"
