# Source style: d2l.ai 9.1/10.1 (GRU from scratch: get_params, init_gru_state, one-hot inputs, grad_clipping, predict)
import collections
import math
import torch
from torch.nn import functional as F

torch.manual_seed(3)
text = 'the time machine by h g wells the time traveller for so it will be convenient ' \
       'to speak of him was expounding a recondite matter to us'
tokens = list(text)
counter = collections.Counter(tokens)
idx_to_token = ['<unk>'] + [tok for tok, freq in sorted(counter.items(), key=lambda x: (-x[1], x[0]))]
token_to_idx = {tok: idx for idx, tok in enumerate(idx_to_token)}
corpus = [token_to_idx[tok] for tok in tokens]
vocab_size = len(idx_to_token)
print(vocab_size, idx_to_token[:6], corpus[:10])

def seq_data_iter_sequential(corpus, batch_size, num_steps):
    offset = 2
    num_tokens = ((len(corpus) - offset - 1) // batch_size) * batch_size
    Xs = torch.tensor(corpus[offset: offset + num_tokens])
    Ys = torch.tensor(corpus[offset + 1: offset + 1 + num_tokens])
    Xs, Ys = Xs.reshape(batch_size, -1), Ys.reshape(batch_size, -1)
    num_batches = Xs.shape[1] // num_steps
    for i in range(0, num_steps * num_batches, num_steps):
        X = Xs[:, i: i + num_steps]
        Y = Ys[:, i: i + num_steps]
        yield X, Y

def get_params(vocab_size, num_hiddens):
    num_inputs = num_outputs = vocab_size

    def normal(shape):
        return torch.randn(size=shape) * 0.01

    def three():
        return (normal((num_inputs, num_hiddens)),
                normal((num_hiddens, num_hiddens)),
                torch.zeros(num_hiddens))

    W_xz, W_hz, b_z = three()
    W_xr, W_hr, b_r = three()
    W_xh, W_hh, b_h = three()
    W_hq = normal((num_hiddens, num_outputs))
    b_q = torch.zeros(num_outputs)
    params = [W_xz, W_hz, b_z, W_xr, W_hr, b_r, W_xh, W_hh, b_h, W_hq, b_q]
    for param in params:
        param.requires_grad_(True)
    return params

def init_gru_state(batch_size, num_hiddens):
    return (torch.zeros((batch_size, num_hiddens)), )

def gru(inputs, state, params):
    W_xz, W_hz, b_z, W_xr, W_hr, b_r, W_xh, W_hh, b_h, W_hq, b_q = params
    H, = state
    outputs = []
    for X in inputs:
        Z = torch.sigmoid((X @ W_xz) + (H @ W_hz) + b_z)
        R = torch.sigmoid((X @ W_xr) + (H @ W_hr) + b_r)
        H_tilda = torch.tanh((X @ W_xh) + ((R * H) @ W_hh) + b_h)
        H = Z * H + (1 - Z) * H_tilda
        Y = H @ W_hq + b_q
        outputs.append(Y)
    return torch.cat(outputs, dim=0), (H,)

class RNNModelScratch:
    def __init__(self, vocab_size, num_hiddens, get_params, init_state, forward_fn):
        self.vocab_size, self.num_hiddens = vocab_size, num_hiddens
        self.params = get_params(vocab_size, num_hiddens)
        self.init_state, self.forward_fn = init_state, forward_fn

    def __call__(self, X, state):
        X = F.one_hot(X.T, self.vocab_size).type(torch.float32)
        return self.forward_fn(X, state, self.params)

    def begin_state(self, batch_size):
        return self.init_state(batch_size, self.num_hiddens)

def grad_clipping(net, theta):
    params = net.params
    norm = torch.sqrt(sum(torch.sum((p.grad ** 2)) for p in params))
    if norm > theta:
        for param in params:
            param.grad[:] *= theta / norm
    return norm

def predict(prefix, num_preds, net):
    state = net.begin_state(batch_size=1)
    outputs = [token_to_idx[prefix[0]]]
    get_input = lambda: torch.tensor([outputs[-1]]).reshape((1, 1))
    for y in prefix[1:]:
        _, state = net(get_input(), state)
        outputs.append(token_to_idx[y])
    for _ in range(num_preds):
        y, state = net(get_input(), state)
        outputs.append(int(y.argmax(dim=1).reshape(1)))
    return ''.join([idx_to_token[i] for i in outputs])

num_hiddens, batch_size, num_steps, lr = 16, 2, 5, 1.0
net = RNNModelScratch(vocab_size, num_hiddens, get_params, init_gru_state, gru)
X = torch.arange(10).reshape((2, 5)) % vocab_size
Y, new_state = net(X, net.begin_state(X.shape[0]))
print(Y.shape, len(new_state), new_state[0].shape)

for epoch in range(12):
    state = None
    total, n = 0.0, 0
    for X, Y in seq_data_iter_sequential(corpus, batch_size, num_steps):
        if state is None:
            state = net.begin_state(batch_size=X.shape[0])
        else:
            for s in state:
                s.detach_()
        y = Y.T.reshape(-1)
        y_hat, state = net(X, state)
        l = F.cross_entropy(y_hat, y.long()).mean()
        for p in net.params:
            if p.grad is not None:
                p.grad.zero_()
        l.backward()
        norm = grad_clipping(net, 1)
        with torch.no_grad():
            for p in net.params:
                p -= lr * p.grad
        total += l.item() * y.numel()
        n += y.numel()
    if epoch % 3 == 2:
        print(f'epoch {epoch + 1}: perplexity {math.exp(total / n):.4f}, last grad norm {float(norm):.4f}')
print(predict('the ', 6, net))
