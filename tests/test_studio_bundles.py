"""The studio's downloads for print shops and vendors (`--for`, `--press`), its zip of
everything for a game, and its soft proof: over plain HTTP, each the command line's files."""

from __future__ import annotations

import io
import json
import shlex
import urllib.parse
import zipfile
from contextlib import closing
from pathlib import Path

import pytest
from in_process import pnp_ok
from PIL import Image
from studio_http import get, query

from generator.app import names
from generator.ui.studio.app import Studio


def preview(server: str, **values) -> dict:
    status, _, body = get(server, "/preview?" + query(**values))
    assert status == 200, body
    return json.loads(body)


def entry(shown: dict, kind: str) -> dict:
    return next(d for d in shown["downloads"] if d["format"] == kind)


def fetched(server: str, found: dict) -> tuple[str, bytes]:
    assert found.get("error") is None, found["error"]
    status, headers, data = get(server, "/" + found["href"])
    assert status == 200, data
    return headers["Content-Disposition"].split('filename="')[1].rstrip('"'), data


def run_command(command: str, folder: Path) -> None:
    """The command the studio shows, run by the command line in this process (in_process.py:
    the same code as a `pnp` process runs, without starting one), in `folder`."""
    args = shlex.split(command)
    assert args[0] == "pnp"
    pnp_ok(*args[1:], cwd=folder)


def written(command: str, folder: Path) -> dict[str, bytes]:
    """Every file the command writes, by name."""
    folder.mkdir()
    run_command(command, folder)
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.mark.parametrize("values", [
    {"game": "hex", "item": "board", "for": "print-shop", "condition": "swop"},
    {"game": "nex", "item": "booklet", "for": "drivethrurpg"},
    {"game": "blinq", "item": "booklet", "for": "lulu", "paper": "letter"},
    {"game": "blind-hex", "item": "cards", "for": "drivethrucards"},
])
def test_a_print_shop_or_vendors_pdf_is_the_command_lines_file(server, tmp_path, values):
    shown = preview(server, **values)
    shop = entry(shown, "print-shop")
    assert f"--for {values['for']}" in shop["command"]
    assert ("--press swop" in shop["command"]) == ("condition" in values)
    name, pdf = fetched(server, shop)
    files = written(shop["command"], tmp_path / "cli")
    assert list(files) == [name] and files[name] == pdf
    # Control: the print shop's file for another press (a booklet's follows its paper), or
    # the home PDF, is another file.
    press = {} if values["item"] == "booklet" else {"condition": "fogra39"}
    other = preview(server, **{**values, "for": "print-shop", **press})
    assert fetched(server, entry(other, "print-shop"))[1] != pdf


@pytest.mark.parametrize(("values", "size"), [
    # The board as The Game Crafter's quad-fold: one image, 18 in and its bleed at 300 dpi.
    ({"game": "hex", "item": "board", "size": 11, "for": "thegamecrafter"}, (5475, 5475)),
    # MakePlayingCards' poker cards: one image a face and the back, 822 x 1122 px.
    ({"game": "blind-hex", "item": "cards", "for": "makeplayingcards"}, (822, 1122)),
])
def test_a_vendors_images_are_the_command_lines_files_in_one_zip(server, tmp_path, values,
                                                                  size):
    shop = entry(preview(server, **values), "print-shop")
    assert shop["kind"] == "png" and shop["name"].endswith(".zip")
    name, data = fetched(server, shop)
    files = written(shop["command"], tmp_path / "cli")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert sorted(files) == archive.namelist()
        assert all(archive.read(n) == files[n] for n in files)
    assert {Image.open(io.BytesIO(image)).size for image in files.values()} == {size}
    # Control: the print shop's file of the same item is one PDF.
    other = entry(preview(server, **{**values, "for": "print-shop"}), "print-shop")
    assert fetched(server, other)[1].startswith(b"%PDF")


def test_a_press_the_command_line_refuses_is_refused_under_its_field(server):
    shop = entry(preview(server, game="hex", item="board", condition="offset"), "print-shop")
    assert shop["error"] and shop["field"] == "condition" and "--" not in shop["error"]
    shop = entry(preview(server, game="hex", item="board", condition="gracol"), "print-shop")
    assert shop["error"] is None      # control


