"""Hex's judge of a file, whatever it holds: a record (HexGui or MoHex SGF, Little Golem,
a Trmph or HexWorld link: records/), or one of the project's own files (a position or a
move list: rules.py). The kind is found from the content, so `pnp judge hex *.sgf *.txt`
takes both; each file also gives the facts `--format json` prints (docs/records.md).

The project's own files are judged by rules.py as before; their facts come from the same
record replay as records' (a move list read as a record, records/write.py), in the file's
own colour names (red and blue), as a record's are in its own (black and white).
"""

from __future__ import annotations

import codecs
import json
import re

from generator.core.formats import JsonValue
from generator.core.gridfile import decode as decode_text
from generator.games.hex import rules
from generator.games.hex.records import GameRecord, RecordError, is_record, read_record
from generator.games.hex.records.judge import Replay, disagreement, facts, replay
from generator.games.hex.records.model import BLACK, cell_name
from generator.games.hex.records.sgf import decode as decode_record
from generator.games.hex.records.write import from_move_list
from generator.games.judges import Judged, Verdict, illegal_lines
from generator.games.played import foreign

# How each format is named in the judge's first line.
FORMAT_NAMES = {"sgf": "SGF record", "little-golem": "Little Golem record",
                "trmph": "Trmph link", "hexworld": "HexWorld link", "move-list": "move list"}
_UTF16 = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
# A Little Golem game's page (www.littlegolem.net/jsp/game/game.jsp?gid=...).
LITTLE_GOLEM = re.compile(r"(?:https?://)?(?:www\.)?littlegolem\.net/", re.IGNORECASE)
_HEAD = 64          # bytes enough to tell a record from a position or a move list


def record_text(data: bytes) -> str | None:
    """The file's text if it is a record (its charset as SGF says), else None."""
    if data.startswith(_UTF16):
        text = decode_text(data)
        return text if is_record(text) else None
    head = data[:_HEAD].decode("ascii", "replace").lstrip("\ufeff\ufffd \t\r\n")
    return decode_record(data) if is_record(head) else None


def read(data: bytes) -> GameRecord:
    """The game a file records: a record, or the project's own move list as one (a position
    has no moves to show, and is refused by name)."""
    text = record_text(data)
    if text is not None:
        return read_record(text)
    own = decode_text(data)
    if LITTLE_GOLEM.match(own.strip()):     # its game is on its server: pnp reads no network
        raise RecordError("this is a Little Golem game's address, and its game is on Little "
                          "Golem's server, which pnp does not reach: save the game's SGF from "
                          "its page and give that")
    if foreign(own):          # a link, but not to Trmph or HexWorld: no game of Hex at all
        raise RecordError("this is a web link, but not a Trmph or HexWorld one: it is not a "
                          "Hex record (docs/records.md lists what is read)")
    if not rules.is_move_list(own):
        raise RecordError("a position has no moves to print; give a record or a move list")
    return from_move_list(own)


def record_lines(game: Replay) -> list[str]:
    """What the judge prints for a record: its kind, board and moves, the swap's reading
    (or its refusal), each illegal move and each note, then who won and how, and the result
    as recorded, with a word where it names another winner than the board."""
    record = game.record
    head = (f"{FORMAT_NAMES[record.format]}, {record.columns} × {record.rows}, "
            f"{len(record.moves)} move{'' if len(record.moves) == 1 else 's'}")
    if game.swap:
        head += f"; swap read as {game.swap}"
    elif game.swap_refused:
        head += "; swap refused (illegal)"
    if record.variations:
        head += f"; {record.variations} variation{'' if record.variations == 1 else 's'} " \
                f"off the main line"
    lines = [head, *(f"illegal: {problem}" for problem in game.illegal),
             *(f"note: {note}" for note in game.notes)]
    if game.winner:
        on = f" on move {game.won_on}" if game.won_on else ""
        sides = "top and bottom rows" if game.winner == BLACK else "left and right columns"
        lines.append(f"{game.winner.capitalize()} connected the {sides}{on}: "
                     + " ".join(cell_name(c) for c in game.chain))
    elif game.end and game.ended_by and game.victor:
        lines.append(f"{game.ended_by.capitalize()} {game.end}ed on move {game.ended_on}: "
                     f"{game.victor.capitalize()} wins.")
    else:
        lines.append("No one has connected.")
    if record.result:
        differs = disagreement(game)
        lines.append(f"result as recorded: {record.result}"
                     + (f"; it disagrees with the board: {differs}" if differs else ""))
    return lines


def judge_file(data: bytes) -> Judged:
    """The judge's lines, legality and JSON facts for one file's bytes."""
    text = record_text(data)
    if text is not None:
        game = replay(read_record(text))
        return Judged(tuple(record_lines(game)), not game.illegal, facts_of(game))
    own = decode_text(data)
    verdict: Verdict = rules.judge(own)
    return Judged(verdict.lines, verdict.clean, own_facts(own, verdict))


def facts_of(game: Replay) -> dict[str, JsonValue]:
    """records.judge.facts with JSON's types (the file's name is the caller's)."""
    out: dict[str, JsonValue] = json.loads(json.dumps(facts("", game)))
    del out["file"]
    return out


def own_facts(text: str, verdict: Verdict) -> dict[str, JsonValue]:
    """The facts of a position or a move list, in its own colours (red and blue), as the
    connection engine finds them; the fields only a record holds (an ending, a result, a
    note) are null or empty."""
    found = rules.facts(text)
    chain = {"chain": found.pop("chain")} if "chain" in found else {}
    return {**found, "end": None, "ended_by": None, "result": None, "result_winner": None,
            "result_agrees": None, "variations": 0, "notes": [],
            "illegal": illegal_lines(verdict), **chain}


def judge(text: str) -> Verdict:
    """What `pnp judge hex` prints for a text: a record's lines, or rules.py's verdict."""
    if is_record(text):
        game = replay(read_record(text))
        return Verdict(tuple(record_lines(game)), not game.illegal)
    return rules.judge(text)
