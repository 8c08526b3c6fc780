"""The Hex puzzle book in the studio, asked of the WSGI app itself: the book of its own
puzzles from a book number, with the command line's options, previewed and downloaded byte
for byte as `pnp puzzles hex --seed N ...` writes it; solved on a thread of its own, so the
studio answers other previews while a book is solved (503 "Solving the puzzles" for the
book meanwhile); a solved book kept for its other papers and languages; refusals in the
form's words, under their fields."""

from __future__ import annotations

import io
import json
import os
import shlex
import threading
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator import i18n
from generator.app.puzzle_request import PuzzleRequest
from generator.games.puzzle_book import Puzzles
from generator.ui.cli import main
from generator.ui.studio.app import Studio
from generator.ui.studio.puzzle_books import Solver, own_puzzles

SMALL = "game=hex&item=puzzles&count=2&seed=4"     # a book solved in well under a second


def call(app: Studio, path: str, query: str) -> tuple[str, dict[str, str], bytes]:
    environ: dict[str, object] = {
        "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query,
        "HTTP_HOST": "127.0.0.1:8470", "wsgi.input": io.BytesIO(b"")}
    said: dict[str, object] = {}

    def start(status: str, headers: list[tuple[str, str]]) -> None:
        said["status"], said["headers"] = status, dict(headers)
    data = b"".join(app(environ, start))
    return str(said["status"]), said["headers"], data   # type: ignore[return-value]


def preview(app: Studio, query: str) -> dict:
    status, _, body = call(app, "/preview", query)
    assert status == "200 OK", body
    return json.loads(body)


def fetch(app: Studio, entry: dict) -> tuple[str, bytes]:
    assert entry.get("error") is None, entry
    path, query = entry["href"].split("?", 1)
    status, headers, data = call(app, f"/{path}", query)
    assert status == "200 OK", data
    return headers["Content-Disposition"].split('filename="')[1].rstrip('"'), data


def written(command: str, folder: Path) -> Path:
    """The file the command shown writes, run in a folder of its own."""
    args = shlex.split(command)
    assert args[:3] == ["pnp", "puzzles", "hex"]
    folder.mkdir(parents=True, exist_ok=True)
    here = os.getcwd()
    os.chdir(folder)
    try:
        done = CliRunner().invoke(main, args[1:])
    finally:
        os.chdir(here)
    assert done.exit_code == 0, done.output
    return folder / done.stdout.split()[0]


class Counted:
    """The studio's solving, counted: how many books it solved."""

    def __init__(self) -> None:
        self.solved = 0

    def __call__(self, request: PuzzleRequest) -> Puzzles:
        self.solved += 1
        return own_puzzles(request)


class Held:
    """The studio's solving, held until the test lets it go: a book that takes as long as
    the test needs, without a clock."""

    def __init__(self) -> None:
        self.started, self.go = threading.Event(), threading.Event()

    def __call__(self, request: PuzzleRequest) -> Puzzles:
        self.started.set()
        assert self.go.wait(60), "the test never let the solving go"
        return own_puzzles(request)


@pytest.fixture(scope="module")
def counted() -> Counted:
    return Counted()


@pytest.fixture(scope="module")
def app(counted: Counted) -> Iterator[Studio]:
    with closing(Studio(time_limit=120, solver=Solver(solve=counted))) as studio:
        yield studio


