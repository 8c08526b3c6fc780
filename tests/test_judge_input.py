"""Whatever file a judge is given: exit 0, 1 or 2, never a traceback.

A file that cannot be read is one line on stderr, `pnp: FILE: line L, column C: ...` (or
`pnp: FILE: cannot be read: ...`), and exit status 2; huge inputs are refused early, in
bounded time and memory; byte-order marks, CRLF and UTF-16 read as the plain file does, and
Unicode look-alikes are refused by name (a fuzz of the readers and the command:
test_judge_fuzz.py). Every check has a control case beside it.
"""

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from in_process import run_pnp
from judge_runs import (
    JUDGES,
    MEMORY_MB,
    QUICK_CPU_S,
    Run,
    assert_one_line_error,
    judge,
    kb_grid,
    run,
    write,
)

from generator.core.gridfile import LIMIT, GridError, decode
from generator.games.hex_kb import rules as hex_kb

NEX_MOVES = "size 9\n1. e5 (d5)\n2. c3 (c4)\n3. f6 (f7)\n"
NEX_POSITION = "B W .\n B W N\n  . W B\n"
BLINQ_MOVES = "1. 1 a1 U\n2. 1 b1 U\n3. 1 c1 U\n"
KB_POSITION = kb_grid()


def judged(game: str, path: Path) -> Run:
    """`pnp judge GAME FILE` run in this process (in_process.py), the same code: for what a
    file says, where the process itself (its streams, time and memory) is not the question."""
    done = run_pnp("judge", game, str(path), text=True)
    return Run(done.returncode, done.stdout, done.stderr, float("nan"), float("nan"))


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
    assert_one_line_error(judged(game, path), path, message)
    ok = judged(game, write(tmp_path, control, "control.txt"))
    assert ok.status == 0 and ok.err == "", ok


def test_files_the_system_cannot_read_are_one_line_and_exit_2(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    for path, why in [("/proc/self/mem", "Input/output error"), (folder, "Is a directory"),
                      (tmp_path / "missing.txt", "No such file or directory")]:
        assert_one_line_error(judge("nex", path), path, f"cannot be read: {why}")
    # Control: a file in that folder reads.
    assert judged("nex", write(folder, NEX_POSITION)).status == 0


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


# The control's work, and twice as long its waiting: a quarter of a second tells them apart as
# well as more would (a process's start-up is a twentieth of a second of work).
WORK_S = 0.25


def test_the_processor_time_counts_work_not_waiting():
    """The control for QUICK_CPU_S: the measure counts a process's work, and not the time
    it spends waiting (as a process on a loaded machine waits for a processor)."""
    busy = run([sys.executable, "-c", f"import time\nt = time.process_time()\n"
                                      f"while time.process_time() - t < {WORK_S}: pass"])
    idle = run([sys.executable, "-c", f"import time; time.sleep({2 * WORK_S})"])
    assert busy.cpu_s >= WORK_S > idle.cpu_s, (busy, idle)


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
    with_bom = judged(game, write(tmp_path, ENCODINGS["UTF-8 BOM"](text)))
    without = judged(game, write(tmp_path, text, "plain.txt"))
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
    assert_one_line_error(judged("nex", path), path, "line 2, column 3: this is not UTF-8 text")
    control = write(tmp_path, "B W\nW ÿB\n".encode(), "control.txt")   # ÿ as UTF-8
    assert_one_line_error(judged("nex", control), control, "line 2, column 3: 'ÿ' (U+00FF)")


def test_an_unprintable_file_name_stays_on_one_line(tmp_path):
    path = write(tmp_path, "B W\nW X\n", "two\nlines.txt")
    result = judge("nex", path)
    assert_one_line_error(result, str(path).replace("\n", "\\n"), "'X' is not one of")


