"""Shared by the golden scripts of the op tests (see tests/golden-case.h).

Each case builds float64 leaves x0, x1, ... of the given shapes, filled with
    x_k[i] = ((7 * i + 3 * k) % 11 - 5) * 0.25 + 0.01 * i   (row-major i)
runs the snippet, which leaves a tensor in `out`, and backwards
    L = (out * w).sum(),   w[j] = (j % 5) - 1.5 + 0.125 * j   (row-major j).
It records out's grad_fn name, shape and values and each input's gradient.
"""

import torch

def fill(shape, k):
    n = 1
    for s in shape:
        n *= s
    values = [((7 * i + 3 * k) % 11 - 5) * 0.25 + 0.01 * i for i in range(n)]
    return torch.tensor(values, dtype=torch.float64).reshape(shape).requires_grad_()


def weights(n):
    return torch.tensor([(j % 5) - 1.5 + 0.125 * j for j in range(n)], dtype=torch.float64)


def c_doubles(values):
    if not values:
        return "{ 0 }"
    return "{ " + ", ".join(repr(float(v)) for v in values) + " }"


def c_dims(shape):
    return "{ " + ", ".join(map(str, shape)) + " }" if shape else "{ 0 }"


def run(ident, shapes, snippet):
    env = {"torch": torch}
    inputs = [fill(s, k) for k, s in enumerate(shapes)]
    for k, x in enumerate(inputs):
        env["x%d" % k] = x
    exec(snippet, env)
    out = env["out"]
    w = weights(out.numel()).reshape(out.shape)
    (out * w).sum().backward()
    lines = ["/* %s */" % snippet]
    shape = list(out.shape)
    lines.append("static const gint64 %s_shape[] = %s;" % (ident, c_dims(shape)))
    lines.append("static const double %s_out[] = %s;"
                 % (ident, c_doubles(out.detach().reshape(-1).tolist())))
    for k, x in enumerate(inputs):
        lines.append("static const double %s_grad%d[] = %s;"
                     % (ident, k, c_doubles(x.grad.reshape(-1).tolist())))
    for k, s in enumerate(shapes):
        lines.append("static const gint64 %s_in%d[] = %s;"
                     % (ident, k, c_dims(s)))
    grads = ", ".join("%s_grad%d" % (ident, k) for k in range(len(inputs)))
    ins = ", ".join("{ %d, %s_in%d }" % (len(s), ident, k) for k, s in enumerate(shapes))
    lines.append('static const Golden golden_%s = { "%s", %d, %s_shape, %d, %s_out, %d, '
                 '{ %s }, { %s } };'
                 % (ident, type(out.grad_fn).__name__, len(shape), ident, out.numel(), ident,
                    len(inputs), ins, grads))
    return "\n".join(wrap(line) for line in lines)


def wrap(line, width=98):
    if len(line) <= width:
        return line
    out, cur = [], ""
    for piece in line.split(", "):
        if cur and len(cur) + len(piece) + 2 > width:
            out.append(cur + ",")
            cur = "  " + piece
        else:
            cur = cur + ", " + piece if cur else piece
    out.append(cur)
    return "\n".join(out)


def generate(CASES, BEGIN, END):
    chunks = [BEGIN, "/* torch %s */" % torch.__version__, ""]
    for ident, shapes, snippet in CASES:
        chunks.append(run(ident, shapes, snippet))
        chunks.append("")
    chunks.append(END)
    return "\n".join(chunks)


def main(argv, CASES, BEGIN, END):
    text = generate(CASES, BEGIN, END)
    if len(argv) == 3 and argv[1] == "--update":
        with open(argv[2]) as f:
            source = f.read()
        start = source.index(BEGIN)
        end = source.index(END) + len(END)
        with open(argv[2], "w") as f:
            f.write(source[:start] + text + source[end:])
    else:
        print(text)


