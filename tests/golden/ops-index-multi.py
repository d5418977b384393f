# Goldens for the combined advanced indexing cases of tests/test-ops-index.c (PyTorch 1.13)
import torch
a = torch.arange(24.).reshape(2,3,4).requires_grad_()
i0 = torch.tensor([[0],[1]]); i1 = torch.tensor([1,3,2])
for f in [lambda: a[i0, :, i1], lambda: a[:, [0,2],[1,3]], lambda: a[[0,1],[1,0]], lambda: a[i0, i1[::2]], lambda: a[[0,1],:,[1]] , lambda: a[[1,1],[2,2]]]:
    r = f(); print(r.grad_fn, r.shape, r.sum().item(), r.grad_fn.next_functions)
for f in [lambda: a[[0,1],[1,0,2]], lambda: a[[0,5],[1,0]], lambda: a[[0,1],[1,3]], lambda: a[:, [0,1],[1,-5]]]:
    try: f()
    except Exception as e: print(type(e).__name__, e)
m = torch.tensor([[True,False,True],[False,True,True]])
r = a[m, [1,2,3,0]]; print(r.shape, r.tolist())
b = torch.tensor([[1.0,-2.0],[3.0,0.5]], requires_grad=True)
r = b[[0,1],[1,0]]; print(r, r.shape)
r = a[[[1,1],[0,0]], :, [[3,3],[0,0]]]
(r*torch.arange(12.).reshape(2,2,3)).sum().backward(); print(a.grad.tolist())
