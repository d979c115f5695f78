# The front-end reads every stream version it claims (profiler/protocol.h): a version-2
# stream, whose stacks are whole STACK records, and a version-3 one, whose stacks are NODE
# records (a parent and one frame), both naming the same two-frame stack, give the same
# collapsed allocations; a NODE whose parent comes later is refused, not followed.
. "$ROOT/tests/prof/lib/prof.bash"
# rec TYPE BYTE...: one record whose payload is the bytes (each value under 128 is one
# varint byte); str ID TEXT: a STRING record.
rec() { local t=$1; shift; printf "\\x$(printf %02x "$t")\\x$(printf %02x $#)"; for b in "$@"; do printf "\\x$(printf %02x "$b")"; done; }
str() { local n=${#2}; printf "\\x02\\x$(printf %02x $((n + 2)))\\x$(printf %02x "$1")\\x$(printf %02x "$n")%s" "$2"; }
common() {
  str 1 Main; str 2 run; str 3 '()V'; str 4 Obj; str 5 helper
  rec 3 1 1 2 3              # METHOD 1: Main.run()V
  rec 3 2 1 5 3              # METHOD 2: Main.helper()V
}
# ALLOC: time, tid, stack, class, bytes, exact, objects
{ printf 'LPRF\x02'; common; rec 4 1 2 2 20 1 14; rec 8 0 1 1 4 80 0 5; rec 12; } >v2.lprof
{ printf 'LPRF\x03'; common; rec 16 1 0 1 14; rec 16 2 1 2 20; rec 8 0 1 2 4 80 0 5; rec 12; } >v3.lprof
{ printf 'LPRF\x03'; common; rec 16 1 2 1 14; rec 16 2 0 2 20; rec 8 0 1 1 4 80 0 5; rec 12; } >bad.lprof
for v in v2 v3; do
  "$LP" convert --event alloc -o $v.collapsed $v.lprof
  echo "$v: $(cat $v.collapsed)"
  [ "$(cat $v.collapsed)" = 'Main.run;Main.helper;Obj 5' ] || fail "$v: expected 'Main.run;Main.helper;Obj 5'"
done
"$LP" convert --event alloc -o bad.collapsed bad.lprof
echo "bad: $(cat bad.collapsed)"
grep -q 'Main.helper' bad.collapsed && fail "a NODE naming a later parent was followed"
true
