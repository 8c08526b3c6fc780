"""Default file names (generator/app/names.py): two requests that make different files never
share a name, across every choice that changes a file, on the command line as in the
studio."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from in_process import pnp_ok

from generator.app import names
from generator.app.requests import booklet_request, content, item_request
from generator.core.destinations import DESTINATIONS
from generator.core.palette import PALETTES
from generator.errors import UserError
from generator.games import KEYS, find
from generator.games.items import BOARD, ITEMS, WHOLE_KIT
from generator.i18n import LANGUAGES

PAPERS = ("a4", "letter", "a5")
# Choices beyond the game's options, paper, palette, language and destination: each given
# alone, on A4 in colour and English, for every destination.
EXTRAS = (
    {}, {"copies": "2"}, {"copies": "1"}, {"cell": "12"}, {"cell": "12.5", "tile": True},
    {"backs": "gutter-fold"}, {"backs": "calibrate"}, {"back_offset": "1.5,-0.5"},
    {"back_offset": "1.5,0.5"}, {"card_size": "poker"}, {"card_size": "bridge"},
    {"bleed": "5"}, {"condition": "swop"}, {"ink_limit": "260"}, {"cut_path": True},
    {"crop_marks": True}, {"fmt": "png"}, {"fmt": "png", "dpi": "150"}, {"fmt": "svg"},
    {"paper": "a3"})


def item_choices():
    """Requests over each choice that changes an item's file: game, edition, item, board
    size, paper, palette, language and destination (those the item can be made with), and
    each other choice alone."""
    for key in KEYS:
        game = find(key)
        for (variant, options), each in itertools.product(game.variants(),
                                                          (*game.items, WHOLE_KIT)):
            if each not in (*game.items_for(options), WHOLE_KIT):
                continue
            edition = {"edition": variant} if variant != "standard" else {}
            sizes = [{}]
            if hasattr(options, "size"):
                sizes.append({"size": options.size + 2})
            for size, paper, palette, lang, target in itertools.product(
                    sizes, PAPERS[:2], list(PALETTES)[:2], LANGUAGES[:2], DESTINATIONS):
                values = {**edition, **size, "paper": paper, "palette": palette,
                          "lang": lang, "target": target}
                yield game, each, values
            for extra, target in itertools.product(EXTRAS[1:], DESTINATIONS):
                yield game, each, {**edition, "target": target, **extra}


def made_requests():
    """Each different choice that can be made, with its request."""
    found = {}
    for game, item, values in item_choices():
        try:
            request = item_request(game, item, values=values, given=set(values))
        except UserError:   # a choice the item refuses (a size it does not read) is no file
            continue
        found[(game.key, item.key, tuple(sorted(values.items())))] = request
    return found


@pytest.fixture(scope="module")
def requests_made():
    return made_requests()


def written(request) -> bytes:
    """Every byte a request writes, its files in order."""
    from generator import render
    files = render.render(content(request), request.fmt, target=Path(f"{request.stem}.x"),
                          dpi=request.settings.dpi, press=request.settings.press)
    return b"".join(data for _path, data in files)


def sharing(requests_made, name_of) -> list[list]:
    """The requests that share a name and differ (as values), grouped by the name."""
    by_name: dict[str, list] = {}
    for request in requests_made.values():
        group = by_name.setdefault(name_of(request), [])
        if request not in group:
            group.append(request)
    return [group for group in by_name.values() if len(group) > 1]


def test_no_two_different_items_share_a_name(requests_made):
    """Two requests that share a default name write the same bytes: every choice that
    changes a file is in its name. (Requests that differ as values and share a name, such
    as --copies 1 and no --copies, are drawn and compared.)"""
    for group in sharing(requests_made, lambda r: f"{r.stem}.{r.fmt.extension}"):
        assert len({written(request) for request in group}) == 1, group
    # Every choice is there: each game, each destination, each language made a file.
    assert {r.game.key for r in requests_made.values()} == set(KEYS)
    assert {r.destination.key for r in requests_made.values()} == {
        key for key, place in DESTINATIONS.items()
        if any(place.product(item.kind) for item in ITEMS.values() if not item.from_record)}
    assert len(requests_made) > 1000


def old_name(request) -> str:
    """A name as pnp gave it before: without the kit's backs, the cell size, the copies,
    the press's bleed, condition and ink, or the resolution."""
    return names.item_stem(request.game, request.item, options=request.options,
                           paper=request.paper.name, palette=request.palette,
                           lang=request.lang, press=request.paper.press,
                           usual=request.paper.press) + f".{request.fmt.extension}"


def test_control_the_old_names_collide(requests_made):
    """Control: the names before (without the kit's backs, cell size, copies, bleed or
    resolution) are shared by requests that write different bytes, so the test above
    can fail."""
    groups = sharing(requests_made, old_name)
    assert any(len({written(r) for r in group[:2]}) == 2 for group in groups
               if {r.item.key for r in group} == {"kit"})


SEEDED = [key for key in KEYS if hasattr(find(key).options(), "seed")]


@pytest.mark.parametrize("key", SEEDED)
@given(seed=st.integers(1, 10**9), other=st.integers(-10**9, 10**9))
def test_two_seeds_never_share_a_name(key, seed, other):
    """A seed and its negative (and any two seeds) make different boards, so different
    names: `--seed -5` once wrote seed 5's file name."""
    game = find(key)
    item = next(i for i in game.items if "seed" not in game.unread.get(i, ()))
    seeds = {seed, -seed, other}
    stems = {item_request(game, item, values={"seed": s}, given={"seed"}).stem for s in seeds}
    assert len(stems) == len(seeds), stems


def test_no_two_different_booklets_share_a_name():
    made = {}
    for games, extras, paper, lang, target in itertools.product(
            (["hex"], ["hex", "nex"], ["nex", "hex"], list(KEYS)), ((), (BOARD,)),
            ("a4", "letter"), LANGUAGES[:2], ("home", "print-shop")):
        request = booklet_request(games, extras=extras, paper=paper, lang=lang,
                                  target=DESTINATIONS[target])
        choice = (tuple(sorted(games)), extras, paper, lang, target)
        assert made.setdefault(request.stem, choice) == choice, request.stem
    assert names.booklet_stem(list(KEYS)).startswith(names.ALL_GAMES)
    # Control: every booklet once had one name.
    assert len(made) > 1 and "booklet" not in made


def test_names_are_safe_parts():
    assert names.part("8.5 x 11 in") == "8.5x11in"
    assert names.part("200x300") == "200x300"
    assert names.part("Some Paper's!") == "somepaper-s"


def pnp(*args: str, cwd: Path) -> None:
    """The command run in the test's process (tests/in_process.py): the names it writes are
    its code's, whichever way it is started."""
    pnp_ok(*args, cwd=cwd)


def test_the_command_line_keeps_each_file(tmp_path):
    """The issue's cases: a print shop's board beside the home one, a German pennies kit
    beside the English cards kit, each booklet its own; nothing replaced."""
    pnp("board", "hex", cwd=tmp_path)
    pnp("board", "hex", "--for", "print-shop", cwd=tmp_path)
    pnp("kit", "blind-hex", cwd=tmp_path)
    pnp("kit", "blind-hex", "--edition", "pennies", "--lang", "de", cwd=tmp_path)
    pnp("booklet", "hex", cwd=tmp_path)
    pnp("booklet", "nex", cwd=tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([
        "hex-board.pdf", "hex-board-print-shop.pdf", "blind-hex-cards-kit.pdf",
        "blind-hex-pennies-kit-de.pdf", "hex-booklet.pdf", "nex-booklet.pdf"])
