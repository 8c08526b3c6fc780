"""`--for print-shop` from the command line: the default is home, byte for byte; the build
lists both catalogues; the same files every time; PNGs with their bleed; --bleed; bad press
options in one line; an imposed booklet counts two pages a side.
"""

import re

import pytest
from in_process import run_pnp
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from shop_reading import (
    BLEED_IN_MM,
    box_errors,
    shop_pdfs,
)

from generator import preflight
from generator.core.destinations import HOME
from generator.core.paper import NAMED, parse_paper


def pnp(*args, cwd=None):
    return run_pnp(*args, cwd=cwd, text=True)   # in process (in_process.py)


# ------------------------------------------------------------------ the command line

def test_for_home_is_the_default_byte_for_byte(tmp_path):
    for args in (["board", "blinq", "--paper", "letter"], ["kit", "nex"],
                 ["tiles", "blinq"], ["booklet", "hex-kb", "blind-hex"]):
        plain, home = tmp_path / "plain.pdf", tmp_path / "home.pdf"
        assert pnp(*args, "-o", str(plain)).returncode == 0
        assert pnp(*args, "--for", "home", "-o", str(home)).returncode == 0
        assert plain.read_bytes() == home.read_bytes(), args
        # Control: the comparison sees a difference when there is one.
        shop = tmp_path / "shop.pdf"
        assert pnp(*args, "--for", "print-shop", "-o", str(shop)).returncode == 0
        assert shop.read_bytes() != plain.read_bytes()


def test_build_for_home_is_the_default(tmp_path):
    plain, home = tmp_path / "plain", tmp_path / "home"
    assert pnp("build", "nex", "--paper", "a4", "--out", str(plain)).returncode == 0
    assert pnp("build", "nex", "--paper", "a4", "--for", "home",
               "--out", str(home)).returncode == 0
    files = sorted(p.relative_to(plain) for p in plain.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(home) for p in home.rglob("*") if p.is_file())
    assert all((plain / f).read_bytes() == (home / f).read_bytes() for f in files)
    assert not (plain / "print-shop").exists()


def test_the_index_lists_both(catalogue_folder):
    page = (catalogue_folder / "index.html").read_text()
    links = re.findall(r'href="([^"]+)"', page)
    shop = sorted({link for link in links if link.startswith("print-shop/")})
    assert len(shop) == len(shop_pdfs(catalogue_folder))
    assert any(link.startswith("blinq/") for link in links)
    assert all((catalogue_folder / link).is_file() for link in links)


def test_the_print_shop_files_are_the_same_every_time(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (a, b):
        assert pnp("kit", "blinq", "--for", "print-shop", "-o", str(out)).returncode == 0
    assert a.read_bytes() == b.read_bytes()


def test_png_for_a_print_shop_includes_the_bleed(tmp_path):
    home, shop = tmp_path / "home.png", tmp_path / "shop.png"
    assert pnp("board", "nex", "--dpi", "50", "-o", str(home)).returncode == 0
    assert pnp("board", "nex", "--dpi", "50", "--for", "print-shop", "-o",
               str(shop)).returncode == 0
    w, h = Image.open(home).size
    sw, sh = Image.open(shop).size
    assert all(abs(a - e / 25.4 * 50) <= 1 for a, e in zip(sorted((w, h)), (210, 297),
                                                               strict=True))
    # The same page and 3 mm more on every side.
    assert abs(sw - w - 6 / 25.4 * 50) <= 1 and abs(sh - h - 6 / 25.4 * 50) <= 1


def test_bleed_option(tmp_path):
    out = tmp_path / "b.pdf"
    assert pnp("pad", "nex", "--for", "print-shop", "--bleed", "5", "-o",
               str(out)).returncode == 0
    assert not box_errors(out, NAMED["a4"], 5.0)
    custom = tmp_path / "c.pdf"
    assert pnp("rules", "blinq", "--for", "print-shop", "--paper", "8.5x14in", "-o",
               str(custom)).returncode == 0
    assert not box_errors(custom, parse_paper("8.5x14in"), BLEED_IN_MM)


@pytest.mark.parametrize("args", [
    ["board", "nex", "--bleed", "3"],                       # bleed is for the print shop
    ["board", "nex", "--for", "print-shop", "--bleed", "11"],
    ["board", "nex", "--for", "print-shop", "--bleed", "-1"],
    ["board", "nex", "--for", "shop"],
    ["board", "nex", "--for", "print-shop", "--format", "json"],
    ["booklet", "nex", "--bleed", "2"],
    ["build", "--bleed", "2"],
])
def test_bad_press_options_are_one_line(tmp_path, args):
    done = pnp(*args, "-o" if args[0] != "build" else "--out", str(tmp_path / "x"),
               cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("pnp: ") and done.stderr.count("\n") == 1
    assert not list(tmp_path.iterdir())


def test_an_imposed_booklet_counts_two_pages_a_side(tmp_path):
    """The preflight's page count: landscape sides of an imposed booklet hold two pages, so
    six sides are twelve pages; three sides (six pages) fail, as do six portrait pages."""
    def made(name, sides, landscape):
        path = tmp_path / name
        size = (297 * mm, 210 * mm) if landscape else (148 * mm, 210 * mm)
        c = Canvas(str(path), pagesize=size, invariant=1)
        c.setTitle("Rules: a booklet")
        for _ in range(sides):
            c.showPage()
        c.save()
        return {c.name: c.passed for c in preflight.check_file(path, HOME)}["page count"]

    assert made("six.pdf", 6, True)
    assert not made("three.pdf", 3, True)
    assert not made("portrait.pdf", 6, False)
    assert made("eight.pdf", 8, False)
