"""What printing asks of a page, in one place: the writers follow these facts and the
preflight checks them, so the two cannot drift apart.

- Where a page may be drawn: home printers cannot reach the outer quarter inch; a print shop
  wants text inside its safe zone and artwork bleeding past the trim.
- How dark text must be to print as black ink alone, the total ink a press can dry, and the
  thinnest line that holds.
- One grey formula (Rec. 601 luma), used for a colour's darkness, for the grey a mono laser
  prints, and for the contrast between the players' colours.
- The printing conditions a print shop's file is separated for (FOGRA39, GRACoL 2006, SWOP):
  what the PDF/X OutputIntent calls each, its ICC profile (generator/render/profiles, used by
  the separation in generator/render/press.py) and the total ink it allows.
- The plain CMYK arithmetic the preflight reads any file's colours with.
"""

from __future__ import annotations

from dataclasses import dataclass


# Not a place that prints: what `pnp check --for` also holds a file to (accessibility).
@dataclass(frozen=True, slots=True)
class ScreenReader:
    """Who `pnp check --for screen-reader` reads a file for: not a printer, but a person
    who hears or feels its text (generator/preflight/access_checks.py)."""
    key: str = "screen-reader"
    described: str = "screen readers"

    def __str__(self) -> str:
        return self.key


SCREEN_READER = ScreenReader()
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

# Total ink C + M + Y + K, 240%: what pnp separates to unless `--ink-limit` says otherwise,
# the lowest that the print shops pnp writes for ask (DriveThruRPG), and what the preflight
# holds any print-shop file to.
INK_LIMIT = 2.4
LEAST_INK_LIMIT = 100.0           # %: black text alone is 100%
DARK = 0.75                       # text and hairlines at least this dark print as black ink alone
# pt: text under this size in two or more inks shows a fringe of each where the plates miss;
# the preflight warns of it, and pnp prints such text in one ink (render/press.py).
SMALL_TEXT = 12.0
THINNEST_LINE = 0.25              # pt: thinner lines may vanish in print
# mm: THINNEST_LINE (0.0882 mm), rounded up so the width as written to a PDF is not a hair
# under it: the least a line is drawn at where it would come out thinner.
THINNEST_STROKE = 0.0883
# pt: a line thinner than this in four inks shows coloured fringes when the plates are a
# tenth of a millimetre out of register; a dark one prints on the black plate alone.
HAIRLINE = 0.5


@dataclass(frozen=True)
class Condition:
    """A registered printing condition: what the press prints like (its characterisation
    data, made into `profile`), and how a PDF/X OutputIntent names it."""
    key: str             # as --press takes it
    identifier: str      # OutputConditionIdentifier, as in the ICC's registry
    condition: str       # OutputCondition: the condition in words
    profile: str         # file name in generator/render/profiles
    ink_limit: float     # % total ink the profile was built for (at most what --ink-limit takes)


REGISTRY = "http://www.color.org"   # RegistryName: the ICC's registry of conditions
CONDITIONS: dict[str, Condition] = {c.key: c for c in (
    Condition("fogra39", "FOGRA39",
              "Offset printing according to ISO 12647-2:2004/Amd 1, OFCOM, paper type 1 or "
              "2 (coated art), 115 g/m2, screen ruling 60/cm", "fogra39.icc", 300.0),
    Condition("gracol", "CGATS TR 006",
              "Commercial offset lithography on grade 1 coated paper (GRACoL 2006), "
              "ANSI CGATS/GRACoL TR 006", "gracol.icc", 300.0),
    Condition("swop", "CGATS TR 003",
              "Publication offset on grade 3 coated paper (SWOP), ANSI CGATS/SWOP TR 003",
              "swop.icc", 300.0),
)}


@dataclass(frozen=True)
class PdfX:
    """A flavour of PDF/X-1a as a file identifies itself: the GTS_PDFXVersion and (for
    ISO 15930-1:2001 alone) GTS_PDFXConformance keys, and the PDF version it is written as."""
    name: str            # as a shop names it: "PDF/X-1a:2001"
    version: str         # GTS_PDFXVersion
    conformance: str     # GTS_PDFXConformance, "" where the standard has none
    pdf: str             # the PDF header's version


# ISO 15930-1:2001 names the standard's version and its conformance level apart (version
# "PDF/X-1:2001", level "PDF/X-1a:2001"), as Scribus (scribus/pdflib_core.cpp) and iText 5
# (PdfWriter.completeInfoDictionary) write them, on PDF 1.3. ISO 15930-4:2003 names the level
# in the version key alone, on PDF 1.4 (which pnp's files need no feature of, so 1.3 stays).
PDFX_2001 = PdfX("PDF/X-1a:2001", "PDF/X-1:2001", "PDF/X-1a:2001", "1.3")
PDFX_2003 = PdfX("PDF/X-1a:2003", "PDF/X-1a:2003", "", "1.3")


def default_condition(inches: bool) -> str:
    """Europe's coated offset for metric papers, North America's for inch papers."""
    return "gracol" if inches else "fogra39"

Rgb = tuple[float, float, float]
Cmyk = tuple[float, float, float, float]


def rgb(colour: str) -> Rgb:
    """A "#rrggbb" colour's channels, 0..1."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return r, g, b


def luma(channels: Rgb) -> float:
    """Rec. 601 luma of channels 0..1: how light a colour prints in black ink alone."""
    r, g, b = channels
    return 0.299 * r + 0.587 * g + 0.114 * b


def grey(colour: str) -> float:
    """A "#rrggbb" colour's grey level as printed in black only, 0-255."""
    return luma(rgb(colour)) * 255


def darkness(colour: str) -> float:
    """0 for white, 1 for black."""
    return 1 - luma(rgb(colour))


def composite(inks: Cmyk) -> Rgb:
    """The RGB a CMYK colour stands for by plain arithmetic (the inverse of `full_gcr`): how
    the preflight reads a colour's darkness in any file, without a press's profile."""
    c, m, y, k = inks
    return (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)


def full_gcr(channels: Rgb) -> Cmyk:
    """Full grey-component replacement: K = 1 − max(r, g, b), and C, M, Y under it, so the
    neutral part of a colour is carried by black ink. No ink limit."""
    r, g, b = channels
    k = 1 - max(r, g, b)
    if k >= 1 - 1e-9:
        return (0.0, 0.0, 0.0, 1.0)
    c, m, y = ((1 - x - k) / (1 - k) for x in (r, g, b))
    return c, m, y, k
