"""Blind Hex (Don Kirkby, 2012): Hex played in pencil, with simultaneous secret choices.

Two players write x and o on a Hex board whose cell edges carry hash marks numbered 1..M.
Each turn both choose two numbers in secret; a number chosen by one player only lets that
player write in an empty space with that number on one of its edges. The cards edition keeps
the numbers in hand as cards; the pennies edition tracks them with pennies on the board page.
Each edition's kit prints its own pieces: ten number cards, or four tokens and a coin.
"""

from __future__ import annotations

from generator.games.blind_hex.board import EDITION_NAMES
from generator.games.blind_hex.colours import ROLES
from generator.games.blind_hex.rules import (
    DESIGNER,
    EDITIONS,
    TITLE,
    YEAR,
    Options,
    board_json,
    stats_report,
)
from generator.games.game import Game

_D = Options()   # the defaults, which the descriptions name


def _variants() -> list[tuple[str, Options]]:
    return [(edition, Options(edition=edition)) for edition in EDITIONS]


GAME = Game(
    key="blind-hex", title=TITLE, designer=DESIGNER, year=YEAR, options=Options,
    items=("rules", "board", "pad", "cards", "coins"), board_json=board_json,
    stats=stats_report, editions=_variants, refuse=Options.check_item,
    offers=Options.has_item, edition_names=EDITION_NAMES,
    about={
        "rules": "Print the Blind Hex rule sheet of the cards or pennies edition, its worked "
                 "example taken from the board --seed generates.",
        "board": f"Print an {_D.size} × {_D.size} Blind Hex board whose cell edges carry hash "
                 f"marks 1-{_D.numbers}, generated from --seed; the pennies edition adds "
                 f"coin tracks.",
        "pad": "Print a Blind Hex score pad: each turn's chosen numbers and the cells each "
               "player wrote in.",
        "cards": f"Print the cards edition's hands: ace to {_D.numbers} of diamonds for x and of "
                 f"clubs for o, poker size, each with its number's hash marks, and their "
                 f"backs.",
        "coins": "Print the pennies edition's pieces: four tokens for the coin tracks and a "
                 "two-sided coin to fold and flip.",
        "stats": "Count how often a generated Blind Hex board offers each number and pair, "
                 "and warn when it misses the balance targets.",
    },
    unread={"rules": ("coordinates",), "pad": ("coordinates",),
            "cards": ("size", "seed", "coordinates"),
            "coins": ("size", "numbers", "seed", "coordinates"),
            "stats": ("edition", "coordinates"), "json": ("edition", "coordinates")},
    roles=ROLES,
)
