"""What the studio offers beyond one item's drawings, over plain HTTP, each the command
line's file: the rules' web edition (to download and to read beside the preview)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from in_process import pnp_ok
from studio_http import download, get, query

from generator.core.formats import HTML


def run_command(command: str, folder: Path) -> Path:
    """The command the studio shows, run by the command line in this process (in_process.py:
    the same code as a `pnp` process runs, without starting one): the file it wrote."""
    args = shlex.split(command)
    assert args[0] == "pnp"
    return folder / pnp_ok(*args[1:], cwd=folder).stdout.split()[0]


def preview(server: str, **values) -> dict:
    status, _, body = get(server, "/preview?" + query(**values))
    assert status == 200, body
    return json.loads(body)


@pytest.mark.parametrize("values", [{"game": "hex", "item": "rules"},
                                    {"game": "nex", "item": "rules", "lang": "de"}])
def test_the_web_edition_is_the_command_lines_file(server, tmp_path, values):
    shown = preview(server, **values)
    name, html, command = download(server, shown, "html")
    assert "--format html" in command and name.endswith(".html")
    written = run_command(command, tmp_path)
    assert written.name == name and html == written.read_bytes()
    # Control: the PDF of the same rules is another file.
    _, pdf, _ = download(server, shown, "pdf")
    assert pdf != html and pdf.startswith(b"%PDF")


def test_only_the_rules_have_a_web_edition(server):
    offered = {d["format"] for d in preview(server, game="hex", item="board")["downloads"]}
    assert HTML.name not in offered and "pdf" in offered
    assert HTML.name in {d["format"] for d in
                         preview(server, game="hex", item="rules")["downloads"]}


@pytest.mark.parametrize("item", ["board", "pad", "rules", "booklet"])
def test_the_rules_can_be_read_beside_any_items_preview(server, item):
    shown = preview(server, game="blinq", item=item, lang="de")
    status, headers, page = get(server, "/" + shown["read"])
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert "attachment" not in headers.get("Content-Disposition", "")
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    text = page.decode("utf-8")
    assert '<html lang="de">' in text and "<main>" in text and "<script" not in text
    # What is read is the web edition the rules download in that language.
    rules = preview(server, game="blinq", item="rules", lang="de")
    assert download(server, rules, "html")[1] == page
    # Control: in English the page is another.
    assert get(server, "/" + preview(server, game="blinq", item=item)["read"])[2] != page


def test_reading_is_for_the_rules_only(server):
    status, headers, body = get(server, "/read?" + query(game="hex", item="board"))
    assert status == 400 and body.count(b"\n") == 1
    assert get(server, "/read?" + query(game="hex", item="rules"))[0] == 200   # control


@pytest.mark.parametrize("values", [
    {"game": "hex", "item": "booklet", "games": ["nex", "blinq"], "paper": "letter"},
    {"game": "nex", "item": "booklet", "everything": "true", "extras": ["pad"]},
])
def test_a_booklet_of_several_games_is_the_command_lines_file(server, tmp_path, values):
    shown = preview(server, **values)
    command = shown["command"]
    if "everything" in values:
        assert command.startswith("pnp booklet ") and " --all" in command
        assert " nex" not in command.replace("--", "")
    else:
        assert command.startswith("pnp booklet hex blinq nex ")
    name, pdf, _ = download(server, shown, "pdf")
    written = run_command(command, tmp_path)
    assert written.name == name and pdf == written.read_bytes()
    # Control: the chosen game's booklet alone is shorter.
    alone = preview(server, game=values["game"], item="booklet")
    assert alone["pages"] < shown["pages"] and alone["command"] != command


def test_a_booklet_names_only_games_the_studio_has(server):
    status, headers, body = get(server, "/preview?" + query(game="hex", item="booklet",
                                                            games="chess"))
    assert status == 400 and headers["X-Studio-Field"] == "games" and b"chess" in body
