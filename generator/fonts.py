"""The one type family of every page: Bitstream Vera, which reportlab ships and embeds, and
DejaVu Sans for the characters Vera lacks.

Vera draws 256 characters, Latin-1 and a few more (its map names 27 more, Ď ď Đ and symbols,
but points them at its empty box): a Polish, Czech, Turkish, Greek or Russian name (a
player's, in a record) would print as empty boxes. DejaVu Sans is Vera extended to
some 5,900 characters (Latin, Greek, Cyrillic, many symbols; not Chinese or Japanese), its
Latin-1 in Vera's widths (but for bold italic's ¼ ½ ¾). So a text is set in Vera where Vera
has the character and in DejaVu Sans (generator/typefaces/, version 2.37, as Debian's
fonts-dejavu-core ships it) where only DejaVu has it: one design, and what Vera sets keeps
its bytes. SVG viewers that lack Vera set the same words in DejaVu Sans, in the same widths.
"""

from __future__ import annotations

import os
from functools import cache, lru_cache
from itertools import groupby

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.core.scene import FontRole
from generator.errors import UserError

FILES: dict[FontRole, str] = {
    "regular": "Vera.ttf",
    "bold": "VeraBd.ttf",
    "italic": "VeraIt.ttf",
    "bolditalic": "VeraBI.ttf",
}
PDF_NAMES: dict[FontRole, str] = {role: "PnP-" + name[:-4] for role, name in FILES.items()}
FALLBACK_FILES: dict[FontRole, str] = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "bolditalic": "DejaVuSans-BoldOblique.ttf",
}
FALLBACK_NAMES: dict[FontRole, str] = {role: "PnP-" + name[:-4]
                                       for role, name in FALLBACK_FILES.items()}
TYPEFACES = os.path.join(os.path.dirname(__file__), "typefaces")
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"
SVG_STYLE: dict[FontRole, tuple[str, str]] = {  # (font-weight, font-style)
    "regular": ("normal", "normal"),
    "bold": ("bold", "normal"),
    "italic": ("normal", "italic"),
    "bolditalic": ("bold", "italic"),
}
CAP_HEIGHT = 0.729  # of the em, for Vera: centres digits and capitals on a point
ASCENT = 0.76  # tallest Latin glyphs (b, d, l) above the baseline
DESCENT = 0.24  # deepest (g, p, y) below it


def _font_dir() -> str:
    return os.path.join(os.path.dirname(reportlab.__file__), "fonts")


@cache
def registered(role: FontRole) -> str:
    """Register the role's Vera face with reportlab once and return its PDF name."""
    return _register(PDF_NAMES[role], os.path.join(_font_dir(), FILES[role]), "reportlab",
                     "reinstall reportlab (pip install --force-reinstall reportlab)")


@cache
def fallback(role: FontRole) -> str:
    """Register the role's DejaVu Sans face once (only a text that needs it does) and return
    its PDF name."""
    return _register(FALLBACK_NAMES[role], os.path.join(TYPEFACES, FALLBACK_FILES[role]),
                     "pnp", "reinstall pnp")


def _register(name: str, path: str, owner: str, remedy: str) -> str:
    try:
        face = TTFont(name, path)
    except Exception as err:  # noqa: BLE001 (missing, empty or corrupt: any of reportlab's)
        reason = str(err).strip().splitlines()[-1] if str(err).strip() else type(err).__name__
        raise BrokenInstall(f"the font {path}, which comes with {owner}, cannot be read "
                            f"({reason}): the installation is broken; {remedy}") from None
    pdfmetrics.registerFont(face)
    return name


@cache
def _characters(name: str) -> frozenset[int]:
    """The code points a registered face has a glyph for: not those its map points at glyph
    0, the empty box (.notdef), as Vera's does for Ď ď Đ and some twenty symbols."""
    return frozenset(code for code, glyph in pdfmetrics.getFont(name).face.charToGlyph.items()
                     if glyph)


@lru_cache(maxsize=8192)
def runs(text: str, role: FontRole) -> tuple[tuple[str, str], ...]:
    """The text cut into runs of one face each, with the face's PDF name: Vera's characters
    in Vera, the others in DejaVu Sans where it has them. A character neither has stays
    with Vera, which prints it as an empty box (`unprintable` names them)."""
    own = registered(role)
    vera = _characters(own)
    if text.isascii() or all(ord(ch) in vera for ch in text):
        return ((text, own),)
    other = fallback(role)
    extended = _characters(other)
    return tuple(("".join(run), face) for face, run in groupby(
        text, lambda ch: other if ord(ch) not in vera and ord(ch) in extended else own))


def unprintable(text: str) -> str:
    """The characters of text that no face of pnp has, each once, in the order they come:
    they print as empty boxes."""
    vera, extended = _characters(registered("regular")), _characters(fallback("regular"))
    return "".join(dict.fromkeys(ch for ch in text if ch.isprintable() and ch != " "
                                 and ord(ch) not in vera and ord(ch) not in extended))


class BrokenInstall(UserError):
    """A file that comes with pnp or its libraries is missing or damaged."""


def text_width(text: str, size: float, *, role: FontRole = "regular") -> float:
    """Advance width of text in mm at an em size in mm."""
    return size * _em_width(text, role)


@lru_cache(maxsize=8192)
def _em_width(text: str, role: FontRole) -> float:
    # Widths scale with size, so one measurement per word serves every size and every pass.
    parts = runs(text, role)
    if len(parts) == 1:
        return pdfmetrics.stringWidth(text, parts[0][1], 1.0)
    return sum(pdfmetrics.stringWidth(run, face, 1.0) for run, face in parts)

