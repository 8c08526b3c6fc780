"""What `pnp record`, `pnp booklet --records` and `pnp judge` say of files they cannot print
as a user gives them: a folder with a stray file, a board larger than Hex is played on, a
collection of several games, a file that is not a record of the game at all, a missing file.
Each refusal is one `pnp:` line with exit status 2, and each has its control: the same run
without the fault prints."""

from pathlib import Path

import pytest
from gen_games import hex_kb_game, nex_game
from recording import FIRST, SECOND, club_folder, pnp, words

from generator.games.hex.rules import SIZES

LARGEST = SIZES.stop - 1          # Hex's largest board, as `pnp board hex --size` takes it


def one_line(done: object) -> str:
    """A refusal's one line, checked to be one line and exit status 2."""
    assert done.returncode == 2, done.stdout          # type: ignore[attr-defined]
    lines = done.stderr.splitlines()                   # type: ignore[attr-defined]
    assert len(lines) == 1 and lines[0].startswith("pnp: "), lines
    return str(lines[0])


def test_a_folder_reads_its_sgf_files_and_leaves_the_others_alone(tmp_path: Path) -> None:
    """A README.txt beside the records once stopped the booklet ('tf/README.txt: a position
    has no moves to print'); a folder of no SGF file is one line. The control: the folder
    without the README makes the same booklet as with it."""
    club = club_folder(tmp_path)
    plain = pnp("booklet", "--records", "club", "-o", "plain.pdf", cwd=tmp_path)
    assert plain.returncode == 0, plain.stderr
    (club / "README.txt").write_text("Games of the club final, 2024.\nRound 1 and 2.\n")
    (club / "notes.md").write_text("# Notes\n")
    for command in (("booklet", "--records", "club", "-o", "with.pdf"),
                    ("record", "hex", "club", "-o", "with.pdf")):
        done = pnp(*command, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert (tmp_path / "with.pdf").read_bytes() == (tmp_path / "plain.pdf").read_bytes()
    built = pnp("build", "hex", "--paper", "a4", "--records", "club", "--out", "out",
                cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "out" / "booklets" / "hex-record-club-booklet.pdf").exists()
    for name in ("round-1.sgf", "round-2.sgf", "round-3.SGF"):
        (club / name).unlink()
    none = one_line(pnp("booklet", "--records", "club", cwd=tmp_path))
    assert none == "pnp: club: the folder holds no SGF records (*.sgf); its other files are " \
                   "left alone"


def test_a_board_larger_than_hex_is_played_on_is_refused(tmp_path: Path) -> None:
    """SZ[40] was printed, though Hex's boards stop at 26; the reader takes sides to 64. The
    control: the largest board is printed."""
    for side, shown in ((LARGEST + 1, f"{LARGEST + 1} × {LARGEST + 1}"), (40, "40 × 40"),
                        (f"{LARGEST + 4}:{LARGEST}", f"{LARGEST + 4} × {LARGEST}")):
        (tmp_path / "big.sgf").write_text(f"(;FF[4]GM[11]SZ[{side}];B[a1];W[b2])")
        line = one_line(pnp("record", "hex", "big.sgf", cwd=tmp_path))
        assert line == (f"pnp: big.sgf: the board is {shown}; a Hex board is at most "
                        f"{LARGEST} × {LARGEST}")
    folder = tmp_path / "tf"
    folder.mkdir()
    (tmp_path / "big.sgf").rename(folder / "big.sgf")
    line = one_line(pnp("booklet", "--records", "tf", cwd=tmp_path))
    assert line.startswith("pnp: tf/big.sgf: the board is ")
    assert not list(tmp_path.glob("*.pdf"))
    (tmp_path / "largest.sgf").write_text(f"(;FF[4]GM[11]SZ[{LARGEST}];B[a1];W[b2])")
    done = pnp("record", "hex", "largest.sgf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("command", ["record", "judge"])
def test_a_collection_of_games_is_refused_not_cut(tmp_path: Path, command: str) -> None:
    """(;...)(;...) was read as its first game without a word. The control: each game on
    its own is read."""
    (tmp_path / "two.sgf").write_text(FIRST.strip() + "\n" + SECOND)
    line = one_line(pnp(command, "hex", "two.sgf", cwd=tmp_path))
    assert line == ("pnp: two.sgf: the file holds 2 games (SGF game trees); pnp reads one game "
                    "a file: save each game in a file of its own")
    (tmp_path / "three.sgf").write_text(FIRST + " (;FF[4]GM[11];B[a1])" + SECOND)
    assert "holds 3 games" in one_line(pnp(command, "hex", "three.sgf", cwd=tmp_path))
    for name, text in (("first.sgf", FIRST), ("second.sgf", SECOND)):
        (tmp_path / name).write_text(text + "\n")
        done = pnp(command, "hex", name, cwd=tmp_path)
        assert done.returncode == 0, done.stderr


def test_a_record_of_one_move_says_one_move(tmp_path: Path) -> None:
    """'Board: 11 × 11, 1 moves.' The control: two moves say moves."""
    (tmp_path / "one.sgf").write_text("(;FF[4]GM[11]SZ[11];B[f6])")
    (tmp_path / "two.sgf").write_text("(;FF[4]GM[11]SZ[11];B[f6];W[e7])")
    for name in ("one", "two"):
        done = pnp("record", "hex", f"{name}.sgf", "-o", f"{name}.pdf", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    assert "Board: 11 × 11, 1 move." in words(tmp_path / "one.pdf")
    assert "Board: 11 × 11, 2 moves." in words(tmp_path / "two.pdf")


def test_a_missing_file_is_named_once(tmp_path: Path) -> None:
    line = one_line(pnp("record", "hex", "recs/nonexist.sgf", cwd=tmp_path))
    assert line == "pnp: recs/nonexist.sgf: cannot be read: No such file or directory"
    # The control: the judge, which always named it once, says the same.
    assert one_line(pnp("judge", "hex", "recs/nonexist.sgf", cwd=tmp_path)) == line


@pytest.mark.parametrize(("game", "name", "text", "said"), [
    ("hex", "link.txt", "https://example.com/games/1\n",
     "this is a web link, but not a Trmph or HexWorld one: it is not a Hex record"),
    # A Little Golem game's page: its game is on the server, which pnp does not reach.
    ("hex", "golem.txt", "https://www.littlegolem.net/jsp/game/game.jsp?gid=2210330\n",
     "this is a Little Golem game's address, and its game is on Little Golem's server, "
     "which pnp does not reach: save the game's SGF from its page and give that"),
    ("nex", "round.sgf", "(;FF[4]GM[11]SZ[11]PB[a]\n;B[a1]\n;W[b2])\n",
     "this is an SGF record, not a Nex move list"),
    ("nex", "link.txt", "https://example.com/games/1\n",
     "this is a web link, not a Nex move list"),
    ("hex-kb", "round.sgf", "(;FF[4]GM[11]SZ[11];B[a1])", "this is an SGF record, not a "
                                                          "Hex KB move list"),
])
def test_a_file_that_is_no_record_of_the_game_says_so(tmp_path: Path, game: str, name: str,
                                                      text: str, said: str) -> None:
    """A Hex SGF given to Nex was refused for an "unmatched '('", a web link given to Hex as
    a position with no moves. The control: the game's own record is printed."""
    (tmp_path / name).write_text(text)
    assert one_line(pnp("record", game, name, cwd=tmp_path)).startswith(
        f"pnp: {name}: {said}")
    own = {"hex": FIRST, "nex": nex_game(9, 6), "hex-kb": hex_kb_game(11, 6)}[game]
    (tmp_path / "own.txt").write_text(own)
    done = pnp("record", game, "own.txt", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
