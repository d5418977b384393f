# torch.nn's modules, written in the Python that Backstep runs: run at start-up in globals
# of their own, then copied into torch.nn. Names starting with "_bs" are this file's own.
# A module keeps its parameters, buffers and children in the ordered dicts _parameters,
# _buffers and _modules, as PyTorch's Module does; __setattr__ files them there and
# __getattr__ finds them.
import torch
_bs_nn = torch.nn
_bs_F = torch.nn.functional
_bs_odict = _bs_nn._ordered_dict


def _bs_typename(o):
    if isinstance(o, torch.Tensor):
        return {torch.float32: 'torch.FloatTensor', torch.float64: 'torch.DoubleTensor',
                torch.int64: 'torch.LongTensor', torch.bool: 'torch.BoolTensor'}.get(
                    o.dtype, 'torch.Tensor')
    module = getattr(type(o), '__module__', None)
    if module in ('builtins', '__builtin__', None, '__main__'):
        return type(o).__name__
    return module + '.' + type(o).__name__


def _bs_addindent(s, n):
    lines = s.split('\n')
    if len(lines) == 1:
        return s
    first = lines.pop(0)
    return first + '\n' + '\n'.join([(n * ' ') + line for line in lines])


def _bs_not_supported(what):
    raise NotImplementedError(what + ' is not supported by Backstep')


def _bs_check_factory(device, dtype):
    # device=/dtype= of a module's constructor: PyTorch's errors for what does not exist
    # here (cuda), Backstep's for float64 parameters (PyTorch draws them differently)
    if device is not None:
        torch.empty(0, device=device)
    if dtype is not None and dtype != torch.float32:
        _bs_not_supported('a module with dtype={}'.format(dtype))


class _bs_IncompatibleKeys:
    def __init__(self, missing_keys, unexpected_keys):
        self.missing_keys = missing_keys
        self.unexpected_keys = unexpected_keys

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return '<All keys matched successfully>'
        return '_IncompatibleKeys(missing_keys={}, unexpected_keys={})'.format(
            self.missing_keys, self.unexpected_keys)

    def __iter__(self):
        return iter([self.missing_keys, self.unexpected_keys])


