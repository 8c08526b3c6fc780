"""A fuzz of the whole command line: any game, item, option, paper and output name, valid or
not. Every run ends with 0 and a whole file (qpdf reads a PDF, an SVG parses, a PNG opens),
or with 2 and one `pnp:` line, never a traceback, leaving every other file as it was."""

from __future__ import annotations

import io
import json
import os
import shutil
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image
from refusal_checks import check_pdf, one_error_line, snapshot

from generator.games import KEYS
from generator.ui.cli import main
from generator.ui.running import one_line


def invoke(*args):
    return CliRunner().invoke(main, list(args))


NAMES = st.sampled_from(["out.pdf", "out.svg", "out.json", "out", "OUT.PDF", "out.txt", "-",
                         "keep.pdf", "adir", "afile/x.pdf", "missing/x.pdf", "link.pdf",
                         "a" * 240 + ".pdf", "b" * 260 + ".pdf", "n\nl.pdf", "x.pdf.svg",
                         ".pdf", "sp ace.json"])
PAPERS = st.one_of(st.sampled_from(["a4", "A5", "letter", "tabloid", "a3", "a0", "100x100",
                                    "130x130", "145x200", "140x300", "99x200", "8.5x14in",
                                    "1501x200", "a4\nx", "", "x", "200×300", "4x6in"]),
                   st.builds(lambda w, h: f"{w}x{h}", st.integers(90, 320),
                             st.integers(90, 320)))
GAME_NAMES = st.one_of(st.sampled_from([*KEYS, *KEYS, "chess", "NEX", ""]))


VALID = {"--size": st.integers(9, 19).map(str), "--numbers": st.integers(4, 9).map(str),
         "--seed": st.integers(0, 10**6).map(str),
         "--edition": st.sampled_from(["cards", "pennies"]),
         "--neutral": st.sampled_from(["c3", "C3", "a1", "e5", "B2"]),
         "--window": st.integers(0, 1).map(str)}
TAKES = {"blind-hex": ("--size", "--numbers", "--seed", "--edition"), "nex": ("--size",),
         "hex-kb": ("--size", "--window", "--seed"), "bling": ("--neutral",)}


@st.composite
def command_lines(draw):
    command = draw(st.sampled_from(["board"] * 12 + ["stats"] * 2 + ["pad", "rules", "kit",
                                    "counters", "tiles", "puzzle", "list", "booklet",
                                    "judge", "check"]))
    args = [command]
    if command == "list":
        return args + draw(st.lists(st.sampled_from(["--help", "x"]), max_size=1))
    if command == "check":
        # The preflight on what is in the folder (none of it a PDF), a device, a name
        # that is not there: each refused with one line, nothing touched.
        return args + [draw(st.sampled_from(["keep.pdf", "adir", "afile", "link.pdf",
                                             "missing/x.pdf", "/dev/null", "/dev/zero",
                                             "n\nl.pdf", ""]))] + draw(
            st.lists(st.sampled_from(["--for", "print-shop", "home", "--booklet", "x"]),
                     max_size=2))
    if command == "booklet":
        # Booklets are slow to make: the fuzz makes them fail early, or asks for help.
        return args + draw(st.sampled_from([["--all", "nex"], [], ["nex", "-o", "x.svg"],
                                            ["chess"], ["--help"], ["nex", "--paper", "a5"]]))
    args.append(draw(GAME_NAMES))
    cheap = command == "board" or draw(st.integers(0, 3)) == 0
    pool = {
        "--size": st.integers(-2, 30).map(str), "--numbers": st.integers(0, 11).map(str),
        "--seed": st.integers(-5, 10**12).map(str),
        "--edition": st.sampled_from(["cards", "pennies", "dice", ""]),
        "--neutral": st.sampled_from(["c3", "C3", "a1", "e5", "f6", "a01", "c\u0663", ""]),
        "--window": st.integers(-1, 5).map(str),
        "--paper": PAPERS,
        "--palette": st.sampled_from(["colour", "ink-saver", "colour-blind", "x"]),
        "--format": st.sampled_from(["pdf", "svg", "json", "png"]),
        "--copies": st.integers(0, 3).map(str), "--cell": st.sampled_from(["5", "12.5", "0",
                                                                          "x", "40"]),
        "-o": NAMES,
    }
    if draw(st.integers(0, 9)) < 6:
        # Mostly what the game takes, so that most runs get as far as writing a file.
        pool = {flag: VALID[flag] for flag in TAKES.get(args[-1], ())} | {
            "--paper": st.sampled_from(["a4", "a5", "letter", "150x150", "8.5x14in"]),
            "--palette": st.sampled_from(["colour", "ink-saver", "colour-blind"]),
            "-o": st.sampled_from(["out.json", "out", "-", "keep.json", "link.pdf", "x.svg",
                                   "a" * 240 + ".json"]) if command == "board" else NAMES}
    for flag in draw(st.lists(st.sampled_from(sorted(pool)), max_size=4, unique=True)):
        args += [flag, draw(pool[flag])]
    for flag in draw(st.lists(st.sampled_from(["--tile", "--no-coordinates", "--bogus"]),
                              max_size=1)):
        args.append(flag)
    if command != "board" and not cheap and "--size" not in args:
        # An item that typesets rules takes a second: most of them are made to fail early.
        args += ["--size", "99"]
    if command == "board" and "--format" not in args and "-o" not in args:
        args += ["--format", draw(st.sampled_from(["json", "json", "svg", "pdf"]))]
    return args


