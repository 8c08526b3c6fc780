"""Rule sheets: a small Markdown subset (markdown.py) set in columns on scene pages.

The lines are broken and hyphenated by linebreak.py, the boxes kept together and set down
the columns by flow.py; here the sheet is fitted to its pages and its last page balanced:

  - A sheet takes the fewest pages its text and figures need. When its last page would be
    less than a third full, the setter tightens within limits that keep it readable, one
    step at a time (closer paragraphs and headings, figures down to 85% and never a label
    under 6 pt, lines down to 1.2 apart and a 5 mm gutter; never a smaller body size),
    and takes the extra page only when even the tightest setting needs it.
  - A sheet that needs its last page all the same fills it: set a step looser at a time
    (wider spacing, then lines further apart and a larger body, up to 10.2 pt) until that
    page is at least a third full, never so loose that it takes a page more.
  - The last page's columns are balanced: their bottoms are raised together as far as the
    text still fits the same number of pages.
"""

from __future__ import annotations

import re
from dataclasses import replace

from generator.core.geometry import Affine, Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import (
    ARTIFACT,
    SMALLEST_TEXT,
    FontRole,
    Page,
    Paint,
    Role,
    Shape,
    Text,
    line,
)
from generator.fonts import CAP_HEIGHT, DESCENT, text_width
from generator.i18n import Words
from generator.layout.flow import (
    STYLE,
    TWO_COLUMNS_FROM,
    Box,
    Column,
    Figure,
    Style,
    boxes,
    paginate,
)
from generator.layout.hyphenation import names_in
from generator.layout.linebreak import HYPHEN, NO_BREAK, keep_together, set_line, wrap
from generator.layout.markdown import Block, list_item, parse, runs
from generator.layout.sheet import TITLE_LEADING, fitted, title_lines

__all__ = ["CLOSER", "FITTING", "NO_BREAK", "STYLE", "TWO_COLUMNS_FROM", "Block", "Figure",
           "Sheet", "Style", "balanced_rows", "centred_label", "keep_together", "parse",
           "runs", "typeset", "wrap"]

# The steps a sheet is tightened by, each a little closer than the one before: closer
# paragraphs and headings, figures down to 85% of the column (never a label under 6 pt),
# then captions and headings a little smaller (captions 7 pt) and, last, lines 1.25 apart
# rather than 1.3. The body's size never changes.
CLOSER = replace(STYLE, paragraph_gap=STYLE.paragraph_gap / 2)
TIGHTEST_SPACING = replace(CLOSER, figure_gap=STYLE.figure_gap / 3, heading_space=0.3,
                           figure_scale=0.85, paragraph_gap=STYLE.paragraph_gap / 3)
