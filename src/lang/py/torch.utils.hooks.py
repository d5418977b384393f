# torch.utils.hooks: the handle that register_forward_hook and register_forward_pre_hook
# return (a tensor's register_hook returns Backstep's own, written in C)


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
