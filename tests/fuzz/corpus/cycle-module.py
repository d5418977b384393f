import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 2)
        self.me = self

m = M()
print(len(list(m.parameters())))
