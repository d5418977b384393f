# Source style: d2l.ai "Long Short-Term Memory (LSTM)" from scratch, with the four gates computed by one matrix product and cut with chunk
import torch
from torch import nn

torch.manual_seed(0)
T, batch, num_inputs, num_hiddens = 12, 4, 3, 8
t = torch.arange(T + 1, dtype=torch.float32)
series = torch.stack([torch.sin(0.5 * t + k) for k in range(batch)], dim=1)   # (T+1, batch)
X = series[:-1].unsqueeze(-1).repeat(1, 1, num_inputs) * torch.tensor([1.0, 0.5, -0.25])
Y = series[1:]


def init_params():
    def normal(*shape):
        return torch.randn(*shape) * 0.1
    W_x = normal(num_inputs, 4 * num_hiddens).requires_grad_()
    W_h = normal(num_hiddens, 4 * num_hiddens).requires_grad_()
    b = torch.zeros(4 * num_hiddens, requires_grad=True)
    W_q = normal(num_hiddens, 1).requires_grad_()
    b_q = torch.zeros(1, requires_grad=True)
    return [W_x, W_h, b, W_q, b_q]


def lstm(inputs, state, params):
    W_x, W_h, b, W_q, b_q = params
    H, C = state
    outputs = []
    for x in inputs:
        gates = x @ W_x + H @ W_h + b
        i, f, o, c_tilde = gates.chunk(4, dim=1)
        I, F, O = torch.sigmoid(i), torch.sigmoid(f), torch.sigmoid(o)
        C = F * C + I * torch.tanh(c_tilde)
        H = O * torch.tanh(C)
        outputs.append(H @ W_q + b_q)
    return torch.cat(outputs, dim=1).T, (H, C)


params = init_params()
state = (torch.zeros(batch, num_hiddens), torch.zeros(batch, num_hiddens))
out, (H, C) = lstm(X, state, params)
gates = X[0] @ params[0] + params[2]
pieces = gates.chunk(4, dim=1)
print(pieces[0].grad_fn, pieces[3].output_nr, pieces[1].grad_fn is pieces[2].grad_fn)
print(out.shape, H.shape, C.shape)

optimizer = torch.optim.SGD(params, lr=0.5)
for epoch in range(30):
    state = (torch.zeros(batch, num_hiddens), torch.zeros(batch, num_hiddens))
    out, _ = lstm(X, state, params)
    loss = ((out - Y) ** 2).mean()
    optimizer.zero_grad()
    loss.backward()
    grad_norm = torch.sqrt(sum((p.grad ** 2).sum() for p in params))
    if grad_norm > 1.0:
        for p in params:
            p.grad *= 1.0 / grad_norm
    optimizer.step()
    if epoch % 5 == 0:
        print(f"epoch {epoch}, loss {loss.item():.6f}, grad norm {grad_norm.item():.6f}")
print(f"final loss {loss.item():.6f}")
print(params[1].grad[:2, :6])
