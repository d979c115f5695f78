# -XX:MaxDirectMemorySize: java.nio's limit on direct buffers (java/DirectMemoryLimit holds
# 64k buffers up to 1m), with a size suffix or none, 0, and a -Dsun.nio.MaxDirectMemorySize
# that the VM drops (jtreg's java/nio/Buffer/LimitDirectMemory); values HotSpot rejects.
set -u
. "$(dirname "$0")/../lib/tool.sh"
for o in -Xmx64m -XX:MaxDirectMemorySize=200k -XX:MaxDirectMemorySize=1m -XX:MaxDirectMemorySize=327680 \
         -XX:MaxDirectMemorySize=0 -Dsun.nio.MaxDirectMemorySize=1k "-XX:MaxDirectMemorySize=128k -Dsun.nio.MaxDirectMemorySize=1m" \
         "-XX:MaxDirectMemorySize=1k -XX:MaxDirectMemorySize=2m" -XX:MaxDirectMemorySize=abc -XX:MaxDirectMemorySize=-1 \
         -XX:+MaxDirectMemorySize -XX:MaxDirectMemorySize; do
  run_java $o -cp "$CLASSES" DirectMemoryLimit 65536 1048576
done
