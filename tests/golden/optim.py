#!/usr/bin/python3
"""Golden values for tests/test-optim.c, from PyTorch 1.13's torch.optim.

Run with /usr/bin/python3 (the interpreter that sees torch); paste the output
between the BEGIN/END GOLDEN markers of tests/test-optim.c, or let the script
do it:

    /usr/bin/python3 tests/golden/optim.py --update tests/test-optim.c

Every case optimises the same two parameters, w (2x3) and b (5), plus u (2),
whose grad stays None. Before step k, the grads are set to GRADS[k], except
at the steps listed in the case's zero_grad entry, where optimizer.zero_grad()
runs instead (keeping whatever the grads were, now zeros or None). Expected
values are the parameters after each step, printed exactly (repr of the
float32 or float64 value).
"""
import io
import sys

import torch

torch.manual_seed(1234)
W0 = torch.randn(2, 3)
B0 = torch.randn(5)
U0 = torch.randn(2)
N_STEPS = 6
# Gradients that change sign and size, so that amsgrad's max matters.
GRADS = [(torch.randn(2, 3) * s, torch.randn(5) * s) for s in (1.0, 0.5, 2.0, 0.1, 1.5, 0.3)]

SGD = torch.optim.SGD
ADAM = torch.optim.Adam
RMSPROP = torch.optim.RMSprop

# name, class, kwargs, dtype, {step: lr set before it}, {step: set_to_none}, maximize
CASES = [
    ("sgd_plain", SGD, dict(lr=0.1), torch.float32, {}, {}, False),
    ("sgd_momentum", SGD, dict(lr=0.1, momentum=0.9), torch.float32, {}, {}, False),
    ("sgd_dampening", SGD, dict(lr=0.05, momentum=0.8, dampening=0.3), torch.float32, {}, {},
     False),
    ("sgd_nesterov", SGD, dict(lr=0.1, momentum=0.9, nesterov=True), torch.float32, {}, {},
     False),
    ("sgd_weight_decay", SGD, dict(lr=0.1, momentum=0.5, weight_decay=0.01), torch.float32, {},
     {}, False),
    ("sgd_weight_decay_plain", SGD, dict(lr=0.3, weight_decay=0.2), torch.float32, {}, {}, False),
    ("sgd_lr_change", SGD, dict(lr=0.1, momentum=0.9), torch.float32, {2: 0.01, 4: 0.3}, {},
     False),
    ("sgd_zero_grad", SGD, dict(lr=0.1, momentum=0.9), torch.float32, {}, {3: False, 4: False},
     False),
    ("sgd_maximize", SGD, dict(lr=0.1, momentum=0.9, weight_decay=0.1), torch.float32, {}, {},
     True),
    ("sgd_momentum_f64", SGD, dict(lr=0.1, momentum=0.9, weight_decay=0.01), torch.float64, {},
     {}, False),
    ("adam_defaults", ADAM, dict(), torch.float32, {}, {}, False),
    ("adam_lr", ADAM, dict(lr=0.1), torch.float32, {}, {}, False),
    ("adam_weight_decay", ADAM, dict(lr=0.05, weight_decay=0.1), torch.float32, {}, {}, False),
    ("adam_amsgrad", ADAM, dict(lr=0.02, betas=(0.8, 0.99), amsgrad=True), torch.float32, {}, {},
     False),
    ("adam_eps", ADAM, dict(lr=0.01, eps=0.1, weight_decay=0.5), torch.float32, {3: 0.2}, {},
     False),
    ("adam_set_to_none", ADAM, dict(lr=0.1), torch.float32, {}, {2: True, 3: True}, False),
    ("adam_maximize", ADAM, dict(lr=0.1, amsgrad=True), torch.float32, {}, {}, True),
    ("adam_f64", ADAM, dict(lr=0.1, weight_decay=0.01, amsgrad=True), torch.float64, {}, {},
     False),
    ("rmsprop_defaults", RMSPROP, dict(), torch.float32, {}, {}, False),
    ("rmsprop_momentum", RMSPROP, dict(lr=0.01, momentum=0.9), torch.float32, {}, {}, False),
    ("rmsprop_centered", RMSPROP, dict(lr=0.01, alpha=0.9, centered=True), torch.float32, {},
     {}, False),
    ("rmsprop_centered_momentum", RMSPROP, dict(lr=0.02, centered=True, momentum=0.5),
     torch.float32, {}, {}, False),
    ("rmsprop_weight_decay", RMSPROP, dict(lr=0.05, weight_decay=0.1, eps=1e-3),
     torch.float32, {3: 0.1}, {}, False),
    ("rmsprop_zero_grad", RMSPROP, dict(lr=0.01, momentum=0.9, centered=True), torch.float32,
     {}, {2: False, 3: True}, False),
    ("rmsprop_maximize", RMSPROP, dict(lr=0.01, momentum=0.9, weight_decay=0.1),
     torch.float32, {}, {}, True),
    ("rmsprop_f64", RMSPROP, dict(lr=0.01, alpha=0.95, momentum=0.8, centered=True,
                                  weight_decay=0.05), torch.float64, {}, {}, False),
]