class Module:
    __module__ = 'torch.nn.modules.module'

    def __init__(self):
        d = self.__dict__
        d['training'] = True
        d['_parameters'] = _bs_odict()
        d['_buffers'] = _bs_odict()
        d['_non_persistent_buffers_set'] = set()
        d['_modules'] = _bs_odict()

    def forward(self, *input):
        raise NotImplementedError('Module [{}] is missing the required "forward" function'.format(
            type(self).__name__))

    def __call__(self, *args, **kwargs):
        d = self.__dict__
        pre_hooks = d.get('_forward_pre_hooks')
        if pre_hooks:
            for hook in list(pre_hooks.values()):
                result = hook(self, args)
                if result is not None:
                    args = result if isinstance(result, tuple) else (result,)
        backward_hooks = d.get('_backward_hooks')
        bw_hook = None
        if backward_hooks:
            bw_hook = torch.utils.hooks.BackwardHook(self, list(backward_hooks.values()))
            args = bw_hook.setup_input_hook(args)
        result = self.forward(*args, **kwargs)
        hooks = d.get('_forward_hooks')
        if hooks:
            for hook in list(hooks.values()):
                hook_result = hook(self, args, result)
                if hook_result is not None:
                    result = hook_result
        if bw_hook is not None:
            result = bw_hook.setup_output_hook(result)
        return result

    def register_forward_pre_hook(self, hook):
        import torch.utils.hooks
        hooks = self.__dict__.setdefault('_forward_pre_hooks', {})
        handle = torch.utils.hooks.RemovableHandle(hooks)
        hooks[handle.id] = hook
        return handle

    def register_full_backward_hook(self, hook):
        import torch.utils.hooks
        hooks = self.__dict__.setdefault('_backward_hooks', {})
        handle = torch.utils.hooks.RemovableHandle(hooks)
        hooks[handle.id] = hook
        return handle

    def register_forward_hook(self, hook):
        import torch.utils.hooks
        hooks = self.__dict__.setdefault('_forward_hooks', {})
        handle = torch.utils.hooks.RemovableHandle(hooks)
        hooks[handle.id] = hook
        return handle

    def __getattr__(self, name):
        d = self.__dict__
        if '_parameters' in d and name in d['_parameters']:
            return d['_parameters'][name]
        if '_buffers' in d and name in d['_buffers']:
            return d['_buffers'][name]
        if '_modules' in d and name in d['_modules']:
            return d['_modules'][name]
        raise AttributeError("'{}' object has no attribute '{}'".format(type(self).__name__, name))

    def _bs_forget(self, name, keep):
        # PyTorch's remove_from: the name leaves every place but keep (where it keeps its order)
        d = self.__dict__
        for key in ('_parameters', '_buffers', '_modules'):
            if key != keep and name in d[key]:
                del d[key][name]
        if name in d:
            del d[name]
        d['_non_persistent_buffers_set'].discard(name)

    def __setattr__(self, name, value):
        d = self.__dict__
        params = d.get('_parameters')
        if isinstance(value, _bs_nn.Parameter):
            if params is None:
                raise AttributeError('cannot assign parameters before Module.__init__() call')
            self._bs_forget(name, '_parameters')
            self.register_parameter(name, value)
            return
        if params is not None and name in params:
            if value is not None:
                raise TypeError("cannot assign '{}' as parameter '{}' (torch.nn.Parameter or None "
                                "expected)".format(_bs_typename(value), name))
            self.register_parameter(name, value)
            return
        modules = d.get('_modules')
        if isinstance(value, Module):
            if modules is None:
                raise AttributeError('cannot assign module before Module.__init__() call')
            self._bs_forget(name, '_modules')
            modules[name] = value
            return
        if modules is not None and name in modules:
            if value is not None:
                raise TypeError("cannot assign '{}' as child module '{}' (torch.nn.Module or None "
                                "expected)".format(_bs_typename(value), name))
            modules[name] = value
            return
        buffers = d.get('_buffers')
        if buffers is not None and name in buffers:
            if value is not None and not isinstance(value, torch.Tensor):
                raise TypeError("cannot assign '{}' as buffer '{}' (torch.Tensor or None "
                                "expected)".format(_bs_typename(value), name))
            buffers[name] = value
            return
        d[name] = value

    def register_buffer(self, name, tensor, persistent=True):
        d = self.__dict__
        if '_buffers' not in d:
            raise AttributeError('cannot assign buffer before Module.__init__() call')
        if not isinstance(name, str):
            raise TypeError('buffer name should be a string. Got {}'.format(_bs_typename(name)))
        if '.' in name:
            raise KeyError('buffer name can\'t contain "."')
        if name == '':
            raise KeyError('buffer name can\'t be empty string ""')
        if hasattr(self, name) and name not in d['_buffers']:
            raise KeyError("attribute '{}' already exists".format(name))
        if tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError("cannot assign '{}' object to buffer '{}' (torch Tensor or None "
                            "required)".format(_bs_typename(tensor), name))
        d['_buffers'][name] = tensor
        if persistent:
            d['_non_persistent_buffers_set'].discard(name)
        else:
            d['_non_persistent_buffers_set'].add(name)

    def register_parameter(self, name, param):
        d = self.__dict__
        if '_parameters' not in d:
            raise AttributeError('cannot assign parameter before Module.__init__() call')
        if not isinstance(name, str):
            raise TypeError('parameter name should be a string. Got {}'.format(
                _bs_typename(name)))
        if '.' in name:
            raise KeyError('parameter name can\'t contain "."')
        if name == '':
            raise KeyError('parameter name can\'t be empty string ""')
        if hasattr(self, name) and name not in d['_parameters']:
            raise KeyError("attribute '{}' already exists".format(name))
        if param is None:
            d['_parameters'][name] = None
            return
        if not isinstance(param, _bs_nn.Parameter):
            raise TypeError("cannot assign '{}' object to parameter '{}' (torch.nn.Parameter or "
                            "None required)".format(_bs_typename(param), name))
        if param.grad_fn is not None:
            raise ValueError("Cannot assign non-leaf Tensor to parameter '{0}'. Model parameters "
                             "must be created explicitly. To express '{0}' as a function of "
                             "another Tensor, compute the value in the forward() method.".format(
                                 name))
        d['_parameters'][name] = param

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError('{} is not a Module subclass'.format(_bs_typename(module)))
        if not isinstance(name, str):
            raise TypeError('module name should be a string. Got {}'.format(_bs_typename(name)))
        if hasattr(self, name) and name not in self.__dict__['_modules']:
            raise KeyError("attribute '{}' already exists".format(name))
        if '.' in name:
            raise KeyError('module name can\'t contain ".", got: {}'.format(name))
        if name == '':
            raise KeyError('module name can\'t be empty string ""')
        self.__dict__['_modules'][name] = module

    def register_module(self, name, module):
        self.add_module(name, module)

    def get_submodule(self, target):
        if target == '':
            return self
        mod = self
        for item in target.split('.'):
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + ' has no attribute `' + item + '`')
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError('`' + item + '` is not an nn.Module')
        return mod

    # the iterators: PyTorch's are generators; these iterate over lists made at the call
    def named_modules(self, memo=None, prefix='', remove_duplicate=True):
        out = []
        self._bs_named_modules(memo if memo is not None else set(), prefix, remove_duplicate, out)
        return iter(out)

    def _bs_named_modules(self, memo, prefix, remove_duplicate, out):
        if self in memo:
            return
        if remove_duplicate:
            memo.add(self)
        out.append((prefix, self))
        for name, module in self.__dict__['_modules'].items():
            if module is None:
                continue
            module._bs_named_modules(memo, prefix + ('.' if prefix else '') + name,
                                     remove_duplicate, out)

    def modules(self):
        return iter([m for _, m in self.named_modules()])

    def named_children(self):
        memo = set()
        out = []
        for name, module in self.__dict__['_modules'].items():
            if module is not None and module not in memo:
                memo.add(module)
                out.append((name, module))
        return iter(out)

    def children(self):
        return iter([m for _, m in self.named_children()])

    def _bs_named_members(self, key, prefix, recurse):
        memo = set()
        out = []
        if recurse:
            modules = list(self.named_modules(prefix=prefix))
        else:
            modules = [(prefix, self)]
        for module_prefix, module in modules:
            for k, v in module.__dict__[key].items():
                if v is None or v in memo:
                    continue
                memo.add(v)
                out.append((module_prefix + ('.' if module_prefix else '') + k, v))
        return out

    def named_parameters(self, prefix='', recurse=True):
        return iter(self._bs_named_members('_parameters', prefix, recurse))

    def parameters(self, recurse=True):
        return iter([p for _, p in self._bs_named_members('_parameters', '', recurse)])

    def named_buffers(self, prefix='', recurse=True):
        return iter(self._bs_named_members('_buffers', prefix, recurse))

    def buffers(self, recurse=True):
        return iter([b for _, b in self._bs_named_members('_buffers', '', recurse)])

    def state_dict(self, *args, destination=None, prefix='', keep_vars=False):
        if args:
            _bs_not_supported('state_dict() with positional arguments (deprecated by PyTorch)')
        if destination is None:
            destination = _bs_odict()
        d = self.__dict__
        for name, param in d['_parameters'].items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in d['_buffers'].items():
            if buf is not None and name not in d['_non_persistent_buffers_set']:
                destination[prefix + name] = buf if keep_vars else buf.detach()
        for name, module in d['_modules'].items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + '.',
                                  keep_vars=keep_vars)
        return destination

    def load_state_dict(self, state_dict, strict=True):
        if not hasattr(state_dict, 'items'):
            raise TypeError('Expected state_dict to be dict-like, got {}.'.format(
                type(state_dict)))
        own = self.state_dict(keep_vars=True)
        missing = [k for k in own.keys() if k not in state_dict]
        unexpected = [k for k in state_dict.keys() if k not in own]
        errors = []
        if strict:
            if unexpected:
                errors.append('Unexpected key(s) in state_dict: {}. '.format(
                    ', '.join('"{}"'.format(k) for k in unexpected)))
            if missing:
                errors.append('Missing key(s) in state_dict: {}. '.format(
                    ', '.join('"{}"'.format(k) for k in missing)))
        for key, param in own.items():
            if key not in state_dict:
                continue
            value = state_dict[key]
            if not isinstance(value, torch.Tensor):
                errors.append('While copying the parameter named "{}", expected torch.Tensor or '
                              'Tensor-like object from checkpoint but received {}'.format(
                                  key, type(value)))
                continue
            if value.shape != param.shape:
                errors.append('size mismatch for {}: copying a param with shape {} from '
                              'checkpoint, the shape in current model is {}.'.format(
                                  key, value.shape, param.shape))
                continue
            with torch.no_grad():
                param.copy_(value)
        if errors:
            raise RuntimeError('Error(s) in loading state_dict for {}:\n\t{}'.format(
                self._get_name(), '\n\t'.join(errors)))
        return _bs_IncompatibleKeys(missing, unexpected)

    def zero_grad(self, set_to_none=False):
        for p in self.parameters():
            _bs_nn._zero_grad(p, set_to_none)

    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError('training mode is expected to be boolean')
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def _bs_convert(self, convert):
        for module in self.modules():
            d = module.__dict__
            for name, p in d['_parameters'].items():
                if p is not None:
                    p.data = convert(p.data)
            for name, b in d['_buffers'].items():
                if b is not None:
                    d['_buffers'][name] = convert(b)
        return self

    def to(self, *args, **kwargs):
        probe = torch.empty(0).to(*args, **kwargs)
        if probe.dtype != torch.float32:
            if not probe.is_floating_point():
                raise TypeError('nn.Module.to only accepts floating point or complex dtypes, but '
                                'got desired dtype={}'.format(probe.dtype))
            return self._bs_convert(lambda t: t.to(probe.dtype) if t.is_floating_point() else t)
        if 'dtype' in kwargs or any(a is torch.float32 for a in args):
            return self._bs_convert(lambda t: t.float() if t.is_floating_point() else t)
        return self

    def cpu(self):
        return self

    def cuda(self, device=None):
        torch.empty(0).cuda()
        return self

    def double(self):
        return self._bs_convert(lambda t: t.double() if t.is_floating_point() else t)

    def float(self):
        return self._bs_convert(lambda t: t.float() if t.is_floating_point() else t)

    def half(self):
        return self._bs_convert(lambda t: t.half() if t.is_floating_point() else t)

    def extra_repr(self):
        return ''

    def _get_name(self):
        return type(self).__name__

    def __repr__(self):
        extra_lines = []
        extra_repr = self.extra_repr()
        if extra_repr:
            extra_lines = extra_repr.split('\n')
        child_lines = []
        for key, module in self.__dict__['_modules'].items():
            mod_str = _bs_addindent(repr(module), 2)
            child_lines.append('(' + key + '): ' + mod_str)
        lines = extra_lines + child_lines
        main_str = self._get_name() + '('
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += '\n  ' + '\n  '.join(lines) + '\n'
        return main_str + ')'


