"""numpy's functions that skip NaNs, as numpy 1.24 computes them: the NaNs replaced, then
numpy's own reductions (so that the results are numpy's to the last bit), with numpy's
warnings and errors. Their warnings point to the script's line, as numpy's do."""

import warnings
import numpy as np
import _backstep_numpy


def _refuse(name, **given):
    for key, value in given.items():
        if value is not None:
            raise NotImplementedError("%s(%s=...) is not supported by Backstep's numpy"
                                      % (name, key))


def _is_inexact(a):
    return issubclass(a.dtype.type, np.inexact)


def _replace_nan(a, val):
    # a copy with the NaNs replaced by val, and where they were (None for a dtype
    # without NaN: a itself, not copied)
    a = np.asarray(a)
    if not _is_inexact(a):
        return a, None
    mask = np.isnan(a)
    a = a.copy()
    a[mask] = val
    return a, mask


def _copyto(a, val, mask):
    if isinstance(a, np.ndarray):
        a[mask] = val
        return a
    return a.dtype.type(val)


def _divide_by_count(a, b):
    # a / b without warnings, in a's type (numpy divides into a)
    with np.errstate(invalid="ignore", divide="ignore"):
        if isinstance(a, np.ndarray):
            return (a / b).astype(a.dtype)
        return a.dtype.type(a / b)


def _extreme(name, a, axis, out, keepdims, initial, where, replacement):
    _refuse(name, out=out, initial=initial, where=where)
    reduce = np.amin if name == "nanmin" else np.amax
    if type(a) is np.ndarray:
        # numpy reduces an array with fmin (fmax), which skips NaNs
        arr, mask = _replace_nan(a, replacement)
        try:
            res = reduce(arr, axis=axis, keepdims=keepdims)
            empty = None
        except ValueError as e:
            if "has no identity" not in str(e):
                raise
            empty = str(e)
        if empty is not None:
            raise ValueError(empty.replace("maximum", "fmax").replace("minimum", "fmin"))
        if mask is not None:
            all_nan = np.all(mask, axis=axis, keepdims=keepdims)
            if np.any(all_nan):
                res = _copyto(res, np.nan, all_nan)
                warnings.warn("All-NaN slice encountered", RuntimeWarning)
        return res
    # anything else: amin (amax) of a copy, as numpy's other way says
    arr, mask = _replace_nan(a, replacement)
    res = reduce(arr, axis=axis, keepdims=keepdims)
    if mask is None:
        return res
    all_nan = np.all(mask, axis=axis, keepdims=keepdims)
    if np.any(all_nan):
        res = _copyto(res, np.nan, all_nan)
        warnings.warn("All-NaN axis encountered", RuntimeWarning)
    return res


def nanmin(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _extreme("nanmin", a, axis, out, keepdims, initial, where, np.inf)


def nanmax(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _extreme("nanmax", a, axis, out, keepdims, initial, where, -np.inf)


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    _refuse("nanargmin", out=out)
    a, mask = _replace_nan(a, np.inf)
    if mask is not None and np.any(np.all(mask, axis=axis)):
        raise ValueError("All-NaN slice encountered")
    return np.argmin(a, axis=axis, keepdims=keepdims)


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    _refuse("nanargmax", out=out)
    a, mask = _replace_nan(a, -np.inf)
    if mask is not None and np.any(np.all(mask, axis=axis)):
        raise ValueError("All-NaN slice encountered")
    return np.argmax(a, axis=axis, keepdims=keepdims)


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    _refuse("nansum", out=out, initial=initial, where=where)
    a, mask = _replace_nan(a, 0)
    return np.sum(a, axis=axis, dtype=dtype, keepdims=keepdims)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    _refuse("nanprod", out=out, initial=initial, where=where)
    a, mask = _replace_nan(a, 1)
    return np.prod(a, axis=axis, dtype=dtype, keepdims=keepdims)


def _check_inexact(dtype):
    if dtype is not None and not issubclass(np.dtype(dtype).type, np.inexact):
        raise TypeError("If a is inexact, then dtype must be inexact")


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=None):
    _refuse("nanmean", out=out, where=where)
    arr, mask = _replace_nan(a, 0)
    if mask is None:
        return np.mean(arr, axis=axis, dtype=dtype, keepdims=keepdims)
    _check_inexact(dtype)
    cnt = np.sum(~mask, axis=axis, dtype=np.intp, keepdims=keepdims)
    tot = np.sum(arr, axis=axis, dtype=dtype, keepdims=keepdims)
    avg = _divide_by_count(tot, cnt)
    if np.any(cnt == 0):
        warnings.warn("Mean of empty slice", RuntimeWarning)
    return avg


def _nanvar(a, axis, dtype, ddof, keepdims, place):
    arr, mask = _replace_nan(a, 0)
    if mask is None:
        return np.var(arr, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims)
    _check_inexact(dtype)
    cnt = np.sum(~mask, axis=axis, dtype=np.intp, keepdims=True)
    avg = _divide_by_count(np.sum(arr, axis=axis, dtype=dtype, keepdims=True), cnt)
    arr = arr - avg
    arr[mask] = 0
    var = np.sum(arr * arr, axis=axis, dtype=dtype, keepdims=keepdims)
    if var.ndim < cnt.ndim:
        cnt = cnt.squeeze(axis)
    dof = cnt - ddof
    var = _divide_by_count(var, dof)
    isbad = dof <= 0
    if np.any(isbad):
        if place is None:
            warnings.warn("Degrees of freedom <= 0 for slice.", RuntimeWarning)
        else:
            _backstep_numpy.warn_at(place)
        var = _copyto(var, np.nan, isbad)
    return var


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=None):
    _refuse("nanvar", out=out, where=where)
    return _nanvar(a, axis, dtype, ddof, keepdims, None)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=None):
    _refuse("nanstd", out=out, where=where)
    # numpy's nanvar warns at its caller's line: numpy's own, in nanstd
    var = _nanvar(a, axis, dtype, ddof, keepdims, "nanstd")
    if isinstance(var, np.ndarray):
        return np.sqrt(var)
    return var.dtype.type(np.sqrt(var))
