"""A Hex game's record as a study booklet (`pnp record hex FILE`): a header with the players,
event, date and result; a diagram every N moves with the stones numbered, each captioned
with its moves and followed by the record's comments on them; the last diagram with the
winning chain or the position at resignation; and the whole move list.

The booklet keeps the record's terms (records/model.py), which are the kit's board's too
(pages.py): a1 top left, the columns across and the rows down, Black first joining the top
and bottom rows as the kit's Red does, White the left and right columns as its Blue. So a
move written in the record is the same cell for the same player on the printed board, and
each side is banded in the colour of the kit's player who joins it; a key says so. It is
set as the rule sheets are (textlayout.typeset), so it is tagged, described and has a web
edition the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from generator.core.geometry import Hex
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import Circle, Document, Paint, Shape, Text, segments
from generator.games import played
from generator.games.hex.pages import BOARD_ANGLE, credit
from generator.games.hex.records.judge import HexStep, Replay, replay
from generator.games.hex.records.model import (
    BLACK,
    Cell,
    Colour,
    GameRecord,
    Move,
    RecordError,
    cell_name,
    column_name,
)
from generator.games.hex.records.write import write_sgf
from generator.games.hex.rules import DESIGNER, SIZES, TITLE
from generator.games.record_book import board_line, legible, moves_range, stone_number
from generator.i18n import _, pgettext
from generator.layout import describe, hexboard
from generator.layout.textlayout import Figure, centred_label, typeset

EVERY, DEFAULT_EVERY = played.EVERY, played.DEFAULT_EVERY
FIGURE_WIDTH = 90.0            # mm before the column scales it; about an A4 column


def colour_name(colour: Colour) -> str:
    return _("Black") if colour == BLACK else _("White")


def side_letter(colour: Colour) -> str:
    """The letter on the sides a record's colour joins (its initial in the language)."""
    return pgettext("record side", "B") if colour == BLACK else pgettext("record side", "W")


def plain(text: str, most: int = 2000) -> str:
    """A record's text as one line of the sheets' markup: no markup of its own (asterisks,
    a line break's backslash, a heading's #, a list's -), and at most `most` characters."""
    one = " ".join(text.replace("*", "").replace("\\", "/").split())
    one = one.lstrip("#-[ ")
    return one if len(one) <= most else one[:most - 1] + "…"


# --- the positions to draw ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Diagram:
    """The position after move `last`, with the stones placed in moves `first` to `last`
    numbered; `moves` are those moves, with the comments beside them."""
    first: int
    last: int
    stones: dict[Cell, Colour]
    numbers: dict[Cell, int]
    moves: tuple[Move, ...]
    chain: tuple[Cell, ...] = ()


def diagrams(game: Replay, every: int) -> list[Diagram]:
    """The game cut into diagrams of `every` moves (games/played.py); setup stones stand
    unnumbered, and a swapped stone keeps the number of the move that placed it."""
    moves = game.record.moves

    def number(step: HexStep) -> int:
        return 1 if step.number and moves[step.number - 1].kind == "swap" else step.number
    cut = played.diagrams(game.steps, len(moves), every,
                          game.chain if game.winner else (), number)
    return [Diagram(d.first, d.last, d.stones, d.numbers, tuple(moves[d.first - 1:d.last]),
                    d.chain) for d in cut]


# --- drawing one diagram --------------------------------------------------------------------


