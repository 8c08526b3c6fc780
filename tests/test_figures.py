"""Figures beside the text that refers to them, read from the drawn pages: each figure lands
on a page holding a line of the text just before it in the rules (or, in a booklet, on the
page facing it), never between two lines of one paragraph, and is numbered in its caption,
the numbers that the text names being the figures'."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

import pytest
import sweeps

from generator import i18n
from generator.app import documents
from generator.core.geometry import Affine
from generator.core.palette import COLOUR
from generator.core.paper import NAMED
from generator.core.scene import Circle, Clip, Page, Path, Shape, Text, place
from generator.games import GAMES
from generator.games.items import ITEMS
from generator.layout import boardpage, booklet
from generator.layout.printing import Printing

TEXT = {"P", "LI", "Lbl"}
PAPERS = ("a4", "letter", "a5")


@dataclass(frozen=True)
class Entry:
    """A line of text or a figure where it is drawn: page (from 1), column, top."""
    page: int
    column: int
    y: float
    section: int
    kind: str       # "text" or "figure"
    element: int


def flat(shapes: Iterable[Shape]) -> Iterator[Shape]:
    for shape in shapes:
        if isinstance(shape, Clip):
            yield from flat(shape.shapes)
        else:
            yield shape


def top_left(shape: Shape) -> tuple[float, float]:
    if isinstance(shape, Text):
        return shape.position.x, shape.position.y
    if isinstance(shape, Circle):
        return shape.centre.x - shape.radius, shape.centre.y - shape.radius
    assert isinstance(shape, Path)
    points = [p for sub in shape.subpaths for p in sub]
    return min(p.x for p in points), min(p.y for p in points)


def entries(pages: list[Page]) -> list[Entry]:
    """Every line of text (by its baseline) and every figure (by its top) in reading order.
    A rule sheet's title (H1) opens a section: a booklet holds several sheets, each
    numbering its blocks from 0."""
    out: dict[tuple[int, int, int, str], Entry] = {}
    section = 0
    for number, page in enumerate(pages, start=1):
        shapes = [s for s in flat(page.shapes) if s.role is not None]
        if any(s.role.kind == "H1" for s in shapes):
            section += 1
        two_columns = page.width > 180
        for shape in shapes:
            role = shape.role
            if role.kind not in TEXT and role.kind != "Figure":
                continue
            x, y = top_left(shape)
            column = int(two_columns and x > page.width / 2)
            kind = "figure" if role.kind == "Figure" else "text"
            # A figure is one entry at its top; a line of text one entry at its baseline.
            key = (number, column, role.element, kind if kind == "figure" else f"{y:.2f}")
            found = out.get(key)
            if found is None or y < found.y:
                out[key] = Entry(number, column, y, section, kind, role.element)
    return sorted(out.values(), key=lambda e: (e.page, e.column, e.y))


def faults(pages: list[Page], facing: bool) -> list[str]:
    found = []
    order = entries(pages)
    for i, entry in enumerate(order):
        if entry.kind != "figure":
            continue
        before = order[i - 1] if i else None
        after = order[i + 1] if i + 1 < len(order) else None
        if (before and after and before.kind == after.kind == "text"
                and before.element == after.element and before.section == after.section):
            found.append(f"figure {entry.element} on page {entry.page} splits paragraph "
                         f"{before.element}")
        text = [e for e in order if e.section == entry.section and e.kind == "text"
                and e.element < entry.element]
        if not text:
            continue
        reference = max(e.element for e in text)
        where = {e.page for e in text if e.element == reference}
        near = where | ({p ^ 1 for p in where if p > 1} if facing else set())
        if entry.page not in near:
            found.append(f"figure {entry.element} on page {entry.page}, its text on "
                         f"{sorted(where)}")
    return found


def rules_pages(key: str, variant: str, paper: str, lang: str) -> list[Page]:
    game = GAMES[key]
    options = dict(game.variants())[variant]
    return list(documents.make_document(game, ITEMS["rules"], options=options,
                                        printing=Printing(paper=NAMED[paper],
                                                          words=i18n.words(lang))).pages)


CASES = [(key, variant) for key in sorted(GAMES) for variant, _ in GAMES[key].variants()]


def sheets_in_languages() -> list:
    """Each game's rule sheet on each paper in each language; `make test` keeps the
    diagonal, the languages in turn down the sheets, so each game on each paper and each
    language is laid out there (the same placing of figures, other words), and the rest are
    the exhaustive tier's."""
    rows = [(key, variant, paper) for key, variant in CASES for paper in PAPERS]
    return [pytest.param(*row, lang, id=f"{'-'.join(row)}-{lang}", marks=marks)
            for row, lang, marks in sweeps.on_the_diagonal(
                rows, i18n.LANGUAGES, reason="each sheet and each language kept on the diagonal")]


@pytest.mark.parametrize("key, variant, paper, lang", sheets_in_languages())
def test_each_figure_stands_by_its_text_on_every_sheet(key, variant, paper, lang):
    assert faults(rules_pages(key, variant, paper, lang), facing=False) == []


