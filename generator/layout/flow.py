"""Blocks set down columns and across pages, as a typesetter keeps them.

A sheet's blocks become boxes: a line of text, or a figure with its caption. Each box knows
its height, the space above it (dropped at the head of a column) and whether it must stay in
the same column as the box after it. That keeps together what belongs together:
  - a heading with the first two lines of what follows it, so no heading ends a column;
  - the first two and the last two lines of a paragraph, so no line of one stands alone at
    a column's foot or head (no orphans, no widows);
  - a list's lead-in (a paragraph ending in a colon) with its first item, its last item
    with the one before, and an item of one line with the next.
A figure floats: it stands where the text first mentions it when it fits there, and
otherwise at the head of the next column while the text goes on filling this one.

Pagination is arithmetic on the boxes alone; shapes are drawn once, for the setting chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from generator.core.scene import SMALLEST_TEXT, Shape, Text
from generator.layout.linebreak import Line, wrap
from generator.layout.markdown import Block, lead_in, list_item


@dataclass(frozen=True)
class Figure:
    """A drawing in its own millimetre frame, (0, 0) top left, width x height."""
    width: float
    height: float
    shapes: tuple[Shape, ...]
    caption: str = ""
    # What it shows, for those who cannot see it (a tagged PDF's /Alt, the web edition's
    # <desc>): written from the position drawn.
    description: str = ""


@dataclass(frozen=True)
class Style:
    body: float = 3.3      # ~9.4 pt
    leading: float = 1.3
    title: float = 7.5
    heading: float = 4.6
    subheading: float = 3.8
    caption: float = 2.9
    gutter: float = 8.0
    # Below the title's baseline to its rule (clear of descenders), and from the rule to
    # the text: the same on every sheet, however tightly it is set.
    title_rule_gap: float = 2.0
    header_gap: float = 2.0
    footer: float = 2.6
    paragraph_gap: float = 1.6
    figure_gap: float = 1.6
    figure_scale: float = 1.0     # of the column's width, for figures as wide as it
    heading_space: float = 0.6    # above a heading, in heading sizes
    hyphen_slack: float = 0.1     # hyphenate where a line would end this much short


STYLE = Style()
TWO_COLUMNS_FROM = 160.0   # mm of printable width


@dataclass(frozen=True)
class Box:
    """A line of text (runs, at size, baseline below the box's top) or a figure."""
    height: float
    before: float                 # space above, dropped at the head of a column
    after: float = 0.0            # space below a figure, wherever it floats to
    keep: bool = False            # stays in the column of the box after it
    runs: Line = ()
    size: float = 0.0
    baseline: float = 0.0
    indent: float = 0.0
    bullet: bool = False
    figure: Figure | None = None
    scale: float = 1.0
    caption: tuple[Line, ...] = ()
    block: int = -1               # which block of the sheet it belongs to
    kind: str = "line"            # line, heading (a heading's line) or figure


Column = list[tuple[int, float]]     # (box index, top) of each box set in a column


def boxes(blocks: list[Block], figures: dict[str, Figure], width: float, style: Style,
          names: frozenset[str]) -> list[Box]:
    s, out = style, []
    after = 0.0                   # the space the block above leaves below itself
    for k, block in enumerate(blocks):
        following = blocks[k + 1] if k + 1 < len(blocks) else None
        if block.kind == "figure":
            fig = figures[block.text]
            scale = min(1.0, width / fig.width)
            scale *= max(s.figure_scale, min(1.0, _label_floor(fig) / scale))
            caption = wrap(fig.caption, width, s.caption, "italic", names=names,
                           slack=s.hyphen_slack) \
                if fig.caption else ()
            out.append(Box(fig.height * scale + len(caption) * s.caption * s.leading,
                           after + s.figure_gap, 2 * s.figure_gap, figure=fig, scale=scale,
                           caption=caption, block=k, kind="figure"))
            after = 2 * s.figure_gap
            continue
        if block.kind in ("title", "heading", "subheading"):
            size = {"title": s.heading, "heading": s.heading,
                    "subheading": s.subheading}[block.kind]
            lines = balanced(block.text, width, size)
            first = len(out)
            for runs_ in lines:
                out.append(Box(size * s.leading, 0.0, keep=True, runs=runs_, size=size,
                               baseline=size * s.leading - size * 0.25, block=k,
                               kind="heading"))
            out[first] = _with_before(out[first], after + size * s.heading_space)
            after = size * 0.15
            continue
        indent = s.body * 1.2 if block.kind == "bullet" else 0.0
        lines = wrap(block.text, width - indent, s.body, names=names, slack=s.hyphen_slack)
        height, n = s.body * s.leading, len(lines)
        # Within a list, the last item keeps with the one before it, and an item of one
        # line with the next: a list of short items stays whole.
        in_list = following is not None and list_item(following) and list_item(block)
        last_item = in_list and not any(list_item(b) for b in blocks[k + 2:k + 3])
        with_next = following is not None and following.kind != "figure" and (
            lead_in(block) or last_item or (in_list and len(lines) == 1))
        for i, runs_ in enumerate(lines):
            keep = (n > 1 and (i == 0 or i == n - 2)) or (i == n - 1 and with_next)
            out.append(Box(height, after if i == 0 else 0.0, keep=keep, runs=runs_,
                           size=s.body, baseline=height * 0.75, indent=indent,
                           bullet=i == 0 and block.kind == "bullet", block=k))
        after = s.paragraph_gap if block.kind == "paragraph" else s.paragraph_gap / 2
    return out


def balanced(text: str, width: float, size: float) -> tuple[Line, ...]:
    """A heading's lines, unhyphenated and as even as they go: set in the narrowest width
    that still takes as few lines, so a heading never leaves one word alone below."""
    lines = wrap(text, width, size, "bold", hyphenate=False)
    if len(lines) < 2:
        return lines
    low, high = width / 2, width
    for _ in range(12):            # to a few hundredths of a mm
        middle = (low + high) / 2
        if len(wrap(text, middle, size, "bold", hyphenate=False)) == len(lines):
            high = middle
        else:
            low = middle
    return wrap(text, high, size, "bold", hyphenate=False)


def _label_floor(fig: Figure) -> float:
    """The least a figure may be scaled by and keep its smallest label at 6 pt."""
    smallest = min((t.size for t in fig.shapes if isinstance(t, Text)), default=0.0)
    return SMALLEST_TEXT / smallest if smallest else 0.0


def _with_before(box: Box, before: float) -> Box:
    return replace(box, before=before)


def paginate(items: list[Box], frame: Callable[[int], tuple[float, float]]) -> list[Column]:
    """The boxes set down columns: frame(n) is the top and bottom of the n-th column."""
    columns: list[Column] = []
    start, waiting = 0, list[int]()
    while start < len(items) or waiting:
        top, bottom = frame(len(columns))
        column, start, waiting = _fill(items, start, waiting, top, bottom, len(items))
        columns.append(column)
    return columns


def _break_allowed(items: list[Box], j: int) -> bool:
    """A column may end before text box j: the text box above it does not keep with it."""
    above = next((k for k in range(j - 1, -1, -1) if items[k].figure is None), None)
    return above is None or not items[above].keep


def _fill(items: list[Box], start: int, waiting: list[int], top: float, bottom: float,
          limit: int) -> tuple[Column, int, list[int]]:
    """One column from box `start` (figures still waiting first), stopping at `limit`:
    what it holds, the next box, and the figures that wait on for the next column."""
    column: Column = []
    queue = list(waiting)
    y, below = top, 0.0          # below: the space the last figure set keeps under it

    def gap(box: Box) -> float:
        return max(box.before, below) if column else 0.0

    while queue and (not column or y + gap(items[queue[0]]) + items[queue[0]].height
                     <= bottom):
        index = queue.pop(0)
        y += gap(items[index])
        column.append((index, y))
        y, below = y + items[index].height, items[index].after
    head = len(column)           # figures at the head: the column holds them if nothing else
    i = start
    while i < limit:
        box = items[i]
        fits = y + gap(box) + box.height <= bottom + 1e-9
        if box.figure is not None:
            if not queue and (fits or not column):
                y += gap(box)
                column.append((i, y))
                y, below = y + box.height, box.after
            else:
                queue.append(i)          # at the head of the next column
            i += 1
            continue
        if fits or not column:
            y += gap(box)
            column.append((i, y))
            y, below = y + box.height, 0.0
            i += 1
            continue
        j = i
        while j > start and not (items[j].figure is None and _break_allowed(items, j)):
            j -= 1
        if j == i or not _break_allowed(items, j) or (j == start and not head):
            break                         # here, or (a group taller than a column) anyway
        return _fill(items, start, waiting, top, bottom, j)
    return column, i, queue
