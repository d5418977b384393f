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

