"""Hex game records: hand-written records in each format and spelling, as the tools write
them (docs/records.md cites each), with their controls; hostile records refused within
bounds; round trips through SGF and the project's move lists; judging throughput."""

import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import UserError
from generator.games.hex import rules
from generator.games.hex.records import RecordError, is_record, read_record
from generator.games.hex.records.judge import facts, replay
from generator.games.hex.records.model import Cell, cell_name, column_name, column_number
from generator.games.hex.records.sgf import parse
from generator.games.hex.records.write import from_move_list, to_move_list, write_sgf

# As HexGui writes a game (src/hexgui/sgf/SgfWriter.java): root properties from a map, lines
# cut at 72 characters, and after W[swap-pieces] a White move (the stone stayed).
HEXGUI = """(;AP[HexGui:0.9.GIT]FF[4]GM[11]SZ[3]PB[MoHex]PW[Wolve]EV[Test]DT[2009-06-01]
RE[B+];B[b2]C[centre];W[swap-pieces];W[a1];B[b1];W[a2];B[b3])
"""
# The SGF page's swap-pieces: the stone is reflected, and Black moves next.
SPEC = "(;FF[4]GM[11]SZ[3];B[a2];W[swap-pieces];B[c1];W[b2];B[a3];W[b3];B[b1])"
# Little Golem's export, from PlayHex's tests (src/shared/app/hex-game-importer/test/).
GOLEM = ("(;FF[4]EV[hex.ch.32.2.1]PB[Bill LeBoeuf]PW[bennok]SZ[13]RE[B]GC[game #1612755]"
         "SO[https://www.littlegolem.net];W[am];B[ii];W[de];B[dc];W[bc];B[eh];W[dh];B[di];"
         "W[bj];B[dj];W[gh];B[gg];W[if];B[he];W[fh];B[fg];W[ke];B[hg];W[jh];B[ij];W[ih];"
         "B[hi];W[hh];B[ig];W[al];B[ci];W[kf];B[resign])")


def judged(text):
    return facts("f", replay(read_record(text)))


def test_hexgui_record_reads_its_swap_as_the_stone_staying():
    record = read_record(HEXGUI)
    assert (record.players.black, record.players.white) == ("MoHex", "Wolve")
    assert (record.event, record.date, record.result) == ("Test", "2009-06-01", "B+")
    assert record.moves[0].comment == "centre"
    game = replay(record)
    assert game.swap == "swap-sides"
    assert game.winner == "black" and game.illegal == ()
    assert [cell_name(c) for c in game.chain] == ["b1", "b2", "b3"]
    # Control: the same record read the SGF page's way would have White at b2 and Black's
    # chain broken, so the reading matters.
    assert (Cell(1, 1), "black") in game.stones


def test_spec_record_reflects_the_first_stone():
    game = replay(read_record(SPEC))
    assert game.swap == "swap-pieces"
    assert (Cell(1, 0), "white") in game.stones     # a2 reflected is b1, now White's
    assert game.illegal == ("move 7 (black b1): b1 already holds a White stone",)


@pytest.mark.parametrize("spelling", ["swap", "SWAP", "Swap-Pieces", "swap-sides"])
def test_older_spellings_of_the_swap(spelling):
    game = replay(read_record(f"(;GM[11]SZ[5];B[c3];W[{spelling}];W[a1])"))
    assert game.swap == "swap-sides" and game.illegal == ()


def test_a_swap_with_nothing_after_it_is_read_by_its_spelling():
    assert replay(read_record("(;GM[11]SZ[5];B[c2];W[swap-sides])")).swap == "swap-sides"
    assert replay(read_record("(;GM[11]SZ[5];B[c2];W[swap])")).swap == "swap-pieces"


def test_illegal_moves_are_named():
    game = replay(read_record("(;GM[11]SZ[4];B[a1];W[b2];B[b2];W[a2];W[c3];B[swap])"))
    assert game.illegal == (
        "move 3 (black b2): b2 already holds a White stone",
        "move 5 (white c3): it is Black's turn",
        "move 6 (black swap): a swap can only be the second move, after the first stone")


