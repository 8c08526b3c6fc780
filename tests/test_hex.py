"""Hex: who has connected, the judge on files, the printed rule sheet, board and pad in every
language, the board as data, and Hex in the booklets, the catalogue and the studio."""

import json
import random
import subprocess
import sys
import threading
import urllib.parse
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from in_process import run_pnp

from generator.core.connect import chain
from generator.core.geometry import Hex, Rhombus
from generator.core.gridfile import GridError, hex_name
from generator.core.palette import COLOUR
from generator.games import all_games
from generator.games.hex import pages, rules
from generator.games.hex.rules import BLUE, RED

PNP = [sys.executable, "-m", "generator.ui.cli"]


def pnp(*args, cwd=None):
    return run_pnp(*args, cwd=cwd, text=True)   # in process (in_process.py)


def grid(text: str) -> dict[Hex, str]:
    return rules.read_position(text)[1]


def cell(name: str) -> Hex:
    return Hex(ord(name[0]) - ord("a"), int(name[1:]) - 1)


def random_fill(size: int, seed: int) -> dict[Hex, str]:
    rng = random.Random(seed)
    return {h: rng.choice((RED, BLUE)) for h in Rhombus(size)}


def connected(size: int, stones, neighbours=None) -> list[str]:
    """The colours joining their sides; `neighbours` replaces the hex adjacency (controls)."""
    if neighbours is None:
        return [c for c in (RED, BLUE) if rules.connection(size, stones, c)]
    out = []
    for colour, axis in ((RED, lambda h: h.q), (BLUE, lambda h: h.r)):
        mine = {h for h, c in stones.items() if c == colour}
        if chain([h for h in mine if axis(h) == 0], {h for h in mine if axis(h) == size - 1},
                 lambda h, mine=mine: (n for n in neighbours(h) if n in mine)):
            out.append(colour)
    return out


def square_neighbours(h: Hex):
    """Four neighbours only, as on a chessboard: not the hex board's adjacency."""
    return (Hex(h.q + 1, h.r), Hex(h.q - 1, h.r), Hex(h.q, h.r + 1), Hex(h.q, h.r - 1))


# --- the engine -----------------------------------------------------------------------------


@given(st.integers(1, 26), st.integers(0, 2 ** 32))
def test_a_full_board_has_exactly_one_player_connected(size, seed):
    assert len(connected(size, random_fill(size, seed))) == 1


def test_the_property_fails_for_an_adjacency_that_is_not_hexs():
    # Control: with four neighbours a cell a2 no longer touches b1, and this full board has
    # no one connected, so the property above is not true of any adjacency.
    stones = grid("B R\nR B")
    assert connected(2, stones) == [RED]
    assert connected(2, stones, square_neighbours) == []


@pytest.mark.parametrize("size", [2, 11, 13, 14, 19, 26])
def test_random_fills_of_the_common_sizes_are_won_by_both_colours(size):
    wins = {RED: 0, BLUE: 0}
    for seed in range(30):
        colour, path = rules.winner(size, random_fill(size, seed))
        wins[colour] += 1
    assert wins[RED] and wins[BLUE]


def test_red_joins_columns_and_blue_joins_rows():
    # a2 b2 c2 runs along row 2, from column a to column c: Red's sides, not Blue's.
    assert rules.connection(3, grid(". . .\nR R R\n. . ."), RED)
    assert rules.connection(3, grid(". . .\nB B B\n. . ."), BLUE) is None
    # b1 b2 b3 runs down column b, from row 1 to row 3: Blue's sides.
    assert rules.connection(3, grid(". B .\n. B .\n. B ."), BLUE)
    assert rules.connection(3, grid(". R .\n. R .\n. R ."), RED) is None


def test_cells_touch_along_one_diagonal_only():
    # a2 and b1 share an edge; a1 and b2 do not.
    assert rules.connection(2, grid(". R\nR ."), RED) == [cell("a2"), cell("b1")]
    assert rules.connection(2, grid("R .\n. R"), RED) is None


