import torch
x = torch.ones(3, requires_grad=True)
y = x * 2
y.backward(torch.ones(3), retain_graph=True)
y.backward(torch.ones(4))
z = x.sum()
z.backward(create_graph=True)
h = x.register_hook(lambda g: None)
x.register_hook(lambda g: 1 / 0)
(x * 3).sum().backward()
