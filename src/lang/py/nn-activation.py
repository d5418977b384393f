# torch.nn's activation modules over torch.nn.functional's one-op activations (relu6,
# hardtanh, hardsigmoid, hardswish, logsigmoid) and its Python ones (softsign, tanhshrink),
# run after nn.py in its globals, as PyTorch 1.13's torch/nn/modules/activation.py has them.


_bs_activation_registry = {}


def _bs_activation_warning(lineno, text):
    # PyTorch's UserWarning from its line of torch/nn/modules/activation.py (Debian's 1.13),
    # once per line as that module's __warningregistry__ keeps them
    import _backstep_warnings
    import warnings
    filename = '/usr/lib/python3/dist-packages/torch/nn/modules/activation.py'
    _backstep_warnings._lines['{}:{}'.format(filename, lineno)] = \
        '            warnings.warn("{}")'.format(text)
    warnings.warn_explicit(text, UserWarning, filename, lineno, 'torch.nn.modules.activation',
                           _bs_activation_registry)


class Hardtanh(Module):
    __module__ = 'torch.nn.modules.activation'

    def __init__(self, min_val=-1., max_val=1., inplace=False, min_value=None, max_value=None):
        super().__init__()
        if min_value is not None:
            _bs_activation_warning(222, "keyword argument min_value is deprecated and rename to "
                                   "min_val")
            min_val = min_value
        if max_value is not None:
            _bs_activation_warning(225, "keyword argument max_value is deprecated and rename to "
                                   "max_val")
            max_val = max_value
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace
        assert self.max_val > self.min_val

    def forward(self, input):
        return _bs_F.hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self):
        return 'min_val={}, max_val={}{}'.format(self.min_val, self.max_val,
                                                _bs_inplace_str(self.inplace))


class ReLU6(Hardtanh):
    __module__ = 'torch.nn.modules.activation'

    def __init__(self, inplace=False):
        super().__init__(0., 6., inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class Hardsigmoid(Module):
    __module__ = 'torch.nn.modules.activation'

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return _bs_F.hardsigmoid(input, self.inplace)


class Hardswish(Module):
    __module__ = 'torch.nn.modules.activation'

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return _bs_F.hardswish(input, self.inplace)


class LogSigmoid(Module):
    __module__ = 'torch.nn.modules.activation'

    def forward(self, input):
        return _bs_F.logsigmoid(input)


class Softsign(Module):
    __module__ = 'torch.nn.modules.activation'

    def forward(self, input):
        return _bs_F.softsign(input)


class Tanhshrink(Module):
    __module__ = 'torch.nn.modules.activation'

    def forward(self, input):
        return _bs_F.tanhshrink(input)
