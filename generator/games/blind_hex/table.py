"""Blind Hex on a virtual table: the kit's board (with the pennies edition's coin tracks)
with a snap point on each cell, bags of x's and o's marks to lay where the paper game writes
them, and the edition's pieces: each player's hand of number cards as a deck, or the tokens,
the coin to flip and a bag of pennies; then the rule sheet and the score pad."""

from __future__ import annotations

from collections.abc import Callable

from generator.core.geometry import Point, Rhombus
from generator.core.palette import Palette
from generator.core.scene import Circle, Page, Paint, Shape
from generator.core.virtual_table import (
    Deck,
    Picture,
    Thing,
    Tile,
    TileShape,
    VirtualTable,
    card_sheets,
)
from generator.games import table_parts as parts
from generator.games.blind_hex import cards, coins, pages
from generator.games.blind_hex.colours import SIDES
from generator.games.blind_hex.credits import credit
from generator.games.blind_hex.rules import TITLE, Options
from generator.games.items import CARDS
from generator.games.tables import Tables
from generator.i18n import Words

PLAYERS = cards.PLAYERS          # x and o
# A penny is 19.05 mm across; the pennies edition's tracks take real ones, which the kit does
# not print, so the table's are plain copper discs.
PENNY = 19.05
COPPER = "#b87333"
CARD_DPI = 300


def mark_drawn(player: str, colours: Palette) -> Callable[[Point, float], list[Shape]]:
    """A player's mark: their letter on a disc of their colour, as the tokens print it."""
    def drawn(centre: Point, radius: float) -> list[Shape]:
        return coins.face(centre, 0.96 * radius, letter=player, colour=colours[SIDES[player]],
                          colours=colours)
    return drawn


def penny(centre: Point, radius: float) -> list[Shape]:
    return [Circle(centre, radius, Paint(fill=COPPER))]


def hands(opts: Options, colours: Palette, *, words: Words) -> list[Thing]:
    """Each player's hand of number cards, a deck of its own, sharing the cards' back."""
    w, h = cards.CARD_WIDTH, cards.CARD_HEIGHT
    back = Picture("card-back", Page(w, h, tuple(cards.back((0.0, 0.0, w, h), 0.0, angle=0.0,
                                                            colours=colours))), CARD_DPI)
    decks: list[Thing] = []
    hand = words._(CARDS.label)
    for player in PLAYERS:
        held = [c for c in cards.hands(opts.numbers) if c.player == player]
        faces = tuple(Page(w, h,
                           tuple(cards.front(c, opts.numbers, colours=colours))) for c in held)
        decks.append(Deck(f"{hand}: {player}",
                          card_sheets(f"cards-{player}", faces,
                                      titles=tuple(f"{c.rank} {player}" for c in held)), back))
    return decks


def pennies(colours: Palette) -> list[Thing]:
    """Two tokens each, the coin (x on one face, o on the other) and a bag of pennies."""
    side = coins.TOKEN
    tokens = [Tile(player, Picture(f"token-{player}", Page(side, side, tuple(
        mark_drawn(player, colours)(Point(side / 2, side / 2), 0.4 * side / 0.96))),
        parts.PIECE_DPI), thickness=2.0) for player in PLAYERS for _copy in range(2)]
    faces = [parts.disc(f"coin-{player}", coins.COIN, drawn=mark_drawn(player, colours))
             for player in PLAYERS]
    coin = Tile("x / o", faces[0], faces[1], TileShape.CIRCLE, 2.0)
    copper = parts.round_piece("penny", parts.disc("penny", PENNY, drawn=penny), thickness=1.5)
    return [*tokens, coin, parts.bag("pennies", copper, colour=COPPER)]


def make(opts: Options, colours: Palette, *, words: Words) -> VirtualTable:
    paper = pages.board_paper(opts, parts.PAPER, words=words)
    p = pages.board_placement(opts, paper, words=words)
    # A board over the whole page keeps its key and title in the corners: the table takes
    # the page inside its margins; else its body, between header and footer.
    box = (paper.margin, paper.margin, paper.inner_width, paper.height - 2 * paper.margin) \
        if pages.corner_layout(opts, paper, colours=colours,
                               words=words) is not None else parts.body(paper)
    board = parts.board(parts.board_name(TITLE, words),
                        pages.board_page(opts, paper, colours=colours,
                                                                         words=words),
                        box=box, cells=(p.centre(h) for h in Rhombus(opts.size)))
    diameter = parts.stone_diameter(p.cell_radius)
    marks = [parts.bag(player, parts.round_piece(
        player, parts.disc(f"mark-{player}", diameter, drawn=mark_drawn(player, colours))),
        colour=colours[SIDES[player]]) for player in PLAYERS]
    pieces = hands(opts, colours, words=words) if opts.edition == "cards" else pennies(colours)
    return parts.kit_table(TITLE, opts, key_text=parts.key("blind-hex", opts, colours=colours),
                           board=board,
                           pieces=[*marks, *pieces], rules=pages.rules_item,
                           pads=pages.pad_pages, credit=credit(words), colours=colours,
                           words=words)


TABLE = Tables(make)
