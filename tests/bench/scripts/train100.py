import torch
torch.manual_seed(0)
X = torch.randn(8, 2)
Y = (X[:, 0] * X[:, 1] > 0).float().unsqueeze(1)
model = torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(100):
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(model(X), Y)
    loss.backward()
    opt.step()
print(loss.item())
