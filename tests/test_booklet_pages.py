"""Booklets without holes or spare sheets: no rules page more than a quarter empty but a
game's last, no blank page that costs a sheet, and the all-games booklet's blanks all before
its back cover, as its "How to print" page says; every language and paper. Each check has a
control that fails it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from generator import i18n
from generator.app import documents
from generator.core.destinations import PRINT_SHOP
from generator.core.palette import COLOUR
from generator.core.scene import Document
from generator.games import GAMES
from generator.layout import booklet, textlayout
from generator.layout.tiling import bounds

LANGUAGES = [*i18n.LANGUAGES, i18n.PSEUDO]


# --- booklets ---------------------------------------------------------------------------------

QUARTER = 0.25


def booklet_parts(keys: list[str], paper_key: str, lang: str) -> list[booklet.Part]:
    made_on = booklet.content_paper(booklet.FORMATS[paper_key][0])
    with i18n.language(lang):
        return [documents.booklet_part(GAMES[k], [], made_on) for k in keys]


def kept_with_figure(pages: list, k: int, start: int) -> bool:
    """Whether page k of a part ends short because the end of a text went over with its
    figure: the next page is not the one facing it, and it opens with the last lines of
    the text its first figure follows (with their heading), then that figure. Keeping a
    figure with its text (tests/test_figures.py) and filling every page cannot both hold
    there; the figure's place is the promise kept."""
    from test_figures import entries
    if (start + k) % 2 == 0:
        return False                      # k and k + 1 face: the figure could have waited
    here, there = entries([pages[k]]), entries([pages[k + 1]])
    first = next((n for n, e in enumerate(there) if e.kind == "figure"), None)
    if first is None or not first:
        return False
    reference = there[first - 1].element
    lines = [e for e in there[:first] if e.kind == "text"]
    return (all(e.element == reference for e in lines) and len(lines) <= 4
            and all(e.element <= reference for e in here))


def holes(parts: list[booklet.Part], paper_key: str, front: int) -> list[str]:
    """Pages of rules more than a quarter empty, each game's last page apart, and blank
    pages that cost the booklet a sheet."""
    paper = booklet.content_paper(booklet.FORMATS[paper_key][0])
    inside, starts = booklet.arrange([None] * front, parts)
    foot = paper.height - paper.margin - textlayout.STYLE.footer * 2.5
    faults = []
    for start, part in zip(starts, parts, strict=True):
        pages = part.opening(start)
        for k, page in enumerate(pages[:-1]):
            reach = max(bounds(s)[3] for s in page.shapes if bounds(s)[1] < foot)
            empty = 1 - (reach - paper.margin) / (foot - paper.margin)
            if empty > QUARTER and not kept_with_figure(pages, k, start):
                faults.append(f"{part.title} page {start + k}: {empty:.0%} empty")
    least = booklet.padded(front + sum(len(p.pages) for p in parts) + 2)
    if booklet.padded(len(inside) + 2) > least:
        faults.append(f"{booklet.padded(len(inside) + 2)} pages where {least} would do")
    return faults


@pytest.fixture(scope="module")
def booklet_sets() -> dict[tuple[str, str, str], list[booklet.Part]]:
    keys = list(GAMES)
    out = {}
    for lang in LANGUAGES:
        for paper_key in booklet.FORMATS:
            every = booklet_parts(keys, paper_key, lang)
            out[(lang, paper_key, "all")] = every
            for key, part in zip(keys, every, strict=True):
                out[(lang, paper_key, key)] = [part]
    return out


def test_booklets_have_no_holes_and_no_spare_sheets(booklet_sets):
    faults = {case: found for case, parts in booklet_sets.items()
              if (found := holes(parts, case[1], 2 if case[2] == "all" else 1))}
    assert faults == {}


