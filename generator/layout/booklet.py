"""Saddle-stitched booklets: half-size pages imposed two to a side, in signature order.

Print the sheets double-sided, flipping on the short edge, fold the stack in half and staple
on the fold: the pages then read in order. A booklet of n pages (padded with blanks to a
multiple of four) takes n / 4 sheets; sheet i carries, outside, pages n - 2i and 2i + 1, and
inside, pages 2i + 2 and n - 2i - 1 (counting from 1).

Page 1 is the front cover and page n the back cover; every page between with something on
it carries its number (its folio) in the outer corner, and blank pages none. Blank pages
that make up the count stand before the back cover, unless, in a booklet of one game, one
of them can open its rules as a spread; no part is pushed on to a spread by a blank page
that would cost the booklet a sheet, and a booklet of several games has no blank between
them. A booklet of one game fills the pages its last sheet leaves over with the game's
score pad and board (see `room` and generator/app/documents.py), so it has at most one
blank page besides the back cover; the "How to print" page says what its blanks are for.
Margins are OUTER mm, INNER mm at the fold.

The imposition itself is generator/layout/imposition.py. For a print shop the booklet is not
imposed: its pages go out one by one in reading order, each A5 (or 5.5 × 8.5 in) plus bleed,
cover first and blanks before the back cover, for the shop to impose, print, fold and staple
(PrintPlayGames, Lulu). Text keeps SHOP_OUTER mm (0.5 in) inside the trim. The inside of the
cover, which at home tells how to print, opens the rules in a booklet of one game and is
left blank in a booklet of several.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.core.destinations import HOME, Destination
from generator.core.geometry import Affine, Point
from generator.core.palette import Palette
from generator.core.paper import NAMED, Paper, for_press
from generator.core.scene import (
    ARTIFACT,
    SMALLEST_TEXT,
    Document,
    FontRole,
    Page,
    Paint,
    Role,
    Shape,
    Text,
    line,
    transformed,
)
from generator.i18n import N_, Words
from generator.layout import sheet
from generator.layout.imposition import impose, padded
from generator.layout.textlayout import STYLE

# Booklet page and the sheet it is printed on, for each paper the booklet can be made on.
FORMATS = {
    "a4": (replace(NAMED["a5"], turnable=False), NAMED["a4"].turned()),
    "letter": (Paper("Half letter", 139.7, 215.9, turnable=False, inches=True),
               NAMED["letter"].turned()),
}
INSTRUCTIONS = (
    N_("How to print this booklet"),
    N_("Print every page double-sided, flipping on the short edge, at 100% (no scaling)."),
    N_("Keep the sheets in the order they come out, fold the stack in half across its width, "
       "and staple twice on the fold."),
    N_("The pages then read in order."),
)
# What the blank pages are for, said only of a booklet that has them.
BLANKS_AT_BACK = N_("Blank pages before the back cover make up the last sheet.")
BLANK_OPENING = N_("Page %(n)s is blank so that the rules open on facing pages.")
OUTER, INNER = 12.0, 15.0   # page margins, mm: at the top, bottom and outer edge; at the fold
COVER_PARTS = 8             # parts the cover lists; the contents list more (records)
SHOP_OUTER = 12.7           # at a print shop: text 0.5 in inside the trim (Lulu)
FOLIO_ROOM = 6.0            # below the content, for the page number
FOLIO_SIZE = 3.0


def page_paper(paper_key: str, target: Destination = HOME,
               *, bleed: float | None = None) -> Paper:
    """The booklet's page: A5 or half letter, for home printing or a print shop (with its
    bleed, and SHOP_OUTER as the margin)."""
    return for_press(FORMATS[paper_key][0], target, bleed=bleed, safe=SHOP_OUTER)


def outer(paper: Paper) -> float:
    """The margin at the top, bottom and outer edge of a booklet page."""
    return paper.margin if paper.press.shop else OUTER


def content_paper(page_paper: Paper) -> Paper:
    """The paper a booklet page's content is made on: the page less the extra margin at the
    fold and the folio's line, with the outer margin all round. A recto (odd page) has it
    moved away from the fold on its left, a verso keeps it on the left, away from the fold
    on its right."""
    if page_paper.press.shop:
        return replace(page_paper, width=page_paper.width - (INNER - outer(page_paper)),
                       height=page_paper.height - FOLIO_ROOM, turnable=False)
    return Paper(page_paper.name, page_paper.width - (INNER - OUTER),
                 page_paper.height - FOLIO_ROOM, margin=OUTER, turnable=False)


@dataclass(frozen=True)
class Part:
    """A section of the booklet: a heading for the contents and its pages (made on the
    content paper)."""
    title: str
    byline: str
    pages: list[Page]
    edition: str = ""     # which version of the game, where it has several
    # The pages set to open on a right-hand page and on a left-hand one, where a figure may
    # stand on the page facing its text; `pages` keep each figure on its text's page, and
    # serve where a side's setting would take more pages.
    sides: tuple[list[Page], list[Page]] | None = None

    def opening(self, page: int) -> list[Page]:
        """The pages as set for a part that opens on booklet page `page` (from 1)."""
        if self.sides is None or len(self.sides[page % 2 == 0]) > len(self.pages):
            return self.pages
        return self.sides[page % 2 == 0]


def _heading(part: Part) -> str:
    return f"{part.title}, {part.edition}" if part.edition else part.title


def cover(paper: Paper, title: str, *, inside: str, parts: list[Part],
          colours: Palette) -> Page:
    """The front cover: the title, what is inside, and the games with their designers (one
    game is the title already: its designer and edition follow it), long names set smaller."""
    x = paper.margin + 4
    width = paper.width - paper.margin - 4 - x
    y = paper.height * 0.3
    # A long title (a tournament's name) on two lines rather than set small.
    lines, size = sheet.title_lines(title, 9.0, width=width)
    shapes: list[Shape] = [Text(Point(x, y + n * size * sheet.TITLE_LEADING), words, size,
                                colours["ink"], "bold", role=Role("H1", text=title))
                           for n, words in enumerate(lines)]
    y += 8 + (len(lines) - 1) * size * sheet.TITLE_LEADING
    shapes.append(replace(line(Point(x, y), Point(x + width, y),
                               paint=Paint(stroke=colours["rule"], width=0.4, round_caps=False)),
                          role=Role(ARTIFACT)))
    y += 8
    shapes.append(Text(Point(x, y), inside, 3.6, colours["muted"]))
    y += 11
    if len(parts) == 1:
        part = parts[0]
        for text in filter(None, (part.byline, part.edition[:1].upper() + part.edition[1:])):
            shapes.append(Text(Point(x, y), text, 3.6, colours["ink"]))
            y += 6
    elif len(parts) <= COVER_PARTS:
        heading = one_size([_heading(part) for part in parts], 5.0, width=width, font="bold")
        byline = one_size([part.byline for part in parts], 3.2, width=width)
        for part in parts:
            shapes.append(Text(Point(x, y), *sheet.shortened(_heading(part), heading, width=width,
                                                             font="bold"), colours["ink"], "bold"))
            shapes.append(Text(Point(x, y + 5), *sheet.shortened(part.byline, byline, width=width),
                               colours["muted"]))
            y += 13
    return Page(paper.width, paper.height, tuple(shapes))


def one_size(lines: list[str], size: float, *, width: float, font: FontRole = "regular") -> float:
    """One size for a list's entries (the cover's games, the contents): the largest at which
    the longest fits, but never under 6 pt, where the longest end in an ellipsis."""
    return max(SMALLEST_TEXT,
               min((sheet.fitted(line_, size, width=width, font=font) for line_ in lines),
                                  default=size))


def back_cover(paper: Paper, colours: Palette, *, words: Words) -> Page:
    return Page(paper.width, paper.height, (
        Text(Point(paper.width / 2, paper.height - paper.margin - 4),
             words._("Made to print and play with pnp."), 2.8, colours["muted"], anchor="middle"),))


def blank_notes(middle: list[Page | None], front: int, *, words: Words) -> list[str]:
    """What the "How to print" page says of the booklet's blank pages, given its inside
    pages (`middle`, None for a blank, the first `front` of them the front matter): the one
    that opens the rules as a spread, and those that make up the last sheet."""
    notes = [words._(BLANK_OPENING, n=n) for n, page in enumerate(middle, start=2)
             if n > front + 1 and page is None]
    if padded(len(middle) + 2) > len(middle) + 2:
        notes.append(words._(BLANKS_AT_BACK))
    return notes


def instructions(paper: Paper, colours: Palette, *, notes: list[str], words: Words) -> Page:
    """How to print the booklet, with `notes` on its blank pages (blank_notes)."""
    x, width = paper.margin, paper.inner_width
    y = paper.margin + 8
    heading, *lines = [*(words._(text) for text in INSTRUCTIONS), *notes]
    shapes: list[Shape] = [Text(Point(x, y), heading, 4.6, colours["ink"], "bold",
                                role=Role("H2", text=heading))]
    y += 9
    for k, text in enumerate(lines, start=1):
        for row in sheet.wrap_words(text, STYLE.body, width=width):
            shapes.append(Text(Point(x, y), row, STYLE.body, colours["ink"],
                               role=Role("P", k, text)))
            y += STYLE.body * STYLE.leading
        y += 2
    return Page(paper.width, paper.height, tuple(shapes))


CONTENTS_TOP, CONTENTS_ENTRY, CONTENTS_PAGE = 18.0, 11.0, 16.0  # mm: heading, entry, "page N"
# What a booklet of records could not print: each file's name and why (app/record_folder.py).
LeftOut = Sequence[tuple[str, str]]
LEFT_OUT = N_("Left out of this booklet")


def contents_rows(paper: Paper) -> int:
    """How many entries one contents page holds."""
    return max(1, int((paper.height - 2 * paper.margin - CONTENTS_TOP) // CONTENTS_ENTRY))


def _entries(parts: list[Part], starts: list[int],
             left_out: LeftOut, *, words: Words) -> list[tuple[str, int | None, str]]:
    """The contents' entries in order: each part with its page and byline; then, where the
    booklet left records out, a heading (no page) and each file with why."""
    entries: list[tuple[str, int | None, str]] = [
        (_heading(part), page, part.byline) for part, page in zip(parts, starts, strict=True)]
    if left_out:
        entries.append((words._(LEFT_OUT), None, ""))
        entries += [(name, None, why) for name, why in left_out]
    return entries


def contents_count(paper: Paper, parts: list[Part], *, left_out: LeftOut = (), words: Words) -> int:
    """The contents' pages: one for a few games, more for a tournament's records."""
    return -(-len(_entries(parts, [0] * len(parts), left_out, words=words)) // contents_rows(paper))


def contents(paper: Paper, parts: list[Part], *, starts: list[int],
             colours: Palette, left_out: LeftOut = (), words: Words) -> list[Page]:
    """The contents, on as many pages as its entries take; its heading on the first; after
    the parts, the records left out, each with why."""
    rows = contents_rows(paper)
    x, right = paper.margin, paper.width - paper.margin
    entries = _entries(parts, starts, left_out, words=words)
    heading = one_size([title for title, _page, _by in entries], STYLE.body * 1.1,
                       width=right - x - CONTENTS_PAGE, font="bold")
    byline = one_size([by for _title, _page, by in entries], STYLE.caption, width=right - x)
    out = []
    for first in range(0, len(entries), rows):
        y = paper.margin + 8
        shapes: list[Shape] = []
        if not first:
            shapes.append(Text(Point(x, y), words._("Contents"), 4.6, colours["ink"], "bold",
                               role=Role("H2", text=words._("Contents"))))
        y += CONTENTS_TOP - 8
        for k in range(first, min(len(entries), first + rows)):
            title, page, by = entries[k]
            # One entry, read as it is printed: the part, its page, its byline.
            on_page = words._("page %(n)s", n=page) if page is not None else ""
            entry = Role("P", k + 1, " ".join(filter(None, (title, on_page, by))))
            # Long names (a tournament's records) give way to an ellipsis, not to 6 pt
            # and under: the entry's page and bookmark carry them whole.
            shapes.append(Text(Point(x, y), *sheet.shortened(
                title, heading, width=right - x - CONTENTS_PAGE, font="bold"),
                colours["ink"], "bold", role=entry))
            if on_page:
                shapes.append(Text(Point(right, y), on_page, STYLE.body, colours["ink"],
                                   anchor="end", role=entry))
            if by:
                shapes.append(Text(Point(x, y + 4.5), *sheet.shortened(
                    by, byline, width=right - x), colours["muted"], role=entry))
            y += CONTENTS_ENTRY
        out.append(Page(paper.width, paper.height, tuple(shapes)))
    return out


def _sheet_number(*, words: Words) -> re.Pattern[str]:
    """A rule sheet's footer with its page number, in `words`: the footer
    text is the group `footer`."""
    parts = re.split(r"(%\(\w+\)s)", words._("%(footer)s · page %(n)s of %(total)s"))
    return re.compile("".join(
        "(?P<footer>.*)" if part == "%(footer)s" else r"\d+" if part.startswith("%(")
        else re.escape(part) for part in parts))


def _unnumbered(page: Page, *, words: Words) -> Page:
    """A rule sheet's page without its own "page 2 of 4": in a booklet the folio says it."""
    numbered = _sheet_number(words=words)

    def unnumbered(text: Text) -> Text:
        # Only the footer changes: every other text is kept as it is, not copied.
        found = numbered.fullmatch(text.text)
        return replace(text, text=found.group("footer")) if found else text
    return replace(page, shapes=tuple(unnumbered(s) if isinstance(s, Text) else s
                                      for s in page.shapes))


