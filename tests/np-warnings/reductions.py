# numpy's warnings for reductions: an empty slice, too few degrees of freedom, and the
# floating-point errors of the steps numpy's own Python code takes (each pointing to its
# line in numpy's files, shown once per line); np.power's warnings named power
import numpy as np

empty = np.array([])
print(np.mean(empty), empty.mean(), np.var(empty), empty.var(), np.std(empty), empty.std())
print(np.mean(np.zeros((0, 3)), axis=0), np.zeros((0, 3)).mean(axis=0))
print(np.var(np.zeros((0, 3)), axis=0), np.std(np.zeros((0, 2)), axis=0))
print(np.mean(np.zeros((2, 0)), axis=0), np.mean(np.zeros((3, 0)), axis=1))
for i in range(3):
    m = np.mean(empty)
print(np.var(np.array([1.0]), ddof=1), np.std(np.array([1.0, 2.0]), ddof=2))
print(np.var(np.ones((1, 3)), axis=0, ddof=1), np.array([2.0]).var(ddof=1))
print(np.mean(np.array([], dtype=np.float32)), np.mean(np.array([], dtype=np.int64)))
print(np.sum(np.array([np.inf, -np.inf])), np.array([np.inf, -np.inf]).sum())
print(np.sum(np.array([1e308, 1e308])), np.prod(np.array([1e300, 1e300])))
print(np.array([1e300, 1e300]).prod(), np.prod(np.array([0.0, np.inf])))
print(np.sum(np.array([[np.inf, 1.0], [-np.inf, 2.0]]), axis=0))
print(np.mean(np.array([1e308, 1e308])), np.mean(np.array([np.inf, -np.inf])))
print(np.var(np.array([np.inf, 1.0])), np.std(np.array([np.inf, 1.0])))
print(np.var(np.array([1e200, -1e200])), np.var(np.array([np.inf, -np.inf])))
print(np.cumsum(np.array([1e308, 1e308])), np.array([1e308, 1e308]).cumsum())
print(np.cumprod(np.array([0.0, np.inf])))
print(np.max(np.array([1.0, np.nan])), np.min(np.array([np.nan, 1.0])))
print(np.mean(np.array([1.0, np.nan])), np.sum(np.array([np.nan, np.inf])))
print(np.mean(np.array([1.0, 2.0])), np.var(np.array([1.0, 2.0])), np.std(np.array([3.0])))
print(np.power(np.array([0.0, 1.0]), -1), np.array([0.0, 1.0]) ** -1)
print(np.power(np.array([-1.0]), 0.5), np.array([-1.0]) ** 0.5)
print(np.power(np.array([1e200]), 2), np.array([1e200]) ** 2)
with np.errstate(all="raise"):
    try:
        np.sum(np.array([np.inf, -np.inf]))
    except FloatingPointError as e:
        print("FloatingPointError:", e)
    try:
        np.mean(empty)
    except FloatingPointError as e:
        print("FloatingPointError:", e)
with np.errstate(invalid="ignore"):
    print(np.var(np.zeros((0, 4)), axis=1), np.zeros((0, 2)).std())
