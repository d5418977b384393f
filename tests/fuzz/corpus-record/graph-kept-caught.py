import torch
x = torch.ones(2, requires_grad=True)
ys = []
while True:
    try:
        ys.append((x * 2.0).sum())
    except MemoryError as e:
        print(e)
        ys = ys[: len(ys) // 2]
