# Source style: UvA DL course, tutorial 3 (activation functions and their gradients, plotted on a subplot grid)
import math
import numpy as np
import torch
import torch.nn as nn
import matplotlib.pyplot as plt


class Swish(nn.Module):
    def forward(self, x):
        return x * torch.sigmoid(x)


act_fns = {"sigmoid": nn.Sigmoid(), "tanh": nn.Tanh(), "relu": nn.ReLU(),
           "leakyrelu": nn.LeakyReLU(0.1), "elu": nn.ELU(), "swish": Swish()}


def get_grads(act_fn, x):
    x = x.clone().requires_grad_()
    out = act_fn(x)
    out.sum().backward()
    return x.grad


x = torch.linspace(-5, 5, 1000)
rows = math.ceil(len(act_fns) / 2.0)
fig, ax = plt.subplots(rows, 2, figsize=(8, rows * 4))
for i, (name, fn) in enumerate(act_fns.items()):
    y = fn(x)
    y_grads = get_grads(fn, x)
    a = ax[divmod(i, 2)]
    a.plot(x.numpy(), y.detach().numpy(), linewidth=2, label="ActFn")
    a.plot(x.numpy(), y_grads.numpy(), linewidth=2, label="Gradient")
    a.set_title(name)
    a.legend()
    a.set_ylim(-1.5, x.max())
    g = y_grads.numpy()
    print(f"{name:10s} grad max {g.max():.4f} at x={x[np.argmax(g)].item():+.3f}, "
          f"share of |grad| < 1e-3: {np.mean(np.abs(g) < 1e-3):.3f}")
fig.subplots_adjust(hspace=0.3)
plt.show()

ys = np.stack([fn(x).detach().numpy() for fn in act_fns.values()])
print(ys.shape, np.round(ys[:, ::250], 3))
