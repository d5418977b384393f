# Numbers: Python's int/float semantics (floor division and modulo of negatives, ** right
# associative, true division), float repr, int()/float()/round(), bools as ints, chained
# comparisons, and/or returning operands, the math module, augmented assignment.
# compare: exact
# needs: // % ** with negatives and floats, float repr (shortest round trip, 1e-08, 1e+16,
#   inf, nan), int()/float()/round() with banker's rounding, abs/min/max/sum, chained
#   comparisons, and/or/not, is, math.* (pi e sqrt exp log log(x, base) sin cos tanh floor
#   ceil isnan fabs inf), every augmented assignment, numeric literals with underscores
import math

print(7 // 2, -7 // 2, 7 % 3, -7 % 3, 7 % -3, 7.5 // 2, -7.5 % 2)
print(2 ** 10, 2 ** -1, 2 ** 3 ** 2, (-2) ** 3, -2 ** 2, 2.0 ** 0.5, 10 ** 18)
print(10 / 4, 10 / 5, 1 / 3, 2 / 3, -1 / 3)
print(0.1 + 0.2, 1e-8, 1e16, 1e15, 123456789.123456789, 1e22, 1e-4, 0.0001, 100.0, 1.5e300 * 1e10)
print(float("inf"), -float("inf"), float("nan"), 1e308 * 10 - 1e308 * 10)
print(int(3.9), int(-3.9), int("42"), float("1.5"), float(3), int(True))
print(round(2.5), round(3.5), round(-0.5), round(0.5), round(3.14159, 2), round(2.675, 2), round(7))
print(abs(-3), abs(-2.5), min(3, 1, 2), max([4, 9, 2]), sum([1, 2, 3]), sum([0.1] * 10),
      max(1, 2.5))
print(1 < 2 < 3, 1 < 3 < 2, 1 == 1.0, 3 != 3, not 0, 0 or "default", 5 and 6, "" or None,
      None is None)
print(True + True, True * 3, bool(0.0), bool([]), bool("x"), bool(None), 3 > 2 > 1 == 1)
print(math.pi, math.e, math.sqrt(2), math.exp(1), math.log(10), math.log(8, 2))
print(math.sin(math.pi / 6), math.cos(0), math.floor(-2.5), math.ceil(2.1), math.tanh(0.5))
print(math.inf, math.isnan(float("nan")), math.fabs(-1), math.pow(2, 10), math.log10(1000))
x = 5
x += 2
x *= 3
x -= 1
x //= 4
x **= 2
x %= 7
print(x)
y = 1.0
y /= 4
y -= 0.125
print(y, 1_000_000, 0.000_1, int(1e10), 2 ** 62, 7 * 2 ** 40)
print(3 * "ab", "abc"[1], "abc"[-1], 1e3 == 1000, 0.1 * 3 == 0.3, 10 // 3 * 3 + 10 % 3)
