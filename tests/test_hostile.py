"""What a hostile user tries: odd output targets, faults, interrupts, narrow paper, and a
fuzz of the whole command line. Every failure is one `pnp:` line on stderr and exit status 2
(or 130/143 for an interrupt), never a traceback, and leaves every file as it was."""

from __future__ import annotations

import io
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from in_process import run_pnp
from PIL import Image
from test_render import assert_inside_margin

from generator import render
from generator.app import documents
from generator.core.palette import COLOUR
from generator.core.paper import SMALLEST, Paper
from generator.errors import UserError
from generator.games import GAMES, KEYS
from generator.games.game import Game, OptionError
from generator.games.items import ITEMS as ITEM_TABLE
from generator.games.items import smallest_for
from generator.ui.cli import main, one_line

PNP = [sys.executable, "-m", "generator.ui.cli"]


# What the process does with files, streams, devices and signals is tested through real
# processes (pnp); a refusal of what was typed, through the same code in process (run_pnp).
def pnp(*args, cwd=None, **kw):
    kw.setdefault("capture_output", True)
    return subprocess.run([*PNP, *args], cwd=cwd, check=False, **kw)


def invoke(*args):
    return CliRunner().invoke(main, list(args))


def snapshot(folder: Path) -> dict[str, tuple]:
    """Every name under the folder with its kind, bytes, mode and inode."""
    found = {}
    for path in sorted(folder.rglob("*")):
        st_ = path.lstat()
        data = path.read_bytes() if stat.S_ISREG(st_.st_mode) else os.readlink(path) \
            if path.is_symlink() else None
        found[str(path.relative_to(folder))] = (stat.S_IFMT(st_.st_mode), data,
                                                stat.S_IMODE(st_.st_mode), st_.st_ino)
    return found


def one_error_line(stderr: bytes | str) -> str:
    text = stderr.decode() if isinstance(stderr, bytes) else stderr
    assert "Traceback" not in text, text
    assert text.startswith("pnp: ") and text.endswith("\n") and text.count("\n") == 1, text
    return text


def refused(result, folder: Path | None = None, before=None) -> str:
    assert result.returncode == 2, result.stderr
    line = one_error_line(result.stderr)
    if folder is not None:
        assert snapshot(folder) == before
    return line


def check_pdf(path: Path) -> None:
    subprocess.run(["qpdf", "--check", str(path)], check=True, capture_output=True)


def test_the_checks_catch_bad_results(tmp_path):
    # Controls: the checks these tests lean on fail on what they must catch.
    with pytest.raises(AssertionError):
        one_error_line("pnp: one\nTraceback (most recent call last):\n")
    with pytest.raises(AssertionError):
        one_error_line("Usage: pnp board\n")
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"%PDF-1.4\nnot a pdf")
    with pytest.raises(subprocess.CalledProcessError):
        check_pdf(bad)
    before = snapshot(tmp_path)
    bad.chmod(0o600)
    assert snapshot(tmp_path) != before


# --- 1. what -o names: symlinks, modes, hard links, devices, pipes, standard output ----------

