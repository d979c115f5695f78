import re
from java.util import ArrayList
class Point(object):
    def __init__(self, x, y): self.x, self.y = x, y
    def __repr__(self): return "(%d, %d)" % (self.x, self.y)
pts = [Point(i, i * i) for i in range(1, 6)]
print([p for p in pts if p.y % 2 == 1])
print(sum(p.y for p in pts))
l = ArrayList(); l.add("b"); l.add("a"); l.sort(None)
print(l, re.sub(r"(\d+)", r"<\1>", "a1b22"))
