"""Whatever file a judge is given: exit 0, 1 or 2, never a traceback.

A file that cannot be read is one line on stderr, `pnp: FILE: line L, column C: ...` (or
`pnp: FILE: cannot be read: ...`), and exit status 2; huge inputs are refused early, in
bounded time and memory; byte-order marks, CRLF and UTF-16 read as the plain file does, and
Unicode look-alikes are refused by name. Every check has a control case beside it.
"""

import contextlib
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import typing
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from measured import LAUNCHER

from generator.core.geometry import Hex
from generator.core.gridfile import LIMIT, GridError, decode
from generator.errors import UserError
from generator.games import GAMES
from generator.games.hex_kb import rules as hex_kb
from generator.games.hex_kb.rules import KleinBoard

PNP = [sys.executable, "-m", "generator.ui.cli"]
# Every game with a judge, from the registry.
JUDGES = {key: game.judge for key, game in GAMES.items() if game.judge is not None}
MEMORY_MB = 100            # the most a judge may take on any input
# The most processor time (not wall clock: a loaded machine does not change it) a refusal
# may take, start-up included: a judge that read and parsed a huge file whole would take
# far more. Its start-up takes under a second.
QUICK_CPU_S = 5
WHERE = re.compile(r"line [1-9]\d*, column [1-9]\d*: \S")


@dataclass
class Run:
    status: int
    out: str
    err: str
    cpu_s: float
    peak_mb: float


def run(args, stdin: Path | typing.IO[bytes] | None = None, timeout: float = 60) -> Run:
    """A real process, and its own peak memory."""
    with tempfile.TemporaryDirectory() as tmp:
        out, err, peak = Path(tmp, "out"), Path(tmp, "err"), Path(tmp, "peak")
        with out.open("wb") as o, err.open("wb") as e, \
                (stdin.open("rb") if isinstance(stdin, Path) else
                 contextlib.nullcontext(stdin or subprocess.DEVNULL)) as i:
            status = subprocess.run([sys.executable, "-c", LAUNCHER, str(peak), *args],
                                    stdin=i, stdout=o, stderr=e, timeout=timeout,
                                    check=False).returncode
        cpu = float(Path(f"{peak}.cpu").read_text())
        return Run(status, out.read_text("utf-8", "replace"),
                   err.read_text("utf-8", "replace"), cpu, int(peak.read_text()) / 1024)


def judge(game: str, file, stdin: Path | typing.IO[bytes] | None = None,
          measure: bool = False) -> Run:
    """`pnp judge GAME FILE`; with measure, its peak memory and processor time too (a
    slower start)."""
    args = [*PNP, "judge", game, str(file)]
    if measure:
        return run(args, stdin)
    with stdin.open("rb") if isinstance(stdin, Path) else \
            contextlib.nullcontext(stdin or subprocess.DEVNULL) as i:
        done = subprocess.run(args, stdin=i, capture_output=True, timeout=60, check=False)
    return Run(done.returncode, done.stdout.decode("utf-8", "replace"),
               done.stderr.decode("utf-8", "replace"), float("nan"), float("nan"))


def assert_one_line_error(result: Run, name, *fragments: str) -> None:
    assert result.status == 2, result
    assert result.out == ""
    assert "Traceback" not in result.err
    assert result.err.endswith("\n") and len(result.err.splitlines()) == 1, result.err
    assert result.err.startswith(f"pnp: {name}: "), result.err
    for fragment in fragments:
        assert fragment in result.err, result.err


