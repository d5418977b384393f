"""numpy.linalg as far as Backstep's numpy has it: its exception, which
numpy.random's multivariate_normal raises, and norm. Its other functions are named as missing."""


class LinAlgError(Exception):
    pass


def _normalize_axis(axis, ndim):
    if axis < -ndim or axis >= ndim:
        raise _np().AxisError(axis, ndim, None)
    return axis + ndim if axis < 0 else axis


def _np():
    import numpy
    return numpy


def norm(x, ord=None, axis=None, keepdims=False):
    """The vector and matrix norms numpy's has but those of singular values (ord=2, -2 and
    'nuc' of a matrix), computed as numpy computes them."""
    np = _np()
    x = np.asarray(x)
    if not issubclass(x.dtype.type, np.inexact):
        x = x.astype(float)
    if axis is None:
        ndim = x.ndim
        if ord is None or (ord in ("f", "fro") and ndim == 2) or (ord == 2 and ndim == 1):
            x = x.ravel()
            ret = np.sqrt(x.dot(x))
            if keepdims:
                ret = np.asarray(ret).reshape(ndim * [1])
            return ret
    nd = x.ndim
    if axis is None:
        axis = tuple(range(nd))
    elif not isinstance(axis, tuple):
        try:
            axis = int(axis)
        except Exception as e:
            raise TypeError("'axis' must be None, an integer or a tuple of integers") from e
        axis = (axis,)
    if len(axis) == 1:
        if ord == np.inf:
            return abs(x).max(axis=axis, keepdims=keepdims)
        if ord == -np.inf:
            return abs(x).min(axis=axis, keepdims=keepdims)
        if ord == 0:
            return (x != 0).astype(x.dtype).sum(axis=axis, keepdims=keepdims)
        if ord == 1:
            return np.sum(abs(x), axis=axis, keepdims=keepdims)
        if ord is None or ord == 2:
            return np.sqrt(np.sum(x * x, axis=axis, keepdims=keepdims))
        if isinstance(ord, str):
            raise ValueError(f"Invalid norm order '{ord}' for vectors")
        ret = np.sum(abs(x) ** ord, axis=axis, keepdims=keepdims)
        # numpy's reciprocal of ord in the result's dtype
        return ret ** np.asarray(ret).dtype.type(1.0 / ord)
    if len(axis) == 2:
        row_axis = _normalize_axis(axis[0], nd)
        col_axis = _normalize_axis(axis[1], nd)
        if row_axis == col_axis:
            raise ValueError("Duplicate axes given.")
        if ord in (2, -2, "nuc"):
            raise NotImplementedError("linalg.norm(ord=%r) of a matrix (its singular values) is "
                                      "not supported by Backstep's numpy" % (ord,))
        if ord == 1:
            if col_axis > row_axis:
                col_axis -= 1
            ret = np.sum(abs(x), axis=row_axis).max(axis=col_axis)
        elif ord == np.inf:
            if row_axis > col_axis:
                row_axis -= 1
            ret = np.sum(abs(x), axis=col_axis).max(axis=row_axis)
        elif ord == -1:
            if col_axis > row_axis:
                col_axis -= 1
            ret = np.sum(abs(x), axis=row_axis).min(axis=col_axis)
        elif ord == -np.inf:
            if row_axis > col_axis:
                row_axis -= 1
            ret = np.sum(abs(x), axis=col_axis).min(axis=row_axis)
        elif ord in [None, "fro", "f"]:
            ret = np.sqrt(np.sum(x * x, axis=axis))
        else:
            raise ValueError("Invalid norm order for matrices.")
        if keepdims:
            shape = list(x.shape)
            shape[axis[0]] = 1
            shape[axis[1]] = 1
            ret = np.asarray(ret).reshape(shape)
        return ret
    raise ValueError("Improper number of dimensions to norm.")
