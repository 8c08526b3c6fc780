"""`pnp record nex FILE` and `pnp record hex-kb FILE`: the project's own move lists of Nex and
Hex KB as study booklets (games/played.py, games/record_book.py, each game's record_pages),
and `pnp judge hex-kb` on move lists. Each check has its control: an illegal move, a
position where a game is wanted, a game cut before its win, a stone no move has touched."""

import subprocess
from pathlib import Path

import pikepdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from recording import pnp, words

from generator.core.gridfile import GridError
from generator.core.hexgrid import Hex
from generator.errors import UserError
from generator.games import played
from generator.games.hex_kb import moves as kb
from generator.games.hex_kb.board import BLUE, RED, KleinBoard
from generator.games.nex import records as nex

NEX_GAME = "size 9\n1. e5 (d4)\n2. c3 (f6)\n3. d4 f6 (e5)\n4. b2 (b3)\n"
NEX_ILLEGAL = "size 9\n1. e5 (d4)\n2. e5 (c1)\n"
NEX_POSITION = "B..\n.W.\n...\n"
# Red claims row 6 from a to k, Blue row 1, except Blue's 8th claim, frame cell 2.
KB_CLAIMS = [f"{'abcdefghijk'[i]}6" for i in range(11)]
KB_REPLIES = ["2" if i == 3 else f"{'abcdefghijk'[i]}1" for i in range(10)]
KB_GAME = "size 11\n" + "".join(
    f"{n}. {c}\n" for n, c in enumerate(
        (c for pair in zip(KB_CLAIMS, [*KB_REPLIES, ""], strict=True) for c in pair if c),
        start=1))
KB_ILLEGAL = "size 11\n1. c4\n2. c4\n"




def alt_texts(pdf: Path) -> list[str]:
    """Every figure's description in the PDF's structure tree, as a screen reader gets it."""
    found: list[str] = []
    with pikepdf.open(pdf) as doc:
        stack = [doc.Root.StructTreeRoot]
        while stack:
            node = stack.pop()
            if isinstance(node, pikepdf.Array):
                stack.extend(node)
            elif isinstance(node, pikepdf.Dictionary):
                if "/Alt" in node:
                    found.append(str(node.Alt))
                if "/K" in node:
                    stack.append(node.K)
    return found


@pytest.fixture
def files(tmp_path: Path) -> Path:
    for name, text in (("nex.txt", NEX_GAME), ("nex-illegal.txt", NEX_ILLEGAL),
                       ("nex-position.txt", NEX_POSITION), ("kb.txt", KB_GAME),
                       ("kb-illegal.txt", KB_ILLEGAL)):
        (tmp_path / name).write_text(text)
    return tmp_path


# --- the game-neutral replay --------------------------------------------------------------


def test_nex_conversion_renumbers_the_stones_it_changes() -> None:
    game = nex.replay(nex.read(NEX_GAME.encode()))
    assert game.movers == ("B", "W", "B", "W")
    first, second = played.diagrams(game.game.steps, 4, every=2)
    e5, d4, f6, c3 = Hex(4, 4), Hex(3, 3), Hex(5, 5), Hex(2, 2)
    assert first.stones == {e5: "B", d4: "N", c3: "W", f6: "N"}
    assert second.stones[e5] == "N" and second.stones[d4] == second.stones[f6] == "B"
    assert {h: second.numbers[h] for h in (e5, d4, f6)} == {e5: 3, d4: 3, f6: 3}
    # The control: White's c3, untouched since move 2, is unnumbered in moves 3 to 4.
    assert c3 not in second.numbers and first.numbers[c3] == 2


@settings(max_examples=60, deadline=None)
@given(st.permutations([f"{c}{r}" for c in "abcdefg" for r in range(1, 8)]),
       st.integers(1, 24), st.integers(1, 9))
def test_diagrams_end_on_the_replayed_position(cells: list[str], turns: int,
                                               every: int) -> None:
    """Drops on a 7 × 7 board: the last diagram is the engine's final position, each
    diagram numbers only stones of its own moves, and (the control) an earlier diagram of a
    longer game shows fewer stones than the last."""
    text = "size 7\n" + "".join(f"{cells[2 * k]} ({cells[2 * k + 1]})\n"
                                 for k in range(turns))
    game = nex.replay(nex.read(text.encode()))
    cut = played.diagrams(game.game.steps, turns, every=every)
    assert cut[-1].stones == game.game.stones
    assert all(d.first <= n <= d.last for d in cut for n in d.numbers.values())
    if len(cut) > 1 and not game.game.won:
        assert len(cut[0].stones) < len(cut[-1].stones)


def test_too_many_diagrams_are_refused_by_name() -> None:
    steps = [played.Step(n, (played.Change(n, "B"),)) for n in range(1, 300)]
    with pytest.raises(UserError, match="take --every 3 or more"):
        played.diagrams(steps, 299, every=2)
    assert len(played.diagrams(steps, 299, every=3)) == 100   # the control


