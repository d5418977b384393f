# Source style: d2l.ai 12.6-12.10 (momentum, AdaGrad, RMSProp, Adam from scratch: init_*_states, hyperparams dicts, train_ch11)
import math
import torch
from torch import nn

torch.manual_seed(12)
features = torch.randn(120, 5)
true_w = torch.tensor([[2.0], [-3.4], [0.5], [1.5], [-0.7]])
labels = features @ true_w + 4.2 + 0.1 * torch.randn(120, 1)

def data_iter(batch_size, features, labels):
    num_examples = len(features)
    for i in range(0, num_examples, batch_size):
        j = slice(i, min(i + batch_size, num_examples))
        yield features[j], labels[j]

def linreg(X, w, b):
    return torch.matmul(X, w) + b

def squared_loss(y_hat, y):
    return (y_hat - y.reshape(y_hat.shape)) ** 2 / 2

def init_momentum_states(feature_dim):
    v_w = torch.zeros((feature_dim, 1))
    v_b = torch.zeros(1)
    return (v_w, v_b)

def sgd_momentum(params, states, hyperparams):
    for p, v in zip(params, states):
        with torch.no_grad():
            v[:] = hyperparams['momentum'] * v + p.grad
            p[:] -= hyperparams['lr'] * v
        p.grad.data.zero_()

def init_adagrad_states(feature_dim):
    s_w = torch.zeros((feature_dim, 1))
    s_b = torch.zeros(1)
    return (s_w, s_b)

def adagrad(params, states, hyperparams):
    eps = 1e-6
    for p, s in zip(params, states):
        with torch.no_grad():
            s[:] += torch.square(p.grad)
            p[:] -= hyperparams['lr'] * p.grad / torch.sqrt(s + eps)
        p.grad.data.zero_()

def init_rmsprop_states(feature_dim):
    s_w = torch.zeros((feature_dim, 1))
    s_b = torch.zeros(1)
    return (s_w, s_b)

def rmsprop(params, states, hyperparams):
    gamma, eps = hyperparams['gamma'], 1e-6
    for p, s in zip(params, states):
        with torch.no_grad():
            s[:] = gamma * s + (1 - gamma) * torch.square(p.grad)
            p[:] -= hyperparams['lr'] * p.grad / torch.sqrt(s + eps)
        p.grad.data.zero_()

def init_adam_states(feature_dim):
    v_w, v_b = torch.zeros((feature_dim, 1)), torch.zeros(1)
    s_w, s_b = torch.zeros((feature_dim, 1)), torch.zeros(1)
    return ((v_w, s_w), (v_b, s_b))

def adam(params, states, hyperparams):
    beta1, beta2, eps = 0.9, 0.999, 1e-6
    for p, (v, s) in zip(params, states):
        with torch.no_grad():
            v[:] = beta1 * v + (1 - beta1) * p.grad
            s[:] = beta2 * s + (1 - beta2) * torch.square(p.grad)
            v_bias_corr = v / (1 - beta1 ** hyperparams['t'])
            s_bias_corr = s / (1 - beta2 ** hyperparams['t'])
            p[:] -= hyperparams['lr'] * v_bias_corr / (torch.sqrt(s_bias_corr) + eps)
        p.grad.data.zero_()
    hyperparams['t'] += 1

def train_ch11(trainer_fn, states, hyperparams, num_epochs=3, batch_size=10):
    torch.manual_seed(0)
    w = torch.normal(mean=0.0, std=0.01, size=(features.shape[1], 1), requires_grad=True)
    b = torch.zeros((1), requires_grad=True)
    net, loss = lambda X: linreg(X, w, b), squared_loss
    history = []
    for _ in range(num_epochs):
        for X, y in data_iter(batch_size, features, labels):
            l = loss(net(X), y).mean()
            l.backward()
            trainer_fn([w, b], states, hyperparams)
        history.append(float(loss(net(features), labels).mean()))
    print(trainer_fn.__name__, ' '.join(f'{h:.5f}' for h in history), f'b={b.item():.4f}')
    return w, b

train_ch11(sgd_momentum, init_momentum_states(5), {'lr': 0.02, 'momentum': 0.5})
train_ch11(adagrad, init_adagrad_states(5), {'lr': 0.1})
train_ch11(rmsprop, init_rmsprop_states(5), {'lr': 0.01, 'gamma': 0.9})
w, b = train_ch11(adam, init_adam_states(5), {'lr': 0.01, 't': 1})
print(w.reshape(-1))

# the same with the built-in optimizers (train_concise_ch11)
def train_concise_ch11(trainer_fn, hyperparams, num_epochs=3):
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(5, 1))

    def init_weights(m):
        if type(m) == nn.Linear:
            torch.nn.init.normal_(m.weight, std=0.01)

    net.apply(init_weights)
    optimizer = trainer_fn(net.parameters(), **hyperparams)
    loss = nn.MSELoss(reduction='none')
    for _ in range(num_epochs):
        for X, y in data_iter(10, features, labels):
            optimizer.zero_grad()
            out = net(X)
            y = y.reshape(out.shape)
            l = loss(out, y)
            l.mean().backward()
            optimizer.step()
    print(type(optimizer).__name__, f'{float(loss(net(features), labels).mean() / 2):.5f}')

train_concise_ch11(torch.optim.SGD, {'lr': 0.02, 'momentum': 0.5})
train_concise_ch11(torch.optim.Adagrad, {'lr': 0.1})
train_concise_ch11(torch.optim.RMSprop, {'lr': 0.01, 'alpha': 0.9})
train_concise_ch11(torch.optim.Adam, {'lr': 0.01})

# the effective learning rate of AdaGrad shrinks as 1/sqrt(t)
eta = 0.4
def f_2d(x1, x2):
    return 0.1 * x1 ** 2 + 2 * x2 ** 2
x1, x2, s1, s2 = -5.0, -2.0, 0.0, 0.0
for i in range(10):
    g1, g2 = 0.2 * x1, 4 * x2
    s1 += g1 ** 2
    s2 += g2 ** 2
    x1 -= eta / math.sqrt(s1 + 1e-6) * g1
    x2 -= eta / math.sqrt(s2 + 1e-6) * g2
print(f'epoch 10, x1: {x1:f}, x2: {x2:f}, f: {f_2d(x1, x2):f}')