def c_doubles(name, values):
    lines = ["static const double %s[] = {" % name]
    for v in values:
        lines.append("  %s," % repr(float(v)))
    lines.append("};")
    return "\n".join(lines)


def c_case(name, cls, kwargs, dtype, lr_changes, zero_grads, maximize, version):
    kind = {SGD: "KIND_SGD", ADAM: "KIND_ADAM", RMSPROP: "KIND_RMSPROP"}[cls]
    defaults = dict(lr=1e-2 if cls is RMSPROP else 1e-3, momentum=0.0, dampening=0.0,
                    weight_decay=0.0, nesterov=False, betas=(0.9, 0.999), eps=1e-8,
                    amsgrad=False, alpha=0.99, centered=False)
    defaults.update(kwargs)
    lr_at = ", ".join(repr(float(lr_changes[k])) if k in lr_changes else "NAN"
                      for k in range(N_STEPS))
    zero_at = ", ".join(("ZERO_TO_NONE" if zero_grads[k] else "ZERO_TO_ZEROS")
                        if k in zero_grads else "ZERO_NO" for k in range(N_STEPS))
    return ("  { \"%s\", %s, %r, %r, %r, %r, %s, %r, %r, %r, %s, %r, %s,\n    %s, %s,\n"
            "    { %s },\n    { %s },\n    expect_%s, %d },"
            % (name, kind, defaults["lr"],
               float(defaults["momentum"]), float(defaults["dampening"]),
               float(defaults["weight_decay"]), "TRUE" if defaults["nesterov"] else "FALSE",
               defaults["betas"][0], defaults["betas"][1], defaults["eps"],
               "TRUE" if defaults["amsgrad"] else "FALSE", float(defaults["alpha"]),
               "TRUE" if defaults["centered"] else "FALSE",
               "BS_DTYPE_FLOAT32" if dtype == torch.float32 else "BS_DTYPE_FLOAT64",
               "TRUE" if maximize else "FALSE", lr_at, zero_at, name, version))


def run(cls, kwargs, dtype, lr_changes, zero_grads, maximize):
    w = W0.to(dtype).clone().requires_grad_()
    b = B0.to(dtype).clone().requires_grad_()
    u = U0.to(dtype).clone().requires_grad_()
    opt = cls([w, b, u], **kwargs)
    if maximize:
        opt.param_groups[0]["maximize"] = True
    out = []
    for k in range(N_STEPS):
        if k in lr_changes:
            opt.param_groups[0]["lr"] = lr_changes[k]
        if k in zero_grads:
            opt.zero_grad(set_to_none=zero_grads[k])
        else:
            w.grad = GRADS[k][0].to(dtype).clone()
            b.grad = GRADS[k][1].to(dtype).clone()
        opt.step()
        out += w.detach().flatten().tolist() + b.detach().flatten().tolist()
    assert u.grad is None and torch.equal(u.detach(), U0.to(dtype))
    assert len(opt.state[u]) == 0
    return out, w._version, b._version


def generate():
    print("/* BEGIN GOLDEN (generated by tests/golden/optim.py; do not edit) */")
    print("/* torch %s */" % torch.__version__)
    print("#define N_STEPS %d" % N_STEPS)
    print(c_doubles("w0", W0.flatten().tolist()))
    print(c_doubles("b0", B0.flatten().tolist()))
    print(c_doubles("u0", U0.flatten().tolist()))
    grads = []
    for gw, gb in GRADS:
        grads += gw.flatten().tolist() + gb.flatten().tolist()
    print(c_doubles("grads", grads))
    table = []
    for name, cls, kwargs, dtype, lr_changes, zero_grads, maximize in CASES:
        out, wv, bv = run(cls, kwargs, dtype, lr_changes, zero_grads, maximize)
        assert wv == bv
        print("/* %s(%s), %s */" % (cls.__name__, kwargs, dtype))
        print(c_doubles("expect_" + name, out))
        table.append(c_case(name, cls, kwargs, dtype, lr_changes, zero_grads, maximize, wv))
    print("static const OptimCase cases[] = {")
    print("\n".join(table))
    print("};")
    print("/* END GOLDEN */")


def main():
    out = io.StringIO()
    stdout, sys.stdout = sys.stdout, out
    try:
        generate()
    finally:
        sys.stdout = stdout
    text = out.getvalue()
    if len(sys.argv) == 3 and sys.argv[1] == "--update":
        begin = "/* BEGIN GOLDEN"
        end = "/* END GOLDEN */\n"
        with open(sys.argv[2]) as f:
            source = f.read()
        start = source.index(begin)
        stop = source.index(end) + len(end)
        with open(sys.argv[2], "w") as f:
            f.write(source[:start] + text + source[stop:])
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
