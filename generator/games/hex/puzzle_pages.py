"""A Hex puzzle book's pages (`pnp puzzles hex`): the puzzles, each a diagram in the one
picture of the board the record booklets draw (record_drawing.py: a1 top left, letters
across the top, Black joining the top and bottom rows), captioned with whose turn it is,
its level and where it came from; then the answers: every winning move, a main line
against the strongest defence (its stones numbered on the diagram) and the winning
connection at its end shaded, as Hex KB's solution page shades its winning structure. Set
as the rule sheets are (textlayout.typeset), so tagged and described the same way."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.formats import JsonValue
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.games.hex import puzzle_facts
from generator.games.hex.pages import credit
from generator.games.hex.puzzle_choice import ALL_LEVELS, BookPuzzle, Source
from generator.games.hex.record_drawing import FIGURE_WIDTH, board, colour_name, side_letter
from generator.games.hex.record_lines import Diagram
from generator.games.hex.record_pages import plain
from generator.games.hex.records.model import BLACK, WHITE, Cell, Colour, cell_name
from generator.games.hex.rules import TITLE
from generator.games.hex.solver.puzzles import LEVELS
from generator.games.puzzle_book import Chapter
from generator.games.record_book import StoneNumbers, legible
from generator.i18n import Words
from generator.layout import describe
from generator.layout.textlayout import Figure, typeset


def _order(cell: Cell) -> tuple[int, int]:
    return cell.row, cell.column


def source_words(source: Source, words: Words) -> str:
    """Where a puzzle came from, in words: the players, event and move of a record, or the
    seed's game and move."""
    if source.seed is not None:
        return words._("game %(game)s of seed %(seed)s, after move %(n)s", game=source.game,
                       seed=source.seed, n=source.move)
    said = []
    if source.black or source.white:
        said.append(words._("%(black)s (Black) against %(white)s (White)",
                            black=plain(source.black, 40) or "?",
                            white=plain(source.white, 40) or "?"))
    else:
        said.append(plain(source.record.rpartition("/")[2], 40))
    if source.event:
        said.append(plain(source.event, 60))
    said.append(words._("after move %(n)s", n=source.move))
    return ", ".join(said)


def to_move(colour: Colour, words: Words) -> str:
    return (words._("Black to move and win.") if colour == BLACK else
            words._("White to move and win."))


def caption(number: int, puzzle: BookPuzzle, *, words: Words) -> str:
    """A puzzle's caption: its number, whose turn, its level, where it came from."""
    return " ".join((words._("Puzzle %(n)s.", n=number),
                     to_move(puzzle.puzzle.position.to_move, words),
                     words._("Level %(level)s.", level=puzzle.level),
                     words._("From %(source)s.", source=source_words(puzzle.source, words))))


def _stones(puzzle: BookPuzzle) -> dict[Cell, Colour]:
    position = puzzle.puzzle.position
    return {**dict.fromkeys(position.black, BLACK), **dict.fromkeys(position.white, WHITE)}


def question(puzzle: BookPuzzle) -> Diagram:
    """The puzzle's diagram: its stones, none numbered."""
    return Diagram(1, 0, _stones(puzzle), {}, ())


def answer(puzzle: BookPuzzle) -> Diagram:
    """The answer's diagram: the main line's stones numbered from 1 and the winning
    connection at its end shaded."""
    solution = puzzle.puzzle.solution
    stones = _stones(puzzle)
    colours = (solution.to_move, WHITE if solution.to_move == BLACK else BLACK)
    for k, cell in enumerate(puzzle.main_line):
        stones[cell] = colours[k % 2]
    return Diagram(1, len(puzzle.main_line), stones,
                   {cell: k for k, cell in enumerate(puzzle.main_line, start=1)}, (),
                   shaded=frozenset(puzzle.connection))


def answer_caption(number: int, puzzle: BookPuzzle, *, words: Words) -> str:
    """Every winning move, the main line, and what is shaded."""
    solution = puzzle.puzzle.solution
    winning = [cell_name(c) for c in sorted(solution.winning, key=_order)]
    line = " ".join(f"{k}.\u00a0{cell_name(c)}" for k, c in enumerate(puzzle.main_line, 1))
    said = [words._("Puzzle %(n)s.", n=number),
            words._("Winning moves, all of them (%(count)s): %(cells)s.", count=len(winning),
                    cells=" ".join(winning))]
    if line:
        said.append(words._("Main line against the strongest defence: %(moves)s.", moves=line))
    if puzzle.connection:
        said.append(words._("Shaded: the winning connection."))
    return " ".join(said)


