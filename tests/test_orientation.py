"""One orientation per game: each hex board lies on every paper and at every size as it
does in its rules' figures, read from what is drawn, the side letters' positions, not from
how the board was placed."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from itertools import combinations

import pytest

from generator.core.geometry import Point
from generator.core.palette import COLOUR
from generator.core.paper import parse_paper
from generator.core.scene import Clip, Page, Shape, Text
from generator.games import GAMES
from generator.games.hex import pages as hex_pages
from generator.games.items import ITEMS
from generator.i18n import ENGLISH
from generator.layout import hexboard
from generator.layout.printing import Printing

# The letters each game draws at its sides: both of a player's sides carry the same one.
SIDE_LETTERS: dict[str, tuple[str, str]] = {
    "hex": ("R", "B"), "hex-kb": ("R", "B"), "nex": ("B", "W"), "blind-hex": ("x", "o")}
SIZES = {"hex": (5, 11, 19, 26), "hex-kb": (7, 11, 19, 25), "nex": (9, 11, 19),
         "blind-hex": (7, 11, 19)}
PAPERS = ("a4", "letter", "a5", "a3", "tabloid")


def texts(shapes: Iterable[Shape]) -> Iterator[Text]:
    for shape in shapes:
        if isinstance(shape, Clip):
            yield from texts(shape.shapes)
        elif isinstance(shape, Text):
            yield shape


def side_lines(shapes: Iterable[Shape], letters: tuple[str, str]) -> list[tuple[int, int]]:
    """For each drawn board among the shapes, the direction of the line through each
    player's two side letters, in degrees on the page, 0 to 179: 0 where a player's sides
    lie left and right, 90 where top and bottom. A board is point-symmetric, so its four
    letters are two pairs with one midpoint, the board's middle: that tells the boards of a
    figure that draws several apart."""
    found: dict[str, dict[str, list[Text]]] = {}
    for t in texts(shapes):
        if (t.role is not None and t.role.kind == "Figure" and t.font == "bold"
                and t.text in letters):
            found.setdefault(t.role.text, {}).setdefault(t.text, []).append(t)

    def pairs(labels: list[Text]) -> list[tuple[Point, float, int]]:
        return [(Point((a.position.x + b.position.x) / 2, (a.position.y + b.position.y) / 2),
                 (a.position - b.position).length(),
                 round(math.degrees(math.atan2(b.position.y - a.position.y,
                                               b.position.x - a.position.x))) % 180)
                for a, b in combinations(labels, 2)]

    def one_board(at: Point, length: float, one: int, where: Point, other_length: float,
                  other: int) -> bool:
        # The rhombus's two diagonals of side letters: one middle, one length, 60° apart.
        return ((at - where).length() < 0.01 and abs(length - other_length) < 0.01
                and abs(one - other) in (60, 120))
    lines = []
    for by_letter in found.values():
        firsts, seconds = (pairs(by_letter.get(letter, [])) for letter in letters)
        lines += [(first[2], second[2]) for first in firsts for second in seconds
                  if one_board(*first, *second)]
    return lines


def figure_lines(key: str) -> set[tuple[int, int]]:
    game = GAMES[key]
    options = game.make_options()
    doc = game.make(ITEMS["rules"], options,
                    printing=Printing(paper=parse_paper("a4"), palette=COLOUR))
    return {line for page in doc.pages for line in side_lines(page.shapes, SIDE_LETTERS[key])}


def board_lines(key: str, size: int, paper: str) -> list[tuple[int, int]]:
    game = GAMES[key]
    options = game.make_options(size=size)
    # The item maker itself, not the checked command: a board with cells too small to be
    # printed still lies the same way.
    page = game.pages().items[ITEMS["board"]](options, Printing(paper=parse_paper(paper))).pages[0]
    return side_lines(page.shapes, SIDE_LETTERS[key])


@pytest.mark.parametrize("key", sorted(SIDE_LETTERS))
def test_every_rule_sheet_shows_its_board_one_way(key):
    lines = figure_lines(key)
    assert len(lines) == 1, f"{key}'s figures lie {sorted(lines)}"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("key", sorted(SIDE_LETTERS))
def test_each_board_lies_as_in_its_figures(key, paper):
    want = figure_lines(key)
    for size in SIZES[key]:
        lines = board_lines(key, size, paper)
        assert len(lines) == 1, f"{key} {size} on {paper}: {lines} (one board, two letters each)"
        assert lines[0] in want, f"{key} {size}×{size} on {paper} lies {lines[0]}, figures {want}"


def test_hex_red_sides_are_top_and_bottom_as_its_rules_say():
    # The rules and the figures' descriptions put Red's sides at the top and bottom.
    for paper in PAPERS:
        red, blue = board_lines("hex", 11, paper)[0]
        assert 45 <= red <= 135 and not 30 < blue < 150, (paper, red, blue)


def test_control_a_board_free_to_turn_is_caught():
    # Control: Hex placed by whichever turn gives the largest cells, as it once was, lies
    # with Red's sides left and right on portrait A4, unlike its figures.
    a4 = parse_paper("a4")
    x, y, w, h = 15.0, 25.0, a4.width - 30, a4.height - 50
    free = max((hexboard.place_board(11, x, y=y, width=w, height=h,
                                     angle=a) for a in hexboard.ANGLES),
               key=lambda p: p.cell_radius)
    colours = COLOUR
    page = Page(a4.width, a4.height, tuple(
        hex_pages.describe.board_figure(hex_pages.board_shapes(free, colours, with_coordinates=True,
                                                             words=ENGLISH),
                                        "board")))
    lines = side_lines(page.shapes, SIDE_LETTERS["hex"])
    assert lines and lines[0] not in figure_lines("hex")
