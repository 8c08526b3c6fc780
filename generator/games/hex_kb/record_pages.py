"""A Hex KB move list as a study booklet (`pnp record hex-kb FILE`): the kit's board with its
border segments, windows and twin-numbered portal frames, each claim's stone numbered with
its move (a frame cell keeps the frame number printed in it, and the caption names the
moves that claimed frame cells, as the score pad writes them), a diagram every N moves, the
last with the winning structure shaded as the puzzle's solution shades it, and the move list
as it is written (games/record_book.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.geometry import Hex
from generator.core.gridfile import hex_name
from generator.core.palette import Palette, text_on
from generator.core.paper import Paper
from generator.core.scene import Document, Shape
from generator.games import played, record_book
from generator.games.hex.records.model import RecordError
from generator.games.hex_kb.board import BLUE, DESIGNER, RED, TITLE, letter
from generator.games.hex_kb.moves import HexKbGame
from generator.games.hex_kb.pages import (
    BOARD_ANGLE,
    board_shapes,
    credit,
    describe_verdict,
    name,
    place,
    position,
    stone_shapes,
)
from generator.games.hex_kb.records import HexKbRecord
from generator.games.played import Cut
from generator.i18n import Words
from generator.layout import hexboard
from generator.layout.textlayout import Figure

FIGURE_WIDTH = 90.0            # mm before the column scales it

KbDiagram = played.Diagram[Hex, str]


def figure(game: HexKbGame, diagram: KbDiagram, *, caption: str, colours: Palette,
           width: float = FIGURE_WIDTH,
           numbers: record_book.StoneNumbers = record_book.IN_PROPORTION, words: Words) -> Figure:
    """One diagram: the board, its stones (a frame cell's in both frames), their numbers,
    and the winning structure shaded."""
    board = game.board
    height = record_book.figure_height(board.size, BOARD_ANGLE, width=width,
                                       outset=hexboard.BORDER_ROW)
    p = place(board, 0.0, y=0.0, w=width, h=height)
    # Numbered stones off the frames are drawn here, with their numbers; the board draws
    # the rest, a frame cell's in both frames under its frame number.
    numbered = {h: c for h, c in diagram.stones.items()
                if h in diagram.numbers and h not in board.twins}
    rest = {h: c for h, c in diagram.stones.items() if h not in numbered}
    shapes: list[Shape] = board_shapes(p, board, colours=colours, with_coordinates=True,
                                       stones=rest, marked=set(diagram.chain),
                                       words=words)
    r = p.cell_radius
    for h, colour in sorted(numbered.items(), key=lambda hc: (hc[0].r, hc[0].q)):
        centre = p.centre(h)
        shapes += stone_shapes(p, h, stone=colour, colours=colours, numbered=True, words=words)
        ink = colours["red" if colour == RED else "blue"]
        # The number fills the stone (0.6 r); in a lettered palette it stays within Blue's
        # inner ring (0.45 r), which two digits at 0.55 r still clear.
        shapes.append(record_book.numbered(
            centre, diagram.numbers[h], radius=(0.55 if colours.lettered else 0.6) * r,
            ink=ink if colours.lettered else text_on(colours, ink), numbers=numbers))
    return Figure(width, height, tuple(shapes), caption,
                  description(game, p, diagram=diagram, words=words))


def description(game: HexKbGame, p: hexboard.Placement, *, diagram: KbDiagram, words: Words) -> str:
    board = game.board

    def listed(colour: str) -> str:
        cells = sorted((h for h, c in diagram.stones.items() if c == colour),
                       key=lambda h: (h.q, h.r))
        return ", ".join(hex_name(h) + (f" ({diagram.numbers[h]})" if h in diagram.numbers
                                        else "") for h in cells)
    stones = [words._("%(who)s: %(cells)s", who=name(c, words), cells=listed(c))
              for c in (RED, BLUE) if c in diagram.stones.values()]
    verdict = game.verdict if diagram.chain else None
    return " ".join(filter(None, (
        record_book.moves_range(diagram.first, diagram.last, words=words) + ".",
        position(board, p, stones=dict(diagram.stones), verdict=verdict, words=words),
        "; ".join(stones) + "." if stones else "",
        words._("Shaded: %(cells)s", cells=", ".join(map(hex_name, diagram.chain))) + "."
        if diagram.chain else "")))


@dataclass(frozen=True, slots=True)
class HexKbStudy:
    """A Hex KB move list replayed, as the record item prints it (record_book.Study)."""
    game: HexKbGame

    def diagrams(self, every: int) -> list[KbDiagram]:
        return played.diagrams(self.game.steps, len(self.game.claims), every=every,
                               chain=self.game.structure)

    def check(self, cut: Cut) -> None:
        if self.game.errors:
            raise RecordError(f"it holds an illegal move ({self.game.errors[0]}); "
                              f"`pnp judge hex-kb` lists them all")
        played.count(len(self.game.claims), cut.every)

    def caption(self, diagram: KbDiagram, words: Words) -> str:
        """The diagram's moves, with those that claimed frame cells named by their frame
        number, and the winner's structure."""
        board, claims = self.game.board, self.game.claims
        framed = [record_book.special(n, name(self.game.movers[n - 1], words),
                                      what=words._("frame cell %(n)s", n=board.twin_index(c.cell)),
                                      words=words)
                  for n, c in enumerate(claims[diagram.first - 1:diagram.last],
                                        start=diagram.first)
                  if c.cell in board.twins]
        text = record_book.caption(diagram.first, diagram.last, special=framed, chain="",
                                   words=words)
        if diagram.chain:
            text += ". " + words._("Shaded: the winning structure. %(verdict)s",
                                   verdict=describe_verdict(self.game.verdict, words))
        return text

    def booklet(self, cut: Cut, paper: Paper, *, colours: Palette,
                heading: str = "", words: Words) -> Document:
        shown = self.diagrams(cut.every)
        figures = record_book.legible(
            lambda width, numbers: {f"d{k}": figure(self.game, d, caption=self.caption(d, words),
                                                    colours=colours,
                                                    width=width, numbers=numbers, words=words)
                                    for k, d in enumerate(shown)},
            FIGURE_WIDTH, most=paper.inner_width, words=words)
        board = self.game.board
        key = words._("*Key:* Red moves first and joins the border segments marked %(R)s, Blue "
                      "those marked %(B)s. The cells of the two portal frames that bear the same "
                      "number are one cell: a stone on one stands on both. A number on a stone is "
                      "its move; a frame cell keeps its frame number, and the caption names the "
                      "move that claimed it.", R=letter(RED, words), B=letter(BLUE, words))
        markup = record_book.markup(
            heading or self.title(words), record_book.board_line(board.size, len(self.game.claims),
                                                                 words=words),
            ending=self.byline(words), key=key, diagrams=len(shown),
            written=[c.written for c in self.game.claims], words=words)
        return record_book.typeset_booklet(markup, figures, paper=paper, colours=colours,
                                           credit=credit(words), game=TITLE, designer=DESIGNER,
                                           size=board.size, words=words)

    def title(self, words: Words) -> str:
        return record_book.a_game(TITLE, words)

    def byline(self, words: Words) -> str:
        winner = self.game.verdict.winner
        if winner is None:
            return record_book.ending("", 0, words=words)
        return record_book.ending(name(winner, words), self.game.won_on, words=words) + " " + \
            describe_verdict(self.game.verdict, words)

    def event(self) -> str:
        return ""

    def sgf(self) -> str:
        raise record_book.refuse_sgf(TITLE)


def study(record: HexKbRecord) -> HexKbStudy:
    return HexKbStudy(record.replay())


__all__ = ["HexKbStudy", "study"]