def test_the_chain_is_a_shortest_chain_of_own_stones_from_side_to_side():
    stones = grid("""
    R R R R .
     B B B R .
      . . R B .
       . R . B .
        R R R R R
    """)
    colour, path = rules.winner(5, stones)
    assert colour == RED
    assert [hex_name(h) for h in path] == ["a5", "b5", "c5", "d5", "e5"]
    assert all(stones[h] == RED for h in path)
    assert all(b in a.neighbours() for a, b in zip(path, path[1:], strict=False))


def test_an_empty_or_half_played_board_has_no_winner():
    assert rules.winner(11, {}) is None
    assert rules.winner(3, grid("R B .\n. R B\n. . .")) is None


def test_options_take_every_size_from_2_to_26_and_refuse_the_rest():
    assert rules.Options(size=2).size == 2 and rules.Options(size=26).size == 26
    for bad in (1, 27):
        with pytest.raises(ValueError, match="--size must be 2 to 26 for Hex"):
            rules.Options(size=bad)
    assert rules.Options().size == 11 and rules.Options().swap


# --- move lists ---------------------------------------------------------------------------


def replay_text(text: str) -> rules.Replay:
    size, turns = rules.read_moves(text)
    return rules.replay(turns, size)


@given(st.integers(1, 13), st.integers(0, 2 ** 32))
def test_random_legal_games_replay_cleanly_and_end_on_the_winning_turn(size, seed):
    rng = random.Random(seed)
    order = list(Rhombus(size))
    rng.shuffle(order)
    stones: dict[Hex, str] = {}
    colour, lines, won_at = RED, [f"size {size}"], None
    for number, h in enumerate(order, start=1):
        stones[h] = colour
        lines.append(f"{number}. {hex_name(h)}")
        if rules.connection(size, stones, colour):
            won_at = number
            break
        colour = rules.other(colour)
    game = replay_text("\n".join(lines))
    assert game.errors == [] and game.stones == stones
    assert won_at is not None and game.won[:2] == (colour, won_at)


def test_the_rules_example_game_is_won_by_red_on_its_last_turn():
    game = replay_text(pages.EXAMPLE_GAME)
    assert game.errors == [] and game.turns == 9
    assert game.won[0] == RED and game.won[1] == 9
    assert [hex_name(h) for h in game.won[2]] == ["a4", "b3", "c3", "d2", "e2"]


def test_swap_as_the_second_turn_keeps_blue_to_move():
    game = replay_text("size 5\nc3\nswap\nd4\ne5\n")
    assert game.errors == []
    assert game.stones == {cell("c3"): RED, cell("d4"): BLUE, cell("e5"): RED}


def test_illegal_turns_are_all_named_with_turn_and_line():
    text = "size 5\n1. c3\n2. c3\n# a comment\n3. swap\n4. a1 b1\n5. d4\n"
    verdict = rules.judge(text)
    assert not verdict.clean
    illegal = [line for line in verdict.lines if line.startswith("illegal")]
    assert illegal == [
        "illegal: turn 2 (Blue, line 3): c3 already holds a Red stone",
        "illegal: turn 3 (Red, line 5): swap can only be the second turn",
        "illegal: turn 4 (Blue, line 6): a turn is one cell (or swap); this names 2: a1 b1",
    ]
    clean = rules.judge("size 5\n1. c3\n2. d4\n")    # control: a legal list is clean
    assert clean.clean and not any(line.startswith("illegal") for line in clean.lines)


def test_turns_after_a_win_are_illegal():
    verdict = rules.judge(pages.EXAMPLE_GAME + "10. a1\n")
    assert "illegal: turn 10 (Blue, line 11): the game was over: Red connected on turn 9" \
        in verdict.lines


def test_a_position_says_who_has_connected_with_the_chain():
    verdict = rules.judge("# Red's row\n. . .\nR R R\nB B .\n")
    assert verdict.clean
    assert verdict.lines[0] == "Red has connected column a to column c: a2 b2 c2"
    assert verdict.lines[1] == "stones: Red 3, Blue 2, empty 4"
    blue = rules.judge("B . .\nB R .\nB R .\n")
    assert blue.lines[0] == "Blue has connected row 1 to row 3: a1 a2 a3"
    assert rules.judge(". . .\n. . .\n. . .\n").lines[0] == "No one has connected yet."


