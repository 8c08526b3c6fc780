"""`pnp record hex FOLDER`: a folder of records (a tournament's games) printed as one
booklet with a contents page, and the default names that carry a record's own name. Each
check has its control: a folder with one bad file, an empty folder, a record with an illegal
move, a format the booklet is not written in; a name the same for the same input."""

import os
import re
import subprocess
from pathlib import Path

import pikepdf
import pytest
from recording import FIRST, ILLEGAL, PNP, SECOND, UNNAMED, club_folder, pnp, words

from generator.app import names
from generator.app.record_folder import MOST_RECORDS, record_files
from generator.errors import UserError
from generator.games.hex import GAME as HEX
from generator.i18n import words as words_of
from generator.layout import booklet

HEX_RECORDS = HEX.records
assert HEX_RECORDS is not None


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A tournament's folder: its records named so that sorting them is not writing order."""
    folder = club_folder(tmp_path)
    (folder / ".hidden.sgf").write_text(ILLEGAL)      # hidden: not a record of the folder
    return folder


def bookmarks(pdf: Path) -> list[str]:
    with pikepdf.open(pdf) as document, document.open_outline() as outline:
        return [item.title for item in outline.root]


def test_a_folder_is_one_booklet_with_contents_and_a_bookmark_a_game(club: Path) -> None:
    done = pnp("record", "hex", "club", cwd=club.parent)
    assert done.returncode == 0, done.stderr
    made = club.parent / "hex-record-club-booklet.pdf"
    assert done.stdout.strip() == made.name and made.exists()
    text = words(made)
    # The cover names the common event; the contents list the games in their files' order.
    assert "Club final" in text and "3 games of Hex" in text and "Contents" in text
    contents = text[text.index("Contents"):]
    order = [contents.index(who) for who in ("Alice (Black) against Bob",
                                            "Carol (Black) against Dave",
                                            "A game of Hex")]
    assert order == sorted(order)
    assert "White resigned" not in text and "Black resigned." in text
    assert bookmarks(made)[1:] == ["Alice (Black) against Bob (White)",
                                   "Carol (Black) against Dave (White)", "A game of Hex"]
    info = subprocess.run(["pdfinfo", str(made)], capture_output=True, text=True,
                          check=True).stdout
    assert "Tagged:          yes" in info
    # Reproducible: the same folder makes the same bytes.
    again = pnp("record", "hex", "club", "-o", "again.pdf", cwd=club.parent)
    assert again.returncode == 0, again.stderr
    assert (club.parent / "again.pdf").read_bytes() == made.read_bytes()


def test_a_bad_record_is_left_out_and_named_in_the_contents_and_on_stderr(club: Path) -> None:
    """One bad file once stopped the whole folder; now the booklet prints every record it
    can and names the others, with why, in its contents and on standard error. The
    controls: a folder of which nothing can be printed is one line and no file; without
    the bad file the booklet is the three games alone."""
    (club / "round-4.sgf").write_text(ILLEGAL)
    (club / "round-5.sgf").write_text("(;FF[4]GM[11]SZ[3];B[b2")        # cut short
    done = pnp("record", "hex", "club", "-o", "out.pdf", cwd=club.parent)
    assert done.returncode == 0, done.stderr
    warned = done.stderr.splitlines()
    assert [line.split(": left out of the booklet: ")[0] for line in warned] == \
        ["pnp: warning: club/round-4.sgf", "pnp: warning: club/round-5.sgf"]
    assert "it holds an illegal move" in warned[0] and "cut short" in warned[1]
    text = words(club.parent / "out.pdf")
    for entry in ("Left out of this booklet", "club/round-4.sgf", "club/round-5.sgf",
                  "it holds an illegal move (move 2 (white b2)", "3 games of Hex"):
        assert entry in text, entry
    assert bookmarks(club.parent / "out.pdf")[1:] == [
        "Alice (Black) against Bob (White)", "Carol (Black) against Dave (White)",
        "A game of Hex"]
    # A folder of which nothing can be printed: one line, and no file.
    alone = club.parent / "alone"
    alone.mkdir()
    (alone / "round-4.sgf").write_text(ILLEGAL)
    one = pnp("record", "hex", "alone", "-o", "none.pdf", cwd=club.parent)
    assert one.returncode == 2 and one.stderr.startswith("pnp: alone/round-4.sgf: it holds")
    (alone / "round-5.sgf").write_text(ILLEGAL)
    both = pnp("booklet", "--records", "alone", "-o", "none.pdf", cwd=club.parent)
    assert both.returncode == 2 and len(both.stderr.splitlines()) == 1
    assert both.stderr.startswith("pnp: alone: none of its 2 records can be printed; the "
                                  "first, alone/round-4.sgf: it holds an illegal move")
    assert not (club.parent / "none.pdf").exists()
    (club / "round-4.sgf").unlink()
    (club / "round-5.sgf").unlink()
    clean = pnp("record", "hex", "club", "-o", "clean.pdf", cwd=club.parent)
    assert clean.returncode == 0 and clean.stderr == ""
    assert "Left out" not in words(club.parent / "clean.pdf")


