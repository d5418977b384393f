# abc as CPython 3.11's: a subclass of ABC with abstract methods left (functions, properties,
# classmethods, staticmethods) cannot be instantiated, with CPython's TypeError; what a base
# left abstract stays so until defined; __abstractmethods__, __isabstractmethod__;
# class Layer(nn.Module, ABC); a small optimizer hierarchy trained with PyTorch's numbers
# needs: abc.ABC, abc.abstractmethod, multiple inheritance
from abc import ABC, abstractmethod
import torch
from torch import nn


class Optimizer(ABC):
    def __init__(self, params, lr):
        self.params = list(params)
        self.lr = lr

    @abstractmethod
    def update(self, p):
        ...

    def step(self):
        with torch.no_grad():
            for p in self.params:
                self.update(p)

    def zero_grad(self):
        for p in self.params:
            p.grad = None


class PlainSGD(Optimizer):
    def update(self, p):
        p -= self.lr * p.grad


class Momentum(Optimizer):
    def __init__(self, params, lr, beta=0.9):
        super().__init__(params, lr)
        self.beta = beta
        self.v = [torch.zeros_like(p) for p in self.params]

    def update(self, p):
        i = [id(q) for q in self.params].index(id(p))
        self.v[i].mul_(self.beta).add_(p.grad)
        p -= self.lr * self.v[i]


try:
    Optimizer([], 0.1)
except TypeError as e:
    print(e)


class Shape(ABC):
    @property
    @abstractmethod
    def area(self):
        pass

    @classmethod
    @abstractmethod
    def unit(cls):
        pass

    @staticmethod
    @abstractmethod
    def sides():
        pass

    def describe(self):
        return f"{type(self).__name__} with area {self.area:.2f} and {self.sides()} sides"


class Half(Shape):
    @classmethod
    def unit(cls):
        return cls()


try:
    Half()
except TypeError as e:
    print(e)


class Square(Half):
    def __init__(self, s=1.0):
        self.s = s

    @property
    def area(self):
        return self.s ** 2

    @staticmethod
    def sides():
        return 4


print(Square(3).describe(), Square.unit().area, isinstance(Square(), Shape), Square.__mro__)
print(sorted(Shape.__abstractmethods__), sorted(Half.__abstractmethods__), Square.__abstractmethods__)
print(Shape.area.__isabstractmethod__, getattr(Square.describe, "__isabstractmethod__", False))


class Layer(nn.Module, ABC):
    @abstractmethod
    def forward(self, x):
        pass


class Double(Layer):
    def forward(self, x):
        return 2 * x


try:
    Layer()
except TypeError as e:
    print(e)
print(Double()(torch.ones(2)), ABC, Layer.__mro__)

torch.manual_seed(0)
for opt_class in (PlainSGD, Momentum):
    w = torch.randn(3, requires_grad=True)
    opt = opt_class([w], lr=0.1)
    for _ in range(5):
        opt.zero_grad()
        loss = ((w - torch.tensor([1.0, 2.0, 3.0])) ** 2).sum()
        loss.backward()
        opt.step()
    print(opt_class.__name__, w, loss.item())