def _luminance(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _on(fill: str, colours: Palette) -> str:
    """Ink or paper white, whichever reads on the fill."""
    return colours["cell"] if _luminance(fill) < 0.5 else colours["ink"]


def _hex(cell: Cell) -> Hex:
    return Hex(cell.column, cell.row)


def board(size: int, diagram: Diagram, colours: Palette, width: float = FIGURE_WIDTH
          ) -> Figure:
    """One diagram: the board in the record's orientation, its stones, their numbers."""
    points = hexboard.extent(size, True)
    w = max(p.x for p in points) - min(p.x for p in points)
    h = max(p.y for p in points) - min(p.y for p in points)
    height = width * h / w
    # The kit's board's angle: row 1 across the top, a1 top left, as the record has it.
    p = hexboard.place_board(size, 0.0, 0.0, width, height, angle=BOARD_ANGLE,
                             with_coordinates=True)
    r = p.cell_radius
    # White's sides (the columns, q) in the kit's Blue, Black's (the rows, r) in its Red.
    shapes: list[Shape] = hexboard.side_bands(p, colours["blue"], colours["red"],
                                              hatched=colours.hatched)
    shapes += hexboard.cell_shapes(p, Paint(stroke=colours["board line"],
                                            width=max(0.15, 0.035 * r)))
    numbers: list[Shape] = []       # drawn last, over the winning chain, which they would hide
    for cell, colour in sorted(diagram.stones.items(), key=lambda cc: (cc[0].row,
                                                                       cc[0].column)):
        fill = colours["black stone" if colour == BLACK else "white stone"]
        centre = p.centre(_hex(cell))
        shapes.append(Circle(centre, 0.78 * r, Paint(fill=fill, stroke=colours["stone edge"],
                                                     width=max(0.12, 0.05 * r))))
        number = diagram.numbers.get(cell)
        if number is not None:
            text = str(number)
            label = r * (0.95, 0.8, 0.62, 0.5)[min(3, len(text) - 1)]
            numbers.append(stone_number(centre, text, label, 0.78 * r, _on(fill, colours)))
    if diagram.chain:
        shapes.append(segments([(p.centre(_hex(a)), p.centre(_hex(b)))
                                for a, b in pairwise(diagram.chain)],
                               Paint(stroke=colours["highlight"], width=0.22 * r)))
    shapes += numbers
    shapes += _labels(p, colours)
    return Figure(width, height, tuple(shapes), caption(diagram), description(size, diagram))


def _labels(p: hexboard.Placement, colours: Palette) -> list[Shape]:
    """Coordinates as the record names its cells (aa, ab, ... past z), and each colour's
    letter on its sides: White's on the columns (q), Black's on the rows (r)."""
    n, r = p.board.size, p.cell_radius
    size: float = hexboard.label_size(hexboard.COORDINATE_SIZE, r)
    lo, hi = p.low - hexboard.COORDINATE_AT, p.high + hexboard.COORDINATE_AT
    out: list[Shape] = []
    for i in range(n):
        for at in (p.point(i, lo), p.point(i, hi)):
            out.append(centred_label(at.x, at.y, column_name(i), size, colours["muted"]))
        for at in (p.point(lo, i), p.point(hi, i)):
            out.append(centred_label(at.x, at.y, str(i + 1), size, colours["muted"]))
    letters: list[Text] = hexboard.side_letters(
        p, side_letter("white"), side_letter(BLACK), colours["blue"], colours["red"],
        hexboard.label_size(hexboard.SIDE_LETTER_SIZE, r), True)
    return out + list(letters)


def _range(diagram: Diagram) -> str:
    return moves_range(diagram.first, diagram.last)


def written(move: Move) -> str:
    """A move in the record's notation: its cell, or the special move as the record spells
    it (swap-pieces, swap, resign, ...)."""
    if move.kind == "cell" and move.cell is not None:
        return cell_name(move.cell)
    return move.written or move.kind


def caption(diagram: Diagram) -> str:
    played = [m for m in diagram.moves if m.kind != "cell"]
    extra = "; ".join(_("%(n)s: %(who)s %(what)s", n=m.number, who=colour_name(m.colour),
                        what=written(m)) for m in played)
    text = _range(diagram) + (f" ({extra})" if extra else "")
    if diagram.chain:
        text += ". " + _("Highlighted: the winning chain, %(cells)s.",
                         cells=" ".join(map(cell_name, diagram.chain)))
    return text


def description(size: int, diagram: Diagram) -> str:
    def listed(colour: Colour) -> str:
        cells = sorted((c for c, k in diagram.stones.items() if k == colour),
                       key=lambda c: (c.column, c.row))
        return ", ".join(f"{cell_name(c)}" + (f" ({diagram.numbers[c]})"
                                              if c in diagram.numbers else "")
                         for c in cells)
    stones = [_("%(who)s: %(cells)s", who=colour_name(k), cells=listed(k))
              for k in (BLACK, "white") if any(v == k for v in diagram.stones.values())]
    return describe.sentence(
        describe.sized(TITLE, size), _range(diagram),
        _("Black's sides, marked %(B)s: the top and bottom rows; White's, marked %(W)s: "
          "the left and right columns", B=side_letter(BLACK), W=side_letter("white")),
        "; ".join(stones) if stones else _("No stones"),
        _("Highlighted chain: %(cells)s", cells=", ".join(map(cell_name, diagram.chain)))
        if diagram.chain else "")


# --- the booklet ------------------------------------------------------------------------------


def ending(game: Replay) -> str:
    if game.winner:
        joined = _("%(who)s joined their sides on move %(n)s.", who=colour_name(game.winner),
                   n=game.won_on or len(game.record.moves))
        if game.end and game.ended_by:
            # The loser's resignation after the connection, as MoHex's match script writes.
            after = (_("%(who)s resigned on move %(n)s, after the game was decided.")
                     if game.end == "resign" else
                     _("%(who)s forfeited on move %(n)s, after the game was decided."))
            return f"{joined} {after % {'who': colour_name(game.ended_by), 'n': game.ended_on}}"
        return joined
    if game.end and game.ended_by:
        what = _("%(who)s resigned.") if game.end == "resign" else _("%(who)s forfeited.")
        return what % {"who": colour_name(game.ended_by)}
    return _("The record stops before anyone has connected.")


def title(record: GameRecord) -> str:
    black, white = plain(record.players.black, 60), plain(record.players.white, 60)
    if black or white:
        return _("%(black)s (Black) against %(white)s (White)", black=black or "?",
                 white=white or "?")
    return _("A game of %(game)s", game=TITLE)


def markup(game: Replay, shown: list[Diagram], heading: str = "") -> str:
    record = game.record
    lines = [f"# {heading or title(record)}", ""]
    facts = [(_("Event"), " ".join(filter(None, (record.event, record.round)))),
             (_("Date"), record.date), (_("Place"), record.place),
             (_("Result"), record.result)]
    said = [f"**{label}:** {plain(value, 200)}" for label, value in facts if value]
    lines += [" · ".join([*said, board_line(record.columns, len(record.moves))]), "",
              ending(game), ""]
    lines += [_("*Key:* Black moves first and joins the top and bottom rows, marked %(B)s "
                "and banded in red: on the kit's board, play Black's moves as Red's and "
                "White's, whose sides are marked %(W)s, as Blue's.",
                B=side_letter(BLACK), W=side_letter("white")), ""]
    if game.swap:
        lines += [swap_note(game), ""]
    if record.comment:
        lines += [plain(record.comment), ""]
    for k, diagram in enumerate(shown):
        # The caption names the moves: a heading could be left at a column's foot.
        lines += [f"[figure d{k}]", ""]
        for move in diagram.moves:
            if move.comment:
                lines += [f"- **{move.number}** ({colour_name(move.colour)} "
                          f"{written(move)}): {plain(move.comment)}"]
        lines.append("")
    heading = _("The moves")      # outside the f-string, where pybabel extracts it
    lines += [f"## {heading}", "",
              "  ".join(f"**{m.number}.** {written(m)}" for m in record.moves) or
              _("No moves."), ""]
    return "\n".join(lines)


def swap_note(game: Replay) -> str:
    notes = {"swap-pieces": _("The swap is read as swap-pieces: the first stone was "
                              "reflected in the long diagonal and changed colour, and Black "
                              "moved next."),
             "swap-sides": _("The swap is read as swap-sides: the stone stayed and the "
                             "players exchanged colours, and White moved next."),
             "in-place": _("The swap is read in place: the first stone changed colour where "
                           "it stood, and Black moved next.")}
    return notes[game.swap] if game.swap else ""


def refuse(game: Replay) -> None:
    """A record the booklet cannot show, refused in one line before any drawing."""
    if game.illegal:
        raise RecordError(f"it holds an illegal move ({game.illegal[0]}); "
                          f"`pnp judge hex` lists them all")
    if not game.record.square:
        raise RecordError(f"the board is {game.record.columns} × {game.record.rows}; the "
                          f"booklet draws square boards")


def booklet(game: Replay, every: int, paper: Paper, colours: Palette,
            heading: str = "") -> Document:
    """The study booklet of one judged game."""
    refuse(game)
    shown = diagrams(game, every)
    size = game.record.columns
    figures = legible(lambda width: {f"d{k}": board(size, d, colours, width)
                                     for k, d in enumerate(shown)}, FIGURE_WIDTH,
                       paper.inner_width)
    pages = typeset(markup(game, shown, heading), figures, paper, colours,
                    footer_text=_("%(credit)s Game record printed from the players' own "
                                  "record.", credit=credit()))
    name = title(game.record)
    return Document(tuple(pages), _("%(game)s: %(what)s", game=TITLE, what=name),
                    _("pnp (game by %(designer)s)", designer=DESIGNER),
                    _("%(game)s game record, %(size)s × %(size)s", game=TITLE, size=size),
                    ("Hex", _("game record"), _("connection game"), _("print and play")),
                    _("This kit's text and drawings are MIT licensed"))


@dataclass(frozen=True, slots=True)
class HexStudy:
    """A Hex record replayed, as the record item prints it (games/record_book.py's Study)."""
    game: Replay

    def check(self, every: int) -> None:
        refuse(self.game)
        diagrams(self.game, every)

    def booklet(self, every: int, paper: Paper, colours: Palette,
                heading: str = "") -> Document:
        return booklet(self.game, every, paper, colours, heading)

    def title(self) -> str:
        return title(self.game.record)

    def byline(self) -> str:
        record = self.game.record
        said = [plain(v, 60) for v in (record.event, record.round, record.date) if v]
        return " · ".join([*said, ending(self.game)])

    def event(self) -> str:
        return plain(self.game.record.event, 80)

    def sgf(self) -> str:
        return write_sgf(self.game.record)


def study(record: GameRecord) -> HexStudy:
    """The record replayed, with the swap read as its next move shows (records/judge.py);
    a board larger than Hex's largest (`pnp board hex --size`, rules.SIZES) is refused: the
    reader takes sides to records/model.MAX_SIDE, past what Hex is played on and the booklet
    can name (its columns' letters stop at z)."""
    largest = SIZES.stop - 1
    if max(record.columns, record.rows) > largest:
        raise RecordError(f"the board is {record.columns} × {record.rows}; a Hex board is at "
                          f"most {largest} × {largest}")
    return HexStudy(replay(record))
