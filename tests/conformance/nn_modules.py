# torch.nn's modules beyond Linear: containers, norms, dropout, embedding, state_dict, init,
# buffers, module errors; torch.utils.data and lr_scheduler basics
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import TensorDataset, DataLoader, random_split, Subset
import torch.nn.init as init

torch.manual_seed(0)
m = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Dropout(0.3), nn.BatchNorm1d(4),
                  nn.LayerNorm(4), nn.Linear(4, 2))
print(m)
x = torch.randn(5, 3)
print(m(x))
print([n for n, _ in m.named_parameters()])
print(list(m.state_dict()))
print(list(m.buffers()))
m.eval()
print(m(x))
print(m[0], len(m), m[-1])
print(m[1:3])
print(m.load_state_dict(m.state_dict()))
m[1] = nn.Tanh()
print(m[1], m.training, m[3].training)
print([name for name, _ in m.named_modules()])
e = nn.Embedding(5, 3)
print(e, e.weight)
print(e(torch.tensor([[0, 4], [1, 1]])).shape)
print(F.one_hot(torch.tensor([0, 2, 1])))
print(F.one_hot(torch.tensor([[1], [0]]), num_classes=4))
print(nn.ModuleDict({'a': nn.Tanh(), 'b': nn.GELU(approximate='tanh')}))
print(nn.ParameterList([nn.Parameter(torch.ones(2, 3)), nn.Parameter(torch.zeros(4))]))
print(nn.ModuleList([nn.Linear(2, 2), nn.ELU(), nn.LeakyReLU(0.2), nn.Softplus(), nn.SiLU(), nn.Identity()]))
t = torch.tensor([-2.0, -0.5, 0.0, 0.5, 30.0])
print(F.leaky_relu(t), F.elu(t), F.softplus(t), F.gelu(t, approximate='tanh'), F.silu(t))
print(F.l1_loss(t, torch.zeros(5)), F.smooth_l1_loss(t, torch.zeros(5)), F.huber_loss(t, torch.zeros(5), delta=2.0))
bn = nn.BatchNorm1d(3, momentum=None)
for _ in range(3):
    bn(torch.randn(4, 3))
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
bn3 = nn.BatchNorm1d(2)
print(bn3(torch.randn(2, 2, 3)).shape, bn3.running_mean)
print(F.dropout(torch.ones(2, 4), 0.5), F.dropout(torch.ones(3), 0.5, training=False))
print(nn.Dropout(1.0)(torch.ones(3)))

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.register_buffer('steps', torch.zeros(1))
        self.scale = nn.Parameter(torch.ones(1))
    def forward(self, x):
        self.steps += 1
        return self.fc(x) * self.scale

net = Net()
net(torch.ones(1, 2))
print(net.state_dict())
print([n for n, _ in net.named_buffers()], [n for n, _ in net.named_parameters()])
net.apply(lambda mod: init.zeros_(mod.weight) if isinstance(mod, nn.Linear) else None)
print(net.fc.weight)

for bad in [lambda: setattr(net, 'scale', torch.ones(1)),
            lambda: nn.Sequential(nn.Linear(1, 1), 3),
            lambda: nn.Dropout(1.5),
            lambda: nn.BatchNorm1d(3)(torch.ones(1, 3)),
            lambda: nn.BatchNorm1d(3)(torch.ones(3)),
            lambda: nn.LayerNorm(4)(torch.ones(2, 3)),
            lambda: nn.Module()(1),
            lambda: net.register_buffer('fc', torch.ones(1)),
            lambda: net.load_state_dict({'fc.weight': torch.ones(3)}),
            lambda: m[10],
            lambda: F.one_hot(torch.tensor([0.0])),
            lambda: F.one_hot(torch.tensor([3]), 2),
            lambda: net.train('yes'),
            lambda: init.kaiming_uniform_(torch.empty(3)),
            lambda: init.calculate_gain('swish'),
            lambda: DataLoader([1, 2], batch_size=0),
            lambda: DataLoader([1, 2], sampler=[0, 1], shuffle=True),
            lambda: random_split([1, 2, 3], [1, 1])]:
    try:
        bad()
        print("no error")
    except Exception as err:
        print(type(err).__name__, err)

w = torch.empty(3, 5)
print(init.xavier_uniform_(w))
print(init.kaiming_normal_(torch.empty(2, 4), mode='fan_out', nonlinearity='relu'))
print(init.kaiming_uniform_(torch.empty(2, 4), a=5 ** 0.5))
print(init.calculate_gain('leaky_relu', 0.2), init.calculate_gain('tanh'), init.calculate_gain('relu'))
print(init.normal_(torch.empty(3), std=0.01), init.uniform_(torch.empty(2), -1, 1), init.constant_(torch.empty(2), 0.3), init.ones_(torch.empty(2)), init.eye_(torch.empty(2, 3)))
x = torch.arange(10.).reshape(5, 2)
y = torch.arange(5)
ds = TensorDataset(x, y)
print(len(ds), ds[1])
for xb, yb in DataLoader(ds, batch_size=2):
    print(xb, yb)
dl = DataLoader(ds, batch_size=2, drop_last=True)
print(len(dl), [b[1].tolist() for b in dl])
print(torch.randn(2))
print(list(DataLoader([(1, 2.0), (3, 4.0), (5, 6.0)], batch_size=2)))
print(list(DataLoader([{'a': torch.ones(2), 'b': 1}, {'a': torch.zeros(2), 'b': 2}], batch_size=2)))
print(list(DataLoader(ds, batch_size=None))[0])
print(len(ds + ds), (ds + ds)[7])
print(Subset(ds, [4, 0])[0], len(Subset(ds, [4, 0])))
opt = torch.optim.SGD([torch.zeros(2, requires_grad=True)], lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
for i in range(5):
    opt.step()
    sched.step()
    print(sched.get_last_lr(), opt.param_groups[0]['lr'])
print(opt)
