# Source style: learning-rate schedules as course notebooks show them (StepLR, MultiStepLR, ExponentialLR, CosineAnnealingLR, LambdaLR)
import torch
from torch.optim.lr_scheduler import StepLR, MultiStepLR, ExponentialLR, CosineAnnealingLR, LambdaLR

def trace(make_scheduler, epochs=8, lr=0.1):
    w = torch.zeros(2, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=lr)
    scheduler = make_scheduler(optimizer)
    lrs = []
    for epoch in range(epochs):
        optimizer.zero_grad()
        loss = ((w - 1) ** 2).sum()
        loss.backward()
        optimizer.step()
        lrs.append(round(scheduler.get_last_lr()[0], 6))
        scheduler.step()
    return lrs, [round(v, 5) for v in w.tolist()]

print("StepLR      ", *trace(lambda o: StepLR(o, step_size=3, gamma=0.5)))
print("MultiStepLR ", *trace(lambda o: MultiStepLR(o, milestones=[2, 5], gamma=0.1)))
print("Exponential ", *trace(lambda o: ExponentialLR(o, gamma=0.8)))
print("Cosine      ", *trace(lambda o: CosineAnnealingLR(o, T_max=4, eta_min=0.01), epochs=10))
print("Lambda      ", *trace(lambda o: LambdaLR(o, lr_lambda=lambda epoch: 0.95 ** epoch)))
warmup = lambda epoch: min(1.0, (epoch + 1) / 3)
print("Warmup      ", *trace(lambda o: torch.optim.lr_scheduler.LambdaLR(o, warmup)))

w = torch.zeros(1, requires_grad=True)
optimizer = torch.optim.Adam([w], lr=0.01)
scheduler = StepLR(optimizer, step_size=2)
print(optimizer.param_groups[0]["initial_lr"], scheduler.get_last_lr(), scheduler.last_epoch)
for _ in range(4):
    optimizer.step()
    scheduler.step()
print(scheduler.state_dict()["last_epoch"], scheduler.state_dict()["base_lrs"], scheduler.get_last_lr())
