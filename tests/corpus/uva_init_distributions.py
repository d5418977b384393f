# Source style: UvA DL course, tutorial 4 (initialization: weight, gradient and activation distributions per layer, their variances)
import math
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import matplotlib.pyplot as plt

torch.manual_seed(42)


class BaseNetwork(nn.Module):
    def __init__(self, act_fn, input_size=64, num_classes=10, hidden_sizes=[128, 64, 64, 32]):
        super().__init__()
        layers = []
        layer_sizes = [input_size] + hidden_sizes
        for idx in range(1, len(layer_sizes)):
            layers += [nn.Linear(layer_sizes[idx - 1], layer_sizes[idx]), act_fn]
        layers += [nn.Linear(layer_sizes[-1], num_classes)]
        self.layers = nn.ModuleList(layers)

    def forward(self, x):
        x = x.view(x.size(0), -1)
        for layer in self.layers:
            x = layer(x)
        return x


class Identity(nn.Module):
    def forward(self, x):
        return x


def plot_dists(val_dict, color="C0", xlabel=None):
    columns = len(val_dict)
    fig, ax = plt.subplots(1, columns, figsize=(columns * 3, 2.5))
    for key_idx, key in enumerate(sorted(val_dict.keys())):
        key_ax = ax[key_idx]
        counts, edges = np.histogram(val_dict[key], bins=30)
        key_ax.hist(val_dict[key], bins=edges, color=color, density=True)
        key_ax.set_title(f"{key} " + (f"({xlabel})" if xlabel else ""))
    fig.subplots_adjust(wspace=0.4)
    plt.show()


def weight_stats(model):
    weights = {}
    for name, param in model.named_parameters():
        if name.endswith(".bias"):
            continue
        weights[f"Layer {name.split('.')[1]}"] = param.data.view(-1).cpu().numpy()
    plot_dists(weights, color="C0", xlabel="weight vals")
    return weights


def activation_stats(model, imgs, print_variance=True):
    activations = {}
    model.eval()
    with torch.no_grad():
        feats = imgs.view(imgs.shape[0], -1)
        for layer_index, layer in enumerate(model.layers):
            feats = layer(feats)
            if isinstance(layer, nn.Linear):
                activations[f"Layer {layer_index}"] = feats.view(-1).numpy()
    if print_variance:
        for key in sorted(activations.keys()):
            print(f"{key} - Variance: {np.var(activations[key]):.4f}")
    plot_dists(activations, color="C2", xlabel="activation vals")
    return activations


def gradient_stats(model, imgs, labels):
    model.zero_grad()
    loss = F.cross_entropy(model(imgs), labels)
    loss.backward()
    grads = {name: p.grad.view(-1).clone().numpy() for name, p in model.named_parameters()
             if "weight" in name}
    model.zero_grad()
    for key in sorted(grads.keys()):
        print(f"{key} - gradient std {grads[key].std():.2e}")
    plot_dists(grads, color="C1", xlabel="grad magnitude")
    return grads


imgs = torch.randn(256, 8, 8)
labels = torch.randint(0, 10, (256,))


def var_init(model, std):
    for name, param in model.named_parameters():
        param.data.normal_(mean=0.0, std=std)


def kaiming_init(model):
    for name, param in model.named_parameters():
        if name.endswith(".bias"):
            param.data.fill_(0)
        elif name.startswith("layers.0"):
            param.data.normal_(0, 1 / math.sqrt(param.shape[1]))
        else:
            param.data.normal_(0, math.sqrt(2) / math.sqrt(param.shape[1]))


model = BaseNetwork(act_fn=Identity())
for std in (0.01, 0.1):
    var_init(model, std=std)
    print("std", std)
    acts = activation_stats(model, imgs)
print("identity, 1/sqrt(d_in) init:")
for name, param in model.named_parameters():
    if name.endswith(".bias"):
        param.data.fill_(0)
    else:
        param.data.normal_(std=1.0 / math.sqrt(param.shape[1]))
weights = weight_stats(model)
print({k: round(float(v.std()), 4) for k, v in weights.items()})
grads = gradient_stats(model, imgs, labels)
acts = activation_stats(model, imgs)

print("relu, kaiming init:")
model = BaseNetwork(act_fn=nn.ReLU())
kaiming_init(model)
grads = gradient_stats(model, imgs, labels)
acts = activation_stats(model, imgs)
negative = {k: float((v < 0).mean()) for k, v in acts.items()}
print(sorted(negative.items())[:2], type(acts["Layer 0"]).__name__, acts["Layer 0"].dtype)
