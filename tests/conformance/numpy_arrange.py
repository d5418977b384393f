# numpy's take_along_axis, tile, repeat, split, array_split, append, roll, flip, fliplr,
# flipud, count_nonzero, argwhere, flatnonzero, diag, tri, tril, triu and linalg.norm, as
# lecture code uses them (top-k with argsort, attention masks, padding by append), with
# numpy's errors
# compare: exact
# needs: numpy take_along_axis, tile, split, roll, diag, tril, triu, linalg.norm
import numpy as np

rng = np.random.default_rng(11)
a = rng.normal(size=(3, 4))
m = np.arange(12).reshape(3, 4)
order = np.argsort(a, axis=1)
print(repr(np.take_along_axis(a, order, axis=1)), repr(np.take_along_axis(m, order[:, :2], axis=1)))
print(repr(np.take_along_axis(a, np.argmax(a, axis=0)[None, :], axis=0)))
print(repr(np.take_along_axis(m.ravel(), np.array([3, 0]), axis=None)))
print(repr(np.tile(np.array([1, 2]), 3)), repr(np.tile(m[:2, :2], (2, 3))), repr(np.tile([1.5], (2, 1, 2))))
print(repr(np.repeat(np.array([1, 2]), 2)), repr(np.repeat(m[:2], [1, 2], axis=0)), repr(np.repeat(3, 4)))
print(repr(np.repeat(m[:2, :2], 2, axis=1)))
print([repr(p) for p in np.split(np.arange(6), 3)], [repr(p) for p in np.split(m, [1, 3], axis=1)])
print([repr(p) for p in np.array_split(np.arange(7.0), 3)], [p.shape for p in np.array_split(m, 2, axis=0)])
print(repr(np.append([1, 2], [[3, 4]])), repr(np.append(m[:1], m[1:2], axis=0)), repr(np.append(np.arange(2.0), 5)))
print(repr(np.roll(np.arange(5), 2)), repr(np.roll(m, -1, axis=1)), repr(np.roll(m, 1)), repr(np.roll(m, (1, 2), axis=(0, 1))))
print(repr(np.flip(m)), repr(np.flip(m, axis=0)), repr(np.fliplr(m)), repr(np.flipud(np.arange(3))))
print(np.count_nonzero(m), repr(np.count_nonzero(m, axis=0)), repr(np.count_nonzero(m % 3, axis=1, keepdims=True)))
print(repr(np.argwhere(m % 5 == 0)), repr(np.argwhere(np.zeros((2, 2)))), repr(np.flatnonzero(m % 4 == 1)))
print(repr(np.diag(np.array([1, 2, 3]))), repr(np.diag(np.array([1.5, 2.5]), k=1)), repr(np.diag(np.array([7, 8]), k=-2)))
print(repr(np.diag(m)), repr(np.diag(m, k=1)), repr(np.diag(m, k=-1)), repr(np.diag(m, k=5)))
print(repr(np.tri(3)), repr(np.tri(2, 4, k=1, dtype=int)))
print(repr(np.tril(m)), repr(np.triu(m, k=1)), repr(np.tril(a, k=-1)), repr(np.triu(np.ones((3, 3)), 1) == 0))
v = rng.normal(size=7)
print(repr(np.linalg.norm(v)), repr(np.linalg.norm(a)), repr(np.linalg.norm(a, axis=1)), repr(np.linalg.norm(a, axis=0, keepdims=True)))
print(repr(np.linalg.norm(v, ord=1)), repr(np.linalg.norm(v, ord=np.inf)), repr(np.linalg.norm(v, ord=3)), repr(np.linalg.norm(v, 0)))
print(repr(np.linalg.norm(a, ord=1)), repr(np.linalg.norm(a, ord=np.inf)), repr(np.linalg.norm(a, "fro")), repr(np.linalg.norm(a, keepdims=True)))
print(repr(np.linalg.norm([3, 4])), repr(np.linalg.norm(v.astype(np.float32))), repr(np.linalg.norm(a.astype(np.float32), axis=1)))
for attempt in [lambda: np.split(np.arange(5), 2), lambda: np.take_along_axis(m, np.array([1.0]), axis=0),
                lambda: np.take_along_axis(m, np.array([1]), axis=0), lambda: np.diag(np.zeros((2, 2, 2))),
                lambda: np.fliplr(np.arange(3)), lambda: np.array_split(m, 0), lambda: np.roll(m, 1, axis=2),
                lambda: np.linalg.norm(a, ord="fro", axis=0), lambda: np.linalg.norm(a, ord=3),
                lambda: np.linalg.norm(a, axis=(0, 0)), lambda: np.repeat([1, 2], [1, 2, 3])]:
    try:
        print(repr(attempt()))
    except (ValueError, TypeError, IndexError) as e:
        print(type(e).__name__, e)
