"""Blind Hex (Don Kirkby, 2012): Hex played in pencil, with simultaneous secret choices.

Two players write x and o on a Hex board whose cell edges carry hash marks numbered 1..M.
Each turn both choose two numbers in secret; a number chosen by one player only lets that
player write in an empty space with that number on one of its edges. The cards edition keeps
the numbers in hand as cards; the pennies edition tracks them with pennies on the board page.
Each edition's kit prints its own pieces: ten number cards, or four tokens and a coin.
"""

from __future__ import annotations

from generator.games.blind_hex.colours import ROLES
from generator.games.blind_hex.rules import (
    DESIGNER,
    TITLE,
    YEAR,
    CardsAndPennies,
    Options,
    board_json,
    stats_report,
)
from generator.games.capabilities import FiguresOf
from generator.games.game import Game, Subject
from generator.games.items import BOARD, CARDS, COINS, PAD, RULES

_D = Options()   # the defaults, which the descriptions name


GAME = Game(
    key="blind-hex", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=(RULES, BOARD, PAD, CARDS, COINS), board_json=board_json,
    figures=FiguresOf(stats_report), editions=CardsAndPennies(),
    about={
        RULES: "Print the Blind Hex rule sheet of the cards or pennies edition, its worked "
               "example taken from the board --seed generates.",
        BOARD: f"Print an {_D.size} × {_D.size} Blind Hex board whose cell edges carry hash "
               f"marks 1-{_D.numbers}, generated from --seed; the pennies edition adds "
               f"coin tracks.",
        PAD: "Print a Blind Hex score pad: each turn's chosen numbers and the cells each "
             "player wrote in.",
        CARDS: f"Print the cards edition's hands: ace to {_D.numbers} of diamonds for x and of "
               f"clubs for o, poker size, each with its number's hash marks, and their "
               f"backs.",
        COINS: "Print the pennies edition's pieces: four tokens for the coin tracks and a "
               "two-sided coin to fold and flip.",
        Subject.FIGURES:
            "Count how often a generated Blind Hex board offers each number and pair, "
            "and warn when it misses the balance targets.",
    },
    unread={RULES: ("coordinates",), PAD: ("coordinates",),
            CARDS: ("size", "seed", "coordinates"),
            COINS: ("size", "numbers", "seed", "coordinates"),
            Subject.FIGURES: ("edition", "coordinates"),
            Subject.BOARD_DATA: ("edition", "coordinates")},
    roles=ROLES,
)