def description(number: int, puzzle: BookPuzzle, *, diagram: Diagram, words: Words) -> str:
    """What a diagram shows, for those who cannot see it: the board, its sides, every
    stone by cell (a puzzle's board holds few enough), and on an answer what is shaded."""
    size = puzzle.puzzle.position.columns
    cells = {colour: sorted((c for c, k in diagram.stones.items() if k == colour),
                            key=_order) for colour in (BLACK, WHITE)}
    said = [words._("Puzzle %(n)s", n=number), describe.sized(TITLE, size, words=words),
            words._("Black's sides, marked %(B)s: the top and bottom rows; White's, marked %(W)s: "
                    "the left and right columns", B=side_letter(BLACK, words), W=side_letter(WHITE,
                                                                                             words))]
    for colour in (BLACK, WHITE):
        if cells[colour]:
            said.append(f"{colour_name(colour, words)}: {', '.join(map(cell_name, cells[colour]))}")
    if diagram.shaded:
        said.append(words._("Shaded: %(cells)s", cells=", ".join(
            map(cell_name, sorted(diagram.shaded, key=_order)))))
    return describe.sentence(*said)


def _figures(puzzles: Sequence[BookPuzzle], paper: Paper, colours: Palette, *,
             answers: bool, words: Words) -> dict[str, Figure]:
    diagrams = [answer(p) if answers else question(p) for p in puzzles]
    said = [((answer_caption if answers else caption)(k, p, words=words),
             description(k, p, diagram=d, words=words))
            for k, (p, d) in enumerate(zip(puzzles, diagrams, strict=True), start=1)]

    def drawn(width: float, numbers: StoneNumbers) -> dict[str, Figure]:
        return {f"p{k}": board(p.puzzle.position.columns, d, colours=colours,
                               caption=said[k][0], description=said[k][1], width=width,
                               numbers=numbers, words=words)
                for k, (p, d) in enumerate(zip(puzzles, diagrams, strict=True))}
    return legible(drawn, FIGURE_WIDTH, most=paper.inner_width, words=words)


def levels_note(words: Words) -> str:
    bounds = ", ".join(f"{b:,}" for b in LEVELS)
    return words._("The level, 1 to %(most)s, is how much work pnp's solver needed to prove the "
                   "answer: under %(bounds)s positions analysed, or more.", most=len(ALL_LEVELS),
                   bounds=bounds)


def puzzle_markup(count: int, words: Words) -> str:
    heading = words._("Puzzles")      # outside the f-string, where pybabel extracts it
    lines = [f"# {heading}", "",
             words._("Each diagram is a position from a game of Hex, with the player to move "
                     "named: that player can force a win. Find a winning move, and the answer to "
                     "every defence. The answers at the back list every winning move, each proven "
                     "by pnp's solver, and a main line against the strongest defence."), "",
             words._("*Key:* Black moves first and joins the top and bottom rows, marked %(B)s "
                     "and banded in red: on the kit's board, play Black's moves as Red's and "
                     "White's, whose sides are marked %(W)s, as Blue's.",
                     B=side_letter(BLACK, words), W=side_letter(WHITE, words)), "",
             levels_note(words), ""]
    for k in range(count):
        lines += [f"[figure p{k}]", ""]
    return "\n".join(lines)


def answer_markup(count: int, words: Words) -> str:
    heading = words._("Answers")
    lines = [f"# {heading}", "",
             words._("Each answer lists every winning move: a move is listed only when the solver "
                     "proved that every defence to it loses. The diagram numbers the main line's "
                     "moves from 1, the winner's strongest against the strongest defence, and "
                     "shades the winning connection at its end."), ""]
    for k in range(count):
        lines += [f"[figure p{k}]", ""]
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class HexPuzzles:
    """A Hex puzzle book's chosen puzzles (games/puzzle_book.py's Puzzles)."""
    puzzles: tuple[BookPuzzle, ...]

    def __len__(self) -> int:
        return len(self.puzzles)

    def chapters(self, paper: Paper, colours: Palette, *, words: Words) -> list[Chapter]:
        footer = words._("%(credit)s Every answer proven by pnp's solver.", credit=credit(words))
        count = len(self.puzzles)
        return [Chapter(words._("Puzzles"), words.ngettext("%(count)s position to solve",
                                                           "%(count)s positions to solve",
                                                           n=count, count=count),
                        typeset(puzzle_markup(count, words),
                                _figures(self.puzzles, paper, colours, answers=False,
                                         words=words),
                                paper=paper, colours=colours, footer_text=footer, words=words)),
                Chapter(words._("Answers"), words._("Every winning move, proven"),
                        typeset(answer_markup(count, words),
                                _figures(self.puzzles, paper, colours, answers=True,
                                         words=words),
                                paper=paper, colours=colours, footer_text=footer, words=words))]

    def facts(self) -> list[dict[str, JsonValue]]:
        return [puzzle_facts.facts(p) for p in self.puzzles]


__all__ = ["HexPuzzles", "answer", "caption", "question", "source_words"]
