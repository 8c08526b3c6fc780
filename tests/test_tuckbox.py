"""Blind Hex's card box, read back from the PDF `pnp cards blind-hex` writes (qpdf through
pikepdf): its folds (the dashed lines) give its panels, and its inside, the panels less the
board they are folded from, holds the deck of 2 x numbers poker cards on the thickest card
stock the kit suggests (tuckbox.CALIPER a card, a-size.com's chart), and not a card more."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from in_process import pnp_ok
from pdfdrawing import drawing, pages

from generator.layout import tuckbox

POKER = (63.0, 88.0)           # mm: the cards edition's deck


@dataclass(frozen=True)
class Inside:
    face: tuple[float, float]      # across and along, smaller first
    depth: float

    def holds(self, cards: int) -> bool:
        return (sorted(POKER)[0] <= self.face[0] and sorted(POKER)[1] <= self.face[1]
                and cards * tuckbox.CALIPER <= self.depth)


def folds(pdf: Path) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The dashed straight lines of the page that has them: the box's folds."""
    for n in range(1, pages(pdf) + 1):
        found = [(sub[0], sub[-1]) for d in drawing(pdf, n) if d.dashed and d.operator == "S"
                 for sub in d.subpaths if len(sub) == 2]
        if found:
            return found
    return []


def inside_of(pdf: Path) -> Inside:
    """The box's inside from its folds: four across (back | side | front | side | glue) and
    four down (tuck flap | lid | panels | bottom | tuck flap)."""
    found = folds(pdf)
    xs = sorted({round(a[0], 2) for a, b in found if abs(a[0] - b[0]) < 0.01})
    ys = sorted({round(a[1], 2) for a, b in found if abs(a[1] - b[1]) < 0.01})
    assert len(xs) == 4 and len(ys) == 4, (xs, ys)
    side, front, height = xs[1] - xs[0], xs[2] - xs[1], ys[2] - ys[1]
    assert abs((xs[3] - xs[2]) - side) < 0.02, "both sides alike"
    wall = tuckbox.CALIPER
    across, along = sorted((front - wall, height - wall))
    return Inside((across, along), side - wall)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("numbers", [5, 9])
def test_the_box_holds_the_deck_and_not_a_card_more(tmp_path, paper, numbers):
    out = tmp_path / "cards.pdf"
    pnp_ok("cards", "blind-hex", "--paper", paper, "--numbers", str(numbers), "-o", str(out))
    inside = inside_of(out)
    deck = 2 * numbers
    assert inside.holds(deck), inside
    assert not inside.holds(deck + 1), f"{inside} holds {deck + 1} cards: it would rattle"


def test_control_a_deck_one_card_too_thick_is_caught():
    box = tuckbox.for_deck(tuckbox.Deck(10, *POKER))
    assert box.holds(tuckbox.Deck(10, *POKER))
    assert not box.holds(tuckbox.Deck(11, *POKER))
    w, h, d = box.panels
    wall = tuckbox.CALIPER
    assert not Inside(tuple(sorted((w - wall, h - wall))), d - wall).holds(11)


def test_every_edge_of_the_net_is_a_fold_or_a_cut_and_the_net_is_closed():
    laid = tuckbox.net(tuckbox.for_deck(tuckbox.Deck(10, *POKER)))
    folds_, cuts = tuckbox.folds_and_cuts(laid)
    # Eight panels and flaps meet the four panels, and the glue flap the last side: 4
    # across, lid and tuck, bottom and tuck, four dust flaps.
    assert len(folds_) == 4 + 2 + 2 + 4
    # The cuts close round the net: every end is met by exactly two edges.
    ends: dict[tuple[float, float], int] = {}
    for a, b in cuts:
        for p in (a, b):
            key = (round(p.x, 6), round(p.y, 6))
            ends[key] = ends.get(key, 0) + 1
    assert all(count % 2 == 0 for count in ends.values())
