# Integer dtypes through the rest of the ops (issue 13): unary math to float, matmul, cumulative
# ops, sorting, index tensors of int32, reductions and their errors, in-place ops
# needs: int32/int16/int8/uint8 tensors
import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


for dt in [torch.int32, torch.int16, torch.int8, torch.uint8]:
    a = torch.tensor([[3, 1, 2], [0, 5, 4]], dtype=dt)
    print(dt)
    for name in ["exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid", "abs", "sign", "neg",
                 "relu", "floor", "ceil", "round", "trunc", "reciprocal", "log1p",
                 "isnan", "isfinite", "logical_not", "frac"]:
        attempt(lambda: getattr(torch, name)(a))
    for name in ["sum", "prod", "max", "min", "argmax", "argmin", "amax", "amin", "cumsum",
                 "cumprod", "all", "any", "std", "var", "norm", "logsumexp", "nonzero", "sort", "argsort", "flip"]:
        attempt(lambda: getattr(torch, name)(a) if name not in ("cumsum", "cumprod", "logsumexp",
                                                               "flip") else
                getattr(torch, name)(a, [0] if name == "flip" else 1))
    attempt(lambda: a @ a.t())
    attempt(lambda: torch.mm(a, a.t()))
    attempt(lambda: torch.matmul(a[0], a[1]))
    attempt(lambda: torch.dot(a[0], a[1]))
    attempt(lambda: a.softmax(1))
    attempt(lambda: torch.topk(a, 2))
    attempt(lambda: torch.cat([a, a]))
    attempt(lambda: torch.stack([a, a.long()]))
    attempt(lambda: torch.cat([a, a.float()]))
    attempt(lambda: a.pow(2))
    attempt(lambda: a.pow(0.5))
    attempt(lambda: 2 ** a)
    attempt(lambda: torch.remainder(a, 3))
    attempt(lambda: torch.fmod(a, -3))
    attempt(lambda: torch.div(a, 2, rounding_mode="floor"))
    attempt(lambda: torch.clamp(a, min=1))
    attempt(lambda: a.masked_fill(a > 2, 0))
    attempt(lambda: torch.gather(a, 1, torch.tensor([[0], [1]], dtype=torch.int32)))
    attempt(lambda: torch.gather(a, 1, torch.tensor([[0], [1]])))
    attempt(lambda: a.scatter(1, torch.tensor([[0], [1]]), 9))
    attempt(lambda: torch.nn.functional.one_hot(torch.tensor([0, 2], dtype=dt)))
    attempt(lambda: torch.eye(2, dtype=dt))
    attempt(lambda: torch.tril(a))
    attempt(lambda: a.unsqueeze(0).expand(2, 2, 3).sum(0))
    attempt(lambda: a.repeat(1, 2))
    attempt(lambda: a.float().mean())
    attempt(lambda: a.sum(dtype=torch.int32) if dt != torch.int32 else a.sum(dtype=torch.float32))
    attempt(lambda: torch.equal(a, a.clone()))
    attempt(lambda: torch.allclose(a, a))
    b = a.clone()
    b.add_(1)
    b.mul_(2)
    b.sub_(torch.tensor(1, dtype=dt))
    print(b)
    attempt(lambda: b.div_(2))
    attempt(lambda: b.clamp_(0, 4))
    attempt(lambda: b.zero_())
    attempt(lambda: b.copy_(torch.tensor([1.7, -2.2, 300.0])))
    attempt(lambda: torch.tensor([1, 2], dtype=dt, requires_grad=True))
    attempt(lambda: a.requires_grad_())
    attempt(lambda: (a.float().requires_grad_() * a).sum().backward())
