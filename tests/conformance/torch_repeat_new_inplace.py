# repeat_interleave (index_select by repeated indices, as PyTorch 1.13 composes it),
# Tensor.new_zeros/new_ones/new_full/new_empty/new_tensor and the legacy Tensor.new (in
# self's dtype), torch.square (PowBackward0), and the in-place forms of the pointwise ops
import torch

def attempt(name, f):
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)

x = torch.arange(6.).reshape(2, 3).requires_grad_()
a = x.repeat_interleave(2)
print(a, a.grad_fn.name(), a.grad_fn.next_functions[0][0].name())
b = x.repeat_interleave(2, dim=1)
print(b, b.grad_fn.next_functions[0][0].name())
c = x.repeat_interleave(torch.tensor([1, 2]), dim=0)
print(c)
(a.sum() + (b * 2).sum() + (c * 3).sum()).backward()
print(x.grad)
print(torch.repeat_interleave(torch.tensor([2, 0, 3])), torch.repeat_interleave(torch.tensor([2, 1], dtype=torch.int32)))
print(torch.repeat_interleave(x, 2, 0, output_size=4), torch.tensor(5.).repeat_interleave(3))
print(x.repeat_interleave(torch.tensor(2)).shape, x.repeat_interleave(torch.tensor([3])).shape)
print(torch.arange(3).repeat_interleave(2), torch.tensor([], dtype=torch.int64).repeat_interleave(2))
attempt('negative', lambda: x.repeat_interleave(-1))
attempt('sizes', lambda: x.repeat_interleave(torch.tensor([1, 2, 3]), dim=0))
attempt('float repeats', lambda: x.repeat_interleave(torch.tensor([1., 2.]), dim=0))
attempt('2-d repeats', lambda: x.repeat_interleave(torch.tensor([[1, 2]]), dim=0))
attempt('negative repeats', lambda: x.repeat_interleave(torch.tensor([1, -2]), dim=0))
attempt('dim', lambda: x.repeat_interleave(2, dim=2))
attempt('float', lambda: x.repeat_interleave(2.5))
attempt('output_size', lambda: torch.repeat_interleave(x, 2, 0, output_size=5))
attempt('nothing', lambda: x.repeat_interleave())
attempt('torch nothing', lambda: torch.repeat_interleave())

# new_* in self's dtype
i = torch.ones(2, dtype=torch.int64)
w = torch.ones(2, requires_grad=True)
print(i.new_full((2,), 1.5), i.new_zeros(2, 3), i.new_ones((1,)), i.new_empty(0))
print(torch.ones(1).new_full([2], 7), w.new_zeros(2), w.new_zeros(2, dtype=torch.float64, requires_grad=True))
print(w.new_tensor([1, 2]), i.new_tensor([1.5]), w.new_zeros(size=(2,)), w.new_full(fill_value=3, size=[1]))
print(w.new_zeros(()), torch.tensor(True).new_full((2,), 3), w.new_ones(2, 2).requires_grad)
print(w.new(2, 3).shape, w.new([1, 2]), w.new(), w.new(torch.Size([2])).shape, i.new([1.5]))
print(torch.FloatTensor(torch.Size([2, 1])).shape, torch.FloatTensor((2, 1)), torch.LongTensor())
attempt('no size', lambda: w.new_zeros())
attempt('negative size', lambda: w.new_zeros(-1))
attempt('no fill value', lambda: w.new_full((2,)))
attempt('float size', lambda: w.new_zeros(2.5))
attempt('no data', lambda: w.new_tensor())

# square and the in-place pointwise ops
s = torch.square(w)
print(s, w.square(), torch.square(torch.tensor([True, False])), torch.square(torch.tensor([3])))
h = w * 1
print(h.square_(), h.grad_fn.name())
t = torch.tensor([0.5, 2.0], requires_grad=True)
u = t * 1
u.exp_().log_().sqrt_().sigmoid_().tanh_().neg_().abs_().reciprocal_()
u.sin_().cos_().atan_().sinh_().asinh_().log1p_().expm1_().floor_()
print(u, u.grad_fn.name())
v = t * 2
v.log2_().log10_().ceil_()
print(v, torch.exp_(t.detach().clone()), torch.sqrt_(torch.tensor([4.])))
z = t * 1
z.exp_()
z.sum().backward()
print(t.grad)
attempt('int exp_', lambda: torch.tensor([1, 2]).exp_())
attempt('leaf exp_', lambda: t.exp_())
print(torch.tensor([0.3, 1.7]).trunc_(), torch.tensor([0.3, -1.7]).frac_())
print(torch.tensor([0.5]).asin_(), torch.tensor([0.5]).acos_(), torch.tensor([2.]).acosh_(), torch.tensor([0.5]).atanh_(), torch.tensor([0.5]).cosh_())