def arrange(front: list[Page | None],
            parts: list[Part], *, words: Words) -> tuple[list[Page | None], list[int]]:
    """The inside pages in order after the front cover (None for a blank), and the page
    each part starts on, counting the cover as page 1. A part follows straight on from the
    one before, on a right-hand page as readily as a left, in the setting made for that
    side: a blank page is put in to open a part of two pages or more as a spread, or where
    the part set for the other side is a page shorter, only where the booklet has blank
    pages to spare anyway (those that make its count a multiple of four), so it never takes
    a sheet more."""
    def lay(spare: int) -> tuple[list[Page | None], list[int]]:
        inside: list[Page | None] = list(front)
        starts = []
        for part in parts:
            here = len(inside) + 2
            # A blank to open the part as a spread, or where the part set for the other
            # side takes a page fewer (the blank then costs nothing).
            other, this = len(part.opening(here + 1)), len(part.opening(here))
            if spare and ((len(part.pages) > 1 and here % 2 and other <= this)
                          or other < this):
                inside.append(None)
                spare -= 1
            starts.append(len(inside) + 2)
            inside += [_unnumbered(p, words=words) for p in part.opening(len(inside) + 2)]
        return inside, starts

    straight = lay(0)
    pages = len(straight[0]) + 2                                        # with the covers
    if padded(pages) == pages:
        return straight
    # The blanks change which side later parts open on, and so their settings: kept only
    # where the booklet still takes no more sheets, and only in a booklet of one game (a
    # booklet of several has its blanks before the back cover, as its "How to print" says).
    if len(parts) != 1:
        return straight
    spread = lay(padded(pages) - pages)
    return spread if padded(len(spread[0]) + 2) == padded(pages) else straight


