# Integer dtypes int32, int16, int8 and uint8 (issue 13): creation, casts, promotion,
# arithmetic that wraps as C's, comparisons, reductions, indexing and printing
# needs: int32/int16/int8/uint8 tensors
import torch


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


ints = [torch.int32, torch.int16, torch.int8, torch.uint8]
for dt in ints:
    a = torch.tensor([[1, 2, 3], [4, 5, 6]], dtype=dt)
    print(dt, a, a.dtype, a.shape, a.is_floating_point(), a.type())
    print(torch.zeros(2, dtype=dt), torch.ones(2, 2, dtype=dt), torch.full((3,), 7, dtype=dt))
    print(torch.arange(4, dtype=dt), torch.arange(1, 7, 2, dtype=dt), torch.empty(3, dtype=dt).shape)
    print(torch.zeros_like(a), torch.ones_like(a), torch.full_like(a, 9))
    print(a + a, a - 1, a * 3, a / 2, a // 2, a % 4, a ** 2, -a if dt != torch.uint8 else a)
    print(a > 2, a == 4, a != 4, a <= 3, a.eq(2), torch.maximum(a, a.flip(0)))
    print(a.sum(), a.sum(0), a.sum(1, keepdim=True), a.sum().dtype, a.prod(), a.max(), a.min())
    print(a.max(0), a.argmax(), a.argmin(1), a.abs(), a.clamp(2, 5), a.t(), a.reshape(3, 2))
    print(a.float(), a.double(), a.long(), a.bool(), a.int(), a.short(), a.char(), a.byte())
    print(a.tolist(), a[1, 2].item(), type(a[0, 0].item()), a[0], a[:, 1], a[a > 3])
    print(a.to(torch.float32), a.to(torch.int64).dtype, a.type(torch.int16).dtype)
    attempt(lambda: a.mean())
    attempt(lambda: a.requires_grad_())
    attempt(lambda: torch.tensor([1, 2], dtype=dt, requires_grad=True))
    print(repr(a[0, 0]), str(a[1]), f"{a[0, 1]}", a.numel(), a.dim(), len(a))

print(torch.tensor([200, 100], dtype=torch.uint8) + torch.tensor([100, 200], dtype=torch.uint8))
print(torch.tensor([2], dtype=torch.uint8) - 3, torch.tensor([127], dtype=torch.int8) + 1)
print(torch.tensor([2**30], dtype=torch.int32) * 4, torch.tensor([-128], dtype=torch.int8).neg())
print(torch.tensor([-7, 7], dtype=torch.int32) // 2, torch.tensor([-7, 7], dtype=torch.int32) % 3)
print(torch.tensor([-7], dtype=torch.int8) // torch.tensor([2], dtype=torch.int8))
print(torch.tensor([5], dtype=torch.int32) + 2**40, torch.tensor([1, 2], dtype=torch.int16) * 1.5)
attempt(lambda: torch.tensor([1], dtype=torch.int32) // 0)

# promotion
i32 = torch.tensor([1, 2], dtype=torch.int32)
i16 = torch.tensor([1, 2], dtype=torch.int16)
i8 = torch.tensor([1, 2], dtype=torch.int8)
u8 = torch.tensor([1, 2], dtype=torch.uint8)
i64 = torch.tensor([1, 2])
f32 = torch.tensor([1.0, 2.0])
f64 = torch.tensor([1.0, 2.0], dtype=torch.float64)
b = torch.tensor([True, False])
for x in [i32, i16, i8, u8, i64, f32, f64, b]:
    print([(x + y).dtype for y in [i32, i16, i8, u8, i64, f32, f64, b]])
print((i32 + 1).dtype, (i32 + 1.5).dtype, (u8 + True).dtype, (u8 + torch.tensor(1)).dtype)
print((u8 + torch.tensor(1.5)).dtype, (i8 + torch.tensor(1000)).dtype, (b + torch.tensor(1, dtype=torch.int8)).dtype)
print(torch.tensor(5, dtype=torch.int32) + i8, torch.tensor(5, dtype=torch.int16) * torch.tensor(3, dtype=torch.uint8))
print(torch.result_type(i32, 1.5), torch.result_type(u8, i8), torch.result_type(i32, torch.tensor(1)))
print(torch.result_type(1, 2), torch.result_type(2.0, i16), torch.result_type(i16, torch.tensor(1.0)))
print(torch.promote_types(torch.uint8, torch.int8), torch.promote_types(torch.int32, torch.float64))
print(torch.can_cast(torch.int32, torch.int8), torch.can_cast(torch.float32, torch.int32), torch.can_cast(torch.int8, torch.bool))
print(i32 == i64, i8 < f32, u8 > 1.5, torch.where(b, i32, i8), torch.where(b, i16, 2.5))

# conversions that overflow
f = torch.tensor([300.7, -1.5, 3e9, -3e9, float("nan"), 65537.0])
print(f.int(), f.short(), f.char(), f.byte())
big = torch.tensor([300, -1, 2**40 + 5, -129])
print(big.int(), big.short(), big.char(), big.byte())
for v in [[300], [-1], [-255], [-256], [2.7], [300.5], [-1.5]]:
    attempt(lambda: torch.tensor(v, dtype=torch.uint8))
for v in [[2**31], [-129], [float("nan")], [float("inf")]]:
    attempt(lambda: torch.tensor(v, dtype=torch.int32 if abs(v[0]) > 200 or v[0] != v[0] else torch.int8))
attempt(lambda: torch.full((2,), 300, dtype=torch.uint8))
attempt(lambda: torch.full((2,), -1, dtype=torch.uint8))
attempt(lambda: torch.full((1,), 2**31, dtype=torch.int32))
attempt(lambda: torch.full((1,), 2.5, dtype=torch.int32))
attempt(lambda: torch.ones(1, dtype=torch.int32).fill_(2**40))
attempt(lambda: torch.ones(1, dtype=torch.uint8).fill_(-1))
attempt(lambda: torch.ones(1, dtype=torch.uint8).fill_(256))
print(torch.IntTensor([1, 2]), torch.ShortTensor([[3]]), torch.CharTensor([-1]), torch.ByteTensor([255]))
print(torch.IntTensor(2, 3).shape, torch.ByteTensor(2).dtype)
print(i64.type(torch.IntTensor), f32.type('torch.ByteTensor'), u8.type())

# indexing
a = torch.arange(6).reshape(2, 3)
attempt(lambda: a[torch.tensor([1, 0], dtype=torch.int32)])
attempt(lambda: a[torch.tensor([True, False]).byte()])
attempt(lambda: a[:, torch.tensor([1, 0, 1], dtype=torch.uint8)])
attempt(lambda: a[torch.tensor([1, 0], dtype=torch.int16)])
attempt(lambda: a.index_select(0, torch.tensor([1], dtype=torch.int32)))
x = torch.zeros(4, dtype=torch.int32)
x[1] = 5
x[2:] = torch.tensor([7, 8])
x[x > 6] = -1
print(x, x.dtype)
x += 3
print(x, x.dtype)
x *= 2
print(x)
attempt(lambda: x.add_(1.5))
y = torch.zeros(2, dtype=torch.uint8)
y -= 1
print(y)

# printing widths
print(torch.tensor([[1, -200000], [3, 4]], dtype=torch.int32))
print(torch.arange(2000, dtype=torch.int16))
print(torch.tensor([], dtype=torch.int32), torch.zeros(0, 3, dtype=torch.uint8))
print(torch.tensor(7, dtype=torch.int8), torch.tensor([-128, 127], dtype=torch.int8))
