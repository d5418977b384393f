# torch.nn.utils: clipping gradients, as PyTorch 1.13 does it (one norm over every gradient,
# as if they were one vector; the gradients scaled in place)
import math
import torch

__all__ = ['clip_grad_norm_', 'clip_grad_value_']


def _bs_grads(parameters):
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    return [p.grad for p in parameters if p.grad is not None]


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False):
    grads = _bs_grads(parameters)
    max_norm = float(max_norm)
    norm_type = float(norm_type)
    if not grads:
        return torch.tensor(0.)
    if norm_type == math.inf:
        norms = [g.detach().abs().max() for g in grads]
        total = norms[0] if len(norms) == 1 else torch.max(torch.stack(norms))
    else:
        total = torch.norm(torch.stack([torch.norm(g.detach(), norm_type) for g in grads]),
                           norm_type)
    if error_if_nonfinite and torch.logical_or(total.isnan(), total.isinf()):
        raise RuntimeError(
            'The total norm of order {} for gradients from `parameters` is non-finite, so it '
            'cannot be clipped. To disable this error and scale the gradients by the '
            'non-finite norm anyway, set `error_if_nonfinite=False`'.format(norm_type))
    scale = torch.clamp(max_norm / (total + 1e-6), max=1.0)
    for g in grads:
        g.detach().mul_(scale)
    return total


def clip_grad_value_(parameters, clip_value):
    clip_value = float(clip_value)
    for g in _bs_grads(parameters):
        g.data.clamp_(min=-clip_value, max=clip_value)