def test_hex_kb_frame_cell_is_one_cell_by_number_or_either_name() -> None:
    board = KleinBoard(11, 0)
    a = board.frame_a[1]
    b = board.twins[a]
    names = [f"{'abcdefghijk'[h.q]}{h.r + 1}" for h in (a, b)]
    for written in ("2", *names):
        assert kb.claim(board, f"7. {written}", line=1).cell == a
    game = kb.replay(board, [kb.claim(board, "2", line=1), kb.claim(board, "h2", line=2),
                             kb.claim(board, names[1], line=3)])
    assert game.errors == (f"move 3 (Red, line 3): {names[1]} already holds a Red stone",)
    # The control: another cell is free.
    assert not kb.replay(board, [kb.claim(board, "2", line=1), kb.claim(board, "h2", line=2),
                                 kb.claim(board, "a1", line=3)]).errors


def test_hex_kb_move_list_is_won_on_the_claim_that_joins() -> None:
    board, claims = kb.read_moves(KB_GAME)
    game = kb.replay(board, claims)
    assert (game.verdict.winner, game.verdict.criterion, game.won_on) == (RED, 1, 21)
    assert set(game.structure) >= {Hex(q, 5) for q in range(11)}
    cut = kb.replay(board, claims[:20])            # the control: one claim short
    assert cut.verdict.winner is None and cut.structure == () and BLUE in cut.movers


# --- the command line ---------------------------------------------------------------------


def test_nex_booklet_shows_moves_numbers_and_descriptions(files: Path) -> None:
    done = pnp("record", "nex", "nex.txt", "--every", "2", cwd=files)
    assert done.returncode == 0, done.stderr
    pdf = files / "nex-record-nex-every-2.pdf"
    text = words(pdf)
    for wanted in ("A game of Nex", "Moves 1 to 2", "Moves 3 to 4",
                   "1. e5 (d4) 2. c3 (f6) 3. d4 f6 (e5) 4. b2 (b3)"):
        assert wanted in text, wanted
    alts = [a for a in alt_texts(pdf) if "Moves 3 to 4" in a]
    assert len(alts) == 1
    assert "Black: d4 (3), f6 (3); White: b2 (4), c3; neutral: b3 (4), e5 (3)." in alts[0]
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                          check=True).stdout
    assert "Tagged:          yes" in info


def test_hex_kb_booklet_shades_the_win_and_names_frame_claims(files: Path) -> None:
    done = pnp("record", "hex-kb", "kb.txt", "--every", "10", "-o", "kb.pdf", cwd=files)
    assert done.returncode == 0, done.stderr
    text = words(files / "kb.pdf")
    for wanted in ("A game of Hex KB", "Red joined their sides on move 21",
                   "Moves 1 to 10 (8: Blue frame cell 2)", "Move 21.",
                   "Shaded: the winning structure", "criterion 1"):
        assert wanted in text, wanted
    # The control: the same game cut before its win shades nothing.
    (files / "cut.txt").write_text("".join(KB_GAME.splitlines(keepends=True)[:21]))
    assert pnp("record", "hex-kb", "cut.txt", "-o", "cut.pdf", cwd=files).returncode == 0
    cut = words(files / "cut.pdf")
    assert "Shaded" not in cut and "before anyone has connected" in cut


@pytest.mark.parametrize(("text", "says", "control", "size"), [
    ("size 0\n1. a1\n", "line 1, column 1: a Hex KB board is 7 to 25 cells a side, not '0'",
     "size 7\n1. a1\n", 7),
    ("# a club game\n\nsize 99999999999999999999\n1. a1\n",
     "line 3, column 1: a Hex KB board is 7 to 25 cells a side, not '9999",
     "# a club game\n\nsize 000013\n1. a1\n", 13),
    ("size 26\n1. a1\n", "line 1, column 1: a Hex KB board is 7 to 25 cells a side, not '26'",
     "size 25\n1. a1\n", 25),
    ("size 9\n# windows\nwindow 1\n1. c4\n",
     "line 3, column 1: windows of radius '1' do not fit a 9 × 9 board",
     "size 9\n# windows\nwindow 0\n1. c4\n", 9),
])
def test_hex_kb_settings_out_of_range_are_refused_on_their_line(text: str, says: str,
                                                                 control: str,
                                                                 size: int) -> None:
    """A size the game has not was once read as the default 11; each is refused on its own
    line, and the control, the same list with a size and window the game has, is read."""
    with pytest.raises(GridError) as refused:
        kb.read_moves(text)
    assert str(refused.value).startswith(says)
    board, claims = kb.read_moves(control)
    assert board.size == size and len(claims) == 1