def test_control_a_half_empty_page_and_a_forced_spread_are_caught(booklet_sets):
    parts = booklet_sets[("en", "a4", "all")]
    # Blind Hex's first page, whose next opens with no figure kept with its text.
    chosen = next(p for p in parts if p.title == GAMES["blind-hex"].title)
    first = chosen.pages[0]
    half = replace(first, shapes=tuple(s for s in first.shapes
                                       if bounds(s)[3] < first.height / 2))
    holed = [replace(chosen, pages=[half, *chosen.pages[1:]], sides=None)
             if p is chosen else p for p in parts]
    assert any("empty" in f for f in holes(holed, "a4", 2))
    # Every part of two pages or more forced on to a spread, as booklets were made.
    forced = booklet.arrange

    def spread(front, parts_):
        inside: list = list(front)
        starts = []
        for part in parts_:
            if len(part.pages) > 1 and (len(inside) + 2) % 2:
                inside.append(None)
            starts.append(len(inside) + 2)
            inside += part.pages
        return inside, starts
    booklet.arrange = spread
    try:
        assert any("would do" in f for case, parts in booklet_sets.items()
                   for f in holes(parts, case[1], 2 if case[2] == "all" else 1))
    finally:
        booklet.arrange = forced


def mid_book_blanks(parts: list[booklet.Part], paper_key: str) -> list[int]:
    """Blank pages (nothing on them) of the booklet as printed at home that stand before
    its last page of content: its back cover apart."""
    made = booklet.pages("Games", "", parts, paper_key, COLOUR)[:-1]
    blank = [n for n, page in enumerate(made, start=1) if not page.shapes]
    last = max(n for n, page in enumerate(made, start=1) if page.shapes)
    return [n for n in blank if n < last]


def test_the_all_games_booklet_has_its_blanks_before_the_back_cover(booklet_sets):
    """As its "How to print" page says, in every language and on both papers."""
    assert "before the back cover" in booklet.INSTRUCTIONS[3]
    found = {case: blanks for case, parts in booklet_sets.items() if case[2] == "all"
             if (blanks := mid_book_blanks(parts, case[1]))}
    assert found == {}
    # Control: a booklet of one game still opens its rules as a spread with a spare blank
    # (Hex's two pages), which the check sees; so would the all-games booklet as it was.
    assert mid_book_blanks(booklet_sets[("en", "a4", "hex")], "a4")
    whole = booklet_sets[("en", "a4", "all")]
    hex_part = booklet_sets[("en", "a4", "hex")][0]
    assert mid_book_blanks([hex_part], "a4") and not mid_book_blanks(whole, "a4")


# --- a print shop's booklet of one game -------------------------------------------------------

def shop_blanks(doc: Document) -> list[int]:
    """The pages (from 1) with nothing on them, the back cover apart; and a page count that
    is not a multiple of four counts as a fault (page 0)."""
    blank = [n for n, page in enumerate(doc.pages[:-1], start=1) if not page.shapes]
    return blank + ([0] if len(doc.pages) % 4 else [])


def shop_booklet(key: str, paper_key: str, lang: str) -> Document:
    with i18n.language(lang):
        return documents.booklet_document([key], [], paper_key, COLOUR, PRINT_SHOP)


@pytest.mark.parametrize("paper_key", list(booklet.FORMATS))
@pytest.mark.parametrize("key", list(GAMES))
def test_a_print_shops_booklet_of_one_game_has_at_most_one_blank_page(key, paper_key):
    """Its rules open on the inside of the cover, and its score pad and board fill what the
    last sheet leaves over: at most one blank page besides the back cover, a multiple of four
    pages, and the rules still first and whole, in every language."""
    for lang in i18n.LANGUAGES:
        doc = shop_booklet(key, paper_key, lang)
        assert len(shop_blanks(doc)) <= 1, (lang, shop_blanks(doc))
        with i18n.language(lang):
            rules = documents.make_document(
                GAMES[key], "rules", GAMES[key].make_options(),
                booklet.content_paper(booklet.page_paper(paper_key, PRINT_SHOP))).pages
        assert len(doc.pages) >= len(rules) + 2


def test_control_without_its_fillers_or_with_a_blank_inside_cover_the_check_fails(
        monkeypatch):
    """Blind Hex's three pages of rules leave three blank pages without the pad and the
    board; Hex's two, behind a blank inside cover and a blank opening a spread, leave more
    than one even with its score pad."""
    monkeypatch.setattr(documents, "FILLERS", ())
    assert len(shop_blanks(shop_booklet("blind-hex", "a4", "en"))) == 3
    monkeypatch.undo()
    # The inside of the cover left blank, as a print shop's booklet of one game had it.
    monkeypatch.setattr(booklet, "front_pages", lambda paper, parts, colours: [None])
    assert len(shop_blanks(shop_booklet("hex", "a4", "en"))) > 1
