# A custom torch.autograd.Function with its own backward.
# forward computes eˣ and saves its result; backward receives the upstream gradient and
# multiplies it by the saved eˣ. The graph shows the function as one node, MyExpBackward.
# Step 9 starts the backward pass; step 17: x.grad = 3·eˣ.
import torch


class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        result = x.exp()
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        result, = ctx.saved_tensors
        return grad_output * result


x = torch.tensor([0.0, 1.0], requires_grad=True)
y = MyExp.apply(x)
loss = (y * 3).sum()
loss.backward()
print(y)
print(x.grad)          # 3·eˣ
