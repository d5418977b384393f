# torch.utils.data: PyTorch 1.13's datasets, samplers and DataLoader. Loading runs in the
# script's own process (num_workers > 0 gives the same batches); shuffling draws from
# torch's generators as PyTorch's samplers do, so the order after torch.manual_seed is
# PyTorch's.
import torch


def _bs_seed(generator):
    # torch.empty((), dtype=torch.int64).random_(generator=generator).item()
    return torch.nn._random_seed(generator=generator)


class Dataset:
    __module__ = 'torch.utils.data.dataset'

    def __init__(self):
        # (object.__init__ for subclasses that call super().__init__())
        pass

    def __getitem__(self, index):
        raise NotImplementedError

    def __add__(self, other):
        return ConcatDataset([self, other])


class IterableDataset(Dataset):
    __module__ = 'torch.utils.data.dataset'

    def __iter__(self):
        raise NotImplementedError


class TensorDataset(Dataset):
    __module__ = 'torch.utils.data.dataset'

    def __init__(self, *tensors):
        assert all(tensors[0].size(0) == tensor.size(0) for tensor in tensors), \
            "Size mismatch between tensors"
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(tensor[index] for tensor in self.tensors)

    def __len__(self):
        return self.tensors[0].size(0)


class ConcatDataset(Dataset):
    __module__ = 'torch.utils.data.dataset'

    def __init__(self, datasets):
        self.datasets = list(datasets)
        assert len(self.datasets) > 0, 'datasets should not be an empty iterable'
        for d in self.datasets:
            assert not isinstance(d, IterableDataset), \
                "ConcatDataset does not support IterableDataset"
        self.cumulative_sizes = []
        total = 0
        for d in self.datasets:
            total += len(d)
            self.cumulative_sizes.append(total)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        dataset_idx = 0
        while self.cumulative_sizes[dataset_idx] <= idx:
            dataset_idx += 1
        if dataset_idx == 0:
            sample_idx = idx
        else:
            sample_idx = idx - self.cumulative_sizes[dataset_idx - 1]
        return self.datasets[dataset_idx][sample_idx]


class Subset(Dataset):
    __module__ = 'torch.utils.data.dataset'

    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


