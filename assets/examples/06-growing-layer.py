# A hidden layer that grows: new weight matrices, old values copied in.
# After two steps the hidden layer gets two more units. The new W2 and W3 are new leaf
# tensors (made under no_grad, then requires_grad_()): the old ones drop out of the graph,
# and an optimiser built on the old tensors would not see the new ones.
# Step 60: the first backward pass through the grown layer (W2 now has 4 columns).
import torch

torch.manual_seed(0)
x = torch.randn(6, 3)
target = torch.randn(6, 1)
W2 = torch.randn(3, 2, requires_grad=True)
W3 = torch.randn(2, 1, requires_grad=True)

for step in range(4):
    if step == 2:
        with torch.no_grad():
            W2 = torch.cat([W2, 0.1 * torch.randn(3, 2)], dim=1).requires_grad_()
            W3 = torch.cat([W3, torch.zeros(2, 1)], dim=0).requires_grad_()
    loss = ((x @ W2).tanh() @ W3 - target).pow(2).mean()
    loss.backward()
    print(f"step {step}: hidden {W2.shape[1]}, loss {loss.item():.4f}")
    with torch.no_grad():
        W2 -= 0.1 * W2.grad
        W3 -= 0.1 * W3.grad
    W2.grad = None
    W3.grad = None
