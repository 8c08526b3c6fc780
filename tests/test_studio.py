"""pnp studio over plain HTTP: the form from the games, the page, previews, refusals in the
command line's words, caps, and no path to the file system (its downloads, the command
line's files: test_studio_downloads.py; the page in Chromium: test_studio_browser.py)."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from studio_http import get, query

from generator.app import params
from generator.core.destinations import DESTINATIONS
from generator.games import all_games
from generator.games.items import ITEMS
from generator.ui import studio
from generator.ui.cli import main

PNP = [sys.executable, "-m", "generator.ui.cli"]


def cli_error(*args: str) -> str:
    """What the command line says on stderr, without `pnp: `; it must refuse."""
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert line.startswith("pnp: ") and "\n" not in line
    return line.removeprefix("pnp: ")


def one_line_refusal(status: int, headers: dict, body: bytes, code: int = 400) -> str:
    assert status == code, body
    assert headers["Content-Type"].startswith("text/plain")
    text = body.decode()
    assert text.endswith("\n") and text.count("\n") == 1, text
    assert "Traceback" not in text and "File \"" not in text
    return text.strip()


# --- the form comes from the games -------------------------------------------------------


def test_the_form_offers_every_game_item_and_option():
    spec = studio.spec()
    assert [g["key"] for g in spec["games"]] == list(all_games())
    for entry in spec["games"]:
        game = all_games()[entry["key"]]
        items = [i["key"] for i in entry["items"]]
        # A played game's record where the game reads records (`pnp record GAME FILE`), and
        # its puzzle book where it makes one (`pnp puzzles GAME`).
        assert items == [*(i.key for i in game.items), "kit", "booklet",
                         *(["record"] if game.records is not None else []),
                         *(["puzzles"] if game.puzzles is not None else [])]
        for item in entry["items"]:
            fields = {f["name"]: f for f in item["fields"]}
            if item["key"] == "record":
                assert list(fields) == ["every", "variations", "paper", "palette", "lang"]
                assert item["record"]["label"] == "Record"
                continue
            if item["key"] == "puzzles":
                assert item["label"] == "Puzzle book"
                assert list(fields) == ["count", "budget", "total", "seed", "paper", "palette",
                                        "lang"]
                assert list(fields["paper"]["choices"]) == ["a4", "letter"]
                continue
            assert item["record"] is None
            if item["key"] == "booklet":
                assert set(fields) == {"paper", "palette", "extras", "games", "everything",
                                       "lang"}
                assert set(fields["games"]["choices"]) == set(all_games()) - {game.key}
                continue
            # Every field of the game's options that changes the printed item (and no
            # other), with its choices.
            read = params.reads(game, ITEMS[item["key"]], fmt=params.PRINTED)
            assert [n for n in fields if n in params.option_names(game)] == read
            for option in dataclasses.fields(game.options):
                if option.name not in read:
                    continue
                shown = fields[option.name]
                assert tuple(shown["choices"]) == tuple(option.metadata["choices"])
                assert shown["game_option"]
            assert {"paper", "palette", "lang"} <= set(fields)
            assert ("copies" in fields) == (item["key"] != "rules")
            assert ("cell" in fields) == ("tile" in fields) == (item["key"] == "board")
    downloads = {f["name"]: f for f in spec["downloads"]}
    assert list(downloads) == ["dpi", "for", "bleed", "condition", "proof"]
    # Every place the command line prints for but home (a virtual table prints nothing:
    # the command line writes its folder), and every press it separates for.
    assert set(downloads["for"]["choices"]) == {
        key for key in params.TARGET.choices if DESTINATIONS[key].shop}
    assert set(downloads["condition"]["choices"]) == {"", *params.PRESS.choices}


def all_fields():
    spec = studio.spec()
    for entry in spec["games"]:
        for item in entry["items"]:
            yield entry, item, item["fields"]
    yield None, None, spec["downloads"]


def test_the_form_speaks_without_the_command_lines_words():
    """No option flag, metavar, default marker or "repeatable" in a label, help or choice;
    every choice has a name of its own where the value is a code (languages)."""
    for _, item, fields in all_fields():
        for field in fields:
            for text in (field["label"], field["help"], *field["choice_labels"]):
                assert "--" not in text and "[default" not in text, text
                assert "repeatable" not in text and "METAVAR" not in text, text
                assert not text.endswith(".."), text
        if item:
            assert "--" not in item["help"] and "--" not in item["label"]
    lang = next(f for _, _, fs in all_fields() for f in fs if f["name"] == "lang")
    assert len(set(lang["choice_labels"])) == len(lang["choices"])
    for code, name in zip(lang["choices"], lang["choice_labels"], strict=True):
        assert name != code and len(name) > 3
    # Control: the command line's own help for the same parameters does use those words.
    from generator.app import params
    assert "--format" in params.DPI.help and "[default" in params.COPIES.help


def test_each_piece_item_is_named_with_its_games_word(tmp_path):
    """Nex's counters and Blinq's blocks: the word the item select shows is the word the
    game's rule sheet uses for its pieces."""
    for entry in studio.spec()["games"]:
        pieces = [i for i in entry["items"] if i["key"] in ("counters", "tiles")]
        for piece in pieces:
            out = tmp_path / f"{entry['key']}.pdf"
            result = CliRunner().invoke(main, ["rules", entry["key"], "-o", str(out)])
            assert result.exit_code == 0
            text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True,
                                  text=True).stdout.lower()
            word = piece["label"].lower().rstrip("s")
            assert word in text, (piece["label"], entry["key"])
            # Control: the other game's word is not this game's.
            others = {"counter", "block"} - {word}
            assert all(text.count(o) < text.count(word) for o in others)


