#!/bin/sh
# Regenerates src/native/jni_functions.h from a JDK's jni.h: the JNIEnv function names in
# table order.  usage: tools/gen_jni_list.sh [JAVA_HOME] > src/native/jni_functions.h
JAVA_HOME=${1:-$("$(dirname "$0")/find_jdk.sh")}
echo "/*"
echo " * jni_functions.h — the JNIEnv function table of JDK 17, in table order (after the four"
echo " * reserved slots), as one list: generated once from the JDK's include/jni.h by"
echo " * tools/gen_jni_list.sh.  jni.c builds the table from it: every slot that Loupe does not"
echo " * implement gets a stub that names the function and aborts."
echo " */"
echo "#define JNI_FUNCTIONS(F) \\"
sed -n '/^struct JNINativeInterface_ {/,/^};/p' "$JAVA_HOME/include/jni.h" |
  grep -oE '\(JNICALL \*[A-Za-z0-9_]+\)' | sed 's/(JNICALL \*//; s/)//' |
  awk '{printf "    F(%s) \\\n", $1}'
echo ""