@pytest.mark.parametrize(("game", "name", "says"), [
    ("nex", "nex-illegal.txt", "illegal turn (turn 2 (White, line 3): a drop needs empty "
                               "cells, but e5 holds a Black stone)"),
    ("hex-kb", "kb-illegal.txt", "illegal move (move 2 (Blue, line 3): c4 already holds a "
                                 "Red stone)"),
    ("nex", "nex-position.txt", "a position has no moves to print"),
    ("nex", "nex.txt", "--format sgf is for Hex"),
])
def test_what_cannot_be_printed_is_one_line_and_no_file(files: Path, game: str, name: str,
                                                          says: str) -> None:
    fmt = ["--format", "sgf"] if "sgf" in says else []
    done = pnp("record", game, name, *fmt, "-o", "out", cwd=files)
    assert done.returncode == 2
    assert done.stderr.startswith(f"pnp: {name}: ") and says in done.stderr
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    assert not list(files.glob("out*"))


def test_hex_kb_judge_reads_move_lists(files: Path) -> None:
    done = pnp("judge", "hex-kb", "kb.txt", cwd=files)
    assert done.returncode == 0, done.stderr
    assert "Red won on move 21." in done.stdout and "criterion 1" in done.stdout
    illegal = pnp("judge", "hex-kb", "kb-illegal.txt", cwd=files)
    assert illegal.returncode == 1
    assert "illegal: move 2 (Blue, line 3): c4 already holds a Red stone" in illegal.stdout
    (files / "bad.txt").write_text("size 11\n1. 99\n")
    bad = pnp("judge", "hex-kb", "bad.txt", cwd=files)
    assert bad.returncode == 2 and "frame cells are numbered 1 to 6, not '99'" in bad.stderr


def test_nex_folder_is_one_booklet_and_translated(files: Path) -> None:
    folder = files / "games"
    folder.mkdir()
    (folder / "a.txt").write_text(NEX_GAME)
    (folder / "b.txt").write_text("size 9\n1. a1 (b1)\n2. swap\n3. c1 (c2)\n")
    done = pnp("record", "nex", "games", "--lang", "de", "-o", "book.pdf", cwd=files)
    assert done.returncode == 0, done.stderr
    with pikepdf.open(files / "book.pdf") as pdf, pdf.open_outline() as outline:
        assert [item.title for item in outline.root][1:] == \
            ["Eine Partie Nex (a.txt)", "Eine Partie Nex (b.txt)"]
    text = words(files / "book.pdf")
    assert "2: Weiß swap" in text
    # The control: a folder's illegal game is left out, and said to be.
    (folder / "c.txt").write_text(NEX_ILLEGAL)
    again = pnp("record", "nex", "games", "-o", "book2.pdf", cwd=files)
    assert again.returncode == 0
    assert again.stderr.startswith("pnp: warning: games/c.txt: left out of the booklet: ")
    assert "games/c.txt" in words(files / "book2.pdf")


@pytest.mark.parametrize(("game", "empty", "one"), [
    ("nex", "size 9\n", "size 9\n1. e5 (d4)\n"),
    ("hex", "(;FF[4]GM[11]SZ[3]AB[a1]AW[b2])", "(;FF[4]GM[11]SZ[3]AB[a1]AW[b2];B[c3])"),
])
def test_a_record_of_no_moves_shows_the_board_before_any(tmp_path: Path, game: str,
                                                           empty: str, one: str) -> None:
    """A record of no moves (setup stones, or a size alone) was captioned 'Moves 1 to 0';
    its one diagram is the board before any move. The control, one move more, is 'Move 1'."""
    (tmp_path / "empty.txt").write_text(empty)
    (tmp_path / "one.txt").write_text(one)
    for lang, before in (("en", "Figure 1. The board before any move"),
                         ("de", "Abbildung 1. Das Brett vor dem ersten Zug")):
        done = pnp("record", game, "empty.txt", "--lang", lang, "-o", f"{lang}.pdf",
                   cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert before in words(tmp_path / f"{lang}.pdf")
    assert "to 0" not in words(tmp_path / "en.pdf")
    done = pnp("record", game, "one.txt", "-o", "one.pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    control = words(tmp_path / "one.pdf")
    assert "Figure 1. Move 1" in control and "before any move" not in control


def test_a_hex_kb_move_list_of_its_size_alone_is_a_game_of_no_moves(files: Path) -> None:
    """`size 9` alone was read as a position ("'s' is not one of R B . O"), where Nex's and
    Hex's judges read it as a game of no moves; so is it now. The control: `window 0` alone,
    a position's first line, is still a position with no board."""
    (files / "size.txt").write_text("size 9\n")
    (files / "window.txt").write_text("window 0\n")
    assert kb.is_move_list("size 9\n") and not kb.is_move_list("window 0\n")
    done = pnp("judge", "hex-kb", "size.txt", cwd=files)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("after 0 moves on 9 × 9")
    nex_done = pnp("judge", "nex", "size.txt", cwd=files)
    assert nex_done.returncode == 0 and nex_done.stdout.startswith("after 0 turns on 9 × 9")
    position = pnp("judge", "hex-kb", "window.txt", cwd=files)
    assert position.returncode == 2 and "the file holds no board" in position.stderr
