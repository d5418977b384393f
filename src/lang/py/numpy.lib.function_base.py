"""numpy's median, average, percentile and quantile as numpy 1.24 computes them, step by
step with numpy's own operations (so that the results, their dtypes and numpy's warnings
are numpy's), a sort standing in for numpy's partition (the same values land where they
are read)."""

import numpy as np
import _backstep_numpy

# numpy's interpolation methods; Backstep's has the default one
_METHODS = ("inverted_cdf", "averaged_inverted_cdf", "closest_observation",
            "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
            "normal_unbiased", "lower", "higher", "midpoint", "nearest")


def _refuse(name, **given):
    for key, value in given.items():
        if value is not None and value is not False:
            raise NotImplementedError("%s(%s=...) is not supported by Backstep's numpy"
                                      % (name, key))


def _normalize_axes(axis, ndim):
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    result = []
    for ax in axes:
        ax = int(ax)
        if ax < -ndim or ax >= ndim:
            raise np.AxisError(ax, ndim, None)
        result.append(ax + ndim if ax < 0 else ax)
    if len(set(result)) != len(result):
        raise ValueError("repeated axis")
    return tuple(result)


def _ureduce(a, func, keepdims, axis, **kwargs):
    # func over one axis; several are moved to the end and merged into one
    a = np.asarray(a)
    nd = a.ndim
    if axis is not None:
        axis = _normalize_axes(axis, nd)
        if len(axis) == 1:
            kwargs["axis"] = axis[0]
        else:
            keep = sorted(set(range(nd)) - set(axis))
            for i, s in enumerate(keep):
                a = a.swapaxes(i, s)
            a = a.reshape(a.shape[:len(keep)] + (-1,))
            kwargs["axis"] = -1
    else:
        kwargs["axis"] = None
    r = func(a, **kwargs)
    if keepdims:
        if axis is None:
            index = (None,) * nd
        else:
            index = tuple(None if i in axis else slice(None) for i in range(nd))
        r = np.asarray(r)[(Ellipsis,) + index]
    return r


def _last_along(data, axis):
    index = [slice(None)] * data.ndim
    index[axis] = -1
    return data[tuple(index)]


def _median(a, axis=None):
    sz = a.size if axis is None else a.shape[axis]
    inexact = issubclass(a.dtype.type, np.inexact)
    part = np.sort(a, axis=axis)
    if part.shape == ():
        return part.item()
    if axis is None:
        axis = 0
    indexer = [slice(None)] * part.ndim
    index = part.shape[axis] // 2
    if part.shape[axis] % 2 == 1:
        indexer[axis] = slice(index, index + 1)
    else:
        indexer[axis] = slice(index - 1, index + 1)
    rout = np.mean(part[tuple(indexer)], axis=axis)
    if inexact and sz > 0:
        # the NaNs sort last: a slice with one has a NaN median
        n = np.isnan(_last_along(part, axis))
        if np.any(n):
            if not isinstance(rout, np.ndarray):
                return part.dtype.type(np.nan)
            rout[n] = np.nan
    return rout


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    _refuse("median", out=out, overwrite_input=overwrite_input)
    return _ureduce(a, _median, keepdims, axis)


def average(a, axis=None, weights=None, returned=False, *, keepdims=None):
    a = np.asarray(a)
    keepdims = bool(keepdims)
    if weights is None:
        # numpy's a.mean warns at its caller's line, numpy's own
        avg = _backstep_numpy.mean_at("average", a, axis, keepdims)
        avg_as_array = np.asarray(avg)
        scl = avg_as_array.dtype.type(a.size / avg_as_array.size)
    else:
        wgt = np.asarray(weights)
        if issubclass(a.dtype.type, (np.integer, np.bool_)):
            result_dtype = (np.zeros(0, a.dtype) + np.zeros(0, wgt.dtype)
                            + np.zeros(0, np.float64)).dtype
        else:
            result_dtype = (np.zeros(0, a.dtype) + np.zeros(0, wgt.dtype)).dtype
        if a.shape != wgt.shape:
            if axis is None:
                raise TypeError("Axis must be specified when shapes of a and weights differ.")
            if wgt.ndim != 1:
                raise TypeError("1D weights expected when shapes of a and weights differ.")
            if wgt.shape[0] != a.shape[axis]:
                raise ValueError("Length of weights not compatible with specified axis.")
            # the weights along axis, broadcast over the others
            shape = [1] * a.ndim
            shape[axis] = wgt.shape[0]
            wgt = wgt.reshape(tuple(shape))
        scl = wgt.sum(axis=axis, dtype=result_dtype, keepdims=keepdims)
        if np.any(scl == 0.0):
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        product = a.astype(result_dtype) * wgt.astype(result_dtype)
        avg = avg_as_array = product.sum(axis, keepdims=keepdims) / scl
    if returned:
        if np.asarray(scl).shape != avg_as_array.shape:
            scl = (np.zeros(avg_as_array.shape, avg_as_array.dtype) + scl).astype(scl.dtype)
        return avg, scl
    return avg


