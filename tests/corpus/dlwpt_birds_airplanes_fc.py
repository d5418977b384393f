# Source style: Deep Learning with PyTorch ch. 7 (birds vs airplanes with a fully connected net: softmax by hand, LogSoftmax + NLLLoss, DataLoader, counting parameters, accuracy)
import torch
import torch.nn as nn
import torch.optim as optim

torch.manual_seed(123)

# a stand-in for CIFAR-2: 3x8x8 "images", airplanes bright at the top, birds in the middle
def make_image(label):
    img = torch.rand(3, 8, 8) * 0.5
    if label == 0:
        img[2, :3, :] += 0.5
    else:
        img[1, 3:6, 2:6] += 0.5
    return img

label_map = {0: 0, 2: 1}
class_names = ['airplane', 'bird']
cifar2 = [(make_image(label), label) for label in [i % 2 for i in range(64)]]
cifar2_val = [(make_image(label), label) for label in [i % 2 for i in range(16)]]
img, label = cifar2[0]
print(img.shape, class_names[label])

def softmax(x):
    return torch.exp(x) / torch.exp(x).sum()

x = torch.tensor([1.0, 2.0, 3.0])
print(softmax(x), softmax(x).sum())
softmax_layer = nn.Softmax(dim=1)
x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]])
print(softmax_layer(x))

n_in = 3 * 8 * 8
model = nn.Sequential(
    nn.Linear(n_in, 64),
    nn.Tanh(),
    nn.Linear(64, 2),
    nn.LogSoftmax(dim=1))
img_batch = img.view(-1).unsqueeze(0)
out = model(img_batch)
print(out, torch.exp(out).sum())
_, index = torch.max(out, dim=1)
print(index)

loss = nn.NLLLoss()
print(loss(out, torch.tensor([label])))

train_loader = torch.utils.data.DataLoader(cifar2, batch_size=16, shuffle=True)
learning_rate = 1e-2
optimizer = optim.SGD(model.parameters(), lr=learning_rate)
loss_fn = nn.NLLLoss()
n_epochs = 10
for epoch in range(n_epochs):
    for imgs, labels in train_loader:
        batch_size = imgs.shape[0]
        outputs = model(imgs.view(batch_size, -1))
        loss = loss_fn(outputs, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    if epoch % 3 == 0:
        print("Epoch: %d, Loss: %f" % (epoch, float(loss)))

def accuracy(loader):
    correct = 0
    total = 0
    with torch.no_grad():
        for imgs, labels in loader:
            batch_size = imgs.shape[0]
            outputs = model(imgs.view(batch_size, -1))
            _, predicted = torch.max(outputs, dim=1)
            total += labels.shape[0]
            correct += int((predicted == labels).sum())
    return correct / total

val_loader = torch.utils.data.DataLoader(cifar2_val, batch_size=8, shuffle=False)
print("Accuracy: %f" % accuracy(train_loader), "Accuracy: %f" % accuracy(val_loader))

# the wider model and its parameter count
model = nn.Sequential(
    nn.Linear(n_in, 128),
    nn.Tanh(),
    nn.Linear(128, 32),
    nn.Tanh(),
    nn.Linear(32, 2))
numel_list = [p.numel() for p in model.parameters() if p.requires_grad == True]
print(sum(numel_list), numel_list)
linear = nn.Linear(n_in, 1024)
print(linear.weight.shape, linear.bias.shape)

# without LogSoftmax: CrossEntropyLoss on the raw outputs
loss_fn = nn.CrossEntropyLoss()
optimizer = optim.SGD(model.parameters(), lr=learning_rate)
for epoch in range(5):
    for imgs, labels in train_loader:
        outputs = model(imgs.view(imgs.shape[0], -1))
        loss = loss_fn(outputs, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    print("Epoch: %d, Loss: %f" % (epoch, float(loss)))
print("Accuracy: %f" % accuracy(val_loader))