# Each game's booklet section, by paper and language, made once for the all-games booklet and
# its own (as `pnp build` shares them between the booklets it makes): nothing here patches
# how a section is made.
PARTS_MADE: dict[documents.PartKey, booklet.Part] = {}


@pytest.fixture(scope="module", autouse=True)
def parts_let_go():
    """The sections made once are let go once this module's tests are done: the worker
    goes on to other modules."""
    yield
    PARTS_MADE.clear()


def booklet_pages(keys: list[str], paper: str, lang: str) -> list[Page]:
    parts = documents.booklet_parts(keys, [], printed=booklet.FORMATS[paper][0],
                                    palette=COLOUR, words=i18n.words(lang), made=PARTS_MADE)[0]
    return booklet.pages("Booklet", "Rules", parts=parts, paper_key=paper, colours=COLOUR,
                         words=i18n.words(lang))


def booklets_in_languages() -> list:
    """The all-games booklet and each game's own, on A4 and Letter, in each language;
    `make test` keeps the diagonal, the languages in turn down the booklets, so each booklet
    on each paper and each language is imposed there, and the rest are the exhaustive
    tier's."""
    rows = [(keys, paper) for keys in [sorted(GAMES), *[[k] for k in sorted(GAMES)]]
            for paper in ("a4", "letter")]
    return [pytest.param(keys, paper, lang, marks=marks,
                         id=f"{'all' if len(keys) > 1 else keys[0]}-{paper}-{lang}")
            for (keys, paper), lang, marks in sweeps.on_the_diagonal(
                rows, i18n.LANGUAGES,
                reason="each booklet and each language kept on the diagonal")]


@pytest.mark.parametrize("keys, paper, lang", booklets_in_languages())
def test_each_figure_stands_by_its_text_in_every_booklet(keys, paper, lang):
    assert faults(booklet_pages(keys, paper, lang), facing=True) == []


def test_figures_are_numbered_in_order_and_the_text_names_them_by_number():
    pages = rules_pages("hex-kb", "standard", "a4", "en")
    captions = [s.text for page in pages for s in flat(page.shapes)
                if isinstance(s, Text) and s.role is not None and s.role.kind == "Caption"
                and s.text.startswith("Figure")]
    numbers = [int(m.group(1)) for t in captions if (m := re.match(r"Figure (\d+)\.", t))]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 6
    words = " ".join(s.text for page in pages for s in flat(page.shapes)
                     if isinstance(s, Text) and s.role is not None and s.role.kind in TEXT)
    assert "figure below" not in words and "figure 6" in words.lower()


# --- controls -----------------------------------------------------------------------------------


def test_control_a_figure_between_two_lines_of_a_paragraph_is_caught():
    pages = rules_pages("hex", "standard", "a4", "en")
    order = entries(pages)
    figure = next(e for e in order if e.kind == "figure")
    lines = [e for e in order if e.kind == "text" and e.page == figure.page]
    # Move the figure's shapes to sit between a paragraph's first two lines.
    paragraph = next(a for a, b in zip(lines, lines[1:], strict=False)
                     if a.element == b.element and a.column == b.column)
    below = next(b for b in lines if b.element == paragraph.element and b.y > paragraph.y)
    page = pages[figure.page - 1]
    target = (paragraph.y + below.y) / 2
    moved = tuple(shift(s, target - figure.y, paragraph.column - figure.column, page.width)
                  if s.role is not None and s.role.kind == "Figure"
                  and s.role.element == figure.element else s for s in page.shapes)
    pages[figure.page - 1] = replace(page, shapes=moved)
    assert any("splits" in f for f in faults(pages, facing=False))


def shift(shape: Shape, dy: float, columns: int, width: float) -> Shape:
    return place((shape,), Affine.translation(columns * width / 2, dy))[0]


def test_control_a_figure_a_page_away_from_its_text_is_caught():
    pages = rules_pages("hex-kb", "standard", "a5", "en")
    figure = next(e for e in entries(pages) if e.kind == "figure")
    # Its page moved two pages on: neither the same page nor, in a booklet, the facing one.
    holder = pages[figure.page - 1]
    shapes = tuple(s for s in holder.shapes if s.role is not None and s.role.kind == "Figure"
                   and s.role.element == figure.element)
    later = replace(pages[-1], shapes=pages[-1].shapes + shapes)
    pages[figure.page - 1] = replace(holder, shapes=tuple(s for s in holder.shapes
                                                          if s not in shapes))
    pages += [replace(pages[-1], shapes=()), later]
    assert any("its text on" in f for f in faults(pages, facing=True))


def test_control_a_board_centred_beside_its_title_line_splits_it(monkeypatch):
    """Hex KB's board on the booklet's A5 page, centred in its box as the corner layout
    first set it, starts beside the middle of its title's line."""
    monkeypatch.setattr(boardpage, "clear_of_the_words",
                        lambda p, hull, *, title, box, top: [(p, hull)])
    PARTS_MADE.clear()      # the section made afresh, and not kept for the tests after
    try:
        assert any("splits" in f for f in faults(booklet_pages(["hex-kb"], "a4", "en"),
                                                 facing=True))
    finally:
        PARTS_MADE.clear()
