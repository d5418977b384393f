# Source style: Deep Learning with PyTorch ch. 8 (using convolutions to generalize): nn.Conv2d by hand, a blur and an edge kernel, max pooling, Net with view(-1, ...), NetWidth, L2 regularization, dropout and batch norm variants
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(123)

conv = nn.Conv2d(3, 16, kernel_size=3)
print(conv)
print(conv.weight.shape, conv.bias.shape)

img = torch.rand(3, 32, 32)
output = conv(img.unsqueeze(0))
print(img.unsqueeze(0).shape, output.shape)

conv = nn.Conv2d(3, 1, kernel_size=3, padding=1)
with torch.no_grad():
    conv.bias.zero_()
with torch.no_grad():
    conv.weight.fill_(1.0 / 9.0)
output = conv(img.unsqueeze(0))
print(output.shape, output[0, 0, :3, :3])

conv = nn.Conv2d(3, 1, kernel_size=3, padding=1)
with torch.no_grad():
    conv.weight[:] = torch.tensor([[-1.0, 0.0, 1.0],
                                   [-1.0, 0.0, 1.0],
                                   [-1.0, 0.0, 1.0]])
    conv.bias.zero_()
edges = conv(img.unsqueeze(0))
print(edges[0, 0, 0, :5])

pool = nn.MaxPool2d(2)
output = pool(img.unsqueeze(0))
print(img.unsqueeze(0).shape, output.shape)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 16, kernel_size=3, padding=1)
        self.act1 = nn.Tanh()
        self.pool1 = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(16, 8, kernel_size=3, padding=1)
        self.act2 = nn.Tanh()
        self.pool2 = nn.MaxPool2d(2)
        self.fc1 = nn.Linear(8 * 8 * 8, 32)
        self.act3 = nn.Tanh()
        self.fc2 = nn.Linear(32, 2)

    def forward(self, x):
        out = self.pool1(self.act1(self.conv1(x)))
        out = self.pool2(self.act2(self.conv2(out)))
        out = out.view(-1, 8 * 8 * 8)
        out = self.act3(self.fc1(out))
        return self.fc2(out)


class NetWidth(nn.Module):
    def __init__(self, n_chans1=32):
        super().__init__()
        self.n_chans1 = n_chans1
        self.conv1 = nn.Conv2d(3, n_chans1, kernel_size=3, padding=1)
        self.conv2 = nn.Conv2d(n_chans1, n_chans1 // 2, kernel_size=3, padding=1)
        self.conv1_dropout = nn.Dropout2d(p=0.4)
        self.conv2_batchnorm = nn.BatchNorm2d(num_features=n_chans1 // 2)
        self.fc1 = nn.Linear(8 * 8 * n_chans1 // 2, 32)
        self.fc2 = nn.Linear(32, 2)

    def forward(self, x):
        out = F.max_pool2d(torch.tanh(self.conv1(x)), 2)
        out = self.conv1_dropout(out)
        out = self.conv2_batchnorm(self.conv2(out))
        out = F.max_pool2d(torch.tanh(out), 2)
        out = out.view(-1, 8 * 8 * self.n_chans1 // 2)
        out = torch.tanh(self.fc1(out))
        return self.fc2(out)


model = Net()
numel_list = [p.numel() for p in model.parameters()]
print(sum(numel_list), numel_list)

# birds (a blue sky in the top half) against airplanes (a grey band across the middle)
imgs = torch.rand(12, 3, 32, 32) * 0.4
labels = torch.tensor([0, 1] * 6)
for i in range(12):
    if labels[i] == 0:
        imgs[i, 2, :16] += 0.6
    else:
        imgs[i, :, 12:20] += 0.5


def training_loop(n_epochs, optimizer, model, loss_fn, l2_lambda=0.0):
    for epoch in range(1, n_epochs + 1):
        loss_train = 0.0
        for start in range(0, 12, 4):
            outputs = model(imgs[start:start + 4])
            loss = loss_fn(outputs, labels[start:start + 4])
            if l2_lambda > 0:
                l2_norm = sum(p.pow(2.0).sum() for p in model.parameters())
                loss = loss + l2_lambda * l2_norm
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            loss_train += loss.item()
        print('Epoch {}, Training loss {:.4f}'.format(epoch, loss_train / 3))


training_loop(3, torch.optim.SGD(model.parameters(), lr=1e-2), model, nn.CrossEntropyLoss())
wide = NetWidth(n_chans1=8)
training_loop(3, torch.optim.SGD(wide.parameters(), lr=1e-2), wide, nn.CrossEntropyLoss(),
              l2_lambda=0.001)
wide.eval()
with torch.no_grad():
    print(wide(imgs[:4]).argmax(dim=1), wide.conv2_batchnorm.running_var[:4])