def test_the_page_the_browser_gets(server):
    status, headers, body = get(server, "/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    page = body.decode()
    for asset in ("studio.css", "studio.js"):
        assert f'"{asset}"' in page
        status, headers, _ = get(server, f"/{asset}")
        assert status == 200
    # The spec rides in the page as JSON that the HTML parser cannot end early.
    tag = '<script type="application/json" id="spec">'
    start = page.index(tag) + len(tag)
    spec = json.loads(page[start:page.index("</script>", start)])
    assert spec == json.loads(json.dumps(studio.spec()))


def test_each_game_and_item_previews_its_own_pages(server):
    titles = set()
    for key, game in all_games().items():
        for item in ("board", "kit"):
            status, _, body = get(server, "/preview?" + query(game=key, item=item))
            assert status == 200
            preview = json.loads(body)
            assert preview["title"].startswith(game.title)
            assert preview["svg"].startswith("<svg") or preview["svg"].startswith("<?xml")
            titles.add(preview["title"])
    assert len(titles) == 2 * len(all_games())


# --- refusals: one line, status 400, the command line's sentence ----------------------------


@pytest.mark.parametrize("path", [
    "/preview?" + query(game="chess"),
    "/preview?" + query(game="nex", item="puzzle"),
    "/preview?" + query(game="nex", item="board", bogus=1),
    "/preview?" + query(game="nex", item="board", size=[11, 13]),
    "/preview?" + query(game="nex", item="board", page="two"),
    "/preview?" + query(game="nex", item="board", page=9),
    "/preview?" + query(game="nex", item="board", page="²"),
    "/preview?" + query(game="nex", item="board", page="٣"),
    "/preview?" + query(game="nex", item="board", coordinates="maybe"),
    "/preview?game=nex&item=board&size=%ff",
    "/preview?" + query(game="nex", item="board", paper="a4" * 1200),
    "/download?" + query(game="nex", item="board", format="json"),
    "/download?" + query(game="nex", item="booklet", format="svg"),
    "/preview",
])
def test_a_malformed_request_gets_one_line_and_400(server, path):
    one_line_refusal(*get(server, path))


def test_only_get(server):
    one_line_refusal(*get(server, "/preview?game=nex", method="POST"), code=405)


def test_only_loopback_names(server):
    assert get(server, "/", headers={"Host": f"localhost:{server.split(':')[1]}"})[0] == 200
    one_line_refusal(*get(server, "/", headers={"Host": "studio.example.com"}))


@pytest.mark.parametrize("path", [
    "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/studio.css/../../pyproject.toml",
    "/..%2fpyproject.toml", "/blind-hex-rules.md.j2", "/studio.html.j2", "/templates/studio.js",
    "//etc/passwd", "/studio.js%00.css", "/generator/studio.py",
])
def test_no_file_outside_the_studio_is_served(server, path):
    status, _, body = get(server, path)
    assert status == 404, body[:200]
    assert b"root:" not in body and b"[project]" not in body and b"{%" not in body


def test_the_control_request_does_reach_the_files_it_may(server):
    # The refusals above are not a server that refuses everything.
    status, _, body = get(server, "/studio.js")
    assert status == 200 and body == (Path(studio.__file__).parent / "studio.js").read_bytes()


def as_query(args: tuple[str, ...]) -> dict[str, str]:
    """`pnp ITEM GAME --name value --flag` as the studio's query."""
    item, game, *rest = args
    values = {"game": game, "item": item}
    while rest:
        name = rest.pop(0).removeprefix("--")
        values[name] = "true" if name == "tile" else rest.pop(0)
    return values


@pytest.mark.parametrize("args", [
    ("board", "blind-hex", "--size", "99"),
    ("board", "blind-hex", "--size", "abc"),
    ("board", "blind-hex", "--numbers", "1"),
    ("pad", "blind-hex", "--edition", "tokens"),
    ("board", "hex-kb", "--window", "9"),
    ("board", "hex-kb", "--window", "-1"),
    ("board", "blinq", "--neutral", "z9"),
    ("board", "nex", "--paper", "9x9"),
    ("board", "nex", "--paper", "a9"),
    ("board", "nex", "--tile"),
    ("board", "nex", "--cell", "2", "--tile"),
    ("board", "nex", "--cell", "30"),
    ("board", "nex", "--copies", "0"),
    ("booklet", "nex", "--paper", "a3"),
])
def test_a_value_the_command_line_refuses_is_refused_in_the_forms_words(server, args):
    """Refused exactly where the command line refuses, with its reason, said without its
    flags, and tied to the field the flag stands for."""
    cli = cli_error(*args)
    status, headers, body = get(server, "/preview?" + query(**as_query(args)))
    said = one_line_refusal(status, headers, body)
    assert "--" not in said
    # The field: one the command line's sentence names (a remedy: "add --tile"), else the
    # option given.
    named = re.findall(r"--[a-z][a-z-]*", cli) + [a for a in args[2:] if a.startswith("--")]
    field = headers.get("X-Studio-Field")
    if args[0] != "booklet":
        assert field in [f.removeprefix("--") for f in named]
    # The reason is the command line's: its numbers and values appear in both.
    number = r"(?<![a-z])-?[0-9]+(?:\.[0-9]+)?"
    assert set(re.findall(number, cli)) <= set(re.findall(number, said)), (said, cli)


@settings(max_examples=15)
@given(size=st.integers(-3, 40), window=st.one_of(st.none(), st.integers(-2, 8)))
def test_the_studio_refuses_exactly_what_the_command_line_refuses(size, window):
    request = {"game": ["hex-kb"], "item": ["board"], "size": [str(size)]}
    args = ["board", "hex-kb", "--size", str(size)]
    if window is not None:
        request["window"] = [str(window)]
        args += ["--window", str(window)]
    try:
        options = studio.request_from(request).checked().options
        refused = None
    except studio.UserError as err:
        refused = str(err)
    with tempfile.TemporaryDirectory() as folder:
        result = CliRunner().invoke(main, [*args, "-o", f"{folder}/board.pdf"])
    if refused is None:
        assert result.exit_code == 0, result.stderr
        assert options.size == size
    else:
        assert result.exit_code == 2
        assert result.stderr.strip() == f"pnp: {refused}"


def test_work_is_capped(server):
    said = one_line_refusal(*get(server, "/preview?" + query(game="nex", item="pad",
                                                             copies=11)))
    assert "up to 10 copies" in said
    said = one_line_refusal(*get(server, "/preview?" + query(
        game="hex-kb", item="board", size=25, cell=40, tile="true")))
    assert "more than 24 sheets" in said
    # Controls: at the caps, the same requests are made.
    assert get(server, "/preview?" + query(game="nex", item="pad", copies=10))[0] == 200
    status, _, body = get(server, "/preview?" + query(game="nex", item="board", cell=40,
                                                      tile="true"))
    assert status == 200 and 1 < json.loads(body)["pages"] <= studio.MAX_PAGES
