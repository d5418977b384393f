"""numpy.linalg as far as Backstep's numpy has it: its exception, which
numpy.random's multivariate_normal raises. Its functions are named as missing."""


class LinAlgError(Exception):
    pass
