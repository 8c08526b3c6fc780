"""The pnp command as users run it: its files, its messages, its exit status. The commands run
in process (in_process.py), the same code a `pnp` process runs, but the builds, which start
worker processes of their own; a few refusals are run as real processes too, to show the
process says the same and ends with the same status."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from in_process import run_pnp

from generator.games import find
from generator.games.blind_hex.rules import generate
from generator.i18n import LANGUAGES
from generator.ui.cli import main

PNP = [sys.executable, "-m", "generator.ui.cli"]


def process(*args, cwd=None):
    """`pnp` as a process of its own: for a build with its worker processes (one is enough:
    the others run in process, in_process.py), and to show a real process says what the
    command run in process says."""
    return subprocess.run([*PNP, *args], capture_output=True, text=True, cwd=cwd)


def pnp(*args, cwd=None):
    """`pnp` run in this process (in_process.py), the same code: its files, text and status."""
    return run_pnp(*args, cwd=cwd, text=True)


def invoke(*args):
    return CliRunner().invoke(main, list(args))


def test_list_names_the_game_and_its_items():
    result = invoke("list")
    assert result.exit_code == 0
    assert "blind-hex" in result.output and "Don Kirkby" in result.output
    assert "rules, board, pad, kit" in result.output
    # Editions are named as the option that chooses them, and each is one it takes.
    line = next(x for x in result.output.splitlines() if x.startswith("blind-hex "))
    named = line.split("; --edition ")[1].split(" or ")
    assert named == [v for v, _ in find("blind-hex").variants()]
    for edition in named:
        assert invoke("pad", "blind-hex", "--edition", edition, "-o", "-").exit_code == 0
    assert "--edition" not in next(x for x in result.output.splitlines()
                                   if x.startswith("hex "))


BAD = [
    (["board", "blind-hex", "--size", "3"], "--size must be 4 to 25"),
    (["board", "blind-hex", "--size", "26"], "--size must be 4 to 25"),
    (["board", "blind-hex", "--numbers", "1"], "--numbers must be 2 to 9"),
    (["board", "blind-hex", "--numbers", "10"], "--numbers must be 2 to 9"),
    (["board", "blind-hex", "--edition", "dice"], "--edition must be one of cards, pennies"),
    (["board", "chess"], "Invalid value for 'GAME'"),
    (["board", "blind-hex", "--paper", "a0"], "Invalid value for '--paper'"),
    (["board", "blind-hex", "--format", "jpg"], "Invalid value for '--format'"),
    (["rules", "blind-hex", "--format", "json"], "Invalid value for '--format'"),
    (["rules", "blind-hex", "--numbers", "3"], "rules need --numbers of at least 4"),
    (["board", "blind-hex", "--size", "eleven"], "'eleven' is not a valid integer"),
    (["pad", "blind-hex", "--copies", "0"], "--copies"),
    (["board", "nex", "--size", "8"], "--size must be 9 to 19 for Nex"),
    (["board", "nex", "--numbers", "5"], "Nex takes no option --numbers"),
    (["counters", "blind-hex"], "blind-hex has no counters"),
    (["board", "hex-kb", "--size", "6"], "--size must be 7 to 25 for Hex KB"),
    (["board", "hex-kb", "--window", "3"], "--window 3 leaves no room for two windows"),
    (["board", "hex-kb", "--window", "-1"], "--window must be 0 or more"),
    (["puzzle", "nex"], "nex has no puzzle"),
    (["board", "blinq", "--neutral", "f6"], "--neutral must be a cell from a1 to e5"),
    (["board", "bling", "--size", "7"], "Blinq takes no option --size"),
]


@pytest.mark.parametrize("args,message", BAD)
def test_bad_input_is_one_line_exit_2_and_no_file(tmp_path, args, message):
    result = run_pnp(*args, "-o", str(tmp_path / "out.pdf"), text=True)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []


# A usage error of click's, a game's own option refused, a paper too small for an item.
@pytest.mark.parametrize("args", [BAD[5][0], BAD[12][0], ["kit", "hex-kb", "--paper", "140x300"]])
def test_a_real_process_refuses_as_the_command_run_in_process_does(tmp_path, args):
    alone = process(*args, "-o", str(tmp_path / "out.pdf"))
    assert alone.returncode == 2 and alone.stderr.startswith("pnp: "), alone.stderr
    inside = run_pnp(*args, "-o", str(tmp_path / "out.pdf"), text=True)
    assert (alone.returncode, alone.stdout, alone.stderr) == (inside.returncode, inside.stdout,
                                                              inside.stderr)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("where", ["missing/dir/board.pdf", "afile/board.pdf", "adir"])
def test_unwritable_path_is_one_line_exit_2_and_leaves_nothing(tmp_path, where):
    (tmp_path / "afile").write_text("not a folder")
    (tmp_path / "adir").mkdir()
    before = sorted(tmp_path.rglob("*"))
    result = pnp("board", "blind-hex", "-o", str(tmp_path / where))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("pnp: "), result.stderr
    assert sorted(tmp_path.rglob("*")) == before


def test_board_json_describes_every_cell(tmp_path):
    out = tmp_path / "board.json"
    result = invoke("board", "blind-hex", "--size", "9", "--numbers", "4", "--seed", "5",
                    "--format", "json", "-o", str(out))
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert (data["game"], data["size"], data["numbers"]) == ("blind-hex", 9, 4)
    assert len(data["cells"]) == 81
    board = generate(9, 4, seed=5)
    for cell in data["cells"]:
        assert len(cell["edges"]) == 6
        assert all(e is None or 1 <= e <= 4 for e in cell["edges"])
        assert any(e is not None for e in cell["edges"])
    by_cell = {(c["q"], c["r"]): c["edges"] for c in data["cells"]}
    from generator.core.geometry import Hex
    assert by_cell[(0, 0)] == list(board.edge_labels(Hex(0, 0)))


def test_stats_prints_figures_and_warns_outside_the_band():
    ok = invoke("stats", "blind-hex", "--size", "13", "--numbers", "5")
    assert ok.exit_code == 0
    assert "cells offering each number" in ok.output and "warning" not in ok.output
    assert "pairs offered by two-number cells: 10 of 10" in ok.output
    board = generate(13, 5)
    offers = [len(board.offered(c)) for c in board.board]
    assert (f"two-number cells: {offers.count(2)}; one-number cells: {offers.count(1)} "
            f"(0 not on all six sides); cells with more than two: 0") in ok.output
    assert 2 * offers.count(2) > len(offers)
    out = invoke("stats", "blind-hex", "--size", "5", "--numbers", "9")
    assert out.exit_code == 0
    assert "warning: size 5 with 9 numbers is outside the balanced band" in out.output


def test_seed_changes_the_board(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    invoke("board", "blind-hex", "--format", "json", "-o", str(a))
    invoke("board", "blind-hex", "--format", "json", "--seed", "9", "-o", str(b))
    assert a.read_text() != b.read_text()


def test_kit_is_rules_board_and_pad_in_one_pdf(tmp_path):
    out = tmp_path / "kit.pdf"
    result = pnp("kit", "blind-hex", "--paper", "letter", "-o", str(out))
    assert result.returncode == 0, result.stderr
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    parts = []
    game = find("blind-hex")
    # The kit is every item of the edition, the cards edition's number cards too. (Each
    # part is written in process, the same code: only their page counts are wanted.)
    for item in (i.key for i in game.items_for(game.make_options())):
        one = tmp_path / f"{item}.pdf"
        assert run_pnp(item, "blind-hex", "--paper", "letter", "-o", str(one)).returncode == 0
        found = subprocess.run(["pdfinfo", str(one)], capture_output=True, text=True,
                               check=True).stdout
        parts.append(int(found.split("Pages:")[1].split()[0]))
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    # The cover first, naming the game and holding the print guide, then the parts, with a
    # page left blank wherever a back-to-back part (the cards) would otherwise start on the
    # back of a sheet.
    pages = text.split("\f")[:-1]
    blanks = sum("This page is intentionally left blank." in page for page in pages[1:])
    assert pages[0].startswith("Blind Hex") and "How to print this kit" in pages[0]
    assert f"Pages:           {1 + sum(parts) + blanks}" in info
    assert blanks <= 1
    assert "Blind Hex: cards edition" in text and "score pad" in text and "CC-BY-SA" in text


def test_pad_copies_repeat_the_page(tmp_path):
    out = tmp_path / "pad.pdf"
    assert pnp("pad", "blind-hex", "--copies", "4", "-o", str(out)).returncode == 0
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    assert "Pages:           4" in info


def test_default_output_name(tmp_path):
    result = pnp("board", "blind-hex", "--format", "svg", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "blind-hex-cards-board.svg").exists()


def test_pennies_board_has_coin_spots_and_both_letters(tmp_path):
    out = tmp_path / "pennies.svg"
    assert invoke("board", "blind-hex", "--edition", "pennies", "--numbers", "6",
                  "--format", "svg", "-o", str(out)).exit_code == 0
    svg = out.read_text()
    assert svg.count("<circle") == 2 * 2 * 6  # two tracks of letter and number spots
    assert 'r="10.5"' in svg  # 21 mm spots: room for any common coin up to 20.3 mm


def test_build_writes_the_catalogue_with_progress(tmp_path):
    # One game is enough to see its files; not on a terminal, progress is a line a game.
    result = process("build", "blind-hex", "--out", str(tmp_path / "out"), "--paper", "a4")
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == ["pnp build: blind-hex done (1 of 1)"]
    written = [p for p in (tmp_path / "out").rglob("*") if p.is_file()]
    assert result.stdout.strip() == (f"{len(written)} files in {tmp_path / 'out'}, with "
                                     f"index.html and pnp-catalogue.zip")
    pdfs = sorted(p.name for p in (tmp_path / "out" / "blind-hex").glob("*.pdf"))
    # Each edition's items: its own pieces (cards, or coins) beside the board, rules and pad;
    # the cards edition's kit, printed back to back, also to fold and its calibration sheet.
    assert pdfs == sorted([*(f"{e}-{i}-a4.pdf" for e, own in (("cards", "cards"),
                                                             ("pennies", "coins"))
                             for i in ("board", "rules", "pad", own, "kit")),
                           "cards-kit-gutter-fold-a4.pdf", "cards-kit-calibration-a4.pdf"])


def test_help_lists_commands():
    result = pnp("--help")
    assert result.returncode == 0
    for command in ("board", "rules", "pad", "kit", "build", "stats", "list"):
        assert command in result.stdout


def test_coordinates_can_be_left_off(tmp_path):
    with_, without = tmp_path / "with.svg", tmp_path / "without.svg"
    invoke("board", "blind-hex", "--format", "svg", "-o", str(with_))
    invoke("board", "blind-hex", "--format", "svg", "--no-coordinates", "-o", str(without))
    assert ">k<" in with_.read_text() and ">k<" not in without.read_text()
    assert ">x<" in without.read_text()  # the side letters stay


def test_judge_nex_names_the_winner_of_a_position(tmp_path):
    position = tmp_path / "position.txt"
    position.write_text("# White's b column runs from row 1 to row 3\n"
                        "B W .\n B W N\n  . W B\n")
    result = pnp("judge", "nex", str(position))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("White has connected the SW and NE sides: b1 b2 b3")


def test_judge_nex_reports_each_illegal_turn_and_exits_1(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("size 9\n1. e5 (d5)\n2. e5 (a1)\n3. d5 a1 (e5)\n4. f6 (f7)\n")
    result = pnp("judge", "nex", str(moves))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == ("illegal: turn 2 (White, line 3): a drop needs empty cells, but e5 "
                        "holds a Black stone")
    assert lines[1].startswith("illegal: turn 3 (Black, line 4): only neutral stones")
    assert "after 4 turns on 9 × 9:" in lines


@pytest.mark.parametrize("text, message", [
    ("B B\nB\n", "line 2, column 2: this row has 1 cell; a board of 2 rows needs 2 in "
                  "every row"),
    ("size 9\n1. e5 (d55)\n", "line 2, column 7: 'd55' is not a cell of a 9 × 9 board "
                                "(a1 to i9)"),
])
def test_judge_unreadable_file_is_one_line_exit_2(tmp_path, text, message):
    f = tmp_path / "game.txt"
    f.write_text(text)
    result = pnp("judge", "nex", str(f))
    assert result.returncode == 2
    assert result.stderr == f"pnp: {f}: {message}\n"


def test_nex_counters_in_ink_saver_use_little_ink(tmp_path):
    from PIL import Image
    shares = {}
    for palette in ("colour", "ink-saver"):
        out = tmp_path / f"{palette}.pdf"
        assert pnp("counters", "nex", "--palette", palette, "-o", str(out)).returncode == 0
        subprocess.run(["pdftoppm", "-png", "-r", "30", "-f", "1", "-l", "1", "-singlefile",
                        str(out), str(tmp_path / palette)], check=True)
        grey = Image.open(tmp_path / f"{palette}.png").convert("L")
        darkness = sum((255 - v) * n for v, n in enumerate(grey.histogram()))
        shares[palette] = darkness / (255 * grey.width * grey.height)
    # Black and grey blocks cover a quarter of the colour sheet; outlines and letters do not.
    assert shares["ink-saver"] < shares["colour"] / 2


def test_judge_blinq_reports_the_result_and_the_view_from_above(tmp_path):
    moves = tmp_path / "blinq.txt"
    moves.write_text("# White half up on a1..e1: quarter-cell row 2 is black from frame to "
                     "frame\n1. 1 a1 U\n2. 1 b1 U\n3. 1 c1 U\n4. 1 d1 U\n5. 1 e1 U\n")
    result = pnp("judge", "blinq", str(moves))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Black connected on move 5: Black wins."
    assert lines[2:4] == ["WWWWWWWWWW", "BBBBBBBBBB"]


def test_judge_blinq_exits_1_on_illegal_moves(tmp_path):
    moves = tmp_path / "blinq.txt"
    moves.write_text("1 a1 U\n2 a1 D\n")
    result = pnp("judge", "blinq", str(moves))
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == ("illegal: move 2 (Black, line 2): no 2 × 2 "
                                             "platform under 2 a1: 1 b1, 1 a2, 1 b2 empty")


def test_judge_hex_kb_prints_the_winner_and_its_criterion(tmp_path):
    from generator.core.geometry import Hex
    from generator.games.hex_kb.rules import KleinBoard
    board = KleinBoard(11, 0)
    rows = []
    for r in range(11):
        rows.append(" ".join("O" if Hex(q, r) in board.holes else "R" if r == 9 else "."
                             for q in range(11)))
    position = tmp_path / "kb.txt"
    position.write_text("\n".join(rows) + "\n")
    result = pnp("judge", "hex-kb", str(position))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == ("Red wins: criterion 1, a simple connecting "
                                             "path (net transits 0).")
    position.write_text("\n".join(rows).replace("O", ".", 1) + "\n")
    result = pnp("judge", "hex-kb", str(position))
    assert result.returncode == 2
    assert result.stderr.startswith(f"pnp: {position}: line 4, column ")


def test_puzzle_hex_kb_writes_question_and_answer(tmp_path):
    out = tmp_path / "puzzle.pdf"
    result = pnp("puzzle", "hex-kb", "--seed", "7", "-o", str(out))
    assert result.returncode == 0, result.stderr
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    assert "Pages:           2" in info


# --- messages name what was given ---------------------------------------------------------

@pytest.mark.parametrize("args, named, unnamed", [
    (["--paper", "a4"], ["--paper"], ["--palette"]),
    (["--palette", "ink-saver"], ["--palette"], ["--paper"]),
    (["--paper", "a4", "--palette", "ink-saver"], ["--paper and --palette"], []),
    (["--lang", "de"], ["--lang"], ["--paper"]),
    (["--no-coordinates", "--copies", "2"], ["--no-coordinates and --copies"], ["--paper"]),
])
def test_json_refusals_name_exactly_the_options_given(args, named, unnamed):
    result = run_pnp("board", "nex", "--format", "json", *args, "-o", "-", text=True)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.endswith("for printed boards, not --format json\n")
    assert all(n in result.stderr for n in named)
    assert not any(u in result.stderr for u in unnamed)


@pytest.mark.parametrize("args, message", [
    (["rules", "blind-hex", "--no-coordinates"],
     "--no-coordinates changes nothing in Blind Hex's rules; it is for pnp board blind-hex "
     "and pnp kit blind-hex"),
    (["stats", "blind-hex", "--edition", "pennies"],
     "--edition changes nothing in Blind Hex's figures; it is for pnp rules blind-hex, "
     "pnp board blind-hex, pnp pad blind-hex, pnp cards blind-hex, pnp coins blind-hex and "
     "pnp kit blind-hex"),
    (["board", "hex-kb", "--seed", "3"],
     "--seed changes nothing in Hex KB's board; it is for pnp puzzle hex-kb and pnp kit hex-kb"),
    (["board", "hex", "--no-swap"],
     "--no-swap changes nothing on a printed Hex board; it is for pnp rules hex, pnp pad hex, "
     "pnp kit hex and pnp board hex --format json"),
    (["rules", "nex", "--cell", "20"], "--cell is for pnp board nex, not pnp rules nex"),
    (["judge", "nex", "--size", "9", "x"], "pnp judge nex takes no option --size"),
])
def test_an_option_where_it_changes_nothing_says_where_it_does(tmp_path, args, message):
    result = run_pnp(*args, cwd=tmp_path, text=True)
    assert (result.returncode, result.stderr) == (2, f"pnp: {message}\n")
    assert list(tmp_path.iterdir()) == []


def test_swap_is_taken_where_it_is_read(tmp_path):
    # Control for the refusal above: the board's data records the swap rule.
    out = tmp_path / "hex.json"
    assert pnp("board", "hex", "--no-swap", "-o", str(out)).returncode == 0
    assert json.loads(out.read_text())["swap"] is False


# --- counts and plurals --------------------------------------------------------------------

@pytest.mark.parametrize("game, moves, line", [
    ("hex", "1. c4\n", "after 1 turn on 11 × 11:"),
    ("hex", "1. c4\n2. d5\n", "after 2 turns on 11 × 11:"),   # control
    ("blinq", "1 c4 R\n", "No result yet: 1 block placed, 53 left; Black to move.")])
def test_judges_count_in_words(tmp_path, game, moves, line):
    (tmp_path / "game.txt").write_text(moves)
    assert pnp("judge", game, str(tmp_path / "game.txt")).stdout.splitlines()[0] == line


def test_build_counts_every_file_with_each_language_index(tmp_path):
    out = tmp_path / "out"
    result = pnp("build", "hex", "--paper", "a4", "--lang", "en", "--lang", "de",
                     "--out", str(out))
    assert result.returncode == 0, result.stderr
    written = sorted(p for p in out.rglob("*") if p.is_file())
    indexes = [p for p in written if p.name == "index.html"]
    assert indexes == [out / "de" / "index.html", out / "index.html"]
    assert result.stdout == (f"{len(written)} files in {out}, with index.html, de/index.html "
                             f"and pnp-catalogue.zip\n")


def test_build_lang_all_is_every_language(tmp_path):
    """`--lang all` (the README's `pnp build --lang all`, whose whole catalogue is the
    exhaustive tier's, test_docs.py) builds every language, each with its index."""
    out = tmp_path / "out"
    result = run_pnp("build", "blinq", "--paper", "a4", "--lang", "all", "--out", str(out),
                     text=True)
    assert result.returncode == 0, result.stderr
    indexes = sorted(p.relative_to(out) for p in out.rglob("index.html"))
    assert indexes == sorted(Path(lang, "index.html") if lang != "en" else Path("index.html")
                             for lang in LANGUAGES)