def random_split(dataset, lengths, generator=None):
    total = sum(lengths)
    if abs(total - 1) <= 1e-9 and total <= 1:
        subset_lengths = []
        for i, frac in enumerate(lengths):
            if frac < 0 or frac > 1:
                raise ValueError("Fraction at index {} is not between 0 and 1".format(i))
            subset_lengths.append(int(len(dataset) * frac // 1))
        remainder = len(dataset) - sum(subset_lengths)
        for i in range(remainder):
            subset_lengths[i % len(subset_lengths)] += 1
        lengths = subset_lengths
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    if generator is None:
        indices = torch.randperm(sum(lengths)).tolist()
    else:
        indices = torch.randperm(sum(lengths), generator=generator).tolist()
    out = []
    offset = 0
    for length in lengths:
        offset += length
        out.append(Subset(dataset, indices[offset - length: offset]))
    return out


class Sampler:
    __module__ = 'torch.utils.data.sampler'

    def __init__(self, data_source=None):
        pass

    def __iter__(self):
        raise NotImplementedError


class SequentialSampler(Sampler):
    __module__ = 'torch.utils.data.sampler'

    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    __module__ = 'torch.utils.data.sampler'

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.num_samples = len(data_source) if num_samples is None else num_samples
        self.generator = generator
        if not isinstance(self.replacement, bool):
            raise TypeError("replacement should be a boolean value, but got replacement={}".format(
                self.replacement))
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError("num_samples should be a positive integer value, but got "
                             "num_samples={}".format(self.num_samples))

    def __iter__(self):
        n = len(self.data_source)
        if self.generator is None:
            generator = torch.Generator()
            generator.manual_seed(_bs_seed(None))
        else:
            generator = self.generator
        out = []
        if self.replacement:
            for _ in range(self.num_samples // 32):
                out += torch.randint(high=n, size=(32,), dtype=torch.int64,
                                     generator=generator).tolist()
            out += torch.randint(high=n, size=(self.num_samples % 32,), dtype=torch.int64,
                                 generator=generator).tolist()
        else:
            for _ in range(self.num_samples // n):
                out += torch.randperm(n, generator=generator).tolist()
            out += torch.randperm(n, generator=generator).tolist()[:self.num_samples % n]
        return iter(out)

    def __len__(self):
        return self.num_samples


class SubsetRandomSampler(Sampler):
    __module__ = 'torch.utils.data.sampler'

    def __init__(self, indices, generator=None):
        self.indices = indices
        self.generator = generator

    def __iter__(self):
        if self.generator is None:
            perm = torch.randperm(len(self.indices))
        else:
            perm = torch.randperm(len(self.indices), generator=self.generator)
        return iter([self.indices[i] for i in perm.tolist()])

    def __len__(self):
        return len(self.indices)


class _bs_BatchIter:
    def __init__(self, sampler, batch_size, drop_last):
        self.it = iter(sampler)
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self):
        return self

    def __next__(self):
        batch = []
        for idx in self.it:
            batch.append(idx)
            if len(batch) == self.batch_size:
                return batch
        if batch and not self.drop_last:
            return batch
        raise StopIteration


class BatchSampler(Sampler):
    __module__ = 'torch.utils.data.sampler'

    def __init__(self, sampler, batch_size, drop_last):
        if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size <= 0:
            raise ValueError("batch_size should be a positive integer value, but got "
                             "batch_size={}".format(batch_size))
        if not isinstance(drop_last, bool):
            raise ValueError("drop_last should be a boolean value, but got drop_last={}".format(
                drop_last))
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self):
        return _bs_BatchIter(self.sampler, self.batch_size, self.drop_last)

    def __len__(self):
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size


_bs_collate_error = ("default_collate: batch must contain tensors, numpy arrays, numbers, dicts "
                     "or lists; found {}")


def default_collate(batch):
    elem = batch[0]
    elem_type = type(elem)
    if isinstance(elem, torch.Tensor):
        return torch.stack(batch, 0)
    if isinstance(elem, float):
        return torch.tensor(batch, dtype=torch.float64)
    if isinstance(elem, int):
        return torch.tensor(batch)
    if isinstance(elem, str):
        return batch
    if isinstance(elem, dict):
        return {key: default_collate([d[key] for d in batch]) for key in elem}
    if isinstance(elem, tuple) and hasattr(elem, '_fields'):
        return elem_type(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, (tuple, list)):
        size = len(elem)
        if not all(len(e) == size for e in batch):
            raise RuntimeError('each element in list of batch should be of equal size')
        transposed = list(zip(*batch))
        return [default_collate(samples) for samples in transposed]
    raise TypeError(_bs_collate_error.format(elem_type))


def default_convert(data):
    if isinstance(data, torch.Tensor):
        return data
    if isinstance(data, dict):
        return {key: default_convert(data[key]) for key in data}
    if isinstance(data, tuple) and hasattr(data, '_fields'):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, list):
        return [default_convert(d) for d in data]
    return data


class _bs_LoaderIter:
    def __init__(self, loader):
        self._loader = loader
        self._dataset = loader.dataset
        self._sampler_iter = None
        self._dataset_iter = None
        self._base_seed = _bs_seed(loader.generator)

    def __iter__(self):
        return self

    def __len__(self):
        return len(self._loader)

    def _next_from_iterable(self):
        loader = self._loader
        if self._dataset_iter is None:
            self._dataset_iter = iter(self._dataset)
        if loader.batch_size is None:
            return loader.collate_fn(next(self._dataset_iter))
        batch = []
        for item in self._dataset_iter:
            batch.append(item)
            if len(batch) == loader.batch_size:
                break
        if not batch or (len(batch) < loader.batch_size and loader.drop_last):
            raise StopIteration
        return loader.collate_fn(batch)

    def __next__(self):
        loader = self._loader
        if loader._bs_iterable:
            return self._next_from_iterable()
        if self._sampler_iter is None:
            self._sampler_iter = iter(loader._index_sampler)
        index = next(self._sampler_iter)
        if loader._auto_collation:
            data = [self._dataset[idx] for idx in index]
        else:
            data = self._dataset[index]
        return loader.collate_fn(data)


class DataLoader:
    __module__ = 'torch.utils.data.dataloader'

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
                 num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0,
                 worker_init_fn=None, multiprocessing_context=None, generator=None, *,
                 prefetch_factor=2, persistent_workers=False, pin_memory_device=''):
        if num_workers < 0:
            raise ValueError('num_workers option should be non-negative; use num_workers=0 to '
                             'disable multiprocessing.')
        if timeout < 0:
            raise ValueError('timeout option should be non-negative')
        if num_workers == 0 and prefetch_factor != 2:
            raise ValueError('prefetch_factor option could only be specified in multiprocessing.'
                             'let num_workers > 0 to enable multiprocessing.')
        if persistent_workers and num_workers == 0:
            raise ValueError('persistent_workers option needs num_workers > 0')
        if multiprocessing_context is not None:
            if num_workers == 0:
                raise ValueError('multiprocessing_context can only be used with multi-process '
                                 'loading (num_workers > 0), but got num_workers={}'.format(
                                     num_workers))
            raise NotImplementedError('DataLoader(multiprocessing_context=...) is not supported '
                                      'by Backstep: it loads in the script\'s own process')
        if worker_init_fn is not None and num_workers > 0:
            raise NotImplementedError('DataLoader(worker_init_fn=...) is not supported by '
                                      'Backstep: it loads in the script\'s own process')
        self.dataset = dataset
        self.num_workers = num_workers
        self.prefetch_factor = prefetch_factor
        self.pin_memory = pin_memory
        self.pin_memory_device = pin_memory_device
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.multiprocessing_context = multiprocessing_context
        self._bs_iterable = isinstance(dataset, IterableDataset)
        if self._bs_iterable:
            if shuffle not in (None, False):
                raise ValueError("DataLoader with IterableDataset: expected unspecified shuffle "
                                 "option, but got shuffle={}".format(shuffle))
            if sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified sampler "
                                 "option, but got sampler={}".format(sampler))
            if batch_sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified "
                                 "batch_sampler option, but got batch_sampler={}".format(
                                     batch_sampler))
        if sampler is not None and shuffle:
            raise ValueError('sampler option is mutually exclusive with shuffle')
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError('batch_sampler option is mutually exclusive with batch_size, '
                                 'shuffle, sampler, and drop_last')
            batch_size = None
            drop_last = False
        elif batch_size is None:
            if drop_last:
                raise ValueError('batch_size=None option disables auto-batching and is mutually '
                                 'exclusive with drop_last')
        if sampler is None and not self._bs_iterable:
            if shuffle:
                sampler = RandomSampler(dataset, generator=generator)
            else:
                sampler = SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None and not self._bs_iterable:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        if collate_fn is None:
            if batch_size is not None or batch_sampler is not None:
                collate_fn = default_collate
            else:
                collate_fn = default_convert
        self.collate_fn = collate_fn
        self.persistent_workers = persistent_workers
        self._auto_collation = batch_sampler is not None
        self._index_sampler = batch_sampler if batch_sampler is not None else sampler

    def __iter__(self):
        return _bs_LoaderIter(self)

    def __len__(self):
        if self._bs_iterable:
            length = len(self.dataset)
            if self.batch_size is not None:
                if self.drop_last:
                    return length // self.batch_size
                return (length + self.batch_size - 1) // self.batch_size
            return length
        return len(self._index_sampler)
