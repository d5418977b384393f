#!/usr/bin/python3
"""SVG with real text, PDF with selectable text, animated GIF: `backstep export` as a user
runs it, checked with other programs' readers.

- SVG: valid XML (xmllint), every box's label found as a <text> with its font named and
  no glyph outlines left; rendered by librsvg (rsvg-convert) it matches the PNG export
  (pixels within a tolerance: the same fonts, antialiased by another rasteriser);
- PDF: pdftotext finds the labels;
- TikZ: the .tex compiles with pdflatex, and pdftotext finds the labels in the PDF; names
  and formulas are LaTeX math;
- GIF: read back by Pillow's decoder, one frame per step of the range, each the size of
  the frames; each frame's graph matches the PNG export of its step (256 colours: within a
  tolerance); the frame time as asked; errors of the options.
- WebP: the same read back by Pillow's WebP decoder (libwebpdemux); lossless, so each
  frame's graph is the PNG export's pixels exactly.
- The gradient-flow legend (--grad-flow) in DOT, TikZ, the handout, GIF and WebP.
TAP output.
"""
import os
import re
import subprocess
import sys
import tempfile
import traceback

from PIL import Image, ImageChops

BACKSTEP = os.path.abspath(os.environ.get("BACKSTEP", "backstep"))
HERE = os.path.dirname(os.path.abspath(__file__))
SEED = os.path.join(HERE, "conformance", "seed004_four_lines.py")
TIMEOUT = 240
# Seed 004's labels: the script's names, its grad_fn names, its values
LABELS = ["w1", "w2", "w3", "x1", "x2", "x3", "x4", "x5", "L", "MulBackward0",
          "AddBackward0", "RsubBackward1"]
# A pixel differs when a channel differs by more than CHANNEL; the images match when at
# most FRACTION of their pixels differ.
CHANNEL = 64
SVG_FRACTION = 0.02
GIF_FRACTION = 0.01


def run(argv):
    p = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT)
    return p.returncode, p.stdout, p.stderr


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def export(tmp, name, *args):
    path = os.path.join(tmp, name)
    status, out, err = run([BACKSTEP, "export", SEED, "-o", path, *args])
    check(status == 0, f"export {name}: {status} {err}")
    return path


def differing(a, b):
    """The fraction of pixels of two RGB images of one size that differ by more than
    CHANNEL in some channel."""
    check(a.size == b.size, f"sizes {a.size} and {b.size}")
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    bands = [band.point(lambda v: 255 if v > CHANNEL else 0) for band in diff.split()]
    mask = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
    return mask.histogram()[255] / (a.size[0] * a.size[1])


def flatten(image, background=(255, 255, 255)):
    if image.mode in ("RGBA", "LA"):
        base = Image.new("RGB", image.size, background)
        base.paste(image, mask=image.split()[-1])
        return base
    return image.convert("RGB")


def test_svg_text(tmp):
    svg = export(tmp, "graph.svg", "--step", "26")
    status, _, err = run(["xmllint", "--noout", svg])
    check(status == 0, f"xmllint: {err}")
    text = open(svg, encoding="utf-8").read()
    texts = re.findall(r"<text [^>]*>([^<]*)</text>", text)
    for label in LABELS:
        check(label in texts, f"no <text> {label!r}; texts: {texts}")
    check("<symbol" not in text and "glyph" not in text, "glyph outlines left in the SVG")
    fonts = set(re.findall(r'<text [^>]*font-family="([^"]+)"', text))
    check(fonts and all(f for f in fonts), f"fonts named: {fonts}")


def test_svg_renders_as_png(tmp):
    svg = export(tmp, "graph.svg", "--step", "26")
    png = export(tmp, "graph.png", "--step", "26")
    rendered = os.path.join(tmp, "rendered.png")
    want = Image.open(png)
    status, _, err = run(["rsvg-convert", "-w", str(want.size[0]), "-h", str(want.size[1]),
                          "-o", rendered, svg])
    check(status == 0, f"rsvg-convert: {err}")
    fraction = differing(flatten(Image.open(rendered)), flatten(want))
    check(fraction <= SVG_FRACTION, f"{fraction:.2%} of the pixels differ")


