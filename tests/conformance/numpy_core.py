# needs: numpy arrays, dtypes and promotion, creation, ufuncs, reductions, shapes, indexing
import numpy as np

a = np.array([1.0, 2.0, 3.0])
print(a.shape, a.dtype, a.ndim, a.size, len(a))
print(np.array([1, 2]).dtype, np.array([True, False]).dtype, np.array([1, 2.5]).dtype)
print(np.arange(5).dtype, np.zeros(3).dtype, np.ones((2, 2), dtype=np.float32).dtype)
print(np.array([[1, 2], [3, 4]]).shape, np.array(3.5).ndim, np.array([]).dtype)

# numpy's promotion, not PyTorch's
i = np.arange(4)
f32 = np.ones(3, dtype=np.float32)
print((i + 1.5).dtype, (i / 2).dtype, (i // 2).dtype, (i * 2).dtype, (f32 + 1.5).dtype)
print((f32 + i[:3]).dtype, (f32 * np.float64(2.0)).dtype, (np.array([True]) + 1).dtype)
print((i + np.array(2.5)).dtype, (f32 + np.array([1.0])).dtype, (i > 1).dtype)
print(type(np.float32(1.5) + 1.0).__name__ if False else (np.float32(1.5) + 1.0))
print((i / 2).tolist(), (i // 3).tolist(), (i % 3).tolist(), (-i).tolist(), (i ** 2).tolist())
print((np.array([-7, 7]) // 2).tolist(), (np.array([-7.5, 7.5]) % 2).tolist())

# creation
print(np.zeros((2, 3)).tolist(), np.ones(2, dtype=int).tolist(), np.full((2,), 7).tolist())
print(np.full(3, 2.5).dtype, np.full(2, True).dtype, np.empty(2).shape)
print(np.zeros_like(i).tolist(), np.ones_like(f32).dtype, np.full_like(i, 9).tolist())
print(np.arange(2, 10, 3).tolist(), np.arange(0, 1, 0.25).tolist(), np.arange(5.0).dtype)
print(np.linspace(0, 1, 5).tolist(), np.linspace(-1, 1, 4, endpoint=False).tolist())
print(np.eye(3).tolist(), np.eye(2, 3, k=1).tolist(), np.identity(2, dtype=int).tolist())
print(np.asarray([1, 2]).tolist(), np.array(a, dtype=np.float32).dtype, np.copy(a).tolist())
print(np.array([np.arange(3), np.arange(3)]).shape, np.array([[1], [2]], ndmin=3).shape)

# ufuncs
x = np.array([0.5, 1.0, 2.0])
print(np.exp(x).tolist(), np.log(x).tolist(), np.sqrt(x).tolist())
print(np.tanh(x).tolist(), np.sin(x).tolist(), np.cos(x).tolist())
print(np.abs(np.array([-1, 2, -3])).tolist(), np.abs(-2.5), np.sign(np.array([-2.0, 0.0, 3.0])).tolist())
print(np.maximum(x, 1.0).tolist(), np.minimum(x, np.array([1, 0, 5])).tolist())
print(np.power(x, 2).tolist(), np.power(2, np.arange(4)).tolist(), np.sqrt(np.arange(3)).dtype)
print(np.clip(np.arange(6), 1, 4).tolist(), np.clip(x, 0.6, None).tolist())
print(np.where(x > 0.7, x, -1).tolist(), np.where(np.array([0, 3, 0, 5]))[0].tolist())
print(np.exp(0.0), np.sqrt(16), np.log(np.e), np.pi, np.isnan(np.nan), np.inf > 1e308)
print(np.round(np.array([0.5, 1.5, 2.5, 1.2345]), 2).tolist(), np.round(2.5), x.round(1).tolist())
print(np.isclose(np.array([1.0, 1.1]), 1.0).tolist(), np.allclose(x, x + 1e-9), np.array_equal(x, x))
print(np.array_equal(x, x[:2]), np.allclose([1.0, 2.0], [1.0, 2.1]))

# linear algebra
m = np.arange(6).reshape(2, 3)
v = np.array([1.0, 0.5, -1.0])
print((m @ v).tolist(), np.dot(v, v), np.matmul(m, m.T).tolist(), m.dot(v).tolist())
print(np.outer(np.arange(3), np.array([1, 10])).tolist(), (m.T @ m).shape)

# reductions
print(m.sum(), m.sum(axis=0).tolist(), m.sum(axis=1, keepdims=True).tolist(), np.sum(m, 1).tolist())
print(m.mean(), m.mean(axis=0).tolist(), np.mean(v), v.std(), v.var(), np.std(m, axis=1).tolist())
print(m.max(), m.min(axis=1).tolist(), np.max(v), np.min(m, axis=0).tolist(), np.amax(m))
print(m.argmax(), m.argmin(axis=1).tolist(), np.argmax(v), np.argmax(m, axis=0).tolist())
print(m.prod(), np.prod(m + 1, axis=0).tolist(), m.cumsum().tolist(), np.cumsum(m, axis=1).tolist())
print(np.array([True, False, True]).sum(), (m > 2).sum(), (m > 2).mean(), np.any(m > 4), np.all(m >= 0))
print(m.sum(axis=(0, 1)), np.var(m, ddof=1), f32.sum().dtype if False else f32.sum(), f32.mean())

# shapes
print(m.reshape(3, 2).tolist(), m.reshape(-1).tolist(), m.reshape((1, -1)).shape)
print(np.transpose(m).shape, m.transpose(1, 0).shape, np.zeros((2, 3, 4)).transpose(2, 0, 1).shape)
print(np.squeeze(np.zeros((1, 3, 1))).shape, np.expand_dims(v, 0).shape, np.expand_dims(v, axis=1).shape)
print(m.flatten().tolist(), m.ravel().tolist(), m.T.ravel().tolist())
print(np.concatenate([m, m]).shape, np.concatenate((m, m), axis=1).tolist())
print(np.stack([v, v]).shape, np.stack([v, v], axis=1).shape, np.vstack([v, v]).shape, np.hstack([v, v]).tolist())
print(np.concatenate([np.arange(2), np.array([0.5])]).tolist(), np.vstack([m, np.arange(3)]).tolist())

# indexing: views, copies, masks, setitem
b = np.arange(12).reshape(3, 4)
print(b[1].tolist(), b[1, 2], b[-1, -1], b[:, 1].tolist(), b[1:, ::2].tolist(), b[::-1, 0].tolist())
print(b[[0, 2]].tolist(), b[[0, 2], [1, 3]].tolist(), b[b % 2 == 0].tolist(), b[:, [True, False, True, False]].tolist())
print(b[None].shape, b[:, None].shape, b[..., 1].tolist(), b[np.newaxis, 1].shape)
row = b[0]
row[0] = 100
print(b[0].tolist())
c = b[[0]]
c[0, 0] = -5
print(b[0, 0], c[0, 0])
b[1, :] = 0
b[b > 10] = -1
b[:, 3] = [7, 8, 9]
b[2] = 3.9
print(b.tolist())
z = np.zeros(5)
z[[1, 3]] = 1.5
z[z == 0] += 2
print(z.tolist())
it = [r.tolist() for r in np.arange(4).reshape(2, 2)]
print(it, [float(t) for t in np.array([0.5, 1.5])], list(np.arange(3)))

# in-place operators keep the array and its dtype
w = np.ones(3)
w2 = w
w += 1
w *= np.array([1.0, 2.0, 3.0])
print(w2.tolist(), w is w2)

# numpy scalars in Python
s = np.float64(2.5)
print(s, s * 2, float(np.float32(0.1)), int(np.int64(3)), round(np.mean(v), 3), f"{np.float32(1) / 3:.4f}")
print(np.float32(0.1), np.float32(3.0), np.float32(1e-5), np.float32(16777216.0), np.float32(2) * np.float32(0.1))
print(np.sum(np.array([0.1, 0.2], dtype=np.float32)), np.array([0.25], dtype=np.float32)[0])
print(np.float64(1.5).__class__ is float if False else np.int64(7) // 2, abs(np.float32(-1.5)))
print(str(np.dtype('float32')), repr(a.dtype), a.dtype == np.float64, a.dtype == 'float64', np.dtype(int) == np.int64)
print(a.astype(int).tolist(), a.astype(np.float32).dtype, a.astype('int64').dtype, (a > 1).astype(float).tolist())
print(a.item(1), np.array([[5]]).item(), a.copy().tolist(), np.arange(3).tolist())
print(repr(a), repr(np.arange(3)), repr(np.array([True, False])), repr(np.ones(2, dtype=np.float32)))
