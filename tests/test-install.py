#!/usr/bin/python3
"""Desktop integration: the files of assets/ validate, and `meson install` puts them and the
binary where a desktop looks for them, and the installed binary runs from there.

tests/meson.build passes the build's meson command, directories and version; $BACKSTEP is
the built command, the reference the installed one is compared with. Output is TAP.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback
import xml.etree.ElementTree as ET

APP_ID = "org.backstep.Backstep"
TIMEOUT = 120

# Small enough to be quick under AddressSanitizer; a weight used twice, so that the
# gradient is a sum.
SCRIPT = """\
import torch
w = torch.tensor(1.5, requires_grad=True)
y = w * w + 3 * w
y.backward()
print(y.item(), w.grad)
"""


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def run(argv, **kwargs):
    p = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT, **kwargs)
    return p


def tool(name, package):
    path = shutil.which(name)
    check(path is not None, f"{name} is not installed (Debian package {package})")
    return path


class Context:
    def __init__(self, args):
        self.args = args
        self.assets = os.path.join(args.source_root, "assets")
        self.destdir = None
        self.install_error = None

    def asset(self, *parts):
        return os.path.join(self.assets, *parts)

    def installed(self, *parts):
        """A path under DESTDIR/prefix."""
        return os.path.join(self.destdir + self.args.prefix, *parts)

    def expected_files(self):
        datadir = self.args.datadir
        icons = os.path.join(datadir, "icons", "hicolor")
        styles = os.path.join(datadir, "gtksourceview-5", "styles")
        return sorted([
            os.path.join(self.args.bindir, "backstep"),
            os.path.join(datadir, "applications", APP_ID + ".desktop"),
            os.path.join(datadir, "metainfo", APP_ID + ".metainfo.xml"),
            os.path.join(icons, "scalable", "apps", APP_ID + ".svg"),
            os.path.join(icons, "symbolic", "apps", APP_ID + "-symbolic.svg"),
            os.path.join(styles, "backstep.xml"),
            os.path.join(styles, "backstep-dark.xml"),
        ])

    def require_install(self):
        check(self.install_error is None, f"meson install failed: {self.install_error}")


def desktop_entry(path):
    entry = {}
    with open(path, encoding="utf-8") as f:
        group = None
        for line in f:
            line = line.strip()
            if line.startswith("["):
                group = line
            elif group == "[Desktop Entry]" and "=" in line and not line.startswith("#"):
                key, value = line.split("=", 1)
                entry[key] = value
    return entry


def test_desktop_file_validates(ctx):
    path = ctx.asset(APP_ID + ".desktop")
    p = run([tool("desktop-file-validate", "desktop-file-utils"), path])
    # Hints are advice (several main categories are on purpose); errors and warnings fail.
    problems = [line for line in p.stdout.splitlines() if ": hint: " not in line]
    check(p.returncode == 0 and not problems, f"desktop-file-validate: {p.stdout}{p.stderr}")
    entry = desktop_entry(path)
    check(entry.get("Icon") == APP_ID, f"Icon is {entry.get('Icon')}, not the application id")
    check(entry.get("Exec", "").split()[0] == "backstep", f"Exec is {entry.get('Exec')}")


def test_metainfo_validates(ctx):
    path = ctx.asset(APP_ID + ".metainfo.xml")
    p = run([tool("appstreamcli", "appstream"), "validate", "--no-net", "--explain", path])
    check(p.returncode == 0, f"appstreamcli validate: {p.stdout}{p.stderr}")
    root = ET.parse(path).getroot()
    check(root.findtext("id") == APP_ID, f"id is {root.findtext('id')}")
    launchable = root.findtext("launchable")
    check(launchable == APP_ID + ".desktop", f"launchable is {launchable}")
    releases = [r.get("version") for r in root.iter("release")]
    check(releases and releases[0] == ctx.args.version,
          f"newest release is {releases[:1]}, the project's version is {ctx.args.version}")


def test_style_schemes(ctx):
    ids = {}
    for name in ("backstep-style.xml", "backstep-dark-style.xml"):
        root = ET.parse(ctx.asset(name)).getroot()
        check(root.tag == "style-scheme", f"{name}: root is {root.tag}")
        colors = {c.get("name") for c in root.iter("color")}
        for style in root.iter("style"):
            for attr in ("foreground", "background", "underline-color"):
                value = style.get(attr)
                # GtkSourceView takes a named colour of the scheme or a literal #RRGGBB
                check(value is None or value in colors or re.fullmatch(r"#[0-9A-Fa-f]{6}", value),
                      f"{name}: style {style.get('name')}: unknown colour {value}")
        metadata = {p.get("name"): p.text for p in root.iter("property")}
        ids[root.get("id")] = metadata
    check(set(ids) == {"backstep", "backstep-dark"}, f"scheme ids are {sorted(ids)}")
    check(ids["backstep"].get("variant") == "light"
          and ids["backstep"].get("dark-variant") == "backstep-dark", "backstep's metadata")
    check(ids["backstep-dark"].get("variant") == "dark"
          and ids["backstep-dark"].get("light-variant") == "backstep", "backstep-dark's metadata")


def test_icons(ctx):
    svg = "{http://www.w3.org/2000/svg}"
    app_path = ctx.asset("icons", "hicolor", "scalable", "apps", APP_ID + ".svg")
    symbolic_path = ctx.asset("icons", "hicolor", "symbolic", "apps", APP_ID + "-symbolic.svg")
    for path in (app_path, symbolic_path):
        # gdk-pixbuf goes by the MIME type guessed from the first 256 bytes: an <svg> further
        # down is taken for plain XML, and GTK shows no icon ("Unrecognized image file format")
        with open(path, "rb") as f:
            check(b"<svg" in f.read(256), f"{path}: <svg> is not in the first 256 bytes")
    app = ET.parse(app_path).getroot()
    check(app.tag == svg + "svg" and app.get("viewBox") == "0 0 128 128",
          "the application icon is not a 128×128 SVG")
    symbolic = ET.parse(symbolic_path).getroot()
    check(symbolic.get("viewBox") == "0 0 16 16", "the symbolic icon is not 16×16")
    # GTK recolours a symbolic icon by its fills: a stroke would keep its colour
    for element in symbolic.iter():
        check(element.get("stroke") in (None, "none"),
              f"the symbolic icon strokes a {element.tag}")


def test_install_puts_every_file_in_place(ctx):
    ctx.require_install()
    root = ctx.destdir + ctx.args.prefix
    found = sorted(os.path.relpath(os.path.join(d, f), root)
                   for d, _, files in os.walk(ctx.destdir) for f in files)
    check(found == ctx.expected_files(),
          f"installed {found}, expected {ctx.expected_files()}")
    check(os.access(ctx.installed(ctx.args.bindir, "backstep"), os.X_OK),
          "the installed binary is not executable")
    p = run([tool("appstreamcli", "appstream"), "validate-tree", "--no-net", root])
    check(p.returncode == 0, f"appstreamcli validate-tree: {p.stdout}{p.stderr}")
    p = run([tool("desktop-file-validate", "desktop-file-utils"),
             ctx.installed(ctx.args.datadir, "applications", APP_ID + ".desktop")])
    check(p.returncode == 0, f"desktop-file-validate on the installed file: {p.stdout}")


def test_installed_binary_runs(ctx):
    ctx.require_install()
    installed = ctx.installed(ctx.args.bindir, "backstep")
    built = os.environ["BACKSTEP"]
    with tempfile.TemporaryDirectory(prefix="backstep-installed-") as work:
        # Run from elsewhere, so that nothing is found relative to the build or source tree
        version = run([installed, "version"], cwd=work)
        check(version.returncode == 0 and ctx.args.version in version.stdout,
              f"version: exit {version.returncode}: {version.stdout}{version.stderr}")
        script = os.path.join(work, "tiny.py")
        with open(script, "w", encoding="utf-8") as f:
            f.write(SCRIPT)
        mine = run([installed, "run", script], cwd=work)
        reference = run([built, "run", script], cwd=work)
        check(mine.returncode == 0, f"run: exit {mine.returncode}: {mine.stderr}")
        check(mine.stdout == reference.stdout and mine.stdout.strip(),
              f"run printed {mine.stdout!r}, the built binary {reference.stdout!r}")
        png = os.path.join(work, "graph.png")
        export = run([installed, "export", script, "-o", png], cwd=work)
        check(export.returncode == 0, f"export: exit {export.returncode}: {export.stderr}")
        with open(png, "rb") as f:
            check(f.read(8) == b"\x89PNG\r\n\x1a\n", "export did not write a PNG")


def test_binaries_load_serial_openblas(ctx):
    """OpenBLAS's threaded build spins a thread for 0.1 s of CPU as it loads."""
    ctx.require_install()
    for binary in (ctx.installed(ctx.args.bindir, "backstep"), os.environ["BACKSTEP"]):
        p = run([tool("ldd", "libc-bin"), binary])
        blas = [line for line in p.stdout.splitlines() if "libopenblas" in line]
        check(len(blas) == 1 and "/openblas-serial/" in blas[0],
              f"{binary} loads {blas or 'no OpenBLAS'}, not the serial build")