class Identity(Module):
    __module__ = 'torch.nn.modules.linear'

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    __module__ = 'torch.nn.modules.linear'

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        _bs_check_factory(device, dtype)
        self.in_features = in_features
        self.out_features = out_features
        w, b = _bs_nn._linear_init(in_features, out_features, bias)
        self.weight = w
        if b is None:
            self.register_parameter('bias', None)
        else:
            self.bias = b

    def forward(self, input):
        return _bs_F.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return 'in_features={}, out_features={}, bias={}'.format(
            self.in_features, self.out_features, self.bias is not None)


def _bs_inplace_str(inplace):
    return ', inplace=True' if inplace else ''


class ReLU(Module):
    __module__ = 'torch.nn.modules.activation'

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return _bs_F.relu(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class LeakyReLU(Module):
    __module__ = 'torch.nn.modules.activation'

    def __init__(self, negative_slope=1e-2, inplace=False):
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input):
        return _bs_F.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self):
        return 'negative_slope={}{}'.format(self.negative_slope, _bs_inplace_str(self.inplace))


class ELU(Module):
    __module__ = 'torch.nn.modules.activation'

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return _bs_F.elu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return 'alpha={}{}'.format(self.alpha, _bs_inplace_str(self.inplace))


class GELU(Module):
    __module__ = 'torch.nn.modules.activation'

    def __init__(self, approximate='none'):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return _bs_F.gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return 'approximate={}'.format(repr(self.approximate))


