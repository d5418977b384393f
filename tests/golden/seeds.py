"""Expected numbers for tests/test-seeds.c, from PyTorch 1.13.

Run: /usr/bin/python3 tests/golden/seeds.py
"""
import torch


def dump(name, t):
    values = ", ".join(repr(float(v)) for v in t.detach().reshape(-1).tolist())
    print(f"/* {name} {list(t.shape)} */ {{ {values} }}")


# Seed 001: the tutorial's DynamicNet with the middle layer reused twice.
torch.manual_seed(0)
N, D_in, H, D_out = 4, 5, 3, 2
x = torch.randn(N, D_in)
y = torch.randn(N, D_out)
input_linear = torch.nn.Linear(D_in, H)
middle_linear = torch.nn.Linear(H, H)
output_linear = torch.nn.Linear(H, D_out)
h_relu = input_linear(x).clamp(min=0)
for _ in range(2):
    h_relu = middle_linear(h_relu).clamp(min=0)
y_pred = output_linear(h_relu)
loss = torch.nn.functional.mse_loss(y_pred, y, reduction="sum")
loss.backward()
print(f"/* loss */ {float(loss)!r}")
dump("middle.weight.grad", middle_linear.weight.grad)
dump("middle.bias.grad", middle_linear.bias.grad)
dump("input.weight.grad", input_linear.weight.grad)

# Seed 003's multi-task case: two losses at different layers, one step.
torch.manual_seed(1)
layer1 = torch.nn.Linear(3, 4)
layer2 = torch.nn.Linear(4, 2)
x = torch.randn(5, 3)
h = torch.tanh(layer1(x))
loss1 = h.pow(2).mean()
loss2 = layer2(h).sum()
opt = torch.optim.SGD(list(layer1.parameters()) + list(layer2.parameters()), lr=0.1)
opt.zero_grad()
loss1.backward(retain_graph=True)
loss2.backward()
dump("layer1.weight.grad", layer1.weight.grad)
opt.step()
dump("layer1.weight after step", layer1.weight)
