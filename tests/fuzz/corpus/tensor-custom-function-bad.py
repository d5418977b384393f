import torch
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x
    @staticmethod
    def backward(ctx, g):
        return g, g, g
x = torch.ones(2, requires_grad=True)
y = F.apply(x)
(y * 2).sum().backward()
class G(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x, 5)
        return x * 2
G.apply(x).sum().backward()
