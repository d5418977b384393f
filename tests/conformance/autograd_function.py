# A custom torch.autograd.Function with two inputs and two saved tensors, checked against
# the same computation with built-in ops; ctx attributes; needs_input_grad.
# needs: class MyMul(torch.autograd.Function), @staticmethod forward(ctx, a, b),
#   ctx.save_for_backward(a, b), ctx.saved_tensors unpacking, ctx.some_attr = value,
#   returning a tuple of grads (None for a non-tensor input), .apply, the custom function's
#   grad_fn name ("MulAddBackward") in tensor repr, grad_fn.name() and type(grad_fn).__name__
import torch


class MulAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, alpha):
        ctx.save_for_backward(a, b)
        ctx.alpha = alpha
        return a * b + alpha * a

    @staticmethod
    def backward(ctx, grad_output):
        a, b = ctx.saved_tensors
        return grad_output * (b + ctx.alpha), grad_output * a, None


a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, -1.0], requires_grad=True)
out = MulAdd.apply(a, b, 0.5)
print(out)
print(out.grad_fn.name(), type(out.grad_fn).__name__)
out.sum().backward()
print(a.grad, b.grad)

a2 = a.detach().requires_grad_()
b2 = b.detach().requires_grad_()
(a2 * b2 + 0.5 * a2).sum().backward()
print(torch.equal(a.grad, a2.grad), torch.equal(b.grad, b2.grad))
