# JDBC with H2 (Debian's libh2-java) through java.sql.DriverManager: an embedded
# in-memory database, then H2's TCP server started inside the program on a free port of
# 127.0.0.1 with a client connection to it (tests/java/JdbcH2.java; each run is bounded
# by the program's own watchdog).
# normalize: s|tcp://127.0.0.1:[0-9]*/|tcp://127.0.0.1:PORT/|
set -u
H2=/usr/share/java/h2.jar
echo "== embedded"
"$JDK/bin/java" -cp "$CLASSES:$H2" JdbcH2 mem
echo "exit $?"
echo "== tcp"
"$JDK/bin/java" -cp "$CLASSES:$H2" JdbcH2 tcp
echo "exit $?"
