# Source style: d2l.ai 9.6/10.1 (concise RNN and LSTM: nn.RNN/nn.LSTM layers in an RNNModel, begin_state, clip_grad_norm_, predict)
import math
import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(17)
text = 'the time traveller for so it will be convenient to speak of him ' \
       'was expounding a recondite matter to us his grey eyes shone'
idx_to_token = sorted(set(text))
token_to_idx = {t: i for i, t in enumerate(idx_to_token)}
corpus = torch.tensor([token_to_idx[c] for c in text])
vocab_size = len(idx_to_token)
print(vocab_size, len(corpus))

batch_size, num_steps = 4, 6
def load_batches():
    n = (len(corpus) - 1) // (batch_size * num_steps) * batch_size * num_steps
    Xs = corpus[:n].reshape(batch_size, -1)
    Ys = corpus[1:n + 1].reshape(batch_size, -1)
    for i in range(0, Xs.shape[1], num_steps):
        yield Xs[:, i:i + num_steps], Ys[:, i:i + num_steps]

num_hiddens = 24
rnn_layer = nn.RNN(vocab_size, num_hiddens)
print(rnn_layer)
state = torch.zeros((1, batch_size, num_hiddens))
X = torch.rand(size=(num_steps, batch_size, vocab_size))
Y, state_new = rnn_layer(X, state)
print(Y.shape, state_new.shape, Y.grad_fn.name())

class RNNModel(nn.Module):
    def __init__(self, rnn_layer, vocab_size, **kwargs):
        super(RNNModel, self).__init__(**kwargs)
        self.rnn = rnn_layer
        self.vocab_size = vocab_size
        self.num_hiddens = self.rnn.hidden_size
        if not self.rnn.bidirectional:
            self.num_directions = 1
            self.linear = nn.Linear(self.num_hiddens, self.vocab_size)
        else:
            self.num_directions = 2
            self.linear = nn.Linear(self.num_hiddens * 2, self.vocab_size)

    def forward(self, inputs, state):
        X = F.one_hot(inputs.T.long(), self.vocab_size)
        X = X.to(torch.float32)
        Y, state = self.rnn(X, state)
        output = self.linear(Y.reshape((-1, Y.shape[-1])))
        return output, state

    def begin_state(self, device, batch_size=1):
        if not isinstance(self.rnn, nn.LSTM):
            return torch.zeros((self.num_directions * self.rnn.num_layers,
                                batch_size, self.num_hiddens), device=device)
        else:
            return (torch.zeros((self.num_directions * self.rnn.num_layers,
                                 batch_size, self.num_hiddens), device=device),
                    torch.zeros((self.num_directions * self.rnn.num_layers,
                                 batch_size, self.num_hiddens), device=device))

def predict(prefix, num_preds, net, device):
    state = net.begin_state(batch_size=1, device=device)
    outputs = [token_to_idx[prefix[0]]]
    get_input = lambda: torch.tensor([outputs[-1]], device=device).reshape((1, 1))
    for y in prefix[1:]:
        _, state = net(get_input(), state)
        outputs.append(token_to_idx[y])
    for _ in range(num_preds):
        y, state = net(get_input(), state)
        outputs.append(int(y.argmax(dim=1).reshape(1)))
    return ''.join([idx_to_token[i] for i in outputs])

def train(net, lr, num_epochs, device='cpu'):
    loss = nn.CrossEntropyLoss()
    updater = torch.optim.SGD(net.parameters(), lr)
    for epoch in range(num_epochs):
        state, total, n = None, 0.0, 0
        for X, Y in load_batches():
            if state is None:
                state = net.begin_state(batch_size=X.shape[0], device=device)
            elif isinstance(net, nn.Module) and not isinstance(state, tuple):
                state.detach_()
            else:
                for s in state:
                    s.detach_()
            y = Y.T.reshape(-1)
            y_hat, state = net(X, state)
            l = loss(y_hat, y.long()).mean()
            updater.zero_grad()
            l.backward()
            norm = nn.utils.clip_grad_norm_(net.parameters(), 1)
            updater.step()
            total += l.item() * y.numel()
            n += y.numel()
        if (epoch + 1) % 5 == 0:
            print(f'epoch {epoch + 1}: perplexity {math.exp(total / n):.3f}, grad norm {norm.item():.4f}')
    return math.exp(total / n)

device = torch.device('cpu')
net = RNNModel(rnn_layer, vocab_size=vocab_size)
net = net.to(device)
print(predict('time ', 8, net, device))
train(net, 0.5, 10)
print(predict('time ', 8, net, device))

# the same with an LSTM layer of two layers
torch.manual_seed(3)
lstm_layer = nn.LSTM(vocab_size, 16, num_layers=2)
print(lstm_layer, [name for name, _ in lstm_layer.named_parameters()][:4])
model = RNNModel(lstm_layer, vocab_size)
print(sum(p.numel() for p in model.parameters()))
train(model, 2.0, 10)
print(predict('time ', 8, model, device))

# a GRU cell stepped by hand agrees with the GRU layer
gru = nn.GRU(3, 5)
cell = nn.GRUCell(3, 5)
cell.load_state_dict({k[:-3]: v for k, v in gru.state_dict().items()})
xs = torch.randn(4, 2, 3)
h = torch.zeros(2, 5)
for x in xs:
    h = cell(x, h)
out, h_n = gru(xs)
print(torch.allclose(h, h_n[0], atol=1e-6), torch.allclose(out[-1], h, atol=1e-6))