SMALLER_HEADINGS = replace(TIGHTEST_SPACING, caption=2.5, heading=4.2, subheading=3.6)
FITTING = (
    STYLE,
    CLOSER,
    replace(CLOSER, figure_gap=STYLE.figure_gap / 2, heading_space=0.4, figure_scale=0.92),
    TIGHTEST_SPACING,
    SMALLER_HEADINGS,
    replace(SMALLER_HEADINGS, leading=1.25),
    # 1.2, a book's usual leading, and a 5 mm gutter: what brings Blinq's English rules
    # on to one Letter page, so its kit is no longer than A4's.
    replace(SMALLER_HEADINGS, leading=1.2, gutter=5.0, paragraph_gap=STYLE.paragraph_gap / 4,
            figure_gap=STYLE.figure_gap / 4),
)
# The steps a sheet that needs its last page anyway is loosened by, to fill it rather than
# leave a few lines on it: wider spacing, then lines further apart, then a larger body (to
# 3.6 mm, 10.2 pt) and captions. The title and its gap stay as on every sheet.
WIDER = replace(STYLE, paragraph_gap=2.4, figure_gap=2.4, heading_space=0.8)
FILLING = (
    WIDER,
    replace(WIDER, leading=1.4),
    replace(WIDER, leading=1.35, body=3.5, caption=3.0),
    replace(WIDER, leading=1.4, body=3.6, caption=3.0, paragraph_gap=2.6, figure_gap=2.6),
)
THIRD = 1 / 3             # a last page less full than this is worth tightening to save
# At most this share of a sheet's lines may end in a hyphen, as a careful typesetter keeps
# it; where the dictionary's breaks would make more (German's long words in narrow columns),
# the sheet hyphenates only lines that would end further short, a step at a time.
MOST_HYPHENATED = 0.12
LOOSER_SLACKS = (0.15, 0.2, 0.3, 0.45, 0.7)
BALANCE_STEPS = 18        # halvings of the last page's height: about a thousandth of a mm
class Sheet:
    """A sheet's blocks as boxes on a paper, in one style: set (paginated) as often as
    fitting and balancing need, drawn once. The blocks and figures are numbered already
    (`numbered`), once for every style a sheet is tried in. Where it is set as pages of a
    booklet, `first_on_right` says whether its first page is a right-hand page (None: a
    sheet of its own, whose pages face none); a figure may then stand on the page facing the
    text it follows."""

    def __init__(self, blocks: list[Block], figures: dict[str, Figure], *, paper: Paper,
                 colours: Palette, style: Style = STYLE, footer_text: str = "",
                 columns: int | None = None, first_on_right: bool | None = None,
                 words: Words):
        self.paper, self.colours, self.style = paper, colours, style
        self.words = words
        self.first_on_right = first_on_right
        self.footer_text = footer_text
        # Two columns from A4 up; on narrower pages (A5) one column reads better, and so
        # does a page with a figure a column of two would shrink below 6 pt (a record's
        # large board, whose stone numbers are drawn at 6 pt).
        half = (paper.inner_width - style.gutter) / 2
        self.columns = columns or (
            2 if paper.inner_width >= TWO_COLUMNS_FROM and all(
                f.width * f.label_floor <= half for f in figures.values()) else 1)
        self.column_width = (paper.inner_width - (self.columns - 1) * style.gutter) \
            / self.columns
        self.title = blocks[0].text if blocks and blocks[0].kind == "title" else None
        body = blocks[1:] if self.title is not None else blocks
        self.roles = roles(body)
        names = names_in(self.title or "", footer_text)
        self.items: list[Box] = boxes(body, figures, width=self.column_width, style=style,
                                      names=names, lang=words.code)
        for slack in LOOSER_SLACKS:
            if hyphenated_share(self.items) <= MOST_HYPHENATED:
                break
            self.items = boxes(body, figures, width=self.column_width,
                               style=replace(style, hyphen_slack=slack), names=names,
                               lang=words.code)
        # A title too long for one line at 6 pt (a record's two long names) takes more.
        self.title_lines, self.title_size = title_lines(self.title or "", style.title,
                                                        width=paper.inner_width)
        self.first_top = paper.margin + (style.title * 1.1 + style.title_rule_gap
                                         + style.header_gap + self._more_title_lines()
                                         if self.title is not None else 0.0)
        self.full_bottom = paper.height - paper.margin - style.footer * 2.5

    def top(self, page: int) -> float:
        return self.first_top if page == 0 else self.paper.margin

    def set(self, short: tuple[int, float] | None = None) -> list[Column]:
        """The boxes down the columns; `short` is (page, bottom): one page whose columns
        stop higher, to balance them."""
        def frame(n: int) -> tuple[float, float]:
            page = n // self.columns
            bottom = short[1] if short and short[0] == page else self.full_bottom
            return self.top(page), bottom
        return paginate(self.items, frame, per_page=self.columns, faces=self.faces)

    def faces(self, page: int) -> bool:
        """Whether the page after this one (from 0) faces it, in a booklet."""
        return self.first_on_right is not None and page % 2 == int(self.first_on_right)

    def page_count(self, columns: list[Column]) -> int:
        return -(-len(columns) // self.columns)

    def reach(self, column: Column) -> float:
        """How far down a column's last box reaches."""
        return max((y + self.items[i].height for i, y in column), default=0.0)

    def last_fill(self, columns: list[Column]) -> float:
        """The share of the last page's columns the text and figures fill."""
        page = self.page_count(columns) - 1
        top = self.top(page)
        used = sum(self.reach(c) - top for c in columns[page * self.columns:])
        return used / (self.columns * (self.full_bottom - top))

    def draw(self, columns: list[Column]) -> list[Page]:
        count = self.page_count(columns)
        drawn: list[list[Shape]] = [[] for _ in range(count)]
        if self.title is not None:
            drawn[0] += self._title(self.title)
        for n, column in enumerate(columns):
            x = self.paper.margin + (n % self.columns) * (self.column_width + self.style.gutter)
            for i, y in column:
                drawn[n // self.columns] += self._box(self.items[i], x, y)
        return [Page(self.paper.width, self.paper.height,
                     tuple(shapes + self._footer(k, count)))
                for k, shapes in enumerate(drawn, start=1)]

    def _more_title_lines(self) -> float:
        return (len(self.title_lines) - 1) * self.title_size * TITLE_LEADING

    def _title(self, text: str) -> list[Shape]:
        s, m = self.style, self.paper.margin
        y = m + s.title * 1.1
        # Set smaller where it would run past the margin (a long edition's name on a
        # booklet's page), on the same baseline; on more lines where that is under 6 pt.
        heading = Role("H1", text=text)
        shapes: list[Shape] = [shape for n, words in enumerate(self.title_lines)
                               for shape in set_line(runs(words, "bold"), m,
                                                     y=y + n * self.title_size * TITLE_LEADING,
                                                     size=self.title_size,
                                                     colour=self.colours["ink"], role=heading)]
        y += s.title_rule_gap + self._more_title_lines()
        rule = line(Point(m, y), Point(self.paper.width - m, y),
                    paint=Paint(stroke=self.colours["rule"], width=0.3, round_caps=False))
        shapes.append(replace(rule, role=Role(ARTIFACT)))
        return shapes

    def _box(self, box: Box, x: float, y: float) -> list[Shape]:
        s, ink = self.style, self.colours["ink"]
        role = self.roles[box.block]
        if box.figure is None:
            baseline = y + box.baseline
            shapes: list[Shape] = []
            if box.bullet:
                shapes.append(Text(Point(x + 0.2, baseline), "•", box.size, ink,
                                   role=replace(role, kind="Lbl")))
            return shapes + set_line(box.runs, x + box.indent, y=baseline, size=box.size,
                                     colour=ink, role=role)
        fig = box.figure
        left = x + (self.column_width - fig.width * box.scale) / 2
        transform = Affine.scaling(box.scale).then(Affine.translation(left, y))
        shapes = list(fig.set_at(transform, replace(role, text=fig.description or fig.caption)))
        y += fig.height * box.scale
        for runs_ in box.caption:
            y += s.caption * s.leading
            shapes += set_line(runs_, x + self.column_width / 2, y=y, size=s.caption,
                               colour=self.colours["muted"], anchor="middle",
                               role=replace(role, kind="Caption", text=fig.caption))
        return shapes

    def _footer(self, n: int, total: int) -> list[Shape]:
        """The footer line with the page number; set smaller if it would not fit the width,
        and on two lines if it would not fit at 6 pt (a longer language, a narrow page)."""
        def numbered(text: str) -> str:
            return (self.words._("%(footer)s · page %(n)s of %(total)s", footer=text, n=n,
                                 total=total) if total > 1 else text)
        width, size = self.paper.inner_width, self.style.footer
        lines = [numbered(self.footer_text)]
        if fitted(lines[0], size, width=width) < SMALLEST_TEXT:
            first: list[str] = []
            words = self.footer_text.split()
            while words and text_width(" ".join([*first, words[0]]), SMALLEST_TEXT) <= width:
                first.append(words.pop(0))
            lines = [" ".join(first), numbered(" ".join(words))]
        size = min(fitted(text, size, width=width) for text in lines)
        baseline = self.paper.height - self.paper.margin - DESCENT * size
        # A running footer: page furniture, not read; the web edition shows its credit.
        furniture = Role(ARTIFACT, text=self.footer_text, group="Pagination")
        return [Text(Point(self.paper.width / 2, baseline - (len(lines) - 1 - i) * size * 1.2),
                     text, size, self.colours["muted"], anchor="middle", role=furniture)
                for i, text in enumerate(lines)]


# How the text names a figure by its number: "{figure NAME}", NAME as in "[figure NAME]".
REFERENCE = re.compile(r"\{figure ([\w-]+)\}")


def numbered(blocks: list[Block], figures: dict[str, Figure],
             *, words: Words) -> tuple[list[Block], dict[str, Figure]]:
    """Figures numbered in the order the sheet sets them, the number opening each caption
    ("Figure 3."), and each reference in the text replaced by its figure's number: where a
    figure may stand on the facing page, the text names it rather than say "below"."""
    numbers = {name: n for n, name in enumerate(
        dict.fromkeys(b.text for b in blocks if b.kind == "figure"), start=1)}

    def refer(found: re.Match[str]) -> str:
        if found.group(1) not in numbers:
            raise ValueError(f"the text refers to figure {found.group(1)}, which the sheet "
                             f"does not set")
        return str(numbers[found.group(1)])
    captioned = {name: figures[name].captioned(" ".join(filter(None, (
        words._("Figure %(n)s.", n=n), figures[name].caption)))) for name, n in numbers.items()}
    return ([b if b.kind == "figure" else replace(b, text=REFERENCE.sub(refer, b.text))
             for b in blocks], {**figures, **captioned})


def hyphenated_share(items: list[Box]) -> float:
    """The share of a sheet's lines of text (body and captions) that end in a hyphen."""
    lines = [box.runs for box in items if box.runs and box.kind == "line"]
    lines += [caption for box in items if box.kind == "figure" for caption in box.caption]
    ends = sum(1 for runs_ in lines if runs_[-1][0].endswith(HYPHEN) and
               runs_[-1][0][-2:-1].isalpha())
    return ends / len(lines) if lines else 0.0


def roles(blocks: list[Block]) -> list[Role]:
    """What each block of a sheet's body is: headings one level under the sheet's title,
    paragraphs, the items of a list (bullets, or paragraphs that open with their number)
    held together, figures."""
    kinds = {"title": "H2", "heading": "H2", "subheading": "H3", "figure": "Figure"}
    out, first = [], 0
    for k, block in enumerate(blocks):
        if not list_item(block):
            out.append(Role(kinds.get(block.kind, "P"), k, block.text))
            continue
        if k == 0 or not list_item(blocks[k - 1]):
            first = k
        out.append(Role("LI", k, block.text, group=f"list {first}"))
    return out


def fit(blocks: list[Block], figures: dict[str, Figure], *, paper: Paper, colours: Palette,
        footer_text: str = "", first_on_right: bool | None = None, words: Words
        ) -> tuple[Sheet, list[Column]]:
    """The loosest setting that takes the fewest pages worth taking: tightened a step at a
    time while the last page would be less than a third full and a step saves it. A sheet
    that would run to a second page is always tried tighter: one sheet of paper is worth
    more than the looser spacing. A last page still under a third full is filled instead,
    loosened a step at a time until it is a third full, on as many pages."""
    blocks, figures = numbered(blocks, figures, words=words)
    sheet = Sheet(blocks, figures,
                  paper=paper, colours=colours, style=FITTING[0], footer_text=footer_text,
                  first_on_right=first_on_right, words=words)
    columns = sheet.set()
    for style in FITTING[1:]:
        pages = sheet.page_count(columns)
        if pages == 1 or (pages > 2 and sheet.last_fill(columns) >= THIRD):
            break
        tighter = Sheet(blocks, figures,
                        paper=paper, colours=colours, style=style, footer_text=footer_text,
                        first_on_right=first_on_right, words=words)
        tighter_columns = tighter.set()
        if tighter.page_count(tighter_columns) < sheet.page_count(columns):
            sheet, columns = tighter, tighter_columns
    return filled(sheet, columns, blocks=blocks, figures=figures, footer_text=footer_text)


def filled(sheet: Sheet, columns: list[Column], *, blocks: list[Block],
           figures: dict[str, Figure], footer_text: str) -> tuple[Sheet, list[Column]]:
    """A sheet of more than one page whose last would be under a third full, set in the
    first FILLING step that fills a third of it on as many pages (as it was, if none
    does)."""
    pages = sheet.page_count(columns)
    if pages == 1 or sheet.last_fill(columns) >= THIRD or sheet.style != FITTING[0]:
        return sheet, columns
    for style in FILLING:
        looser = Sheet(blocks, figures, paper=sheet.paper, colours=sheet.colours, style=style,
                       footer_text=footer_text,
                       first_on_right=sheet.first_on_right, words=sheet.words)
        looser_columns = looser.set()
        if (looser.page_count(looser_columns) == pages
                and looser.last_fill(looser_columns) >= THIRD):
            return looser, looser_columns
    return sheet, columns


def balance(sheet: Sheet, columns: list[Column]) -> list[Column]:
    """The last page's columns ended together: its bottom raised as far as the boxes still
    fit the same number of pages."""
    if sheet.columns == 1:
        return columns
    last = sheet.page_count(columns) - 1
    low, high = sheet.top(last), sheet.full_bottom
    best = columns
    for _ in range(BALANCE_STEPS):
        middle = (low + high) / 2
        trial = sheet.set((last, middle))
        if sheet.page_count(trial) == last + 1:
            high, best = middle, trial
        else:
            low = middle
    return best


def typeset(markup: str, figures: dict[str, Figure], *, paper: Paper, colours: Palette,
            footer_text: str = "", first_on_right: bool | None = None,
            words: Words) -> list[Page]:
    """The markup set as a rule sheet: fitted to the fewest pages worth taking, its last
    page balanced; as pages of a booklet, the first on the side `first_on_right` says
    (None: a sheet of its own)."""
    sheet, columns = fit(parse(markup), figures, paper=paper, colours=colours,
                         footer_text=footer_text,
                         first_on_right=first_on_right, words=words)
    return sheet.draw(balance(sheet, columns))


def balanced_rows(count: int, most: int) -> int:
    """Items a row for `count` items in rows of at most `most`, as even as they go: 6 in
    rows of 5 go 3 and 3, never 5 and one alone."""
    rows = -(-count // most)
    return -(-count // rows)


def centred_label(x: float, y: float, *, text: str, size: float, colour: str,
                  font: FontRole = "regular", angle: float = 0.0) -> Text:
    """Text whose digits and capitals are centred on (x, y), at any angle."""
    drop = Affine.rotation(angle).apply(Point(0.0, CAP_HEIGHT * size / 2))
    return Text(Point(x + drop.x, y + drop.y), text, size, colour, font, "middle", angle)
