import torch
opt = torch.optim.SGD([], lr=0.1)
w = torch.ones(2, requires_grad=True)
opt = torch.optim.Adam([w], lr=-1)
opt.step()
opt = torch.optim.SGD([w, w], lr=0.1, momentum=-1)
opt.step()
