"""The graphics and text state a page's content changes, and the text operators: where a
run of text lands and how wide it is, from the font's widths and the text matrix."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

import pikepdf

from generator.preflight.budget import Spent
from generator.preflight.facts import (
    IDENTITY,
    Colour,
    Matrix,
    PageFacts,
    TextRun,
    apply,
    multiply,
    smallest_scale,
)
from generator.preflight.resources import (
    GRAY,
    NO_FONT,
    FontInfo,
    Operand,
    Space,
    is_number,
    resource,
)

QUOTED = 64          # characters of a run of text kept: a report quotes 24


@dataclass
class Graphics:
    ctm: Matrix = IDENTITY
    line_width: float = 1.0
    fill_space: Space = GRAY
    stroke_space: Space = GRAY
    fill: Colour = Colour("DeviceGray", "gray", (0.0,))
    stroke: Colour = Colour("DeviceGray", "gray", (0.0,))
    fill_alpha: float = 1.0
    stroke_alpha: float = 1.0
    blend: str = "Normal"
    soft_mask: bool = False
    overprint_fill: bool = False
    overprint_stroke: bool = False
    font: pikepdf.Object | None = None
    size: float = 0.0
    leading: float = 0.0
    char_spacing: float = 0.0
    word_spacing: float = 0.0
    hscale: float = 1.0
    rise: float = 0.0
    render: int = 0

    def copy(self) -> Graphics:
        """A copy for `q` (dataclasses.replace takes ten times as long, on every `q`)."""
        copied = Graphics.__new__(Graphics)
        copied.__dict__.update(self.__dict__)
        return copied


class Text:
    def __init__(self) -> None:
        self.matrix: Matrix = IDENTITY
        self.line: Matrix = IDENTITY

    def next_line(self, tx: float, ty: float) -> None:
        self.line = multiply((1, 0, 0, 1, tx, ty), self.line)
        self.matrix = self.line


@dataclass
class Run:
    """One content stream being interpreted: its resources and graphics state stack."""
    resources: pikepdf.Object | None
    g: Graphics
    depth: int
    stack: list[Graphics] = field(default_factory=list)
    text: Text = field(default_factory=Text)


STROKED_TEXT = (1, 2, 5, 6)    # render modes that stroke the glyphs' outlines
FILLED_TEXT = (0, 2, 4, 6)


def matrix(values: Iterable[Operand]) -> Matrix:
    a, b, c, d, e, f = (float(v) for v in values)
    return a, b, c, d, e, f


class TextReader(Protocol):
    """What the text operators need of the page reader (generator/preflight/page.py), which
    imports them: its facts and budget, its fonts, and where text paints."""
    facts: PageFacts
    spent: Spent
    text_box: tuple[float, float, float, float] | None   # the run being painted, if text
    known: dict[Colour, Colour]                          # the page's colours, each once

    def font(self, font: pikepdf.Object) -> FontInfo: ...

    def paint(self, colour: Colour, g: Graphics, *, stroking: bool = False) -> None: ...

    def stroke(self, g: Graphics) -> None: ...


def text_step(reader: TextReader, op: str, *, args: list[Operand], run: Run) -> None:
    g, text = run.g, run.text
    if op == "BT":
        text.matrix = text.line = IDENTITY
    elif op == "Tf":
        g.font, g.size = resource(run.resources, "/Font", name=args[0]), float(args[1])
    elif op == "Td":
        text.next_line(float(args[0]), float(args[1]))
    elif op == "TD":
        g.leading = -float(args[1])
        text.next_line(float(args[0]), float(args[1]))
    elif op == "Tm":
        text.matrix = text.line = matrix(args)
    elif op == "T*":
        text.next_line(0.0, -g.leading)
    elif op == "TL":
        g.leading = float(args[0])
    elif op == "Tc":
        g.char_spacing = float(args[0])
    elif op == "Tw":
        g.word_spacing = float(args[0])
    elif op == "Tz":
        g.hscale = float(args[0]) / 100
    elif op == "Ts":
        g.rise = float(args[0])
    elif op == "Tr":
        g.render = int(args[0])
    elif op == "Tj":
        show(reader, g, text=text, strings=[args[0]])
    elif op == "TJ":
        show(reader, g, text=text, strings=list(args[0]))
    elif op == "'":
        text.next_line(0.0, -g.leading)
        show(reader, g, text=text, strings=[args[0]])
    elif op == '"':
        g.word_spacing, g.char_spacing = float(args[0]), float(args[1])
        text.next_line(0.0, -g.leading)
        show(reader, g, text=text, strings=[args[2]])


def show(reader: TextReader, g: Graphics, *, text: Text, strings: Iterable[Operand]) -> None:
    font = reader.font(g.font) if g.font is not None else NO_FONT
    advance = 0.0
    shown: list[str] = []
    strings = list(strings)
    reader.spent.operation(len(strings) // 8)      # and so does a long TJ array
    for item in strings:
        if is_number(item):
            advance -= float(item) / 1000 * g.size * g.hscale
            continue
        data = bytes(item)
        reader.spent.operation(len(data) // 8)     # a long string costs as operations do
        step = 2 if font.two_byte else 1
        for i in range(0, len(data) - step + 1, step):
            code = int.from_bytes(data[i:i + step], "big")
            w = font.widths.get(code, font.default) * font.scale
            space = g.word_spacing if (step == 1 and code == 32) else 0.0
            advance += (w * g.size + g.char_spacing + space) * g.hscale
        shown.append(data.decode("latin-1") if step == 1 else f"<{len(data) // 2} glyphs>")
    trm = multiply(text.matrix, g.ctm)
    corners = [apply(trm, x, y=y) for x in (0.0, advance)
               for y in (g.rise + font.bottom * g.size, g.rise + font.top * g.size)]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    # The run's extent, for what lies in the slug.
    reader.text_box = (min(xs), min(ys), max(xs), max(ys))
    if g.render in FILLED_TEXT:
        reader.paint(g.fill, g)
    if g.render in STROKED_TEXT:
        # Outlined text is lines: the line width applies in user space, as for paths.
        reader.stroke(g)
    reader.text_box = None
    if g.render in FILLED_TEXT or g.render in STROKED_TEXT:
        reader.spent.text_run()
        colour = g.fill if g.render in FILLED_TEXT else g.stroke
        # Kept for every run of the file, so kept small: each colour once a page, and the
        # text as far as a report quotes it.
        colour = reader.known.setdefault(colour, colour) if colour is not None else None
        reader.facts.texts.append(TextRun(reader.facts.number,
                                        (min(xs), min(ys), max(xs), max(ys)),
                                        g.size * smallest_scale(trm), "".join(shown)[:QUOTED],
                                        colour))
    text.matrix = multiply((1, 0, 0, 1, advance, 0), text.matrix)
