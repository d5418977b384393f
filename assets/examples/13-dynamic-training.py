# DynamicNet trained with SGD: every forward pass reuses the middle layer a random number
# of times, so every iteration builds a graph of a different depth.
# The graph view shows the live graph: what the script holds at the step. Press Alt+Right
# (next iteration) and watch the depth change while the parameters stay where they are;
# Alt+Down goes to the next backward call.
import random
import torch


class DynamicNet(torch.nn.Module):
    def __init__(self, D_in, H, D_out):
        super().__init__()
        self.input_linear = torch.nn.Linear(D_in, H)
        self.middle_linear = torch.nn.Linear(H, H)
        self.output_linear = torch.nn.Linear(H, D_out)

    def forward(self, x):
        h_relu = self.input_linear(x).clamp(min=0)
        for _ in range(random.randint(0, 3)):
            h_relu = self.middle_linear(h_relu).clamp(min=0)
        return self.output_linear(h_relu)


random.seed(0)
torch.manual_seed(0)
x = torch.randn(4, 3)
y = torch.randn(4, 2)
model = DynamicNet(3, 4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)

for t in range(6):
    loss = torch.nn.functional.mse_loss(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(t, round(loss.item(), 4))
