# torch.utils.hooks: the handle that register_forward_hook, register_forward_pre_hook and
# register_full_backward_hook return (a tensor's register_hook returns Backstep's own,
# written in C), and what runs a module's full backward hooks
import torch


class RemovableHandle:
    next_id = 0

    def __init__(self, hooks_dict):
        # PyTorch holds the dict weakly; Backstep has no weak references
        self.hooks_dict_ref = hooks_dict
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1

    def remove(self):
        hooks_dict = self.hooks_dict_ref
        if hooks_dict is not None and self.id in hooks_dict:
            del hooks_dict[self.id]

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()


class BackwardHookFunction(torch.autograd.Function):
    # The identity whose node (BackwardHookFunctionBackward, as PyTorch names it) stands
    # between a module and its tensor input or output: its backward is where the module's
    # full backward hooks see the gradients. A Backstep Function has one output, so each
    # node wraps one tensor.
    @staticmethod
    def forward(ctx, tensor, state, is_output):
        ctx.state = state
        ctx.is_output = is_output
        return tensor

    @staticmethod
    def backward(ctx, grad):
        if ctx.is_output:
            return ctx.state.output_reached(grad), None, None
        return ctx.state.input_reached(grad), None, None


class BackwardHook:
    # One module call's full backward hooks (register_full_backward_hook), as PyTorch
    # 1.13's: hook(module, grad_input, grad_output) runs once the gradient of the module's
    # input is known, with a tuple entry per positional argument (None for non-tensors and
    # for an input that needs no gradient); what it returns replaces grad_input.
    def __init__(self, module, user_hooks):
        self.module = module
        self.user_hooks = user_hooks
        self.grad_outputs = None
        self.n_inputs = -1
        self.input_index = None
        self.n_outputs = -1
        self.output_index = None

    @staticmethod
    def _tensor_index(args, what):
        index = [i for i, arg in enumerate(args) if isinstance(arg, torch.Tensor)]
        if len(index) > 1:
            raise NotImplementedError(
                'register_full_backward_hook on a module with {} tensor {}s is not supported '
                'by Backstep (one tensor input and one tensor output are)'.format(len(index), what))
        return index

    def _pack(self, index, value, size):
        res = [None] * size
        if index is not None and index:
            res[index[0]] = value
        return tuple(res)

    def _wrap(self, args, what, is_output):
        index = self._tensor_index(args, what)
        if not index or not (args[index[0]].requires_grad and torch.is_grad_enabled()):
            return args, None
        wrapped = list(args)
        wrapped[index[0]] = BackwardHookFunction.apply(args[index[0]], self, is_output)
        return tuple(wrapped), index

    def setup_input_hook(self, args):
        res, self.input_index = self._wrap(args, 'input', False)
        self.n_inputs = len(args)
        return res

    def setup_output_hook(self, result):
        is_tuple = isinstance(result, tuple)
        args = result if is_tuple else (result,)
        res, self.output_index = self._wrap(args, 'output', True)
        self.n_outputs = len(args)
        return res if is_tuple else res[0]

    def output_reached(self, grad):
        self.grad_outputs = self._pack(self.output_index, grad, self.n_outputs)
        if self.input_index is None:
            # no input needs a gradient: the hooks run now, and may only give None
            grad_inputs = (None,) * self.n_inputs
            for hook in self.user_hooks:
                res = hook(self.module, grad_inputs, self.grad_outputs)
                if res is not None and not (isinstance(res, tuple)
                                            and all(el is None for el in res)):
                    raise RuntimeError('Backward hook for Modules where no input requires '
                                       'gradient should always return None or None for all '
                                       'gradients.')
            self.grad_outputs = None
        return grad

    def input_reached(self, grad):
        if self.grad_outputs is None:
            # the gradient reached the input without passing through the output
            return grad
        res = self._pack(self.input_index, grad, self.n_inputs)
        for hook in self.user_hooks:
            out = hook(self.module, res, self.grad_outputs)
            if out is None:
                continue
            if len(out) != len(res):
                raise RuntimeError('Backward hook returned an invalid number of grad_input, '
                                   'got {}, but expected {}'.format(len(out), len(res)))
            res = out
        self.grad_outputs = None
        new_grad = res[self.input_index[0]]
        if isinstance(new_grad, torch.Tensor) and new_grad.shape != grad.shape:
            # PyTorch's check of its grad_fn hook, named 'hook'
            raise RuntimeError("hook 'hook' has changed the size of value")
        return new_grad
