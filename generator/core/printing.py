"""What printing asks of a page, in one place: the writers follow these facts and the
preflight checks them, so the two cannot drift apart.

- Where a page may be drawn: home printers cannot reach the outer quarter inch; a print shop
  wants text inside its safe zone and artwork bleeding past the trim.
- How dark text must be to print as black ink alone, the total ink a press can dry, and the
  thinnest line that holds.
- One grey formula (Rec. 601 luma), used for a colour's darkness, for the grey a mono laser
  prints, and for the contrast between the players' colours.
- The separation of an RGB colour into CMYK ink amounts.
"""

from __future__ import annotations

import math

MM_PER_INCH = 25.4
PT_PER_MM = 72 / MM_PER_INCH

TARGETS = ("home", "print-shop")
# Most home printers cannot print within a quarter inch of the edge; nothing is drawn there.
HOME_MARGIN = 6.35
# At a print shop: text this far inside the trim (Lulu, PrintPlayGames and the presses' usual
# safe zone), and bleed past the trim on every side: 3 mm on metric papers, 0.125 in on inch
# papers; `--bleed` may set 0-10 mm.
SHOP_SAFE = 5.0
BLEED_MM = 3.0
BLEED_IN = 0.125                  # inches
MAX_BLEED = 10.0

# The four process plates, as a Separation colour space names them; /All is the registration
# colour, which prints on every one of them.
PROCESS_PLATES = ("Cyan", "Magenta", "Yellow", "Black")

INK_LIMIT = 2.4                   # total ink C + M + Y + K, 240%
DARK = 0.75                       # text at least this dark prints as black ink alone
THINNEST_LINE = 0.25              # pt: thinner lines may vanish in print

Rgb = tuple[float, float, float]
Cmyk = tuple[float, float, float, float]


def rgb(colour: str) -> Rgb:
    """A "#rrggbb" colour's channels, 0..1."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return r, g, b


def luma(r: float, g: float, b: float) -> float:
    """Rec. 601 luma of channels 0..1: how light a colour prints in black ink alone."""
    return 0.299 * r + 0.587 * g + 0.114 * b


def grey(colour: str) -> float:
    """A "#rrggbb" colour's grey level as printed in black only, 0-255."""
    return luma(*rgb(colour)) * 255


def darkness(colour: str) -> float:
    """0 for white, 1 for black."""
    return 1 - luma(*rgb(colour))


def composite(c: float, m: float, y: float, k: float) -> Rgb:
    """The RGB a CMYK colour stands for under `separate` (its inverse where no ink was
    capped)."""
    return (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)


def full_gcr(r: float, g: float, b: float) -> Cmyk:
    """Full grey-component replacement: K = 1 − max(r, g, b), and C, M, Y under it, so the
    neutral part of a colour is carried by black ink. No ink limit."""
    k = 1 - max(r, g, b)
    if k >= 1 - 1e-9:
        return (0.0, 0.0, 0.0, 1.0)
    c, m, y = ((1 - x - k) / (1 - k) for x in (r, g, b))
    return c, m, y, k


def separate(r: float, g: float, b: float, limit: float = INK_LIMIT) -> Cmyk:
    """An RGB colour (0..1) as CMYK ink amounts (0..1): full GCR, then C, M and Y scaled
    down together (K kept) until the total ink is at most `limit`. Amounts are rounded down
    to thousandths, so rounding never adds ink."""
    c, m, y, k = full_gcr(r, g, b)
    coloured = c + m + y
    if coloured + k > limit:
        scale = (limit - k) / coloured
        c, m, y = c * scale, m * scale, y * scale
    c, m, y, k = (math.floor(v * 1000 + 1e-6) / 1000 for v in (c, m, y, k))
    return c, m, y, k