def test_a_symlink_is_written_through_to_its_target(tmp_path):
    real = tmp_path / "real.pdf"
    real.write_text("old")
    (tmp_path / "link.pdf").symlink_to("real.pdf")
    result = pnp("board", "nex", "-o", str(tmp_path / "link.pdf"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "link.pdf").is_symlink()
    check_pdf(real)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.pdf", "real.pdf"]


def test_an_existing_file_keeps_its_permissions(tmp_path):
    out = tmp_path / "board.pdf"
    out.write_text("old")
    out.chmod(0o600)
    assert pnp("board", "nex", "-o", str(out)).returncode == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    check_pdf(out)


def test_a_new_file_follows_the_umask(tmp_path):
    out = tmp_path / "board.json"
    result = pnp("board", "nex", "-o", str(out), preexec_fn=lambda: os.umask(0o027))
    assert result.returncode == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o640


def test_a_file_with_other_hard_links_is_refused_and_kept(tmp_path):
    (tmp_path / "a.pdf").write_text("old")
    os.link(tmp_path / "a.pdf", tmp_path / "b.pdf")
    before = snapshot(tmp_path)
    line = refused(pnp("board", "nex", "-o", str(tmp_path / "a.pdf")), tmp_path, before)
    assert "2 hard links" in line


def test_dash_is_standard_output():
    result = pnp("board", "nex", "-o", "-")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(b"%PDF-") and result.stdout.rstrip().endswith(b"%%EOF")
    data = json.loads(pnp("board", "nex", "--format", "json", "-o", "-").stdout)
    assert data["game"] == "nex"


def test_dev_stdout_is_written_through_not_renamed(tmp_path):
    # A pipe: the path is not printed after the data.
    data = json.loads(pnp("board", "nex", "--format", "json", "-o", "/dev/stdout").stdout)
    assert data["size"] == 11
    # A regular file the shell opened: written through, still the shell's file, valid PDF.
    out = tmp_path / "so.pdf"
    with open(out, "wb") as handle:
        assert pnp("board", "nex", "-o", "/dev/stdout", stdout=handle,
                   stderr=subprocess.PIPE, capture_output=False).returncode == 0
    check_pdf(out)
    assert not Path("/dev/stdout.pdf").exists()


def test_a_device_is_written_through_and_stays_a_device():
    before = os.stat("/dev/null")
    result = pnp("board", "nex", "-o", "/dev/null")
    assert result.returncode == 0, result.stderr
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    assert after.st_ino == before.st_ino
    full = pnp("board", "nex", "-o", "/dev/full")
    assert one_error_line(full.stderr) == "pnp: cannot write /dev/full: No space left on device\n"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_named_pipe_is_written_through(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = pnp("board", "nex", "--format", "json", "-o", str(fifo))
    reader.join(10)
    assert result.returncode == 0, result.stderr
    assert json.loads(got[0])["game"] == "nex"
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_several_svg_pages_to_one_stream_are_refused(tmp_path):
    result = pnp("pad", "nex", "--copies", "2", "--format", "svg", "-o", "-", cwd=tmp_path)
    assert "2 SVG pages" in refused(result) and result.stdout == b""
    assert list(tmp_path.iterdir()) == []
    assert "2 SVG pages" in refused(pnp("pad", "nex", "--copies", "2", "--format", "svg",
                                        "-o", "/dev/null"))


# --- 2. faults that were tracebacks --------------------------------------------------------

@pytest.mark.timing
@pytest.mark.parametrize("item", ["rules", "kit"])
def test_rules_with_too_few_numbers_are_refused_before_any_work(tmp_path, monkeypatch, item):
    # Before any work: no item of the game is made (Game.make is where every one begins).
    # Only this thread's calls count: a studio left by another test may be drawing ahead.
    made: list[str] = []
    real, here = Game.make, threading.get_ident()

    def make(self, what, *args, **kwargs):
        if threading.get_ident() != here:
            return real(self, what, *args, **kwargs)
        made.append(what)
        raise UserError("made")
    monkeypatch.setattr(Game, "make", make)
    line = refused(run_pnp(item, "blind-hex", "--numbers", "2", cwd=tmp_path), tmp_path, {})
    assert "--numbers of at least 4" in line and made == []
    # Control: with numbers enough, the same command gets as far as making the item.
    assert refused(run_pnp(item, "blind-hex", "--numbers", "4", cwd=tmp_path)) == "pnp: made\n"
    assert made == [item]


def test_build_into_a_folder_whose_game_folder_is_a_file(tmp_path):
    (tmp_path / "o").mkdir()
    (tmp_path / "o" / "nex").write_text("")
    before = snapshot(tmp_path)
    line = refused(pnp("build", "nex", "--out", str(tmp_path / "o"), "--paper", "a4"),
                   tmp_path, before)
    assert "o/nex" in line


@pytest.mark.parametrize("out", ["/proc/pnp-catalogue", "/proc/version/sub"])
def test_build_into_an_unwritable_place_is_one_line(out):
    refused(pnp("build", "nex", "--out", out, "--paper", "a4"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_build_into_a_read_only_folder_is_one_line(tmp_path):
    (tmp_path / "ro").mkdir(mode=0o500)
    refused(pnp("build", "nex", "--out", str(tmp_path / "ro" / "out"), "--paper", "a4"))


@pytest.mark.parametrize("args", [["list"], ["stats", "blind-hex"], ["--help"],
                                  ["board", "--help"], ["--version"]])
def test_a_full_standard_output_is_one_line_on_stderr(args):
    with open("/dev/full", "w") as full:
        result = pnp(*args, stdout=full, stderr=subprocess.PIPE, capture_output=False)
    assert result.returncode == 2
    assert one_error_line(result.stderr) == (
        "pnp: cannot write to standard output: No space left on device\n")


# --- 3. the pages of an SVG: all or none --------------------------------------------------

def test_svg_pages_are_replaced_together_or_not_at_all(tmp_path):
    for i in (1, 2):
        (tmp_path / f"k-{i}.svg").write_text("old")
    (tmp_path / "k-3.svg").mkdir()
    before = snapshot(tmp_path)
    line = refused(pnp("pad", "nex", "--copies", "3", "-o", str(tmp_path / "k.svg")),
                   tmp_path, before)
    assert "k-3.svg" in line and ".part" not in line


@pytest.mark.parametrize("fault", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_rename_that_fails_puts_back_every_page(tmp_path, monkeypatch, fault):
    # Renames in one folder fail only in odd places (a sticky folder, an interrupt): the
    # third rename is made to fail, and the two before it must be undone.
    names = [tmp_path / f"k-{i}.svg" for i in (1, 2, 3, 4)]
    for name in names[:3]:
        name.write_text(f"old {name.name}")
    before = snapshot(tmp_path)
    real_replace, calls = os.replace, []

    def replace(src, dst):
        calls.append(dst)
        if len(calls) == 3:
            raise fault
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises((render.OutputError, KeyboardInterrupt)):
        render.write_atomically([(n, b"<svg/>") for n in names])
    monkeypatch.setattr(os, "replace", real_replace)
    assert snapshot(tmp_path) == before


def test_write_atomically_control_a_finished_write_changes_the_files(tmp_path):
    names = [tmp_path / f"k-{i}.svg" for i in (1, 2)]
    names[0].write_text("old")
    render.write_atomically([(n, b"<svg/>") for n in names])
    assert [n.read_bytes() for n in names] == [b"<svg/>", b"<svg/>"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k-1.svg", "k-2.svg"]


# --- 7. extensions ------------------------------------------------------------------------

@pytest.mark.parametrize("args, name", [
    (["rules", "nex"], "r.json"), (["board", "nex"], "x.txt"), (["booklet", "nex"], "x.svg"),
    (["board", "nex", "--format", "svg"], "x.pdf"), (["kit", "nex"], "x.json"),
])
def test_an_extension_that_is_not_the_format_is_refused(tmp_path, args, name):
    line = refused(run_pnp(*args, "-o", name, cwd=tmp_path), tmp_path, {})
    assert name in line


@pytest.mark.parametrize("args, made", [
    (["board", "nex"], "plain.pdf"), (["board", "nex", "--format", "svg"], "plain.svg"),
    (["board", "nex", "--format", "json"], "plain.json"), (["booklet", "nex"], "plain.pdf"),
])
def test_a_name_without_an_extension_gets_the_formats(tmp_path, args, made):
    result = pnp(*args, "-o", "plain", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == [made]


# --- 8. long names -------------------------------------------------------------------------

def test_the_longest_name_the_folder_takes_can_be_written(tmp_path):
    for length in (245, 255):
        name = "a" * (length - 5) + ".json"
        result = pnp("board", "nex", "--format", "json", "-o", name, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        json.loads((tmp_path / name).read_text())
    too_long = "b" * 252 + ".json"
    line = refused(pnp("board", "nex", "-o", too_long, cwd=tmp_path))
    assert "name too long" in line and ".pnp-" not in line
    assert not any(p.name.startswith("b") or p.name.startswith(".")
                   for p in tmp_path.iterdir())


# --- 9, 10. one line, naming what the user named ---------------------------------------------

def test_control_characters_in_user_text_are_escaped_onto_one_line(tmp_path):
    line = refused(run_pnp("board", "nex", "--paper", "a4\nx"))
    assert "'a4\\nx'" in line
    line = refused(run_pnp("board", "nex", "-o", str(tmp_path / "no\x1bdir" / "b\nx.pdf")))
    assert "b\\nx.pdf" in line and "\\x1b" in line


@pytest.mark.parametrize("group", ["board", "rules", "kit", "judge", "stats"])
def test_a_command_without_its_game_is_one_line(group):
    line = refused(run_pnp(group))
    assert "name a game" in line and "where GAME is one of " in line


def test_pnp_alone_prints_its_help_on_stdout():
    result = pnp()
    assert result.returncode == 0 and result.stderr == b""
    assert b"Usage: pnp" in result.stdout and b"board" in result.stdout


def test_errors_name_the_target_not_the_temporary_file(tmp_path):
    line = refused(pnp("board", "nex", "-o", "/proc/x.pdf"))
    assert line.startswith("pnp: cannot write /proc/x.pdf:") and ".part" not in line
    assert ".pnp-" not in line


# --- 12. options that do not apply are refused ----------------------------------------------

@pytest.mark.parametrize("args, message", [
    (["board", "bling", "--neutral", "a01"], "--neutral must be a cell from a1 to e5"),
    (["board", "bling", "--neutral", "c\u0663"], "--neutral must be a cell from a1 to e5"),
    (["board", "bling", "--neutral", " c3"], "--neutral must be a cell from a1 to e5"),
    (["board", "nex", "--format", "json", "--cell", "10"], "not --format json"),
    (["board", "nex", "--format", "json", "--copies", "2"], "not --format json"),
    (["board", "nex", "--format", "json", "--tile"], "not --format json"),
    (["board", "nex", "--format", "json", "--paper", "a5"], "not --format json"),
    (["board", "nex", "--format", "json", "--palette", "ink-saver"], "not --format json"),
    (["board", "nex", "--tile"], "--tile needs --cell"),
    (["rules", "nex", "--copies", "3"], "rules takes no option --copies"),
    (["booklet", "--all", "nex"], "not both"),
    (["build", "--out", ""], "--out"),
    (["board", "nex", "-o", ""], "give a file name"),
])
def test_an_option_that_does_not_apply_is_an_error(tmp_path, args, message):
    assert message in refused(run_pnp(*args, cwd=tmp_path), tmp_path, {})


def test_a_cell_in_capitals_means_the_same_cell(tmp_path):
    for cell in ("C3", "c3", "A1"):
        out = tmp_path / f"{cell}.json"
        assert invoke("board", "bling", "--neutral", cell, "-o", str(out)).exit_code == 0
        assert json.loads(out.read_text())["neutral"] == cell.lower()


# --- 4. narrow paper -----------------------------------------------------------------------

ITEMS = [(key, item) for key in sorted(GAMES)
         for item in (*(i.key for i in GAMES[key].items), "kit")]


def least_paper(key: str, item: str) -> float:
    game = GAMES[key]
    return smallest_for([i.key for i in game.items_for(game.make_options())]
                        if item == "kit" else (item,))


# Items that every paper pnp takes will do (it takes none under 100 mm) have nothing to refuse.
NEEDING_MORE = [(key, item) for key, item in ITEMS if least_paper(key, item) > SMALLEST]


def test_most_items_need_more_than_the_smallest_paper():
    assert len(NEEDING_MORE) > len(ITEMS) // 2, NEEDING_MORE


@pytest.mark.parametrize("key, item", NEEDING_MORE)
def test_paper_below_an_items_smallest_is_refused(tmp_path, key, item):
    game = GAMES[key]
    least = least_paper(key, item)
    side = f"{least - 1:g}"
    # An edition's own piece is asked for with that edition.
    options = next(o for _, o in game.variants()
                   if item == "kit" or ITEM_TABLE[item] in game.items_for(o))
    edition = ["--edition", options.edition] if hasattr(options, "edition") else []
    line = refused(run_pnp(item, key, *edition, "--paper", f"{side}x300", cwd=tmp_path), tmp_path,
                   {})
    assert f"at least {least:g} mm" in line
    line = refused(run_pnp(item, key, *edition, "--paper", f"300x{side}", cwd=tmp_path), tmp_path,
                   {})
    assert f"at least {least:g} mm" in line


@pytest.mark.parametrize("key, item", [(k, i) for k, i in ITEMS if i != "kit"])
def test_every_item_lays_out_inside_the_margins_on_its_smallest_papers(key, item):
    game = GAMES[key]
    least = ITEM_TABLE[item].smallest_paper
    variants = [o for o in [o for _, o in game.variants()] + [game.make_options()]
                if ITEM_TABLE[item] in game.items_for(o)]
    for w, h in ((least, least), (least, 1.5 * least), (1.5 * least, least)):
        paper = Paper(f"{w:g}x{h:g}mm", w, h)
        for options in variants:
            try:
                documents.check(game, item, options, paper)
            except OptionError as err:
                # A board whose cells would be too small to read is refused by design; it
                # still lays out inside the margins when made.
                assert "cells would be" in str(err), err
            assert_inside_margin(game.make(item, options, paper, COLOUR), paper)


def test_the_margin_check_fails_below_the_smallest_paper():
    # Control: the margin check finds ink in the margin on a paper small enough. (A rule
    # sheet's title is set smaller to fit, so its sheet holds down to about 100 mm: the
    # 145 mm it asks for is A5's width, which every item takes.)
    game = GAMES["blind-hex"]
    options = game.make_options(edition="pennies")
    for item, side in (("rules", 90.0), ("board", 110.0)):
        paper = Paper("small", side, side)
        with pytest.raises(AssertionError):
            assert_inside_margin(game.make(item, options, paper, COLOUR), paper)


def test_a5_takes_every_item():
    assert max(i.smallest_paper for i in ITEM_TABLE.values()) <= 148


# --- a fuzz of the whole command line --------------------------------------------------------

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

