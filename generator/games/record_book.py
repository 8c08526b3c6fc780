"""The record item's seam with the games: a played game read, judged and ready to print as a
study booklet (a `Study`), whatever the game; and the booklet's text for games whose records
are the project's own move lists (Nex, Hex KB), which share its shape with Hex's.

Each game that reads records declares a reader (Game.records, games/capabilities.py) that
gives a `Study`: the record read and replayed by the game's own engine (its record_pages
module's `study`). The request (app/record_request.py) and the folder booklet
(app/record_folder.py) use only the `Study`. A move list's booklet has a header naming the
board and how the game ended, a key to the board's sides, a diagram every N moves with the
stones numbered and each diagram captioned with its moves, the last with the winning chain,
and the whole move list as it was written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from generator.core.geometry import Affine, Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import (
    SMALLEST_TEXT,
    Circle,
    Clip,
    Document,
    Page,
    Paint,
    Shape,
    nested,
    text_sizes,
)
from generator.errors import UserError
from generator.fonts import text_width
from generator.i18n import Words
from generator.layout import hexboard
from generator.layout.textlayout import Figure, centred_label, typeset

if TYPE_CHECKING:
    from generator.core.palette import Palette
    from generator.core.paper import Paper
    from generator.games.played import Cut


class Study(Protocol):
    """A played game read and judged, to print as a study booklet."""

    def check(self, cut: Cut) -> None:
        """Refuse (one line, a UserError) what the booklet cannot print: an illegal move, a
        board it cannot draw, more diagrams than it holds cut as `cut` says."""
        ...

    def booklet(self, cut: Cut, paper: Paper, *, colours: Palette,
                heading: str = "", words: Words) -> Document:
        """The booklet, in `words`: a diagram every `cut.every` moves and the variations
        `cut` asks for, under `heading` (its title unless given: a folder's booklet tells
        apart games of one title)."""
        ...

    def title(self, words: Words) -> str:
        """The game's title in `words`: its players, or the game's name."""
        ...

    def byline(self, words: Words) -> str:
        """A line under the title in a booklet's contents: event, date, how it ended."""
        ...

    def event(self) -> str:
        """The event the record names, or ''."""
        ...

    def sgf(self) -> str:
        """The record as SGF; a game whose records are not SGF refuses (UserError)."""
        ...


class NoSGF(UserError, ValueError):
    """A record asked for as SGF, of a game SGF has no numbers for."""


def refuse_sgf(title: str) -> NoSGF:
    return NoSGF(f"{title} records are the project's move lists; --format sgf is for Hex")


# --- a move list's booklet -------------------------------------------------------------------


def moves_range(first: int, last: int, *, words: Words) -> str:
    """A diagram's moves, as its caption begins; a record of no moves (its setup stones, or
    a move list of its size alone) has one diagram, of the board before any move."""
    if last < first:
        return words._("The board before any move")
    if first == last:
        return words._("Move %(n)s", n=first)
    return words._("Moves %(first)s to %(last)s", first=first, last=last)


def markup(title: str, board: str, *, ending: str, key: str, diagrams: int,
           written: Sequence[str], words: Words) -> str:
    """A move list's booklet in the sheets' markup: its header, key, one figure a diagram
    (named d0, d1, ...) and the move list, each turn numbered as it is written."""
    lines = [f"# {title}", "", board, "", ending, "", key, ""]
    for k in range(diagrams):
        lines += [f"[figure d{k}]", ""]
    # A call inside an f-string is not seen by pybabel's extraction, so not translated.
    heading = words._("The moves")
    lines += [f"## {heading}", "",
              "  ".join(f"**{n}.** {w}" for n, w in enumerate(written, start=1)) or
              words._("No moves."), ""]
    return "\n".join(lines)


def a_game(game: str, words: Words) -> str:
    return words._("A game of %(game)s", game=game)


def ending(winner: str, won_on: int, *, words: Words) -> str:
    """How a move list's game ended, with the winner's name, in `words`."""
    if winner:
        return words._("%(who)s joined their sides on move %(n)s.", who=winner, n=won_on)
    return words._("The record stops before anyone has connected.")


def board_line(size: int, moves: int, *, words: Words) -> str:
    """The header's board and move count: "1 move", "2 moves" (ngettext: each language has
    its own plural forms)."""
    return words.ngettext("**Board:** %(size)s × %(size)s, %(moves)s move.",
                          "**Board:** %(size)s × %(size)s, %(moves)s moves.", n=moves, size=size,
                          moves=moves)


def caption(first: int, last: int, *, special: Sequence[str], chain: str, words: Words) -> str:
    """A diagram's caption: its moves, the special ones among them ("2: White swap"), and
    the winning chain it highlights."""
    text = moves_range(first, last, words=words) + (f" ({'; '.join(special)})" if special else "")
    if chain:
        text += ". " + words._("Highlighted: the winning chain, %(cells)s.", cells=chain)
    return text


def special(number: int, who: str, *, what: str, words: Words) -> str:
    return words._("%(n)s: %(who)s %(what)s", n=number, who=who, what=what)


def figure_height(size: int, angle: float, *, width: float, outset: float = 0.0) -> float:
    """The height a board turned by `angle` takes at `width` (layout/hexboard.py's extent)."""
    points = [Affine.rotation(angle).apply(p) for p in hexboard.extent(size, True, outset=outset)]
    wide = max(p.x for p in points) - min(p.x for p in points)
    high = max(p.y for p in points) - min(p.y for p in points)
    return width * high / wide


