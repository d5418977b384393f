# needs: numpy sort, argsort, unique, meshgrid, isinstance, errors numpy raises
import numpy as np

a = np.array([3.0, 1.0, 2.0, 1.0, np.nan, -4.0])
print(np.sort(a).tolist(), np.argsort(np.array([3, 1, 2])).tolist(), a.argsort()[:3].tolist())
m = np.array([[3, 1, 2], [9, 7, 8]])
print(np.sort(m).tolist(), np.sort(m, axis=0).tolist(), np.sort(m, axis=None).tolist())
m.sort(axis=1)
print(m.tolist())
print(np.unique(np.array([3, 1, 2, 3, 1])).tolist(), np.unique([2.5, 2.5, 0.5]).tolist())
u, c = np.unique(np.array([1, 2, 2, 3, 3, 3]), return_counts=True)
print(u.tolist(), c.tolist())
u, idx, inv = np.unique(np.array([5, 4, 5, 6]), return_index=True, return_inverse=True)
print(u.tolist(), idx.tolist(), inv.tolist())
X, Y = np.meshgrid(np.arange(3), np.array([10.0, 20.0]))
print(X.shape, X.tolist(), Y.tolist())
I, J = np.meshgrid(np.arange(2), np.arange(3), indexing='ij')
print(I.shape, J.tolist())
xx, yy = np.meshgrid(np.linspace(-1, 1, 3), np.linspace(0, 1, 2))
grid = np.c_[xx.ravel(), yy.ravel()]
print(grid.shape, grid.tolist(), np.stack([xx.ravel(), yy.ravel()], axis=1).shape)
print(np.r_[np.arange(3), 10, np.array([7, 8])].tolist(), np.r_[0:5].tolist(), np.r_[0:1:0.25, 5].tolist())
print(np.c_[np.arange(2), np.arange(2) * 2].tolist(), np.c_[np.ones((2, 2)), np.zeros((2, 1))].tolist())
# 1-dim pieces of different dtypes are columns too, after promotion
print(np.c_[np.arange(3), np.ones(3)], np.c_[np.array([True, False]), np.arange(2)], np.r_[np.arange(2), np.ones(2)])
print(isinstance(a, np.ndarray), isinstance([1], np.ndarray), isinstance(np.float64(1.0), float))
print(np.ndarray((2, 3)).shape)


def attempt(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


attempt(lambda: np.ones(3) + np.ones(4))
attempt(lambda: np.ones((2, 3)) @ np.ones((2, 3)))
attempt(lambda: np.arange(6).reshape(4, 2))
attempt(lambda: np.arange(6)[10])
attempt(lambda: np.arange(6).reshape(2, 3)[0, 5])
attempt(lambda: np.arange(6)[1, 2])
attempt(lambda: np.zeros(3).sum(axis=2))
attempt(lambda: bool(np.array([1, 2])))
attempt(lambda: np.array([1, 2]) ** -1)
attempt(lambda: np.concatenate([np.ones((2, 2)), np.ones((3, 3))]))
attempt(lambda: np.stack([np.ones(2), np.ones(3)]))
attempt(lambda: np.zeros(-1))
attempt(lambda: np.array([1.0, 2.0])[np.array([0.5])])
attempt(lambda: np.squeeze(np.ones((2, 1)), axis=0))
attempt(lambda: np.array([True]) - np.array([False]))
attempt(lambda: -np.array([True]))
attempt(lambda: np.max(np.array([])))
attempt(lambda: np.ones(2).item())
attempt(lambda: {np.ones(2): 1})
attempt(lambda: np.array([[1, 2], [3]]))
attempt(lambda: np.ones(3).no_such_thing)
attempt(lambda: np.no_such_function)
attempt(lambda: np.zeros(3, dtype='floaty'))
z = np.zeros(3, dtype=int)


def iadd():
    global z
    z += 1.5


attempt(iadd)
print(z.tolist())
