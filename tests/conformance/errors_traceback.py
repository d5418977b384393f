# An uncaught error deep in a model, its traceback compared whole: CPython 3.11's frames in
# the script with their "^^^^" and "~~^~~" markers (PyTorch's own files left out).
# compare: traceback
# needs: nn.Module subclass calling submodules, shape errors, tracebacks through calls,
#   markers under calls, binary operations and subscripts
import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(4, 3)
        self.fc2 = torch.nn.Linear(4, 2)  # should take 3 features

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        return self.fc2(h) * 2


def scores(batches):
    return [net(b).sum() for b in batches]


torch.manual_seed(0)
net = Net()
print(net)
batches = [torch.ones(5, 4)]
total = scores(batches)[0] + 1
