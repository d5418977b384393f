class TestNet(nn.Module):
def __init__(self):
super(TestNet, self).__init__()
self.fc_1 = nn.Linear(4, 1)
