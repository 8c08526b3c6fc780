"""A fuzz of every judge: random text from each format's alphabets, and valid files mutated.
The readers raise only grid errors, and `pnp judge` exits 0, 1 or 2 with one line, agreeing
with the reader."""

import tempfile
import typing
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from judge_runs import JUDGES, WHERE, assert_one_line_error, judge, kb_grid

from generator.core.gridfile import GridError
from generator.errors import UserError

# --- fuzz: random text from the formats' alphabets ------------------------------------------

LOOKALIKES = ["²", "٣", "１", "Ｂ", "В", "Ν", "İ", "ı", "ſ", "K", "ß", "ﬁ", "\ufeff", "\u00a0",
              "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x00", "\x1b", "\u200b",
              "\u0301", "é"]
KEYWORDS = ["size", "SIZE", "window", "neutral", "swap", "resign", "up", "Right", "down", "L",
            "#", "(", ")", "12.", "1.", "\n", "\r\n", "\r", " ", "\t", "  "]
LONG = ["B", "R ", "a1 ", "1 a1 U\n", "9", "(", "B W\n", "\n", "c3 (d4)\n", "#"]


def cells(columns: str = "abcdeijkyzA", rows: int = 30):
    return st.builds(lambda c, r: f"{c}{r}", st.sampled_from(columns), st.integers(0, rows))


def pieces(game: str):
    return st.one_of(
        st.sampled_from([*FUZZ[game].symbols, *KEYWORDS, *LOOKALIKES]),
        cells(),
        st.integers(0, 10 ** 7).map(str),
        st.text(max_size=4),
        st.builds(lambda p, n: p * n, st.sampled_from(LONG), st.integers(20, 30_000)),
    )


def nex_file():
    grid = st.integers(1, 8).flatmap(lambda n: st.lists(
        st.text("BWN.", min_size=n, max_size=n), min_size=n, max_size=n).map("\n".join))
    on_board = cells("abcdefghi", 9)
    turn = st.one_of(st.builds(lambda a, b: f"{a} ({b})", on_board, on_board),
                     st.builds(lambda a, b, c: f"{a} {b} ({c})", on_board, on_board, on_board))
    moves = st.lists(turn, max_size=12).map(lambda t: "size 9\n" + "\n".join(t))
    return st.one_of(grid, moves)


def hex_file():
    grid = st.integers(1, 8).flatmap(lambda n: st.lists(
        st.text("RB.", min_size=n, max_size=n).map(" ".join), min_size=n, max_size=n
    ).map("\n".join))
    turn = st.one_of(cells("abcdefghi", 9), st.just("swap"))
    moves = st.lists(turn, max_size=12).map(
        lambda t: "size 9\n" + "\n".join(f"{i}. {c}" for i, c in enumerate(t, start=1)))
    return st.one_of(grid, moves)


def kb_file():
    """A Hex KB position, or a move list of cells and frame numbers (moves.py)."""
    grid = st.builds(kb_grid, st.sampled_from([7, 9, 11]), st.just(0), st.integers(0, 99))
    claim = st.one_of(cells("abcdefghi", 9), st.integers(1, 6).map(str))
    moves = st.lists(claim, max_size=12).map(
        lambda t: "size 9\nwindow 0\n" + "\n".join(f"{i}. {c}" for i, c in enumerate(t, 1)))
    return st.one_of(grid, moves)


def blinq_file():
    move = st.builds(lambda lv, c, side: f"{lv} {c} {side}", st.integers(1, 3),
                     cells("abcdef", 6), st.sampled_from("URDL"))
    return st.lists(move, max_size=12).map("\n".join)


@dataclass(frozen=True)
class Fuzz:
    """What the fuzz draws a game's files from: its symbols, files that read (to mutate),
    how many texts to judge in-process, and the ways a file can end that they must reach."""
    symbols: str
    valid: typing.Callable[[], st.SearchStrategy[str]]
    examples: int
    outcomes: frozenset[str]