def test_pdf_text(tmp):
    pdf = export(tmp, "graph.pdf", "--step", "26")
    status, out, err = run(["pdftotext", "-layout", pdf, "-"])
    check(status == 0, f"pdftotext: {err}")
    words = set(out.split())
    for label in LABELS:
        check(label in words, f"pdftotext does not find {label!r} in:\n{out}")


def test_tikz(tmp):
    tex = export(tmp, "graph.tex", "--step", "19")
    text = open(tex, encoding="utf-8").read()
    check(text.startswith("% Made by Backstep: the graph at step 19.") and
          "\\begin{tikzpicture}[x=1pt, y=-1pt" in text, text[:300])
    # names as math, the gradients and the current edge's local gradient as fractions
    for piece in ["{$\\mathbf{x_{3}}$\\\\ MulBackward0 (saved)",
                  "$\\frac{\\partial L}{\\partial x_{5}} = -1$",
                  "$\\frac{\\partial x_{5}}{\\partial (w_{3} \\cdot x_{4})} = 1$",
                  "controls"]:
        check(piece in text, f"no {piece!r} in:\n{text}")
    status, out, err = run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                            "-output-directory", tmp, tex])
    check(status == 0, f"pdflatex: {out[-2000:]}")
    status, out, err = run(["pdftotext", os.path.join(tmp, "graph.pdf"), "-"])
    words = set(out.split())
    for label in ["MulBackward0", "AddBackward0", "RsubBackward1", "value:", "grad:", "upstream"]:
        check(label in words, f"pdftotext does not find {label!r} in:\n{out}")
    # a graph taller than a sheet of paper is still one page of its size
    mlp = os.path.join(tmp, "mlp.tex")
    status, _, err = run([BACKSTEP, "export", os.path.join(HERE, "..", "assets", "examples",
                                                           "07-mlp-training.py"), "-o", mlp])
    check(status == 0, f"export: {err}")
    status, out, _ = run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                          "-output-directory", tmp, mlp])
    check(status == 0, f"pdflatex: {out[-2000:]}")
    status, out, _ = run(["pdfinfo", os.path.join(tmp, "mlp.pdf")])
    check(re.search(r"^Pages:\s+1$", out, re.M), f"pdfinfo: {out}")


def test_gif_frames(tmp):
    gif = export(tmp, "backward.gif", "--animate", "--from", "20", "--to", "26",
                 "--frame-time", "500")
    image = Image.open(gif)
    check(image.format == "GIF" and image.n_frames == 7, f"{image.format} {image.n_frames}")
    size = image.size
    for i in range(image.n_frames):
        image.seek(i)
        check(image.size == size, f"frame {i} is {image.size}, not {size}")
        check(image.info.get("duration") == 500, f"frame {i}: {image.info.get('duration')} ms")
        frame = image.convert("RGB")
        png = Image.open(export(tmp, f"step{20 + i}.png", "--step", str(20 + i)))
        graph = frame.crop((0, 0) + png.size)
        fraction = differing(graph, flatten(png))
        check(fraction <= GIF_FRACTION, f"frame {i}: {fraction:.2%} of the pixels differ from "
              f"the PNG of step {20 + i}")
        # under the graph, the caption strip says which step it is
        check(frame.size[1] > png.size[1], "no caption strip")
    check(image.info.get("loop") == 0, f"loop {image.info.get('loop')}")


def test_gif_default_range(tmp):
    gif = export(tmp, "backward.gif", "--animate")
    status, out, _ = run([BACKSTEP, "trace", SEED])
    steps = [int(s) for s in re.findall(r'"type":"(?:backward_begin|backward_end)","step":(\d+)',
                                        out)]
    check(len(steps) == 2, f"backward steps {steps}")
    check(Image.open(gif).n_frames == steps[1] - steps[0] + 1,
          f"{Image.open(gif).n_frames} frames for steps {steps}")


