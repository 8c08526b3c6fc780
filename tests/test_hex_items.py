"""Hex's printed items: the rule sheet, board and pad in every language and size, the pad's
rows for a full board, bad options in one line; the board as data; and Hex in the booklets,
the catalogue and the studio, found from its folder."""

import json
import subprocess
import threading
import urllib.parse
from pathlib import Path

import pytest
from in_process import run_pnp

from generator.core.geometry import Rhombus
from generator.core.palette import COLOUR
from generator.games import all_games
from generator.games.hex import pages, rules
from generator.i18n import ENGLISH


def pnp(*args, cwd=None):
    return run_pnp(*args, cwd=cwd, text=True)   # in process (in_process.py)


# --- printed items --------------------------------------------------------------------------


def pdf_text(path: Path) -> str:
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                         check=True).stdout
    return " ".join(out.split())


def qpdf_ok(path: Path) -> bool:
    return subprocess.run(["qpdf", "--check", str(path)], capture_output=True).returncode == 0


def pages_of(path: Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                          check=True).stdout
    return int(next(line.split()[1] for line in info.splitlines()
                    if line.startswith("Pages:")))


# What each language's sheets must say: written here by hand, not read from the catalogues.
SAYS = {
    "en": {"rules": ["The goal", "A turn", "The swap rule", "cannot end in a draw",
                     "Piet Hein invented the game in Denmark in 1942", "Princeton in 1947"],
           "board": ["11 × 11", "Red joins the two R sides; Blue joins the two B sides"],
           "pad": ["Hex score pad", "Turn", "Swap rule: Blue may"],
           "kit": "Hex: print-and-play kit"},
    "pt": {"rules": ["O objetivo", "A regra da troca", "não pode acabar empatada",
                     "Piet Hein inventou o jogo na Dinamarca em 1942"],
           "board": ["O Vermelho une os dois lados V; o Azul une os dois lados A"],
           "pad": ["Regra da troca: o Azul pode", "Vermelho", "Azul"],
           "kit": "Hex: kit para imprimir e jogar"},
    "es": {"rules": ["El objetivo", "La regla del intercambio", "no puede acabar en empate",
                     "Piet Hein inventó el juego en Dinamarca en 1942"],
           "board": ["Rojo une los dos lados R; Azul une los dos lados A"],
           "pad": ["Regla del intercambio: Azul puede", "Rojo", "Azul"],
           "kit": "Hex: kit para imprimir y jugar"},
    "de": {"rules": ["Das Ziel", "Die Tauschregel", "Hex kann nicht unentschieden",
                     "Piet Hein erfand das Spiel 1942 in Dänemark"],
           "board": ["Rot verbindet die beiden R-Seiten; Blau verbindet die beiden B-Seiten"],
           "pad": ["Tauschregel: Blau darf", "Rot", "Blau"],
           "kit": "Hex: Set zum Ausdrucken und Spielen"},
}


@pytest.mark.parametrize("lang", sorted(SAYS))
def test_rules_board_pad_and_kit_are_made_and_say_what_they_should(tmp_path, lang):
    made = {}
    for item in ("rules", "board", "pad", "kit"):
        out = tmp_path / f"{item}.pdf"
        result = pnp(item, "hex", "--lang", lang, "-o", str(out))
        assert result.returncode == 0, result.stderr
        assert qpdf_ok(out), item
        made[item] = out
    for item in ("rules", "board", "pad"):
        text = pdf_text(made[item])
        for phrase in SAYS[lang][item]:
            assert phrase in text, (item, phrase)
    # The kit is the print guide, then the three items in kit order (none printed back to
    # back, so no blank page between them), under its translated title.
    assert pages_of(made["kit"]) == 1 + sum(pages_of(made[i]) for i in ("rules", "board", "pad"))
    kit = pdf_text(made["kit"])
    assert kit.index(SAYS[lang]["rules"][0]) < kit.index(SAYS[lang]["board"][-1]) \
        < kit.index(SAYS[lang]["pad"][0])
    info = subprocess.run(["pdfinfo", str(made["kit"])], capture_output=True, text=True,
                          check=True).stdout
    assert f"Title:           {SAYS[lang]['kit']}" in info
    if lang != "en":   # control: the English sentences are gone
        assert "The swap rule" not in pdf_text(made["rules"])


