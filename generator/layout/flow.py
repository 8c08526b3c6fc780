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
from dataclasses import dataclass, field, replace
from functools import cached_property

from generator.core.geometry import Affine
from generator.core.printing import THINNEST_STROKE
from generator.core.scene import (
    SMALLEST_TEXT,
    Clip,
    Role,
    Shape,
    lines_at_least,
    place,
    text_sizes,
)
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
    # What the figure is made into as a sheet sets it, kept with it and never passed on to
    # a copy (dataclasses.replace makes each copy its own): a booklet sets its rule sheet
    # three times over (on its own, to open on a right-hand page and on a left-hand one),
    # each time with the same captions and its figures mostly where they stood.
    _captioned: dict[str, Figure] = field(default_factory=dict, init=False, compare=False,
                                          repr=False)
    _placed: dict[tuple[Affine, Role], tuple[Shape, ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False)

    def captioned(self, caption: str) -> Figure:
        """The figure under another caption (a sheet's numbered one)."""
        if caption not in self._captioned:
            self._captioned[caption] = replace(self, caption=caption)
        return self._captioned[caption]

    def set_at(self, transform: Affine, role: Role) -> tuple[Shape, ...]:
        """The figure moved by `transform` on to a page, its lines at least the thinnest a
        printer holds, each shape read as part of `role`."""
        key = (transform, role)
        if key not in self._placed:
            self._placed[key] = tuple(lines_at_least(
                place(self.shapes, transform, role=role), THINNEST_STROKE))
        return self._placed[key]

    @cached_property
    def label_floor(self) -> float:
        """The least it may be scaled by and keep its smallest label at 6 pt: read from
        every label once a figure, where a sheet fitted to its pages asked it of every
        figure in every style it tried."""
        return label_floor(self)


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
    kind: str = "line"            # line, heading (a heading's line), figure, or smaller
    # A figure's smaller settings, largest first: boxes after the flow (of kind smaller)
    # that a page's last column may take where the figure itself would not fit.
    smaller: tuple[int, ...] = ()


Column = list[tuple[int, float]]     # (box index, top) of each box set in a column
# A figure that would not fit the foot of a page may be set smaller, to this share of its
# size, and never with a label under 6 pt, before the text it follows goes over with it.
SHRINK_STEPS = (0.95, 0.9, 0.85, 0.8)


def boxes(blocks: list[Block], figures: dict[str, Figure], *, width: float, style: Style,
          names: frozenset[str], lang: str) -> list[Box]:
    s, out = style, []
    smaller: list[tuple[int, list[Box]]] = []
    after = 0.0                   # the space the block above leaves below itself
    for k, block in enumerate(blocks):
        following = blocks[k + 1] if k + 1 < len(blocks) else None
        if block.kind == "figure":
            fig = figures[block.text]
            scale = min(1.0, width / fig.width)
            scale *= max(s.figure_scale, min(1.0, fig.label_floor / scale))
            caption = wrap(fig.caption, width, size=s.caption, base="italic", names=names,
                           lang=lang, slack=s.hyphen_slack) \
                if fig.caption else ()
            out.append(Box(fig.height * scale + len(caption) * s.caption * s.leading,
                           after + s.figure_gap, 2 * s.figure_gap, figure=fig, scale=scale,
                           caption=caption, block=k, kind="figure"))
            floor = fig.label_floor
            smaller.append((len(out) - 1, [replace(
                out[-1], height=out[-1].height - fig.height * scale * (1 - step),
                scale=scale * step, kind="smaller") for step in SHRINK_STEPS
                if scale * step >= floor]))
            after = 2 * s.figure_gap
            continue
        if block.kind in ("title", "heading", "subheading"):
            size = {"title": s.heading, "heading": s.heading,
                    "subheading": s.subheading}[block.kind]
            lines = balanced(block.text, width, size=size)
            first = len(out)
            for runs_ in lines:
                out.append(Box(size * s.leading, 0.0, keep=True, runs=runs_, size=size,
                               baseline=size * s.leading - size * 0.25, block=k,
                               kind="heading"))
            out[first] = _with_before(out[first], after + size * s.heading_space)
            after = size * 0.15
            continue
        indent = s.body * 1.2 if block.kind == "bullet" else 0.0
        lines = wrap(block.text, width - indent, size=s.body, names=names, lang=lang,
                     slack=s.hyphen_slack)
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
    for index, settings in smaller:
        out[index] = replace(out[index], smaller=tuple(range(len(out),
                                                             len(out) + len(settings))))
        out += settings
    return out


def flow_length(items: list[Box]) -> int:
    """The boxes in reading order: a figure's smaller settings follow them."""
    return next((k for k, box in enumerate(items) if box.kind == "smaller"), len(items))


def balanced(text: str, width: float, *, size: float) -> tuple[Line, ...]:
    """A heading's lines, unhyphenated and as even as they go: set in the narrowest width
    that still takes as few lines, so a heading never leaves one word alone below."""
    lines = wrap(text, width, size=size, base="bold", lang="", hyphenate=False)
    if len(lines) < 2:
        return lines
    low, high = width / 2, width
    for _ in range(12):            # to a few hundredths of a mm
        middle = (low + high) / 2
        if len(wrap(text, middle, size=size, base="bold", lang="",
                    hyphenate=False)) == len(lines):
            high = middle
        else:
            low = middle
    return wrap(text, high, size=size, base="bold", lang="", hyphenate=False)


def label_floor(fig: Figure) -> float:
    """The least a figure may be scaled by and keep its smallest label at 6 pt."""
    # A figure's own labels and those its groups draw (a clip's are a window's, not read).
    smallest = min((size for size, _text in text_sizes(s for s in fig.shapes
                                                       if not isinstance(s, Clip))),
                   default=0.0)
    return SMALLEST_TEXT / smallest if smallest else 0.0


def _with_before(box: Box, before: float) -> Box:
    return replace(box, before=before)


def paginate(items: list[Box], frame: Callable[[int], tuple[float, float]],
             *, per_page: int = 1, faces: Callable[[int], bool] = lambda page: False
             ) -> list[Column]:
    """The boxes set down columns: frame(n) is the top and bottom of the n-th column, and
    `per_page` columns make a page. A figure waits for a later column only on its page, or
    on the next page where that faces it (faces(page), in a booklet)."""
    columns: list[Column] = []
    start, waiting, length = 0, list[int](), flow_length(items)
    while start < length or waiting:
        top, bottom = frame(len(columns))
        n = len(columns)
        may_wait = (n + 1) % per_page != 0 or faces(n // per_page)
        column, start, waiting = _fill(items, start, waiting, top, bottom, length, may_wait)
        columns.append(column)
    return columns


def _break_allowed(items: list[Box], j: int) -> bool:
    """A column may end before text box j: the text box above it does not keep with it."""
    above = next((k for k in range(j - 1, -1, -1) if items[k].figure is None), None)
    return above is None or not items[above].keep


def _opens_block(items: list[Box], i: int) -> bool:
    """Box i is the first line of its block (or there is none): a figure set before it
    stands between two blocks, never between two lines of one paragraph."""
    if i >= len(items):
        return True
    above = next((k for k in range(i - 1, -1, -1) if items[k].figure is None), None)
    return above is None or items[above].block != items[i].block


def _reference_break(items: list[Box], start: int, i: int) -> int:
    """Where to end the column so that the end of the text just before figure i (its
    reference) goes on with the figure: before the reference's last two lines (the whole of
    it if it has four lines or fewer, and the heading over it if any), or `start` where
    the column holds nothing before them. A list may part here, as it may at a heading.
    A figure after another figure of the same text goes on alone: taking the text over
    would take the figure before it too, and leave the page it stood on empty."""
    last = next((k for k in range(i - 1, start - 1, -1) if items[k].figure is None), None)
    if last is None:
        return start
    if last < i - 1:
        return i
    lines = [k for k in range(start, last + 1)
             if items[k].figure is None and items[k].block == items[last].block]
    j = lines[-2] if len(lines) >= 4 else lines[0]
    while j > start and items[j - 1].kind == "heading":
        j -= 1
    return j


def _fill(items: list[Box], start: int, waiting: list[int], top: float, bottom: float,
          limit: int, may_wait: bool = True) -> tuple[Column, int, list[int]]:
    """One column from box `start` (figures still waiting first), stopping at `limit`:
    what it holds, the next box, and the figures that wait on for the next column.

    A figure stands after the text it follows where it fits; else it waits for the next
    column on the same page, set at its head, or where the first block there begins, so it
    never parts two lines of a paragraph. In a page's last column a figure that does not
    fit takes the end of the text it follows over with it, as a heading takes its lines:
    the figure stays on the page of the text that refers to it."""
    column: Column = []
    queue = list(waiting)
    y, below = top, 0.0          # below: the space the last figure set keeps under it

    def gap(box: Box) -> float:
        return max(box.before, below) if column else 0.0

    def set_waiting() -> None:
        nonlocal y, below
        while queue and (not column or y + gap(items[queue[0]]) + items[queue[0]].height
                         <= bottom + 1e-9):
            index = queue.pop(0)
            y += gap(items[index])
            column.append((index, y))
            y, below = y + items[index].height, items[index].after

    if _opens_block(items, start):
        set_waiting()
    head = len(column)           # figures at the head: the column holds them if nothing else
    i = start
    while i < limit:
        box = items[i]
        if box.figure is None and queue and _opens_block(items, i):
            set_waiting()
        fits = y + gap(box) + box.height <= bottom + 1e-9
        if box.figure is not None:
            # The figures waiting, this one too, must all find room in the next column.
            room = may_wait and sum(items[k].height + items[k].after
                                    for k in [*queue, i]) <= bottom - top
            if not queue and (fits or not column):
                y += gap(box)
                column.append((i, y))
                y, below = y + box.height, box.after
            elif room:
                queue.append(i)          # at the head of the next column
            elif not queue and (smaller := next(
                    (v for v in box.smaller
                     if y + gap(items[v]) + items[v].height <= bottom + 1e-9), None)):
                y += gap(items[smaller])
                column.append((smaller, y))
                y, below = y + items[smaller].height, box.after
            elif (j := _reference_break(items, start, i)) > start or head:
                # (With figures at its head, the column may hold them alone.)
                return _fill(items, start, waiting, top, bottom, j, may_wait)
            else:
                queue.append(i)
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
        return _fill(items, start, waiting, top, bottom, j, may_wait)
    if queue and i == limit and _opens_block(items, i):
        set_waiting()                     # where the column ends between two blocks
    return column, i, queue
