# Seed 002: the TestNet answer, indentation repaired, seeded, with each grad printed too:
# after one forward/backward the unused branch's parameters have grad None.
# needs: import torch.nn as nn, random.random(), torch.rand, builtin sum() over a tensor's rows,
#   backward on a 1-element tensor, print(Parameter) ("Parameter containing:"), print(None)
import torch
import torch.nn as nn
import random

random.seed(1)
torch.manual_seed(0)


class TestNet(nn.Module):
    def __init__(self):
        super(TestNet, self).__init__()
        self.fc_1 = nn.Linear(4, 1)
        self.fc_2 = nn.Linear(4, 1)

    def forward(self, x):
        if random.random() < 0.5:
            x = self.fc_1(x)
        else:
            x = self.fc_2(x)
        return x


net = TestNet()
data = torch.rand(32, 4)
out = net(data)
loss = sum(out)
print(loss)
loss.backward()

# We called forward/backward once, the gradients of the weights (parameters) of
# either fc_1 or fc_2 should be None
print("Weights and gradients after one f/b call")
for param in net.parameters():
    print(param)
    print(param.grad)

# Let's do 10 more forward/backward steps (setting grad to zero between steps)
for _ in range(10):
    out = net(data)
    loss = sum(out)
    loss.backward()

# Now (unless we were very unlucky (0.5**10-unlucky))
# all gradients are not None, and only the gradient with respect to the weights
# that were called in the last iteration are non-zero
print("Weights and gradients after 10 f/b calls")
for param in net.parameters():
    print(param)
    print(param.grad)
