"""Page furniture every game shares: headers, footers and ruled tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .fonts import ASCENT, CAP_HEIGHT, DESCENT, text_width
from .geometry import Point
from .paper import Paper
from .scene import Paint, Shape, Text, line, rectangle, segments

TITLE_SIZE = 6.0
SUBTITLE_SIZE = 3.2
FOOTER_SIZE = 2.6
HEADER_HEIGHT = 11.0
FOOTER_HEIGHT = 5.0


def header(paper: Paper, title: str, subtitle: str, colours: dict[str, str]) -> list[Shape]:
    x, y = paper.margin, paper.margin + TITLE_SIZE * ASCENT
    shapes: list[Shape] = [Text(Point(x, y), title, TITLE_SIZE, colours["ink"], "bold")]
    shapes.append(Text(Point(x + text_width(title, TITLE_SIZE, "bold") + 3, y), subtitle,
                       SUBTITLE_SIZE, colours["muted"]))
    rule_y = paper.margin + HEADER_HEIGHT - 3
    shapes.append(line(Point(paper.margin, rule_y), Point(paper.width - paper.margin, rule_y),
                       Paint(stroke=colours["rule"], width=0.3, round_caps=False)))
    return shapes


def footer(paper: Paper, text: str, colours: dict[str, str]) -> list[Shape]:
    return [Text(Point(paper.width / 2, paper.height - paper.margin - DESCENT * FOOTER_SIZE),
                 text, FOOTER_SIZE, colours["muted"], anchor="middle")]


def body_box(paper: Paper) -> tuple[float, float, float, float]:
    """x, y, width, height of the page between header and footer."""
    top = paper.margin + HEADER_HEIGHT
    return paper.margin, top, paper.inner_width, paper.height - paper.margin - FOOTER_HEIGHT - top


@dataclass(frozen=True)
class Column:
    heading: str
    weight: float  # share of the table width


def table(x: float, y: float, width: float, columns: Sequence[Column], rows: int,
          row_height: float, colours: dict[str, str], first_column: Sequence[str] = (),
          heading_size: float = 2.9) -> list[Shape]:
    """An empty ruled table to fill in by hand, with headings and optional row labels."""
    total = sum(c.weight for c in columns)
    widths = [width * c.weight / total for c in columns]
    height = row_height * (rows + 1)
    rule = Paint(stroke=colours["rule"], width=0.25, round_caps=False)
    shapes: list[Shape] = [rectangle(x, y, width, row_height, Paint(fill=colours["header fill"]))]
    cuts = [(Point(x, y + row_height * i), Point(x + width, y + row_height * i))
            for i in range(rows + 2)]
    cuts[0] = (Point(x, y + rule.width / 2), Point(x + width, y + rule.width / 2))
    left = x
    for w, col in zip(widths, columns):
        shapes.append(Text(Point(left + w / 2, y + row_height / 2 + heading_size * CAP_HEIGHT / 2),
                           col.heading, heading_size, colours["ink"], "bold", "middle"))
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
                           heading_size, colours["muted"], anchor="middle"))
    return shapes


def field(x: float, y: float, width: float, label: str, colours: dict[str, str],
          size: float = 3.2) -> list[Shape]:
    """A label followed by a line to write on."""
    lw = text_width(label, size) + 1.5
    return [Text(Point(x, y), label, size, colours["ink"]),
            line(Point(x + lw, y + 0.6), Point(x + width, y + 0.6),
                 Paint(stroke=colours["rule"], width=0.25, round_caps=False))]