def test_a_move_after_the_win_or_a_resignation_is_illegal():
    won = replay(read_record("(;GM[11]SZ[2];B[a1];W[b1];B[a2];W[b2])"))
    assert won.winner == "black" and won.won_on == 3
    assert won.illegal == ("move 4 (white b2): the game was over: Black connected on move 3",)
    resigned = replay(read_record("(;GM[11]SZ[3];B[a1];W[resign];B[b2])"))
    assert (resigned.end, resigned.ended_by, resigned.winner) == ("resign", "white", None)
    assert resigned.illegal[0].endswith("White resigned on move 2")
    forfeit = replay(read_record("(;GM[11]SZ[3];B[a1];W[forfeit])"))
    assert (forfeit.end, forfeit.illegal) == ("forfeit", ())


def test_setup_and_rectangular_boards():
    record = read_record("(;FF[4]GM[11]SZ[4:3]AB[a1][B2]AW[c1]AE[b2];B[a2];W[d1])")
    assert (record.columns, record.rows) == (4, 3)
    game = replay(record)
    assert dict(game.stones) == {Cell(0, 0): "black", Cell(0, 1): "black",
                                 Cell(2, 0): "white", Cell(3, 0): "white"}
    assert read_record(write_sgf(record)) == record


def test_little_golem_record():
    record = read_record(GOLEM)
    assert record.format == "little-golem" and record.columns == 13
    assert record.moves[0].cell == Cell(0, 12) and record.moves[0].colour == "black"
    game = replay(record)
    assert (game.end, game.ended_by, game.illegal) == ("resign", "white", ())
    swapped = replay(read_record("(;FF[4]SZ[13]RE[B];W[am];B[swap];W[ii])"))
    assert swapped.swap == "swap-pieces"
    assert (Cell(12, 0), "white") in swapped.stones
    # Little Golem does not escape a ']' in a name.
    assert read_record("(;FF[4]PW[Shumacher;]]SZ[5];W[aa])").players.white == "Shumacher;]"


def test_links():
    trmph = replay(read_record("http://www.trmph.com/hex/board#13,a1b2c3"))
    assert trmph.record.format == "trmph" and len(trmph.record.moves) == 3
    swapped = replay(read_record("https://trmph.com/hex/board#5,c2c2b3"))
    assert swapped.swap == "in-place" and (Cell(2, 1), "white") in swapped.stones
    # PlayHex's example link, with a swap; and one with a cursor comma and a resignation.
    hexworld = replay(read_record(
        "https://hexworld.org/board/#11r9c1,b4:sh4g8i8h3g4g3i3j1j3k1i2i1"))
    assert hexworld.swap == "swap-pieces" and len(hexworld.record.moves) == 2 + 12
    cut = replay(read_record("https://hexworld.org/board/#11c1,h4e7f9,b9c3:rw"))
    assert len(cut.record.moves) == 6 and (cut.end, cut.ended_by) == ("resign", "white")
    assert is_record("  https://hexworld.org/board/#5c1,a1") and not is_record("size 5\nc3")


def test_variations_are_left_out_of_the_main_line():
    record = read_record("(;GM[11]SZ[5](;B[a1](;W[b2];B[c3])(;W[c2]))(;B[e5];W[d4]))")
    assert [m.written for m in record.moves] == ["a1", "b2", "c3"]
    assert record.variations == 2


def test_nineteen_by_nineteen_game():
    # Black runs down column j; White answers in column a until Black connects on move 37.
    nodes = "".join(f";B[j{r}];W[a{r}]" for r in range(1, 19)) + ";B[j19]"
    game = replay(read_record(f"(;FF[4]GM[11]SZ[19]{nodes})"))
    assert (game.winner, game.won_on, len(game.chain), game.illegal) == ("black", 37, 19, ())


def test_charset_from_ca():
    latin = "(;FF[4]CA[ISO-8859-1]GM[11]SZ[5]PB[José]C[Ça va];B[c3])".encode("iso-8859-1")
    record = read_record(latin)
    assert (record.players.black, record.comment) == ("José", "Ça va")
    # Control: the same bytes said to be UTF-8 are refused, naming the byte.
    with pytest.raises(RecordError, match="not UTF-8 text"):
        read_record(latin.replace(b"ISO-8859-1", b"UTF-8"))
    with pytest.raises(RecordError, match="not a charset"):
        read_record(latin.replace(b"ISO-8859-1", b"zlib"))


