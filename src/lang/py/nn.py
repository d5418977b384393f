# torch.nn's modules, written in the Python that Backstep runs: run at start-up in globals
# of their own, then copied into torch.nn. Names starting with "_bs" are this file's own.
import torch
_bs_nn = torch.nn
_bs_F = torch.nn.functional
class Module:
    def __init__(self):
        self.training = True
    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)
    def _bs_children(self):
        return [(k, v) for k, v in self.__dict__.items() if isinstance(v, Module)]
    def _bs_named(self, prefix, out, memo):
        for k, v in self.__dict__.items():
            if isinstance(v, _bs_nn.Parameter):
                seen = False
                for m in memo:
                    if m is v:
                        seen = True
                if not seen:
                    memo.append(v)
                    out.append((prefix + k, v))
        for k, v in self.__dict__.items():
            if isinstance(v, Module):
                v._bs_named(prefix + k + '.', out, memo)
    def named_parameters(self, prefix='', recurse=True):
        out = []
        self._bs_named(prefix, out, [])
        return out
    def parameters(self, recurse=True):
        return [p for _, p in self.named_parameters()]
    def children(self):
        return [m for _, m in self._bs_children()]
    def named_children(self):
        return self._bs_children()
    def modules(self):
        out = [self]
        for _, m in self._bs_children():
            out = out + m.modules()
        return out
    def state_dict(self):
        d = _bs_nn._ordered_dict()
        for k, p in self.named_parameters():
            d[k] = p.detach()
        return d
    def zero_grad(self, set_to_none=False):
        for p in self.parameters():
            _bs_nn._zero_grad(p, set_to_none)
    def train(self, mode=True):
        self.training = mode
        for m in self.children():
            m.train(mode)
        return self
    def to(self, *args, **kwargs):
        return self
    def cpu(self):
        return self
    def eval(self):
        return self.train(False)
    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self
    def extra_repr(self):
        return ''
    def _get_name(self):
        return type(self).__name__
    def __repr__(self):
        extra = self.extra_repr()
        lines = []
        if extra:
            lines = extra.split('\n')
        n_extra = len(lines)
        for k, m in self._bs_children():
            lines.append('(' + k + '): ' + repr(m).replace('\n', '\n  '))
        s = self._get_name() + '('
        if lines:
            if n_extra == 1 and len(lines) == 1:
                s = s + lines[0]
            else:
                s = s + '\n  ' + '\n  '.join(lines) + '\n'
        return s + ')'
class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        w, b = _bs_nn._linear_init(in_features, out_features, bias)
        self.weight = w
        self.bias = b
    def forward(self, input):
        return _bs_F.linear(input, self.weight, self.bias)
    def extra_repr(self):
        return 'in_features={}, out_features={}, bias={}'.format(
            self.in_features, self.out_features, self.bias is not None)
class ReLU(Module):
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace
    def forward(self, input):
        return _bs_F.relu(input)
    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''
class Tanh(Module):
    def forward(self, input):
        return _bs_F.tanh(input)
class Sigmoid(Module):
    def forward(self, input):
        return _bs_F.sigmoid(input)
class Softmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim
    def forward(self, input):
        return _bs_F.softmax(input, self.dim)
    def extra_repr(self):
        return 'dim={}'.format(self.dim)
class LogSoftmax(Softmax):
    def forward(self, input):
        return _bs_F.log_softmax(input, self.dim)
class Flatten(Module):
    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim
    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)
    def extra_repr(self):
        return 'start_dim={}, end_dim={}'.format(self.start_dim, self.end_dim)
class Sequential(Module):
    def __init__(self, *args):
        super().__init__()
        for i, m in enumerate(args):
            setattr(self, str(i), m)
    def forward(self, input):
        for _, m in self._bs_children():
            input = m(input)
        return input
    def __getitem__(self, i):
        return self._bs_children()[i][1]
    def __len__(self):
        return len(self._bs_children())
    def __iter__(self):
        return self.children()
class ModuleList(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            for m in modules:
                self.append(m)
    def append(self, m):
        setattr(self, str(len(self._bs_children())), m)
        return self
    def __getitem__(self, i):
        return self._bs_children()[i][1]
    def __len__(self):
        return len(self._bs_children())
    def __iter__(self):
        return self.children()
class _Loss(Module):
    def __init__(self, reduction='mean'):
        super().__init__()
        self.reduction = reduction
class MSELoss(_Loss):
    def forward(self, input, target):
        return _bs_F.mse_loss(input, target, reduction=self.reduction)
class BCELoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction='mean'):
        super().__init__(reduction)
        self.weight = weight
    def forward(self, input, target):
        return _bs_F.binary_cross_entropy(input, target, weight=self.weight,
                                          reduction=self.reduction)
class BCEWithLogitsLoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction='mean',
                 pos_weight=None):
        super().__init__(reduction)
        self.weight = weight
        self.pos_weight = pos_weight
    def forward(self, input, target):
        return _bs_F.binary_cross_entropy_with_logits(input, target, weight=self.weight,
                                                      pos_weight=self.pos_weight,
                                                      reduction=self.reduction)
class CrossEntropyLoss(_Loss):
    def __init__(self, weight=None, ignore_index=-100, reduction='mean'):
        super().__init__(reduction)
        self.ignore_index = ignore_index
    def forward(self, input, target):
        return _bs_F.cross_entropy(input, target, ignore_index=self.ignore_index,
                                   reduction=self.reduction)
class NLLLoss(CrossEntropyLoss):
    def forward(self, input, target):
        return _bs_F.nll_loss(input, target, ignore_index=self.ignore_index,
                              reduction=self.reduction)
