"""What a Blind Hex figure shows, in words, where its caption says what it means: each
number's hash marks as they are drawn, and the example turn's letters and open spaces cell
by cell (the description a tagged PDF gives the figure)."""

from __future__ import annotations

from generator.games.blind_hex.rules import ExampleTurn
from generator.i18n import Words
from generator.layout import describe

GATE = 5      # five ticks are drawn as a gate: four and a slash (marks.glyph_segments)


def ticks(k: int, words: Words) -> str:
    return words.ngettext("%(k)s tick", "%(k)s ticks", n=k, k=k)


def tally(number: int, words: Words) -> str:
    """A number's marks: 1-4 ticks, 5 a gate, 6-9 a gate and 1-4 ticks."""
    if number < GATE:
        return ticks(number, words)
    if number == GATE:
        return words._("a gate (four ticks and a slash)")
    return words._("a gate and %(ticks)s", ticks=ticks(number - GATE, words))


def glyph_key(numbers: int, words: Words) -> str:
    return describe.sentence(words._("Marks across an edge, by number: %(marks)s", marks="; ".join(
        f"{n}: {tally(n, words)}" for n in range(1, numbers + 1))))


def example_turn(turn: ExampleTurn, words: Words) -> str:
    """The letters on the board before the turn, those written in it (ringed), and the
    empty spaces open to each player and to both."""
    def letters(cells: dict[str, list]) -> str:
        return describe.stones([(who, hexes) for who, hexes in cells.items()])
    before = {who: [h for h, w in turn.written.items() if w == who] for who in ("x", "o")}
    x_open, o_open = turn.allowed(turn.x_number), turn.allowed(turn.o_number)
    both = [h for h in x_open if h in o_open]
    return describe.sentence(
        words._("Written before: %(letters)s", letters=letters(before)),
        words._("Written this turn, ringed: %(letters)s",
                letters=letters({"x": list(turn.x_writes), "o": list(turn.o_writes)})),
        words._("Open to %(who)s only: %(cells)s", who="x",
                cells=describe.cells(h for h in x_open if h not in both)),
        words._("Open to %(who)s only: %(cells)s", who="o",
                cells=describe.cells(h for h in o_open if h not in both)),
        words._("Open to both: %(cells)s", cells=describe.cells(both)) if both else "")
