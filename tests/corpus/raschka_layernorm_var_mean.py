# Source style: Sebastian Raschka's "LLMs from scratch" chapter 4: a LayerNorm written by hand (mean and variance over the last dim), checked against nn.LayerNorm
import torch
import torch.nn as nn

torch.manual_seed(123)


class LayerNorm(nn.Module):
    def __init__(self, emb_dim):
        super().__init__()
        self.eps = 1e-5
        self.scale = nn.Parameter(torch.ones(emb_dim))
        self.shift = nn.Parameter(torch.zeros(emb_dim))

    def forward(self, x):
        var, mean = torch.var_mean(x, dim=-1, keepdim=True, unbiased=False)
        norm_x = (x - mean) / torch.sqrt(var + self.eps)
        return self.scale * norm_x + self.shift


batch_example = torch.randn(2, 5)
layer = nn.Sequential(nn.Linear(5, 6), nn.ReLU())
out = layer(batch_example)
var, mean = torch.var_mean(out, dim=-1, keepdim=True)
print("Mean:\n", mean)
print("Variance:\n", var)
print(var.grad_fn, mean.grad_fn, mean.output_nr)
std, mean2 = torch.std_mean(out, dim=-1)
print(std, mean2, std.grad_fn)

ln = LayerNorm(emb_dim=6)
ref = nn.LayerNorm(6)
out_ln = ln(out)
out_ref = ref(out)
print(torch.allclose(out_ln, out_ref, atol=1e-5))
mean = out_ln.mean(dim=-1, keepdim=True)
var = out_ln.var(dim=-1, keepdim=True, unbiased=False)
torch.set_printoptions(sci_mode=False)
print("Mean:\n", mean)
print("Variance:\n", var)

target = torch.randn(2, 6)
loss = ((out_ln - target) ** 2).mean()
loss.backward()
loss_ref = ((out_ref - target) ** 2).mean()
grads = torch.autograd.grad(loss_ref, [ref.weight, ref.bias])
print(ln.scale.grad)
print(grads[0])
print(torch.allclose(ln.shift.grad, grads[1], atol=1e-6))
print(layer[0].weight.grad)
