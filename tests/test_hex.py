"""Hex: who has connected, move lists and positions, and the judge on files (the printed
items, the board as data, and Hex in the booklets, catalogue and studio: test_hex_items.py)."""

import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from in_process import run_pnp

from generator.core.connect import chain
from generator.core.geometry import Hex, Rhombus
from generator.core.gridfile import GridError, hex_name
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
        return [c for c in (RED, BLUE) if rules.connection(size, stones, colour=c)]
    out = []
    for colour, axis in ((RED, lambda h: h.q), (BLUE, lambda h: h.r)):
        mine = {h for h, c in stones.items() if c == colour}
        if chain([h for h in mine if axis(h) == 0], {h for h in mine if axis(h) == size - 1},
                 neighbours=lambda h, mine=mine: (n for n in neighbours(h) if n in mine)):
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


def test_red_joins_rows_and_blue_joins_columns():
    # As every Hex tool names the board: b1 b2 b3 runs down column b, from row 1 (the top)
    # to row 3 (the bottom): Red's sides, the first player's, not Blue's.
    assert rules.connection(3, grid(". R .\n. R .\n. R ."), colour=RED)
    assert rules.connection(3, grid(". B .\n. B .\n. B ."), colour=BLUE) is None
    # a2 b2 c2 runs along row 2, from column a to column c: Blue's sides.
    assert rules.connection(3, grid(". . .\nB B B\n. . ."), colour=BLUE)
    assert rules.connection(3, grid(". . .\nR R R\n. . ."), colour=RED) is None


def test_cells_touch_along_one_diagonal_only():
    # a2 and b1 share an edge; a1 and b2 do not.
    assert rules.connection(2, grid(". R\nR ."), colour=RED) == [cell("b1"), cell("a2")]
    assert rules.connection(2, grid("R .\n. R"), colour=RED) is None


def test_the_chain_is_a_shortest_chain_of_own_stones_from_side_to_side():
    stones = grid("""
    R B . . R
     R B . R R
      R B R . R
       R R B B R
        . . . . R
    """)
    colour, path = rules.winner(5, stones)
    assert colour == RED
    assert [hex_name(h) for h in path] == ["e1", "e2", "e3", "e4", "e5"]
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
        if rules.connection(size, stones, colour=colour):
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
    assert [hex_name(h) for h in game.won[2]] == ["d1", "c2", "c3", "b4", "b5"]


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
    verdict = rules.judge("# Red's column\n. R B\n. R B\n. R .\n")
    assert verdict.clean
    assert verdict.lines[0] == "Red has connected row 1 to row 3: b1 b2 b3"
    assert verdict.lines[1] == "stones: Red 3, Blue 2, empty 4"
    blue = rules.judge("B B B\n. R R\n. . .\n")
    assert blue.lines[0] == "Blue has connected column a to column c: a1 b1 c1"
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
    assert "Red has connected row 1 to row 5: d1 c2 c3 b4 b5" in result.stdout
    illegal = tmp_path / "illegal.txt"
    illegal.write_bytes(b"\xef\xbb\xbfsize 5\r\n1. c3\r\n2. c3\r\n")   # Notepad's BOM, CRLF
    result = pnp("judge", "hex", str(illegal))
    assert result.returncode == 1
    assert "illegal: turn 2 (Blue, line 3): c3 already holds a Red stone" in result.stdout
    position = tmp_path / "position.txt"
    position.write_text("R B\n R B\n")
    result = subprocess.run([*PNP, "judge", "hex", "-"], input=position.read_text(),
                            capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.startswith("Red has connected")
    unreadable = tmp_path / "bad.txt"
    unreadable.write_text("size 5\nc3\nz9\n")
    result = pnp("judge", "hex", str(unreadable))
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"pnp: {unreadable}: line 3, column 1: 'z9' is not a cell")
