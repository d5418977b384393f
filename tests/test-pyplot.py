#!/usr/bin/python3
"""matplotlib.pyplot in scripts, run as a user would: `backstep run --plots DIR`.

The built command comes from $BACKSTEP (tests/meson.build sets it). Messages are those
matplotlib 3.6 and PyTorch 1.13 give. Output is TAP.
"""
import os
import struct
import subprocess
import sys
import tempfile
import traceback

BACKSTEP = os.environ.get("BACKSTEP")
TIMEOUT = 120

# A lecture's plots: a loss curve from tensors, tanh activations, dead neurons, a grid
LECTURE = """\
import torch
import matplotlib.pyplot as plt
torch.manual_seed(0)
losses = [1.0 / (i + 1) for i in range(10)]
plt.plot(torch.arange(10), losses, label='loss')
plt.xlabel('step')
plt.ylabel('loss')
plt.yscale('log')
plt.legend()
plt.show()
h = torch.tanh(torch.randn(32, 20) * 3)
fig, axs = plt.subplots(2, 2, figsize=(8, 6))
axs[0, 0].hist(h.view(-1).tolist(), 50)
im = axs[0, 1].imshow(h.abs() > 0.99, cmap='gray', interpolation='nearest')
fig.colorbar(im, ax=axs[0, 1])
axs[1, 0].plot(h[0], 'r--o')
axs[1, 1].scatter(h[:, 0], h[:, 1], c=h[:, 2])
for ax in axs.flat:
    ax.grid(True)
plt.tight_layout()
plt.show()
print(len(losses))
"""

def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", head[:8]
    return struct.unpack(">II", head[16:24])

def run(script, *options, cwd=None):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(script)
        path = f.name
    try:
        return subprocess.run([BACKSTEP, "run", *options, path], capture_output=True,
                              text=True, timeout=TIMEOUT, cwd=cwd)
    finally:
        os.unlink(path)

def test_lecture_plots():
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "plots")
        r = run(LECTURE, "--plots", out)
        assert r.returncode == 0, r.stderr
        assert r.stdout == "10\n", r.stdout
        assert sorted(os.listdir(out)) == ["figure-1.png", "figure-2.png"], os.listdir(out)
        assert png_size(os.path.join(out, "figure-1.png")) == (640, 480)
        assert png_size(os.path.join(out, "figure-2.png")) == (800, 600)
        # the same script draws the same pixels
        again = os.path.join(d, "again")
        r = run(LECTURE, "--plots", again)
        assert r.returncode == 0, r.stderr
        for name in ("figure-1.png", "figure-2.png"):
            with open(os.path.join(out, name), "rb") as a, open(os.path.join(again, name), "rb") as b:
                assert a.read() == b.read(), name

def test_no_plots_option():
    with tempfile.TemporaryDirectory() as d:
        r = run(LECTURE, cwd=d)
        assert r.returncode == 0, r.stderr
        assert os.listdir(d) == [], os.listdir(d)

def test_svg_and_open_figures():
    with tempfile.TemporaryDirectory() as d:
        # no show(): the figure still open at the end is written
        r = run("import matplotlib.pyplot as plt\nplt.bar(['a', 'b'], [3, 4])\n",
                "--plots", d, "--plot-format", "svg")
        assert r.returncode == 0, r.stderr
        assert os.listdir(d) == ["figure-1.svg"], os.listdir(d)
        with open(os.path.join(d, "figure-1.svg")) as f:
            text = f.read()
        assert 'width="460.8pt"' in text and 'height="345.6pt"' in text

def test_savefig_refused():
    r = run("import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('out.png')\n")
    assert r.returncode == 1
    assert "savefig() is refused by Backstep" in r.stderr and "--plots" in r.stderr, r.stderr

