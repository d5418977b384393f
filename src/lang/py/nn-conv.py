# torch.nn's convolution and pooling modules, run after nn.py in its globals, as PyTorch
# 1.13 writes them: the parameters drawn in PyTorch's order (kaiming_uniform_ of the
# weight, then the bias), the work done by torch.nn.functional.
import math


def _bs_ntuple(x, n, name):
    if isinstance(x, (list, tuple)):
        return tuple(x)
    return tuple([x] * n)


class _ConvNd(Module):
    __module__ = 'torch.nn.modules.conv'

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation,
                 transposed, output_padding, groups, bias, padding_mode, device=None,
                 dtype=None):
        super().__init__()
        _bs_check_factory(device, dtype)
        if groups <= 0:
            raise ValueError('groups must be a positive integer')
        if in_channels % groups != 0:
            raise ValueError('in_channels must be divisible by groups')
        if out_channels % groups != 0:
            raise ValueError('out_channels must be divisible by groups')
        if isinstance(padding, str):
            if padding not in ('valid', 'same'):
                raise ValueError("Invalid padding string {!r}, should be one of {}".format(
                    padding, "{'valid', 'same'}"))
            if padding == 'same' and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode not in ('zeros', 'reflect', 'replicate', 'circular'):
            raise ValueError("padding_mode must be one of {}, but got padding_mode='{}'".format(
                "{'reflect', 'circular', 'replicate', 'zeros'}", padding_mode))
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = transposed
        self.output_padding = output_padding
        self.groups = groups
        self.padding_mode = padding_mode
        self.weight = _bs_nn.Parameter(torch.empty((out_channels, in_channels // groups)
                                                   + tuple(kernel_size)))
        if bias:
            self.bias = _bs_nn.Parameter(torch.empty(out_channels))
        else:
            self.register_parameter('bias', None)
        self.reset_parameters()

    def reset_parameters(self):
        # kaiming_uniform_(weight, a=sqrt(5)), as torch.nn.init computes its bound
        fan_in = self.weight.size(1)
        for k in self.weight.shape[2:]:
            fan_in *= k
        if self.weight.numel() > 0:
            gain = math.sqrt(2.0 / (1 + math.sqrt(5) ** 2))
            bound = math.sqrt(3.0) * (gain / math.sqrt(fan_in))
            with torch.no_grad():
                self.weight.uniform_(-bound, bound)
        if self.bias is not None and fan_in != 0:
            bound = 1 / math.sqrt(fan_in)
            with torch.no_grad():
                self.bias.uniform_(-bound, bound)

    def extra_repr(self):
        s = '{}, {}, kernel_size={}, stride={}'.format(self.in_channels, self.out_channels,
                                                      self.kernel_size, self.stride)
        if self.padding != (0,) * len(self.padding):
            s += ', padding={}'.format(self.padding)
        if self.dilation != (1,) * len(self.dilation):
            s += ', dilation={}'.format(self.dilation)
        if self.output_padding != (0,) * len(self.output_padding):
            s += ', output_padding={}'.format(self.output_padding)
        if self.groups != 1:
            s += ', groups={}'.format(self.groups)
        if self.bias is None:
            s += ', bias=False'
        if self.padding_mode != 'zeros':
            s += ', padding_mode={}'.format(self.padding_mode)
        return s

    def _bs_check_mode(self):
        if self.padding_mode != 'zeros':
            _bs_not_supported("{}(padding_mode='{}')".format(self._get_name(),
                                                             self.padding_mode))


class Conv1d(_ConvNd):
    __module__ = 'torch.nn.modules.conv'

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 dilation=1, groups=1, bias=True, padding_mode='zeros', device=None,
                 dtype=None):
        super().__init__(in_channels, out_channels, _bs_ntuple(kernel_size, 1, 'kernel_size'),
                         _bs_ntuple(stride, 1, 'stride'),
                         padding if isinstance(padding, str) else _bs_ntuple(padding, 1, ''),
                         _bs_ntuple(dilation, 1, 'dilation'), False, (0,), groups, bias,
                         padding_mode, device, dtype)

    def forward(self, input):
        self._bs_check_mode()
        return _bs_F.conv1d(input, self.weight, self.bias, self.stride, self.padding,
                            self.dilation, self.groups)


class Conv2d(_ConvNd):
    __module__ = 'torch.nn.modules.conv'

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                 dilation=1, groups=1, bias=True, padding_mode='zeros', device=None,
                 dtype=None):
        super().__init__(in_channels, out_channels, _bs_ntuple(kernel_size, 2, 'kernel_size'),
                         _bs_ntuple(stride, 2, 'stride'),
                         padding if isinstance(padding, str) else _bs_ntuple(padding, 2, ''),
                         _bs_ntuple(dilation, 2, 'dilation'), False, (0, 0), groups, bias,
                         padding_mode, device, dtype)

    def forward(self, input):
        self._bs_check_mode()
        return _bs_F.conv2d(input, self.weight, self.bias, self.stride, self.padding,
                            self.dilation, self.groups)