EVERY_END = frozenset({"read", "refused", "illegal"})
# Each game with a judge has its fuzz data here (test_every_judge_is_fuzzed checks).
FUZZ = {
    "nex": Fuzz("BWN.bwn", nex_file, 600, EVERY_END),
    "hex": Fuzz("RB.rb", hex_file, 300, EVERY_END),
    "hex-kb": Fuzz("RBO.rbo", kb_file, 300, EVERY_END),
    "blinq": Fuzz("UDLRudlr", blinq_file, 600, EVERY_END),
}


def test_every_judge_is_fuzzed():
    assert set(FUZZ) == set(JUDGES), "a game with a judge needs its fuzz data in FUZZ"


def mutate(text: str, edits: list[tuple[float, int, str]]) -> str:
    for where, cut, piece in edits:
        i = int(where * len(text))
        text = text[:i] + piece + text[i + cut:]
    return text


def texts(game: str):
    random_text = st.lists(pieces(game), max_size=40).map("".join)
    edited = st.builds(mutate, FUZZ[game].valid(),
                       st.lists(st.tuples(st.floats(0, 1), st.integers(0, 3), pieces(game)),
                                max_size=3))
    return st.one_of(random_text, edited)


def judged(game: str, text: str):
    """The verdict, or the GridError; anything else raised fails the test."""
    try:
        verdict = JUDGES[game].text(text)
    except GridError as err:
        message = str(err)
        assert WHERE.match(message) and len(message.splitlines()) == 1, message
        assert message.isprintable(), message
        return err
    except UserError as err:   # the project's one-line errors are allowed too
        assert len(str(err).splitlines()) == 1
        return err
    assert verdict.lines and all(len(line.splitlines()) == 1 for line in verdict.lines)
    return verdict


def outcome(result) -> str:
    return "refused" if isinstance(result, UserError) else "read" if result.clean else \
        "illegal"


# The fuzzers' runs are the exhaustive tier (`make test-all`, CI): each judge's reader and
# command are held in `make test` by test_judge_input.py's cases (a traceback-prone, a
# refused, a huge and a sample file of every game, by file and by stdin, each with its
# control); test_every_judge_is_fuzzed stays in `make test`.
@pytest.mark.exhaustive(reason="each reader's refusals covered by test_judge_input.py")
@pytest.mark.parametrize("game", sorted(JUDGES))
def test_fuzz_the_readers_raise_only_grid_errors(game):
    seen: dict[str, int] = {}

    @settings(max_examples=FUZZ[game].examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(texts(game))
    def check(text):
        kind = outcome(judged(game, text))
        seen[kind] = seen.get(kind, 0) + 1
    check()
    # Control: the texts reach every way a file can end, not only refusals.
    assert set(seen) == FUZZ[game].outcomes, seen


ENCODE = {"utf-8": lambda t: t.encode("utf-8", "surrogatepass"),
          "utf-8 BOM": lambda t: b"\xef\xbb\xbf" + t.encode("utf-8", "surrogatepass"),
          "utf-16": lambda t: t.encode("utf-16", "surrogatepass"),
          "stray byte": lambda t: t.encode("utf-8", "surrogatepass") + b"\xc3"}


@pytest.mark.exhaustive(reason="each judge's exit and one line covered by test_judge_input.py")
@settings(max_examples=30, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(sorted(JUDGES)).flatmap(lambda g: st.tuples(st.just(g), texts(g))),
       st.sampled_from(list(ENCODE)))
def test_fuzz_the_command_exits_0_1_or_2_with_one_line_and_agrees_with_the_reader(case,
                                                                                encoding):
    game, text = case
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp, "game.txt")
        path.write_bytes(ENCODE[encoding](text))
        result = judge(game, path)
        data = path.read_bytes()
    # What the command reads: the game's judge of the file's bytes (Hex's reads its records
    # too; the others decode the text and judge it as judged() does).
    try:
        expected = JUDGES[game].file(data)
    except UserError as err:
        expected = err
    assert "Traceback" not in result.err
    if isinstance(expected, UserError):
        assert_one_line_error(result, path)
        assert result.err == f"pnp: {path}: {expected}\n"
    else:
        assert result.err == ""
        assert result.status == (0 if expected.clean else 1)
        assert result.out == "".join(f"{line}\n" for line in expected.lines)
