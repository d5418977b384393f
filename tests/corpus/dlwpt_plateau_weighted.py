# Source style: Deep Learning with PyTorch ch. 7-8 (a small classifier on made-up image statistics, class weights for an imbalanced set, label smoothing, ReduceLROnPlateau on a validation loss)
import torch
import torch.nn as nn
import torch.optim as optim

torch.manual_seed(123)

n_samples = 120
counts = torch.tensor([70, 35, 15])
features, labels = [], []
centers = torch.tensor([[0.0, 0.0, 1.0], [2.0, 1.0, -1.0], [-1.5, 2.0, 0.5]])
for cls in range(3):
    n = counts[cls].item()
    features.append(centers[cls] + 0.8 * torch.randn(n, 3))
    labels.append(torch.full((n,), cls, dtype=torch.long))
features = torch.cat(features)
labels = torch.cat(labels)
perm = torch.randperm(n_samples)
features, labels = features[perm], labels[perm]
n_val = int(0.25 * n_samples)
train_x, val_x = features[:-n_val], features[-n_val:]
train_y, val_y = labels[:-n_val], labels[-n_val:]
print(train_x.shape, val_x.shape, [(train_y == c).sum().item() for c in range(3)])

class_weights = counts.sum() / (3.0 * counts.float())
print("class weights", class_weights)

model = nn.Sequential(
    nn.Linear(3, 16),
    nn.GELU(),
    nn.Linear(16, 3),
)
loss_fn = nn.CrossEntropyLoss(weight=class_weights, label_smoothing=0.05)
optimizer = optim.SGD(model.parameters(), lr=0.5)
scheduler = optim.lr_scheduler.ReduceLROnPlateau(optimizer, mode="min", factor=0.5, patience=2, threshold=0.01,
                                                 verbose=True)


def training_loop(n_epochs):
    for epoch in range(1, n_epochs + 1):
        model.train()
        loss_train = loss_fn(model(train_x), train_y)
        optimizer.zero_grad()
        loss_train.backward()
        optimizer.step()
        model.eval()
        with torch.no_grad():
            loss_val = loss_fn(model(val_x), val_y)
        scheduler.step(loss_val)
        if epoch == 1 or epoch % 10 == 0:
            print(f"Epoch {epoch}, Training loss {loss_train.item():.4f}, "
                  f"Validation loss {loss_val.item():.4f}, lr {optimizer.param_groups[0]['lr']}")


training_loop(60)
print("best", round(scheduler.best, 4), "bad epochs", scheduler.num_bad_epochs)
print(scheduler.state_dict()["mode"], scheduler.in_cooldown)

with torch.no_grad():
    predicted = model(val_x).argmax(dim=1)
    accuracy = (predicted == val_y).float().mean()
print(f"accuracy {accuracy.item():.3f}")
for cls in range(3):
    mask = val_y == cls
    print(cls, mask.sum().item(), (predicted[mask] == cls).sum().item())

nll = nn.NLLLoss(weight=class_weights)
log_probs = torch.log_softmax(model(val_x), dim=1)
print(nll(log_probs, val_y), nn.CrossEntropyLoss(weight=class_weights)(model(val_x), val_y))
plain = nn.CrossEntropyLoss(label_smoothing=0.1, reduction="sum")
print(plain(model(val_x[:4]), val_y[:4]))