@pytest.mark.parametrize("text, where", [
    ("R R\nR\n", "line 2"), ("R X\nR B\n", "line 1, column 3"),
    ("size 5\nc3\nq9\n", "line 3, column 1"), ("size 27\nc3\n", "line 1"),
    ("size 5\n1. c3 swap\n", "line 2, column 7"), ("", "line 1"),
    ("size 5\n(c3)\n", "line 2, column 1")])
def test_unreadable_files_name_the_line_and_column(text, where):
    with pytest.raises(GridError) as err:
        rules.judge(text)
    assert where in str(err.value) and "\n" not in str(err.value)


def test_the_judge_on_files_through_the_command_line(tmp_path):
    legal = tmp_path / "legal.txt"
    legal.write_text(pages.EXAMPLE_GAME)
    result = pnp("judge", "hex", str(legal))
    assert result.returncode == 0, result.stderr
    assert "Red connected on turn 9." in result.stdout
    assert "Red has connected column a to column e: a4 b3 c3 d2 e2" in result.stdout
    illegal = tmp_path / "illegal.txt"
    illegal.write_bytes(b"\xef\xbb\xbfsize 5\r\n1. c3\r\n2. c3\r\n")   # Notepad's BOM, CRLF
    result = pnp("judge", "hex", str(illegal))
    assert result.returncode == 1
    assert "illegal: turn 2 (Blue, line 3): c3 already holds a Red stone" in result.stdout
    position = tmp_path / "position.txt"
    position.write_text("R R\n B B\n")
    result = subprocess.run([*PNP, "judge", "hex", "-"], input=position.read_text(),
                            capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.startswith("Red has connected")
    unreadable = tmp_path / "bad.txt"
    unreadable.write_text("size 5\nc3\nz9\n")
    result = pnp("judge", "hex", str(unreadable))
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"pnp: {unreadable}: line 3, column 1: 'z9' is not a cell")


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
    figures = pages.figures(COLOUR)
    assert set(figures) == {"touch", "goal"}
    assert "a4 b3 c3 d2 e2" in figures["goal"].caption
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
    # Each cell's sides are the sides the judge reads: Red's q, Blue's r.
    for c in data["cells"]:
        assert ("red" in c["sides"]) == (c["q"] in (0, size - 1))
        assert ("blue" in c["sides"]) == (c["r"] in (0, size - 1))
    other = rules.Options(size=size + 1 if size < 26 else size - 1, swap=data["swap"])
    assert rules.board_json(other) != data   # control: another board differs


# --- Hex in the booklets, the catalogue and the studio, found from its folder ---------------


def test_hex_is_registered_from_its_folder():
    game = all_games()["hex"]
    assert [i.key for i in game.items] == ["rules", "board", "pad"]
    assert tuple(game.pages().items) == tuple(i.key for i in game.items)
    assert "hex" in pnp("list").stdout


def test_booklets_carry_hex(tmp_path):
    alone, everything = tmp_path / "hex.pdf", tmp_path / "all.pdf"
    assert pnp("booklet", "hex", "--with", "board", "-o", str(alone)).returncode == 0
    assert pnp("booklet", "--all", "--lang", "de", "-o", str(everything)).returncode == 0
    assert qpdf_ok(alone) and qpdf_ok(everything)
    assert "The swap rule" in pdf_text(alone)
    text = pdf_text(everything)
    assert "Die Tauschregel" in text and "Piet Hein erfand das Spiel" in text


def test_pnp_build_makes_hex_and_lists_it_on_the_index(tmp_path):
    result = pnp("build", "hex", "--out", str(tmp_path), "--paper", "a4")
    assert result.returncode == 0, result.stderr
    made = sorted(p.name for p in (tmp_path / "hex").iterdir())
    for item in ("rules", "board", "pad"):
        assert f"standard-{item}-a4.pdf" in made
    assert "standard-kit-a4.pdf" in made
    index = (tmp_path / "index.html").read_text()
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
