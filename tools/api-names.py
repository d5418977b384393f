#!/usr/bin/python3
"""Writes src/lang/bs-api-names-data.c: the public names of the libraries whose APIs
Backstep provides in part, as Debian 12's PyTorch 1.13 and matplotlib 3.6 have them.

    /usr/bin/python3 tools/api-names.py > src/lang/bs-api-names-data.c
"""
import matplotlib
import matplotlib.pyplot
import torch
import torch.autograd
import torch.nn
import torch.nn.functional
import torch.nn.init
import torch.optim
import torch.optim.lr_scheduler
import torch.utils.data

OWNERS = [
    ("torch", torch),
    ("torch.Tensor", torch.Tensor),
    ("torch.nn", torch.nn),
    ("torch.nn.Module", torch.nn.Module),
    ("torch.nn.functional", torch.nn.functional),
    ("torch.nn.init", torch.nn.init),
    ("torch.autograd", torch.autograd),
    ("torch.optim", torch.optim),
    ("torch.optim.lr_scheduler", torch.optim.lr_scheduler),
    ("torch.utils.data", torch.utils.data),
    ("matplotlib", matplotlib),
    ("matplotlib.pyplot", matplotlib.pyplot),
]


def c_name(owner):
    return owner.replace(".", "_").lower() + "_names"


def main():
    print("/* bs-api-names-data.c: written by tools/api-names.py; do not edit */")
    print('#include "bs-api-names.h"\n')
    for owner, obj in OWNERS:
        names = sorted(n for n in dir(obj) if not n.startswith("_"))
        print(f"static const char *const {c_name(owner)}[] = {{")
        line = " "
        for n in names:
            item = f' "{n}",'
            if len(line) + len(item) > 92:
                print(line)
                line = " "
            line += item
        print(line + " NULL,\n};\n")
    print("const BsApiNames bs_api_names[] = {")
    for owner, _ in OWNERS:
        print(f'  {{ "{owner}", {c_name(owner)} }},')
    print("  { NULL, NULL },\n};")


main()
