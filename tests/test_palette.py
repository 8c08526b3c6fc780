"""Palettes: the colour-blind palette keeps apart every pair of roles that meet on a page,
for the common colour-vision deficiencies and in greyscale, on paper and in the model."""

import itertools
import math
import subprocess

import pytest
from in_process import pnp_ok
from palettes import COLOUR, COLOUR_BLIND, CONTRASTS, PALETTES, PLAYERS
from PIL import Image

from generator.app import documents
from generator.core.palette import PLAYER_GREY_GAP, Palette, grey
from generator.core.paper import NAMED
from generator.core.scene import Circle, Document, Page, Paint, Path, rectangle
from generator.games import GAMES
from generator.games.items import ITEMS
from generator.layout.printing import Printing
from generator.render.pdf import document_pdf

# Machado, Oliveira and Fernandes (2009), severity 1.0, in linear RGB.
DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
MIN_DELTA_E = 12.0      # CIE76 units: clearly different colours side by side
MIN_LIGHTNESS = 8.0     # L* units between two roles printed in grey


def linear(hex_colour: str) -> tuple[float, float, float]:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return tuple(channel(int(hex_colour[i:i + 2], 16)) for i in (1, 3, 5))


def lab(rgb) -> tuple[float, float, float]:
    r, g, b = (min(max(v, 0.0), 1.0) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def simulate(rgb, matrix):
    return tuple(sum(m * v for m, v in zip(row, rgb, strict=False)) for row in matrix)


PAIRS = sorted({pair for group in CONTRASTS for pair in itertools.combinations(group, 2)})


@pytest.mark.parametrize("a, b", PAIRS)
def test_colour_blind_roles_stay_apart_under_each_deficiency_and_in_grey(a, b):
    ca, cb = linear(COLOUR_BLIND[a]), linear(COLOUR_BLIND[b])
    for name, matrix in DEFICIENCIES.items():
        d = math.dist(lab(simulate(ca, matrix)), lab(simulate(cb, matrix)))
        assert d >= MIN_DELTA_E, f"{a} / {b} under {name}: ΔE {d:.1f}"
    assert abs(lab(ca)[0] - lab(cb)[0]) >= MIN_LIGHTNESS, f"{a} / {b} in grey"


# The red and blue this kit once printed: they differ in hue only, and merge in grey.
HUE_ONLY = ("#c8102e", "#1f5fa8")


def test_the_check_can_fail():
    ca, cb = (linear(c) for c in HUE_ONLY)
    assert abs(lab(ca)[0] - lab(cb)[0]) < MIN_LIGHTNESS


def luma(colour: str) -> float:
    """Rec. 601, as a mono printer's driver and poppler's -gray turn RGB into grey."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def players_apart(palette) -> list[str]:
    return [f"{palette.name}: {a} {palette[a]} / {b} {palette[b]}: "
            f"{abs(luma(palette[a]) - luma(palette[b])):.0f} grey levels"
            for a, b in PLAYERS if abs(luma(palette[a]) - luma(palette[b])) < PLAYER_GREY_GAP]


@pytest.mark.parametrize("name", sorted(PALETTES))
def test_the_two_players_colours_differ_in_grey(name):
    assert PLAYER_GREY_GAP >= 60
    assert players_apart(PALETTES[name]) == []


def test_the_players_grey_check_can_fail():
    old = Palette("old", {**COLOUR.roles, "red": HUE_ONLY[0], "blue": HUE_ONLY[1]})
    assert players_apart(old) and "red" in players_apart(old)[0]
    assert luma("#0e2d82") == pytest.approx(grey("#0e2d82"))


def fills(page, colour):
    return [s for s in page.shapes if isinstance(s, (Path, Circle)) and s.paint.fill == colour]


def grey_at(image: Image.Image, x_mm: float, y_mm: float, dpi: int) -> int:
    k = dpi / 25.4
    return image.getpixel((round(x_mm * k), round(y_mm * k)))


@pytest.mark.parametrize("palette, key, roles, gap", [
    ("colour-blind", "blind-hex", ("x side", "o side"), 60),
    ("colour-blind", "hex-kb", ("red", "blue"), 60),
    ("colour-blind", "hex-kb", ("red", "portal tint"), 20),
    ("colour-blind", "hex-kb", ("blue", "portal tint"), 20),
    ("colour-blind", "nex", ("black side", "cell"), 60),
    ("colour", "blind-hex", ("x side", "o side"), 60),
    ("colour", "hex-kb", ("red", "blue"), 60),
    ("ink-saver", "blind-hex", ("x side", "o side"), 60),
])
def test_roles_print_as_different_greys(tmp_path, palette, key, roles, gap):
    """The page itself, printed in grey by poppler: sample each role where it is drawn."""
    game = GAMES[key]
    colours = PALETTES[palette]
    doc = documents.make_document(game, ITEMS["board"], options=game.make_options(),
                                  printing=Printing(paper=NAMED["a4"], palette=PALETTES[palette]))
    page = doc.pages[0]
    out = tmp_path / "board.pdf"
    pnp_ok("board", key, "--palette", palette, "-o", str(out))
    subprocess.run(["pdftoppm", "-png", "-gray", "-r", "100", "-singlefile", str(out),
                    str(tmp_path / "grey")], check=True)
    image = Image.open(tmp_path / "grey.png").convert("L")
    greys = {}
    for role in roles:
        shape = fills(page, colours[role])[0]
        points = shape.subpaths[0]
        cx = sum(p.x for p in points) / len(points)
        cy = sum(p.y for p in points) / len(points)
        # Halfway to a corner: clear of any label at the centre of a cell.
        greys[role] = grey_at(image, (cx + points[0].x) / 2, (cy + points[0].y) / 2, 100)
    for a, b in itertools.combinations(roles, 2):
        assert abs(greys[a] - greys[b]) >= gap, greys


def test_the_printed_grey_check_can_fail(tmp_path):
    """The old red and blue, printed by poppler, come out well under 60 levels apart."""
    page = Page(20, 10, (rectangle(0, 0, w=10, h=10, paint=Paint(fill=HUE_ONLY[0])),
                         rectangle(10, 0, w=10, h=10, paint=Paint(fill=HUE_ONLY[1]))))
    out = tmp_path / "old.pdf"
    out.write_bytes(document_pdf(Document((page,), "old", "test", lang="en")))
    subprocess.run(["pdftoppm", "-png", "-gray", "-r", "100", "-singlefile", str(out),
                    str(tmp_path / "grey")], check=True)
    image = Image.open(tmp_path / "grey.png").convert("L")
    assert abs(grey_at(image, 5, 5, 100) - grey_at(image, 15, 5, 100)) < 20


def test_every_palette_names_every_role():
    roles = set(PALETTES["colour"])
    for palette in PALETTES.values():
        assert set(palette) == roles, palette.name
        assert all(len(v) == 7 and v.startswith("#") for v in palette.roles.values())
