# Branches chosen by a coin: unused layers keep grad None.
# Only the branch the coin picked is in the graph, so only its parameters get a .grad;
# the other layer's grads stay None (drawn as "grad: None") until a later pass uses it.
# zero_grad() then fills the used grads with zeros (PyTorch 1.13's default;
# set_to_none=True would make them None) and leaves None as None. The state_dict, what
# saving the model keeps, holds only the weights, never the grads.
# Step 22: the last gradient arrives; the unused layer's boxes still say grad: None.
import random
import torch
import torch.nn as nn

random.seed(1)
torch.manual_seed(0)


class TestNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc_1 = nn.Linear(4, 1)
        self.fc_2 = nn.Linear(4, 1)

    def forward(self, x):
        if random.random() < 0.5:
            return self.fc_1(x)
        return self.fc_2(x)


net = TestNet()
data = torch.rand(8, 4)
loss = net(data).sum()
loss.backward()
for name, param in net.named_parameters():
    print(name, param.grad)

net.zero_grad()
print([p.grad for p in net.parameters()])
print(list(net.state_dict().keys()))