def test_the_checks_of_printed_items_fail_on_bad_output(tmp_path):
    """Controls: without the swap rule its heading is missing from the sheet and the pad,
    and a cut-short PDF fails qpdf."""
    rules_pdf, pad_pdf = tmp_path / "r.pdf", tmp_path / "p.pdf"
    assert pnp("rules", "hex", "--no-swap", "-o", str(rules_pdf)).returncode == 0
    assert pnp("pad", "hex", "--no-swap", "-o", str(pad_pdf)).returncode == 0
    assert "The swap rule" not in pdf_text(rules_pdf) and "swap" not in pdf_text(rules_pdf)
    assert "Swap rule:" not in pdf_text(pad_pdf)
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(rules_pdf.read_bytes()[:-400])
    assert qpdf_ok(rules_pdf) and not qpdf_ok(cut)


# 26 × 26 takes A3 or Tabloid: its cells would be under 7 mm on A4 and Letter.
@pytest.mark.parametrize("size, paper", [(size, paper) for size in (2, 13, 14, 19)
                                         for paper in ("a4", "letter")]
                         + [(26, "a3"), (26, "tabloid")])
def test_every_size_prints_a_board_and_a_pad(tmp_path, size, paper):
    for item in ("board", "pad"):
        out = tmp_path / f"{item}.pdf"
        result = pnp(item, "hex", "--size", str(size), "--paper", paper, "-o", str(out))
        assert result.returncode == 0, result.stderr
        assert qpdf_ok(out)
        text = pdf_text(out)
        assert f"{size} × {size}" in text
        assert f"{size + 1} × {size + 1}" not in text   # control: another size is not
    # The last cell's column letter and row number are printed round the board.
    board = pdf_text(tmp_path / "board.pdf").split()
    assert "abcdefghijklmnopqrstuvwxyz"[size - 1] in board and str(size) in board


