"""`pnp check` against hostile files, each built here with pikepdf: it answers every one with
a FAIL line (a reading budget) or one `pnp:` line and exit status 2, within its memory, and
stops at once on SIGINT or SIGTERM. Each case has a control that passes, so the test proves
the check tells them apart.

The runs are timed only against a hang (HANG); how fast the preflight is lives in
benchmarks/bench.py. Memory is the peak of `pnp check` and its reading child, from wait4.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pytest
from in_process import run_pnp
from measured import LAUNCHER
from paused import Pause, default_signals, still_running

PNP = [sys.executable, "-m", "generator.ui.cli"]
HANG = 30.0          # s: a run still going after this has hung
MEMORY_MB = 200      # the most any run may take, child included
N = pikepdf.Name


@dataclass
class Ran:
    status: int
    stdout: str
    stderr: str
    seconds: float
    memory_mb: float

    @property
    def first(self) -> str:
        return ((self.stdout or self.stderr).splitlines() or [""])[0]


def check(path: Path | str, *args: str, pause: Pause | None = None,
          stop: int | None = None) -> Ran:
    """`pnp check PATH ARGS` in a process of its own, with its peak memory (and its
    children's). With `pause`, the run is held where the pause is (in the reading child);
    then `stop` sends that signal to `pnp check`, and the time is counted from the signal;
    without `stop` the reading is let go on."""
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryFile("w+") as out, \
            tempfile.TemporaryFile("w+") as err:
        peak = Path(tmp, "peak")
        start = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-c", LAUNCHER, str(peak), *PNP, "check",
                                 str(path), *args], stdout=out, stderr=err, text=True,
                                env=pause.env() if pause else None,
                                preexec_fn=default_signals)
        if pause is not None:
            held = pause.reached(proc)
            if stop is None:
                pause.release()
            else:
                start = time.monotonic()
                os.kill(_parent(held), stop)
        try:
            status = proc.wait(timeout=HANG)
        except subprocess.TimeoutExpired:
            proc.kill()
            status = proc.wait()
        seconds = time.monotonic() - start
        out.seek(0)
        err.seek(0)
        memory = int(peak.read_text()) / 1024 if peak.exists() else float("inf")
        return Ran(status, out.read(), err.read(), seconds, memory)


def _parent(pid: int) -> int:
    """The parent of a running process, from /proc (the field after the name, its state)."""
    stat_line = Path(f"/proc/{pid}/stat").read_text()
    return int(stat_line[stat_line.rindex(")") + 2:].split()[1])


def page_pdf(path: Path, content: bytes, resources: pikepdf.Dictionary | None = None,
             deflate: bool = False, pdf: pikepdf.Pdf | None = None) -> Path:
    """One page drawn by the content given, with the resources given (made in PDF)."""
    pdf = pdf if pdf is not None else pikepdf.new()
    pdf.add_blank_page(page_size=(300, 300))
    page = pdf.pages[0]
    page.obj.Resources = resources if resources is not None else pikepdf.Dictionary()
    if deflate:
        page.obj.Contents = pikepdf.Stream(pdf, zlib.compress(content, 9))
        page.obj.Contents.Filter = N.FlateDecode
    else:
        page.obj.Contents = pdf.make_stream(content)
    pdf.save(path)
    return path


def save_as_is(pdf: pikepdf.Pdf, path: Path) -> None:
    """Saved with every stream as built: qpdf would otherwise decode a chain of filters (all
    of a bomb) to write it again."""
    pdf.save(path, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)


def assert_fails_by_budget(ran: Ran, limit: str) -> None:
    assert ran.status == 1, (ran.stdout, ran.stderr)
    assert ran.first.startswith("FAIL  limits") and limit in ran.first, ran.first
    assert ran.stderr == "" and ran.memory_mb < MEMORY_MB, (ran.stderr, ran.memory_mb)


def assert_passes(ran: Ran) -> None:
    assert ran.status == 0, (ran.stdout, ran.stderr)
    assert "limits" not in ran.stdout and ran.memory_mb < MEMORY_MB


def assert_refused(ran: Ran, reason: str) -> None:
    assert ran.status == 2, (ran.stdout, ran.stderr)
    assert ran.stdout == "" and ran.stderr.count("\n") == 1, ran.stderr
    assert ran.stderr.startswith("pnp: cannot read ") and reason in ran.stderr, ran.stderr
    assert ran.memory_mb < MEMORY_MB


# ---------------------------------------------------------------- form fan-out

def fan_out(path: Path, levels: int, draws: int) -> Path:
    """Forms that each draw the next one `draws` times, `levels` deep: draws ** levels runs
    of the innermost line."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(300, 300))
    inner = pdf.make_stream(b"0 0 m 100 100 l S", Type=N.XObject, Subtype=N.Form,
                            BBox=[0, 0, 300, 300])
    for _ in range(levels):
        inner = pdf.make_stream(b"/X Do " * draws, Type=N.XObject, Subtype=N.Form,
                                BBox=[0, 0, 300, 300],
                                Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(X=inner)))
    page = pdf.pages[0]
    page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(X=inner))
    page.obj.Contents = pdf.make_stream(b"/X Do")
    pdf.save(path)
    return path


