# Broadcasting: why the gradient of a broadcast bias is a sum.
# b has 2 elements but is added to every one of the 3 rows of x @ W, so each element of b
# is used 3 times. Its gradient adds the 3 rows' gradients up: the edge into b shows the
# sum over the broadcast dimension.
# Step 13: b.grad = [3, 3], the three rows' gradients added up.
import torch

torch.manual_seed(0)
x = torch.randn(3, 4)
W = torch.randn(4, 2, requires_grad=True)
b = torch.zeros(2, requires_grad=True)

out = x @ W + b
loss = out.sum()
loss.backward()
print(b.grad)          # tensor([3., 3.]): one per row
print(W.grad.shape)