def test_messages():
    cases = [
        # PyTorch's message when a tensor that requires grad goes to numpy
        ("import torch\nimport matplotlib.pyplot as plt\n"
         "plt.plot(torch.ones(3, requires_grad=True))\n",
         "RuntimeError: Can't call numpy() on Tensor that requires grad. Use "
         "tensor.detach().numpy() instead."),
        # matplotlib 3.6's
        ("import matplotlib.pyplot as plt\nplt.plot([1, 2], foo=3)\n",
         "AttributeError: Line2D.set() got an unexpected keyword argument 'foo'"),
        ("import matplotlib.pyplot as plt\nplt.plot([1, 2], 'q')\n",
         "ValueError: 'q' is not a valid format string (unrecognized character 'q')"),
        ("import matplotlib.pyplot as plt\nplt.plot([1, 2], [1, 2, 3])\n",
         "ValueError: x and y must have same first dimension, but have shapes (2,) and (3,)"),
        ("import matplotlib.pyplot as plt\nplt.colorbar()\n",
         "RuntimeError: No mappable was found to use for colorbar creation. First define a "
         "mappable such as an image (with imshow) or a contour set (with contourf)."),
        ("import matplotlib.pyplot as plt\nplt.subplots_adjust(left=0.95)\n",
         "ValueError: left cannot be >= right"),
        ("import matplotlib.pyplot as plt\nfig, ax = plt.subplots(2)\n"
         "fig.subplots_adjust(hspace=0.5, top=0.2, bottom=0.3)\n",
         "ValueError: bottom cannot be >= top"),
        ("import matplotlib.pyplot as plt\nplt.subplots_adjust(hspace='wide')\n",
         "TypeError: hspace must be a number, not 'str'"),
        ("import matplotlib.pyplot as plt\nplt.pie([1, 2])\n",
         "NotImplementedError: matplotlib.pyplot.pie() is not supported"),
        # matplotlib 3.6 waits for ever in pause(0) with a figure open; Backstep says so
        ("import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.pause(0)\n",
         "NotImplementedError: pause(0) with a figure open never returns in matplotlib 3.6"),
        # what Backstep's texts do not draw, named
        ("import matplotlib.pyplot as plt\nplt.text(0, 0, 'a', fontweight='bold')\n",
         "NotImplementedError: text(fontweight=...) is not supported by Backstep's matplotlib"),
        ("import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\n"
         "ax.text(0.1, 0.9, 'a', transform=ax.transAxes)\n",
         "AttributeError: 'AxesSubplot' object has no attribute 'transAxes'"),
        ("import matplotlib.pyplot as plt\nplt.annotate('a', (0, 0), xytext=(1, 1), "
         "arrowprops=dict(arrowstyle='->'))\n",
         "NotImplementedError: annotate(arrowprops=...) is not supported by Backstep's "
         "matplotlib"),
        ("import matplotlib.pyplot as plt\nplt.text(0, 0, 'a', rotation=45)\n",
         "NotImplementedError: text(rotation=45) is not supported by Backstep's matplotlib"),
        ("import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.set_aspect(-1)\n",
         "NotImplementedError: set_aspect(-1) is not supported by Backstep's matplotlib"),
        # what matplotlib's artists can do and Backstep's stand-ins cannot, named
        ("import matplotlib.pyplot as plt\nline, = plt.plot([1, 2])\nline.set_color('red')\n",
         "AttributeError: Backstep's matplotlib has no 'Line2D.set_color'"),
        ("import matplotlib.pyplot as plt\nfor b in plt.bar([1, 2], [3, 4]):\n    pass\n",
         "NotImplementedError: Backstep's matplotlib has no 'Rectangle': the bars of a "
         "BarContainer cannot be taken one by one"),
    ]
    for script, message in cases:
        r = run(script)
        assert r.returncode == 1, (script, r.stderr)
        assert message in r.stderr, (message, r.stderr)

def test_values():
    # what matplotlib 3.6 prints for these
    r = run("import matplotlib.pyplot as plt\n"
            "plt.plot([1, 2, 4])\n"
            "print(plt.xlim(), plt.ylim())\n"
            "fig, ax = plt.subplots()\n"
            "ax.bar([0, 1, 2], [3, 7, 2])\n"
            "print(ax.get_ylim())\n"
            "print(plt.gcf().number)\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "(-0.1, 2.1) (0.85, 4.15)\n(0.0, 7.35)\n2\n", r.stdout

# A live loss plot: each pause() shows the figure as it is then and keeps it open
LIVE = """\
import matplotlib.pyplot as plt
plt.ion()
losses = []
for step in range(3):
    losses.append(1.0 / (step + 1))
    plt.clf()
    plt.plot(losses)
    plt.pause(0.1)
plt.show()
plt.ioff()
plt.title('done')
plt.show()
print(len(losses))
"""

def test_live_plot():
    with tempfile.TemporaryDirectory() as d:
        r = run(LIVE, "--plots", d)
        assert r.returncode == 0, r.stderr
        # three pauses, show() in interactive mode (kept open), then show() closing it
        assert sorted(os.listdir(d)) == [f"figure-{i}.png" for i in range(1, 6)], os.listdir(d)
        with open(os.path.join(d, "figure-1.png"), "rb") as a, \
             open(os.path.join(d, "figure-3.png"), "rb") as b:
            assert a.read() != b.read()
        with open(os.path.join(d, "figure-3.png"), "rb") as a, \
             open(os.path.join(d, "figure-4.png"), "rb") as b:
            assert a.read() == b.read()

TESTS = [test_live_plot, test_lecture_plots, test_no_plots_option, test_svg_and_open_figures,
         test_savefig_refused, test_messages, test_values]

def main():
    print(f"1..{len(TESTS)}")
    failed = 0
    for i, test in enumerate(TESTS, 1):
        try:
            test()
            print(f"ok {i} {test.__name__}")
        except Exception:
            failed += 1
            print(f"not ok {i} {test.__name__}")
            for line in traceback.format_exc().splitlines():
                print(f"# {line}")
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main())