def test_a_booklet_is_not_offered_to_a_vendor_of_images(server):
    """The booklet's row for The Game Crafter offered `pnp booklet hex --format png --for
    thegamecrafter`, a command the command line has not, and a link that answered 400; the
    vendor takes PNGs, and a booklet is a PDF: the row says so under its field. The control:
    Lulu, which takes PDFs, is offered the booklet."""
    shop = entry(preview(server, game="hex", item="booklet", **{"for": "thegamecrafter"}),
                 "print-shop")
    assert shop["error"] == ("The Game Crafter prints cards and boards, not books: choose "
                             "another under “Printed by”")
    assert shop["field"] == "for"
    shop = entry(preview(server, game="hex", item="booklet", **{"for": "lulu"}), "print-shop")
    name, data = fetched(server, shop)
    assert name == "hex-booklet-lulu.pdf" and data.startswith(b"%PDF-")
    assert shop["command"] == "pnp booklet hex --for lulu"


def test_everything_for_a_game_is_every_item_in_one_zip_always_the_same_bytes(server):
    values = {"game": "nex", "item": "pad", "paper": "letter", "lang": "de", "copies": 3}
    shown = preview(server, **values)
    found = entry(shown, "everything")
    name, data = fetched(server, found)
    assert name == found["name"] == "nex-everything-letter-de.zip"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        listed = archive.namelist()
        assert listed == sorted(listed)
        assert {i.date_time for i in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        # Each item under its own name, the one the command line gives it; copies, which
        # belong to the pad alone, are left out.
        shared = {k: v for k, v in values.items() if k != "copies"}
        for item in ("rules", "board", "pad", "counters", "kit"):
            alone = preview(server, **{**shared, "item": item})
            pdf = alone["files"]["pdf"]
            assert pdf in listed
            assert archive.read(pdf) == fetched(server, entry(alone, "pdf"))[1]
        assert "nex-booklet-letter-de.pdf" in listed
        assert names.DEFAULT_PAPER not in "".join(listed)
    # The same bytes from a studio that made nothing before (the control: another paper
    # gives another zip).
    with closing(Studio(time_limit=120)) as fresh:
        assert fresh.everything(urllib.parse.parse_qs(found["href"].split("?", 1)[1])) == \
            (name, data)
    other = entry(preview(server, **{**values, "paper": "a4"}), "everything")
    assert fetched(server, other)[1] != data


def test_everything_refuses_an_option_the_page_refuses(server):
    # Copies belong to one item and are left out of the zip, but a value that is no number
    # is refused in one line, as the page refuses it.
    status, _, body = get(server, "/everything?" + query(game="hex", item="pad", copies="x"))
    assert status == 400 and body.decode().strip() == "Copies: 'x' is not a whole number."
    # Control: a number of copies is taken, and left out: the zip is the one without them.
    counted = get(server, "/everything?" + query(game="hex", item="pad", copies=2))
    plain = get(server, "/everything?" + query(game="hex", item="pad"))
    assert counted[0] == plain[0] == 200 and counted[2] == plain[2]


def test_the_preview_of_a_print_shop_file_is_its_soft_proof(server, tmp_path):
    values = {"game": "hex", "item": "board", "size": 9, "proof": "true"}
    shown = preview(server, **values)
    assert shown["proof"] and preview(server, game="hex", item="board", size=9)["proof"] is None
    status, headers, png = get(server, "/" + shown["proof"])
    assert status == 200 and headers["Content-Type"] == "image/png"
    shop = entry(shown, "print-shop")
    command = f"{shop['command']} --format png --dpi 100"
    run_command(command, tmp_path)
    cli = tmp_path / shop["name"].replace(".pdf", "-100dpi.png")     # --dpi is in its name
    assert png == cli.read_bytes()
    # The press changes the colours: the home page's strongest colour is not on the proof.
    run_command("pnp board hex --size 9 --format png --dpi 100", tmp_path)
    home = Image.open(tmp_path / "hex-board-9x9-100dpi.png").convert("RGB")
    proof = Image.open(io.BytesIO(png)).convert("RGB")

    def strongest(image: Image.Image) -> tuple[int, int, int]:
        colours = image.getcolors(1 << 24) or []
        return max(colours, key=lambda c: (max(c[1]) - min(c[1])) * c[0])[1]
    red = strongest(home)
    assert max(red) - min(red) > 100
    assert red not in {c for _, c in proof.getcolors(1 << 24) or []}
