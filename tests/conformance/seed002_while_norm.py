# Seed 002: `while x.norm(2) < 10: x = relu(self.middle_linear1(x))`, input-dependent depth;
# an input that never enters the loop has no path to the weights.
# needs: while with a tensor condition, norm(2), break, torch.eye, copy_ under no_grad,
#   Module returning a tuple, RuntimeError "element 0 of tensors does not require grad ..."
import torch
import torch.nn as nn
from torch.nn.functional import relu

torch.manual_seed(0)


class WhileNet(nn.Module):
    def __init__(self, H1):
        super().__init__()
        self.middle_linear1 = nn.Linear(H1, H1)
        with torch.no_grad():
            self.middle_linear1.weight.copy_(1.5 * torch.eye(H1) + 0.05 * torch.randn(H1, H1))
            self.middle_linear1.bias.zero_()

    def forward(self, x):
        depth = 0
        while x.norm(2) < 10:
            x = relu(self.middle_linear1(x))
            depth += 1
            if depth == 20:
                break
        return x, depth


net = WhileNet(4)
for scale in [0.5, 3.0, 12.0]:
    x = torch.ones(1, 4) * scale / 2
    out, depth = net(x)
    print(f"scale {scale}: depth {depth}, |out| {out.norm(2).item():.4f}")
    net.zero_grad()
    try:
        out.sum().backward()
        print("  weight.grad sum:", round(net.middle_linear1.weight.grad.sum().item(), 3))
    except RuntimeError as e:
        print("  RuntimeError:", e)
