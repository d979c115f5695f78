object Main {
  case class Point(x: Int, y: Int)
  def main(args: Array[String]): Unit = {
    val pts = (1 to 5).map(i => Point(i, i * i))
    println(pts.filter(_.y % 2 == 1).mkString(" "))
    println(pts.map(_.y).sum)
    println(Map("b" -> 2, "a" -> 1).toList.sorted.mkString(","))
  }
}
