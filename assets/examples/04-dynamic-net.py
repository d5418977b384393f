# PyTorch's DynamicNet: one middle layer reused a random number of times.
# The graph is built anew by every forward pass: here the middle layer runs three times,
# so its weight appears in three places and its gradient is the sum over its uses.
# Collapse each "middle_linear (Linear)" box to see the repetition; step the backward
# pass to watch middle_linear.weight.grad collect three contributions (step 52).
import random
import torch


class DynamicNet(torch.nn.Module):
    def __init__(self, D_in, H, D_out):
        super().__init__()
        self.input_linear = torch.nn.Linear(D_in, H)
        self.middle_linear = torch.nn.Linear(H, H)
        self.output_linear = torch.nn.Linear(H, D_out)

    def forward(self, x, uses):
        h_relu = self.input_linear(x).clamp(min=0)
        for _ in range(uses):
            h_relu = self.middle_linear(h_relu).clamp(min=0)
        return self.output_linear(h_relu)


random.seed(0)
torch.manual_seed(0)
x = torch.randn(4, 3)
y = torch.randn(4, 2)
model = DynamicNet(3, 4, 2)

loss = torch.nn.functional.mse_loss(model(x, 3), y)
loss.backward()
print(loss)
print(model.middle_linear.weight.grad)
