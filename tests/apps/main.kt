data class Point(val x: Int, val y: Int)

fun main() {
    val pts = (1..5).map { Point(it, it * it) }
    println(pts.filter { it.y % 2 == 1 })
    println(pts.sumBy { it.y })
    println(mapOf("b" to 2, "a" to 1).toSortedMap())
}