# --- pooling: torch.nn.functional's wrappers, then the modules ---------------------------

def _bs_one(x):
    if isinstance(x, (list, tuple)):
        return x[0]
    return x


def _bs_check_1d(input, name):
    if input.dim() not in (2, 3):
        raise RuntimeError("Expected 2 to 3 dimensions, but got {}-dimensional tensor for "
                           "argument #1 'self' (while checking arguments for {})".format(
                               input.dim(), name))


def _bs_list_with_default(out_size, defaults):
    if isinstance(out_size, int):
        return [out_size, out_size]
    if len(defaults) <= len(out_size):
        raise ValueError('Input dimension should be at least {}'.format(len(out_size) + 1))
    return [v if v is not None else d for v, d in zip(out_size, defaults[-len(out_size):])]


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    if stride is None:
        stride = []
    if return_indices:
        return _bs_nn._max_pool2d_with_indices(input, kernel_size, stride, padding, dilation,
                                               ceil_mode)
    return torch.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    if input.dim() not in (2, 3) or input.size(-1) == 0 or input.size(-2) == 0:
        raise RuntimeError('max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 '
                           'dim batch size for input, but got:{}'.format(list(input.shape)))
    k = _bs_one(kernel_size)
    s = k if stride is None or stride == [] or stride == () else _bs_one(stride)
    out, indices = _bs_nn._max_pool2d_with_indices(
        input.unsqueeze(-2), (1, k), (1, s), (0, _bs_one(padding)), (1, _bs_one(dilation)),
        ceil_mode)
    if return_indices:
        return out.squeeze(-2), indices.squeeze(-2)
    return out.squeeze(-2)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    _bs_check_1d(input, 'avg_pool1d')
    k = _bs_one(kernel_size)
    s = k if stride is None or stride == [] or stride == () else _bs_one(stride)
    return _bs_F.avg_pool2d(input.unsqueeze(-2), (1, k), (1, s), (0, _bs_one(padding)),
                            ceil_mode, count_include_pad).squeeze(-2)


def adaptive_avg_pool2d(input, output_size):
    size = _bs_list_with_default(output_size, input.size())
    if len(size) == 2 and size[0] == 1 and size[1] == 1:
        # PyTorch's shortcut: the mean over the plane
        return input.mean((-1, -2), keepdim=True)
    return _bs_nn._adaptive_avg_pool2d(input, size)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    size = _bs_list_with_default(output_size, input.size())
    out, indices = _bs_nn._adaptive_max_pool2d(input, size)
    if return_indices:
        return out, indices
    return out


def adaptive_avg_pool1d(input, output_size):
    _bs_check_1d(input, 'adaptive_avg_pool1d')
    if isinstance(output_size, (list, tuple)) and len(output_size) != 1:
        raise RuntimeError('adaptive_avg_pool1d: output_size must be 1')
    return adaptive_avg_pool2d(input.unsqueeze(-2), (1, _bs_one(output_size))).squeeze(-2)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    _bs_check_1d(input, 'adaptive_max_pool1d')
    if isinstance(output_size, (list, tuple)) and len(output_size) != 1:
        raise RuntimeError('adaptive_max_pool1d: output_size must be 1')
    out, indices = _bs_nn._adaptive_max_pool2d(input.unsqueeze(-2), (1, _bs_one(output_size)))
    if return_indices:
        return out.squeeze(-2), indices.squeeze(-2)
    return out.squeeze(-2)


def dropout2d(input, p=0.5, training=True, inplace=False):
    if p < 0.0 or p > 1.0:
        raise ValueError('dropout probability has to be between 0 and 1, but got {}'.format(p))
    if input.dim() != 4:
        _bs_not_supported('dropout2d of a {}-D input'.format(input.dim()))
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        noise = input.new_zeros(())
    else:
        noise = input.new_empty((input.size(0), input.size(1), 1, 1))
        noise.bernoulli_(1 - p)
        noise.div_(1 - p)
    if inplace:
        return input.mul_(noise)
    return input * noise


for _bs_f in [max_pool2d, max_pool1d, avg_pool1d, adaptive_avg_pool2d, adaptive_max_pool2d,
              adaptive_avg_pool1d, adaptive_max_pool1d, dropout2d]:
    setattr(_bs_F, _bs_f.__name__, _bs_f)