def test_form_fan_out_is_stopped_by_its_count_of_runs(tmp_path):
    # 4 ** 15 runs (a billion): the whole walk is counted, not only the depth.
    assert_fails_by_budget(check(fan_out(tmp_path / "fan.pdf", 15, 4)),
                           "form XObjects drawn more than 10,000 times")
    assert_passes(check(fan_out(tmp_path / "few.pdf", 3, 4)))          # 64 runs


# ---------------------------------------------------------------- a zip bomb

def zeros_deflated(megabytes: int) -> bytes:
    """A zlib stream of MEGABYTES MB of zero bytes, put together from one flushed block
    repeated (deflating gigabytes here would take seconds)."""
    chunk = bytes(1 << 20)
    deflater = zlib.compressobj(9)
    header_and_block = deflater.compress(chunk) + deflater.flush(zlib.Z_FULL_FLUSH)
    header, block = header_and_block[:2], header_and_block[2:]
    adler = (len(chunk) * megabytes % 65521) << 16 | 1     # Adler-32 of that many zeros
    final = b"\x03\x00"                   # an empty final block, fixed codes
    return header + block * megabytes + final + adler.to_bytes(4, "big")


def bomb(path: Path, megabytes: int) -> Path:
    """A page whose content is deflated twice: a few kilobytes that decode to MEGABYTES MB
    of zeros (blank space to a content parser), then a line."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(300, 300))
    data = zlib.compress(zeros_deflated(megabytes), 9)
    stream = pikepdf.Stream(pdf, data)
    stream.Filter = pikepdf.Array([N.FlateDecode, N.FlateDecode])
    line = pdf.make_stream(b"0 0 m 100 100 l S")
    pdf.pages[0].obj.Contents = pikepdf.Array([stream, line])
    save_as_is(pdf, path)
    return path


def test_the_zip_bomb_is_measured_before_it_is_parsed():
    assert zlib.decompress(zeros_deflated(3)) == bytes(3 << 20)   # the builder is sound


def test_a_zip_bomb_stops_at_the_decoding_budget(tmp_path):
    path = bomb(tmp_path / "bomb.pdf", 4096)            # 4 GB
    assert path.stat().st_size < 64 * 1024
    assert_fails_by_budget(check(path), "content decoding to more than 16 MB")
    assert_passes(check(bomb(tmp_path / "small.pdf", 1)))


def test_content_that_qpdf_must_decode_itself_is_held_by_the_memory_ceiling(tmp_path):
    """Run-length data (not inflated by the budget's own measure) that decodes to 1 GB:
    the child's memory ceiling ends it, with one line."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(300, 300))
    runs = b"\x81\x20" * (8 << 20)                         # 128 spaces per two bytes
    stream = pikepdf.Stream(pdf, zlib.compress(runs, 9))
    stream.Filter = pikepdf.Array([N.FlateDecode, N.RunLengthDecode])
    pdf.pages[0].obj.Contents = stream
    save_as_is(pdf, tmp_path / "rle.pdf")
    assert_refused(check(tmp_path / "rle.pdf"), "needs more than 144 MB of memory")
    small = pikepdf.Stream(pdf, zlib.compress(b"\x81\x20" * 1000 + b"\x80", 9))
    small.Filter = pikepdf.Array([N.FlateDecode, N.RunLengthDecode])
    pdf.pages[0].obj.Contents = small
    save_as_is(pdf, tmp_path / "small.pdf")
    assert_passes(check(tmp_path / "small.pdf"))


@pytest.mark.timing
def test_saved_states_without_end_stop_at_the_operations_budget(tmp_path):
    """Eight million `q`: each would keep a copy of the graphics state."""
    path = page_pdf(tmp_path / "q.pdf", b"q " * (8 << 20), deflate=True)
    ran = check(path)
    assert_fails_by_budget(ran, "more than 500,000 drawing operations on one page, at page 1")
    assert "graphics states saved more than 1024 deep" in ran.first
    assert_passes(check(page_pdf(tmp_path / "few.pdf", b"q " * 1000 + b"Q " * 1000)))


def test_the_reading_time_is_processor_time_not_the_clock():
    """The time budget counts the reading's work: time spent waiting for a processor (a busy
    machine) does not count, so the verdict on a file does not depend on the machine's load."""
    from generator.preflight.budget import Budget, OverBudget, Spent
    spent = Spent(Budget(seconds=0.2))
    time.sleep(0.4)                       # waiting, as for a processor: not counted
    spent.clock()
    assert not spent.late()
    # Control: the same budget spent in work stops the reading.
    start = time.process_time()
    with pytest.raises(OverBudget, match="more than 0.2 s of processor time"):
        while time.process_time() - start < 10:
            spent.clock()


# ---------------------------------------------------------------- sizes the file chooses

def cid_font(pdf: pikepdf.Pdf, widths: pikepdf.Array) -> pikepdf.Dictionary:
    descriptor = pikepdf.Dictionary(Type=N.FontDescriptor, FontName=N.X, Flags=4,
                                    FontBBox=[0, -200, 1000, 800], ItalicAngle=0, Ascent=800,
                                    Descent=-200, CapHeight=700, StemV=80,
                                    FontFile2=pdf.make_stream(b"glyphs"))
    descendant = pikepdf.Dictionary(Type=N.Font, Subtype=N.CIDFontType2, BaseFont=N.X,
                                    CIDSystemInfo=pikepdf.Dictionary(
                                        Registry=pikepdf.String("Adobe"),
                                        Ordering=pikepdf.String("Identity"), Supplement=0),
                                    FontDescriptor=descriptor, W=widths)
    return pikepdf.Dictionary(Type=N.Font, Subtype=N.Type0, BaseFont=N.X,
                              Encoding=N("/Identity-H"),
                              DescendantFonts=pikepdf.Array([descendant]))


@pytest.mark.parametrize("widths,passes", [
    ([0, 2000000000, 500], False),
    ([0, [500, 600]], True),
    ([0, 65535, 500], True),
])
def test_a_width_range_is_read_up_to_the_codes_a_font_can_have(tmp_path, widths, passes):
    pdf = pikepdf.new()
    font = cid_font(pdf, pikepdf.Array(widths))
    path = page_pdf(tmp_path / "w.pdf", b"BT /F1 10 Tf 100 100 Td <00010002> Tj ET",
                    pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)), pdf=pdf)
    if passes:
        assert_passes(check(path))
    else:
        assert_fails_by_budget(check(path), "font X: its /W gives widths to 2,000,000,001 "
                                            "codes (a font has at most 65,536)")