def _quantile_is_valid(q):
    if q.ndim == 1 and q.size < 10:
        for i in range(q.size):
            if not (0.0 <= q[i] <= 1.0):
                return False
    elif not (np.all(0 <= q) and np.all(q <= 1)):
        return False
    return True


def _check_method(name, method, interpolation):
    _refuse(name, interpolation=interpolation)
    if method not in _METHODS:
        raise ValueError("%r is not a valid method. Use one of: dict_keys(%r)"
                         % (method, list(_METHODS)))
    if method != "linear":
        raise NotImplementedError("%s(method=%r) is not supported by Backstep's numpy (it has "
                                  "the default, 'linear')" % (name, method))


def _lerp(a, b, t):
    diff_b_a = b - a
    lerp = np.asarray(a + diff_b_a * t)
    lerp = np.asarray(np.where(t >= 0.5, b - diff_b_a * (1 - t), lerp)).astype(lerp.dtype)
    if lerp.ndim == 0:
        return lerp[()]
    return lerp


def _take(arr, indexes):
    # np.take(arr, indexes, axis=0)
    if indexes.ndim == 0:
        return arr[int(indexes)]
    return arr[indexes]


def _quantile(arr, q, axis):
    # numpy's linear method: the (n - 1) * q-th value, between the two around it
    if q.ndim > 2:
        raise ValueError("q must be a scalar or 1d")
    if axis is None:
        arr = arr.flatten()
        axis = 0
    values_count = arr.shape[axis]
    axis = axis + arr.ndim if axis < 0 else axis
    if axis != 0:
        order = [axis] + [d for d in range(arr.ndim) if d != axis]
        arr = np.transpose(arr, tuple(order))
    virtual = np.asarray((values_count - 1) * q)
    previous = np.asarray(np.floor(virtual))
    following = np.asarray(previous + 1)
    above = virtual >= values_count - 1
    previous = np.where(above, -1, previous)
    following = np.where(above, -1, following)
    below = virtual < 0
    previous = np.where(below, 0, previous)
    following = np.where(below, 0, following)
    if issubclass(arr.dtype.type, np.inexact):
        unknown = np.isnan(virtual)
        previous = np.where(unknown, -1, previous)
        following = np.where(unknown, -1, following)
    previous = np.asarray(previous).astype(np.intp)
    following = np.asarray(following).astype(np.intp)
    arr = np.sort(arr, axis=0)
    if values_count == 0:
        # numpy's take of the values around each index
        raise IndexError("cannot do a non-empty take from an empty axes.")
    nans = np.isnan(arr[-1]) if issubclass(arr.dtype.type, np.inexact) else None
    gamma = np.asarray(virtual - previous)
    gamma = gamma.reshape(virtual.shape + (1,) * (arr.ndim - 1))
    result = _lerp(_take(arr, previous), _take(arr, following), gamma)
    if nans is not None and np.any(nans):
        if np.asarray(result).ndim == 0:
            return arr.dtype.type(np.nan)
        result = np.where(nans, np.nan, result)
    return result


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
             keepdims=False, *, interpolation=None):
    _refuse("quantile", out=out, overwrite_input=overwrite_input)
    _check_method("quantile", method, interpolation)
    q = np.asarray(q)
    if not _quantile_is_valid(q):
        raise ValueError("Quantiles must be in the range [0, 1]")
    return _ureduce(a, _quantile, keepdims, axis, q=q)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False, *, interpolation=None):
    _refuse("percentile", out=out, overwrite_input=overwrite_input)
    _check_method("percentile", method, interpolation)
    q = np.asarray(np.true_divide(q, 100))
    if not _quantile_is_valid(q):
        raise ValueError("Percentiles must be in the range [0, 100]")
    return _ureduce(a, _quantile, keepdims, axis, q=q)
