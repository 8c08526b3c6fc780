"""What a hostile user tries: odd output targets, faults, names, options that do not apply
(narrow paper: test_narrow_paper.py; a fuzz of the whole command line:
test_fuzz_command_line.py). Every failure is one `pnp:` line on stderr and exit status 2
(or 130/143 for an interrupt), never a traceback, and leaves every file as it was."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import stat
import subprocess
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from in_process import run_pnp
from refusal_checks import PNP, check_pdf, one_error_line, refused, snapshot

from generator import render
from generator.errors import UserError
from generator.games.game import Game
from generator.ui.cli import main


# What the process does with its streams, devices, pipes, umask and signals is tested through
# real processes (pnp); a refusal of what was typed, and what is written where -o names a
# file, a link or a folder, through the same code in process (run_pnp).
def pnp(*args, cwd=None, **kw):
    kw.setdefault("capture_output", True)
    return subprocess.run([*PNP, *args], cwd=cwd, check=False, **kw)


def invoke(*args):
    return CliRunner().invoke(main, list(args))


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
    result = run_pnp("board", "nex", "-o", str(tmp_path / "link.pdf"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "link.pdf").is_symlink()
    check_pdf(real)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.pdf", "real.pdf"]


def test_an_existing_file_keeps_its_permissions(tmp_path):
    out = tmp_path / "board.pdf"
    out.write_text("old")
    out.chmod(0o600)
    assert run_pnp("board", "nex", "-o", str(out)).returncode == 0
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
    line = refused(run_pnp("board", "nex", "-o", str(tmp_path / "a.pdf")), tmp_path, before)
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


def _a_block_device() -> Path:
    """A block device of this machine's (never written: the tests reach it by a link and
    expect it refused before anything is opened)."""
    for entry in sorted(os.scandir("/dev"), key=lambda e: e.name):
        with contextlib.suppress(OSError):
            if stat.S_ISBLK(os.stat(entry.path).st_mode):
                return Path(entry.path)
    pytest.skip("no block device here to name")


@pytest.mark.parametrize("kind", ["block device", "socket"])
def test_a_block_device_or_a_socket_named_without_an_extension_is_refused(tmp_path, kind):
    """`-o NAME` gets the format's extension only where NAME is nothing yet, or a file or a
    folder: a block device (here a link to one, so nothing is written in /dev whatever
    happens) or a socket is refused by name, and no NAME.pdf appears beside it."""
    if kind == "socket":
        listening = socket.socket(socket.AF_UNIX)
        listening.bind(str(tmp_path / "target"))
    else:
        (tmp_path / "target").symlink_to(_a_block_device())
    try:
        result = pnp("board", "nex", "-o", "target", cwd=tmp_path)
    finally:
        if kind == "socket":
            listening.close()
    assert one_error_line(result.stderr) == f"pnp: cannot write target: it is a {kind}\n"
    assert [p.name for p in tmp_path.iterdir()] == ["target"]


def test_a_name_without_an_extension_that_is_nothing_yet_gets_the_formats(tmp_path):
    """The control: the same name, where nothing is, is written as target.pdf."""
    assert run_pnp("board", "nex", "-o", "target", cwd=tmp_path).returncode == 0
    assert [p.name for p in tmp_path.iterdir()] == ["target.pdf"]


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
    # A kit is made from its items' documents, the rule sheet first.
    assert [str(what) for what in made] == [{"kit": "rules"}.get(item, item)]


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
    line = refused(run_pnp("pad", "nex", "--copies", "3", "-o", str(tmp_path / "k.svg")),
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
    result = run_pnp(*args, "-o", "plain", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == [made]


# --- 8. long names -------------------------------------------------------------------------

def test_the_longest_name_the_folder_takes_can_be_written(tmp_path):
    for length in (245, 255):
        name = "a" * (length - 5) + ".json"
        result = run_pnp("board", "nex", "--format", "json", "-o", name, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        json.loads((tmp_path / name).read_text())
    too_long = "b" * 252 + ".json"
    line = refused(run_pnp("board", "nex", "-o", too_long, cwd=tmp_path))
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
    line = refused(run_pnp("board", "nex", "-o", "/proc/x.pdf"))
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


