# float16 and bfloat16 tensors (issue 13): rounding to nearest even on store, printing,
# promotion, arithmetic computed in float and rounded, the ops PyTorch 1.13's CPU build lacks
# for Half (and the few it lacks for BFloat16) failing with its message, autograd
# needs: float16/bfloat16 tensors
import torch
import torch.nn.functional as F


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


values = [1.0001, 65504.0, 65519.0, 65520.0, 70000.0, 1e-8, 3e-8, 6e-8, 1e-5, 3.14159, 1 / 3,
          -2.5, 0.1, 2049.0, 2051.0, 1e30, float("inf"), float("nan")]
for dt in [torch.float16, torch.bfloat16]:
    t = torch.tensor(values, dtype=dt)
    print(dt, t, t.dtype, t.is_floating_point(), t.type())
    print(t.tolist())
    print([x.item() for x in t[:6]], t[9].item(), type(t[0].item()))
    print(t.float(), t.double())
    print(torch.tensor([1.5, 2.5, 3.5], dtype=dt), torch.tensor([[1, 2], [3, 4]], dtype=dt))
    print(torch.tensor([1e-3, 1e3, 123.456], dtype=dt), torch.tensor([100000.0, 1.0], dtype=torch.float32).to(dt))
    print(torch.zeros(2, dtype=dt), torch.ones(2, 2, dtype=dt), torch.full((3,), 0.1, dtype=dt))
    print(torch.arange(0, 1, 0.25, dtype=dt), torch.arange(5, dtype=dt), torch.empty(3, dtype=dt).shape)
    print(torch.zeros_like(t[:3]), torch.ones_like(t[:2]), torch.full_like(t[:2], 2.5))
    a = torch.tensor([[1.5, -2.25, 3.0], [0.5, 4.0, -1.0]], dtype=dt)
    b = torch.tensor([[0.1, 0.2, 0.3], [1 / 3, 2 / 3, 1.0]], dtype=dt)
    print(a + b, a - b, a * b, a / b, a / 3, a * 0.1, 1 - a, a ** 2, a ** b.abs(), -a)
    print(a // 2, a % 2, torch.fmod(a, 2), a.abs(), a.reciprocal(), a.sign(), a.frac())
    print(a > 1, a == 1.5, torch.maximum(a, b), torch.minimum(a, b), torch.where(a > 0, a, b))
    print(a.sum(), a.sum(0), a.mean(), a.mean(1), a.max(), a.min(), a.argmax(), a.max(1))
    print(a.std(), a.var(1), a.norm(), a.amax(1), a.sort(1), a.all(), a.any())
    print(a.t(), a.reshape(3, 2), a[0], a[:, 1], a[a > 1], torch.cat([a, b]), torch.stack([a, b]))
    print(a.int(), a.long(), a.bool(), a.half(), a.bfloat16(), a.to(torch.float32), a.type(torch.float64))
    print(a.masked_fill(a > 1, 0.5), a.gather(1, torch.tensor([[0], [2]])), a.flip(0), a.roll(1))
    print(a.clone().zero_(), a.clone().fill_(0.3), a.index_select(0, torch.tensor([1])))
    c = a.clone()
    c += 0.1
    c *= 3
    c[0, 0] = 1 / 3
    print(c, c.dtype)
    print(torch.tensor([1000.0], dtype=dt) + torch.tensor([0.25], dtype=dt))
    print(torch.tensor([2048.0], dtype=dt) + 1, torch.tensor([256.0], dtype=dt) + 1)
    for name in ["exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid", "relu", "floor", "ceil",
                 "round", "trunc", "log1p", "expm1", "log2", "log10", "asin", "acos", "atan",
                 "sinh", "cosh", "asinh", "atanh"]:
        attempt(lambda: getattr(torch, name)(b))
    attempt(lambda: a @ b.t())
    attempt(lambda: torch.mm(a, b.t()))
    attempt(lambda: torch.mv(a, b[0]))
    attempt(lambda: torch.dot(a[0], b[0]))
    # bfloat16's bmm, softmax and log_softmax: refused by Backstep (test-torch-refusals.c)
    if dt == torch.float16:
        attempt(lambda: torch.bmm(a[None], b.t()[None]))
        attempt(lambda: a.softmax(1))
        attempt(lambda: a.softmax(0))
        attempt(lambda: a.log_softmax(1))
        attempt(lambda: a.log_softmax(0))
        attempt(lambda: F.cross_entropy(a, torch.tensor([0, 1])))
    attempt(lambda: a.clamp(0, 1))
    attempt(lambda: a.clamp(min=0))
    attempt(lambda: a.clamp(max=0))
    attempt(lambda: a.prod())
    attempt(lambda: a.prod(1))
    attempt(lambda: a.cumsum(1))
    attempt(lambda: a.topk(2))
    attempt(lambda: torch.atan2(a, b))
    attempt(lambda: torch.logsumexp(a, 1))
    attempt(lambda: torch.diag(a[0]))
    attempt(lambda: F.nll_loss(a, torch.tensor([0, 1])))
    attempt(lambda: F.mse_loss(a, b))
    attempt(lambda: F.binary_cross_entropy(b.abs().clamp(0.1, 0.9) if dt == torch.bfloat16 else b.abs(), b.abs()))
    attempt(lambda: F.linear(a, b))
    w = torch.tensor([0.5, -1.5, 2.0], dtype=dt, requires_grad=True)
    y = (w * w * 3 + w).sum()
    y.backward()
    print(w.grad, y, y.grad_fn)
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=dt, requires_grad=True)
    z = (x * torch.tensor([[0.1, 0.2], [0.3, 0.4]], dtype=dt)).sum(0).mean()
    z.backward()
    print(x.grad, z)
    attempt(lambda: x.exp())

