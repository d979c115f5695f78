function square(x) { return x * x; }
var total = 0;
for (var i = 0; i < 10; i++) total += square(i);
console.log("total", total);
