"""How full a printed page is, measured by its ink (docs/commands.md, "Every sheet earns its
paper").

A page is rasterised by poppler (pdftoppm -gray) at DPI, 1.27 mm a pixel: low, since only
where the ink is matters, not its detail. A pixel darker than INK is ink. The page's
fullness is the share of its printable area (inside the home margin) that is ink, within
REACH of ink, or enclosed by it:

- REACH is half the gutter between a rule sheet's columns (flow.Style.gutter, 8 mm): white
  no wider than the gutter (the space between lines, words, a table's columns, a board and
  its labels) is the layout's, wider white is paper left empty;
- what ink encloses (a board's cells, a card's face, a pad's boxes, a net's panels) is part
  of the drawn thing: it is found as the white that cannot be reached from the printable
  area's edge without crossing ink (a flood fill from a frame round it).

A closed outline round empty paper would count as full: no page of pnp draws one (the
control case in tests/test_kit_ink.py draws a page with only its header and footer).
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageOps

from generator.core.printing import HOME_MARGIN
from generator.layout.flow import STYLE

DPI = 20
INK = 230             # of 255: darker is ink (the palest board tint is lighter)
REACH = STYLE.gutter / 2
HALF_FULL = 0.5


def fullness(page: Image.Image, dpi: int = DPI) -> float:
    """The share of the page's printable area that is ink, near ink or enclosed by it."""
    pixel = 25.4 / dpi
    reach, margin = round(REACH / pixel), round(HOME_MARGIN / pixel)
    ink = page.convert("L").point(lambda v: 255 if v < INK else 0)
    near = ink.filter(ImageFilter.MaxFilter(2 * reach + 1)).crop(
        (margin, margin, page.width - margin, page.height - margin))
    framed = ImageOps.expand(near, border=1, fill=0)
    ImageDraw.floodfill(framed, (0, 0), 128)       # the white reached from outside
    counts = framed.histogram()
    inside = near.width * near.height
    return (counts[255] + counts[0]) / inside


def pages_fullness(pdf: Path, dpi: int = DPI) -> list[float]:
    """Each page's fullness, the whole PDF rasterised by one pdftoppm."""
    with tempfile.TemporaryDirectory() as folder:
        stem = Path(folder) / "p"
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", str(pdf), str(stem)], check=True)
        made = sorted(Path(folder).glob("p-*.pgm"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        return [fullness(Image.open(p), dpi) for p in made]