def test_a_puzzle_book_is_the_command_lines_file(app, tmp_path):
    shown = preview(app, f"{SMALL}&paper=letter&lang=de")
    assert shown["command"] == "pnp puzzles hex --count 2 --seed 4 --paper letter --lang de"
    # Its figure is the cover's count, in the language chosen (control: English's is other).
    said = {}
    for lang in ("de", "en"):
        said[lang] = i18n.words(lang).ngettext("%(count)s puzzle, every answer proven",
                                               "%(count)s puzzles, every answer proven", n=2,
                                               count=2)
    assert shown["figures"] == [said["de"]] and said["de"] != said["en"]
    assert not shown["figures_later"]
    offered = {d["format"]: d for d in shown["downloads"]}
    # The book is a PDF (as the command writes it) and the print shop's; nothing else.
    assert set(offered) == {"pdf", "print-shop"}
    for kind in ("pdf", "print-shop"):
        name, data = fetch(app, offered[kind])
        cli = written(offered[kind]["command"], tmp_path / kind)
        assert name == cli.name == offered[kind]["name"]
        assert data == cli.read_bytes(), kind
    assert offered["pdf"]["name"] == "hex-puzzles-seed-4-count-2-letter-de.pdf"
    # Control: another book number's book is another file.
    other = written("pnp puzzles hex --count 2 --seed 5 --paper letter --lang de",
                    tmp_path / "other")
    assert fetch(app, offered["pdf"])[1] != other.read_bytes()


def test_a_solved_book_is_kept_for_its_papers_and_languages(app, counted):
    before = counted.solved
    preview(app, f"{SMALL}&paper=letter&lang=pt")
    preview(app, f"{SMALL}&palette=ink-saver")
    preview(app, f"{SMALL}&page=2")
    assert counted.solved <= before + 1     # the book of test one, or solved once here
    solved = counted.solved
    preview(app, f"{SMALL}&lang=es")
    assert counted.solved == solved
    # Control: another count is another book, solved.
    preview(app, "game=hex&item=puzzles&count=3&seed=4")
    assert counted.solved == solved + 1


@pytest.mark.parametrize(("asked", "field", "said"), [
    ("seed=x", "seed", "Book number: 'x' is not a whole number."),
    ("count=0", "count", "Puzzles: 0 is not between 1 and 200."),
    ("budget=900", "budget", "Seconds a puzzle, at most: 900 is not between 0.1 and 600."),
    ("paper=a5", "paper", None),
])
def test_a_refused_option_is_said_under_its_field(app, asked, field, said):
    name = asked.split("=")[0]
    kept = "&".join(p for p in SMALL.split("&") if not p.startswith(f"{name}="))
    status, headers, body = call(app, "/preview", f"{kept}&{asked}")
    assert status == "400 Bad Request" and headers["X-Studio-Field"] == field, body
    text = body.decode().strip()
    assert "--" not in text and "\n" not in text
    if said is not None:
        assert text == said
    # Control: the value given by the command line's default is taken.
    assert call(app, "/preview", SMALL)[0] == "200 OK"


def solving_then_board(solver: Callable[[Held, Studio], Solver]) -> tuple[str, str, str]:
    """A book held in its solving: what its preview answers, what a board's preview answers
    meanwhile, and what the book's answers once let go."""
    held = Held()
    studio = Studio(time_limit=2)
    studio.solver = solver(held, studio)
    with closing(studio):
        status, headers, body = call(studio, "/preview", SMALL)
        assert held.started.wait(30)
        book = f"{status} {headers.get('X-Studio-Solving')} {body.decode().strip()}"
        board = call(studio, "/preview", "game=hex&item=board&size=9")[0]
        held.go.set()
        # Each ask waits for the solving a moment (on its future, no clock of the test's).
        for _ in range(300):
            status, headers, _body = call(studio, "/preview", SMALL)
            if "X-Studio-Solving" not in headers:
                break
    return book, board, status


def test_the_studio_answers_other_previews_while_a_book_is_solved():
    book, board, after = solving_then_board(
        lambda held, _studio: Solver(solve=held, wait=0.2))
    assert book.startswith("503 Service Unavailable 0 Solving the puzzles: 0 s so far"), book
    assert board == "200 OK"
    assert after == "200 OK"
    # Control: a book solved on the drawing thread itself holds the board's preview up
    # until the studio answers it busy.
    book, board, after = solving_then_board(
        lambda held, studio: Solver(drawer=studio.drawer, solve=held, wait=0.2))
    assert book.startswith("503 Service Unavailable 0 Solving the puzzles"), book
    assert board == "503 Service Unavailable"
    assert after == "200 OK"
