"""A played game's record in the studio, asked of the WSGI app itself: the record travels in
the request's body (a file's bytes with its name, or text pasted: SGF, a Trmph or HexWorld
link), and what the studio previews and downloads is byte for byte what `pnp record GAME
FILE` (or `pnp record GAME -`, for text pasted) writes with the same options. A body over
the command line's bound is refused from its length, unread; a record that cannot be read
or holds an illegal move is one line under the record's control."""

from __future__ import annotations

import http.client
import io
import json
import os
import shlex
import urllib.parse
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from recording import STUDY

from generator.core.gridfile import LIMIT
from generator.ui.cli import main
from generator.ui.studio import server
from generator.ui.studio.app import Studio

# Little Golem's export (PlayHex's LittleGolemSGF.ts): no GM, Go's two-letter cells, the
# first player's moves as W, `B[swap]`, `RE[B]`.
GOLEM = ("(;FF[4]EV[hex.ch.32.2.1]PB[alice]PW[bob]SZ[5]RE[B]SO[https://www.littlegolem.net]"
         ";W[cc];B[swap];W[bd];B[dc])")
TRMPH = "https://trmph.com/hex/board#7,d4c5e3"
HEXWORLD = "https://hexworld.org/board/#7c1,d4:sc5e3"
LONGEST_DESCRIPTION = 320     # characters of a diagram's description (the rule sheets' too)


@pytest.fixture(scope="module")
def app() -> Iterator[Studio]:
    with closing(Studio(time_limit=120)) as studio:
        yield studio


class Unread(io.RawIOBase):
    """A body no one may read: the refusal of a body too large comes from its length."""

    def read(self, size: int = -1) -> bytes:
        raise AssertionError("the body was read")


def call(app: Studio, path: str, query: str = "", *, body: bytes | None = None,
         length: int | None = None, stream: io.RawIOBase | None = None
         ) -> tuple[str, dict[str, str], bytes]:
    """One request to the app: POST with a body, else GET."""
    environ: dict[str, object] = {
        "REQUEST_METHOD": "GET" if body is None and stream is None else "POST",
        "PATH_INFO": path, "QUERY_STRING": query, "HTTP_HOST": "127.0.0.1:8470",
        "wsgi.input": stream or io.BytesIO(body or b""),
        "CONTENT_LENGTH": str(len(body or b"") if length is None else length)}
    said: dict[str, object] = {}

    def start(status: str, headers: list[tuple[str, str]]) -> None:
        said["status"], said["headers"] = status, dict(headers)
    data = b"".join(app(environ, start))
    return str(said["status"]), said["headers"], data   # type: ignore[return-value]


def preview(app: Studio, query: str, record: bytes) -> dict:
    status, _, body = call(app, "/preview", query, body=record)
    assert status == "200 OK", body
    return json.loads(body)


def fetch(app: Studio, entry: dict, record: bytes) -> tuple[str, bytes]:
    """A download the preview offers, asked for as the page asks: the record in the body."""
    assert entry["post"] and entry.get("error") is None
    path, query = entry["href"].split("?", 1)
    status, headers, data = call(app, f"/{path}", query, body=record)
    assert status == "200 OK", data
    name = headers["Content-Disposition"].split('filename="')[1].rstrip('"')
    assert name == entry["name"]
    return name, data


def command_line(command: str, folder: Path, stdin: bytes | None = None) -> None:
    """The command the page shows, run in the folder (the record's file in it, or its text
    on standard input)."""
    args = shlex.split(command)
    assert args[0] == "pnp"
    here = os.getcwd()
    os.chdir(folder)
    try:
        done = CliRunner().invoke(main, args[1:], input=stdin)
    finally:
        os.chdir(here)
    assert done.exit_code == 0, (command, done.output)


def downloads(shown: dict) -> dict[str, dict]:
    return {d["format"]: d for d in shown["downloads"]}


def test_a_record_file_downloads_as_the_command_line_writes_it(app, tmp_path):
    record = STUDY.encode()
    options = "every=2&variations=1&paper=letter&palette=ink-saver&lang=de"
    shown = preview(app, f"game=hex&item=record&file=study.sgf&{options}", record)
    assert shown["command"] == ("pnp record hex study.sgf --every 2 --variations 1 --paper "
                                "letter --palette ink-saver --lang de")
    assert shown["pages"] >= 2 and shown["figures"][0] == "Alice (Schwarz) gegen Bob (Weiß)"
    offered = downloads(shown)
    assert "everything" not in offered     # a zip of the game's items holds no record
    (tmp_path / "study.sgf").write_bytes(record)
    for kind in ("pdf", "print-shop"):
        name, data = fetch(app, offered[kind], record)
        command_line(offered[kind]["command"], tmp_path)
        assert data == (tmp_path / name).read_bytes(), kind
    # An SVG of the page on screen, as the command line writes that page.
    name, svg = fetch(app, offered["svg"], record)
    command_line(offered["svg"]["command"], tmp_path)
    assert name.endswith("-1.svg") and svg == (tmp_path / name).read_bytes()
    # Control: another record is another file.
    changed = record.replace(b"W[e2]", b"W[f2]")
    other = preview(app, f"game=hex&item=record&file=study.sgf&{options}", changed)
    assert fetch(app, downloads(other)["pdf"], changed)[1] != \
        (tmp_path / offered["pdf"]["name"]).read_bytes()