class SiLU(Module):
    __module__ = 'torch.nn.modules.activation'

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return _bs_F.silu(input, inplace=self.inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class Softplus(Module):
    __module__ = 'torch.nn.modules.activation'

    def __init__(self, beta=1, threshold=20):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input):
        return _bs_F.softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return 'beta={}, threshold={}'.format(self.beta, self.threshold)


class Tanh(Module):
    __module__ = 'torch.nn.modules.activation'

    def forward(self, input):
        return _bs_F.tanh(input)


class Sigmoid(Module):
    __module__ = 'torch.nn.modules.activation'

    def forward(self, input):
        return _bs_F.sigmoid(input)


class Softmax(Module):
    __module__ = 'torch.nn.modules.activation'

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return _bs_F.softmax(input, self.dim, _stacklevel=5)

    def extra_repr(self):
        return 'dim={dim}'.format(dim=self.dim)


class LogSoftmax(Softmax):
    __module__ = 'torch.nn.modules.activation'

    def forward(self, input):
        return _bs_F.log_softmax(input, self.dim, _stacklevel=5)


class Flatten(Module):
    __module__ = 'torch.nn.modules.flatten'

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return 'start_dim={}, end_dim={}'.format(self.start_dim, self.end_dim)


class Dropout(Module):
    __module__ = 'torch.nn.modules.dropout'

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError('dropout probability has to be between 0 and 1, but got {}'.format(p))
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return _bs_F.dropout(input, self.p, self.training, self.inplace)

    def extra_repr(self):
        return 'p={}, inplace={}'.format(self.p, self.inplace)


