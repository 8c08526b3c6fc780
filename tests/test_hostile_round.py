"""The hostile round (issue 40): each case one `pnp:` line and status 2, nothing made or
replaced, and beside each its control, the same command with what would work."""

from __future__ import annotations

import os
import signal
import struct
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from in_process import run_pnp
from served import running_studio

from generator import render
from generator.app.params import MAX_PIXELS, largest_dpi

PRECIOUS = b"precious\n"


def one_line(result: subprocess.CompletedProcess) -> str:
    err = result.stderr if isinstance(result.stderr, str) else result.stderr.decode()
    assert result.returncode == 2, (result.returncode, err[-2000:])
    assert err.startswith("pnp: ") and err.count("\n") == 1, err[-2000:]
    assert "Traceback" not in err
    return err


# --- 1. a name that ends in a slash is a folder's --------------------------------------

def test_a_trailing_slash_does_not_replace_the_file(tmp_path):
    report = tmp_path / "report.pdf"
    report.write_bytes(PRECIOUS)
    assert "report.pdf/" in one_line(run_pnp("board", "hex", "-o", f"{report}/", text=True))
    assert report.read_bytes() == PRECIOUS
    one_line(run_pnp("board", "hex", "-o", f"{report}/.", text=True))
    assert report.read_bytes() == PRECIOUS
    # The control: the file's own name replaces it.
    assert run_pnp("board", "hex", "-o", str(report)).returncode == 0
    assert report.read_bytes().startswith(b"%PDF")


def test_a_missing_folder_with_a_slash_is_not_a_file_name(tmp_path):
    one_line(run_pnp("board", "hex", "-o", f"{tmp_path / 'newdir'}/", text=True))
    assert list(tmp_path.iterdir()) == []
    assert run_pnp("board", "hex", "-o", str(tmp_path / "newdir")).returncode == 0   # control
    assert [p.name for p in tmp_path.iterdir()] == ["newdir.pdf"]


def test_check_takes_no_folder_name_and_no_empty_name(tmp_path):
    made = tmp_path / "b.pdf"
    assert run_pnp("board", "hex", "-o", str(made)).returncode == 0
    assert "folder" in one_line(run_pnp("check", f"{made}/", text=True))
    assert "empty" in one_line(run_pnp("check", "", text=True))
    assert run_pnp("check", str(made)).returncode == 0      # the control


# --- 2. the environment ------------------------------------------------------------------

@pytest.mark.parametrize("value", ["abc", "1e10", "0x10", "1.5", "99999999999999999999", "-1",
                                   "١٢", "9" * 5000, " ", "\t", "1 7"])
def test_an_unreadable_source_date_epoch_is_refused_by_name(tmp_path, monkeypatch, value):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    out = tmp_path / "b.pdf"
    err = one_line(run_pnp("board", "hex", "-o", str(out), text=True))
    assert "SOURCE_DATE_EPOCH" in err and len(err) < 1000
    assert not out.exists()


def test_a_readable_source_date_epoch_dates_the_pdf(tmp_path, monkeypatch):
    """The control: a date in digits is taken (with the spaces reportlab strips): the same
    date gives the same bytes, another date others; empty is unset, as for reportlab."""
    for name, value in (("a", " 1700000000 "), ("b", "1700000000"), ("c", "1800000000")):
        monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
        assert run_pnp("board", "hex", "-o", str(tmp_path / f"{name}.pdf")).returncode == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert (tmp_path / "a.pdf").read_bytes() != (tmp_path / "c.pdf").read_bytes()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "")
    assert run_pnp("board", "hex", "-o", str(tmp_path / "empty.pdf")).returncode == 0
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert run_pnp("board", "hex", "-o", str(tmp_path / "unset.pdf")).returncode == 0
    assert (tmp_path / "empty.pdf").read_bytes() == (tmp_path / "unset.pdf").read_bytes()


PNP = [sys.executable, "-c", "from generator.ui.start import main; main()"]


