"""numpy.lib as far as Backstep's numpy has it: the modules of its functions written in
Python (nanfunctions, function_base)."""
