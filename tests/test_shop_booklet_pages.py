"""A print shop's booklet of one game wastes no page: its rules open on the inside of the
cover, its score pad and board fill what the last sheet leaves over, at most one blank page
besides the back cover, a multiple of four pages, in every language and on each paper. Its
control fails without the fillers, and with a blank inside cover."""

from __future__ import annotations

import pytest

from generator import i18n
from generator.app import documents
from generator.core.destinations import PRINT_SHOP
from generator.core.palette import COLOUR
from generator.core.scene import Document
from generator.games import GAMES
from generator.games.items import ITEMS
from generator.layout import booklet
from generator.layout.printing import Printing


def shop_blanks(doc: Document) -> list[int]:
    """The pages (from 1) with nothing on them, the back cover apart; and a page count that
    is not a multiple of four counts as a fault (page 0)."""
    blank = [n for n, page in enumerate(doc.pages[:-1], start=1) if not page.shapes]
    return blank + ([0] if len(doc.pages) % 4 else [])


def shop_booklet(key: str, paper_key: str, lang: str) -> Document:
    return documents.booklet_document([key], [], paper_key=paper_key, palette=COLOUR,
                                      target=PRINT_SHOP, words=i18n.words(lang))


@pytest.mark.parametrize("paper_key", list(booklet.FORMATS))
@pytest.mark.parametrize("key", list(GAMES))
def test_a_print_shops_booklet_of_one_game_has_at_most_one_blank_page(key, paper_key):
    """Its rules open on the inside of the cover, and its score pad and board fill what the
    last sheet leaves over: at most one blank page besides the back cover, a multiple of four
    pages, and the rules still first and whole, in every language."""
    for lang in i18n.LANGUAGES:
        doc = shop_booklet(key, paper_key, lang)
        assert len(shop_blanks(doc)) <= 1, (lang, shop_blanks(doc))
        rules = documents.make_document(GAMES[key], ITEMS["rules"],
                                        options=GAMES[key].make_options(),
                                        printing=Printing(paper=booklet.content_paper(
                                            booklet.page_paper(paper_key, PRINT_SHOP)),
                                            words=i18n.words(lang))).pages
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
    monkeypatch.setattr(booklet, "front_pages", lambda paper, parts, colours, **_kw: [None])
    assert len(shop_blanks(shop_booklet("hex", "a4", "en"))) > 1
