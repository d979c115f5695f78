class Point { int x, y; String toString() { "($x, $y)" } }
def pts = (1..5).collect { new Point(x: it, y: it * it) }
println pts.findAll { it.y % 2 == 1 }
println pts.sum { it.y }
println([b: 2, a: 1].sort().collect { k, v -> "$k=$v" }.join(','))
