# Source style: Deep Learning with PyTorch ch. 5 (autograd: params.grad, detach().requires_grad_())
import torch

torch.manual_seed(13)
t_c = torch.tensor([0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0, -5.0])
t_u = (t_c * 1.8 + 32.0 + torch.randn(8)) * 0.1

def model(t_u, w, b):
    return w * t_u + b

def loss_fn(t_p, t_c):
    squared_diffs = (t_p - t_c)**2
    return squared_diffs.mean()

params = torch.tensor([1.0, 0.0], requires_grad=True)
print(params.grad is None)
loss = loss_fn(model(t_u, *params), t_c)
loss.backward()
print(params.grad)

if params.grad is not None:
    params.grad.zero_()
print(params.grad)

def training_loop(n_epochs, learning_rate, params, t_u, t_c):
    for epoch in range(1, n_epochs + 1):
        if params.grad is not None:
            params.grad.zero_()
        t_p = model(t_u, *params)
        loss = loss_fn(t_p, t_c)
        loss.backward()
        with torch.no_grad():
            params -= learning_rate * params.grad
        if epoch % 100 == 0:
            print('Epoch %d, Loss %f' % (epoch, float(loss)))
    return params

p = training_loop(n_epochs=500, learning_rate=1e-2,
                  params=torch.tensor([1.0, 0.0], requires_grad=True), t_u=t_u, t_c=t_c)
print(p)

params = torch.tensor([1.0, 0.0], requires_grad=True)
for epoch in range(3):
    loss = loss_fn(model(t_u, *params), t_c)
    loss.backward()
    params = (params - 1e-2 * params.grad).detach().requires_grad_()
    print(params, params.is_leaf, params.grad)
