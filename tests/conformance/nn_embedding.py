# F.embedding, nn.Embedding and torch.embedding as one op (EmbeddingBackward0): values, the
# gradient rows (repeats add up, padding_idx gets none, negative padding_idx), and PyTorch's
# IndexError for an index out of range.
# needs: EmbeddingBackward0
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(1)
w = torch.randn(5, 3, requires_grad=True)
e = F.embedding(torch.tensor([[0, 2], [4, 2]]), w, padding_idx=2)
print(e, e.grad_fn)
e.sum().backward()
print(w.grad)
emb = nn.Embedding(6, 2, padding_idx=-1)
out = emb(torch.tensor([1, 5, 5, 0]))
print(out, out.grad_fn)
(out ** 2).sum().backward()
print(emb.weight.grad)
for bad in [lambda: F.embedding(torch.tensor([7]), w), lambda: F.embedding(torch.tensor([-1]), w)]:
    try:
        bad()
    except IndexError as ex:
        print("IndexError:", ex)
print(torch.embedding(w, torch.tensor([3])).grad_fn)
