#!/bin/sh
# Prints the OpenJDK 17 home to build against: $JAVA_HOME if set, else Debian's default.
for d in "$JAVA_HOME" /usr/lib/jvm/java-17-openjdk-amd64 /usr/lib/jvm/java-17-openjdk; do
  if [ -n "$d" ] && [ -f "$d/release" ]; then echo "$d"; exit 0; fi
done
echo /usr/lib/jvm/java-17-openjdk-amd64
