# Source style: NYU Deep Learning (Canziani), regression with a small network (ReLU vs Tanh, train/eval mode)
import torch
import torch.nn as nn

torch.manual_seed(1)
N, D, H, C = 60, 1, 24, 1
X = torch.unsqueeze(torch.linspace(-1, 1, N), dim=1)
y = X.pow(3) + 0.3 * torch.rand(X.size())
print("Shapes:", X.shape, y.shape)

learning_rate = 1e-3
lambda_l2 = 1e-5

for activation in [nn.ReLU(), nn.Tanh()]:
    model = nn.Sequential(nn.Linear(D, H), activation, nn.Linear(H, C))
    criterion = torch.nn.MSELoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate * 10, weight_decay=lambda_l2)
    for t in range(120):
        y_pred = model(X)
        loss = criterion(y_pred, y)
        if t % 40 == 0:
            print(f"[{activation}] [EPOCH]: {t}, [LOSS]: {loss.item():.6f}")
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        print([f"{v:.6f}" for v in model(torch.tensor([[-0.5], [0.0], [0.5]])).squeeze().tolist()])
