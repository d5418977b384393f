# int64 tensors keep every bit: creation, printing, item(), arithmetic with Python ints and
# tensors, comparisons, arange and full past 2**53 (where a double would round)
import torch

big = 9007199254740993
a = torch.tensor([big, 9223372036854775807, -9223372036854775807 - 1])
print(a)
print(a[0].item(), a[1].item(), a[2].item())
print(a.tolist())
print(torch.tensor(big), torch.tensor([[big, 1], [2, big + 2]]))
print(a[0] + big, a[0] - big, a[0] * 3, big - a[0], big + a)
b = torch.tensor([big, big + 2])
print(b * 3, b - 1, b // 2, b % 1000, b + b, b - torch.tensor([1, 2]))
print(b == big, b > big - 1, b < big + 1, b != big + 2)
print(torch.arange(big - 3, big + 2))
print(torch.arange(big, big + 10, 3))
print(torch.full((2,), big), torch.full((1, 2), -big))
print(torch.tensor([big]).dtype, torch.tensor([True, 2]).dtype, torch.tensor([big, 0.5]).dtype)
print(torch.tensor([big], dtype=torch.float64))
print(torch.tensor([1.9, -1.9], dtype=torch.int64))
c = torch.tensor([big + 2, 2, big, big + 1])
print(c.sort(), c.sort(descending=True).values, c.topk(2), c.argsort())
print(int(torch.tensor(big)), int(c[0]), c.sum(), c.max(), c[c > big])
# past the ends, int64 arithmetic wraps as PyTorch's does
m = torch.tensor([9223372036854775807, -9223372036854775807 - 1])
print(m + 1, m - 1, m * 2, -m, m + m)
