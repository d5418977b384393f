print = len
len = 3
range = None
True_ = False
import torch
torch = 5
sum = lambda x: x
__name__ = 1
