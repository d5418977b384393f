# Source style: PyTorch tutorial "Saving and loading models" / "What is torch.nn really?" (a checkpoint dict kept in memory: model and optimizer state_dict, resume training, ReduceLROnPlateau state)
import copy
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(5)
x = torch.randn(64, 4)
true_w = torch.tensor([[1.5], [-2.0], [0.5], [3.0]])
y = x @ true_w + 0.1 * torch.randn(64, 1)


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(4, 8)
        self.out = nn.Linear(8, 1)

    def forward(self, xb):
        return self.out(F.gelu(self.hidden(xb)))


def make():
    torch.manual_seed(9)
    model = Regressor()
    opt = torch.optim.Adam(model.parameters(), lr=0.05, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=1)
    return model, opt, sched


def train(model, opt, sched, epochs, start):
    for epoch in range(start, start + epochs):
        for i in range(0, 64, 16):
            xb, yb = x[i:i + 16], y[i:i + 16]
            loss = F.mse_loss(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            full = F.mse_loss(model(x), y)
        sched.step(full)
        print(f"epoch {epoch} loss {full.item():.5f} lr {opt.param_groups[0]['lr']}")


model, opt, sched = make()
train(model, opt, sched, 4, 0)
checkpoint = {
    "epoch": 4,
    "model_state_dict": copy.deepcopy(model.state_dict()),
    "optimizer_state_dict": copy.deepcopy(opt.state_dict()),
    "scheduler_state_dict": copy.deepcopy(sched.state_dict()),
}
print(sorted(checkpoint["optimizer_state_dict"].keys()))
print(checkpoint["optimizer_state_dict"]["param_groups"][0]["lr"],
      len(checkpoint["optimizer_state_dict"]["state"]))
print(checkpoint["optimizer_state_dict"]["state"][0]["step"])
train(model, opt, sched, 3, 4)

resumed, opt2, sched2 = make()
print(resumed.load_state_dict(checkpoint["model_state_dict"]))
opt2.load_state_dict(checkpoint["optimizer_state_dict"])
sched2.load_state_dict(checkpoint["scheduler_state_dict"])
print(opt2.param_groups[0]["lr"], sched2.best == checkpoint["scheduler_state_dict"]["best"])
train(resumed, opt2, sched2, 3, checkpoint["epoch"])
print(torch.allclose(resumed.out.weight, model.out.weight))
resumed.eval()
with torch.no_grad():
    print(resumed(x[:3]))
