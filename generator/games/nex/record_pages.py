"""A Nex move list as a study booklet (`pnp record nex FILE`): the board stood on a corner as
on the kit's board and in the rules' figures, its black, white and neutral stones as the kit
draws them, each stone numbered with the turn that last placed or changed it (a conversion
renumbers the stones it turns), a diagram every N turns captioned with its moves, the last
with the winning chain, and the move list as it is written (games/record_book.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import pairwise

from generator.core.geometry import Hex
from generator.core.gridfile import hex_name
from generator.core.palette import Palette, text_on
from generator.core.paper import Paper
from generator.core.scene import Circle, Document, Paint, Shape, segments
from generator.games import played, record_book
from generator.games.hex.records.model import RecordError
from generator.games.nex.pages import board_shapes, credit, letter, name, place, sides, stone
from generator.games.nex.records import NexRecord, PlayedNex, replay, written
from generator.games.nex.rules import BLACK, DESIGNER, NEUTRAL, TITLE, WHITE
from generator.games.played import Cut
from generator.i18n import Words
from generator.layout import describe, hexboard
from generator.layout.textlayout import Figure

FIGURE_WIDTH = 80.0            # mm before the column scales it
ANGLE = 60.0                   # the kit's board and the rules' figures stand on a corner
STONE = 0.72                   # a stone's radius in cell radii: room for a turn's number

NexDiagram = played.Diagram[Hex, str]


def figure(size: int, diagram: NexDiagram, *, colours: Palette,
           width: float = FIGURE_WIDTH,
           numbers: record_book.StoneNumbers = record_book.IN_PROPORTION, words: Words) -> Figure:
    """One diagram: the board, its stones, their numbers and the winning chain."""
    height = record_book.figure_height(size, ANGLE, width=width)
    p = place(size, 0.0, y=0.0, w=width, h=height)
    r = p.cell_radius
    shapes: list[Shape] = board_shapes(p, colours, with_coordinates=True, words=words)
    on_stones: list[Shape] = []     # drawn last, over the winning chain, which they would hide
    fills = {BLACK: "black stone", WHITE: "white stone", NEUTRAL: "neutral stone"}
    for h, kind in sorted(diagram.stones.items(), key=lambda hk: (hk[0].r, hk[0].q)):
        number = diagram.numbers.get(h)
        centre = p.centre(h)
        if number is None:
            shapes += stone(kind, centre, radius=STONE * r, colours=colours, words=words)
            continue
        # A numbered stone: its kind by its fill (or, in a lettered palette, by its letter
        # before the number), the number where the neutral stone's ring would be.
        fill = colours[fills[kind]]
        shapes.append(Circle(centre, STONE * r, Paint(fill=fill, stroke=colours["stone edge"],
                                                       width=max(0.15, 0.07 * STONE * r))))
        if colours.lettered:
            on_stones.append(record_book.numbered(centre, number, radius=STONE * r,
                                                  ink=colours["ink"], numbers=numbers,
                                                  prefix=letter(kind, words)))
        else:
            on_stones.append(record_book.numbered(centre, number, radius=STONE * r,
                                                  ink=text_on(colours, fill),
                                                  numbers=numbers))
    if diagram.chain:
        shapes.append(segments([(p.centre(a), p.centre(b)) for a, b in pairwise(diagram.chain)],
                               Paint(stroke=colours["highlight"], width=0.22 * r)))
    return Figure(width, height, (*shapes, *on_stones), "", description(size, p, diagram=diagram,
                                                                        words=words))


def description(size: int, p: hexboard.Placement, *, diagram: NexDiagram, words: Words) -> str:
    def listed(kind: str) -> str:
        cells = sorted((h for h, k in diagram.stones.items() if k == kind),
                       key=lambda h: (h.q, h.r))
        return ", ".join(hex_name(h) + (f" ({diagram.numbers[h]})" if h in diagram.numbers
                                        else "") for h in cells)
    stones = [words._("%(who)s: %(cells)s", who=name(k, words), cells=listed(k))
              for k in (BLACK, WHITE, NEUTRAL) if k in diagram.stones.values()]
    return describe.sentence(
        describe.sized(TITLE, size, words=words),
        record_book.moves_range(diagram.first, diagram.last, words=words), *sides(p, words),
        "; ".join(stones) if stones else words._("No stones"),
        words._("Highlighted chain: %(cells)s", cells=", ".join(map(hex_name, diagram.chain)))
        if diagram.chain else "")


@dataclass(frozen=True, slots=True)
class NexStudy:
    """A Nex move list replayed, as the record item prints it (record_book.Study)."""
    played: PlayedNex

    @property
    def size(self) -> int:
        return self.played.record.columns

    def diagrams(self, every: int) -> list[NexDiagram]:
        game = self.played.game
        return played.diagrams(game.steps, len(self.played.record.turns), every=every,
                               chain=tuple(game.won[2]) if game.won else ())

    def check(self, cut: Cut) -> None:
        errors = self.played.game.errors
        if errors:
            raise RecordError(f"it holds an illegal turn ({errors[0]}); `pnp judge nex` "
                              f"lists them all")
        played.count(len(self.played.record.turns), cut.every)

    def caption(self, diagram: NexDiagram, words: Words) -> str:
        turns, movers = self.played.record.turns, self.played.movers
        swaps = [record_book.special(n, name(movers[n - 1], words), what="swap", words=words)
                 for n in range(diagram.first, diagram.last + 1) if turns and
                 turns[n - 1].swap]
        return record_book.caption(diagram.first, diagram.last, special=swaps,
                                   chain=" ".join(map(hex_name, diagram.chain)), words=words)

    def booklet(self, cut: Cut, paper: Paper, *, colours: Palette,
                heading: str = "", words: Words) -> Document:
        shown = self.diagrams(cut.every)

        def drawn(width: float, numbers: record_book.StoneNumbers) -> dict[str, Figure]:
            return {f"d{k}": replace(figure(self.size, d, colours=colours, width=width,
                                            numbers=numbers, words=words),
                                     caption=self.caption(d, words)) for k, d in enumerate(shown)}
        figures = record_book.legible(drawn, FIGURE_WIDTH, most=paper.inner_width, words=words)
        key = words._("*Key:* Black moves first and joins the two sides marked %(B)s; White joins "
                      "the two sides marked %(W)s. A turn drops a stone of one's own and a neutral "
                      "stone, written c4 (d5), or turns two neutral stones into one's own and one "
                      "of one's own into a neutral, written c4 d5 (e6). A number on a stone is the "
                      "move that last placed or changed it.", B=letter(BLACK, words),
                      W=letter(WHITE, words))
        turns = self.played.record.turns
        markup = record_book.markup(
            heading or self.title(words), record_book.board_line(self.size, len(turns),
                                                                 words=words),
            ending=self.byline(words), key=key, diagrams=len(shown),
            written=[written(t) for t in turns], words=words)
        return record_book.typeset_booklet(markup, figures, paper=paper, colours=colours,
                                           credit=credit(words), game=TITLE, designer=DESIGNER,
                                           size=self.size, words=words)

    def title(self, words: Words) -> str:
        return record_book.a_game(TITLE, words)

    def byline(self, words: Words) -> str:
        won = self.played.game.won
        return record_book.ending(name(won[0], words) if won else "", won[1] if won else 0,
                                  words=words)

    def event(self) -> str:
        return ""

    def sgf(self) -> str:
        raise record_book.refuse_sgf(TITLE)


def study(record: NexRecord) -> NexStudy:
    return NexStudy(replay(record))