def folio(page_paper: Paper, number: int, *, colours: Palette) -> Text:
    """The page number in the outer bottom corner: right on a recto, left on a verso."""
    margin = outer(page_paper)
    y = page_paper.height - margin - FOLIO_SIZE * 0.25
    furniture = Role(ARTIFACT, group="Pagination")
    if number % 2:
        return Text(Point(page_paper.width - margin, y), str(number), FOLIO_SIZE,
                    colours["muted"], anchor="end", role=furniture)
    return Text(Point(margin, y), str(number), FOLIO_SIZE, colours["muted"], role=furniture)


def on_page(page_paper: Paper, number: int, *, content: Page | None, colours: Palette,
            numbered: bool = True) -> Page:
    """Content made on the content paper, set on the booklet page with the wider margin at
    the fold, and its folio."""
    shift = INNER - outer(page_paper) if number % 2 else 0.0
    move = Affine.translation(shift, 0)

    def read_here(shape: Shape) -> Role:
        # Read in page order, wherever imposition prints the page.
        return replace(shape.role or Role(""), page=number)
    # Each shape made once, moved and marked together.
    shapes: list[Shape] = [] if content is None else [
        replace(s, role=read_here(s)) if shift == 0 else transformed(s, move, role=read_here(s))
        for s in content.shapes]
    if numbered:
        mark = folio(page_paper, number, colours=colours)
        shapes.append(replace(mark, role=read_here(mark)))
    return Page(page_paper.width, page_paper.height, tuple(shapes))


