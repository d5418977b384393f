# torch.utils.hooks: the handle that every register_*hook returns, and what runs a module's
# full backward hooks
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


class _EngineHooks:
    # Backstep's own: stands for the dict of hooks of a tensor or grad_fn, which the engine
    # holds (the hook, written in C, removes itself)
    def __init__(self, hook):
        self.hook = hook

    def __contains__(self, id):
        return True

    def __delitem__(self, id):
        self.hook.remove()


def _engine_handle(hook):
    return RemovableHandle(_EngineHooks(hook))


class BackwardHookFunction(torch.autograd.Function):
    # The identity whose node (BackwardHookFunctionBackward, as PyTorch names it) stands
    # between a module and its tensor inputs, and another between it and its tensor
    # outputs: one node of several outputs per call, which runs once every gradient it
    # waits for is in. PyTorch hangs the module's hooks on the node (grad_fn.register_hook);
    # here the node's backward calls them, with what PyTorch's node hook would see: the
    # gradients as they arrived (None for an output that got none), and returns what the
    # hooks give, materialised as PyTorch's node returns them.
    # Its only arguments are the tensors (they are the node's inputs, as in PyTorch): the
    # hook it serves is handed over here, just before apply().
    pending = None

    @staticmethod
    def forward(ctx, *args):
        ctx.mark_non_differentiable(*[arg for arg in args if not arg.requires_grad])
        ctx.set_materialize_grads(False)
        ctx.state, ctx.is_output = BackwardHookFunction.pending
        BackwardHookFunction.pending = None
        ctx.metas = [(arg.shape, arg.dtype) for arg in args]
        return args

    @staticmethod
    def backward(ctx, *grads):
        grads_in = tuple(torch.zeros(shape, dtype=dtype) if grad is None else grad
                         for grad, (shape, dtype) in zip(grads, ctx.metas))
        if ctx.is_output:
            ctx.state.output_reached(grads)
        else:
            grads_in = ctx.state.input_reached(grads_in)
        return tuple(grads_in)


def _check_replacement(original, new):
    # PyTorch's check of what a grad_fn hook (named 'hook') returns in place of a gradient
    if new is None:
        return
    if not isinstance(new, torch.Tensor):
        raise TypeError("expected Variable, but hook returned '{}'".format(type(new).__name__))
    if new.dtype != original.dtype:
        raise RuntimeError("hook 'hook' has changed the type of value (was {} got {})".format(
            original.type(), new.type()))
    if new.shape != original.shape:
        raise RuntimeError("hook 'hook' has changed the size of value")


class BackwardHook:
    # One module call's full backward hooks (register_full_backward_hook), as PyTorch
    # 1.13's: hook(module, grad_input, grad_output) runs once the gradients of the module's
    # inputs are known, with a tuple entry per positional argument (None for non-tensors);
    # what it returns replaces grad_input.
    def __init__(self, module, user_hooks):
        self.user_hooks = user_hooks
        self.module = module
        self.grad_outputs = None
        self.n_outputs = -1
        self.output_tensors_index = None
        self.n_inputs = -1
        self.input_tensors_index = None

    def _pack_with_none(self, indices, values, size):
        res = [None] * size
        for idx, val in zip(indices, values):
            res[idx] = val
        return tuple(res)

    def _unpack_none(self, indices, values):
        return tuple(values[idx] for idx in indices)

    def _apply_on_tensors(self, args, is_output):
        tensors_idx = []
        tensors = []
        requires_grad = False
        for i, arg in enumerate(args):
            if isinstance(arg, torch.Tensor):
                tensors_idx.append(i)
                tensors.append(arg)
                requires_grad = requires_grad or arg.requires_grad
        if not (requires_grad and torch.is_grad_enabled()):
            return args, None
        BackwardHookFunction.pending = (self, is_output)
        new_tensors = BackwardHookFunction.apply(*tensors)
        if len(new_tensors) == 0:
            raise RuntimeError("Cannot set Module backward hook for a Module with no input "
                               "Tensors.")
        arg_list = list(args)
        for idx, val in zip(tensors_idx, new_tensors):
            arg_list[idx] = val
        return tuple(arg_list), tensors_idx

    def setup_input_hook(self, args):
        res, input_idx = self._apply_on_tensors(args, False)
        self.n_inputs = len(args)
        self.input_tensors_index = input_idx
        return res

    def setup_output_hook(self, args):
        is_tuple = True
        if not isinstance(args, tuple):
            args = (args,)
            is_tuple = False
        res, output_idx = self._apply_on_tensors(args, True)
        self.n_outputs = len(args)
        self.output_tensors_index = output_idx
        if not is_tuple:
            res = res[0]
        return res

    def output_reached(self, grad_output):
        self.grad_outputs = self._pack_with_none(self.output_tensors_index, grad_output,
                                                 self.n_outputs)
        # no input requires a gradient: the hooks run now, and may only give None
        if self.input_tensors_index is None:
            grad_inputs = self._pack_with_none([], [], self.n_inputs)
            for user_hook in self.user_hooks:
                res = user_hook(self.module, grad_inputs, self.grad_outputs)
                if res is not None and not (isinstance(res, tuple)
                                            and all(el is None for el in res)):
                    raise RuntimeError("Backward hook for Modules where no input requires "
                                       "gradient should always return None or None for all "
                                       "gradients.")
            self.grad_outputs = None

    def input_reached(self, grad_input):
        if self.grad_outputs is None:
            # the gradient reached the module's input without passing through its output
            return grad_input
        res = self._pack_with_none(self.input_tensors_index, grad_input, self.n_inputs)
        for hook in self.user_hooks:
            out = hook(self.module, res, self.grad_outputs)
            if out is None:
                continue
            if len(out) != len(res):
                raise RuntimeError("Backward hook returned an invalid number of grad_input, "
                                   "got {}, but expected {}".format(len(out), len(res)))
            res = out
        self.grad_outputs = None
        new = self._unpack_none(self.input_tensors_index, res)
        for original, value in zip(grad_input, new):
            _check_replacement(original, value)
        return new