@pytest.mark.parametrize("text, message", [
    ("(;FF[4]GM[11]SZ[5];B[a1];W[b2]", "cut short"),
    ("(;FF[4]GM[11]SZ[5];B[a1];W[b2", "never closed"),
    ("(;FF[4]GM[1]SZ[19];B[dd])", "not Hex"),
    ("(;GM[11]SZ[5];B[f1])", "off the 5 × 5 board"),
    ("(;GM[11]SZ[5];B[hello])", "not a cell"),
    ("no record here", "no game tree"),
])
def test_malformed_records_are_refused_in_one_line(text, message):
    with pytest.raises(RecordError, match=message) as err:
        read_record(text)
    assert "\n" not in str(err.value) and isinstance(err.value, UserError)


@pytest.mark.parametrize("hostile, message", [
    ("(" * 200_000, "nested more than"),
    ("(;GM[11]C[" + "x" * 200_000 + "])", "longer than"),
    ("(;GM[11]SZ[1000000000];B[a1])", "a side is 1 to"),
    ("(;GM[11]SZ[99999999999999999999999])", "not a board size"),
    ("(;GM[11]" + "C[a]" * 100_000 + ")", "past"),
    # A value never closed whose many `]` each might close it (none is followed by what
    # follows a value): each is tried once, not once per way of reading the text.
    ("(;GM[11]C[" + "] x" * 10_000, "never closed"),
    ("(;GM[11]C[" + "\\]" * 10_000, "never closed"),
    ("https://trmph.com/hex/board#1000000000,a1", "a side is 1 to"),
])
def test_hostile_records_are_refused_within_bounds(hostile, message):
    start = time.perf_counter()
    with pytest.raises(RecordError, match=message):
        read_record(hostile.encode("ascii"))
    assert time.perf_counter() - start < 2.0


# --- writing: what HexGui's reader takes (src/hexgui/sgf/SgfReader.java, HexPoint.java) ---

HEXGUI_MOVE = re.compile(r"[a-s](1[0-9]|[1-9])|swap-pieces|swap|resign")


def hexgui_reads(sgf):
    """The checks HexGui's reader makes: GM 11, FF 1-4, SZ N or C:R, every B/W/AB/AW/AE
    value a cell of its 19 × 19 points or (for moves) a special move it names; and no
    escape inside those values (it would read an escaped character as its code number)."""
    props = re.findall(r"([A-Z]+)((?:\[(?:[^\]\\]|\\.)*\])+)", sgf)
    seen = {}
    for name, values in props:
        for value in re.findall(r"\[((?:[^\]\\]|\\.)*)\]", values):
            seen.setdefault(name, []).append(value)
            if name in ("B", "W", "AB", "AW", "AE"):
                assert HEXGUI_MOVE.fullmatch(value) and "\\" not in value, (name, value)
    assert seen["GM"] == ["11"] and 1 <= int(seen["FF"][0]) <= 4
    assert re.fullmatch(r"\d+(:\d+)?", seen["SZ"][0])
    return True


def test_written_sgf_is_what_hexgui_reads():
    record = read_record(HEXGUI)
    assert hexgui_reads(write_sgf(record))
    forfeit = write_sgf(read_record("(;GM[11]SZ[3];B[a1];W[swap-sides];W[forfeit])"))
    assert hexgui_reads(forfeit) and "RE[B+F]" in forfeit and "forfeit" not in forfeit
    # Control: the checker fails on what HexGui refuses.
    with pytest.raises(AssertionError):
        hexgui_reads("(;FF[4]GM[11]SZ[3];B[a1];W[swap-sides])")


@st.composite
def games(draw, most=13):
    side = draw(st.integers(2, most))
    cells = draw(st.permutations([Cell(q, r) for q in range(side) for r in range(side)]))
    length = draw(st.integers(0, side * side))
    swap = length >= 2 and draw(st.booleans())
    return side, cells[:length], swap


