# prof/attach_record with Loupe as the profiled VM: dynamic attach (Agent_OnAttach through
# Loupe's attach listener), two recordings and `top`.
. "$ROOT/tests/prof/lib/prof.bash"
on_loupe
. "$ROOT/tests/prof/attach_record.sh"
