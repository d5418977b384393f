# torch.einsum: matrix products, batch matmul, trace, diagonal, outer, transpose, sums,
# implicit output, ellipsis, three operands, a list of operands; grad_fn names and
# gradients (float64), and PyTorch's messages for bad equations.
# needs: torch.einsum
import torch

torch.manual_seed(3)
a = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
b = torch.randn(4, 5, dtype=torch.float64, requires_grad=True)
v = torch.randn(4, dtype=torch.float64, requires_grad=True)
w = torch.randn(4, dtype=torch.float64, requires_grad=True)
A = torch.randn(2, 3, 4, dtype=torch.float64, requires_grad=True)
B = torch.randn(2, 4, 5, dtype=torch.float64, requires_grad=True)
sq = torch.randn(3, 3, dtype=torch.float64, requires_grad=True)
cases = [
    ("ij,jk->ik", (a, b)), ("ij,j->i", (a, v)), ("i,i->", (v, w)), ("i,i", (v, w)),
    ("ij,ij->ij", (a, a)), ("ij,ij->", (a, a)), ("ij,ij->i", (a, a)), ("i,j->ij", (v, w)),
    ("bij,bjk->bik", (A, B)), ("ij,kj->ik", (a, a)), ("ij,jk", (a, b)), ("ij,jk->ki", (a, b)),
    ("ij->ji", (a,)), ("ij", (a,)), ("ji", (a,)), ("ii", (sq,)), ("ii->i", (sq,)),
    ("ij->", (a,)), ("ij->i", (a,)), ("bij->bji", (A,)), ("...ij->...ji", (A,)),
    ("bij,bjk", (A, B)), ("i,i->i", (v, w)), ("ij,jk,kl->il", (a, b, b.t())),
    ("b i j, b j k -> b i k", (A, B)), ("...j,j->...", (A, v)), ("ik,jk->ijk", (a, a)),
]
for eq, ops in cases:
    r = torch.einsum(eq, *ops)
    print(eq, tuple(r.shape), type(r.grad_fn).__name__)
    print(r)
    r.sum().backward() if r.dim() > 0 else r.backward()
    for t in ops:
        print(t.grad.sum().item())
        t.grad = None
print(torch.einsum("ij,jk->ik", [a, b]).shape, torch.einsum("ij,jk->ik", (a, b)).shape)
print(torch.einsum("ii->i", torch.arange(9).reshape(3, 3)), torch.einsum("ij->", torch.ones(2, 2)))
for eq, ops in [("ij,jk->ik", (a,)), ("ij,jk->ik", (a, a)), ("ij->ji", (a, a)), ("ijk->ij", (a,)),
                ("ij->ik", (a,)), ("ij->ii", (a,)), ("i1->i", (a,)), ("i.j->ij", (a,))]:
    try:
        torch.einsum(eq, *ops)
    except RuntimeError as e:
        print("RuntimeError:", e)
try:
    torch.einsum("ij")
except ValueError as e:
    print("ValueError:", e)