class Embedding(Module):
    __module__ = 'torch.nn.modules.sparse'

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None,
                 device=None, dtype=None):
        super().__init__()
        _bs_check_factory(device, dtype)
        if max_norm is not None:
            _bs_not_supported('Embedding(max_norm=...)')
        if scale_grad_by_freq:
            _bs_not_supported('Embedding(scale_grad_by_freq=True)')
        if sparse:
            _bs_not_supported('Embedding(sparse=True)')
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        if padding_idx is not None:
            if padding_idx > 0:
                assert padding_idx < self.num_embeddings, \
                    'Padding_idx must be within num_embeddings'
            elif padding_idx < 0:
                assert padding_idx >= -self.num_embeddings, \
                    'Padding_idx must be within num_embeddings'
                padding_idx = self.num_embeddings + padding_idx
        self.padding_idx = padding_idx
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        self.sparse = sparse
        if _weight is None:
            self.weight = _bs_nn.Parameter(torch.empty((num_embeddings, embedding_dim)))
            with torch.no_grad():
                self.weight.normal_()
                if padding_idx is not None:
                    self.weight[padding_idx].fill_(0)
        else:
            assert list(_weight.shape) == [num_embeddings, embedding_dim], \
                'Shape of weight does not match num_embeddings and embedding_dim'
            self.weight = _bs_nn.Parameter(_weight)

    def forward(self, input):
        return _bs_F.embedding(input, self.weight, self.padding_idx)

    def extra_repr(self):
        s = '{}, {}'.format(self.num_embeddings, self.embedding_dim)
        if self.padding_idx is not None:
            s += ', padding_idx={}'.format(self.padding_idx)
        return s


class BatchNorm1d(Module):
    __module__ = 'torch.nn.modules.batchnorm'

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True,
                 track_running_stats=True, device=None, dtype=None):
        super().__init__()
        _bs_check_factory(device, dtype)
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = _bs_nn.Parameter(torch.ones(num_features))
            self.bias = _bs_nn.Parameter(torch.zeros(num_features))
        else:
            self.register_parameter('weight', None)
            self.register_parameter('bias', None)
        if track_running_stats:
            self.register_buffer('running_mean', torch.zeros(num_features))
            self.register_buffer('running_var', torch.ones(num_features))
            self.register_buffer('num_batches_tracked', torch.tensor(0, dtype=torch.long))
        else:
            self.register_buffer('running_mean', None)
            self.register_buffer('running_var', None)
            self.register_buffer('num_batches_tracked', None)
        self.reset_parameters()

    def reset_parameters(self):
        # as PyTorch's, in place: each buffer and parameter starts at version 1
        self.reset_running_stats()
        if self.affine:
            with torch.no_grad():
                self.weight.fill_(1)
                self.bias.zero_()

    def reset_running_stats(self):
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def _check_input_dim(self, input):
        if input.dim() != 2 and input.dim() != 3:
            raise ValueError('expected 2D or 3D input (got {}D input)'.format(input.dim()))

    def forward(self, input):
        self._check_input_dim(input)
        if self.momentum is None:
            factor = 0.0
        else:
            factor = self.momentum
        if self.training and self.track_running_stats:
            if self.num_batches_tracked is not None:
                self.num_batches_tracked.add_(1)
                if self.momentum is None:
                    factor = 1.0 / float(self.num_batches_tracked)
                else:
                    factor = self.momentum
        if self.training:
            bn_training = True
        else:
            bn_training = (self.running_mean is None) and (self.running_var is None)
        use_stats = not self.training or self.track_running_stats
        return _bs_F.batch_norm(input, self.running_mean if use_stats else None,
                                self.running_var if use_stats else None, self.weight, self.bias,
                                bn_training, factor, self.eps)

    def extra_repr(self):
        return '{}, eps={}, momentum={}, affine={}, track_running_stats={}'.format(
            self.num_features, self.eps, self.momentum, self.affine, self.track_running_stats)