def test_a_file_named_in_bytes_that_are_not_utf8_prints(tmp_path: Path) -> None:
    """A record named b'\\xff\\xfe.sgf' ended the folder's booklet with a UnicodeEncodeError
    from the bookmarks. Its name prints with those bytes escaped, in the contents, the
    bookmarks and the file's own name. The control: the same folder's other record keeps
    its name as it is."""
    folder = tmp_path / "recs"
    folder.mkdir()
    odd = os.fsdecode(b"\xff\xfe.sgf")
    (folder / odd).write_text(UNNAMED)
    (folder / "plain.sgf").write_text(UNNAMED)
    for command in (("record", "hex", "recs", "-o", "a.pdf"),
                    ("booklet", "--records", "recs", "-o", "b.pdf")):
        done = pnp(*command, cwd=tmp_path)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    marks = bookmarks(tmp_path / "a.pdf")[1:]
    assert marks == ["A game of Hex (plain.sgf)", "A game of Hex (\\xff\\xfe.sgf)"]
    assert "A game of Hex (\\xff\\xfe.sgf)" in words(tmp_path / "b.pdf")
    built = pnp("build", "hex", "--paper", "a4", "--records", "recs", "--out", "out",
                cwd=tmp_path)
    assert built.returncode == 0 and "Traceback" not in built.stderr, built.stderr
    single = pnp("record", "hex", f"recs/{odd}", cwd=tmp_path)
    assert single.returncode == 0, single.stderr
    assert re.fullmatch(r"hex-record-[0-9a-f]{8}\.pdf", single.stdout.strip())


