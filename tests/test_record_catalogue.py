"""A folder of records through `pnp booklet --records` and `pnp build --records`: the same
booklet `pnp record hex FOLDER` prints, and in a build beside the rules' booklets and on the
index page. Controls: the folder's booklet changes with its records; a build without
--records lists none; a folder with a bad record stops the build before anything is written."""

from html.parser import HTMLParser
from pathlib import Path

import pytest
from recording import club_folder, pnp


@pytest.fixture
def club(tmp_path: Path) -> Path:
    return club_folder(tmp_path)


class Links(HTMLParser):
    """The index page's links, each with the text of its element."""
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.hrefs.append(href)


def links(page: Path) -> list[str]:
    parser = Links()
    parser.feed(page.read_text())
    return parser.hrefs


def test_the_booklet_command_prints_the_folder_as_the_record_command_does(club: Path) -> None:
    by_record = pnp("record", "hex", "club", "-o", "record.pdf", cwd=club.parent)
    by_booklet = pnp("booklet", "--records", "club", "-o", "booklet.pdf", cwd=club.parent)
    assert by_record.returncode == by_booklet.returncode == 0, by_booklet.stderr
    made = (club.parent / "booklet.pdf").read_bytes()
    assert made == (club.parent / "record.pdf").read_bytes()
    # Control: the booklet is the folder's: one record fewer, another booklet.
    (club / "round-3.SGF").unlink()
    assert pnp("booklet", "--records", "club", "-o", "fewer.pdf", cwd=club.parent
               ).returncode == 0
    assert (club.parent / "fewer.pdf").read_bytes() != made


@pytest.mark.parametrize("args, said", [
    (["--all"], "name at most one game, without --all or --with"),
    (["hex", "nex"], "name at most one game"),
    (["blinq"], "Blinq prints no records"),
])
def test_the_booklet_command_refuses_records_with_what_they_cannot_take(
        club: Path, args: list[str], said: str) -> None:
    done = pnp("booklet", "--records", "club", *args, cwd=club.parent)
    assert done.returncode == 2 and said in done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert sorted(p.name for p in club.parent.iterdir()) == ["club"]


@pytest.fixture(scope="module")
def club_built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club's folder beside `out`, its build for home and a print shop with --records,
    made once for the two tests that read it (the home files of a print-shop build are the
    home build's, so one build shows both)."""
    club = club_folder(tmp_path_factory.mktemp("built"))
    done = pnp("build", "hex", "--paper", "a4", "--records", "club", "--for", "print-shop",
               "--out", "out", cwd=club.parent)
    assert done.returncode == 0, done.stderr
    return club


def test_a_build_prints_the_records_beside_the_booklets_and_lists_them(club_built: Path
                                                                       ) -> None:
    club = club_built
    out = club.parent / "out"
    booklet = out / "booklets" / "hex-record-club-booklet.pdf"
    by_record = pnp("record", "hex", "club", "-o", "alone.pdf", cwd=club.parent)
    assert by_record.returncode == 0
    assert booklet.read_bytes() == (club.parent / "alone.pdf").read_bytes()
    assert "booklets/hex-record-club-booklet.pdf" in links(out / "index.html")
    assert "Game records: club, A4" in (out / "index.html").read_text()
    # Control: a build without --records lists no records.
    plain = pnp("build", "hex", "--paper", "a4", "--out", "plain", cwd=club.parent)
    assert plain.returncode == 0, plain.stderr
    assert not any("record" in href for href in links(club.parent / "plain" / "index.html"))


def test_a_bad_record_is_left_out_of_the_build_and_said_of_before_it(club: Path) -> None:
    """The build prints the records it can, saying of the one it leaves out before it
    begins; a folder of which none can be printed stops it before anything is written."""
    (club / "round-3.sgf").write_text("(;FF[4]GM[11]SZ[3];B[b2];W[b2])")   # b2 twice
    done = pnp("build", "hex", "--paper", "a4", "--records", "club", "--out", "out",
               cwd=club.parent)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("pnp: warning: club/round-3.sgf: left out of the booklet")
    assert (club.parent / "out" / "booklets" / "hex-record-club-booklet.pdf").exists()
    # Control: with no record it can print, the build stops before writing anything.
    for name in ("round-1.sgf", "round-2.sgf", "round-3.SGF"):
        (club / name).write_text("(;FF[4]GM[11]SZ[3];B[b2];W[b2])")
    stopped = pnp("build", "hex", "--records", "club", "--out", "none", cwd=club.parent)
    assert stopped.returncode == 2 and len(stopped.stderr.splitlines()) == 1, stopped.stderr
    assert stopped.stderr.startswith("pnp: club: none of its 4 records can be printed")
    assert not (club.parent / "none").exists()


def test_a_print_shop_build_prints_the_records_for_the_shop_too(club_built: Path) -> None:
    club = club_built
    out = club.parent / "out"
    shop = out / "print-shop" / "booklets" / "hex-record-club-booklet-print-shop.pdf"
    alone = pnp("record", "hex", "club", "--for", "print-shop", "-o", "shop.pdf",
                cwd=club.parent)
    assert alone.returncode == 0, alone.stderr
    assert shop.read_bytes() == (club.parent / "shop.pdf").read_bytes()
    assert (out / "booklets" / "hex-record-club-booklet.pdf").is_file()      # and home's
    page = (out / "index.html").read_text()
    hrefs = links(out / "index.html")
    assert "print-shop/booklets/hex-record-club-booklet-print-shop.pdf" in hrefs
    # Listed with the print shop's files, after the home ones.
    assert page.index("hex-record-club-booklet-print-shop.pdf") > page.index(
        "print-shop/booklets/hex-booklet-a4.pdf") > page.index("booklets/hex-record-club-bo")
    checked = pnp("check", str(shop), "--for", "print-shop", cwd=club.parent)
    assert checked.returncode == 0, checked.stdout