class LayerNorm(Module):
    __module__ = 'torch.nn.modules.normalization'

    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, device=None,
                 dtype=None):
        super().__init__()
        _bs_check_factory(device, dtype)
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = _bs_nn.Parameter(torch.ones(self.normalized_shape))
            self.bias = _bs_nn.Parameter(torch.zeros(self.normalized_shape))
        else:
            self.register_parameter('weight', None)
            self.register_parameter('bias', None)

    def forward(self, input):
        return _bs_F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return '{}, eps={}, elementwise_affine={}'.format(
            self.normalized_shape, self.eps, self.elementwise_affine)


def _bs_is_slice(idx):
    return type(idx).__name__ == 'slice'


def _bs_index(idx, size):
    if not isinstance(idx, int):
        raise TypeError("'{}' object cannot be interpreted as an integer".format(
            type(idx).__name__))
    if not (-size <= idx < size):
        raise IndexError('index {} is out of range'.format(idx))
    if idx < 0:
        idx += size
    return idx


class Sequential(Module):
    __module__ = 'torch.nn.modules.container'

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and not isinstance(args[0], Module) and hasattr(args[0], 'items'):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def __getitem__(self, idx):
        items = list(self._modules.items())
        if _bs_is_slice(idx):
            return self.__class__(_bs_odict(items[idx]))
        return items[_bs_index(idx, len(items))][1]

    def __setitem__(self, idx, module):
        keys = list(self._modules.keys())
        setattr(self, keys[_bs_index(idx, len(keys))], module)

    def __delitem__(self, idx):
        keys = list(self._modules.keys())
        if _bs_is_slice(idx):
            for key in keys[idx]:
                del self._modules[key]
        else:
            del self._modules[keys[_bs_index(idx, len(keys))]]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(list(self._modules.values()))

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def forward(self, input):
        for module in self._modules.values():
            input = module(input)
        return input


class ModuleList(Module):
    __module__ = 'torch.nn.modules.container'

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def __getitem__(self, idx):
        if _bs_is_slice(idx):
            return self.__class__(list(self._modules.values())[idx])
        return self._modules[str(_bs_index(idx, len(self)))]

    def __setitem__(self, idx, module):
        setattr(self, str(_bs_index(idx, len(self))), module)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(list(self._modules.values()))

    def __iadd__(self, modules):
        return self.extend(modules)

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules):
        offset = len(self)
        for i, module in enumerate(modules):
            self.add_module(str(offset + i), module)
        return self

    def insert(self, index, module):
        items = list(self._modules.values())
        items.insert(index, module)
        self._modules.clear()
        for i, m in enumerate(items):
            self._modules[str(i)] = m


class ModuleDict(Module):
    __module__ = 'torch.nn.modules.container'

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __delitem__(self, key):
        del self._modules[key]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(list(self._modules.keys()))

    def __contains__(self, key):
        return key in self._modules

    def clear(self):
        self._modules.clear()

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def keys(self):
        return self._modules.keys()

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()

    def update(self, modules):
        if hasattr(modules, 'items'):
            for key, module in modules.items():
                self[key] = module
        else:
            for j, m in enumerate(modules):
                if len(m) != 2:
                    raise ValueError('ModuleDict update sequence element #' + str(j) +
                                     ' has length ' + str(len(m)) + '; 2 is required')
                self[m[0]] = m[1]


