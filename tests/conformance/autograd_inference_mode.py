# torch.inference_mode as a context manager and a decorator: grad mode off inside, restored
# after; inference_mode(False) leaves grad mode as it is.
# needs: torch.inference_mode, @torch.inference_mode()
import torch
import torch.nn as nn

torch.manual_seed(0)
net = nn.Linear(3, 2)
x = torch.randn(4, 3)
with torch.inference_mode():
    y = net(x)
print(y.requires_grad, y.grad_fn, torch.is_grad_enabled())


@torch.inference_mode()
def predict(inp):
    return net(inp).argmax(dim=1)


print(predict(x), torch.is_grad_enabled())
with torch.inference_mode(False):
    z = net(x)
print(z.requires_grad)
with torch.inference_mode(mode=True):
    print(torch.is_grad_enabled())
with torch.no_grad():
    with torch.inference_mode(False):
        print(torch.is_grad_enabled())
print(y)
