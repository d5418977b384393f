"""numpy's functions that rearrange arrays, as numpy 1.24 has them: take_along_axis, tile,
repeat, split, array_split, append, roll, flip, fliplr, flipud, count_nonzero, argwhere,
flatnonzero; written over numpy's indexing and concatenation, with numpy's errors."""

import numpy as np


def _axis(axis, ndim):
    axis = int(axis)
    if axis < -ndim or axis >= ndim:
        raise np.AxisError(axis, ndim, None)
    return axis + ndim if axis < 0 else axis


def _flat_or_axis(a, axis):
    # axis=None: the flattened array along its one axis
    a = np.asarray(a)
    if axis is None:
        return a.ravel(), 0
    return a, _axis(axis, a.ndim)


def take_along_axis(arr, indices, axis):
    arr, axis = _flat_or_axis(arr, axis)
    indices = np.asarray(indices)
    if not issubclass(indices.dtype.type, np.integer):
        raise IndexError("`indices` must be an integer array")
    if arr.ndim != indices.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    # the index of every other axis, broadcast against indices
    fancy = []
    for dim, n in enumerate(arr.shape):
        if dim == axis:
            fancy.append(indices)
        else:
            shape = [1] * arr.ndim
            shape[dim] = -1
            fancy.append(np.arange(n).reshape(tuple(shape)))
    return arr[tuple(fancy)]


def _repeat_rows(c, n):
    # each row of c n times, in place
    return c[np.arange(c.shape[0] * n) // n]


def repeat(a, repeats, axis=None):
    a, axis = _flat_or_axis(a, axis)
    count = a.shape[axis]
    reps = np.asarray(repeats)
    if reps.ndim == 0:
        reps = np.zeros(count, dtype=np.int64) + int(reps)
    elif reps.shape != (count,) and reps.shape != (1,):
        raise ValueError("operands could not be broadcast together with shape (%d,) (%d,)"
                         % (count, reps.shape[0]))
    elif reps.shape == (1,):
        reps = np.zeros(count, dtype=np.int64) + int(reps[0])
    if np.any(reps < 0):
        raise ValueError("repeats may not contain negative values.")
    order = []
    for i in range(count):
        order.extend([i] * int(reps[i]))
    index = [slice(None)] * a.ndim
    index[axis] = np.array(order, dtype=np.int64)
    return a[tuple(index)]


def tile(A, reps):
    try:
        tup = tuple(reps)
    except TypeError:
        tup = (reps,)
    d = len(tup)
    c = np.array(A)
    if c.ndim < d:
        c = c.reshape((1,) * (d - c.ndim) + c.shape)
    if d < c.ndim:
        tup = (1,) * (c.ndim - d) + tup
    shape_out = tuple(s * t for s, t in zip(c.shape, tup))
    n = c.size
    if n > 0:
        for dim_in, nrep in zip(c.shape, tup):
            if nrep != 1:
                c = _repeat_rows(c.reshape(-1, n), nrep)
            n //= dim_in
    return c.reshape(shape_out)


def array_split(ary, indices_or_sections, axis=0):
    ary = np.asarray(ary)
    total = ary.shape[axis]
    try:
        n_sections = len(indices_or_sections) + 1
        points = [0] + [int(i) for i in indices_or_sections] + [total]
    except TypeError:
        n_sections = int(indices_or_sections)
        if n_sections <= 0:
            raise ValueError("number sections must be larger than 0.") from None
        each, extras = divmod(total, n_sections)
        sizes = [0] + extras * [each + 1] + (n_sections - extras) * [each]
        points = [sum(sizes[:i + 1]) for i in range(len(sizes))]
    swapped = ary.swapaxes(axis, 0)
    return [swapped[points[i]:points[i + 1]].swapaxes(axis, 0) for i in range(n_sections)]


def split(ary, indices_or_sections, axis=0):
    try:
        len(indices_or_sections)
    except TypeError:
        if np.asarray(ary).shape[axis] % indices_or_sections:
            raise ValueError("array split does not result in an equal division") from None
    return array_split(ary, indices_or_sections, axis)


def append(arr, values, axis=None):
    arr = np.asarray(arr)
    if axis is None:
        if arr.ndim != 1:
            arr = arr.ravel()
        values = np.ravel(values)
        axis = arr.ndim - 1
    return np.concatenate((arr, values), axis=axis)


def roll(a, shift, axis=None):
    a = np.asarray(a)
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a.shape)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    shifts = shift if isinstance(shift, (tuple, list)) else (shift,) * len(axes)
    if len(axes) == 1 and len(shifts) > 1:
        axes = axes * len(shifts)
    if len(shifts) != len(axes):
        raise ValueError("'shift' and 'axis' should be scalars or 1D sequences")
    total = {}
    for sh, ax in zip(shifts, axes):
        ax = _axis(ax, a.ndim)
        total[ax] = total.get(ax, 0) + int(sh)
    result = a
    for ax, offset in total.items():
        offset %= a.shape[ax] or 1
        if offset:
            head = [slice(None)] * a.ndim
            tail = [slice(None)] * a.ndim
            head[ax] = slice(-offset, None)
            tail[ax] = slice(None, -offset)
            result = np.concatenate((result[tuple(head)], result[tuple(tail)]), axis=ax)
    return result.copy() if result is a else result


def flip(m, axis=None):
    m = np.asarray(m)
    if axis is None:
        return m[(slice(None, None, -1),) * m.ndim]
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    index = [slice(None)] * m.ndim
    for ax in axes:
        index[_axis(ax, m.ndim)] = slice(None, None, -1)
    return m[tuple(index)]


def fliplr(m):
    m = np.asarray(m)
    if m.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return m[:, ::-1]


def flipud(m):
    m = np.asarray(m)
    if m.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return m[::-1, ...]


def count_nonzero(a, axis=None, *, keepdims=False):
    a = np.asarray(a)
    if axis is None and not keepdims:
        return int(np.sum(a != 0))
    return np.sum(a != 0, axis=axis, dtype=np.intp, keepdims=keepdims)


def argwhere(a):
    a = np.asarray(a)
    if a.ndim == 0:
        return np.zeros((1 if a else 0, 0), dtype=np.int64)
    return np.transpose(np.array(np.nonzero(a)))


def flatnonzero(a):
    return np.nonzero(np.ravel(a))[0]
