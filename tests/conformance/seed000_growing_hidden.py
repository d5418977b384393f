# Seed 000: h1 = input @ W1 + b1; h2 = h1 @ W2 + b2; out = h2 @ W3 + b3, a gradOutput passed
# to out.backward(), "add W.grad * learningRate to each W", and a hidden layer that grows.
# needs: torch.randn/zeros/cat, @, out.backward(gradient), .grad, no_grad, -= on leaves,
#   requires_grad_(), detach(), numel(), shape, norm(), f-string format spec on a 0-dim tensor
import torch

torch.manual_seed(0)

D_in, H, D_out = 4, 3, 2
input = torch.randn(8, D_in)
target = torch.randn(8, D_out)

W1 = torch.randn(D_in, H, requires_grad=True)
b1 = torch.zeros(H, requires_grad=True)
W2 = torch.randn(H, H, requires_grad=True)
b2 = torch.zeros(H, requires_grad=True)
W3 = torch.randn(H, D_out, requires_grad=True)
b3 = torch.zeros(D_out, requires_grad=True)


def grow(W2, b2, W3, extra):
    """Adds `extra` units to h2, keeping the weights trained so far."""
    with torch.no_grad():
        W2 = torch.cat([W2, 0.1 * torch.randn(W2.shape[0], extra)], dim=1)
        b2 = torch.cat([b2, torch.zeros(extra)])
        W3 = torch.cat([W3, torch.zeros(extra, W3.shape[1])], dim=0)
    return W2.requires_grad_(), b2.requires_grad_(), W3.requires_grad_()


learning_rate = 0.05
for step in range(9):
    if step > 0 and step % 3 == 0:
        W2, b2, W3 = grow(W2, b2, W3, 2)
    h1 = input @ W1 + b1
    h2 = h1 @ W2 + b2
    out = h2 @ W3 + b3
    loss = ((out - target) ** 2).mean()
    gradOutput = 2 * (out - target).detach() / out.numel()
    out.backward(gradOutput)
    print(f"step {step}: hidden {W2.shape[1]}, loss {loss.item():.6f}, "
          f"|W2.grad| {W2.grad.norm():.6f}")
    with torch.no_grad():
        for W in [W1, b1, W2, b2, W3, b3]:
            W -= learning_rate * W.grad
            W.grad = None

print(W1.shape, W2.shape, W3.shape, b2.shape)
print(W2.is_leaf, h2.is_leaf, W2.grad)
print(b2)