@pytest.mark.parametrize("home", ["/dev/null", "/etc/passwd", "folder"])
def test_a_home_that_cannot_hold_reportlabs_files_is_not_read(tmp_path, home):
    if home == "folder":
        home = str(tmp_path)
        (tmp_path / ".reportlab_mods").mkdir()
    env = {**os.environ, "HOME": home}
    done = subprocess.run([*PNP, "board", "hex", "-o", str(tmp_path / "b.pdf")], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    # The control: reportlab alone, from that home, fails.
    alone = subprocess.run([sys.executable, "-c", "import reportlab"], env=env,
                           capture_output=True, text=True, timeout=60)
    assert alone.returncode != 0 and ".reportlab_mods" in alone.stderr


def reportlab_copy(where: Path, font: bytes | None) -> Path:
    """reportlab linked file by file into WHERE, its Vera.ttf replaced by FONT (None: the
    real one), to put ahead of the installed one on PYTHONPATH."""
    import reportlab
    source = Path(reportlab.__file__).parent
    where.mkdir()
    subprocess.run(["cp", "-rs", str(source), str(where)], check=True)
    if font is not None:
        vera = where / "reportlab" / "fonts" / "Vera.ttf"
        vera.unlink()
        vera.write_bytes(font)
    return where


@pytest.mark.parametrize("font", [b"", b"\0\1\0\0" + b"x" * 3000])
def test_a_broken_bundled_font_is_one_line(tmp_path, font):
    env = {**os.environ, "PYTHONPATH": str(reportlab_copy(tmp_path / "rl", font))}
    out = tmp_path / "b.pdf"
    done = subprocess.run([*PNP, "board", "hex", "-o", str(out)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert "installation is broken" in one_line(done) and not out.exists()


def test_an_intact_copy_of_the_fonts_draws(tmp_path):
    """The control: the same copy, its font whole, draws."""
    env = {**os.environ, "PYTHONPATH": str(reportlab_copy(tmp_path / "rl", None))}
    done = subprocess.run([*PNP, "board", "hex", "-o", str(tmp_path / "b.pdf")], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


# A Ctrl-C at the moment click is first imported: the import itself is the event.
INTERRUPT_AT_CLICK = textwrap.dedent("""
    import os, signal, sys
    class Stop:
        def find_spec(self, name, path=None, target=None):
            if name == "click":
                sys.meta_path.remove(self)
                os.kill(os.getpid(), signal.SIGINT)
            return None
    sys.meta_path.insert(0, Stop())
    sys.argv[0] = "pnp"
    {entry}
""")


def interrupted_at_import(entry: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", INTERRUPT_AT_CLICK.format(entry=entry),
                           "list"], capture_output=True, text=True, timeout=60,
                          preexec_fn=lambda: [signal.signal(s, signal.SIG_DFL)
                                              for s in (signal.SIGINT, signal.SIGTERM)])


def test_a_ctrl_c_while_click_is_imported_is_one_line():
    done = interrupted_at_import("from generator.ui.start import main; main()")
    assert done.returncode == 130 and done.stderr == "pnp: interrupted\n", done.stderr


IMPORTED = ("import sys; before = set(sys.modules); import {module}; import _signal; "
            "print(getattr(_signal.getsignal(2), '__name__', None)); "
            "print(' '.join(sorted(set(sys.modules) - before)))")


def imported_by(module: str) -> tuple[str, set[str]]:
    done = subprocess.run([sys.executable, "-c", IMPORTED.format(module=module)],
                          capture_output=True, text=True, timeout=60, check=True)
    handler, modules = done.stdout.splitlines()
    return handler, set(modules.split())


def test_the_entry_installs_its_handler_before_any_module_python_has_not():
    """The launcher's import of ui/start.py installs the handler, having imported only the
    package's own first modules: not `signal` (its enums took 10 ms), `typing`, `re` nor
    click, whose import is where a Ctrl-C would otherwise land (docs/commands.md)."""
    handler, modules = imported_by("generator.ui.start")
    assert handler == "quiet_exit"
    assert not {"signal", "enum", "typing", "re", "click"} & modules, modules
    # The control: the command's own module imports them all, and installs nothing.
    handler, modules = imported_by("generator.ui.running")
    assert handler != "quiet_exit" and {"signal", "enum", "typing", "click"} <= modules


def test_the_old_entry_point_took_that_interrupt_as_a_traceback():
    """The control: the command's module as the entry point imports click first."""
    done = interrupted_at_import("from generator.ui.cli import main; main()")
    assert "KeyboardInterrupt" in done.stderr


# --- 4. pnp check: names ----------------------------------------------------------------

def test_check_reads_a_name_that_is_not_utf8_and_escapes_control_characters(tmp_path):
    made = tmp_path / "b.pdf"
    assert run_pnp("board", "hex", "-o", str(made)).returncode == 0
    for name in (os.fsdecode(b"b\xff.pdf"), "b\n\x1b[31m.pdf"):
        (tmp_path / name).write_bytes(made.read_bytes())
        done = subprocess.run([*PNP, "check", name], cwd=tmp_path, capture_output=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        assert b"\x1b" not in done.stdout and done.stdout.count(b"\n") == \
            done.stdout.count(b"\n", 0, done.stdout.rfind(b":")) + 1
        assert b"ready for home printing" in done.stdout


# --- 5. the studio -----------------------------------------------------------------------

def studio_get(httpd, path: str, headers: dict[str, str]) -> tuple[int, str]:
    import http.client
    connection = http.client.HTTPConnection("127.0.0.1", httpd.server_address[1], timeout=60)
    connection.request("GET", path, headers=headers)
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    text = body.decode("utf-8", "replace") if answer.status != 200 else ""
    return answer.status, text


def test_the_studio_refuses_a_cross_site_referer_and_names_its_own_pixel_limit():
    with running_studio() as httpd:
        own = f"http://127.0.0.1:{httpd.server_address[1]}/"
        path = "/download?game=nex&item=board&format=png&dpi=72"
        assert studio_get(httpd, path, {"Referer": "http://evil.example/x"})[0] == 403
        assert studio_get(httpd, path, {"Referer": own})[0] == 200          # the control
        said = set()
        for dpi in (1200, 1018, 1017, 700):
            status, text = studio_get(httpd, f"/download?game=hex&item=board&format=png&"
                                             f"dpi={dpi}", {})
            assert status == 400, text
            said.add(int(text.split("at most ")[1].split()[0]))
        (most,) = said                       # one limit, whatever the dpi above it
        assert studio_get(httpd, f"/download?game=hex&item=board&format=png&dpi={most}",
                          {})[0] == 200
        assert studio_get(httpd, f"/download?game=hex&item=board&format=png&"
                                 f"dpi={most + 1}", {})[0] == 400


@given(st.floats(1.0, 2000.0), st.sampled_from([MAX_PIXELS, 40e6]))
def test_the_largest_dpi_said_is_the_one_applied(area, most):
    dpi = largest_dpi(area, most)
    assert area * dpi * dpi <= most < area * (dpi + 1) ** 2


def test_the_pixels_said_are_more_than_the_limit(tmp_path):
    err = one_line(run_pnp("board", "hex", "--format", "png", "--dpi", "1018", "-o",
                           str(tmp_path / "b.png"), text=True))
    made, limit = err.split(" makes ")[1].split(" million pixels a page, more than ")
    assert float(made) > float(limit.split()[0]) and "--dpi 1017" in err


# --- 7. numbers and words ----------------------------------------------------------------

@pytest.mark.parametrize("option", [("--size", "٣"), ("--size", "１１"),
                                    ("--paper", "２００x３００"), ("--paper", "200×300")])
def test_numbers_are_in_ascii_digits(tmp_path, option):
    out = tmp_path / "b.pdf"
    one_line(run_pnp("board", "hex", *option, "-o", str(out), text=True))
    assert not out.exists()
    ascii_option = (option[0], "3" if option[1] == "٣" else "11" if option[0] == "--size"
                    else "200x300")
    assert run_pnp("board", "hex", *ascii_option, "-o", str(out)).returncode == 0  # control


def test_a_long_value_is_cut_in_the_message():
    err = one_line(run_pnp("board", "blind-hex", "--seed", "9" * 100_000 + "x", "-o", "-",
                           text=True))
    assert len(err) < 1000 and "…" in err
    short = one_line(run_pnp("board", "blind-hex", "--seed", "9x", "-o", "-", text=True))
    assert "'9x'" in short                   # the control: a short value is said whole


def test_a_seed_past_pythons_digits_says_how_many_it_may_have(tmp_path):
    """Python reads at most 4,300 digits in one number (generator/core/numbers.py): a
    longer seed is refused by saying so, not as "not a valid integer"."""
    for seed in ("9" * 5000, "-" + "9" * 4301):
        err = one_line(run_pnp("puzzle", "hex-kb", "--seed", seed, "-o", "-", text=True))
        assert "at most 4,300 digits" in err and "not a valid integer" not in err, err
    # The control: 4,300 digits are a seed, drawn within a few seconds.
    assert run_pnp("puzzle", "hex-kb", "--seed", "9" * 4300, "-o",
                   str(tmp_path / "p.pdf")).returncode == 0


def test_a_long_seed_makes_a_default_name_that_fits(tmp_path):
    """A 272-digit seed's name (hex-kb-puzzle-seed-999….pdf) is longer than the 255 bytes a
    file system takes in a name: it is cut, keeping its start, with a digest of the whole,
    so another seed as long names another file."""
    seeds = ["9" * 272, "9" * 271 + "8"]
    for seed in seeds:
        assert run_pnp("puzzle", "hex-kb", "--seed", seed, cwd=tmp_path).returncode == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 2 and all(len(n) <= 255 - render.PAGE_ROOM for n in names), names
    assert all(n.startswith("hex-kb-puzzle-seed-999") and n.endswith(".pdf") for n in names)
    # The control: a name as it was made, whole, is too long to write.
    assert len(f"hex-kb-puzzle-seed-{seeds[0]}.pdf") > 255
    assert render.fitting_name("hex-kb-puzzle-seed-7", "pdf") == "hex-kb-puzzle-seed-7.pdf"


def test_blind_hex_cards_say_cards_once():
    err = one_line(run_pnp("cards", "blind-hex", "--numbers", "2", text=True))
    assert "Blind Hex cards need" in err and "cardss" not in err


def test_a_file_on_the_way_is_not_called_permission_denied(tmp_path):
    (tmp_path / "afile").write_text("x")
    err = one_line(run_pnp("board", "hex", "-o", str(tmp_path / "afile" / "b.pdf"),
                           text=True))
    assert "not a folder" in err
    err = one_line(run_pnp("build", "hex", "--out", str(tmp_path / "afile" / "sub"),
                           text=True))
    assert "afile is a file, not a folder" in err


def test_a_bare_move_number_says_what_is_missing(tmp_path):
    # A move list is judged, not refused: the turn is named illegal (exit 1), saying what
    # is missing rather than "this names 0: ".
    game = tmp_path / "game.txt"
    game.write_text("12.\n")
    said = run_pnp("judge", "hex", str(game), text=True)
    first = said.stdout.splitlines()[0]
    assert said.returncode == 1 and "names 0" not in first and "names none" in first
    # Control: the number with its cell is a legal turn.
    game.write_text("12. f6\n")
    said = run_pnp("judge", "hex", str(game), text=True)
    assert said.returncode == 0 and "illegal" not in said.stdout


# --- 2. memory: a PNG whose pixels the process may not hold -------------------------------

def _with_memory(limit: int):
    def confine() -> None:
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return confine


LIMIT = 240 * 2**20      # bytes of address space: pnp's own ~150 MB at the most, and little more


def test_a_png_beyond_the_memory_given_is_one_line(tmp_path):
    # As `ulimit -v 245760` gives it: A4 at 600 dpi (35 million pixels) is drawn whole, at
    # 7 bytes a pixel, more than the limit leaves.
    args = [sys.executable, "-m", "generator.ui.cli", "board", "hex", "--format", "png"]
    said = subprocess.run([*args, "--dpi", "600", "-o", "b.png"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120,
                          preexec_fn=_with_memory(LIMIT))
    err = one_line(said)
    assert "memory" in err and "lower --dpi" in err
    assert list(tmp_path.iterdir()) == []
    # Control: the same limit draws the board at a resolution it holds.
    said = subprocess.run([*args, "--dpi", "100", "-o", "b.png"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120,
                          preexec_fn=_with_memory(LIMIT))
    assert said.returncode == 0 and (tmp_path / "b.png").is_file()


def test_the_largest_png_is_drawn_in_bands_within_the_same_memory(tmp_path):
    """The most pixels pnp takes in a page (A4 at 1,017 dpi: 100 million) are drawn a band
    at a time and deflated as they come, within the limit a page of a third as many fails
    in when drawn whole."""
    said = subprocess.run([sys.executable, "-m", "generator.ui.cli", "board", "hex",
                           "--format", "png", "--dpi", "1017", "-o", "b.png"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300,
                          preexec_fn=_with_memory(LIMIT))
    assert said.returncode == 0 and said.stderr == "", said.stderr
    head = (tmp_path / "b.png").read_bytes()[:26]     # the IHDR: width, height, depth, type
    assert head[12:16] == b"IHDR" and struct.unpack(">IIBB", head[16:26]) == (11892, 8409, 8, 2)
    # The control: the same page drawn whole, as every page was, needs more than the limit.
    whole = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        import sys
        from generator.render.png import pdf_pages_png
        pdf_pages_png(open(sys.argv[1], "rb").read(), 1017, whole=10**9)"""),
        str(_board_pdf(tmp_path))], capture_output=True, text=True, timeout=300,
        preexec_fn=_with_memory(LIMIT))
    assert whole.returncode != 0 and "MemoryError" in whole.stderr, whole.stderr[-500:]


def _board_pdf(folder: Path) -> Path:
    out = folder / "board.pdf"
    assert run_pnp("board", "hex", "-o", str(out)).returncode == 0
    return out