def write(tmp_path: Path, data: str | bytes, name: str = "game.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def kb_grid(size: int = 11, radius: int = 0, seed: int = 0) -> str:
    """A Hex KB position with random stones; twins agree and windows are O."""
    board, rng = KleinBoard(size, radius), random.Random(seed)
    colour = {h: rng.choice("RB.") for h in board.cells}
    rows = []
    for r in range(size):
        rows.append(" " * r + " ".join(
            "O" if Hex(q, r) in board.holes else colour[board.canonical(Hex(q, r))]
            for q in range(size)))
    return "\n".join(rows) + "\n"


NEX_MOVES = "size 9\n1. e5 (d5)\n2. c3 (c4)\n3. f6 (f7)\n"
NEX_POSITION = "B W .\n B W N\n  . W B\n"
BLINQ_MOVES = "1. 1 a1 U\n2. 1 b1 U\n3. 1 c1 U\n"
KB_POSITION = kb_grid()


# --- inputs that raised a traceback --------------------------------------------------------

TRACEBACKS = [
    # game, bad file, what the message names, a control file that reads
    ("nex", "size ²\nc4 (d5)\n", "line 1, column 1: expected 'size N'", "size 2\na1 (b2)\n"),
    ("hex-kb", "window ²\n" + KB_POSITION, "line 1, column 1: expected 'window W'",
     "window 0\n" + KB_POSITION),
    ("nex", "size " + "1" * 4301 + "\nc4 (d5)\n", "line 1, column 1: expected 'size N'",
     "size " + "0" * 4300 + "9\nc4 (d5)\n"),
    ("hex-kb", "window " + "1" * 4301 + "\n" + KB_POSITION,
     "line 2, column 1: windows of radius '1111", "window " + "0" * 4301 + "\n" + KB_POSITION),
    ("blinq", "1 İ3 R\n", "line 1, column 1: '1 İ3 R' (with U+0130) is not a move",
     "1 b3 R\n"),
]


@pytest.mark.parametrize("game, bad, message, control", TRACEBACKS)
def test_what_raised_a_traceback_is_one_line_and_exit_2(tmp_path, game, bad, message,
                                                        control):
    path = write(tmp_path, bad)
    assert_one_line_error(judge(game, path), path, message)
    ok = judge(game, write(tmp_path, control, "control.txt"))
    assert ok.status == 0 and ok.err == "", ok


def test_files_the_system_cannot_read_are_one_line_and_exit_2(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    for path, why in [("/proc/self/mem", "Input/output error"), (folder, "Is a directory"),
                      (tmp_path / "missing.txt", "No such file or directory")]:
        assert_one_line_error(judge("nex", path), path, f"cannot be read: {why}")
    # Control: a file in that folder reads.
    assert judge("nex", write(folder, NEX_POSITION)).status == 0


def feed_fifo(path: Path, data: bytes) -> threading.Thread:
    """A writer that opens the FIFO (waiting for the reader), writes and closes."""
    def write_all() -> None:
        with path.open("wb") as f:
            f.write(data)
    thread = threading.Thread(target=write_all, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("data, status", [(b"", 2), (NEX_POSITION.encode(), 0)])
def test_a_fifo_is_read_to_its_end(tmp_path, data, status):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = feed_fifo(fifo, data)
    result = judge("nex", fifo)
    writer.join(5)
    if status:   # an empty FIFO holds no board
        assert_one_line_error(result, fifo, "line 1, column 1: the file holds no board")
    else:        # control: a FIFO with a position in it is judged
        assert result.status == 0 and result.out.startswith("White has connected")


# --- large inputs: refused early, in bounded time and memory -------------------------------


def test_the_memory_measure_sees_a_large_process():
    """Control for the memory bound: a process that takes 200 MB is measured as such."""
    big = run([sys.executable, "-c", ("x = bytearray(200 * 1024 * 1024); "
                                      "x[::4096] = b'1' * len(x[::4096])")])
    assert big.status == 0 and big.peak_mb > 2 * MEMORY_MB
    small = run([sys.executable, "-c", "pass"])
    assert small.peak_mb < MEMORY_MB


HUGE = [
    # game, file contents (written in pieces), where the limit falls in them
    ("nex", [b"B" * 10_000_000, b"\n"], (1, LIMIT + 1)),
    ("nex", [b"B" * 2_000_000 + b"\n"] * 25, (1, LIMIT + 1)),
    ("blinq", [b"1 a1 U\n" * 7_200_000], (LIMIT // 7 + 1, LIMIT % 7 + 1)),
]


def test_the_processor_time_counts_work_not_waiting():
    """The control for QUICK_CPU_S: the measure counts a process's work, and not the time
    it spends waiting (as a process on a loaded machine waits for a processor)."""
    busy = run([sys.executable, "-c", "import time\nt = time.process_time()\n"
                                      "while time.process_time() - t < 1: pass"])
    idle = run([sys.executable, "-c", "import time; time.sleep(2)"])
    assert busy.cpu_s >= 1 > idle.cpu_s, (busy, idle)


@pytest.mark.timing
@pytest.mark.parametrize("game, pieces, where", HUGE)
@pytest.mark.parametrize("via", ["file", "stdin"])
def test_huge_files_are_refused_quickly_in_little_memory(tmp_path, game, pieces, where, via):
    path = tmp_path / "huge.txt"
    with path.open("wb") as f:
        for piece in pieces:
            f.write(piece)
    result = judge(game, path, measure=True) if via == "file" else \
        judge(game, "-", stdin=path, measure=True)
    assert_one_line_error(result, path if via == "file" else "<stdin>",
                          f"line {where[0]}, column {where[1]}: the file goes on past 256 KiB")
    assert result.cpu_s < QUICK_CPU_S and result.peak_mb < MEMORY_MB, result


@pytest.mark.timing
def test_an_endless_stream_on_stdin_is_refused_at_the_limit():
    endless = subprocess.Popen(["yes", "B W"], stdout=subprocess.PIPE)
    try:
        result = judge("nex", "-", stdin=endless.stdout, measure=True)
    finally:
        endless.kill()
        endless.wait()
        endless.stdout.close()
    assert_one_line_error(result, "<stdin>", f"line {LIMIT // 4 + 1}, column 1: the file "
                                             f"goes on past")
    assert result.cpu_s < QUICK_CPU_S and result.peak_mb < MEMORY_MB, result
    # Control: a stream that ends is judged.
    finite = subprocess.Popen(["printf", "B W\\nW B\\n"], stdout=subprocess.PIPE)
    result = judge("nex", "-", stdin=finite.stdout)
    finite.wait()
    finite.stdout.close()
    assert result.status == 0 and result.out.startswith("White has connected")


def padded(text: str, size: int) -> bytes:
    """The text and then a comment that brings it to exactly `size` bytes."""
    data = text.encode()
    return data + b"#" * (size - len(data) - 1) + b"\n"


@pytest.mark.parametrize("via", ["file", "stdin"])
def test_a_file_of_the_limit_is_read_and_one_byte_more_is_refused(tmp_path, via):
    plain = judge("nex", write(tmp_path, NEX_MOVES, "plain.txt"))
    assert plain.status == 0
    for size, status in [(LIMIT, 0), (LIMIT + 1, 2)]:
        path = write(tmp_path, padded(NEX_MOVES, size))
        result = judge("nex", path) if via == "file" else judge("nex", "-", stdin=path)
        assert result.status == status, result
        if status:
            assert_one_line_error(result, path if via == "file" else "<stdin>",
                                  f"line 5, column {LIMIT - len(NEX_MOVES) + 1}: the file goes "
                                  f"on past")
        else:
            assert result.out == plain.out


WORST = [
    # game, a line repeated to the limit: the most objects per byte a judge builds
    ("nex", "a1\n"), ("nex", "a1 (b2)\n"), ("nex", "a1 "), ("nex", "B\n"),
    ("blinq", "1a1U\n"), ("hex-kb", "R\n"),
]


@pytest.mark.parametrize("game, line", WORST)
def test_the_heaviest_files_within_the_limit_stay_small(tmp_path, game, line):
    data = (line * (LIMIT // len(line) + 1)).encode()[:LIMIT - 1] + b"\n"
    result = judge(game, write(tmp_path, data), measure=True)
    assert result.status in (1, 2) and "Traceback" not in result.err, result.err[-300:]
    assert result.peak_mb < MEMORY_MB and result.cpu_s < 15, result


LARGEST = {"nex": "\n".join(["BWN." * 6 + "BW"] * 26),
           "hex-kb": kb_grid(25, hex_kb.default_radius(25))}


@pytest.mark.parametrize("game, symbol, most", [("nex", "B", 26), ("hex-kb", "R", 25)])
def test_a_row_or_a_board_past_the_largest_size_stops_at_the_first_cell_too_many(
        game, symbol, most):
    judge_text = JUDGES[game].text
    with pytest.raises(GridError, match=f"^line 1, column {most + 1}: a row of more than "
                                        f"{most} cells"):
        judge_text(symbol * 100_000 + "\n")
    with pytest.raises(GridError, match=f"^line {most + 1}, column 1: a board of more than"):
        judge_text(f"{symbol}\n" * 100_000)
    # Control: a board of the largest size reads.
    largest = LARGEST[game]
    assert len(largest.splitlines()) == most
    assert judge_text(largest).clean


# --- encodings, line ends and look-alikes --------------------------------------------------

SAMPLES = [("nex", NEX_POSITION), ("nex", NEX_MOVES), ("hex-kb", KB_POSITION),
           ("blinq", BLINQ_MOVES)]
ENCODINGS = {
    "UTF-8 BOM": lambda t: b"\xef\xbb\xbf" + t.encode(),
    "CRLF": lambda t: t.replace("\n", "\r\n").encode(),
    "CR": lambda t: t.replace("\n", "\r").encode(),
    "BOM and CRLF": lambda t: b"\xef\xbb\xbf" + t.replace("\n", "\r\n").encode(),
    "UTF-16 LE": lambda t: b"\xff\xfe" + t.encode("utf-16-le"),
    "UTF-16 BE": lambda t: b"\xfe\xff" + t.encode("utf-16-be"),
}


@pytest.mark.parametrize("game, text", SAMPLES)
def test_bom_crlf_and_utf16_read_as_the_plain_file(tmp_path, game, text):
    plain = JUDGES[game].text(text)
    for name, encode in ENCODINGS.items():
        assert JUDGES[game].text(decode(encode(text))) == plain, name
    # The command, with a byte-order mark as Notepad writes it; control: the plain file.
    with_bom = judge(game, write(tmp_path, ENCODINGS["UTF-8 BOM"](text)))
    without = judge(game, write(tmp_path, text, "plain.txt"))
    assert without.status == 0 and without.out == "".join(f"{t}\n" for t in plain.lines)
    assert (with_bom.status, with_bom.out, with_bom.err) == (0, without.out, "")


REFUSED = [
    # game, bad text, what the message names, the ASCII text it looks like (a control)
    ("nex", "B W\nW \ufeffB\n", "line 2, column 3: '\\ufeff' is not one of", "B W\nW B\n"),
    ("nex", "Ｂ W\nW B\n", "line 1, column 1: 'Ｂ' (U+FF22) is not one of", "B W\nW B\n"),
    ("nex", "В W\nW B\n", "'В' (U+0412) is not one of", "B W\nW B\n"),
    ("nex", "B\u00a0W\nW B\n", "line 1, column 2: '\\xa0' is not one of", "B W\nW B\n"),
    ("nex", "B W\u2028W B\n", "line 1, column 4: '\\u2028' is not one of", "B W\nW B\n"),
    ("nex", "c٣ (d5)\n", "'c٣' (with U+0663) is not a cell", "c3 (d5)\n"),
    ("nex", "١. c4 (d5)\n", "'١.' (with U+0661) is not a cell", "1. c4 (d5)\n"),
    ("nex", "c4 (d5\x1b[31m)\n", "'d5\\x1b[31m' is not a cell", "c4 (d5)\n"),
    ("hex-kb", "window ０\n" + KB_POSITION, "expected 'window W'", "window 0\n" + KB_POSITION),
    ("blinq", "reſign\n", "'reſign' (with U+017F) is not a move", "resign\n"),
    ("blinq", "1 a1 Ｕ\n", "is not a move", "1 a1 U\n"),
    ("blinq", "neutral c٣\n1 a1 U\n", "expected 'neutral CELL'", "neutral c3\n1 a1 U\n"),
    ("blinq", "1 a1\u2028U\n", "'1 a1\\u2028U' is not a move", "1 a1 U\n"),
]


@pytest.mark.parametrize("game, bad, message, control", REFUSED)
def test_look_alikes_and_stray_characters_are_refused_by_name(game, bad, message, control):
    with pytest.raises(GridError) as err:
        JUDGES[game].text(bad)
    assert message in str(err.value) and len(str(err.value).splitlines()) == 1
    assert JUDGES[game].text(control).clean      # control: the ASCII text reads


def test_bytes_that_are_not_text_name_where(tmp_path):
    path = write(tmp_path, b"B W\nW \xffB\n")
    assert_one_line_error(judge("nex", path), path, "line 2, column 3: this is not UTF-8 text")
    control = write(tmp_path, "B W\nW ÿB\n".encode(), "control.txt")   # ÿ as UTF-8
    assert_one_line_error(judge("nex", control), control, "line 2, column 3: 'ÿ' (U+00FF)")


def test_an_unprintable_file_name_stays_on_one_line(tmp_path):
    path = write(tmp_path, "B W\nW X\n", "two\nlines.txt")
    result = judge("nex", path)
    assert_one_line_error(result, str(path).replace("\n", "\\n"), "'X' is not one of")


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