def test_an_empty_folder_and_other_formats_are_refused(tmp_path: Path, club: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / ".DS_Store").write_text("")
    done = pnp("record", "hex", "empty", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr == ("pnp: empty: the folder holds no SGF "
                                                    "records (*.sgf); its other files are "
                                                    "left alone\n")
    for args in (("--format", "svg"), ("--format", "sgf"), ("--paper", "a5"),
                 ("-o", "club.png")):
        refused = pnp("record", "hex", "club", *args, cwd=tmp_path)
        assert refused.returncode == 2 and len(refused.stderr.splitlines()) == 1, args
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club", "empty"]


def test_the_folder_is_bounded(tmp_path: Path) -> None:
    for n in range(MOST_RECORDS):
        (tmp_path / f"{n:04}.sgf").write_text(SECOND)
    # The control: at the bound.
    assert len(record_files(tmp_path, "t", records=HEX_RECORDS)) == MOST_RECORDS
    (tmp_path / "more.sgf").write_text(SECOND)
    with pytest.raises(UserError, match=f"at most {MOST_RECORDS} records"):
        record_files(tmp_path, "t", records=HEX_RECORDS)


def test_contents_take_as_many_pages_as_their_entries() -> None:
    paper = booklet.content_paper(booklet.page_paper("a4"))
    rows = booklet.contents_rows(paper)
    from generator.core.palette import COLOUR
    parts = [booklet.Part(f"Game {n}", "", []) for n in range(rows + 1)]
    pages = booklet.contents(paper, parts, starts=list(range(len(parts))), colours=COLOUR,
                             words=words_of("en"))
    one = booklet.contents(paper, parts[:rows], starts=list(range(rows)), colours=COLOUR,
                           words=words_of("en"))
    assert len(pages) == 2 and len(one) == 1
    # Every entry's text stays on its page.
    for page in pages:
        assert all(s.position.y < paper.height - paper.margin for s in page.shapes)


def test_two_records_make_two_files_and_one_record_one(club: Path) -> None:
    for name in ("round-1.sgf", "round-2.sgf", "round-1.sgf"):
        done = pnp("record", "hex", f"club/{name}", cwd=club.parent)
        assert done.returncode == 0, done.stderr
    made = sorted(p.name for p in club.parent.glob("*.pdf"))
    assert made == ["hex-record-round-1.pdf", "hex-record-round-2.pdf"]
    # Standard input has no name; a choice off the defaults is in the name.
    done = subprocess.run([*PNP, "record", "hex", "-", "--every", "2", "--lang", "de"],
                          input=FIRST, cwd=club.parent, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "hex-record-every-2-de.pdf"


def test_record_names() -> None:
    def stem(source: str, every: int = 20, paper: str = "A4", folder: bool = False) -> str:
        return names.record_stem("hex", source, every=every, default_every=20, paper=paper,
                                 folder=folder)
    assert stem("games/Round 1 (final).sgf") == "hex-record-round1-final"
    assert stem("a.sgf") != stem("b.sgf")
    assert stem("a.sgf") == stem("elsewhere/a.sgf")
    assert stem("club/", paper="Letter", folder=True) == "hex-record-club-booklet-letter"
    assert stem("", every=10) == "hex-record-every-10"


def test_long_players_names_stay_inside_a_print_shops_safe_zone(club: Path) -> None:
    """A game's title (its players) is set smaller where it would run off the A5 page; the
    preflight's safe-zone check is the judge (its own controls are in test_preflight)."""
    (club / "round-1.sgf").write_text(FIRST.replace("PB[Alice]", "PB[Alexandrina Montgomery]")
                                      .replace("PW[Bob]", "PW[Bartholomew Fitzgerald]"))
    done = pnp("record", "hex", "club", "--for", "print-shop", "-o", "shop.pdf",
               cwd=club.parent)
    assert done.returncode == 0, done.stderr
    checked = pnp("check", "shop.pdf", "--for", "print-shop", cwd=club.parent)
    assert "pass  safe zone" in checked.stdout, checked.stdout


def test_a_folder_printed_into_itself_twice_names_it_and_skips_its_booklet(club: Path) -> None:
    """`pnp record hex .` in the tournament's folder: the booklet is named after the folder
    (not hex-record-booklet.pdf), and a second run reads past that booklet, a PDF, where it
    once refused it as a record that is not UTF-8 text. The control: a PDF named as a
    record (notes.sgf) is read, and refused by name."""
    first = pnp("record", "hex", ".", cwd=club)
    assert first.returncode == 0, first.stderr
    made = club / "hex-record-club-booklet.pdf"
    assert first.stdout.strip() == made.name and made.exists()
    printed = made.read_bytes()
    again = pnp("record", "hex", ".", cwd=club)
    assert again.returncode == 0, again.stderr
    assert made.read_bytes() == printed
    (club / "notes.sgf").write_bytes(printed[:40])          # a PDF named as a record
    refused = pnp("record", "hex", ".", "-o", "other.pdf", cwd=club)
    assert refused.returncode == 0
    assert refused.stderr.startswith("pnp: warning: ./notes.sgf: left out of the booklet: ")
    (club / "notes.sgf").unlink()
    for name in ("round-1.sgf", "round-2.sgf", "round-3.SGF"):
        (club / name).unlink()
    only = pnp("record", "hex", ".", cwd=club)
    assert only.returncode == 2
    assert only.stderr == ("pnp: .: the folder holds no SGF records (*.sgf); its other files "
                           "are left alone\n")


def test_a_record_of_any_name_makes_a_file_of_its_own(tmp_path: Path) -> None:
    """A record named as long as a file system allows once made a name too long to write
    ('pnp: cannot write hex-record-aaa…: File name too long'), and accented letters were
    dropped (Ünïcødé spiel.sgf made hex-record-n-c-d-spiel.pdf). Long names are cut with a
    digest, so two that begin alike make two files; letters lose only their accents. The
    control: the name the old rule made is past the file system's 255 bytes."""
    longest = "a" * (255 - len(".sgf"))
    for name in (f"{longest}.sgf", f"{longest[:-1]}b.sgf", "Ünïcødé spiel.sgf"):
        (tmp_path / name).write_text(SECOND)
        done = pnp("record", "hex", name, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    made = sorted(p.name for p in tmp_path.glob("*.pdf"))
    assert len(made) == 3 and "hex-record-unicodespiel.pdf" in made
    assert all(len(name.encode()) <= 100 for name in made)
    assert len(f"hex-record-{names.part(longest)}-every-10-letter-de.pdf") > 255
    assert names.record_name(longest) != names.record_name(longest[:-1] + "b")
    assert names.record_name("Łódź, Größe") == "lodz-grosse"


def test_records_named_in_other_scripts_make_files_of_their_own(tmp_path: Path) -> None:
    """Иванов.sgf, Петров.sgf and Παπαδόπουλος.sgf all made hex-record.pdf, each replacing
    the one before; 李明 vs 山田.sgf made hex-record-vs.pdf. Each now carries a digest of its
    whole name. Control: a name that folds to ASCII keeps its letters and no digest."""
    given = ["Иванов.sgf", "Петров.sgf", "Παπαδόπουλος.sgf", "李明 vs 山田.sgf", "José.sgf"]
    for name in given:
        (tmp_path / name).write_text(SECOND)
        done = pnp("record", "hex", name, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    made = sorted(p.name for p in tmp_path.glob("*.pdf"))
    assert len(made) == len(given), made
    assert "hex-record-jose.pdf" in made
    assert any(re.fullmatch(r"hex-record-vs-[0-9a-f]{8}\.pdf", name) for name in made), made
    assert sum(bool(re.fullmatch(r"hex-record-[0-9a-f]{8}\.pdf", name)) for name in made) == 3
