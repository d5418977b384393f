#!/usr/bin/python3
"""Golden values for tests/test-optim.c, from PyTorch 1.13's torch.optim.

Run with /usr/bin/python3 (the interpreter that sees torch); paste the output
between the BEGIN/END GOLDEN markers of tests/test-optim.c.

Every case optimises the same two parameters, w (2x3) and b (5), plus u (2),
whose grad stays None. Before step k, the grads are set to GRADS[k], except
at the steps listed in the case's zero_grad entry, where optimizer.zero_grad()
runs instead (keeping whatever the grads were, now zeros or None). Expected
values are the parameters after each step, printed exactly (repr of the
float32 or float64 value).
"""
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
]


def c_doubles(name, values):
    lines = ["static const double %s[] = {" % name]
    for v in values:
        lines.append("  %s," % repr(float(v)))
    lines.append("};")
    return "\n".join(lines)


def c_case(name, cls, kwargs, dtype, lr_changes, zero_grads, maximize, version):
    is_sgd = cls is SGD
    defaults = dict(lr=1e-3, momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False,
                    betas=(0.9, 0.999), eps=1e-8, amsgrad=False)
    defaults.update(kwargs)
    lr_at = ", ".join(repr(float(lr_changes[k])) if k in lr_changes else "NAN"
                      for k in range(N_STEPS))
    zero_at = ", ".join(("ZERO_TO_NONE" if zero_grads[k] else "ZERO_TO_ZEROS")
                        if k in zero_grads else "ZERO_NO" for k in range(N_STEPS))
    return ("  { \"%s\", %s, %r, %r, %r, %r, %s, %r, %r, %r, %s,\n    %s, %s,\n"
            "    { %s },\n    { %s },\n    expect_%s, %d },"
            % (name, "KIND_SGD" if is_sgd else "KIND_ADAM", defaults["lr"],
               float(defaults["momentum"]), float(defaults["dampening"]),
               float(defaults["weight_decay"]), "TRUE" if defaults["nesterov"] else "FALSE",
               defaults["betas"][0], defaults["betas"][1], defaults["eps"],
               "TRUE" if defaults["amsgrad"] else "FALSE",
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


def main():
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


if __name__ == "__main__":
    main()
