# numpy.random's errors, with numpy 1.24's messages
# compare: exact
# needs: import numpy, np.random and default_rng, try/except printing the exception
import numpy as np

rng = np.random.default_rng(0)


def attempt(label, f):
    try:
        r = f()
        print(label, "ok", r)
    except Exception as e:
        print(label, type(e).__name__, e)


attempt("seed -1", lambda: np.random.seed(-1))
attempt("seed 2**32", lambda: np.random.seed(2**32))
attempt("seed 1.5", lambda: np.random.seed(1.5))
attempt("seed []", lambda: np.random.seed([]))
attempt("seed [[1, 2]]", lambda: np.random.seed([[1, 2]]))
attempt("seed [1, -2]", lambda: np.random.seed([1, -2]))
attempt("RandomState(-1)", lambda: np.random.RandomState(-1))
attempt("default_rng(-1)", lambda: np.random.default_rng(-1))
attempt("default_rng(1.5)", lambda: np.random.default_rng(1.5))
attempt("randint(0)", lambda: np.random.randint(0))
attempt("randint(5, 2)", lambda: np.random.randint(5, 2))
attempt("integers(5, 2)", lambda: rng.integers(5, 2))
attempt("integers(5, 2, endpoint)", lambda: rng.integers(5, 2, endpoint=True))
attempt("integers(-1, endpoint)", lambda: rng.integers(-1, endpoint=True))
attempt("normal scale -1", lambda: np.random.normal(0, -1))
attempt("Generator normal scale -1", lambda: rng.normal(0, -1))
attempt("Generator uniform(1, 0)", lambda: rng.uniform(1, 0))
attempt("uniform(0, inf)", lambda: np.random.uniform(0, float("inf")))
attempt("Generator uniform(0, inf)", lambda: rng.uniform(0, float("inf")))
attempt("permutation(5.0)", lambda: np.random.permutation(5.0))
attempt("choice(0)", lambda: np.random.choice(0))
attempt("Generator choice(0)", lambda: rng.choice(0))
attempt("choice([])", lambda: np.random.choice([]))
attempt("Generator choice([])", lambda: rng.choice([]))
attempt("choice(3, 5, replace=False)", lambda: np.random.choice(3, 5, replace=False))
attempt("Generator choice(3, 5, replace=False)", lambda: rng.choice(3, 5, replace=False))
attempt("choice p sum", lambda: np.random.choice(3, p=[0.5, 0.6, 0.1]))
attempt("Generator choice p sum", lambda: rng.choice(3, p=[0.5, 0.6, 0.1]))
attempt("choice p negative", lambda: np.random.choice(3, p=[1.5, -0.6, 0.1]))
attempt("choice p size", lambda: np.random.choice(3, p=[0.5, 0.5]))
attempt("Generator choice p size", lambda: rng.choice(3, p=[0.5, 0.5]))
attempt("choice p nan", lambda: np.random.choice(2, p=[float("nan"), 0.5]))
attempt("choice fewer p", lambda: np.random.choice(3, 3, replace=False, p=[0.5, 0.5, 0.0]))
attempt("choice 2-d", lambda: np.random.choice([[1, 2], [3, 4]]))
attempt("choice(2.5)", lambda: np.random.choice(2.5))
attempt("rand(2.5)", lambda: np.random.rand(2.5))
attempt("rand(-1)", lambda: np.random.rand(-1))
attempt("module attribute", lambda: np.random.nothing)
attempt("shuffle 0-d", lambda: np.random.shuffle(np.array(5)))
attempt("randint size 0", lambda: np.random.randint(0, 0, size=0).tolist())
attempt("rand(0)", lambda: np.random.rand(0).tolist())
attempt("randint dtype float", lambda: np.random.randint(5, dtype=float))
attempt("integers dtype float", lambda: rng.integers(5, dtype=np.float64))
attempt("random dtype int", lambda: rng.random(dtype=np.int64))
attempt("randint dtype int64", lambda: np.random.RandomState(3).randint(5, size=3, dtype=np.int64).tolist())
