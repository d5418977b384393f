# Two losses at different layers, one optimiser step.
# loss1 hangs off the hidden layer, loss2 off the output. Both backward calls reach layer1,
# so layer1.weight.grad is the sum of two contributions; the first call must keep the
# graph (retain_graph=True) because the second walks through the same tanh node.
# Step 26: layer1.bias.grad from loss1; step 47: loss2's share added; step 52: SGD.
import torch
import torch.nn as nn

torch.manual_seed(0)
layer1 = nn.Linear(3, 4)
layer2 = nn.Linear(4, 2)
head1 = nn.Linear(4, 1)
params = list(layer1.parameters()) + list(layer2.parameters()) + list(head1.parameters())
optimizer = torch.optim.SGD(params, lr=0.1)
x = torch.randn(5, 3)

h = torch.tanh(layer1(x))
loss1 = head1(h).pow(2).mean()     # a loss at the first layer
loss2 = layer2(h).pow(2).sum()     # a loss at the output

loss1.backward(retain_graph=True)
print(layer1.bias.grad)
loss2.backward()
print(layer1.bias.grad)            # both contributions added up
optimizer.step()
print(layer1.bias)
