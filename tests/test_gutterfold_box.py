"""The gutter-fold Blind Hex cards kit's tuck box, read back from the PDF `pnp kit blind-hex
--backs gutter-fold` writes (qpdf through pikepdf): its folds (the dashed lines in ink; the
cards' gutter fold is dashed in the cut lines' grey) give its panels, and its inside, the
panels less the board they are folded from, holds the deck of 2 x numbers cards as folded,
two layers of the thickest suggested card stock each (gutterfold.FOLDED), and not a folded
card more."""

from __future__ import annotations

from pathlib import Path

import pytest
from in_process import pnp_ok
from pdfdrawing import CUT_GREY, drawing, pages
from test_tuckbox import POKER

from generator.core.palette import COLOUR
from generator.core.paper import PAPERS
from generator.core.scene import Document
from generator.games.blind_hex import gutterfold
from generator.games.blind_hex.cards import Boxed, Card
from generator.i18n import ENGLISH
from generator.layout import tuckbox
from generator.render import pdf as pdf_writer

NUMBERS = 5                     # the kit's default: x's and o's hands of 5


def ink_folds(pdf: Path) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The dashed straight lines not in the cut lines' grey, of the last page that has
    them: the box's folds."""
    found: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for n in range(1, pages(pdf) + 1):
        here = [(sub[0], sub[-1]) for d in drawing(pdf, n)
                if d.dashed and d.operator == "S"
                and not all(abs(c - CUT_GREY) < 0.01 for c in d.stroke)
                for sub in d.subpaths if len(sub) == 2]
        found = here or found
    return found


def inside_of(pdf: Path) -> tuckbox.TuckBox | None:
    """The box's inside from its folds (None: no box): four across (back | side | front |
    side | glue) and four down (tuck flap | lid | panels | bottom | tuck flap)."""
    found = ink_folds(pdf)
    xs = sorted({round(a[0], 2) for a, b in found if abs(a[0] - b[0]) < 0.01})
    ys = sorted({round(a[1], 2) for a, b in found if abs(a[1] - b[1]) < 0.01})
    if len(xs) != 4 or len(ys) != 4:
        return None
    side, front, height = xs[1] - xs[0], xs[2] - xs[1], ys[2] - ys[1]
    assert abs((xs[3] - xs[2]) - side) < 0.02, "both sides alike"
    wall = tuckbox.CALIPER
    across, along = sorted((front - wall, height - wall))
    return tuckbox.TuckBox(across, along, side - wall)


def folded_deck(cards: int) -> tuckbox.Deck:
    return tuckbox.Deck(cards, *POKER, caliper=2 * tuckbox.CALIPER)


def holds_the_folded_deck_only(inside: tuckbox.TuckBox | None, cards: int) -> bool:
    return (inside is not None and inside.holds(folded_deck(cards))
            and not inside.holds(folded_deck(cards + 1)))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_kit_has_a_box_for_its_folded_deck_and_not_a_card_more(kit_shelf, paper):
    out = kit_shelf.pdf("blind-hex", "cards", paper, "en", backs="gutter-fold")
    inside = inside_of(out)
    assert inside is not None, "no tuck box in the gutter-fold kit"
    assert holds_the_folded_deck_only(inside, 2 * NUMBERS), inside


def test_a_deck_too_large_for_the_last_sheet_gets_its_box_on_a_sheet_of_its_own(tmp_path):
    # 18 folded cards on Letter: the box's net is too tall for the room below the last card.
    assert gutterfold.pair_box(PAPERS["letter"], 18, words=ENGLISH) is None
    out = tmp_path / "kit.pdf"
    pnp_ok("kit", "blind-hex", "--backs", "gutter-fold", "--paper", "letter", "--numbers", "9",
           "-o", str(out))
    assert holds_the_folded_deck_only(inside_of(out), 18), inside_of(out)


def written(tmp_path: Path, pages_: list) -> Path:
    out = tmp_path / "sheet.pdf"
    sheet = Document(tuple(pages_), "sheet", "pnp", lang=ENGLISH.code)
    out.write_bytes(pdf_writer.document_pdf(sheet))
    return out


def pair_sheet_with(box: tuckbox.TuckBox) -> list:
    """The kit's last sheet with this box's net in the place the kit gives its box."""
    a4 = PAPERS["a4"]
    placed = gutterfold.pair_box(a4, 2 * NUMBERS, words=ENGLISH)
    assert placed is not None
    boxed = Boxed(tuckbox.net(box), placed.at)
    return [gutterfold.pair_page(a4, Card("o", NUMBERS), numbers=NUMBERS, colours=COLOUR,
                                 boxed=boxed, words=ENGLISH)]


def test_control_a_box_for_the_unfolded_deck_is_too_thin(tmp_path):
    thin = tuckbox.for_deck(tuckbox.Deck(2 * NUMBERS, *POKER))
    inside = inside_of(written(tmp_path, pair_sheet_with(thin)))
    assert inside is not None
    assert not holds_the_folded_deck_only(inside, 2 * NUMBERS)


def test_control_the_box_as_the_kit_sizes_it_passes(tmp_path):
    box = gutterfold.folded_box(2 * NUMBERS)
    assert holds_the_folded_deck_only(inside_of(written(tmp_path, pair_sheet_with(box))),
                                      2 * NUMBERS)


def test_control_sheets_of_cards_without_a_box_are_caught(tmp_path):
    a4 = PAPERS["a4"]
    row = gutterfold.folded_page(a4, [Card("x", n) for n in (1, 2, 3)], numbers=NUMBERS,
                                 colours=COLOUR, sideways=False, across=3, words=ENGLISH)
    inside = inside_of(written(tmp_path, [row]))
    assert inside is None
    assert not holds_the_folded_deck_only(inside, 2 * NUMBERS)
