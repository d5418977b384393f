# Source style: NYU Deep Learning (Canziani) lab: variational autoencoder (reparameterise with logvar.mul(0.5).exp_(), BCE + KL loss, latent interpolation)
import torch
from torch import nn
import torch.nn.functional as F

torch.manual_seed(1)
device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

# "images": 64 binary patterns of 16 pixels made from two prototypes with noise
prototypes = torch.tensor([[1., 1., 1., 1., 0., 0., 0., 0., 1., 1., 1., 1., 0., 0., 0., 0.],
                           [0., 0., 1., 1., 0., 0., 1., 1., 0., 0., 1., 1., 0., 0., 1., 1.]])
which = torch.randint(0, 2, (64,))
flip = (torch.rand(64, 16) < 0.1).float()
data = (prototypes[which] - flip).abs()
print(data.shape, data.mean().item())

d = 2

class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Linear(16, d ** 2 * 2),
            nn.ReLU(),
            nn.Linear(d ** 2 * 2, d * 2)
        )
        self.decoder = nn.Sequential(
            nn.Linear(d, d ** 2 * 2),
            nn.ReLU(),
            nn.Linear(d ** 2 * 2, 16),
            nn.Sigmoid(),
        )

    def reparameterise(self, mu, logvar):
        if self.training:
            std = logvar.mul(0.5).exp_()
            eps = std.data.new(std.size()).normal_()
            return eps.mul(std).add_(mu)
        else:
            return mu

    def forward(self, x):
        mu_logvar = self.encoder(x.view(-1, 16)).view(-1, 2, d)
        mu = mu_logvar[:, 0, :]
        logvar = mu_logvar[:, 1, :]
        z = self.reparameterise(mu, logvar)
        return self.decoder(z), mu, logvar

model = VAE().to(device)
print(model)
learning_rate = 1e-2
optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate)

def loss_function(x_hat, x, mu, logvar, β=1):
    BCE = nn.functional.binary_cross_entropy(x_hat, x.view(-1, 16), reduction='sum')
    KLD = 0.5 * torch.sum(logvar.exp() - logvar - 1 + mu.pow(2))
    return BCE + β * KLD

epochs = 20
for epoch in range(0, epochs + 1):
    if epoch > 0:
        model.train()
        train_loss = 0
        for i in range(0, 64, 16):
            x = data[i:i + 16].to(device)
            x_hat, mu, logvar = model(x)
            loss = loss_function(x_hat, x, mu, logvar)
            train_loss += loss.item()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        if epoch % 5 == 0:
            print(f'====> Epoch: {epoch} Average loss: {train_loss / 64:.4f}')
    with torch.no_grad():
        model.eval()
        test_loss = 0
        x_hat, mu, logvar = model(data)
        test_loss += loss_function(x_hat, data, mu, logvar).item()
    if epoch % 5 == 0:
        print(f'====> Test set loss: {test_loss / 64:.4f}')

# the means of the two prototypes in latent space, and a walk between them
with torch.no_grad():
    model.eval()
    _, mu, _ = model(prototypes)
    print(mu)
    steps = torch.linspace(0, 1, 5).unsqueeze(1)
    z = mu[0] * (1 - steps) + mu[1] * steps
    print((model.decoder(z) > 0.5).int())

# sampling from the prior
torch.manual_seed(7)
with torch.no_grad():
    z = torch.randn((4, d)).to(device)
    sample = model.decoder(z)
    print(sample.round())
