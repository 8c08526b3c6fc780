"""A Hex game's record as a study booklet (`pnp record hex FILE`): a header with the players,
event, date and result; a diagram every N moves with the stones numbered, each captioned
with its moves and followed by the record's comments on them; each variation, to the depth
asked, in diagrams of its own after the diagram of the move it branches from ("Variation 2,
at move 23"), with its comments; the record's study marks on the positions they mark; the
last diagram with the winning chain or the position at resignation; and the whole move
list. What the booklet shows is record_lines.py's, how it is drawn record_drawing.py's.

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

from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import Document
from generator.games import played
from generator.games.hex.pages import credit
from generator.games.hex.record_drawing import (
    FIGURE_WIDTH,
    board,
    colour_name,
    side_letter,
)
from generator.games.hex.record_lines import Diagram, Shown, shown
from generator.games.hex.records.judge import Replay, replay
from generator.games.hex.records.model import (
    BLACK,
    GameRecord,
    Markup,
    Move,
    RecordError,
    cell_name,
)
from generator.games.hex.records.write import write_sgf
from generator.games.hex.rules import DESIGNER, SIZES, TITLE
from generator.games.record_book import StoneNumbers, board_line, footer, legible, moves_range
from generator.i18n import Words
from generator.layout import describe
from generator.layout.textlayout import NO_BREAK, Figure, typeset

EVERY, DEFAULT_EVERY = played.EVERY, played.DEFAULT_EVERY
LONGEST_DESCRIPTION = 320      # characters, as the rule sheets' figures (about 20 s aloud)


def plain(text: str, most: int = 2000) -> str:
    """A record's text as one line of the sheets' markup: no markup of its own (asterisks,
    a line break's backslash, a heading's #, a list's -), and at most `most` characters."""
    one = " ".join(text.replace("*", "").replace("\\", "/").split())
    one = one.lstrip("#-[ ")
    return one if len(one) <= most else one[:most - 1] + "…"


def written(move: Move) -> str:
    """A move in the record's notation: its cell, or the special move as the record spells
    it (swap-pieces, swap, resign, ...)."""
    if move.kind == "cell" and move.cell is not None:
        return cell_name(move.cell)
    return move.written or move.kind


# --- a diagram's words: its caption and its description ----------------------------------


def heading(diagram: Diagram, words: Words) -> str:
    """A variation's diagram's heading: "Variation 2, at move 23", and the variation it
    branches from where that is not the main line; with its moves where it takes more
    than one diagram."""
    v = diagram.variation
    if v is None:
        return moves_range(diagram.first, diagram.last, words=words)
    text = (words._("Variation %(n)s, at move %(at)s", n=v.number, at=v.at) if not v.parent else
            words._("Variation %(n)s, at move %(at)s of variation %(parent)s", n=v.number,
                    at=v.at, parent=v.parent))
    return f"{text} ({moves_range(diagram.first, diagram.last, words=words)})" \
        if diagram.parts > 1 else text


def caption(diagram: Diagram, words: Words) -> str:
    """The main line's diagram: its moves and the special ones among them; a variation's:
    its heading and every move of it (no list names them elsewhere); and the winning
    chain where it is highlighted."""
    if diagram.variation is None:
        special = [m for m in diagram.moves if m.kind != "cell"]
        extra = "; ".join(words._("%(n)s: %(who)s %(what)s", n=m.number, who=colour_name(m.colour,
                                                                                         words),
                                  what=written(m)) for m in special)
        text = heading(diagram, words) + (f" ({extra})" if extra else "")
    else:
        listed = " ".join(f"{m.number}. {written(m)}" for m in diagram.moves)
        text = heading(diagram, words) + (f": {listed}" if listed else "")
    if diagram.chain:
        text += ". " + words._("Highlighted: the winning chain, %(cells)s.",
                               cells=" ".join(map(cell_name, diagram.chain)))
    return text


def marked(markup: Markup, words: Words) -> list[str]:
    """The marks in words, cell by cell: "a (d2)", "triangle (c4)", "arrow d3 to d5"."""
    names = {"cross": words.pgettext("record mark", "cross"),
             "triangle": words.pgettext("record mark", "triangle"),
             "square": words.pgettext("record mark", "square"),
             "circle": words.pgettext("record mark", "circle")}
    out = [f"{text} ({cell_name(c)})" for c, text in markup.labels]
    out += [f"{names[mark]} ({cell_name(c)})" for c, mark in markup.marks]
    out += [words._("arrow %(start)s to %(end)s", start=cell_name(a), end=cell_name(b))
            for a, b in markup.arrows]
    out += [words._("line %(start)s to %(end)s", start=cell_name(a), end=cell_name(b))
            for a, b in markup.lines]
    return out


def description(size: int, diagram: Diagram, *, words: Words) -> str:
    """What the diagram shows, for those who cannot see it, in at most LONGEST_DESCRIPTION
    characters however full the board: which moves, the board and its sides, how many
    stones of each colour, the marks and the winning chain (each stone's move is in "The
    moves" and the caption); long lists give way to their counts."""
    v = diagram.variation
    label = moves_range(diagram.first, diagram.last, words=words)
    if v is not None:
        label += ", " + words._("variation %(n)s", n=v.number)
    count = {k: sum(1 for c in diagram.stones.values() if c == k) for k in (BLACK, "white")}
    stones = words._("Stones: %(black)s Black, %(white)s White", black=count[BLACK],
                     white=count["white"]) if diagram.stones else words._("No stones")
    fixed = [label, describe.sized(TITLE, size, words=words),
             words._("Black's sides, marked %(B)s: the top and bottom rows; White's, marked %(W)s: "
                     "the left and right columns", B=side_letter(BLACK, words),
                     W=side_letter("white", words)),
             stones]
    marks = marked(diagram.markup, words)
    chain = list(map(cell_name, diagram.chain))
    options = [(words._("Marked: %(marks)s", marks=", ".join(marks)) if marks else "",
                words._("Highlighted chain: %(cells)s", cells=", ".join(chain)) if chain else "")]
    if marks:
        options.append((words.ngettext("%(count)s mark", "%(count)s marks", n=len(marks),
                                       count=len(marks)), options[0][1]))
    if chain:
        options.append((options[-1][0], words._("Highlighted chain of %(count)s cells, %(first)s "
                                                "to %(last)s", count=len(chain), first=chain[0],
                                                last=chain[-1])))
    for extra in options:
        text = describe.sentence(*fixed, *extra)
        if len(text) <= LONGEST_DESCRIPTION:
            return text
    return text[:LONGEST_DESCRIPTION - 1] + "…"


# --- the booklet ------------------------------------------------------------------------------


def ending(game: Replay, words: Words) -> str:
    if game.winner:
        joined = words._("%(who)s joined their sides on move %(n)s.", who=colour_name(game.winner,
                                                                                      words),
                         n=game.won_on or len(game.record.moves))
        if game.end and game.ended_by:
            # The loser's resignation after the connection, as MoHex's match script writes.
            after = (words._("%(who)s resigned on move %(n)s, after the game was decided.")
                     if game.end == "resign" else
                     words._("%(who)s forfeited on move %(n)s, after the game was decided."))
            who = colour_name(game.ended_by, words)
            return f"{joined} {after % {'who': who, 'n': game.ended_on}}"
        return joined
    if game.end and game.ended_by:
        what = words._("%(who)s resigned.") if game.end == "resign" else words._("%(who)s "
                                                                                 "forfeited.")
        return what % {"who": colour_name(game.ended_by, words)}
    return words._("The record stops before anyone has connected.")


def occasion(record: GameRecord, words: Words) -> str:
    """The event, round and date the record names, as one phrase: "Olympiad 2009, round 3,
    2009-05-12"."""
    said = [plain(record.event, 60), words._("round %(round)s", round=plain(record.round, 20))
            if record.round else "", plain(record.date, 30)]
    return ", ".join(filter(None, said))


def title(record: GameRecord, words: Words) -> str:
    """The game's title: its players; else its event, round and date; else its name (GN);
    only a record that names none of them is "A game of Hex" (a folder's booklet adds its
    file's name)."""
    black, white = plain(record.players.black, 60), plain(record.players.white, 60)
    if black or white:
        return words._("%(black)s (Black) against %(white)s (White)", black=black or "?",
                       white=white or "?")
    return occasion(record, words) or plain(record.name, 60) or words._("A game of %(game)s",
                                                                        game=TITLE)


def left_out(seen: Shown, depth: int, *, words: Words) -> list[str]:
    """What the booklet says of the variations it does not draw."""
    notes = [words._("Variation %(n)s, at move %(at)s, is left out: its move %(move)s cannot be "
                     "played.", n=v.number, at=v.at, move=move) for v, move in seen.unplayable]
    if seen.deeper:
        notes.append(words.ngettext(
            "%(count)s variation lies deeper than this booklet follows (--variations "
            "%(depth)s).", "%(count)s variations lie deeper than this booklet follows "
            "(--variations %(depth)s).", n=seen.deeper, count=seen.deeper, depth=depth))
    if seen.beyond:
        notes.append(words.ngettext(
            "%(count)s more variation is left out: a booklet holds at most %(most)s "
            "diagrams.", "%(count)s more variations are left out: a booklet holds at most "
            "%(most)s diagrams.", n=seen.beyond, count=seen.beyond, most=played.MOST_DIAGRAMS))
    return notes


def markup(game: Replay, seen: Shown, *, depth: int, heading_: str = "", words: Words) -> str:
    record = game.record
    lines = [f"# {heading_ or title(record, words)}", ""]
    facts = [(words._("Event"), " ".join(filter(None, (record.event, record.round)))),
             (words._("Date"), record.date), (words._("Place"), record.place),
             (words._("Result"), record.result)]
    said = [f"**{label}:** {plain(value, 200)}" for label, value in facts if value]
    lines += [" · ".join([*said, board_line(record.columns, len(record.moves), words=words)]), "",
              ending(game, words), ""]
    lines += [words._("*Key:* Black moves first and joins the top and bottom rows, marked %(B)s "
                      "and banded in red: on the kit's board, play Black's moves as Red's and "
                      "White's, whose sides are marked %(W)s, as Blue's.",
                      B=side_letter(BLACK, words), W=side_letter("white", words)), ""]
    if game.swap:
        lines += [swap_note(game, words), ""]
    if record.comment:
        lines += [plain(record.comment), ""]
    for k, diagram in enumerate(seen.diagrams):
        # The caption names the moves: a heading could be left at a column's foot.
        lines += [f"[figure d{k}]", ""]
        if diagram.comment:
            lines += [f"- {plain(diagram.comment)}"]
        for move in diagram.moves:
            if move.comment:
                lines += [f"- **{move.number}** ({colour_name(move.colour, words)} "
                          f"{written(move)}): {plain(move.comment)}"]
        lines.append("")
    for note in left_out(seen, depth, words=words):
        lines += [note, ""]
    moves_heading = words._("The moves")      # outside the f-string, where pybabel extracts it
    # One run of plain text a line, each number kept with its move: a booklet of a hundred
    # games sets some ten thousand moves, and a bold number apiece made each a run of its
    # own (and a space after it) for the PDF to write, a third of the booklet's time.
    lines += [f"## {moves_heading}", "",
              " ".join(f"{m.number}.{NO_BREAK}{written(m)}" for m in record.moves) or
              words._("No moves."), ""]
    return "\n".join(lines)


def swap_note(game: Replay, words: Words) -> str:
    notes = {"swap-pieces": words._("The swap is read as swap-pieces: the first stone was "
                                    "reflected in the long diagonal and changed colour, and Black "
                                    "moved next."),
             "swap-sides": words._("The swap is read as swap-sides: the stone stayed and the "
                                   "players exchanged colours, and White moved next."),
             "in-place": words._("The swap is read in place: the first stone changed colour where "
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


def booklet(game: Replay, cut: played.Cut, *, paper: Paper, colours: Palette,
            heading_: str = "", words: Words) -> Document:
    """The study booklet of one judged game."""
    refuse(game)
    seen = shown(game, cut.every, depth=cut.variations)
    size = game.record.columns
    said = [(caption(d, words), description(size, d, words=words)) for d in seen.diagrams]

    def drawn(width: float, numbers: StoneNumbers) -> dict[str, Figure]:
        return {f"d{k}": board(size, d, colours=colours, caption=said[k][0],
                               description=said[k][1], width=width, numbers=numbers,
                               words=words)
                for k, d in enumerate(seen.diagrams)}
    figures = legible(drawn, FIGURE_WIDTH, most=paper.inner_width, words=words)
    pages = typeset(markup(game, seen, depth=cut.variations, heading_=heading_, words=words),
                    figures, paper=paper,
                    colours=colours,
                    footer_text=footer(credit(words), words), words=words)
    name = title(game.record, words)
    return Document(tuple(pages), words._("%(game)s: %(what)s", game=TITLE, what=name),
                    words._("pnp (game by %(designer)s)", designer=DESIGNER),
                    words._("%(game)s game record, %(size)s × %(size)s", game=TITLE, size=size),
                    ("Hex", words._("game record"), words._("connection game"),
                     words._("print and play")),
                    words._("This kit's text and drawings are MIT licensed"), lang=words.code)


@dataclass(frozen=True, slots=True)
class HexStudy:
    """A Hex record replayed, as the record item prints it (games/record_book.py's Study)."""
    game: Replay

    def check(self, cut: played.Cut) -> None:
        refuse(self.game)
        shown(self.game, cut.every, depth=cut.variations)

    def booklet(self, cut: played.Cut, paper: Paper, *, colours: Palette,
                heading: str = "", words: Words) -> Document:
        return booklet(self.game, cut, paper=paper, colours=colours, heading_=heading, words=words)

    def title(self, words: Words) -> str:
        return title(self.game.record, words)

    def byline(self, words: Words) -> str:
        """The contents' line under the title: the event, round and date (where the title
        is not made of them already) and how the game ended."""
        record = self.game.record
        said = occasion(record, words)
        return " · ".join(filter(None, (said if said != self.title(words) else "",
                                        ending(self.game, words))))

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