class ParameterList(Module):
    __module__ = 'torch.nn.modules.container'

    def __init__(self, values=None):
        super().__init__()
        self._size = 0
        if values is not None:
            self += values

    def __getitem__(self, idx):
        if _bs_is_slice(idx):
            return self.__class__([self[i] for i in range(len(self))[idx]])
        return getattr(self, str(_bs_index(idx, len(self))))

    def __setitem__(self, idx, param):
        idx = _bs_index(idx, len(self))
        if isinstance(param, torch.Tensor) and not isinstance(param, _bs_nn.Parameter):
            param = _bs_nn.Parameter(param)
        setattr(self, str(idx), param)

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter([self[i] for i in range(len(self))])

    def __iadd__(self, parameters):
        return self.extend(parameters)

    def append(self, value):
        new_idx = len(self)
        self._size += 1
        self[new_idx] = value
        return self

    def extend(self, values):
        for value in values:
            self.append(value)
        return self

    def extra_repr(self):
        child_lines = []
        for k, p in enumerate(self):
            if isinstance(p, torch.Tensor):
                size_str = 'x'.join(str(size) for size in p.size())
                parastr = '{} containing: [{} of size {}]'.format(
                    'Parameter' if isinstance(p, _bs_nn.Parameter) else 'Tensor', p.dtype,
                    size_str)
                child_lines.append('  (' + str(k) + '): ' + parastr)
            else:
                child_lines.append('  (' + str(k) + '): Object of type: ' + type(p).__name__)
        return '\n'.join(child_lines)


class _Loss(Module):
    __module__ = 'torch.nn.modules.loss'

    def __init__(self, size_average=None, reduce=None, reduction='mean'):
        super().__init__()
        if size_average is not None or reduce is not None:
            _bs_not_supported(type(self).__name__ + '(size_average=..., reduce=...) (deprecated '
                              'by PyTorch; use reduction=)')
        self.reduction = reduction


class MSELoss(_Loss):
    __module__ = 'torch.nn.modules.loss'

    def forward(self, input, target):
        return _bs_F.mse_loss(input, target, reduction=self.reduction)


class L1Loss(_Loss):
    __module__ = 'torch.nn.modules.loss'

    def forward(self, input, target):
        return _bs_F.l1_loss(input, target, reduction=self.reduction)


class SmoothL1Loss(_Loss):
    __module__ = 'torch.nn.modules.loss'

    def __init__(self, size_average=None, reduce=None, reduction='mean', beta=1.0):
        super().__init__(size_average, reduce, reduction)
        self.beta = beta

    def forward(self, input, target):
        return _bs_F.smooth_l1_loss(input, target, reduction=self.reduction, beta=self.beta)


class HuberLoss(_Loss):
    __module__ = 'torch.nn.modules.loss'

    def __init__(self, reduction='mean', delta=1.0):
        super().__init__(reduction=reduction)
        self.delta = delta

    def forward(self, input, target):
        return _bs_F.huber_loss(input, target, reduction=self.reduction, delta=self.delta)


class BCELoss(_Loss):
    __module__ = 'torch.nn.modules.loss'

    def __init__(self, weight=None, size_average=None, reduce=None, reduction='mean'):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer('weight', weight)

    def forward(self, input, target):
        return _bs_F.binary_cross_entropy(input, target, weight=self.weight,
                                          reduction=self.reduction)


class BCEWithLogitsLoss(_Loss):
    __module__ = 'torch.nn.modules.loss'

    def __init__(self, weight=None, size_average=None, reduce=None, reduction='mean',
                 pos_weight=None):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer('weight', weight)
        self.register_buffer('pos_weight', pos_weight)

    def forward(self, input, target):
        return _bs_F.binary_cross_entropy_with_logits(input, target, self.weight,
                                                      pos_weight=self.pos_weight,
                                                      reduction=self.reduction)


class CrossEntropyLoss(_Loss):
    __module__ = 'torch.nn.modules.loss'

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None,
                 reduction='mean', label_smoothing=0.0):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer('weight', weight)
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input, target):
        return _bs_F.cross_entropy(input, target, weight=self.weight,
                                   ignore_index=self.ignore_index, reduction=self.reduction,
                                   label_smoothing=self.label_smoothing)


class NLLLoss(_Loss):
    __module__ = 'torch.nn.modules.loss'

    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None,
                 reduction='mean'):
        super().__init__(size_average, reduce, reduction)
        self.register_buffer('weight', weight)
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return _bs_F.nll_loss(input, target, weight=self.weight, ignore_index=self.ignore_index,
                              reduction=self.reduction)


# --- torch.nn.functional's functions written in Python (PyTorch writes most of these in
# Python too); they are set on torch.nn.functional below

