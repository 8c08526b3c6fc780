"""The studio's downloads are the command line's files: the PDF, an SVG page, a PNG page and the
print shop's PDF are byte for byte what the command the studio shows writes; a resolution too
large for the studio is refused with the largest that fits."""

from __future__ import annotations

import hashlib
import json
import shlex
import subprocess
from pathlib import Path

import pytest
from in_process import pnp_ok
from studio_http import download, get, query


def run_command(command: str, folder: Path) -> Path:
    """The command the studio shows, run by the command line in this process (in_process.py:
    the same code as a `pnp` process runs, without starting one), in `folder`: the file it
    names as written."""
    args = shlex.split(command)
    assert args[0] == "pnp"
    result = pnp_ok(*args[1:], cwd=folder)
    return folder / result.stdout.split()[0]


@pytest.mark.parametrize("values", [
    {"game": "blind-hex", "item": "kit", "size": 13, "palette": "ink-saver"},
    {"game": "nex", "item": "booklet", "extras": ["board", "pad"], "paper": "letter"},
    {"game": "blinq", "item": "board", "neutral": "b2", "cell": 30, "tile": "true"},
])
def test_a_download_is_the_command_lines_file(server, tmp_path, values):
    status, _, body = get(server, "/preview?" + query(**values))
    preview = json.loads(body)
    status, headers, pdf = get(server, f"/download?{preview['query']}&format=pdf")
    assert status == 200 and headers["Content-Type"] == "application/pdf"
    name = headers["Content-Disposition"].split('filename="')[1].rstrip('"')
    assert name == preview["files"]["pdf"]
    written = run_command(preview["command"], tmp_path)
    assert written.name == name
    assert hashlib.sha256(pdf).digest() == hashlib.sha256(written.read_bytes()).digest()
    (tmp_path / "got.pdf").write_bytes(pdf)
    subprocess.run(["qpdf", "--check", str(tmp_path / "got.pdf")], check=True,
                   capture_output=True)


def test_an_svg_download_is_the_page_the_command_line_writes(server, tmp_path):
    values = {"game": "hex-kb", "item": "rules", "size": 13, "page": 2, "format": "svg"}
    status, headers, svg = get(server, "/download?" + query(**values))
    assert status == 200 and 'filename="hex-kb-rules-13x13-2.svg"' in headers["Content-Disposition"]
    run_command("pnp rules hex-kb --size 13 --format svg", tmp_path)
    assert svg == (tmp_path / "hex-kb-rules-13x13-2.svg").read_bytes()
    assert svg != (tmp_path / "hex-kb-rules-13x13-1.svg").read_bytes()   # control


@pytest.mark.parametrize("values", [
    {"game": "nex", "item": "rules", "page": 2, "dpi": 72},
    {"game": "blinq", "item": "tiles", "paper": "letter", "page": 2, "dpi": 50},
])
def test_a_png_download_is_the_command_lines_page(server, tmp_path, values):
    status, _, body = get(server, "/preview?" + query(**values))
    preview = json.loads(body)
    name, png, command = download(server, preview, "png")
    assert f"--dpi {values['dpi']}" in command and "--format png" in command
    run_command(command, tmp_path)
    assert png == (tmp_path / name).read_bytes()
    # Control: the first page is another picture.
    assert png != (tmp_path / name.replace("-2.png", "-1.png")).read_bytes()


@pytest.mark.parametrize("values", [
    {"game": "hex", "item": "board", "size": 13, "bleed": 5},
    {"game": "nex", "item": "booklet"},
])
def test_a_print_shop_download_is_the_command_lines_file(server, tmp_path, values):
    status, _, body = get(server, "/preview?" + query(**values))
    preview = json.loads(body)
    name, pdf, command = download(server, preview, "print-shop")
    assert "--for print-shop" in command
    written = run_command(command, tmp_path)
    assert written.name == name and pdf == written.read_bytes()
    boxes = subprocess.run(["pdfinfo", "-box", str(written)], capture_output=True,
                           text=True).stdout
    assert "BleedBox" in boxes and "TrimBox" in boxes
    # Control: the home PDF is another file.
    _, home, _ = download(server, preview, "pdf")
    assert home != pdf


def test_a_resolution_too_large_for_the_studio_is_refused_with_the_largest_that_fits(server):
    status, _, body = get(server, "/preview?" + query(game="nex", item="board", dpi=1200))
    entry = next(d for d in json.loads(body)["downloads"] if d["format"] == "png")
    assert entry["error"] and "--" not in entry["error"]
    most = int(entry["error"].split("at most ")[1].split()[0])
    status, headers, _ = get(server, "/" + entry["href"])
    assert status == 400 and headers["X-Studio-Field"] == "dpi"
    # At the largest it names, the same page is made.
    status, _, body = get(server, "/preview?" + query(game="nex", item="board", dpi=most))
    entry = next(d for d in json.loads(body)["downloads"] if d["format"] == "png")
    assert entry["error"] is None
