"""Score pads: who played, how to write a turn, a move record numbered on over as few sheets
as hold the longest game, and a match tally. The record's rows shrink, and then stand in
more blocks side by side where its columns stay wide enough to write in, before a pad takes
a second sheet: a Letter page, 17.6 mm shorter than A4, holds the same game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.core.geometry import Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import SMALLEST_TEXT, InTable, Page, Role, Shape, Text
from generator.fonts import ASCENT, text_width
from generator.i18n import Words
from generator.layout.sheet import (
    CARRY_ON,
    TALLY,
    Column,
    body_box,
    field,
    fitted,
    footer,
    header,
    table,
    wrap_words,
)


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

    @property
    def last_row(self) -> int | None:
        """The last row any game can reach, where the game has a longest: no row, block or
        sheet is printed past it. None where a game can run on past every row (carry_on):
        there the sheets are filled."""
        return None if self.carry_on is not None else self.min_rows


ROW_HEIGHT = 6.5
MIN_ROW_HEIGHT = 5.5    # rows shrink this far to keep a game on one sheet, no further
NOTE_SIZE = 2.8
HEADING_SIZE = 2.9      # table headings and row numbers: 8.2 pt
RECORD_GAP = 4.0        # between the header and a continued sheet's record


@dataclass(frozen=True)
class RecordSheet:
    """One sheet's share of the record: rows in each block, their height, the first row's
    number, and how many blocks stand side by side."""
    rows: int
    row_height: float
    first: int
    blocks: int = 1


def _opening(paper: Paper, pad: Pad, colours: Palette,
             words: Words) -> tuple[list[Shape], float]:
    """The first sheet's players, date, board and notes, and where its record starts. The
    notes say how to write in the record: they are read as its caption, each note whole."""
    x, y, w, _height = body_box(paper)
    half = (w - 6) / 2
    shapes: list[Shape] = []
    y += 4
    for left, right in (pad.players, (words._("Date"), words._("Board"))):
        shapes += field(x, y, width=half, label=left, colours=colours)
        shapes += field(x + half + 6, y, width=half, label=right, colours=colours)
        y += 8
    y -= 1
    for note in pad.notes:
        for line_ in wrap_words(note, NOTE_SIZE, width=w):
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
    if fitted(text, CARRY_ON_SIZE, width=paper.inner_width, font="bold") >= 0.9 * CARRY_ON_SIZE:
        return [text]
    return wrap_words(text, CARRY_ON_SIZE * 1.08, width=paper.inner_width)


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
             fitted(line_, CARRY_ON_SIZE, width=paper.inner_width, font="bold"),
             colours["ink"], "bold",
             role=Role("P", CARRY_ON, " ".join(lines)))
        for i, line_ in enumerate(lines)]
    return shapes, y + _carry_on_room(paper, pad)


def _closing(paper: Paper, pad: Pad, y: float, colours: Palette, *,
             words: Words) -> list[Shape]:
    x, _top, w, _height = body_box(paper)
    half = (w - 6) / 2
    shapes = field(x, y, width=half, label=words._("Winner"), colours=colours)
    shapes += field(x + half + 6, y, width=half, label=words._("Turns played"), colours=colours)
    y += 6
    shapes.append(Text(Point(x, y + 3), words._("Match tally"), 3.6, colours["ink"], "bold",
                       role=Role("Caption", 0, words._("Match tally"), TALLY,
                                 table=InTable(TALLY))))
    y += 5
    a, b = pad.players
    shapes += table(x, y, width=w,
                    columns=[Column(words._("Game"), 0.5), Column(a, 1.5), Column(b, 1.5),
                             Column(words._("Winner"), 1.2), Column(words._("Running score"), 1.3)],
                    rows=pad.tally_rows, row_height=ROW_HEIGHT, colours=colours,
                    first_column=[str(i) for i in range(1, pad.tally_rows + 1)], name=TALLY)
    return shapes


BLOCK_GAP = 6.0         # between side-by-side blocks of the record


def block_width(paper: Paper, blocks: int) -> float:
    return (paper.inner_width - BLOCK_GAP * (blocks - 1)) / blocks


def writable(paper: Paper, pad: Pad, *, blocks: int) -> bool:
    """Whether the record's columns, in this many blocks, are each as wide as what goes in
    them needs, and their headings fit them at 6 pt: only a pad whose every column says how
    narrow it may go is narrowed."""
    if blocks == pad.record_blocks:
        return True
    total = sum(c.weight for c in pad.record)
    width = block_width(paper, blocks)
    return all(c.least > 0 and width * c.weight / total >= c.least
               and text_width(c.heading, SMALLEST_TEXT,
                              role="bold") <= width * c.weight / total - 1.0
               for c in pad.record)


def one_sheet(paper: Paper, pad: Pad, *, first_top: float, blocks: int) -> RecordSheet | None:
    """The whole game's record on the first sheet in this many blocks: rows at ROW_HEIGHT,
    or as low as MIN_ROW_HEIGHT; None if it does not fit."""
    _, top, _, height = body_box(paper)
    room = top + height - first_top - _closing_height(paper, pad)
    need = -(-pad.min_rows // blocks)     # rows per block
    rows = max(int(room // ROW_HEIGHT + 1e-9) - 1, 0)
    if rows >= need:
        # The sheet full, rows to spare, only where a game can run on past every row.
        return RecordSheet(rows if pad.last_row is None else need, ROW_HEIGHT, 1, blocks)
    if room / (need + 1) >= MIN_ROW_HEIGHT:
        return RecordSheet(need, room / (need + 1), 1, blocks)
    return None


MOST_BLOCKS = 4


def record_sheets(paper: Paper, pad: Pad, *, first_top: float) -> list[RecordSheet]:
    """How the record divides over sheets: one sheet when the whole game fits on it (rows
    as low as MIN_ROW_HEIGHT; then, where the columns stay wide enough to write in, in more
    blocks side by side, as a Letter page, shorter than A4, needs), else as many as it takes
    at ROW_HEIGHT, every sheet full and the numbering running on. The last sheet keeps room
    for the closing."""
    for blocks in range(pad.record_blocks, max(MOST_BLOCKS, pad.record_blocks) + 1):
        if not writable(paper, pad, blocks=blocks):
            break
        single = one_sheet(paper, pad, first_top=first_top, blocks=blocks)
        if single is not None:
            return [single]
    _, top, _, height = body_box(paper)
    bottom = top + height
    later_top = top + RECORD_GAP
    closing = _closing_height(paper, pad)
    blocks = pad.record_blocks
    need = -(-pad.min_rows // blocks)     # rows per block

    def fit(y: float, last: bool) -> int:
        room = bottom - y - (closing if last else 0.0)
        return max(int(room // ROW_HEIGHT + 1e-9) - 1, 0)

    first, middle, last = fit(first_top, False), fit(later_top, False), fit(later_top, True)
    if min(first, middle, last) < 1:
        raise ValueError("the paper is too small for a score pad's record")
    counts = [first]
    while sum(counts) + last < need:
        counts.append(middle)
    counts.append(last)
    if pad.last_row is not None:
        # No sheet past the longest game: each holds what the ones before leave, and the
        # last, whose room may go to the closing alone, what is left (Hex 13 x 13 on
        # Letter once printed rows 97-177 on its second sheet for a game of 85).
        left = need
        for k, rows in enumerate(counts):
            counts[k] = min(rows, left)
            left -= counts[k]
    out, number = [], 1
    for rows in counts:
        out.append(RecordSheet(rows, ROW_HEIGHT, number, blocks))
        number += rows * blocks
    return out


def score_pad(paper: Paper, pad: Pad, *, colours: Palette, words: Words) -> list[Page]:
    """The pad's sheets: the first with players and notes, the last with the winner and the
    match tally, the record running over them all with its rows numbered on."""
    x, top, w, _height = body_box(paper)
    opening, first_top = _opening(paper, pad, colours, words)
    plan = record_sheets(paper, pad, first_top=first_top)
    pages = []
    for k, part in enumerate(plan):
        blocks = part.blocks
        block_w = block_width(paper, blocks)
        first, last = k == 0, k == len(plan) - 1
        title = pad.title if first else words._("%(title)s (continued)", title=pad.title)
        shapes = header(paper, title, subtitle=pad.subtitle, colours=colours)
        y = first_top if first else top + RECORD_GAP
        if first:
            shapes += opening
        for i in range(blocks):
            start = part.first + i * part.rows
            # The last block stops at the longest game's last row.
            rows = part.rows if pad.last_row is None else \
                max(0, min(part.rows, pad.last_row - start + 1))
            if rows:
                shapes += table(x + i * (block_w + BLOCK_GAP), y, width=block_w,
                                columns=pad.record, rows=rows, row_height=part.row_height,
                                colours=colours, heading_size=HEADING_SIZE,
                                first_column=[str(start + n) for n in range(rows)],
                                name=f"record {i + 1}")
        if part.rows:
            y += (part.rows + 1) * part.row_height + 8
        if last:
            carried, y = _carry_on(paper, pad, part.first + part.rows * blocks - 1, y,
                                   colours)
            shapes += carried + _closing(paper, pad, y, colours, words=words)
        note = pad.footer if len(plan) == 1 else words._(
            "%(footer)s Sheet %(n)s of %(total)s.", footer=pad.footer, n=k + 1, total=len(plan))
        shapes += footer(paper, note, colours=colours)
        pages.append(Page(paper.width, paper.height, tuple(shapes)))
    return pages
