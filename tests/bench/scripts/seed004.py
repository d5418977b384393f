# Seed 004: x3 = w1*x1; x4 = w1*x2; x5 = w2*x3 + w3*x4; L = 1 - x5, with x1 = 1, x2 = 2,
# w1 = 1, w2 = 2, w3 = 3: dL/dw1 = -w2*x1 - w3*x2 = -8.
# needs: torch.tensor(float, requires_grad=True), * + and scalar - tensor (RsubBackward1),
#   backward, .grad, grad_fn printed in tensors, grad_fn.name(), next_functions, is_leaf
import torch

x1 = torch.tensor(1.0)
x2 = torch.tensor(2.0)
w1 = torch.tensor(1.0, requires_grad=True)
w2 = torch.tensor(2.0, requires_grad=True)
w3 = torch.tensor(3.0, requires_grad=True)

x3 = w1*x1
x4 = w1*x2
x5 = w2*x3 + w3*x4
L = 1 - x5

print(x3, x4, x5, L, sep="\n")
print(L.grad_fn.name(), [(f.name(), i) for f, i in L.grad_fn.next_functions])
print([(f.name() if f is not None else None, i) for f, i in x3.grad_fn.next_functions])
print(x1.is_leaf, w1.is_leaf, x5.is_leaf, x1.requires_grad, x5.requires_grad, x1.grad_fn)

L.backward()
print(w1.grad, w2.grad, w3.grad)
print(-w2 * x1 - w3 * x2)
print(w1.grad.item() == (-w2 * x1 - w3 * x2).item())
