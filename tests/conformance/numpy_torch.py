# needs: numpy with torch: from_numpy, numpy(), torch.tensor of arrays, as_tensor, scalars
import numpy as np
import torch

a = np.arange(6, dtype=np.float64).reshape(2, 3)
t = torch.from_numpy(a)
print(t.dtype, t.shape, t)
a[0, 0] = 100.0
print(t[0, 0].item())
t[1, 2] = -1.0
print(a[1, 2], a.tolist())
print(torch.from_numpy(np.arange(3)).dtype, torch.from_numpy(np.ones(2, dtype=np.float32)).dtype)
print(torch.from_numpy(np.array([True, False])).dtype)

u = torch.tensor(a)
a[0, 1] = 55.0
print(u.dtype, u[0, 1].item(), torch.tensor(np.arange(3)).dtype, torch.tensor(a, dtype=torch.float32).dtype)
print(torch.tensor(np.array(2.5)), torch.tensor([np.float32(1.5), 2.0]).dtype)

v = torch.as_tensor(a)
v[0, 2] = 7.0
print(a[0, 2], torch.as_tensor(a, dtype=torch.float32).dtype, torch.as_tensor([1, 2]).dtype)

w = torch.arange(4.0) / 4
n = w.numpy()
print(n.dtype, n.shape, n.tolist())
n[0] = 9.0
print(w[0].item())
x = torch.ones(3, requires_grad=True)
print(x.detach().numpy().tolist(), (x * 2).detach().numpy().dtype)
print(torch.arange(4).numpy().dtype, torch.zeros(2, dtype=torch.float64).numpy().dtype)

# numpy scalars in torch arithmetic
s = np.float64(0.5)
y = torch.tensor([1.0, 2.0], requires_grad=True)
z = (y * s).sum() + np.mean(np.array([1.0, 3.0]))
z.backward()
print(z.item(), y.grad, (y * np.float32(2.0)).dtype, (torch.arange(3) * np.int64(2)).dtype)
print(torch.ones(2) + np.ones(2))

# a training-data round trip
np_x = np.linspace(-1, 1, 5)
X = torch.from_numpy(np_x).float().unsqueeze(1)
print(X.shape, X.dtype, (X * 2).squeeze().numpy().tolist())
print(np.array(torch.arange(3).tolist()), np.asarray(X.squeeze().tolist()).dtype)

try:
    x.numpy()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.from_numpy([1, 2])
except TypeError as e:
    print("TypeError:", e)