# promotion
h = torch.tensor([1.5, 2.5], dtype=torch.float16)
bf = torch.tensor([1.5, 2.5], dtype=torch.bfloat16)
f32 = torch.tensor([1.0, 2.0])
f64 = torch.tensor([1.0, 2.0], dtype=torch.float64)
i32 = torch.tensor([1, 2], dtype=torch.int32)
u8 = torch.tensor([1, 2], dtype=torch.uint8)
for x in [h, bf]:
    print([(x + y).dtype for y in [h, bf, f32, f64, i32, u8, torch.tensor([True, False])]])
print((h + 1.5).dtype, (h + 1).dtype, (i32 + h).dtype, (h + torch.tensor(1.5)).dtype, (h + torch.tensor(1.5, dtype=torch.float64)).dtype)
print((bf + torch.tensor(2.5)).dtype, (u8 + torch.tensor(1.5, dtype=torch.float16)).dtype, (i32 * torch.tensor(2.0, dtype=torch.bfloat16)).dtype)
print(torch.result_type(h, bf), torch.promote_types(torch.float16, torch.bfloat16), torch.can_cast(torch.float16, torch.int8))
print(h + bf, h * f32, bf - f64, h / i32)
print(torch.HalfTensor([1, 2]), torch.BFloat16Tensor([0.1]), f32.type(torch.HalfTensor), f32.type("torch.BFloat16Tensor"))
attempt(lambda: torch.full((1,), 70000.0, dtype=torch.float16))
attempt(lambda: torch.full((1,), 1e39, dtype=torch.bfloat16))
attempt(lambda: torch.full((1,), float("inf"), dtype=torch.float16))
attempt(lambda: torch.ones(1, dtype=torch.half).fill_(65505.0))
attempt(lambda: torch.tensor([1e39], dtype=torch.bfloat16))

# sampling into float16 and bfloat16 (bfloat16's normal of 16 or more elements is refused by
# Backstep: test-torch-refusals.c)
torch.manual_seed(0)
print(torch.rand(4, dtype=torch.half), torch.randn(4, dtype=torch.half), torch.rand(3, dtype=torch.bfloat16))
print(torch.randn(17, dtype=torch.half), torch.randn(5, dtype=torch.bfloat16))
print(torch.empty(5, dtype=torch.half).uniform_(-2, 3), torch.empty(18, dtype=torch.half).normal_(1, 2))
print(torch.randint(0, 10, (4,), dtype=torch.half), torch.randint(0, 10, (4,), dtype=torch.int8))
attempt(lambda: torch.randint(-200, 3, (2,), dtype=torch.int8))
attempt(lambda: torch.randint(0, 300, (2,), dtype=torch.uint8))
