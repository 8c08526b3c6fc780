"""Rule sheets: a small Markdown subset, set in two columns on scene pages.

The subset is what the templates need and no more:
  # Title            (spans both columns, first page)
  ## Heading
  ### Subheading
  - bullet item
  [figure NAME]      (a drawing the game supplies, with its caption)
  blank-line separated paragraphs, with **bold** and *italic* inline.
A line ending in a backslash continues the same block (templates use it for long sentences).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator import i18n
from generator.core.geometry import Affine, Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import SMALLEST_TEXT, FontRole, Page, Paint, Shape, Text, line, place
from generator.fonts import CAP_HEIGHT, DESCENT, text_width
from generator.layout.sheet import fitted


@dataclass(frozen=True)
class Figure:
    """A drawing in its own millimetre frame, (0, 0) top left, width x height."""
    width: float
    height: float
    shapes: tuple[Shape, ...]
    caption: str = ""


@dataclass(frozen=True)
class Block:
    kind: str  # title, heading, subheading, paragraph, bullet, figure
    text: str


@dataclass(frozen=True)
class Style:
    body: float = 3.3      # ~9.4 pt
    leading: float = 1.3
    title: float = 7.5
    heading: float = 4.6
    subheading: float = 3.8
    caption: float = 2.9
    gutter: float = 8.0
    header_gap: float = 4.0
    footer: float = 2.6
    paragraph_gap: float = 1.6


STYLE = Style()
_INLINE = re.compile(r"(\*\*[^*]+\*\*|\*[^*]+\*)")


def parse(markup: str) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("paragraph", " ".join(para)))
            para.clear()

    pending = ""
    for raw in markup.splitlines():
        text = pending + raw.strip()
        if text.endswith("\\"):
            pending = text[:-1].rstrip() + " "
            continue
        pending = ""
        if not text:
            flush()
        elif text.startswith("### "):
            flush()
            blocks.append(Block("subheading", text[4:]))
        elif text.startswith("## "):
            flush()
            blocks.append(Block("heading", text[3:]))
        elif text.startswith("# "):
            flush()
            blocks.append(Block("title", text[2:]))
        elif text.startswith("- "):
            flush()
            blocks.append(Block("bullet", text[2:]))
        elif re.fullmatch(r"\[figure [\w-]+\]", text):
            flush()
            blocks.append(Block("figure", text[8:-1]))
        elif para or not blocks or blocks[-1].kind != "bullet" or not raw.startswith("  "):
            para.append(text)
        else:  # an indented line continues the bullet above it
            blocks[-1] = Block("bullet", blocks[-1].text + " " + text)
    flush()
    return blocks


Run = tuple[str, FontRole]


def runs(text: str, base: FontRole = "regular") -> list[Run]:
    out: list[Run] = []
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("**"):
            out.append((part[2:-2], "bold" if base == "regular" else "bolditalic"))
        elif part.startswith("*"):
            out.append((part[1:-1], "italic" if base == "regular" else "bolditalic"))
        else:
            out.append((part, base))
    return out


# Spaces no line may break at: inside a dimension (11 × 11, N × N) and between a number and
# its unit (20 mm, 45 °). They are set as plain spaces.
NO_BREAK = "\u00a0"
_DIMENSION = re.compile(r"(?<=\w) (?=× ?\w)|(?<=\w ×) (?=\w)")
_UNIT = re.compile(r"(?<=\d) (?=(?:mm|cm|pt|%|°)(?!\w))")


def keep_together(text: str) -> str:
    """The text with a no-break space wherever a line must not break."""
    return _UNIT.sub(NO_BREAK, _DIMENSION.sub(NO_BREAK, text))


def wrap(text: str, width: float, size: float, base: FontRole = "regular") -> list[list[Run]]:
    """Greedy line breaking at spaces, never inside a dimension or between a number and its
    unit; each line is a list of (text, font) runs."""
    words: list[tuple[str, FontRole, bool]] = []  # (word, font, preceded by a space)
    after_space = False
    for chunk, font in runs(keep_together(text), base):
        for i, piece in enumerate(chunk.split(" ")):
            after_space = after_space or i > 0
            if piece:
                words.append((piece.replace(NO_BREAK, " "), font, after_space))
                after_space = False
    # Words with no space between them (a bracket, then an italic word) break as one.
    units: list[list[tuple[str, FontRole, bool]]] = []
    for entry in words:
        if units and not entry[2]:
            units[-1].append(entry)
        else:
            units.append([entry])
    lines: list[list[Run]] = [[]]
    used = 0.0
    for unit in units:
        space = text_width(" ", size, unit[0][1]) if lines[-1] else 0.0
        w = sum(text_width(word, size, font) for word, font, _ in unit)
        if lines[-1] and used + space + w > width:
            lines.append([])
            used, space = 0.0, 0.0
        for k, (word, font, _) in enumerate(unit):
            lines[-1].append(((" " if space and k == 0 else "") + word, font))
        used += space + w
    return [_merge(runs_) for runs_ in lines if runs_]


def _merge(line_runs: list[Run]) -> list[Run]:
    merged: list[Run] = []
    for text, font in line_runs:
        if merged and merged[-1][1] == font:
            merged[-1] = (merged[-1][0] + text, font)
        else:
            merged.append((text, font))
    return merged


def set_line(line_runs: Sequence[Run], x: float, y: float, size: float, colour: str,
             anchor: str = "start") -> list[Text]:
    total = sum(text_width(t, size, f) for t, f in line_runs)
    if anchor == "middle":
        x -= total / 2
    out = []
    for t, f in line_runs:
        lead = len(t) - len(t.lstrip(" "))
        x += text_width(t[:lead], size, f)
        out.append(Text(Point(x, y), t.lstrip(" "), size, colour, f))
        x += text_width(t[lead:], size, f)
    return out


@dataclass(frozen=True)
class _Placed:
    shapes: tuple[Shape, ...]
    transform: Affine


TWO_COLUMNS_FROM = 160.0   # mm of printable width


class Flow:
    """Places blocks down columns and across pages."""

    def __init__(self, paper: Paper, colours: Palette, style: Style = STYLE,
                 columns: int | None = None, footer_text: str = "",
                 short_page: tuple[int, float] | None = None):
        self.paper, self.colours, self.style = paper, colours, style
        # Two columns from A4 up; on narrower pages (A5) one column reads better.
        self.columns = columns or (2 if paper.inner_width >= TWO_COLUMNS_FROM else 1)
        columns = self.columns
        self.footer_text = footer_text
        self.column_width = (paper.inner_width - (columns - 1) * style.gutter) / columns
        self.pages: list[list[Shape | _Placed]] = []
        self.full_bottom = paper.height - paper.margin - style.footer * 2.5
        # (page index, bottom): one page whose columns stop higher, to balance them
        self.short_page = short_page
        self._new_page()

    @property
    def bottom(self) -> float:
        if self.short_page and self.short_page[0] == len(self.pages) - 1:
            return self.short_page[1]
        return self.full_bottom

    def _new_page(self) -> None:
        self.pages.append([])
        self.column = 0
        self.top = self.paper.margin
        self.y = self.top

    def _next_column(self) -> None:
        if self.column + 1 < self.columns:
            self.column += 1
            self.y = self.top
        else:
            self._new_page()

    @property
    def x(self) -> float:
        return self.paper.margin + self.column * (self.column_width + self.style.gutter)

    def _room(self, height: float) -> None:
        # At the head of a column what does not fit is set anyway (it fits no better
        # anywhere else), except in a column shortened to balance a page: that is too short.
        while self.y + height > self.bottom and (self.y > self.top
                                                 or self.bottom < self.full_bottom):
            self._next_column()

    def add(self, block: Block, figures: dict[str, Figure]) -> None:
        s, ink = self.style, self.colours["ink"]
        if block.kind == "title":
            self._title(block.text)
        elif block.kind in ("heading", "subheading"):
            size = s.heading if block.kind == "heading" else s.subheading
            lines = wrap(block.text, self.column_width, size, "bold")
            # Keep a heading with the first lines of what follows it.
            self._room(len(lines) * size * s.leading + 3 * s.body * s.leading + size * 0.6)
            self.y += size * 0.6 if self.y > self.top else 0
            for runs_ in lines:
                self.y += size * s.leading
                self.pages[-1] += set_line(runs_, self.x, self.y - size * 0.25, size, ink)
            self.y += size * 0.15
        elif block.kind == "figure":
            self._figure(figures[block.text])
        else:
            indent = s.body * 1.2 if block.kind == "bullet" else 0.0
            lines = wrap(block.text, self.column_width - indent, s.body)
            height = s.body * s.leading
            for i, runs_ in enumerate(lines):
                # No single line stranded at the foot of a column, nor at the head of one.
                together = (i == 0 or i == len(lines) - 2) and len(lines) > 1
                need = height * (2 if together else 1)
                self._room(need)
                self.y += height
                baseline = self.y - height * 0.25
                if i == 0 and block.kind == "bullet":
                    self.pages[-1].append(Text(Point(self.x + 0.2, baseline), "•", s.body, ink))
                self.pages[-1] += set_line(runs_, self.x + indent, baseline, s.body, ink)
            self.y += s.paragraph_gap if block.kind == "paragraph" else s.paragraph_gap / 2

    def _title(self, text: str) -> None:
        s = self.style
        self.y += s.title * 1.1
        self.pages[-1] += set_line(runs(text, "bold"), self.x, self.y, s.title,
                                   self.colours["ink"])
        self.y += s.header_gap
        self.pages[-1].append(line(Point(self.paper.margin, self.y),
                                   Point(self.paper.width - self.paper.margin, self.y),
                                   Paint(stroke=self.colours["rule"], width=0.3, round_caps=False)))
        self.y += s.header_gap
        self.top = self.y

    def _figure(self, fig: Figure) -> None:
        s = self.style
        scale = min(1.0, self.column_width / fig.width)
        caption = wrap(fig.caption, self.column_width, s.caption, "italic") if fig.caption else []
        height = fig.height * scale + len(caption) * s.caption * s.leading + s.paragraph_gap * 2
        self._room(height)
        self.y += s.paragraph_gap
        left = self.x + (self.column_width - fig.width * scale) / 2
        t = Affine.scaling(scale).then(Affine.translation(left, self.y))
        # Placed when the pages are finished: copyfitting may try several settings first.
        self.pages[-1].append(_Placed(fig.shapes, t))
        self.y += fig.height * scale
        for runs_ in caption:
            self.y += s.caption * s.leading
            self.pages[-1] += set_line(runs_, self.x + self.column_width / 2, self.y, s.caption,
                                       self.colours["muted"], anchor="middle")
        self.y += s.paragraph_gap * 2

    def finish(self) -> list[Page]:
        total = len(self.pages)
        out = []
        for n, drawn in enumerate(self.pages, start=1):
            shapes = [placed for s in drawn
                      for placed in (place(s.shapes, s.transform) if isinstance(s, _Placed)
                                     else [s])]
            out.append(Page(self.paper.width, self.paper.height,
                            tuple(shapes + self._footer(n, total))))
        return out

    def _footer(self, n: int, total: int) -> list[Shape]:
        """The footer line with the page number; set smaller if it would not fit the width,
        and on two lines if it would not fit at 6 pt (a longer language, a narrow page)."""
        def numbered(text: str) -> str:
            return (i18n._("%(footer)s · page %(n)s of %(total)s", footer=text, n=n,
                           total=total) if total > 1 else text)
        width, size = self.paper.inner_width, self.style.footer
        lines = [numbered(self.footer_text)]
        if fitted(lines[0], size, width) < SMALLEST_TEXT:
            first: list[str] = []
            words = self.footer_text.split()
            while words and text_width(" ".join([*first, words[0]]), SMALLEST_TEXT) <= width:
                first.append(words.pop(0))
            lines = [" ".join(first), numbered(" ".join(words))]
        size = min(fitted(text, size, width) for text in lines)
        baseline = self.paper.height - self.paper.margin - DESCENT * size
        return [Text(Point(self.paper.width / 2, baseline - (len(lines) - 1 - i) * size * 1.2),
                     text, size, self.colours["muted"], anchor="middle")
                for i, text in enumerate(lines)]


def _flow(blocks: list[Block], figures: dict[str, Figure], paper: Paper, colours: Palette,
          footer_text: str, short_page: tuple[int, float] | None = None,
          style: Style = STYLE) -> Flow:
    flow = Flow(paper, colours, style, footer_text=footer_text, short_page=short_page)
    for block in blocks:
        flow.add(block, figures)
    return flow


BALANCE_STEPS = 24    # halvings of the last page's height: well under a tenth of a mm
# Closer paragraphs, for a sheet that would otherwise run a few lines on to another page:
# the text keeps its size and leading, only the space between paragraphs gives.
CLOSER = replace(STYLE, paragraph_gap=STYLE.paragraph_gap / 2, header_gap=STYLE.header_gap / 2)


def typeset(markup: str, figures: dict[str, Figure], paper: Paper, colours: Palette,
            footer_text: str = "") -> list[Page]:
    """The markup set at one size for every game (a sheet that needs more room runs on to
    another page), the last page's columns balanced: their bottoms are raised together as
    far as the text still fits the same number of pages."""
    blocks = parse(markup)
    style = STYLE
    flow = _flow(blocks, figures, paper, colours, footer_text)
    if len(flow.pages) > 1:
        closer = _flow(blocks, figures, paper, colours, footer_text, style=CLOSER)
        if len(closer.pages) < len(flow.pages):
            style, flow = CLOSER, closer
    if flow.columns == 1:
        return flow.finish()
    last = len(flow.pages) - 1
    low, high = flow.top, flow.full_bottom    # the last page's columns start at its top
    for _ in range(BALANCE_STEPS):
        middle = (low + high) / 2
        if len(_flow(blocks, figures, paper, colours, footer_text,
                     (last, middle), style).pages) == last + 1:
            high = middle
        else:
            low = middle
    return _flow(blocks, figures, paper, colours, footer_text, (last, high), style).finish()


def balanced_rows(count: int, most: int) -> int:
    """Items a row for `count` items in rows of at most `most`, as even as they go: 6 in
    rows of 5 go 3 and 3, never 5 and one alone."""
    rows = -(-count // most)
    return -(-count // rows)


def centred_label(x: float, y: float, text: str, size: float, colour: str,
                  font: FontRole = "regular", angle: float = 0.0) -> Text:
    """Text whose digits and capitals are centred on (x, y), at any angle."""
    drop = Affine.rotation(angle).apply(Point(0.0, CAP_HEIGHT * size / 2))
    return Text(Point(x + drop.x, y + drop.y), text, size, colour, font, "middle", angle)