def _bs_reduce(loss, reduction):
    if reduction == 'mean':
        return loss.mean()
    if reduction == 'sum':
        return loss.sum()
    if reduction == 'none':
        return loss
    raise ValueError('{} is not a valid value for reduction'.format(reduction))


def _bs_no_legacy(name, size_average, reduce):
    if size_average is not None or reduce is not None:
        _bs_not_supported(name + '(size_average=..., reduce=...) (deprecated by PyTorch; use '
                          'reduction=)')


def _bs_no_inplace(name, inplace):
    if inplace:
        _bs_not_supported(name + '(inplace=True)')


def _bs_floating_kernel(kernel, input):
    # PyTorch's kernels of these functions exist for floating-point dtypes only
    if isinstance(input, torch.Tensor) and not input.is_floating_point():
        raise RuntimeError('"{}" not implemented for \'{}\''.format(kernel, input.type()[6:-6]))


def leaky_relu(input, negative_slope=0.01, inplace=False):
    _bs_no_inplace('leaky_relu', inplace)
    _bs_floating_kernel('leaky_relu_cpu', input)
    return torch.where(input > 0, input, input * negative_slope)


def elu(input, alpha=1.0, inplace=False):
    _bs_no_inplace('elu', inplace)
    _bs_floating_kernel('elu_cpu', input)
    return torch.where(input > 0, input, torch.expm1(input.clamp(max=0)) * alpha)


def softplus(input, beta=1, threshold=20):
    _bs_floating_kernel('softplus_cpu', input)
    scaled = input * beta
    return torch.where(scaled > threshold, input,
                       torch.log1p(torch.exp(scaled.clamp(max=threshold))) / beta)


def silu(input, inplace=False):
    _bs_no_inplace('silu', inplace)
    _bs_floating_kernel('silu_cpu', input)
    return input * torch.sigmoid(input)


def l1_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    _bs_no_legacy('l1_loss', size_average, reduce)
    return _bs_reduce((input - target).abs(), reduction)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0):
    _bs_no_legacy('smooth_l1_loss', size_average, reduce)
    d = (input - target).abs()
    if beta == 0.0:
        return _bs_reduce(d, reduction)
    return _bs_reduce(torch.where(d < beta, d * d * (0.5 / beta), d - 0.5 * beta), reduction)


def huber_loss(input, target, reduction='mean', delta=1.0):
    d = (input - target).abs()
    return _bs_reduce(torch.where(d < delta, d * d * 0.5, (d - 0.5 * delta) * delta), reduction)


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    if max_norm is not None:
        _bs_not_supported('embedding(max_norm=...)')
    if scale_grad_by_freq:
        _bs_not_supported('embedding(scale_grad_by_freq=True)')
    if sparse:
        _bs_not_supported('embedding(sparse=True)')
    if input.dtype != torch.int64:
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the "
                           "following scalar types: Long, Int; but got {} instead (while "
                           "checking arguments for embedding)".format(_bs_typename(input)))
    if padding_idx is None:
        padding_idx = -1
    elif padding_idx < 0:
        padding_idx = weight.size(0) + padding_idx
    return torch.embedding(weight, input, padding_idx)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-5):
    size = input.size()
    if training:
        n = size[0]
        for s in size[2:]:
            n *= s
        if n == 1:
            raise ValueError('Expected more than 1 value per channel when training, got input '
                             'size {}'.format(size))
    return torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum,
                            eps, False)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    k = len(normalized_shape)
    if list(input.shape[input.dim() - k:]) != list(normalized_shape):
        raise RuntimeError('Given normalized_shape={}, expected input with shape [*, {}], but got '
                           'input of size{}'.format(list(normalized_shape),
                                                   ', '.join(str(s) for s in normalized_shape),
                                                   list(input.shape)))
    dims = list(range(input.dim() - k, input.dim()))
    mean = input.mean(dims, keepdim=True)
    centered = input - mean
    var = (centered * centered).mean(dims, keepdim=True)
    out = centered / torch.sqrt(var + eps)
    if weight is not None:
        out = out * weight
    if bias is not None:
        out = out + bias
    return out


for _bs_f in [leaky_relu, elu, softplus, silu, l1_loss, smooth_l1_loss, huber_loss,
              embedding, batch_norm, layer_norm]:
    setattr(_bs_F, _bs_f.__name__, _bs_f)
