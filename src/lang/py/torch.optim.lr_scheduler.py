# torch.optim.lr_scheduler: PyTorch 1.13's schedulers, setting each param group's 'lr'
import math
import sys
import torch
from collections import Counter


def _bs_check_optimizer(optimizer):
    if not isinstance(optimizer, torch.optim.Optimizer):
        raise TypeError('{} is not an Optimizer'.format(type(optimizer).__name__))


def _bs_lambdas(optimizer, lr_lambda):
    if not isinstance(lr_lambda, list) and not isinstance(lr_lambda, tuple):
        return [lr_lambda] * len(optimizer.param_groups)
    if len(lr_lambda) != len(optimizer.param_groups):
        raise ValueError("Expected {} lr_lambdas, but got {}".format(
            len(optimizer.param_groups), len(lr_lambda)))
    return list(lr_lambda)


def _bs_lambdas_state(scheduler):
    # a function is not saved (None); a callable object's attributes are
    state = {key: value for key, value in scheduler.__dict__.items()
             if key not in ('optimizer', 'lr_lambdas')}
    state['lr_lambdas'] = [None if type(fn).__name__ == 'function' else fn.__dict__.copy()
                           for fn in scheduler.lr_lambdas]
    return state


def _bs_lambdas_load(scheduler, state_dict):
    lr_lambdas = state_dict.pop('lr_lambdas')
    scheduler.__dict__.update(state_dict)
    state_dict['lr_lambdas'] = lr_lambdas
    for fn, saved in zip(scheduler.lr_lambdas, lr_lambdas):
        if saved is not None:
            fn.__dict__.update(saved)


class _LRScheduler:
    def __init__(self, optimizer, last_epoch=-1, verbose=False):
        _bs_check_optimizer(optimizer)
        self.optimizer = optimizer
        if last_epoch == -1:
            for group in optimizer.param_groups:
                try:
                    group['initial_lr']
                except KeyError:
                    group['initial_lr'] = group['lr']
        else:
            for i, group in enumerate(optimizer.param_groups):
                try:
                    group['initial_lr']
                except KeyError:
                    raise KeyError("param 'initial_lr' is not specified in param_groups[{}] when "
                                   "resuming an optimizer".format(i))
        self.base_lrs = [group['initial_lr'] for group in optimizer.param_groups]
        self.last_epoch = last_epoch
        self.verbose = verbose
        self._step_count = 0
        self.step()

    def state_dict(self):
        return {key: value for key, value in self.__dict__.items() if key != 'optimizer'}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)

    def get_last_lr(self):
        return self._last_lr

    def get_lr(self):
        raise NotImplementedError

    def print_lr(self, is_verbose, group, lr, epoch=None):
        if is_verbose:
            if epoch is None:
                print('Adjusting learning rate of group {} to {:.4e}.'.format(group, lr))
            else:
                epoch_str = ("%.2f" if isinstance(epoch, float) else "%.5d") % epoch
                print('Epoch {}: adjusting learning rate of group {} to {:.4e}.'.format(
                    epoch_str, group, lr))

    def step(self, epoch=None):
        self._step_count += 1
        # as PyTorch's, a flag get_lr() may read, kept in state_dict()
        self._get_lr_called_within_step = True
        if epoch is None:
            self.last_epoch += 1
            values = self.get_lr()
            self._get_lr_called_within_step = False
        else:
            sys.stderr.write("UserWarning: The epoch parameter in `scheduler.step()` was not necessary and is "
                          "being deprecated where possible. Please use `scheduler.step()` to "
                          "step the scheduler. During the deprecation, if epoch is different "
                          "from None, the closed form is used instead of the new chainable "
                          "form, where available. Please open an issue if you are unable to "
                          "replicate your use case: https://github.com/pytorch/pytorch/issues/"
                          "new/choose.\n")
            self.last_epoch = epoch
            if hasattr(self, "_get_closed_form_lr"):
                values = self._get_closed_form_lr()
            else:
                values = self.get_lr()
            self._get_lr_called_within_step = False
        for i, data in enumerate(zip(self.optimizer.param_groups, values)):
            param_group, lr = data
            param_group['lr'] = lr
            self.print_lr(self.verbose, i, lr, epoch)
        self._last_lr = [group['lr'] for group in self.optimizer.param_groups]