def sgf_of(side, cells, swap, reflected=False):
    nodes, colour = [], "B"
    for i, cell in enumerate(cells):
        if i == 1 and swap:
            nodes.append(";W[swap-pieces]")
            colour = "B" if reflected else "W"
        nodes.append(f";{colour}[{cell_name(cell)}]")
        colour = "W" if colour == "B" else "B"
    return f"(;FF[4]GM[11]SZ[{side}]{''.join(nodes)})"


@given(games(most=30))
def test_sgf_round_trip(game):
    record = read_record(sgf_of(*game))
    again = read_record(write_sgf(record))
    assert again.moves == record.moves and again.columns == record.columns


@given(games())
def test_move_list_and_sgf_agree_on_the_game(game):
    side, cells, swap = game
    record = read_record(sgf_of(side, cells, swap))
    text = to_move_list(record)
    size, turns = rules.read_moves(text)
    project = rules.replay(turns, size)
    ours = replay(record)
    # The first player is Black in SGF and Red in the move list; both engines agree on who
    # connected and when, and the move list reads back to the same record.
    colour = {"black": rules.RED, "white": rules.BLUE, None: None}[ours.winner]
    assert (project.won or (None, 0))[:2] == (colour, ours.won_on)
    assert len(project.errors) == len(ours.illegal)
    assert from_move_list(text).moves == record.moves


@given(games())
def test_a_reflected_swap_converts_to_the_same_game(game):
    side, cells, _ = game
    if len(cells) < 2:
        return
    record = read_record(sgf_of(side, cells, True, reflected=True))
    ours = replay(record)
    size, turns = rules.read_moves(to_move_list(record))
    project = rules.replay(turns, size)
    # After a swap-pieces, Black's stones (the first player's) are Blue's in the move list.
    colour = {"black": rules.BLUE, "white": rules.RED, None: None}[ours.winner]
    assert (project.won or (None, 0))[:2] == (colour, ours.won_on)


@given(st.integers(0, 26 ** 3))
def test_column_names_are_base_26_letters(n):
    assert column_number(column_name(n)) == n
    assert column_name(25) == "z" and column_name(26) == "aa"


def test_judging_a_thousand_records_in_one_process():
    side = 13
    cells = [Cell(q, r) for r in range(side) for q in range(side)]
    texts = []
    for i in range(1000):
        order = cells[i % 50:] + cells[:i % 50]
        texts.append(sgf_of(side, order[:100], i % 3 == 0))
    start = time.perf_counter()
    results = [facts(str(i), replay(read_record(t.encode()))) for i, t in enumerate(texts)]
    elapsed = time.perf_counter() - start
    print(f"\njudged {len(results)} records in {elapsed:.2f} s: "
          f"{len(results) / elapsed:,.0f} records per second")
    assert all(r["moves"] in (100, 101) for r in results)
    assert elapsed < 20


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["(", ")", ";", "[", "]", "\\", " ", "B", "W", "C", "a1",
                                 "PW[x;]]", "[b2]"]), max_size=30))
def test_reading_tokens_agrees_with_the_values_read_back(pieces):
    """Whatever the text, the parser either refuses it in one line or reads values that,
    written back with SGF's escapes, are read again the same (the tokenizer takes no `]`
    two ways)."""
    text = "(;GM[11]" + "".join(pieces) + ")"
    try:
        tree = parse(text)
    except RecordError as err:
        assert "\n" not in str(err)
        return
    again = "(" + "".join(";" + "".join(
        p.name + "".join("[" + v.replace("\\", "\\\\").replace("]", "\\]") + "]"
                         for v in p.values) for p in node) for node in tree.nodes) + ")"
    assert [[(p.name, p.values) for p in node] for node in parse(again).nodes] == \
        [[(p.name, p.values) for p in node] for node in tree.nodes]


def test_an_unescaped_bracket_is_read_as_little_golem_writes_it():
    assert parse("(;PW[Shumacher;]]PB[x])").nodes[0][0].values == ("Shumacher;]",)
    # Control: escaped, the same name reads the same; a closing `]` before `;` ends it.
    assert parse("(;PW[Shumacher;\\]]PB[x])").nodes[0][0].values == ("Shumacher;]",)
    assert parse("(;PW[Shumacher];PB[x])").nodes[0][0].values == ("Shumacher",)