@pytest.mark.parametrize("text", [TRMPH, HEXWORLD, GOLEM])
def test_a_pasted_record_downloads_as_standard_input_prints_it(app, tmp_path, text):
    record = text.encode()
    shown = preview(app, "game=hex&item=record&every=1", record)
    pdf = downloads(shown)["pdf"]
    assert pdf["command"] == "pnp record hex - --every 1" and pdf["name"] == \
        "hex-record-every-1.pdf"
    name, data = fetch(app, pdf, record)
    command_line(pdf["command"], tmp_path, stdin=record)
    assert data == (tmp_path / name).read_bytes()
    # Control: the option counts (a diagram every 20 moves is another booklet).
    command_line("pnp record hex -", tmp_path, stdin=record)
    assert data != (tmp_path / "hex-record.pdf").read_bytes()
    # Each diagram is described for a screen reader in a few sentences at most.
    with pikepdf.open(io.BytesIO(data)) as document:
        alts = [str(node.get("/Alt", "")) for node in figures(document.Root.StructTreeRoot)]
    assert alts and all(0 < len(alt) <= LONGEST_DESCRIPTION for alt in alts)


def figures(node) -> Iterator:
    """The tagged PDF's figures, in order."""
    kids = node.get("/K")
    if kids is None:
        return
    for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
        if isinstance(kid, pikepdf.Dictionary):
            if kid.get("/S") == "/Figure":
                yield kid
            yield from figures(kid)


def test_a_nex_move_list_is_a_record_too(app, tmp_path):
    record = b"size 9\n1. e5 (d4)\n2. c3 (f6)\n3. d4 f6 (e5)\n4. b2 (b3)\n"
    shown = preview(app, "game=nex&item=record&file=game.txt", record)
    pdf = downloads(shown)["pdf"]
    (tmp_path / "game.txt").write_bytes(record)
    name, data = fetch(app, pdf, record)
    command_line(pdf["command"], tmp_path)
    assert name == "nex-record-game.pdf" and data == (tmp_path / name).read_bytes()
    # Control: a game a turn shorter is another booklet.
    shorter = record.rsplit(b"4.", 1)[0]
    other = downloads(preview(app, "game=nex&item=record&file=game.txt", shorter))["pdf"]
    assert fetch(app, other, shorter)[1] != data


def refused(app: Studio, record: bytes | None, **more: object) -> tuple[str, dict, str]:
    """The one line a preview of the record is refused with, its status and headers."""
    status, headers, body = call(app, "/preview", "game=hex&item=record", body=record, **more)
    text = body.decode()
    assert text.count("\n") == 1 and "Traceback" not in text
    return status, headers, text.strip()


def test_a_record_over_the_bound_is_refused_unread(app):
    status, headers, text = refused(app, None, length=LIMIT + 1, stream=Unread())
    assert status == "413 Content Too Large" and headers["X-Studio-Field"] == "record"
    assert text == ("Record: this is 262,145 bytes; a record is read up to 256 KiB "
                    "(262,144 bytes), as the command line reads one.")
    assert headers["Cache-Control"] == "no-store"
    # Control: a record of the bound itself is read (and printed: SGF ignores the spaces).
    padded = STUDY.encode().ljust(LIMIT, b" ")
    assert call(app, "/preview", "game=hex&item=record", body=padded)[0] == "200 OK"


@pytest.mark.parametrize(("record", "said"), [
    (b"(;FF[4]GM[11]SZ[3];B[b2];W[b2])",
     "Record: it holds an illegal move (move 2 (white b2): b2 already holds a Black stone); "
     "`pnp judge hex` lists them all"),
    (b"(;FF[4]GM[11]SZ[3];B[b2]", "Record: "),
    (b"https://www.littlegolem.net/jsp/game/game.jsp?gid=2210330",
     "Record: this is a Little Golem game's address, and its game is on Little Golem's "
     "server, which pnp does not reach: save the game's SGF from its page and give that"),
    (None, "Record: choose a record's file, or paste its SGF text or a Trmph or HexWorld "
           "link."),
    (b"", "Record: choose a record's file, or paste its SGF text or a Trmph or HexWorld "
          "link."),
])
def test_a_record_that_cannot_print_is_one_line_under_its_control(app, record, said):
    status, headers, text = refused(app, record)
    assert status == "400 Bad Request" and headers["X-Studio-Field"] == "record"
    assert text.startswith(said)
    # Control: the same request with a record that prints is answered.
    legal = b"(;FF[4]GM[11]SZ[3];B[b2])"
    assert call(app, "/preview", "game=hex&item=record", body=legal)[0] == "200 OK"