def test_webp_frames(tmp):
    webp = export(tmp, "backward.webp", "--animate", "--from", "20", "--to", "26",
                  "--frame-time", "250", "--scale", "2")
    image = Image.open(webp)
    check(image.format == "WEBP" and image.n_frames == 7, f"{image.format} {image.n_frames}")
    check(image.info.get("loop") == 0, f"loop {image.info.get('loop')}")
    size = image.size
    for i in range(image.n_frames):
        image.seek(i)
        image.load()
        check(image.size == size, f"frame {i} is {image.size}, not {size}")
        check(image.info.get("duration") == 250, f"frame {i}: {image.info.get('duration')} ms")
        frame = image.convert("RGB")
        png = Image.open(export(tmp, f"step{20 + i}.png", "--step", str(20 + i), "--scale", "2"))
        graph = frame.crop((0, 0) + png.size)
        diff = ImageChops.difference(graph, flatten(png)).getbbox()
        check(diff is None, f"frame {i} differs from the PNG of step {20 + i} in {diff}")
        check(frame.size[1] > png.size[1], "no caption strip")


def test_gif_errors(tmp):
    for args, message in [
            (["--animate", "-o", "x.png"],
             "--animate writes a GIF or a WebP: OUT must end in .gif or .webp"),
            (["-o", "x.gif"], "a .gif is an animation: add --animate"),
            (["-o", "x.WebP"], "a .webp is an animation: add --animate"),
            (["--animate", "--frame-time", "5", "-o", "x.gif"],
             "--frame-time: expected milliseconds from 20 to 60000, not '5'"),
            (["--animate", "--handout", "-o", "x.gif"], "--animate and --handout"),
            (["--animate", "--step", "3", "-o", "x.gif"], "--animate has a range of steps")]:
        status, out, err = run([BACKSTEP, "export", SEED, *args])
        check(status == 2 and message in err, f"{args}: {status} {err}")


def legend_colours(dot_text):
    """The decades' fills the DOT export's legend comment names: {"1e-8": (r, g, b), ...}."""
    pairs = re.findall(r"(1e-?\d+) #([0-9a-f]{6})", dot_text)
    return {decade: tuple(int(h[i:i + 2], 16) for i in (0, 2, 4)) for decade, h in pairs}


def has_colour(image, colour, slack=0):
    """Whether some pixel of image is colour (each channel within slack)."""
    rgb = image.convert("RGB")
    lo = [max(0, c - slack) for c in colour]
    hi = [min(255, c + slack) for c in colour]
    bands = [band.point(lambda v, a=a, b=b: 255 if a <= v <= b else 0)
             for band, a, b in zip(rgb.split(), lo, hi)]
    both = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])
    return both.getbbox() is not None


