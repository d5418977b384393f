# Source style: UvA DL course, tutorial 2 (continuous XOR, a small classifier, its decision boundary from a meshgrid)
import numpy as np
import torch
import torch.nn as nn
import matplotlib.pyplot as plt

torch.manual_seed(42)
size, std = 200, 0.1
data = torch.randint(low=0, high=2, size=(size, 2), dtype=torch.float32)
label = (data.sum(dim=1) == 1).to(torch.long)
data += std * torch.randn(data.shape)


class SimpleClassifier(nn.Module):
    def __init__(self, num_inputs, num_hidden, num_outputs):
        super().__init__()
        self.linear1 = nn.Linear(num_inputs, num_hidden)
        self.act_fn = nn.Tanh()
        self.linear2 = nn.Linear(num_hidden, num_outputs)

    def forward(self, x):
        return self.linear2(self.act_fn(self.linear1(x)))


model = SimpleClassifier(2, 4, 1)
loss_module = nn.BCEWithLogitsLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(100):
    perm = torch.randperm(size)
    for i in range(0, size, 32):
        idx = perm[i:i + 32]
        preds = model(data[idx]).squeeze(dim=1)
        loss = loss_module(preds, label[idx].float())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    if epoch % 25 == 0:
        print(epoch, round(loss.item(), 4))

data_np, label_np = data.numpy(), label.numpy()
data_0, data_1 = data_np[label_np == 0], data_np[label_np == 1]
plt.figure(figsize=(4, 4))
plt.scatter(data_0[:, 0], data_0[:, 1], edgecolor="#333", label="Class 0")
plt.scatter(data_1[:, 0], data_1[:, 1], edgecolor="#333", label="Class 1")
c0 = np.array([0.12156862745098039, 0.4666666666666667, 0.7058823529411765])
c1 = np.array([1.0, 0.4980392156862745, 0.054901960784313725])
x1 = torch.arange(-0.5, 1.5, step=0.05)
x2 = torch.arange(-0.5, 1.5, step=0.05)
xx1, xx2 = torch.meshgrid(x1, x2, indexing="xy")
model_inputs = torch.stack([xx1, xx2], dim=-1)
with torch.no_grad():
    preds = torch.sigmoid(model(model_inputs))
output_image = (1 - preds) * torch.tensor(c0, dtype=torch.float32) + preds * torch.tensor(c1, dtype=torch.float32)
output_image = output_image.numpy()
plt.imshow(output_image, origin="lower", extent=(-0.5, 1.5, -0.5, 1.5))
plt.grid(False)
plt.legend()
plt.show()
print(output_image.shape, output_image.dtype, np.round(output_image[::10, ::10, 0], 3))
acc = ((model(data).squeeze(1) > 0).long() == label).float().mean()
print(f"accuracy {acc.item():.3f}", np.mean(data_np, axis=0).round(3), (preds > 0.5).sum().item())
