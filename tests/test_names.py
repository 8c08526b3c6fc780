"""Default file names (generator/app/names.py): two requests that make different files never
share a name, across every choice that changes a file, on the command line as in the
studio."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.app import names
from generator.app.requests import booklet_request, item_request
from generator.core.destinations import DESTINATIONS
from generator.core.palette import PALETTES
from generator.errors import UserError
from generator.games import KEYS, find
from generator.games.items import WHOLE_KIT
from generator.i18n import LANGUAGES

PAPERS = ("a4", "letter", "a5")


def item_choices():
    """Requests over each choice that changes an item's file: game, edition, item, board
    size, paper, palette, language and destination (those the item can be made with)."""
    for key in KEYS:
        game = find(key)
        for (variant, options), each in itertools.product(game.variants(),
                                                          (*game.items, WHOLE_KIT)):
            if each not in (*game.items_for(options), WHOLE_KIT):
                continue
            item = each.key
            edition = {"edition": variant} if variant != "standard" else {}
            sizes = [{}]
            if hasattr(options, "size"):
                sizes.append({"size": options.size + 2})
            for size, paper, palette, lang, target in itertools.product(
                    sizes, PAPERS[:2], list(PALETTES)[:2], LANGUAGES[:2],
                    ("home", "print-shop")):
                values = {**edition, **size, "paper": paper, "palette": palette,
                          "lang": lang, "target": target}
                yield (key, item, tuple(sorted(values.items()))), (game, item, values)


def made_requests():
    """Each different choice that can be made, with its request's file name."""
    found = {}
    for choice, (game, item, values) in item_choices():
        try:
            request = item_request(game, item, values, set(values))
        except UserError:   # a choice the item refuses (a size it does not read) is no file
            continue
        found[choice] = request
    return found


@pytest.fixture(scope="module")
def requests_made():
    return made_requests()


def test_no_two_different_items_share_a_name(requests_made):
    by_name: dict[str, tuple] = {}
    for choice, request in requests_made.items():
        name = f"{request.stem}.{request.fmt.extension}"
        assert name not in by_name, (name, by_name.get(name), choice)
        by_name[name] = choice
    # Every choice is there: each game, each destination, each language made a file.
    assert {c[0] for c in by_name.values()} == set(KEYS)
    assert len(by_name) > 200


def test_control_the_old_names_collide(requests_made):
    """Control: the names before (game and item only) share a name across these choices,
    so the test above can fail."""
    old = [f"{r.game.key}-{r.item.key}.{r.fmt.extension}" for r in requests_made.values()]
    assert len(set(old)) < len(old)


SEEDED = [key for key in KEYS if hasattr(find(key).options(), "seed")]


@pytest.mark.parametrize("key", SEEDED)
@given(seed=st.integers(1, 10**9), other=st.integers(-10**9, 10**9))
def test_two_seeds_never_share_a_name(key, seed, other):
    """A seed and its negative (and any two seeds) make different boards, so different
    names: `--seed -5` once wrote seed 5's file name."""
    game = find(key)
    item = next(i.key for i in game.items if "seed" not in game.unread.get(i, ()))
    seeds = {seed, -seed, other}
    stems = {item_request(game, item, {"seed": s}, {"seed"}).stem for s in seeds}
    assert len(stems) == len(seeds), stems


def test_no_two_different_booklets_share_a_name():
    made = {}
    for games, extras, paper, lang, target in itertools.product(
            (["hex"], ["hex", "nex"], ["nex", "hex"], list(KEYS)), ((), ("board",)),
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


def pnp(*args: str, cwd) -> None:
    subprocess.run([str(Path(sys.executable).parent / "pnp"), *args], cwd=cwd, check=True,
                   capture_output=True)


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
