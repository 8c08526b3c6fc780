"""Page furniture every game shares: headers, footers and ruled tables."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from generator.core.geometry import Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import (
    ARTIFACT,
    SMALLEST_TEXT,
    FontRole,
    InTable,
    Page,
    Paint,
    Role,
    Shape,
    Text,
    line,
    rectangle,
    segments,
    with_role,
)
from generator.fonts import ASCENT, CAP_HEIGHT, DESCENT, text_width
from generator.i18n import _

TITLE_SIZE = 6.0
SUBTITLE_SIZE = 3.2
FOOTER_SIZE = 2.6
HEADER_HEIGHT = 11.0
FOOTER_HEIGHT = 5.0


def header(paper: Paper, title: str, subtitle: str, colours: Palette) -> list[Shape]:
    x, y = paper.margin, paper.margin + TITLE_SIZE * ASCENT
    shapes: list[Shape] = [Text(Point(x, y), title, TITLE_SIZE, colours["ink"], "bold",
                                role=Role("H1", text=title))]
    left = x + text_width(title, TITLE_SIZE, "bold") + 3
    room = paper.width - paper.margin - left
    size = fitted(subtitle, SUBTITLE_SIZE, room)
    lines = [subtitle]
    if size < SMALLEST_TEXT and len(subtitle.split()) > 1:
        # Too long for one line at 6 pt (a longer language): two lines beside the title,
        # where that brings it to 6 pt.
        words = wrap_words(subtitle, SMALLEST_TEXT, room)
        two = [words[0], " ".join(words[1:])]
        two_size = min(SUBTITLE_SIZE * 0.75, *(fitted(line_, SUBTITLE_SIZE, room)
                                                for line_ in two))
        if two_size >= SMALLEST_TEXT:
            lines, size = two, two_size
    if size < SMALLEST_TEXT:
        # Not even on two lines: the parts of it that fit one line at 6 pt.
        kept, size = legible(subtitle, SUBTITLE_SIZE, room)
        lines = [kept] if kept else []
    for i, line_ in enumerate(lines):
        shapes.append(Text(Point(left, y + (i - (len(lines) - 1) / 2) * size * 1.2), line_,
                           size, colours["muted"], role=Role("P", 1, subtitle)))
    rule_y = paper.margin + HEADER_HEIGHT - 3
    rule = line(Point(paper.margin, rule_y), Point(paper.width - paper.margin, rule_y),
                Paint(stroke=colours["rule"], width=0.3, round_caps=False))
    shapes.append(replace(rule, role=Role(ARTIFACT)))
    return shapes


def fitted(text: str, size: float, width: float, font: FontRole = "regular") -> float:
    """The size, or smaller if the text would not fit the width: a long line is set smaller
    rather than run past the printable area."""
    return min(size, size * width / max(text_width(text, size, font), 1e-9))


def legible(text: str, size: float, width: float) -> tuple[str, float]:
    """A line of parts joined by " · ", fitted to the width at no less than the smallest
    text: parts are dropped from the end until the rest fits (nothing, if none does)."""
    parts = text.split(" · ")
    while parts:
        kept = " · ".join(parts)
        fits = fitted(kept, size, width)
        if fits >= SMALLEST_TEXT - 1e-9:
            return kept, fits
        parts.pop()
    return "", size


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
    ticks = [(Point(x, mid), Point(x + RULER_IN * 25.4, mid))]
    for i in range(int(RULER_MM / 5) + 1):
        tall = 1.6 if i % 2 == 0 else 0.9
        ticks.append((Point(x + 5 * i, mid), Point(x + 5 * i, mid - tall)))
    for i in range(int(RULER_IN * 4) + 1):
        tall = 1.6 if i % 4 == 0 else 0.9 if i % 2 == 0 else 0.6
        ticks.append((Point(x + 6.35 * i, mid), Point(x + 6.35 * i, mid + tall)))
    label_x = x + RULER_IN * 25.4 + 1.2
    # A tool for the printed page, not something to read.
    return with_role([
        segments(ticks, ink),
        Text(Point(label_x, mid - 0.4), f"{RULER_MM:g} mm", RULER_LABEL, colours["ink"]),
        Text(Point(label_x, mid + 0.4 + RULER_LABEL * CAP_HEIGHT), f"{RULER_IN:g} in",
             RULER_LABEL, colours["ink"])], Role(ARTIFACT))


def footer(paper: Paper, text: str, colours: Palette) -> list[Shape]:
    """The credit line beside the calibration ruler (across the page where there is none);
    on narrow paper it takes two lines."""
    left = paper.margin + (0.0 if paper.press.shop else RULER_WIDTH)
    width = paper.width - paper.margin - left
    lines = [text]
    if fitted(text, FOOTER_SIZE, width) < SMALLEST_FOOTER:
        lines = wrap_words(text, SMALLEST_FOOTER, width)[:2]
        lines = [lines[0], " ".join(lines[1:])] if len(lines) > 1 else lines
    size = min(fitted(line_, FOOTER_SIZE, width) for line_ in lines)
    bottom = paper.height - paper.margin - DESCENT * size
    return ruler(paper, colours) + [
        Text(Point(left + width / 2, bottom - (len(lines) - 1 - i) * size * 1.15), line_, size,
             colours["muted"], anchor="middle", role=Role("P", 2, text))
        for i, line_ in enumerate(lines)]


SMALLEST_FOOTER = SMALLEST_TEXT


def wrap_words(text: str, size: float, width: float) -> list[str]:
    """Plain text broken at spaces into lines no wider than width (a long word stands
    alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
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


def table(x: float, y: float, width: float, columns: Sequence[Column], rows: int,
          row_height: float, colours: Palette, first_column: Sequence[str] = (),
          heading_size: float = 2.9, name: str = "") -> list[Shape]:
    """An empty ruled table to fill in by hand, with headings and optional row labels. Named
    (unique on its page), it is tagged as a table: the headings and row labels header cells,
    the rules and shading artifacts."""
    def cell(kind: str, text: str, row: int, column: int) -> Role | None:
        return Role(kind, column, text, name, table=InTable(name, row, column)) if name \
            else None
    total = sum(c.weight for c in columns)
    widths = [width * c.weight / total for c in columns]
    height = row_height * (rows + 1)
    rule = Paint(stroke=colours["rule"], width=0.25, round_caps=False)
    shapes: list[Shape] = [rectangle(x, y, width, row_height, Paint(fill=colours["header fill"]))]
    cuts = [(Point(x, y + row_height * i), Point(x + width, y + row_height * i))
            for i in range(rows + 2)]
    cuts[0] = (Point(x, y + rule.width / 2), Point(x + width, y + rule.width / 2))
    left = x
    for column, (w, col) in enumerate(zip(widths, columns, strict=True)):
        # A heading longer than its column (a longer language) is set smaller, to 6 pt.
        size = max(SMALLEST_TEXT, fitted(col.heading, heading_size, w - 1.0, "bold"))
        shapes.append(Text(Point(left + w / 2, y + row_height / 2 + size * CAP_HEIGHT / 2),
                           col.heading, size, colours["ink"], "bold", "middle",
                           role=cell("TH", col.heading, 0, column)))
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
                           role=cell("TH", label, i + 1, 0)))
    return shapes


