"""Each embedded font's ToUnicode map cut down to the codes the pages draw.

reportlab subsets a TrueType font into 256-code fonts and writes a ToUnicode map for each
subset as a whole: codes 0x00-0x1F it kept free map to U+0000, and printable ASCII is mapped
whether drawn or not. PDF/UA-1 (ISO 14289-1, 7.21.7) and the Matterhorn Protocol (31-009)
ask that the map give real characters: a map onto U+0000, U+FEFF or U+FFFE fails
(veraPDF's and page's rule PDFUA1-FONT-UNICODE-VALUE-001). reportlab has no setting for it,
so the tagging pass rewrites each map with the codes whose characters were drawn in that
face, and no other. The CMap is written as reportlab writes it (PDF 1.7, 9.10.3; Adobe
Technical Note 5411), with fewer lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

import pikepdf
from reportlab.pdfbase import pdfmetrics

from generator import fonts
from generator.core.scene import Clip, Group, Shape, Text

_ENTRY = re.compile(rb"^<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]{4,8})>\s*$", re.M)
_HEADER_END = re.compile(rb"\d+ beginbfchar\s*\n")
_NO_CHARACTER = {0x0000, 0xFEFF, 0xFFFE}


@cache
def postscript_name(face: str) -> str:
    """A registered face's PostScript name, which a subset's /BaseFont carries after its
    tag."""
    name = pdfmetrics.getFont(face).face.name
    return name.decode("latin-1") if isinstance(name, bytes) else str(name)


def drawn_characters(shapes: Iterable[Shape], into: dict[str, set[str]], *,
                     walked: dict[int, tuple[Shape, ...]] | None = None) -> None:
    """Add the characters each face draws in these shapes to `into`, by the face's
    PostScript name: a text's runs in Vera and in DejaVu Sans each under its own face.
    reportlab sets a no-break space with the space's code. A group's shapes already in
    `walked` (by their tuple's identity, kept there) added theirs before, and are not gone
    through again: a record booklet's board is one group under every diagram."""
    for shape in shapes:
        if isinstance(shape, (Clip, Group)):
            if walked is not None:
                if walked.get(id(shape.shapes)) is shape.shapes:
                    continue
                walked[id(shape.shapes)] = shape.shapes
            drawn_characters(shape.shapes, into, walked=walked)
        elif isinstance(shape, Text):
            for run, face in fonts.runs(shape.text, shape.font):
                into.setdefault(postscript_name(face), set()).update(run.replace("\u00a0", " "))


def kept_map(cmap: bytes, drawn: set[str]) -> bytes:
    """The CMap with only the entries whose character is drawn and real."""
    kept = []
    for code, value in _ENTRY.findall(cmap):
        point = int(value, 16)
        if point not in _NO_CHARACTER and point <= 0x10FFFF and chr(point) in drawn:
            kept.append(b"<%s> <%s>" % (code.upper(), value.upper()))
    header = _HEADER_END.search(cmap)
    footer = cmap.find(b"endbfchar")
    if header is None or footer < 0:
        return cmap                       # not a map as reportlab writes it: left as it is
    return (cmap[:header.start()] + b"%d beginbfchar\n" % len(kept)
            + b"".join(line + b"\n" for line in kept) + cmap[footer:])


def face_name(base_font: str) -> str:
    """A subset's face: "/AAAAAA+BitstreamVeraSans-Bold" is BitstreamVeraSans-Bold."""
    return base_font.lstrip("/").split("+", 1)[-1]


def rewrite(pages: Iterable[Any], drawn: Mapping[str, set[str]]) -> None:
    """Rewrite, in place, the ToUnicode map of every font the pages use."""
    done: set[tuple[int, int]] = set()
    for page in pages:
        for font in page.Resources.get("/Font", {}).values():
            cmap = font.get("/ToUnicode")
            if cmap is None or font.objgen in done:
                continue
            done.add(font.objgen)
            chars = drawn.get(face_name(str(font.get("/BaseFont", ""))), set())
            if not isinstance(cmap, pikepdf.Stream):
                continue
            cmap.write(kept_map(cmap.read_bytes(), chars))