TESTS = [
    test_desktop_file_validates,
    test_metainfo_validates,
    test_style_schemes,
    test_icons,
    test_install_puts_every_file_in_place,
    test_installed_binary_runs,
    test_binaries_load_serial_openblas,
]


def install(ctx):
    p = run([ctx.args.meson, "install", "-C", ctx.args.build_root, "--no-rebuild", "--quiet",
             "--destdir", ctx.destdir])
    if p.returncode != 0:
        ctx.install_error = (p.stdout + p.stderr).strip() or f"exit {p.returncode}"


def main():
    parser = argparse.ArgumentParser()
    for option in ("meson", "source-root", "build-root", "prefix", "bindir", "datadir",
                   "version"):
        parser.add_argument("--" + option, required=True)
    ctx = Context(parser.parse_args())
    if not os.environ.get("BACKSTEP"):
        print("1..0 # SKIP BACKSTEP is not set")
        return 0
    print(f"1..{len(TESTS)}", flush=True)
    failed = 0
    with tempfile.TemporaryDirectory(prefix="backstep-destdir-") as destdir:
        ctx.destdir = destdir
        install(ctx)
        for number, test in enumerate(TESTS, 1):
            name = test.__name__[len("test_"):]
            try:
                test(ctx)
                print(f"ok {number} {name}", flush=True)
            except Exception as error:  # noqa: BLE001 - every failure is reported as TAP
                failed += 1
                print(f"not ok {number} {name}", flush=True)
                detail = str(error) if isinstance(error, Failure) else traceback.format_exc()
                for line in detail.splitlines():
                    print(f"# {line}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
