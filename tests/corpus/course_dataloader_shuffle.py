# Source style: course notebooks on data pipelines (shuffled DataLoader after manual_seed, random_split, Subset, collate)
import torch
from torch.utils.data import Dataset, TensorDataset, DataLoader, random_split, Subset

torch.manual_seed(0)
X = torch.arange(20, dtype=torch.float32).reshape(10, 2)
y = torch.arange(10)
ds = TensorDataset(X, y)
loader = DataLoader(ds, batch_size=4, shuffle=True)
for epoch in range(2):
    print(epoch, [yb.tolist() for _, yb in loader])
print(torch.rand(1))

train, val = random_split(ds, [7, 3])
print(len(train), len(val), [val[i][1].item() for i in range(len(val))])
g = torch.Generator().manual_seed(42)
train, val = random_split(ds, [0.8, 0.2], generator=g)
print(train.indices, val.indices)

class Squares(Dataset):
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        return {"x": float(i), "y": i * i}

for batch in DataLoader(Squares(5), batch_size=2, drop_last=True):
    print(batch)
print(len(DataLoader(Squares(5), batch_size=2)), len(Subset(Squares(5), [0, 2])))
loader = DataLoader(ds, batch_size=3, shuffle=True, generator=torch.Generator().manual_seed(7))
print([yb.tolist() for _, yb in loader])