def test_grad_flow_legend(tmp):
    """With --grad-flow, every format carries the legend: the DOT's comment names the twelve
    decades' fills (the PNG's legend, drawn by the window's code, has each of them) and
    its legend cluster renders with them in Graphviz; the TikZ compiles, says the marks
    and has the fills; each handout page says the title and the marks; every GIF and WebP
    frame has the fills, on a strip the plain animation lacks."""
    dot = export(tmp, "flow.dot", "--step", "26", "--grad-flow=norm")
    text = open(dot, encoding="utf-8").read()
    colours = legend_colours(text)
    check(len(colours) == 12 and "1e-8" in colours and "1e3" in colours, f"{colours}\n{text}")
    check("subgraph cluster_legend" in text and "‖grad‖ (log₁₀ scale)" in text, text)
    plain = open(export(tmp, "plain.dot", "--step", "26"), encoding="utf-8").read()
    check("cluster_legend" not in plain and "Gradient flow" not in plain, plain)
    ratio = open(export(tmp, "ratio.dot", "--step", "26", "--grad-flow=ratio"),
                 encoding="utf-8").read()
    check("‖grad‖ / ‖value‖ (log₁₀ scale)" in ratio, ratio)

    png = Image.open(export(tmp, "flow.png", "--step", "26", "--grad-flow=norm"))
    for decade, colour in colours.items():
        check(has_colour(png, colour, 1), f"the PNG's legend has no {decade} fill {colour}")
    rendered = os.path.join(tmp, "dot.png")
    status, _, err = run(["dot", "-Tpng", "-o", rendered, dot])
    check(status == 0, f"dot: {err}")
    for decade, colour in colours.items():
        check(has_colour(Image.open(rendered), colour, 2),
              f"Graphviz's drawing of the DOT has no {decade} fill {colour}")

    tex = export(tmp, "flow.tex", "--step", "26", "--grad-flow=norm")
    check("the gradient-flow legend" in open(tex, encoding="utf-8").read(), "no legend in TikZ")
    status, out, _ = run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error",
                          "-output-directory", tmp, tex])
    check(status == 0, f"pdflatex: {out[-2000:]}")
    status, out, _ = run(["pdftotext", os.path.join(tmp, "flow.pdf"), "-"])
    for word in ["vanishing", "exploding", "scale)", "1e-8", "1e4"]:
        check(word in out, f"pdftotext does not find {word!r} in the TikZ's PDF:\n{out}")
    status, _, err = run(["pdftoppm", "-r", "144", "-png", "-singlefile",
                          os.path.join(tmp, "flow.pdf"), os.path.join(tmp, "tikz")])
    check(status == 0, f"pdftoppm: {err}")
    for decade, colour in colours.items():
        check(has_colour(Image.open(os.path.join(tmp, "tikz.png")), colour, 2),
              f"the TikZ picture has no {decade} fill {colour}")

    handout = export(tmp, "flow-handout.pdf", "--handout", "--from", "20", "--to", "22",
                     "--grad-flow=norm")
    status, out, err = run(["pdftotext", "-layout", handout, "-"])
    check(status == 0, f"pdftotext: {err}")
    pages = out.split("\f")[:3]
    for number, page in enumerate(pages):
        for words in ["‖grad‖ (log₁₀ scale)", "vanishing < 1e-6", "exploding > 1e3"]:
            check(words in page, f"handout page {number + 1} has no {words!r}:\n{page}")
    status, out, _ = run(["pdftotext", "-layout", export(tmp, "handout.pdf", "--handout",
                                                         "--from", "20", "--to", "22"), "-"])
    check("vanishing" not in out, "a plain handout with a legend")

    plain_gif = Image.open(export(tmp, "plain.gif", "--animate", "--from", "20", "--to", "22"))
    for name in ["flow.gif", "flow.webp"]:
        image = Image.open(export(tmp, name, "--animate", "--from", "20", "--to", "22",
                                  "--grad-flow=norm"))
        check(image.size[1] > plain_gif.size[1], f"{name}: no legend strip, {image.size}")
        for i in range(image.n_frames):
            image.seek(i)
            image.load()
            for decade, colour in colours.items():
                check(has_colour(image, colour, 24 if name.endswith(".gif") else 1),
                      f"{name} frame {i} has no {decade} fill {colour}")


TESTS = [test_svg_text, test_svg_renders_as_png, test_pdf_text, test_tikz, test_gif_frames,
         test_gif_default_range, test_webp_frames, test_gif_errors, test_grad_flow_legend]


def main():
    print(f"1..{len(TESTS)}", flush=True)
    failed = 0
    for i, test in enumerate(TESTS, 1):
        with tempfile.TemporaryDirectory() as tmp:
            try:
                test(tmp)
                print(f"ok {i} {test.__name__}", flush=True)
            except Exception:
                failed += 1
                print(f"not ok {i} {test.__name__}")
                for line in traceback.format_exc().splitlines():
                    print(f"# {line}")
                sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
