Point = Struct.new(:x, :y) do
  def to_s; "(#{x}, #{y})"; end
end
pts = (1..5).map { |i| Point.new(i, i * i) }
puts pts.select { |p| p.y.odd? }.join(' ')
puts pts.sum(&:y)
puts({b: 2, a: 1}.sort.map { |k, v| "#{k}=#{v}" }.join(','))
l = java.util.ArrayList.new([3, 1, 2]); l.sort(nil); puts l.to_s
