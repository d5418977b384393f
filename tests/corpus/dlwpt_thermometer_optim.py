# Source style: Deep Learning with PyTorch ch. 5 (torch.optim, a train/validation split by randperm)
import torch
import torch.optim as optim

torch.manual_seed(14)
t_c = torch.linspace(-5.0, 30.0, 12)
t_u = t_c * 1.8 + 32.0 + torch.randn(12)

def model(t_u, w, b):
    return w * t_u + b

def loss_fn(t_p, t_c):
    squared_diffs = (t_p - t_c)**2
    return squared_diffs.mean()

print([name for name in ['SGD', 'Adam', 'RMSprop', 'Adagrad', 'AdamW'] if hasattr(optim, name)])
params = torch.tensor([1.0, 0.0], requires_grad=True)
optimizer = optim.SGD([params], lr=1e-5)
t_p = model(t_u, *params)
loss = loss_fn(t_p, t_c)
loss.backward()
optimizer.step()
print(params)

def training_loop(n_epochs, optimizer, params, t_u, t_c):
    for epoch in range(1, n_epochs + 1):
        t_p = model(t_u, *params)
        loss = loss_fn(t_p, t_c)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if epoch % 250 == 0:
            print('Epoch %d, Loss %f' % (epoch, float(loss)))
    return params

params = torch.tensor([1.0, 0.0], requires_grad=True)
optimizer = optim.SGD([params], lr=1e-2)
print(training_loop(n_epochs=1000, optimizer=optimizer, params=params, t_u=t_u * 0.1, t_c=t_c))

params = torch.tensor([1.0, 0.0], requires_grad=True)
optimizer = optim.Adam([params], lr=1e-1)
print(training_loop(n_epochs=1000, optimizer=optimizer, params=params, t_u=t_u, t_c=t_c))

n_samples = t_u.shape[0]
n_val = int(0.2 * n_samples)
shuffled_indices = torch.randperm(n_samples)
train_indices = shuffled_indices[:-n_val]
val_indices = shuffled_indices[-n_val:]
print(train_indices, val_indices)
train_t_u, train_t_c = t_u[train_indices], t_c[train_indices]
val_t_u, val_t_c = t_u[val_indices], t_c[val_indices]
params = torch.tensor([1.0, 0.0], requires_grad=True)
optimizer = optim.SGD([params], lr=1e-2)
for epoch in range(1, 301):
    train_loss = loss_fn(model(0.1 * train_t_u, *params), train_t_c)
    with torch.no_grad():
        val_loss = loss_fn(model(0.1 * val_t_u, *params), val_t_c)
        assert val_loss.requires_grad == False
    optimizer.zero_grad()
    train_loss.backward()
    optimizer.step()
    if epoch <= 3 or epoch % 100 == 0:
        print(f"Epoch {epoch}, Training loss {train_loss.item():.4f}, Validation loss {val_loss.item():.4f}")
