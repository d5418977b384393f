# Source style: d2l.ai 8.5 (batch normalization from scratch: moving statistics, BatchNorm module, 2-d and 4-d inputs)
import torch
from torch import nn

torch.manual_seed(5)

def batch_norm(X, gamma, beta, moving_mean, moving_var, eps, momentum):
    # in prediction mode the moving statistics are used as they are
    if not torch.is_grad_enabled():
        X_hat = (X - moving_mean) / torch.sqrt(moving_var + eps)
    else:
        assert len(X.shape) in (2, 4)
        if len(X.shape) == 2:
            mean = X.mean(dim=0)
            var = ((X - mean) ** 2).mean(dim=0)
        else:
            mean = X.mean(dim=(0, 2, 3), keepdim=True)
            var = ((X - mean) ** 2).mean(dim=(0, 2, 3), keepdim=True)
        X_hat = (X - mean) / torch.sqrt(var + eps)
        moving_mean = (1.0 - momentum) * moving_mean + momentum * mean
        moving_var = (1.0 - momentum) * moving_var + momentum * var
    Y = gamma * X_hat + beta
    return Y, moving_mean.data, moving_var.data

class BatchNorm(nn.Module):
    def __init__(self, num_features, num_dims):
        super().__init__()
        if num_dims == 2:
            shape = (1, num_features)
        else:
            shape = (1, num_features, 1, 1)
        self.gamma = nn.Parameter(torch.ones(shape))
        self.beta = nn.Parameter(torch.zeros(shape))
        self.moving_mean = torch.zeros(shape)
        self.moving_var = torch.ones(shape)

    def forward(self, X):
        if self.moving_mean.device != X.device:
            self.moving_mean = self.moving_mean.to(X.device)
            self.moving_var = self.moving_var.to(X.device)
        Y, self.moving_mean, self.moving_var = batch_norm(
            X, self.gamma, self.beta, self.moving_mean,
            self.moving_var, eps=1e-5, momentum=0.1)
        return Y

# a 2-d batch: the per-feature statistics
bn = BatchNorm(4, num_dims=2)
X = torch.randn(16, 4) * torch.tensor([1.0, 2.0, 0.5, 3.0]) + torch.tensor([0.0, 1.0, -2.0, 5.0])
Y = bn(X)
print(Y.mean(dim=0).abs().max() < 1e-6)
print(Y.std(dim=0, unbiased=False))
print(bn.moving_mean)
print(bn.moving_var)

# a 4-d batch (N, C, H, W): statistics per channel
bn4 = BatchNorm(3, num_dims=4)
X4 = torch.rand(2, 3, 4, 4) * 4
Y4 = bn4(X4)
print(Y4.shape, bn4.moving_mean.shape)
print(Y4.mean(dim=(0, 2, 3)).abs().max().item() < 1e-6)
print(bn4.moving_var.reshape(-1))

# a small network trained with it, compared with nn.BatchNorm1d
torch.manual_seed(1)
features = torch.randn(64, 6)
labels = (features[:, 0] * features[:, 1] > 0).long()
net = nn.Sequential(nn.Linear(6, 12), BatchNorm(12, num_dims=2), nn.Sigmoid(), nn.Linear(12, 2))
torch.manual_seed(1)
ref = nn.Sequential(nn.Linear(6, 12), nn.BatchNorm1d(12), nn.Sigmoid(), nn.Linear(12, 2))
ref.load_state_dict({k: v for k, v in zip(ref.state_dict().keys(), [
    net[0].weight, net[0].bias, net[1].gamma.reshape(-1), net[1].beta.reshape(-1),
    torch.zeros(12), torch.ones(12), torch.tensor(0), net[3].weight, net[3].bias])})
loss = nn.CrossEntropyLoss()
for model in (net, ref):
    trainer = torch.optim.SGD(model.parameters(), lr=0.5)
    for epoch in range(5):
        for i in range(0, 64, 16):
            l = loss(model(features[i:i + 16]), labels[i:i + 16])
            trainer.zero_grad()
            l.backward()
            trainer.step()
        print(f'epoch {epoch + 1}, loss {l.item():.5f}')
print(net[1].gamma.reshape((-1,))[:4], net[1].beta.reshape((-1,))[:4])
print(ref[1].weight[:4], ref[1].bias[:4])
print(torch.allclose(net[1].moving_mean.reshape(-1), ref[1].running_mean, atol=1e-5))
print(ref[1].running_var[:3], ref[1].num_batches_tracked)

# prediction: no statistics of the batch
with torch.no_grad():
    print(net(features[:3]).argmax(dim=1), ref.eval()(features[:3]).argmax(dim=1))