class LambdaLR(_LRScheduler):
    def __init__(self, optimizer, lr_lambda, last_epoch=-1, verbose=False):
        self.optimizer = optimizer
        self.lr_lambdas = _bs_lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch, verbose)

    def state_dict(self):
        return _bs_lambdas_state(self)

    def load_state_dict(self, state_dict):
        _bs_lambdas_load(self, state_dict)

    def get_lr(self):
        return [base_lr * lmbda(self.last_epoch)
                for lmbda, base_lr in zip(self.lr_lambdas, self.base_lrs)]


class MultiplicativeLR(_LRScheduler):
    def __init__(self, optimizer, lr_lambda, last_epoch=-1, verbose=False):
        self.optimizer = optimizer
        self.lr_lambdas = _bs_lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch, verbose)

    def state_dict(self):
        return _bs_lambdas_state(self)

    def load_state_dict(self, state_dict):
        _bs_lambdas_load(self, state_dict)

    def get_lr(self):
        if self.last_epoch > 0:
            return [group['lr'] * lmbda(self.last_epoch)
                    for lmbda, group in zip(self.lr_lambdas, self.optimizer.param_groups)]
        return [group['lr'] for group in self.optimizer.param_groups]


class StepLR(_LRScheduler):
    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1, verbose=False):
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        if (self.last_epoch == 0) or (self.last_epoch % self.step_size != 0):
            return [group['lr'] for group in self.optimizer.param_groups]
        return [group['lr'] * self.gamma for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base_lr * self.gamma ** (self.last_epoch // self.step_size)
                for base_lr in self.base_lrs]


class MultiStepLR(_LRScheduler):
    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1, verbose=False):
        self.milestones = Counter(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch not in self.milestones:
            return [group['lr'] for group in self.optimizer.param_groups]
        return [group['lr'] * self.gamma ** self.milestones[self.last_epoch]
                for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        passed = 0
        for m, count in self.milestones.items():
            if m <= self.last_epoch:
                passed += count
        return [base_lr * self.gamma ** passed for base_lr in self.base_lrs]


class ExponentialLR(_LRScheduler):
    def __init__(self, optimizer, gamma, last_epoch=-1, verbose=False):
        self.gamma = gamma
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch == 0:
            return [group['lr'] for group in self.optimizer.param_groups]
        return [group['lr'] * self.gamma for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base_lr * self.gamma ** self.last_epoch for base_lr in self.base_lrs]


class CosineAnnealingLR(_LRScheduler):
    def __init__(self, optimizer, T_max, eta_min=0, last_epoch=-1, verbose=False):
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        groups = self.optimizer.param_groups
        if self.last_epoch == 0:
            return [group['lr'] for group in groups]
        elif self._step_count == 1 and self.last_epoch > 0:
            return [self.eta_min + (base_lr - self.eta_min) *
                    (1 + math.cos((self.last_epoch) * math.pi / self.T_max)) / 2
                    for base_lr, group in zip(self.base_lrs, groups)]
        elif (self.last_epoch - 1 - self.T_max) % (2 * self.T_max) == 0:
            return [group['lr'] + (base_lr - self.eta_min) *
                    (1 - math.cos(math.pi / self.T_max)) / 2
                    for base_lr, group in zip(self.base_lrs, groups)]
        return [(1 + math.cos(math.pi * self.last_epoch / self.T_max)) /
                (1 + math.cos(math.pi * (self.last_epoch - 1) / self.T_max)) *
                (group['lr'] - self.eta_min) + self.eta_min for group in groups]

    def _get_closed_form_lr(self):
        return [self.eta_min + (base_lr - self.eta_min) *
                (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2
                for base_lr in self.base_lrs]


class ReduceLROnPlateau:
    """Cuts each group's lr by factor once the metric passed to step() has not improved
    for more than patience calls (then waits cooldown calls), as PyTorch 1.13's."""

    def __init__(self, optimizer, mode='min', factor=0.1, patience=10, threshold=1e-4,
                 threshold_mode='rel', cooldown=0, min_lr=0, eps=1e-8, verbose=False):
        if factor >= 1.0:
            raise ValueError('Factor should be < 1.0.')
        self.factor = factor
        _bs_check_optimizer(optimizer)
        self.optimizer = optimizer
        n_groups = len(optimizer.param_groups)
        if isinstance(min_lr, list) or isinstance(min_lr, tuple):
            if len(min_lr) != n_groups:
                raise ValueError("expected {} min_lrs, got {}".format(n_groups, len(min_lr)))
            self.min_lrs = list(min_lr)
        else:
            self.min_lrs = [min_lr] * n_groups
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode
        self.best = None
        self.num_bad_epochs = None
        self.mode_worse = None
        self.eps = eps
        self.last_epoch = 0
        self._init_is_better(mode=mode, threshold=threshold, threshold_mode=threshold_mode)
        self._reset()

    def _reset(self):
        self.best = self.mode_worse
        self.cooldown_counter = 0
        self.num_bad_epochs = 0

    def step(self, metrics, epoch=None):
        current = float(metrics)
        if epoch is None:
            epoch = self.last_epoch + 1
        else:
            sys.stderr.write("UserWarning: The epoch parameter in `scheduler.step()` was not "
                             "necessary and is being deprecated where possible. Please use "
                             "`scheduler.step()` to step the scheduler. During the deprecation, "
                             "if epoch is different from None, the closed form is used instead "
                             "of the new chainable form, where available. Please open an issue "
                             "if you are unable to replicate your use case: "
                             "https://github.com/pytorch/pytorch/issues/new/choose.\n")
        self.last_epoch = epoch
        if self.is_better(current, self.best):
            self.best = current
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.in_cooldown:
            self.cooldown_counter -= 1
            self.num_bad_epochs = 0
        if self.num_bad_epochs > self.patience:
            self._reduce_lr(epoch)
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
        self._last_lr = [group['lr'] for group in self.optimizer.param_groups]

    def _reduce_lr(self, epoch):
        for i, group in enumerate(self.optimizer.param_groups):
            old_lr = float(group['lr'])
            new_lr = max(old_lr * self.factor, self.min_lrs[i])
            if old_lr - new_lr > self.eps:
                group['lr'] = new_lr
                if self.verbose:
                    epoch_str = ("%.2f" if isinstance(epoch, float) else "%.5d") % epoch
                    print('Epoch {}: reducing learning rate of group {} to {:.4e}.'.format(
                        epoch_str, i, new_lr))

    @property
    def in_cooldown(self):
        return self.cooldown_counter > 0

    def is_better(self, a, best):
        if self.mode == 'min':
            if self.threshold_mode == 'rel':
                return a < best * (1. - self.threshold)
            return a < best - self.threshold
        if self.threshold_mode == 'rel':
            return a > best * (self.threshold + 1.)
        return a > best + self.threshold

    def _init_is_better(self, mode, threshold, threshold_mode):
        if mode not in {'min', 'max'}:
            raise ValueError('mode ' + mode + ' is unknown!')
        if threshold_mode not in {'rel', 'abs'}:
            raise ValueError('threshold mode ' + threshold_mode + ' is unknown!')
        self.mode_worse = math.inf if mode == 'min' else -math.inf
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode

    def state_dict(self):
        return {key: value for key, value in self.__dict__.items() if key != 'optimizer'}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)
        self._init_is_better(mode=self.mode, threshold=self.threshold,
                             threshold_mode=self.threshold_mode)
