# The crash report (hs_err_pid<pid>.log) after a fault inside the VM: Unsafe.getLong(8)
# faults in the VM's own code on both VMs.  The banner on stdout, the exit status (134,
# SIGABRT), the report file's name and place (the working directory, -XX:ErrorFile with
# %p and %%, the fallback when that cannot be created), its sections and the lines both
# VMs write alike (the failing Java frame, siginfo, the current thread, the VM state, the
# VM arguments), -XX:+ErrorFileToStderr and -XX:-CreateCoredumpOnCrash; then
# the internal error of -XX:+CrashOnOutOfMemoryError.
# What differs by design (addresses, ids, the VM's name and build, the native frame, the
# vendor's bug-report link that only HotSpot prints) is normalized or left out.
set -u
J=$JDK/bin/java
ulimit -c 0
# the lines of a report both VMs write alike, with addresses and ids taken out
sections() {
  grep -E '^(---------------  [A-Z ]+|Command Line: |Current thread |Native frames: |Java frames: |j  CrashReport\.main|siginfo: |Registers:|Java Threads: |=>0x|VM state: |Heap:|Dynamic libraries:|VM Arguments:|jvm_args: |java_command: |Launcher Type: |Environment Variables:|OS:|uname: |Memory: |vm_info: |END\.)' "$1" |
    sed -E -e 's/0x[0-9a-f]{16}/ADDR/g' -e 's/id=[0-9]+, stack\(ADDR,ADDR\)/id=TID, stack(...)/' \
      -e 's/^(uname|Memory|vm_info): .*/\1: .../' -e 's/^VM state: .* \(/VM state: ... (/' -e 's/^(j  CrashReport\.main\(\[Ljava\/lang\/String;\)V\+[0-9]+).*/\1/' |
    awk '/^Java frames:/ { java = 1 } /^j  / && !java { next } { print }'   # (HotSpot shows it among the native frames too)
}
# the banner on stdout without HotSpot's bug-report link, with addresses, ids, the VM's
# name and build and the native frame taken out
banner() {
  grep -vE '^#   https?:|^# If you would like to submit a bug report' |
    awk '/^# An error report file/ { after = 1 } after && /^#$/ { next } { print }' | uniq |   # (the "#"s around that link)
    sed -E -e 's/pc=0x[0-9a-f]+, pid=[0-9]+, tid=[0-9]+/pc=PC, pid=PID, tid=TID/' -e 's/^# (JRE version|Java VM): .*/# \1: .../' \
      -e 's/^# [VCj]  .*/# FRAME/' -e 's/[0-9]+" \.\.\.$/PID" .../' -e 's/^onerror [0-9]+$/onerror PID/' \
      -e 's|^# /.*/|# DIR/|' -e 's/pid[0-9]+/pidPID/g' -e 's/_[0-9]+_%/_PID_%/' -e 's/Internal Error \(.*\), pid=[0-9]+, tid=[0-9]+/Internal Error (FILE:LINE), pid=PID, tid=TID/'
}
run() {
  echo "== $*"
  # (in a subshell that reports the status itself: the shell's "Aborted" line names the pid)
  ("$J" "$@" >out.txt 2>err.txt; echo "exit $?") 2>/dev/null
  banner <out.txt
  echo "-- stderr: $(grep -c '^---------------  ' err.txt) section headers"
}
run -Xint -cp "$CLASSES" CrashReport unsafe
ls | sed -E 's/pid[0-9]+/pidPID/'
sections hs_err_pid*.log
rm -f hs_err_pid*.log
mkdir reports
run -Xint -XX:ErrorFile=reports/crash_%p_%%.log -cp "$CLASSES" CrashReport unsafe
ls reports | sed -E 's/_[0-9]+_/_PID_/'
run -Xint -XX:ErrorFile=/nonexistent/dir/x_%p.log -cp "$CLASSES" CrashReport unsafe
ls | sed -E 's/pid[0-9]+/pidPID/'
rm -f hs_err_pid*.log
run -Xint -XX:+ErrorFileToStderr -cp "$CLASSES" CrashReport unsafe
sections err.txt
# (-XX:OnError is checked by unit/test_crash: on sanitizer runs the JDK's java is a wrapper
# that preloads the sanitizer's runtime, which the command's shell would inherit and die of)
run -Xint -XX:-CreateCoredumpOnCrash -cp "$CLASSES" CrashReport unsafe
ls | sed -E 's/pid[0-9]+/pidPID/'
rm -f hs_err_pid*.log
# -XX:+CrashOnOutOfMemoryError: an internal error, reported by the same path
run -Xmx16m -XX:+CrashOnOutOfMemoryError -cp "$CLASSES" OomFill fill
sections hs_err_pid*.log
rm -f hs_err_pid*.log
# the other threads: both VMs list a thread waiting in Object.wait; Loupe's report also
# shows each other thread's Java frames (HotSpot's lists the threads only, so there the
# frames are not looked for)
run -Xint -cp "$CLASSES" CrashReport threads
f=$(ls hs_err_pid*.log)
echo "the sleeper listed: $(grep -cE '^  0x[0-9a-f]{16} JavaThread "crash-sleeper" daemon \[_thread_blocked, id=' "$f")"
frames=true
if grep -q '^vm_info: Loupe' "$f"; then
  sleeper=$(awk '/^Java frames of the other threads:/ { o = 1 } o && /^JavaThread "crash-sleeper"/ { s = 1 } s && /^$/ { exit } s' "$f")
  for frame in 'java\.lang\.Object\.wait\(\)V' 'CrashReport\$Sleeper\.waitHere\(\)V' 'CrashReport\$Sleeper\.run\(\)V' 'java\.lang\.Thread\.run\(\)V'; do
    grep -qE "^j  $frame\+[0-9]+" <<<"$sleeper" || frames="false (no $frame)"
  done
fi
echo "the sleeper's Java frames, where the report has them: $frames"
rm -f hs_err_pid*.log
