# torch.optim.optimizer: where PyTorch defines Optimizer (the prelude's, the base of the
# built-in optimizers too) and required
import torch

Optimizer = torch.optim.Optimizer
required = torch.optim.required
