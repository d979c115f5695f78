# prof/lock_names with Loupe as the profiled VM (its JVMTI monitor events and GetObjectMonitorUsage).
. "$ROOT/tests/prof/lib/prof.bash"
on_loupe
. "$ROOT/tests/prof/lock_names.sh"