def test_the_pad_has_a_row_for_every_turn_of_a_full_board(tmp_path):
    out = tmp_path / "pad.pdf"
    assert pnp("pad", "hex", "--size", "19", "-o", str(out)).returncode == 0
    numbers = {int(w) for w in pdf_text(out).split() if w.isdigit()}
    rows = -(-19 * 19 // 2)
    assert set(range(1, rows + 1)) <= numbers
    small = tmp_path / "small.pdf"   # control: the 11 × 11 pad stops long before
    assert pnp("pad", "hex", "-o", str(small)).returncode == 0
    assert rows not in {int(w) for w in pdf_text(small).split() if w.isdigit()}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_default_boards_pad_is_one_sheet_with_its_tally(tmp_path, paper):
    one, many = tmp_path / "11.pdf", tmp_path / "19.pdf"
    assert pnp("pad", "hex", "--paper", paper, "-o", str(one)).returncode == 0
    assert pnp("pad", "hex", "--size", "19", "--paper", paper, "-o", str(many)).returncode == 0
    assert pages_of(one) == 1 and "Match tally" in pdf_text(one)
    assert pages_of(many) > 1   # control: a game of 181 rounds does not fit one sheet


@pytest.mark.parametrize("args, message", [
    (["board", "hex", "--size", "1"], "--size must be 2 to 26 for Hex, not 1"),
    (["board", "hex", "--size", "27"], "--size must be 2 to 26 for Hex, not 27"),
    (["counters", "hex"], "hex has no counters"),
    (["board", "hex", "--window", "1"], "Hex takes no option --window"),
])
def test_bad_options_are_one_line_and_exit_2(tmp_path, args, message):
    result = pnp(*args, "-o", str(tmp_path / "out.pdf"))
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr
    assert not (tmp_path / "out.pdf").exists()


def test_the_figures_are_the_judged_example():
    figures = pages.figures(COLOUR, words=ENGLISH)
    assert set(figures) == {"touch", "goal"}
    assert "d1 c2 c3 b4 b5" in figures["goal"].caption
    assert "b3, b4, c2, c4, d2, d3" in figures["touch"].caption
    assert len(Rhombus(5).neighbours(pages.TOUCH_CELL)) == 6


# --- the board as data ----------------------------------------------------------------------


@pytest.mark.parametrize("args", [[], ["--size", "19", "--no-swap"], ["--size", "2"]])
def test_board_json_round_trips_to_the_same_options(args):
    result = pnp("board", "hex", *args, "--format", "json", "-o", "-")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    options = rules.Options(size=data["size"], swap=data["swap"])
    assert rules.board_json(options) == data
    size = data["size"]
    assert [(c["q"], c["r"]) for c in data["cells"]] == [(h.q, h.r) for h in Rhombus(size)]
    assert len({c["name"] for c in data["cells"]}) == size * size
    # Each cell's sides are the sides the judge reads: Red's the rows (r), Blue's the
    # columns (q).
    for c in data["cells"]:
        assert ("red" in c["sides"]) == (c["r"] in (0, size - 1))
        assert ("blue" in c["sides"]) == (c["q"] in (0, size - 1))
    other = rules.Options(size=size + 1 if size < 26 else size - 1, swap=data["swap"])
    assert rules.board_json(other) != data   # control: another board differs


# --- Hex in the booklets, the catalogue and the studio, found from its folder ---------------


def test_hex_is_registered_from_its_folder():
    game = all_games()["hex"]
    assert [i.key for i in game.items] == ["rules", "board", "pad"]
    assert tuple(game.pages().items) == tuple(game.items)
    assert "hex" in pnp("list").stdout


def test_booklets_carry_hex(tmp_path):
    alone, everything = tmp_path / "hex.pdf", tmp_path / "all.pdf"
    assert pnp("booklet", "hex", "--with", "board", "-o", str(alone)).returncode == 0
    assert pnp("booklet", "--all", "--lang", "de", "-o", str(everything)).returncode == 0
    assert qpdf_ok(alone) and qpdf_ok(everything)
    assert "The swap rule" in pdf_text(alone)
    text = pdf_text(everything)
    assert "Die Tauschregel" in text and "Piet Hein erfand das Spiel" in text


def test_pnp_build_makes_hex_and_lists_it_on_the_index(catalogue_folder):
    # The run's catalogue (conftest.py), read rather than built again for Hex alone.
    made = sorted(p.name for p in (catalogue_folder / "hex").iterdir())
    for item in ("rules", "board", "pad"):
        assert f"standard-{item}-a4.pdf" in made
    assert "standard-kit-a4.pdf" in made
    index = (catalogue_folder / "index.html").read_text()
    assert 'id="hex"' in index and "Piet Hein 1942, John Nash 1947" in index


def test_the_studio_previews_and_downloads_hex(tmp_path):
    from generator.ui import studio
    httpd = studio.make_studio_server(0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        import http.client
        host, port = httpd.server_address[:2]
        values = {"game": "hex", "item": "pad", "size": 14, "swap": "false"}

        def get(path: str) -> bytes:
            connection = http.client.HTTPConnection(host, port, timeout=60)
            connection.request("GET", path)
            response = connection.getresponse()
            assert response.status == 200, response.read()
            return response.read()
        preview = json.loads(get("/preview?" + urllib.parse.urlencode(values)))
        assert preview["title"].startswith("Hex")
        pdf = get(f"/download?{preview['query']}&format=pdf")
    finally:
        httpd.shutdown()
        httpd.server_close()
    out, with_swap = tmp_path / "cli.pdf", tmp_path / "swap.pdf"
    assert pnp("pad", "hex", "--size", "14", "--no-swap", "-o", str(out)).returncode == 0
    assert pdf == out.read_bytes()
    # Control: the pad with the swap rule is another file, so the option did reach it.
    assert pnp("pad", "hex", "--size", "14", "-o", str(with_swap)).returncode == 0
    assert pdf != with_swap.read_bytes()