def field(x: float, y: float, width: float, label: str, colours: Palette,
          size: float = 3.2) -> list[Shape]:
    """A label followed by a line to write on (read as a paragraph of its own)."""
    lw = text_width(label, size) + 1.5
    return [Text(Point(x, y), label, size, colours["ink"], role=Role("P", FIELD, label)),
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
    min_rows: int = 0                  # rows the longest game needs: the record runs on over
                                       # as many sheets as it takes to hold them
    # For a game with no longest (turns that write nothing can repeat): how to go on past
    # the last row, given that row's number.
    carry_on: Callable[[int], str] | None = None


ROW_HEIGHT = 6.5
MIN_ROW_HEIGHT = 5.5    # rows shrink this far to keep a game on one sheet, no further
NOTE_SIZE = 2.8
HEADING_SIZE = 2.9      # table headings and row numbers: 8.2 pt
RECORD_GAP = 4.0        # between the header and a continued sheet's record


@dataclass(frozen=True)
class RecordSheet:
    """One sheet's share of the record: rows in each block, their height, the first row's
    number."""
    rows: int
    row_height: float
    first: int


FIELD, CARRY_ON = 10, 11      # the pad's paragraphs, told from the header's and footer's
TALLY = "tally"               # tables' names; the record's blocks are "record 1", ...


def _opening(paper: Paper, pad: Pad, colours: Palette) -> tuple[list[Shape], float]:
    """The first sheet's players, date, board and notes, and where its record starts. The
    notes say how to write in the record: they are read as its caption, each note whole."""
    x, y, w, _height = body_box(paper)
    half = (w - 6) / 2
    shapes: list[Shape] = []
    y += 4
    for left, right in (pad.players, (_("Date"), _("Board"))):
        shapes += field(x, y, half, left, colours)
        shapes += field(x + half + 6, y, half, right, colours)
        y += 8
    y -= 1
    for note in pad.notes:
        for line_ in wrap_words(note, NOTE_SIZE, w):
            shapes.append(Text(Point(x, y), line_, NOTE_SIZE, colours["muted"],
                               role=Role("Caption", 0, "\n".join(pad.notes), "record 1",
                                         table=InTable("record 1"))))
            y += NOTE_SIZE * 1.5
    return shapes, y + 1


CARRY_ON_SIZE = NOTE_SIZE    # the line saying how to go on past the last row: bold, in ink


def _carry_on_lines(paper: Paper, pad: Pad) -> list[str]:
    """One line, set up to a tenth smaller to stay one, else as many as it takes."""
    if pad.carry_on is None:
        return []
    # Sized for a last row ten times the longest game's, so the real number fits as well.
    return _carry_on_wrapped(pad.carry_on(10 * max(pad.min_rows, 1)), paper)


def _carry_on_wrapped(text: str, paper: Paper) -> list[str]:
    if fitted(text, CARRY_ON_SIZE, paper.inner_width, "bold") >= 0.9 * CARRY_ON_SIZE:
        return [text]
    return wrap_words(text, CARRY_ON_SIZE * 1.08, paper.inner_width)


def _closing_height(paper: Paper, pad: Pad) -> float:
    """The last sheet's room below the record: how to carry on, the winner, turns played
    and the match tally."""
    return _carry_on_room(paper, pad) + 8 + 6 + 5 + (pad.tally_rows + 1) * ROW_HEIGHT + 3


def _carry_on_room(paper: Paper, pad: Pad) -> float:
    """Its first line sits in the gap under the record, 1.5 mm below the table and over a
    millimetre above the winner's line; each further line pushes the closing down."""
    lines = len(_carry_on_lines(paper, pad))
    return (lines - 1) * CARRY_ON_SIZE * 1.3 if lines else 0.0


def _carry_on(paper: Paper, pad: Pad, last_row: int, y: float,
              colours: Palette) -> tuple[list[Shape], float]:
    """The sentence under the last row, and where the closing starts below it."""
    if pad.carry_on is None:
        return [], y
    x = paper.margin
    lines = _carry_on_wrapped(pad.carry_on(last_row), paper)
    shapes: list[Shape] = [
        Text(Point(x, y - 6.5 + i * CARRY_ON_SIZE * 1.3 + CARRY_ON_SIZE * ASCENT), line_,
             fitted(line_, CARRY_ON_SIZE, paper.inner_width, "bold"), colours["ink"], "bold",
             role=Role("P", CARRY_ON, " ".join(lines)))
        for i, line_ in enumerate(lines)]
    return shapes, y + _carry_on_room(paper, pad)


def _closing(paper: Paper, pad: Pad, y: float, colours: Palette) -> list[Shape]:
    x, _top, w, _height = body_box(paper)
    half = (w - 6) / 2
    shapes = field(x, y, half, _("Winner"), colours)
    shapes += field(x + half + 6, y, half, _("Turns played"), colours)
    y += 6
    shapes.append(Text(Point(x, y + 3), _("Match tally"), 3.6, colours["ink"], "bold",
                       role=Role("Caption", 0, _("Match tally"), TALLY, table=InTable(TALLY))))
    y += 5
    a, b = pad.players
    shapes += table(x, y, w, [Column(_("Game"), 0.5), Column(a, 1.5), Column(b, 1.5),
                              Column(_("Winner"), 1.2), Column(_("Running score"), 1.3)],
                    pad.tally_rows, ROW_HEIGHT, colours,
                    first_column=[str(i) for i in range(1, pad.tally_rows + 1)], name=TALLY)
    return shapes


def record_sheets(paper: Paper, pad: Pad, first_top: float) -> list[RecordSheet]:
    """How the record divides over sheets: one sheet when the whole game fits on it (rows
    as low as MIN_ROW_HEIGHT), else as many as it takes at ROW_HEIGHT, every sheet full and
    the numbering running on. The last sheet keeps room for the closing."""
    _, top, _, height = body_box(paper)
    bottom = top + height
    later_top = top + RECORD_GAP
    closing = _closing_height(paper, pad)
    blocks = pad.record_blocks
    need = -(-pad.min_rows // blocks)     # rows per block

    def fit(y: float, row_height: float, last: bool) -> int:
        room = bottom - y - (closing if last else 0.0)
        return max(int(room // row_height + 1e-9) - 1, 0)

    rows = fit(first_top, ROW_HEIGHT, True)
    if rows >= need:
        return [RecordSheet(rows, ROW_HEIGHT, 1)]
    room = bottom - first_top - closing
    if room / (need + 1) >= MIN_ROW_HEIGHT:
        return [RecordSheet(need, room / (need + 1), 1)]
    first, middle, last = (fit(first_top, ROW_HEIGHT, False), fit(later_top, ROW_HEIGHT, False),
                           fit(later_top, ROW_HEIGHT, True))
    if min(first, middle, last) < 1:
        raise ValueError("the paper is too small for a score pad's record")
    counts = [first]
    while sum(counts) + last < need:
        counts.append(middle)
    counts.append(last)
    out, number = [], 1
    for rows in counts:
        out.append(RecordSheet(rows, ROW_HEIGHT, number))
        number += rows * blocks
    return out


def score_pad(paper: Paper, pad: Pad, colours: Palette) -> list[Page]:
    """The pad's sheets: the first with players and notes, the last with the winner and the
    match tally, the record running over them all with its rows numbered on."""
    x, top, w, _height = body_box(paper)
    opening, first_top = _opening(paper, pad, colours)
    plan = record_sheets(paper, pad, first_top)
    blocks = pad.record_blocks
    block_w = (w - 6 * (blocks - 1)) / blocks
    pages = []
    for k, part in enumerate(plan):
        first, last = k == 0, k == len(plan) - 1
        title = pad.title if first else _("%(title)s (continued)", title=pad.title)
        shapes = header(paper, title, pad.subtitle, colours)
        y = first_top if first else top + RECORD_GAP
        if first:
            shapes += opening
        for i in range(blocks):
            start = part.first + i * part.rows
            shapes += table(x + i * (block_w + 6), y, block_w, pad.record, part.rows,
                            part.row_height, colours, heading_size=HEADING_SIZE,
                            first_column=[str(start + n) for n in range(part.rows)],
                            name=f"record {i + 1}")
        y += (part.rows + 1) * part.row_height + 8
        if last:
            carried, y = _carry_on(paper, pad, part.first + part.rows * blocks - 1, y,
                                   colours)
            shapes += carried + _closing(paper, pad, y, colours)
        note = pad.footer if len(plan) == 1 else _("%(footer)s Sheet %(n)s of %(total)s.",
                                                   footer=pad.footer, n=k + 1, total=len(plan))
        shapes += footer(paper, note, colours)
        pages.append(Page(paper.width, paper.height, tuple(shapes)))
    return pages
