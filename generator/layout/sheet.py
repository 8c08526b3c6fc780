"""Page furniture every game shares: headers, footers and ruled tables."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.core.geometry import Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import (
    ARTIFACT,
    SMALLEST_TEXT,
    FontRole,
    InTable,
    Paint,
    Role,
    Shape,
    Text,
    line,
    rectangle,
    segments,
    with_role,
)
from generator.core.units import MM_PER_INCH
from generator.fonts import ASCENT, CAP_HEIGHT, DESCENT, text_width

TITLE_SIZE = 6.0
SUBTITLE_SIZE = 3.2
FOOTER_SIZE = 2.6
HEADER_HEIGHT = 11.0
FOOTER_HEIGHT = 5.0

FIELD, CARRY_ON = 10, 11      # the pad's paragraphs, told from the header's and footer's
TALLY = "tally"               # tables' names; the record's blocks are "record 1", ...


def header(paper: Paper, title: str, *, subtitle: str, colours: Palette) -> list[Shape]:
    x, y = paper.margin, paper.margin + TITLE_SIZE * ASCENT
    # A title longer than the page is wide (a continued pad's, in a longer language, on a
    # booklet's page) is set smaller rather than run past the margin.
    size = fitted(title, TITLE_SIZE, width=paper.inner_width, font="bold")
    shapes: list[Shape] = [Text(Point(x, y), title, size, colours["ink"], "bold",
                                role=Role("H1", text=title))]
    left = x + text_width(title, size, role="bold") + 3
    room = paper.width - paper.margin - left
    size = fitted(subtitle, SUBTITLE_SIZE, width=room)
    lines = [subtitle]
    if size < SMALLEST_TEXT and len(subtitle.split()) > 1:
        # Too long for one line at 6 pt (a longer language): two lines beside the title,
        # where that brings it to 6 pt.
        words = wrap_words(subtitle, SMALLEST_TEXT, width=room)
        two = [words[0], " ".join(words[1:])]
        two_size = min(SUBTITLE_SIZE * 0.75, *(fitted(line_, SUBTITLE_SIZE, width=room)
                                                for line_ in two))
        if two_size >= SMALLEST_TEXT:
            lines, size = two, two_size
    if size < SMALLEST_TEXT:
        # Not even on two lines: the parts of it that fit one line at 6 pt.
        kept, size = legible(subtitle, SUBTITLE_SIZE, width=room)
        lines = [kept] if kept else []
    for i, line_ in enumerate(lines):
        shapes.append(Text(Point(left, y + (i - (len(lines) - 1) / 2) * size * 1.2), line_,
                           size, colours["muted"], role=Role("P", 1, subtitle)))
    rule_y = paper.margin + HEADER_HEIGHT - 3
    rule = line(Point(paper.margin, rule_y), Point(paper.width - paper.margin, rule_y),
                paint=Paint(stroke=colours["rule"], width=0.3, round_caps=False))
    shapes.append(replace(rule, role=Role(ARTIFACT)))
    return shapes


def fitted(text: str, size: float, *, width: float, font: FontRole = "regular") -> float:
    """The size, or smaller if the text would not fit the width: a long line is set smaller
    rather than run past the printable area."""
    return min(size, size * width / max(text_width(text, size, role=font), 1e-9))


def legible(text: str, size: float, *, width: float) -> tuple[str, float]:
    """A line of parts joined by " · ", fitted to the width at no less than the smallest
    text: parts are dropped from the end until the rest fits (nothing, if none does)."""
    parts = text.split(" · ")
    while parts:
        kept = " · ".join(parts)
        fits = fitted(kept, size, width=width)
        if fits >= SMALLEST_TEXT - 1e-9:
            return kept, fits
        parts.pop()
    return "", size


SHRUNK_TITLE = 0.6    # of its size, the least a title is set on one line (then it breaks)
TITLE_LEADING = 1.2   # a title's lines apart, in its size


def title_lines(text: str, size: float, *, width: float) -> tuple[list[str], float]:
    """A bold title on one line, set smaller where it is long; where that would take it
    under SHRUNK_TITLE of its size or under the smallest text (a record's two long names),
    on two lines broken where they come out most even, or on as many as it takes at the
    smallest text."""
    one = fitted(text, size, width=width, font="bold")
    words = text.split()
    if one >= max(SMALLEST_TEXT, SHRUNK_TITLE * size) - 1e-9 or len(words) < 2:
        return [text], one
    halves = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    two = min(halves, key=lambda half: max(text_width(h, size, role="bold") for h in half))
    two_size = min(fitted(h, size, width=width, font="bold") for h in two)
    if two_size >= SMALLEST_TEXT - 1e-9:
        return list(two), two_size
    return wrap_words(text, SMALLEST_TEXT, width=width, font="bold"), SMALLEST_TEXT


def shortened(text: str, size: float, *, width: float,
              font: FontRole = "regular") -> tuple[str, float]:
    """A line fitted to the width, set smaller where it is long but never under the smallest
    text: there its last words give way to an ellipsis (a contents entry, whose page
    carries it whole)."""
    fits = fitted(text, size, width=width, font=font)
    words = text.split()
    while fits < SMALLEST_TEXT - 1e-9 and len(words) > 1:
        words.pop()
        text = " ".join(words) + "…"
        fits = fitted(text, size, width=width, font=font)
    return text, fits


# The calibration ruler: 50 mm over 2 inches, in the footer's left corner.
RULER_MM, RULER_IN = 50.0, 2.0
RULER_WIDTH = 62.0            # with its labels, and room before the footer text
RULER_LABEL = 2.2             # just over the smallest text, 6 pt


def ruler(paper: Paper, colours: Palette) -> list[Shape]:
    """Ticks every 5 mm above a line, every quarter inch below it: a user measuring the
    printed page can see that it came out at 100%. Home printing only: a print shop prints
    to size and trims, so its pages carry none."""
    if paper.press.shop:
        return []
    ink = Paint(stroke=colours["ink"], width=0.2, round_caps=False)
    x = paper.margin + ink.width / 2     # the first tick's ink stays inside the margin
    mid = paper.height - paper.margin - 2.6
    ticks = [(Point(x, mid), Point(x + RULER_IN * MM_PER_INCH, mid))]
    for i in range(int(RULER_MM / 5) + 1):
        tall = 1.6 if i % 2 == 0 else 0.9
        ticks.append((Point(x + 5 * i, mid), Point(x + 5 * i, mid - tall)))
    for i in range(int(RULER_IN * 4) + 1):
        tall = 1.6 if i % 4 == 0 else 0.9 if i % 2 == 0 else 0.6
        ticks.append((Point(x + 6.35 * i, mid), Point(x + 6.35 * i, mid + tall)))
    label_x = x + RULER_IN * MM_PER_INCH + 1.2
    # A tool for the printed page, not something to read.
    return with_role([
        segments(ticks, ink),
        Text(Point(label_x, mid - 0.4), f"{RULER_MM:g} mm", RULER_LABEL, colours["ink"]),
        Text(Point(label_x, mid + 0.4 + RULER_LABEL * CAP_HEIGHT), f"{RULER_IN:g} in",
             RULER_LABEL, colours["ink"])], Role(ARTIFACT))


def footer(paper: Paper, text: str, *, colours: Palette, keep: int = 1) -> list[Shape]:
    """The credit line beside the calibration ruler (across the page where there is none);
    on narrow paper it takes two lines, and drops what they cannot hold (see two_lines)."""
    left = paper.margin + (0.0 if paper.press.shop else RULER_WIDTH)
    width = paper.width - paper.margin - left
    lines = [text]
    if fitted(text, FOOTER_SIZE, width=width) < SMALLEST_FOOTER:
        text, lines = two_lines(text, width, keep=keep)
    size = min(fitted(line_, FOOTER_SIZE, width=width) for line_ in lines)
    bottom = paper.height - paper.margin - DESCENT * size
    return ruler(paper, colours) + [
        Text(Point(left + width / 2, bottom - (len(lines) - 1 - i) * size * 1.15), line_, size,
             colours["muted"], anchor="middle", role=Role("P", 2, text))
        for i, line_ in enumerate(lines)]


def two_lines(text: str, width: float, *, keep: int = 1) -> tuple[str, list[str]]:
    """A footer broken into no more than the two lines its room holds, at the smallest
    footer size, and the text it stands for: where the whole of it would take more, whole
    sentences go from its end (the credit comes first, hints after it), never half of one
    (a booklet's pad lost "Blue's. Sheet 1 of 2." to "Red's cell, then"). Its first `keep`
    sentences stay even so: where they take more than two lines, the first two of theirs."""
    sentences = re.split(r"(?<=[.!?]) ", text)
    for count in range(len(sentences), min(keep, len(sentences)) - 1, -1):
        kept = " ".join(sentences[:count])
        lines = wrap_words(kept, SMALLEST_FOOTER, width=width)
        if len(lines) <= 2:
            return kept, lines
    kept = " ".join(sentences[:keep])
    return kept, wrap_words(kept, SMALLEST_FOOTER, width=width)[:2]


SMALLEST_FOOTER = SMALLEST_TEXT


def wrap_words(text: str, size: float, *, width: float, font: FontRole = "regular") -> list[str]:
    """Plain text broken at spaces into lines no wider than width (a long word stands
    alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, role=font) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def body_box(paper: Paper) -> tuple[float, float, float, float]:
    """x, y, width, height of the page between header and footer."""
    top = paper.margin + HEADER_HEIGHT
    return paper.margin, top, paper.inner_width, paper.height - paper.margin - FOOTER_HEIGHT - top


@dataclass(frozen=True)
class Column:
    heading: str
    weight: float  # share of the table width
    # The narrowest, in mm, that what goes in it can be written in by hand; 0: not said, and
    # a score pad never sets its record narrower than its own blocks make it.
    least: float = 0.0


def table(x: float, y: float, *, width: float, columns: Sequence[Column], rows: int,
          row_height: float, colours: Palette, first_column: Sequence[str] = (),
          heading_size: float = 2.9, name: str = "") -> list[Shape]:
    """An empty ruled table to fill in by hand, with headings and optional row labels. Named
    (unique on its page), it is tagged as a table: the headings and row labels header cells,
    the rules and shading artifacts."""
    def cell(kind: str, text: str, *, row: int, column: int) -> Role | None:
        return Role(kind, column, text, name, table=InTable(name, row, column)) if name \
            else None
    total = sum(c.weight for c in columns)
    widths = [width * c.weight / total for c in columns]
    height = row_height * (rows + 1)
    rule = Paint(stroke=colours["rule"], width=0.25, round_caps=False)
    shapes: list[Shape] = [rectangle(x, y, w=width, h=row_height,
                                     paint=Paint(fill=colours["header fill"]))]
    cuts = [(Point(x, y + row_height * i), Point(x + width, y + row_height * i))
            for i in range(rows + 2)]
    cuts[0] = (Point(x, y + rule.width / 2), Point(x + width, y + rule.width / 2))
    left = x
    for column, (w, col) in enumerate(zip(widths, columns, strict=True)):
        # A heading longer than its column (a longer language) is set smaller, to 6 pt.
        size = max(SMALLEST_TEXT, fitted(col.heading, heading_size, width=w - 1.0, font="bold"))
        shapes.append(Text(Point(left + w / 2, y + row_height / 2 + size * CAP_HEIGHT / 2),
                           col.heading, size, colours["ink"], "bold", "middle",
                           role=cell("TH", col.heading, row=0, column=column)))
        left += w
    edges = [x]
    for w in widths:
        edges.append(edges[-1] + w)
    # The outer rules sit inside the box, so the table's ink never leaves it.
    edges[0] += rule.width / 2
    edges[-1] -= rule.width / 2
    cuts += [(Point(e, y), Point(e, y + height)) for e in edges]
    shapes.append(segments(cuts, rule))
    for i, label in enumerate(first_column):
        cy = y + row_height * (i + 1.5)
        shapes.append(Text(Point(x + widths[0] / 2, cy + heading_size * CAP_HEIGHT / 2), label,
                           heading_size, colours["muted"], anchor="middle",
                           role=cell("TH", label, row=i + 1, column=0)))
    return shapes


def field(x: float, y: float, *, width: float, label: str, colours: Palette,
          size: float = 3.2) -> list[Shape]:
    """A label followed by a line to write on (read as a paragraph of its own)."""
    lw = text_width(label, size) + 1.5
    return [Text(Point(x, y), label, size, colours["ink"], role=Role("P", FIELD, label)),
            line(Point(x + lw, y + 0.6), Point(x + width, y + 0.6),
                 paint=Paint(stroke=colours["rule"], width=0.25, round_caps=False))]
