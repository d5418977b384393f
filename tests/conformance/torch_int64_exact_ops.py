# int64 past 2**53 kept exact by the kernels that took doubles: cumsum, cumprod, prod, abs,
# clamp (numbers and tensors), fill_, full_like, masked_fill, scatter, amax/amin, pow,
# median/mode/kthvalue; overflow wraps as PyTorch's. Also clamp's result types (a float
# bound on integers, an int bound on bools) and PyTorch's refusals for bool tensors.
import torch

B = 2**62 + 1
M = 9223372036854775807
a = torch.tensor([B, 3, -B, 7])
m2 = torch.tensor([[B, 1], [2, B + 2]])
print(a.cumsum(0), torch.cumsum(a, 0), m2.cumsum(1), torch.tensor([M, 5]).cumsum(0))
print(torch.tensor([B, 1, 2]).cumprod(0), torch.tensor([True, False]).cumsum(0))
print(torch.tensor([B, 1]).prod(), torch.tensor([2**40, 2**30]).prod(), torch.tensor([M, 2]).prod())
print(m2.prod(1), m2.prod(0, keepdim=True), a.prod().item())
print(a.abs(), torch.abs(torch.tensor([-2**62 * 2])), a.neg(), a.sign(), torch.relu(a))
print(a.clamp(min=-5, max=B - 2), a.clamp(min=B - 1), torch.clamp(a, -B + 3, 4), a.clip(B - 3, B - 1))
t = a.clone()
t.clamp_(min=B - 1)
print(t, a.clamp(torch.tensor(B - 1)), a.clamp(min=torch.tensor(-B + 2), max=torch.tensor(B - 2)))
t = torch.zeros(2, dtype=torch.int64)
t.fill_(B)
print(t, torch.full_like(a, B), torch.full_like(torch.zeros(2, dtype=torch.int64), 2.9))
print(a.amax(), a.amin(), m2.amax(1), m2.amin(0))
print(a.masked_fill(a < 5, B + 6), a.masked_fill(a < 5, torch.tensor(B + 6)))
t = a.clone()
t.masked_fill_(a > 5, B + 10)
print(t, torch.tensor([1, 2], dtype=torch.int32).masked_fill(torch.tensor([True, False]), 7))
t = torch.zeros(4, dtype=torch.int64)
t.scatter_(0, torch.tensor([1]), torch.tensor([B]))
print(t, a.scatter(0, torch.tensor([0]), B + 100))
print(torch.zeros(4, dtype=torch.int64).scatter_add(0, torch.tensor([1, 1]), torch.tensor([B, B])))
x = torch.tensor([2, -3, 0, 1, -1])
print(a ** 1, a.pow(2), x ** 3, x ** 0, x.pow(63), x ** torch.tensor([-1, -2, 2, -3, -3]))
print(torch.tensor([3], dtype=torch.int32) ** 21, torch.tensor([3, 5], dtype=torch.int8).pow(3))
print(torch.tensor([B]).median(), torch.tensor([B, B + 2, B + 4]).median(), torch.tensor([B, B, 3]).mode())
print(torch.tensor([B, B + 2]).kthvalue(1), torch.tensor([[B, 2], [3, B + 4]]).median(1))
i = torch.tensor([1, 5])
b = torch.tensor([True, False, True])
print(i.clamp(min=2.0), i.clamp(min=2, max=2.5), torch.clamp(i, 2.0, 3), b.clamp(min=0))
for f in (lambda: b.median(), lambda: b.median(0), lambda: b.kthvalue(1), lambda: b.clamp(min=True),
          lambda: b.clamp(max=True), lambda: b.clamp(True, False), lambda: i.clamp_(min=2.0),
          lambda: torch.tensor([1], dtype=torch.uint8).clamp_(max=0.5), lambda: b.clamp_(min=1)):
    try:
        print(f())
    except RuntimeError as e:
        print('RuntimeError:', e)
print(b.mode(0))
