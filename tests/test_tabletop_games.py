"""Every game's virtual table (its table module), for every variant the catalogue makes:
one board with a snap point on each of its cells, evenly spaced, pieces that fit a cell,
in the kit's colours; and one kit (Blind Hex's cards edition, which has every kind of
thing: board, bags, decks, rule sheet, pad) written whole and read as the game reads it."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import pytest
from in_process import run_pnp
from PIL import Image

from generator.core.palette import COLOUR, INK_SAVER
from generator.core.virtual_table import Board, Deck, InfiniteBag, Rulebook, Tile, VirtualTable
from generator.games import all_games, load
from generator.games.tables import tables_of
from generator.i18n import ENGLISH
from generator.preflight.saved_object import problems

VARIANTS = [(key, name, options) for key, game in sorted(all_games().items())
            for name, options in game.variants()]


@pytest.fixture(scope="module", params=VARIANTS, ids=[f"{k}-{n}" for k, n, _o in VARIANTS])
def table(request: pytest.FixtureRequest) -> VirtualTable:
    key, _name, options = request.param
    return tables_of(load(key)).make(options, COLOUR, words=ENGLISH)


def nearest(points: list[tuple[float, float]]) -> list[float]:
    return [min(math.dist(p, q) for q in points if q != p) for p in points]


def test_one_board_with_a_snap_point_on_each_cell_evenly_spaced(table: VirtualTable) -> None:
    boards = [t for t in table.things if isinstance(t, Board)]
    assert len(boards) == 1
    board = boards[0]
    assert board.locked and len(board.snaps) >= 25
    points = [(p.x, p.y) for p in board.snaps]
    assert len(set(points)) == len(points)
    # A lattice: every point's nearest neighbour is as far as every other's.
    spacing = nearest(points)
    assert max(spacing) == pytest.approx(min(spacing), rel=1e-3)
    # Each piece a bag hands out for the cells fits in a cell, with room on a hex cell (the
    # pennies edition's pennies go on its coin tracks, not on cells).
    for bag in (t for t in table.things if isinstance(t, InfiniteBag) and t.name != "pennies"):
        assert max(bag.holds.width, bag.holds.height) <= 1.45 * min(spacing)


def test_pieces_are_in_the_kits_colours(table: VirtualTable) -> None:
    colours = set(COLOUR.roles.values())
    bags = [t for t in table.things if isinstance(t, InfiniteBag)]
    assert len(bags) >= 2
    assert all(bag.colour in colours for bag in bags if bag.name != "pennies")
    assert sum(isinstance(t, Rulebook) for t in table.things) == 1
    pad = [t for t in table.things if isinstance(t, Tile) and t.top.name == "pad"]
    assert len(pad) == 1 and pad[0].locked


def test_the_table_is_made_the_same_every_time_and_names_its_request() -> None:
    game = load("nex")
    first = tables_of(game).make(game.options(), COLOUR, words=ENGLISH)
    assert tables_of(game).make(game.options(), COLOUR, words=ENGLISH) == first
    assert tables_of(game).make(game.options(), INK_SAVER, words=ENGLISH).key != first.key


@pytest.fixture(scope="module")
def blind_hex(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("blind") / "blind-hex-cards"
    done = run_pnp("kit", "blind-hex", "--for", "tabletop-simulator", "-o", str(folder))
    assert done.returncode == 0
    return folder


def test_a_kit_written_whole_reads_as_the_game_reads_it(blind_hex: Path) -> None:
    assert problems(blind_hex) == []
    data = json.loads((blind_hex / "blind-hex-cards.json").read_text("utf-8"))
    objects = data["ObjectStates"]
    assert [o["Name"] for o in objects] == [
        "Custom_Tile", "Infinite_Bag", "Infinite_Bag", "DeckCustom", "DeckCustom",
        "Custom_PDF", "Notecard", "Custom_Tile"]
    numbers = load("blind-hex").options().numbers
    for deck in (o for o in objects if o["Name"] == "DeckCustom"):
        sheet = deck["CustomDeck"]["1"]
        assert len(deck["ContainedObjects"]) == numbers == sheet["NumWidth"]
        with Image.open(blind_hex / Path(sheet["FaceURL"]).name) as image:
            assert image.size == (numbers * 744, 1039)     # 63 × 88 mm at 300 dpi, whole
    assert objects[6]["Description"].endswith((blind_hex / "rules.pdf").as_uri())


def test_the_snap_points_lie_on_the_boards_cells(blind_hex: Path) -> None:
    """Each snap point, carried back onto the board's image, falls on a cell's blank middle
    (the paper colour), never on a line or a mark."""
    data = json.loads((blind_hex / "blind-hex-cards.json").read_text("utf-8"))
    board = data["ObjectStates"][0]
    with Image.open(blind_hex / "board.png") as image:
        width, height = image.size
        half = height / 2
        pixels = [image.getpixel((round(width / 2 - s["Position"]["x"] * half),
                                  round(half + s["Position"]["z"] * half)))
                  for s in board["AttachedSnapPoints"]]
    size = load("blind-hex").options().size
    assert len(pixels) == size * size
    paper = tuple(int(COLOUR["cell"][i:i + 2], 16) for i in (1, 3, 5))
    assert all(p == paper for p in pixels), [p for p in pixels if p != paper][:5]


def test_every_thing_has_a_name_players_see(table: VirtualTable) -> None:
    for thing in table.things:
        assert thing.name.strip()
    decks = [t for t in table.things if isinstance(t, Deck)]
    assert all(d.count >= 1 for d in decks)
    assert list(itertools.chain.from_iterable(s.titles for d in decks for s in d.sheets)) \
        or not decks
