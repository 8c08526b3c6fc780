"""The one type family of every page: Bitstream Vera, which reportlab ships and embeds.

DejaVu Sans, Debian's default sans, is Vera extended with the same metrics, so SVG viewers
that lack Vera set the same words in the same widths.
"""

from __future__ import annotations

import os
from functools import cache, lru_cache

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
    """Register the role's face with reportlab once and return its PDF name."""
    name = PDF_NAMES[role]
    path = os.path.join(_font_dir(), FILES[role])
    try:
        face = TTFont(name, path)
    except Exception as err:  # noqa: BLE001 (missing, empty or corrupt: any of reportlab's)
        reason = str(err).strip().splitlines()[-1] if str(err).strip() else type(err).__name__
        raise BrokenInstall(f"the font {path}, which comes with reportlab, cannot be read "
                            f"({reason}): the installation is broken; reinstall reportlab "
                            f"(pip install --force-reinstall reportlab)") from None
    pdfmetrics.registerFont(face)
    return name


class BrokenInstall(UserError):
    """A file that comes with pnp or its libraries is missing or damaged."""


def text_width(text: str, size: float, role: FontRole = "regular") -> float:
    """Advance width of text in mm at an em size in mm."""
    return size * _em_width(text, role)


@lru_cache(maxsize=8192)
def _em_width(text: str, role: FontRole) -> float:
    # Widths scale with size, so one measurement per word serves every size and every pass.
    return pdfmetrics.stringWidth(text, registered(role), 1.0)

