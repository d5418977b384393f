# Ops on bool tensors (and the activations PyTorch builds for floating point only): the
# results PyTorch gives, and its errors for the kernels it lacks ("abs_cpu" not implemented
# for 'Bool')
import torch
import torch.nn as nn
import torch.nn.functional as F

t = torch.tensor([True, False])
cases = [
    ('abs', lambda: t.abs()), ('torch.abs', lambda: torch.abs(t)), ('abs()', lambda: abs(t)),
    ('abs 0-dim', lambda: torch.abs(torch.tensor(True))),
    ('abs empty', lambda: torch.tensor([], dtype=torch.bool).abs()),
    ('neg', lambda: t.neg()), ('-t', lambda: -t), ('+t', lambda: +t), ('~t', lambda: ~t),
    ('sign', lambda: t.sign()), ('torch.sign', lambda: torch.sign(t)),
    ('relu', lambda: t.relu()), ('torch.relu', lambda: torch.relu(t)), ('F.relu', lambda: F.relu(t)),
    ('nn.ReLU', lambda: nn.ReLU()(t)),
    ('floor', lambda: t.floor()), ('ceil', lambda: t.ceil()), ('round', lambda: t.round()),
    ('trunc', lambda: t.trunc()), ('frac', lambda: t.frac()), ('torch.floor', lambda: torch.floor(t)),
    ('exp', lambda: t.exp()), ('log', lambda: t.log()), ('sqrt', lambda: t.sqrt()),
    ('sin', lambda: t.sin()), ('tanh', lambda: t.tanh()), ('sigmoid', lambda: t.sigmoid()),
    ('reciprocal', lambda: t.reciprocal()), ('logical_not', lambda: t.logical_not()),
    ('t * t', lambda: t * t), ('t + t', lambda: t + t), ('t - t', lambda: t - t),
    ('t / t', lambda: t / t), ('t ** 2', lambda: t ** 2), ('2 ** t', lambda: 2 ** t),
    ('t // t', lambda: t // t), ('t % t', lambda: t % t), ('t // True', lambda: t // True),
    ('t % True', lambda: t % True), ('t % 2', lambda: t % 2), ('t // 2', lambda: t // 2),
    ('torch.remainder', lambda: torch.remainder(t, t)), ('t.remainder(True)', lambda: t.remainder(True)),
    ('torch.fmod', lambda: torch.fmod(t, t)), ('torch.fmod(t, True)', lambda: torch.fmod(t, True)),
    ('t.fmod(2)', lambda: t.fmod(2)), ('torch.floor_divide', lambda: torch.floor_divide(t, t)),
    ('t.floor_divide(t)', lambda: t.floor_divide(t)),
    ('maximum', lambda: torch.maximum(t, t)), ('where', lambda: torch.where(t, t, t)),
    ('sum', lambda: t.sum()), ('max', lambda: t.max()), ('any', lambda: t.any()),
    ('atan2', lambda: torch.atan2(t, t)),
]
for name, f in cases:
    try:
        print(name, f())
    except RuntimeError as e:
        print(name, 'RuntimeError:', e)

for dtype in [torch.bool, torch.int64, torch.int32, torch.uint8]:
    x = torch.tensor([3, 0], dtype=dtype)
    for name, f in [('leaky_relu', F.leaky_relu), ('elu', F.elu), ('silu', F.silu),
                    ('softplus', F.softplus), ('gelu', F.gelu), ('relu', F.relu),
                    ('abs', torch.abs), ('floor', torch.floor), ('round', torch.round),
                    ('nn.LeakyReLU', nn.LeakyReLU()), ('nn.SiLU', nn.SiLU())]:
        try:
            print(dtype, name, f(x))
        except RuntimeError as e:
            print(dtype, name, 'RuntimeError:', e)
