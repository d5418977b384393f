# numpy.random's distributions with arrays of parameters: broadcasting, sizes, numpy's messages
# compare: exact
# needs: import numpy, np.random.normal/uniform and a Generator's with list and ndarray
#   parameters, tolist()
import numpy as np
def attempt(label, f):
    try:
        r = f()
        print(label, "ok", r.tolist() if hasattr(r, "tolist") else r)
    except Exception as e:
        print(label, type(e).__name__, e)
np.random.seed(0)
rng = np.random.default_rng(0)
for mod, name in ((np.random, "legacy"), (rng, "gen")):
    attempt(name + " a", lambda: mod.normal([0, 1, 2], [1, 2]))
    attempt(name + " b", lambda: mod.normal([0, 1, 2], 1, size=(2,)))
    attempt(name + " c", lambda: mod.normal([0, 1, 2], 1, size=(2, 1)))
    attempt(name + " d", lambda: mod.normal([0, 1, 2], [[1], [2]]))
    attempt(name + " e", lambda: mod.normal([0, 1, 2], -1))
    attempt(name + " e2", lambda: mod.normal([0, 1, 2], [1, -0.0, 1]))
    attempt(name + " e3", lambda: mod.normal(0, -0.0))
    attempt(name + " e4", lambda: mod.normal(0, float("nan")))
    attempt(name + " f", lambda: mod.uniform([0, 1, 2], 1))
    attempt(name + " g", lambda: mod.uniform([0, 1, 2], [1, 2]))
    attempt(name + " h", lambda: mod.normal(np.array(1.0), 1))
    attempt(name + " i", lambda: mod.normal([1.0], 1))
    attempt(name + " j", lambda: mod.uniform(low=[-1, -2], high=[1, 2], size=(3, 2)))
    attempt(name + " k", lambda: mod.normal(np.zeros((2, 1)), np.ones(3), size=(4, 2, 3)))
    attempt(name + " l", lambda: mod.uniform([0, float("inf")], 1))
    attempt(name + " m", lambda: mod.normal([], 1))
    attempt(name + " n", lambda: mod.normal(5, [1, 2], size=()))
