# torch.optim.Optimizer, the base class of a script's own optimizer, as PyTorch 1.13 writes
# its behaviour: parameter groups filled from the defaults, per-parameter state in a
# defaultdict, zero_grad, state_dict and PyTorch's repr and messages. Run after nn.py in
# its globals; the class is filed into torch.optim, not torch.nn.
from collections import defaultdict


class _RequiredParameter:
    def __repr__(self):
        return '<required parameter>'


def _bs_optim_typename(o):
    if isinstance(o, torch.Tensor):
        return o.type()
    module = getattr(type(o), '__module__', None)
    if module in ('builtins', '__builtin__', None):
        return type(o).__name__
    return module + '.' + type(o).__name__


class Optimizer:
    __module__ = 'torch.optim.optimizer'

    def __init__(self, params, defaults):
        self.defaults = defaults
        if isinstance(params, torch.Tensor):
            raise TypeError('params argument given to the optimizer should be an iterable of '
                            'Tensors or dicts, but got ' + _bs_optim_typename(params))
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError('optimizer got an empty parameter list')
        if not isinstance(param_groups[0], dict):
            param_groups = [{'params': param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    def __repr__(self):
        text = self.__class__.__name__ + ' ('
        for i, group in enumerate(self.param_groups):
            text += '\nParameter Group {}\n'.format(i)
            for key in sorted(group.keys()):
                if key != 'params':
                    text += '    {}: {}\n'.format(key, group[key])
        return text + ')'

    def state_dict(self):
        mapping = {}
        groups = []
        start = 0
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != 'params'}
            for i, p in enumerate(group['params'], start):
                if id(p) not in mapping:
                    mapping[id(p)] = i
            packed['params'] = [mapping[id(p)] for p in group['params']]
            start += len(packed['params'])
            groups.append(packed)
        state = {(mapping[id(k)] if isinstance(k, torch.Tensor) else k): v
                 for k, v in self.state.items()}
        return {'state': state, 'param_groups': groups}

    def __getstate__(self):
        return {'defaults': self.defaults, 'state': self.state,
                'param_groups': self.param_groups}

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.defaults.setdefault('differentiable', False)

    def load_state_dict(self, state_dict):
        from copy import deepcopy
        # a copy of everything, as PyTorch's: the saved dict stays as it was
        state_dict = deepcopy(state_dict)
        groups = self.param_groups
        saved_groups = state_dict['param_groups']
        if len(groups) != len(saved_groups):
            raise ValueError('loaded state dict has a different number of parameter groups')
        for mine, theirs in zip(groups, saved_groups):
            if len(mine['params']) != len(theirs['params']):
                raise ValueError("loaded state dict contains a parameter group that doesn't "
                                 "match the size of optimizer's group")
        saved_ids = [i for g in saved_groups for i in g['params']]
        params = [p for g in groups for p in g['params']]
        param_of = dict(zip(saved_ids, params))

        def converted(param, value, key=None):
            # tensors take the param's floating dtype, but a 'step' count
            if isinstance(value, torch.Tensor):
                if key != 'step' and param.is_floating_point():
                    value = value.to(param.dtype)
                return value
            if isinstance(value, dict):
                return {k: converted(param, v, key=k) for k, v in value.items()}
            if isinstance(value, (list, tuple, set)):
                return type(value)(converted(param, v) for v in value)
            return value

        state = defaultdict(dict)
        for key, value in state_dict['state'].items():
            if key in param_of:
                state[param_of[key]] = converted(param_of[key], value)
            else:
                state[key] = value
        for mine, theirs in zip(groups, saved_groups):
            theirs['params'] = mine['params']
        self.__setstate__({'state': state, 'param_groups': saved_groups})

    def zero_grad(self, set_to_none=False):
        for group in self.param_groups:
            for p in group['params']:
                if p.grad is not None:
                    if set_to_none:
                        p.grad = None
                    else:
                        if p.grad.grad_fn is not None:
                            p.grad.detach_()
                        else:
                            p.grad.requires_grad_(False)
                        p.grad.zero_()

    def step(self, closure):
        raise NotImplementedError

    def add_param_group(self, param_group):
        assert isinstance(param_group, dict), 'param group must be a dict'
        params = param_group['params']
        if isinstance(params, torch.Tensor):
            param_group['params'] = [params]
        elif isinstance(params, set):
            raise TypeError('optimizer parameters need to be organized in ordered collections, '
                            'but the ordering of tensors in sets will change between runs. '
                            'Please use a list instead.')
        else:
            param_group['params'] = list(params)
        for param in param_group['params']:
            if not isinstance(param, torch.Tensor):
                raise TypeError('optimizer can only optimize Tensors, but one of the params is '
                                + _bs_optim_typename(param))
            if not param.is_leaf:
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError("parameter group didn't specify a value of required "
                                 "optimization parameter " + name)
            param_group.setdefault(name, default)
        seen = []
        for group in self.param_groups:
            seen.extend(group['params'])
        for param in param_group['params']:
            if any(param is other for other in seen):
                raise ValueError('some parameters appear in more than one parameter group')
        self.param_groups.append(param_group)


required = _RequiredParameter()
torch.optim.Optimizer = Optimizer
torch.optim.required = required
del Optimizer
del _RequiredParameter
