# Source style: UvA DL tutorial 5 (Inception, ResNet and DenseNet): a pre-activation-free ResNet block with BatchNorm and a strided 1x1 shortcut, a small ResNet with global average pooling, parameter counts, Adam steps, eval mode
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

torch.manual_seed(42)


class ResNetBlock(nn.Module):
    def __init__(self, c_in, act_fn, subsample=False, c_out=-1):
        super().__init__()
        if not subsample:
            c_out = c_in
        # the strided first convolution halves height and width when subsampling
        self.net = nn.Sequential(
            nn.Conv2d(c_in, c_out, kernel_size=3, padding=1, stride=1 if not subsample else 2,
                      bias=False),
            nn.BatchNorm2d(c_out),
            act_fn(),
            nn.Conv2d(c_out, c_out, kernel_size=3, padding=1, bias=False),
            nn.BatchNorm2d(c_out))
        self.downsample = nn.Conv2d(c_in, c_out, kernel_size=1, stride=2) if subsample else None
        self.act_fn = act_fn()

    def forward(self, x):
        z = self.net(x)
        if self.downsample is not None:
            x = self.downsample(x)
        return self.act_fn(z + x)


class ResNet(nn.Module):
    def __init__(self, num_classes=4, num_blocks=(2, 1), c_hidden=(8, 16)):
        super().__init__()
        self.input_net = nn.Sequential(
            nn.Conv2d(3, c_hidden[0], kernel_size=3, padding=1, bias=False),
            nn.BatchNorm2d(c_hidden[0]), nn.ReLU())
        blocks = []
        for block_idx, block_count in enumerate(num_blocks):
            for bc in range(block_count):
                subsample = bc == 0 and block_idx > 0
                blocks.append(ResNetBlock(c_in=c_hidden[block_idx if not subsample else block_idx - 1],
                                          act_fn=nn.ReLU, subsample=subsample,
                                          c_out=c_hidden[block_idx]))
        self.blocks = nn.Sequential(*blocks)
        self.output_net = nn.Sequential(nn.AdaptiveAvgPool2d((1, 1)), nn.Flatten(),
                                        nn.Linear(c_hidden[-1], num_classes))
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode='fan_out', nonlinearity='relu')
            elif isinstance(m, nn.BatchNorm2d):
                nn.init.constant_(m.weight, 1)
                nn.init.constant_(m.bias, 0)

    def forward(self, x):
        x = self.input_net(x)
        x = self.blocks(x)
        return self.output_net(x)


block = ResNetBlock(4, nn.ReLU, subsample=True, c_out=8)
print(block)
print(block(torch.randn(2, 4, 8, 8)).shape)

model = ResNet()
num_params = sum(p.numel() for p in model.parameters())
print('parameters:', num_params)
print([name for name, _ in model.named_parameters()][:6])

# four classes of 16x16 images: a bright square in one corner each
imgs = torch.randn(16, 3, 16, 16) * 0.2
labels = torch.arange(16) % 4
for i in range(16):
    r, c = divmod(int(labels[i]), 2)
    imgs[i, :, 8 * r:8 * r + 8, 8 * c:8 * c + 8] += 1.0

optimizer = optim.Adam(model.parameters(), lr=1e-3)
for step in range(3):
    model.train()
    optimizer.zero_grad()
    preds = model(imgs)
    loss = F.cross_entropy(preds, labels)
    loss.backward()
    optimizer.step()
    acc = (preds.argmax(dim=-1) == labels).float().mean()
    print(f'step {step}: loss {loss.item():.3f} acc {acc.item():.3f}')

model.eval()
with torch.no_grad():
    preds = model(imgs)
print('eval acc', (preds.argmax(dim=-1) == labels).float().mean().item())
print([round(v, 2) for v in model.input_net[1].running_mean.tolist()])
print(model.blocks[2].downsample.weight.grad.shape)