@pytest.mark.parametrize("n,passes", [(1000000000, False), (4, True), (1, True)])
def test_an_icc_space_is_believed_up_to_32_components(tmp_path, n, passes):
    pdf = pikepdf.new()
    profile = pdf.make_stream(b"\0" * 128, N=n)
    resources = pikepdf.Dictionary(ColorSpace=pikepdf.Dictionary(
        CS0=pikepdf.Array([N.ICCBased, profile])))
    path = page_pdf(tmp_path / "icc.pdf", b"/CS0 cs 0.5 sc 10 10 50 50 re f", resources,
                    pdf=pdf)
    if passes:
        assert_passes(check(path))
    else:
        assert_fails_by_budget(check(path), "an ICCBased colour space claims 1,000,000,000 "
                                            "components (at most 32)")


# ---------------------------------------------------------------- not files, not whole

@pytest.fixture(scope="module")
def board(tmp_path_factory) -> bytes:
    out = tmp_path_factory.mktemp("board") / "board.pdf"
    # Made in this process (in_process.py): the file is the input here, not the command.
    assert run_pnp("board", "nex", "-o", str(out)).returncode == 0
    return out.read_bytes()


@pytest.fixture(scope="module")
def whole_board(tmp_path_factory, board) -> Ran:
    """`pnp check` on the whole board, the control that passes beside the device, the link
    and each cut-off board: one run of the same command on the same file for them all."""
    path = tmp_path_factory.mktemp("whole") / "board.pdf"
    path.write_bytes(board)
    return check(path)


