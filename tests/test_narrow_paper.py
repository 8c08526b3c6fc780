"""Paper narrower than an item takes is refused in one line naming the least it takes, and
on the smallest paper each item takes it lays out inside the margins."""

from __future__ import annotations

import pytest
from in_process import run_pnp
from refusal_checks import refused
from test_render import assert_inside_margin

from generator.app import documents
from generator.core.palette import COLOUR
from generator.core.paper import SMALLEST, Paper
from generator.games import GAMES
from generator.games.game import OptionError
from generator.games.items import ITEMS as ITEM_TABLE
from generator.games.items import smallest_for
from generator.i18n import ENGLISH
from generator.layout.printing import Printing

ITEMS = [(key, item) for key in sorted(GAMES)
         for item in (*(i.key for i in GAMES[key].items), "kit")]


def least_paper(key: str, item: str) -> float:
    game = GAMES[key]
    return smallest_for(game.items_for(game.make_options()) if item == "kit"
                        else (ITEM_TABLE[item],))


# Items that every paper pnp takes will do (it takes none under 100 mm) have nothing to refuse.
NEEDING_MORE = [(key, item) for key, item in ITEMS if least_paper(key, item) > SMALLEST]


def test_most_items_need_more_than_the_smallest_paper():
    assert len(NEEDING_MORE) > len(ITEMS) // 2, NEEDING_MORE


@pytest.mark.parametrize("key, item", NEEDING_MORE)
def test_paper_below_an_items_smallest_is_refused(tmp_path, key, item):
    game = GAMES[key]
    least = least_paper(key, item)
    side = f"{least - 1:g}"
    # An edition's own piece is asked for with that edition.
    options = next(o for _, o in game.variants()
                   if item == "kit" or ITEM_TABLE[item] in game.items_for(o))
    edition = ["--edition", options.edition] if hasattr(options, "edition") else []
    line = refused(run_pnp(item, key, *edition, "--paper", f"{side}x300", cwd=tmp_path), tmp_path,
                   {})
    assert f"at least {least:g} mm" in line
    line = refused(run_pnp(item, key, *edition, "--paper", f"300x{side}", cwd=tmp_path), tmp_path,
                   {})
    assert f"at least {least:g} mm" in line


@pytest.mark.parametrize("key, item", [(k, i) for k, i in ITEMS if i != "kit"])
def test_every_item_lays_out_inside_the_margins_on_its_smallest_papers(key, item):
    game = GAMES[key]
    least = ITEM_TABLE[item].smallest_paper
    variants = [o for o in [o for _, o in game.variants()] + [game.make_options()]
                if ITEM_TABLE[item] in game.items_for(o)]
    for w, h in ((least, least), (least, 1.5 * least), (1.5 * least, least)):
        paper = Paper(f"{w:g}x{h:g}mm", w, h)
        for options in variants:
            try:
                documents.check(game, ITEM_TABLE[item], options=options, paper=paper, words=ENGLISH)
            except OptionError as err:
                # A board whose cells would be too small to read is refused by design; it
                # still lays out inside the margins when made.
                assert "cells would be" in str(err), err
            made = game.make(ITEM_TABLE[item], options,
                             printing=Printing(paper=paper, palette=COLOUR))
            assert_inside_margin(made, paper)


def test_the_margin_check_fails_below_the_smallest_paper():
    # Control: the margin check finds ink in the margin on a paper small enough. (A rule
    # sheet's title is set smaller to fit, so its sheet holds down to about 100 mm: the
    # 145 mm it asks for is A5's width, which every item takes.)
    game = GAMES["blind-hex"]
    options = game.make_options(edition="pennies")
    for item, side in (("rules", 90.0), ("board", 110.0)):
        paper = Paper("small", side, side)
        with pytest.raises(AssertionError):
            made = game.make(ITEM_TABLE[item], options,
                             printing=Printing(paper=paper, palette=COLOUR))
            assert_inside_margin(made, paper)


def test_a5_takes_every_item():
    assert max(i.smallest_paper for i in ITEM_TABLE.values()) <= 148