class _MaxPoolNd(Module):
    __module__ = 'torch.nn.modules.pooling'

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
                 ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if (stride is not None) else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def extra_repr(self):
        return 'kernel_size={}, stride={}, padding={}, dilation={}, ceil_mode={}'.format(
            self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode)


class MaxPool1d(_MaxPoolNd):
    __module__ = 'torch.nn.modules.pooling'

    def forward(self, input):
        return _bs_F.max_pool1d(input, self.kernel_size, self.stride, self.padding,
                                self.dilation, ceil_mode=self.ceil_mode,
                                return_indices=self.return_indices)


class MaxPool2d(_MaxPoolNd):
    __module__ = 'torch.nn.modules.pooling'

    def forward(self, input):
        return _bs_F.max_pool2d(input, self.kernel_size, self.stride, self.padding,
                                self.dilation, ceil_mode=self.ceil_mode,
                                return_indices=self.return_indices)


class AvgPool1d(Module):
    __module__ = 'torch.nn.modules.pooling'

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True):
        super().__init__()
        self.kernel_size = _bs_ntuple(kernel_size, 1, 'kernel_size')
        self.stride = _bs_ntuple(stride if stride is not None else kernel_size, 1, 'stride')
        self.padding = _bs_ntuple(padding, 1, 'padding')
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input):
        return _bs_F.avg_pool1d(input, self.kernel_size, self.stride, self.padding,
                                self.ceil_mode, self.count_include_pad)

    def extra_repr(self):
        return 'kernel_size={}, stride={}, padding={}'.format(self.kernel_size, self.stride,
                                                             self.padding)


class AvgPool2d(Module):
    __module__ = 'torch.nn.modules.pooling'

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if (stride is not None) else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input):
        return _bs_F.avg_pool2d(input, self.kernel_size, self.stride, self.padding,
                                self.ceil_mode, self.count_include_pad, self.divisor_override)

    def extra_repr(self):
        return 'kernel_size={}, stride={}, padding={}'.format(self.kernel_size, self.stride,
                                                             self.padding)


class _AdaptivePoolNd(Module):
    __module__ = 'torch.nn.modules.pooling'

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def extra_repr(self):
        return 'output_size={}'.format(self.output_size)


class AdaptiveAvgPool1d(_AdaptivePoolNd):
    __module__ = 'torch.nn.modules.pooling'

    def __init__(self, output_size):
        super().__init__(output_size)

    def forward(self, input):
        return _bs_F.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveAvgPool2d(_AdaptivePoolNd):
    __module__ = 'torch.nn.modules.pooling'

    def __init__(self, output_size):
        super().__init__(output_size)

    def forward(self, input):
        return _bs_F.adaptive_avg_pool2d(input, self.output_size)


class AdaptiveMaxPool1d(_AdaptivePoolNd):
    __module__ = 'torch.nn.modules.pooling'

    def forward(self, input):
        return _bs_F.adaptive_max_pool1d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool2d(_AdaptivePoolNd):
    __module__ = 'torch.nn.modules.pooling'

    def forward(self, input):
        return _bs_F.adaptive_max_pool2d(input, self.output_size, self.return_indices)


class BatchNorm2d(BatchNorm1d):
    __module__ = 'torch.nn.modules.batchnorm'

    def _check_input_dim(self, input):
        if input.dim() != 4:
            raise ValueError('expected 4D input (got {}D input)'.format(input.dim()))


class Dropout2d(Dropout):
    __module__ = 'torch.nn.modules.dropout'

    def forward(self, input):
        return _bs_F.dropout2d(input, self.p, self.training, self.inplace)


class Unflatten(Module):
    __module__ = 'torch.nn.modules.flatten'

    def __init__(self, dim, unflattened_size):
        super().__init__()
        if isinstance(dim, str):
            _bs_not_supported('Unflatten with a named dim')
        if not isinstance(unflattened_size, (tuple, list)):
            raise TypeError('unflattened_size must be tuple of ints, but found type {}'.format(
                type(unflattened_size).__name__))
        self.dim = dim
        self.unflattened_size = unflattened_size

    def forward(self, input):
        # Tensor.unflatten: a view with the dim split
        dim = self.dim + input.dim() if self.dim < 0 else self.dim
        shape = list(input.shape)
        return input.view(shape[:dim] + list(self.unflattened_size) + shape[dim + 1:])

    def extra_repr(self):
        return 'dim={}, unflattened_size={}'.format(self.dim, self.unflattened_size)


# torch's own names for the 1-D forms
for _bs_f in [avg_pool1d, adaptive_avg_pool1d, adaptive_max_pool1d]:
    setattr(torch, _bs_f.__name__, _bs_f)
