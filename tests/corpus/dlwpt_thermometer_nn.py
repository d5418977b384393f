# Source style: Deep Learning with PyTorch ch. 6 (nn.Linear, Sequential with an OrderedDict, named_parameters)
from collections import OrderedDict
import torch
import torch.nn as nn
import torch.optim as optim

torch.manual_seed(15)
t_c = torch.tensor([0.5, 14.5, 15.5, 28.0, 10.0, 8.5, 3.0, -4.5, 6.0, 13.0, 21.5]).unsqueeze(1)
t_u = (t_c * 1.8 + 32.0 + torch.randn(11, 1)) * 0.1
print(t_c.shape, t_u.shape)

linear_model = nn.Linear(1, 1)
print(linear_model(t_u[:3]))
print(linear_model.weight)
print(linear_model.bias)
x = torch.ones(10, 1)
print(linear_model(x).shape)

optimizer = optim.SGD(linear_model.parameters(), lr=1e-2)
print(list(linear_model.parameters()))

def training_loop(n_epochs, optimizer, model, loss_fn, t_u_train, t_c_train):
    for epoch in range(1, n_epochs + 1):
        t_p_train = model(t_u_train)
        loss_train = loss_fn(t_p_train, t_c_train)
        optimizer.zero_grad()
        loss_train.backward()
        optimizer.step()
        if epoch == 1 or epoch % 200 == 0:
            print(f"Epoch {epoch}, Training loss {loss_train.item():.4f}")

training_loop(n_epochs=600, optimizer=optimizer, model=linear_model, loss_fn=nn.MSELoss(),
              t_u_train=t_u, t_c_train=t_c)
print(linear_model.weight, linear_model.bias)

seq_model = nn.Sequential(nn.Linear(1, 13), nn.Tanh(), nn.Linear(13, 1))
print(seq_model)
print([param.shape for param in seq_model.parameters()])
for name, param in seq_model.named_parameters():
    print(name, param.shape)

seq_model = nn.Sequential(OrderedDict([
    ('hidden_linear', nn.Linear(1, 8)),
    ('hidden_activation', nn.Tanh()),
    ('output_linear', nn.Linear(8, 1)),
]))
print(seq_model)
for name, param in seq_model.named_parameters():
    print(name, param.shape)
print(seq_model.output_linear.bias)
optimizer = optim.SGD(seq_model.parameters(), lr=1e-3)
training_loop(n_epochs=400, optimizer=optimizer, model=seq_model, loss_fn=nn.MSELoss(),
              t_u_train=t_u, t_c_train=t_c)
print('output', seq_model(t_u[:2]))
print('hidden', seq_model.hidden_linear.weight.grad.shape)