def pages(title: str, inside: str, *, parts: list[Part], paper_key: str,
          colours: Palette, page_paper: Paper | None = None,
          left_out: LeftOut = (), words: Words) -> list[Page]:
    """Every page of the booklet in reading order, from the front cover to the back, on
    page_paper (by default the home page of paper_key). At a print shop the inside of the
    cover is blank: the printing is the shop's."""
    if page_paper is None:
        page_paper = FORMATS[paper_key][0]
    paper = content_paper(page_paper)
    middle, _ = arrange(front_pages(paper, parts, colours=colours, left_out=left_out, words=words),
                        parts, words=words)
    count = padded(len(middle) + 2)
    middle += [None] * (count - 2 - len(middle))
    out = [on_page(page_paper, 1,
                   content=cover(paper, title, inside=inside, parts=parts, colours=colours),
                   colours=colours,
                   numbered=False)]
    # A blank page, and the blank inside of a print shop's cover, carry no folio.
    out += [on_page(page_paper, n, content=content, colours=colours, numbered=content is not None)
            for n, content in enumerate(middle, start=2)]
    out.append(on_page(page_paper, count, content=back_cover(paper, colours, words=words),
                       colours=colours,
                       numbered=False))
    return out


def front_pages(paper: Paper, parts: list[Part], *, colours: Palette,
                left_out: LeftOut = (), words: Words) -> list[Page | None]:
    """The pages before the first part: at home, how to print it; at a print shop, the
    blank inside of the cover, but a booklet of one game opens its rules there; then, for
    several games or records left out, the contents."""
    if paper.press.shop and len(parts) == 1 and not left_out:
        return []
    front: list[Page | None] = [None]
    if len(parts) > 1 or left_out:
        # Counting the contents' own pages.
        starts = arrange([*front, *[None] * contents_count(paper, parts, left_out=left_out,
                                                           words=words)],
                         parts, words=words)[1]
        front += contents(paper, parts, starts=starts, colours=colours, left_out=left_out,
                          words=words)
    if not paper.press.shop:
        # Its text takes no more than its page, so the pages fall as without it.
        front[0] = instructions(paper, colours,
                                notes=blank_notes(arrange(front, parts, words=words)[0],
                                                  len(front), words=words), words=words)
    return front


