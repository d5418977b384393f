# Strings and f-strings: format specs for floats, ints and strings, !r, nested specs,
# string literal forms, escapes, str() and repr() of values, f-strings of tensors.
# compare: exact
# needs: f-string format specs (.4f width align fill sign , % e g x b), !r, nested {w}.{p},
#   {{ }}, implicit concatenation, triple quotes, escapes, str/repr of float/None/bool/list,
#   Tensor.__format__ for 0-dim tensors ({loss:.4f}), f"{tensor}"
import torch

x = 3.14159265
n = 42
s = "hi"
print(f"{x}")
print(f"{x:.2f} {x:.4f} {x:10.3f}| {x:<10.3f}| {x:^10.3f}| {x:+.1f} {-x:.0f}")
print(f"{x:e} {x:.2e} {x:g} {1e-7:g} {123456789.0:g} {0.000123:.3g} {1234.5:.3g}")
print(f"{n:5d}|{n:<5d}|{n:05d}|{n:+d}|{-n:d}|{n:x}|{n:b}|{1234567:,}|{n:>4}|{n}")
print(f"{s!r} {s:>6}|{s:*^8}|{s:<4}|")
print(f"{0.25:.1%} {1234567.891:,.2f} {2.5:08.3f}")
w, p = 8, 3
print(f"{x:{w}.{p}f}|")
print(f"{'nested'} {n * 2} {[1, 2][0]} {x if n > 40 else 0} {s + s}")
print(f"{{literal braces}} {n}")
print(f"{True} {None} {[1.5, 'a']} {(1,)} {3.0} {1 / 3} {1e16} {1e-5} {0.1 + 0.2}")
print("a" "b" 'c', '''triple "quoted"''', """doc
string""")
print("tab\tend", "back\\slash", 'quote\'s', "unicode: \u00e9 ∂L/∂w")
print(str(1.0), str(10), repr(0.1), repr("it's"), str(None), repr([1, 'a', None]))
print(len("héllo"), "abc".upper(), "A,B".split(","), "  pad ".strip(), "x".join(["1", "2"]))

loss = torch.tensor(0.123456)
print(f"loss {loss:.4f} | {loss.item():.6f} | {loss}")
t = torch.tensor([1.5, 2.0])
print(f"t = {t}, shape {t.shape}, first {t[0]:.2f}")
