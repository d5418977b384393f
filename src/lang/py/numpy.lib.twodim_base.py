"""numpy's two-dimensional functions, as numpy 1.24 has them: diag, tri, tril, triu."""

import numpy as np


def diag(v, k=0):
    v = np.asarray(v)
    k = int(k)
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        res = np.zeros((n, n), dtype=v.dtype)
        i = np.arange(v.shape[0])
        if k >= 0:
            res[i, i + k] = v
        else:
            res[i - k, i] = v
        return res
    if v.ndim == 2:
        rows, cols = v.shape
        if k >= 0:
            n = max(0, min(rows, cols - k))
            i = np.arange(n)
            return v[i, i + k]
        n = max(0, min(rows + k, cols))
        i = np.arange(n)
        return v[i - k, i]
    raise ValueError("Input must be 1- or 2-d.")


def tri(N, M=None, k=0, dtype=float):
    if M is None:
        M = N
    m = np.arange(N)[:, None] >= np.arange(-k, M - k)[None, :]
    return m.astype(dtype)


def tril(m, k=0):
    m = np.asarray(m)
    mask = tri(*m.shape[-2:], k=k, dtype=bool)
    return np.where(mask, m, np.zeros(1, m.dtype))


def triu(m, k=0):
    m = np.asarray(m)
    mask = tri(*m.shape[-2:], k=k - 1, dtype=bool)
    return np.where(mask, np.zeros(1, m.dtype), m)