def room(parts: list[Part], page_paper: Paper, *, colours: Palette, words: Words) -> tuple[int,
                                                                                           int]:
    """Where the booklet's content ends and what it leaves blank: the number of the page
    after its last part, and how many pages could follow it without another sheet."""
    paper = content_paper(page_paper)
    middle, _ = arrange(front_pages(paper, parts, colours=colours, words=words), parts, words=words)
    return len(middle) + 2, padded(len(middle) + 2) - 2 - len(middle)


def booklet(title: str, inside: str, *, parts: list[Part], paper_key: str,
            colours: Palette, page_paper: Paper | None = None,
            left_out: LeftOut = (), words: Words) -> list[Page]:
    """The booklet's pages with its covers, instructions and contents (with the records it
    left out), imposed on sheets; for a print shop (page_paper's press), its single pages
    in reading order."""
    home_page, sheet_paper = FORMATS[paper_key]
    if page_paper is not None and page_paper.press.shop:
        return pages(title, inside, parts=parts, paper_key=paper_key, colours=colours,
                     page_paper=page_paper, left_out=left_out,
                     words=words)
    return impose(pages(title, inside, parts=parts, paper_key=paper_key, colours=colours,
                        left_out=left_out, words=words),
                  home_page, sheet_paper=sheet_paper)


def document(title: str, sheets: list[Page], *, author: str, shop: bool = False,
             words: Words) -> Document:
    how = (words._("%(title)s, single pages in reading order for a print shop", title=title)
           if shop else words._("%(title)s, imposed for saddle stitching", title=title))
    return Document(tuple(sheets), title, author, how,
                    (words._("booklet"), words._("print and play"), words._("connection games")),
                    lang=words.code)
