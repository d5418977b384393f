# copy: shallow and deep copies of lists, dicts, sets, tuples, instances (nn modules
# included) and tensors, as CPython's copy module makes them

import torch
from _backstep import new_instance as _bs_new_instance, instance_dict as _bs_instance_dict
from _backstep import is_instance as _bs_is_instance, is_function_or_class as _bs_is_function_or_class


class Error(Exception):
    pass


def _copy_instance(x, copy_value, memo):
    cls = type(x)
    new = _bs_new_instance(cls)
    if memo is not None:
        memo[id(x)] = new
    for name, value in _bs_instance_dict(x).items():
        setattr(new, name, copy_value(value))
    return new


def copy(x):
    cls = type(x)
    if cls in (int, float, bool, str, tuple, type(None), range) or callable(x) and \
            not hasattr(x, "__dict__"):
        return x
    if cls is list:
        return list(x)
    if isinstance(x, dict):
        # an OrderedDict stays one
        return x.copy()
    if cls is set:
        return set(x)
    if hasattr(x, "__copy__"):
        return x.__copy__()
    if isinstance(x, torch.Tensor):
        raise Error("copy.copy of a tensor is not supported by Backstep: use x.clone()")
    if _bs_is_instance(x):
        return _copy_instance(x, lambda v: v, None)
    return x


def deepcopy(x, memo=None):
    if memo is None:
        memo = {}
    key = id(x)
    if key in memo:
        return memo[key]
    cls = type(x)
    if cls in (int, float, bool, str, type(None), range) or _bs_is_function_or_class(x):
        return x
    if cls is list:
        y = []
        memo[key] = y
        for item in x:
            y.append(deepcopy(item, memo))
        return y
    if cls is tuple:
        y = tuple(deepcopy(item, memo) for item in x)
        memo[key] = y
        return y
    if isinstance(x, dict):
        # an OrderedDict (a module's state_dict()) stays one
        y = x.copy()
        y.clear()
        memo[key] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
        return y
    if cls is set:
        y = set(deepcopy(item, memo) for item in x)
        memo[key] = y
        return y
    if isinstance(x, torch.Tensor):
        if not x.is_leaf:
            raise RuntimeError("Only Tensors created explicitly by the user (graph leaves) "
                               "support the deepcopy protocol at the moment")
        if isinstance(x, torch.nn.Parameter):
            y = torch.nn.Parameter(x.detach().clone(), requires_grad=x.requires_grad)
        else:
            y = x.detach().clone().requires_grad_(x.requires_grad)
        if x.grad is not None:
            y.grad = deepcopy(x.grad, memo)
        memo[key] = y
        return y
    if hasattr(x, "__deepcopy__"):
        return x.__deepcopy__(memo)
    if _bs_is_instance(x):
        return _copy_instance(x, lambda v: deepcopy(v, memo), memo)
    return x
