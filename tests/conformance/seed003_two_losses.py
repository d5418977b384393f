# Seed 003: two losses at different layers; loss1.backward(retain_graph=True) then
# loss2.backward(), then optimizer.step(); without retain_graph the second call fails.
# needs: nn.Linear, torch.tanh, pow, list(...parameters()) + list(...), optim.SGD,
#   optimizer.zero_grad/step, print(Parameter), the freed-graph RuntimeError
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
loss1 = head1(h).pow(2).mean()  # a loss at the first layer
loss2 = layer2(h).pow(2).sum()  # a loss at the output
print(loss1, loss2)

# suppose you first back-propagate loss1, then loss2
# (you can also do it in reverse order)
loss1.backward(retain_graph=True)
print(layer1.weight.grad)
loss2.backward() # now the graph is freed, and next process of batch gradient descent is ready
print(layer1.weight.grad)
optimizer.step() # update the network parameters
print(layer1.weight)

optimizer.zero_grad()
h = torch.tanh(layer1(x))
loss1 = head1(h).pow(2).mean()
loss2 = layer2(h).pow(2).sum()
loss1.backward()
try:
    loss2.backward()
except RuntimeError as e:
    print("RuntimeError:", e)
print(layer2.weight.grad)