def _valid_output(path: Path, data: bytes) -> None:
    name = path.name.lower()
    if name.endswith(".pdf") or data.startswith(b"%PDF"):
        assert data.startswith(b"%PDF-"), path
        check_pdf(path)
    elif name.endswith(".svg"):
        assert ET.fromstring(data).tag.endswith("svg"), path
    elif name.endswith(".png") or data.startswith(PNG_SIGNATURE):
        assert data.startswith(PNG_SIGNATURE), path
        with Image.open(io.BytesIO(data)) as image:
            image.verify()
    else:
        json.loads(data)


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _prepare(folder: Path) -> None:
    (folder / "keep.pdf").write_bytes(b"keep")
    (folder / "adir").mkdir()
    (folder / "afile").write_text("a file")
    (folder / "target.pdf").write_bytes(b"target")
    (folder / "link.pdf").symlink_to("target.pdf")


# The exhaustive tier (`make test-all`, CI): in `make test` each command's refusals are
# test_hostile.py's and test_hostile_round.py's cases (one line, exit 2, nothing touched),
# and its whole files test_cli.py's and test_render.py's.
@pytest.mark.exhaustive(reason="refusals covered by test_hostile.py, files by test_cli.py")
def test_fuzz_the_command_line(tmp_path):
    """Each command line is refused with one line and nothing touched, or succeeds with
    valid files; and the fuzz reaches both."""
    outcomes = {"succeeded": 0, "refused": 0}
    # Each command line runs in a folder as _prepare leaves it: the one the command line
    # before ran in, where that left it exactly so (every name, kind, byte, mode and inode,
    # as snapshot sees them: most are refused and touch nothing), else a new one.
    ready: list[tuple[Path, dict[str, tuple]]] = []

    @settings(max_examples=500, deadline=None, derandomize=False,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(command_lines())
    def fuzz(args):
        if not ready:
            folder = Path(tempfile.mkdtemp(dir=tmp_path))
            _prepare(folder)
            ready.append((folder, snapshot(folder)))
        folder, before = ready.pop()
        outcomes[_one_command_line(args, folder, before)] += 1
        if snapshot(folder) == before:
            ready.append((folder, before))
        else:
            shutil.rmtree(folder)
    fuzz()
    # One in twenty of each at least: a fuzz that only meets refusals never tests writing
    # (about one line in six succeeds; the rest are refused).
    assert min(outcomes.values()) >= sum(outcomes.values()) // 20, outcomes


def _one_command_line(args: list[str], folder: Path, before: dict[str, tuple]) -> str:
    """What became of ARGS, run in FOLDER (as _prepare leaves it, its snapshot BEFORE),
    "succeeded" or "refused", once checked."""
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, args)
    finally:
        os.chdir(cwd)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args, result.exc_info)
    assert "Traceback" not in result.stderr, (args, result.stderr)
    if result.exit_code == 2:
        one_error_line(result.stderr)
        assert snapshot(folder) == before, args
        return "refused"
    assert result.exit_code == 0, (args, result.exit_code, result.stderr)
    after = snapshot(folder)
    changed = sorted(n for n in after if after[n] != before.get(n))
    assert all(n in after for n in before), (args, "a file went missing")
    if "-o" in args and args[args.index("-o") + 1] == "-":
        assert changed == []
        if "--help" not in args:
            data = result.stdout_bytes
            if data.startswith(b"%PDF"):
                (folder / "stdout.pdf").write_bytes(data)
                _valid_output(folder / "stdout.pdf", data)
            elif data.startswith(b"<"):
                ET.fromstring(data)
            elif data.startswith(PNG_SIGNATURE):
                _valid_output(folder / "stdout.png", data)
            else:
                json.loads(data)
        return "succeeded"
    for name in changed:
        _valid_output(folder / name, (folder / name).read_bytes())
    if args[0] not in ("list", "stats", "judge") and "--help" not in args:
        # Each file written is named on stdout (escaped onto one line), and only those;
        # a symlink is named as given.
        printed = set(result.stdout.splitlines())
        named = {"link.pdf" if n == "target.pdf" and "link.pdf" in printed else one_line(n)
                 for n in changed}
        assert printed == named, (args, printed, changed)
    return "succeeded"

