"""numpy.core as far as Backstep's numpy has it: the module of numpy's exceptions."""