NUMBER_ROOM = 1.9              # of a stone's radius: the width its number may take


@dataclass(frozen=True, slots=True, eq=False)
class StoneNumbers:
    """How a diagram sets the numbers on its stones: in proportion to each stone, or, on a
    diagram drawn as wide as the page takes it and no wider (`dots` then a set), at 6 pt
    where the proportion would make a number smaller, and a number 6 pt cannot fit in its
    stone left off for a dot, each dot's id kept in `dots` so that the caption can say so."""
    dots: set[int] | None = None


IN_PROPORTION = StoneNumbers()


# A diagram drawn `width` mm wide, its stone numbers set as told.
DrawDiagrams = Callable[[float, StoneNumbers], dict[str, Figure]]


def legible(draw: DrawDiagrams, width: float, *, most: float, words: Words) -> dict[str, Figure]:
    """A booklet's diagrams drawn `width` mm wide, or all as much wider as makes the
    smallest text on any of them 6 pt: a large board's stone numbers, drawn to fit their
    stones, would be smaller. The page sets a figure too wide for a column of two in one
    column (layout/textlayout.py), but shrinks one wider than `most` (the page's text
    width): no diagram is drawn wider than that. There the coordinates keep their 6 pt
    (hexboard.label_size) with the cells smaller under them, each number is set at 6 pt
    if it fits its stone, and a number that does not is left off for a dot, which the
    diagram's caption explains (the booklet's move list names every move)."""
    drawn = draw(width, IN_PROPORTION)
    smallest = min((size for fig in drawn.values()
                    for size, t in text_sizes(s for s in fig.shapes if not isinstance(s, Clip))
                    if t.text.strip()), default=SMALLEST_TEXT)
    if smallest >= SMALLEST_TEXT:
        return drawn
    # Every size on a diagram grows with its width; the margin keeps rounding off 6 pt.
    wider = width * SMALLEST_TEXT / smallest * 1.0001
    if wider <= most:
        return draw(wider, IN_PROPORTION)
    dots: set[int] = set()
    drawn = draw(most, StoneNumbers(dots))
    note = words._("A dot marks a stone too small at this size for its number; the moves are "
                   "listed under \u201cThe moves\u201d.")
    return {name: replace(fig, caption=f"{fig.caption.rstrip('.')}. {note}")
            if any(id(s) in dots for s in nested(fig.shapes)) else fig
            for name, fig in drawn.items()}


def stone_number(centre: Point, text: str, *, size: float, radius: float, ink: str,
                 numbers: StoneNumbers) -> Shape:
    """A number on a stone of `radius`, at `size` (the stone's proportion); on a diagram
    drawn at the page's width (legible) at 6 pt where that is larger, or a dot where 6 pt
    does not fit the stone, so that nothing on it is under 6 pt or runs into its
    neighbours."""
    dots = numbers.dots
    if dots is None or size >= SMALLEST_TEXT:
        return centred_label(centre.x, centre.y, text=text, size=size, colour=ink, font="bold")
    if text_width(text, SMALLEST_TEXT, role="bold") <= NUMBER_ROOM * radius:
        return centred_label(centre.x, centre.y, text=text, size=SMALLEST_TEXT, colour=ink,
                             font="bold")
    dot = Circle(centre, 0.28 * radius, Paint(fill=ink))
    dots.add(id(dot))
    return dot


def numbered(centre: Point, number: int, *, radius: float, ink: str, numbers: StoneNumbers,
             prefix: str = "") -> Shape:
    """A stone's move number (after `prefix`, a lettered palette's letter for the kind of
    stone), as large as its characters let it be within the stone."""
    text = f"{prefix}{number}"
    size = radius * (1.22, 1.03, 0.8, 0.64)[min(3, len(text) - 1)]
    return stone_number(centre, text, size=size, radius=radius, ink=ink, numbers=numbers)


def document(pages: Sequence[Page], game: str, *, designer: str, size: int,
             words: Words) -> Document:
    """A move list's booklet as a document: its title, author, subject and keywords."""
    return Document(tuple(pages), words._("%(game)s: %(what)s", game=game, what=a_game(game,
                                                                                       words)),
                    words._("pnp (game by %(designer)s)", designer=designer),
                    words._("%(game)s game record, %(size)s × %(size)s", game=game, size=size),
                    (game, words._("game record"), words._("connection game"),
                     words._("print and play")),
                    words._("This kit's text and drawings are MIT licensed"), lang=words.code)


def footer(credit: str, words: Words) -> str:
    return words._("%(credit)s Game record printed from the players' own record.", credit=credit)


def typeset_booklet(markup: str, figures: dict[str, Figure], *, paper: Paper,
                    colours: Palette, credit: str, game: str, designer: str, size: int,
                    words: Words) -> Document:
    """A move list's booklet set from its markup and diagrams, under the record's footer."""
    pages = typeset(markup, figures, paper=paper, colours=colours,
                    footer_text=footer(credit, words), words=words)
    return document(pages, game, designer=designer, size=size, words=words)


__all__ = ["IN_PROPORTION", "DrawDiagrams", "NoSGF", "StoneNumbers", "Study", "a_game",
           "board_line", "caption", "document", "ending", "figure_height", "footer", "legible",
           "typeset_booklet",
           "markup", "moves_range", "numbered", "refuse_sgf", "special", "stone_number"]