def test_an_option_of_a_record_is_refused_under_its_own_control(app):
    status, headers, body = call(app, "/preview", "game=hex&item=record&every=0",
                                 body=STUDY.encode())
    assert status == "400 Bad Request" and headers["X-Studio-Field"] == "every"
    assert body.decode().startswith("Moves a diagram: 0 is not between 1 and 100.")
    # Control: a diagram every move is taken.
    assert call(app, "/preview", "game=hex&item=record&every=1", body=STUDY.encode())[0] \
        == "200 OK"


def test_a_body_goes_with_a_record_only(app):
    status, _, body = call(app, "/preview", "game=hex&item=board", body=b"(;SZ[3])")
    assert status == "405 Method Not Allowed" and b"item=record" in body
    status, headers, _ = call(app, "/everything", "game=hex&item=board", body=b"(;SZ[3])")
    assert status == "405 Method Not Allowed" and headers["Allow"] == "GET"
    # Control: the board is drawn from its query, as ever.
    assert call(app, "/preview", "game=hex&item=board")[0] == "200 OK"


def post_over_http(host: str, size: int) -> tuple[int, bytes] | str:
    connection = http.client.HTTPConnection(host, timeout=60)
    try:
        connection.request("POST", "/preview?game=hex&item=record", body=b"x" * size)
        response = connection.getresponse()
        return response.status, response.read()
    except OSError as err:
        return type(err).__name__
    finally:
        connection.close()


def test_the_server_answers_a_record_too_large_however_much_is_sent(monkeypatch):
    """The app refuses from the length; the server reads what the browser goes on sending
    and lets it go, so the browser reads the refusal rather than a reset connection."""
    from served import running_studio
    with running_studio() as httpd:
        host = f"127.0.0.1:{httpd.server_address[1]}"
        status, said = post_over_http(host, 5_000_000)
        assert status == 413 and said.startswith(b"Record: this is 5,000,000 bytes")
        # Control: a server that lets nothing go closes on a sender still sending.
        monkeypatch.setattr(server, "MAX_UNREAD", 0)
        assert post_over_http(host, 5_000_000) in ("BrokenPipeError", "ConnectionResetError")


def test_another_sites_page_cannot_send_a_record(app):
    """A record is sent as a plain POST, which any page may send without asking: the studio
    answers its own page only, so another site's is refused before the body is read."""
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/preview",
               "QUERY_STRING": "game=hex&item=record", "HTTP_HOST": "127.0.0.1:8470",
               "HTTP_ORIGIN": "https://example.com", "wsgi.input": Unread(),
               "CONTENT_LENGTH": "20"}
    said: dict[str, str] = {}
    body = b"".join(app(environ, lambda status, headers: said.update(status=status)))
    assert said["status"] == "403 Forbidden" and b"own page" in body
    # Control: the studio's own page is answered.
    record = b"(;FF[4]GM[11]SZ[3];B[b2])"
    own = {**environ, "HTTP_ORIGIN": "http://127.0.0.1:8470", "wsgi.input": io.BytesIO(record),
           "CONTENT_LENGTH": str(len(record))}
    b"".join(app(own, lambda status, headers: said.update(status=status)))
    assert said["status"] == "200 OK"


@pytest.mark.parametrize("name", ['my "game".sgf', "Иванов.sgf", "round 1; final.sgf"])
def test_a_files_name_names_the_download_as_the_command_line_does(app, tmp_path, name):
    record = b"(;FF[4]GM[11]SZ[3];B[b2];W[a2])"
    query = urllib.parse.urlencode({"game": "hex", "item": "record", "file": name})
    pdf = downloads(preview(app, query, record))["pdf"]
    assert shlex.split(pdf["command"]) == ["pnp", "record", "hex", name]    # quoted for a shell
    (tmp_path / name).write_bytes(record)
    got, data = fetch(app, pdf, record)
    command_line(pdf["command"], tmp_path)
    assert data == (tmp_path / got).read_bytes()
    # Control: a name with a folder is the file's own name, as a browser sends it.
    folded = urllib.parse.urlencode({"game": "hex", "item": "record", "file": f"../x/{name}"})
    assert downloads(preview(app, folded, record))["pdf"]["name"] == got