def test_a_device_is_refused_from_its_stat(tmp_path, whole_board):
    assert_refused(check("/dev/zero"), "/dev/zero: it is a character device, not a PDF file")
    assert_passes(whole_board)
    (tmp_path / "link.pdf").symlink_to("/dev/zero")        # followed, then refused
    assert_refused(check(tmp_path / "link.pdf"), "it is a character device")


@pytest.mark.timing
def test_a_fifo_with_no_writer_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    ran = check(fifo)
    assert_refused(ran, "pipe.pdf: it is a named pipe, not a PDF file")
    assert ran.seconds < HANG


@pytest.mark.parametrize("percent", [90, 95, 99])
def test_a_cut_off_board_is_damaged(tmp_path, board, whole_board, percent):
    path = tmp_path / "cut.pdf"
    path.write_bytes(board[:len(board) * percent // 100])
    assert_refused(check(path), "damaged PDF")
    qpdf = subprocess.run(["qpdf", "--check", str(path)], capture_output=True)
    assert qpdf.returncode != 0               # qpdf agrees that the file is damaged
    assert_passes(whole_board)


# ---------------------------------------------------------------- stopping

READING = "generator.preflight.isolation:read_facts"    # called in the reading child


def held_page(path: Path) -> Path:
    """The page a reading is held on: the pause holds it, whatever the page's size, so a
    few thousand operations do (the control reads them all once let go; a quarter of a
    million took two seconds of the reading child's processor time, for the same path)."""
    return page_pdf(path, b"q Q " * 2048, deflate=True)


@pytest.mark.timing
@pytest.mark.parametrize("stop,status,line", [(signal.SIGTERM, 143, "pnp: terminated\n"),
                                              (signal.SIGINT, 130, "pnp: interrupted\n")])
def test_a_signal_stops_the_reading_at_once(tmp_path, stop, status, line):
    """The reading child is held inside the reading, which never ends unless the test lets
    it: `pnp check` can only end on the signal if it does not wait for the reading."""
    busy = held_page(tmp_path / f"busy-{stop}.pdf")
    with Pause(tmp_path / "held", READING) as pause:
        ran = check(busy, pause=pause, stop=stop)
        assert (ran.status, ran.stdout, ran.stderr) == (status, "", line)
        assert ran.seconds < HANG
        assert pause.pid is not None and still_running({pause.pid}, 0) == set()
    leftover = [pid for pid in os.listdir("/proc") if pid.isdigit()
                and str(busy).encode() in _cmdline(pid)]
    assert leftover == []                      # the reading child went with it


@pytest.mark.timing
def test_a_held_reading_let_go_ends_as_an_unheld_one(tmp_path):
    """The control: the same pause, released without a signal, is in the reading's way and
    holds nothing else back; the check then passes."""
    busy = held_page(tmp_path / "busy.pdf")
    with Pause(tmp_path / "held", READING) as pause:
        assert_passes(check(busy, pause=pause))
        assert pause.pid is not None


def _cmdline(pid: str) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def test_token_by_token_reading_gives_the_same_facts(tmp_path):
    """Content too large to parse in one go is read token by token: the same facts either
    way, inline images and forms included."""
    from test_preflight import sheet

    from generator.preflight.budget import Budget
    from generator.preflight.reader import read_facts

    path = sheet(tmp_path / "sheet.pdf", pages=2)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        form = pdf.make_stream(b"0.3 w 0 0 1 0 K 0 0 m 50 50 l S "
                               b"BI /W 1 /H 1 /CS /RGB /BPC 8 ID \xff\x00\x00 EI",
                               Type=N.XObject, Subtype=N.Form, BBox=[0, 0, 100, 100])
        page = pdf.pages[1]
        page.obj.Resources.XObject = pikepdf.Dictionary(Fm1=form)
        page.contents_add(pdf.make_stream(b"q 1 0 0 1 100 100 cm /Fm1 Do Q "
                                          b"BI /W 1 /H 1 /CS /G /BPC 8 ID \x80 EI"))
        pdf.save(path)
    whole = read_facts(path)
    tokens = read_facts(path, Budget(list_parse=0))
    assert tokens == whole
    assert {"image DeviceRGB", "image DeviceGray"} <= whole.pages[1].spaces
    assert whole.pages[1].thinnest == pytest.approx(0.3)
