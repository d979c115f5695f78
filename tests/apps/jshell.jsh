int sq(int x) { return x * x; }
System.out.println(java.util.stream.IntStream.rangeClosed(1, 5).map(i -> sq(i)).sum());
record P(int x) {}
System.out.println(new P(3));
/exit
