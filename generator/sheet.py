"""Page furniture every game shares: headers, footers and ruled tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .fonts import ASCENT, CAP_HEIGHT, DESCENT, text_width
from .geometry import Point
from .paper import Paper
from .scene import Page, Paint, Shape, Text, line, rectangle, segments

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
    # A long credit line is set smaller rather than run past the printable area.
    size = min(FOOTER_SIZE, FOOTER_SIZE * paper.inner_width / text_width(text, FOOTER_SIZE))
    return [Text(Point(paper.width / 2, paper.height - paper.margin - DESCENT * size),
                 text, size, colours["muted"], anchor="middle")]


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


@dataclass(frozen=True)
class Pad:
    """A score pad: who played, how to write a turn, a move record and a match tally."""
    title: str
    subtitle: str
    players: tuple[str, str]
    notes: tuple[str, ...]             # how to write a turn, above the record
    record: tuple[Column, ...]         # the first column numbers the rows
    footer: str
    record_blocks: int = 1             # side-by-side copies of the record, numbered on
    tally_rows: int = 5
    min_rows: int = 0                  # rows a whole game needs; rows shrink to fit them


ROW_HEIGHT = 6.5
NOTE_SIZE = 2.8


def score_pad(paper: Paper, pad: Pad, colours: dict[str, str]) -> Page:
    x, y, w, h = body_box(paper)
    bottom = y + h
    shapes = header(paper, pad.title, pad.subtitle, colours)
    half = (w - 6) / 2
    y += 4
    for left, right in (pad.players, ("Date", "Board")):
        shapes += field(x, y, half, left, colours)
        shapes += field(x + half + 6, y, half, right, colours)
        y += 8
    y -= 1
    for note in pad.notes:
        shapes.append(Text(Point(x, y), note, NOTE_SIZE, colours["muted"]))
        y += NOTE_SIZE * 1.5
    y += 1
    tally_height = (pad.tally_rows + 1) * ROW_HEIGHT + 8
    room = bottom - y - tally_height - 14
    rows = int(room // ROW_HEIGHT) - 1
    row_height = ROW_HEIGHT
    if rows < pad.min_rows:
        rows, row_height = pad.min_rows, room / (pad.min_rows + 1)
    blocks = pad.record_blocks
    block_w = (w - 6 * (blocks - 1)) / blocks
    for i in range(blocks):
        shapes += table(x + i * (block_w + 6), y, block_w, pad.record, rows, row_height,
                        colours, first_column=[str(i * rows + n) for n in range(1, rows + 1)])
    y += (rows + 1) * row_height + 8
    shapes += field(x, y, half, "Winner", colours)
    shapes += field(x + half + 6, y, half, "Turns played", colours)
    y += 6
    shapes.append(Text(Point(x, y + 3), "Match tally", 3.6, colours["ink"], "bold"))
    y += 5
    a, b = pad.players
    shapes += table(x, y, w, [Column("Game", 0.5), Column(a, 1.5), Column(b, 1.5),
                              Column("Winner", 1.2), Column("Running score", 1.3)],
                    pad.tally_rows, ROW_HEIGHT, colours,
                    first_column=[str(i) for i in range(1, pad.tally_rows + 1)])
    shapes += footer(paper, pad.footer, colours)
    return Page(paper.width, paper.height, tuple(shapes))
