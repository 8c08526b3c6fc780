"""The connection games' engine (games/connection.py) as Hex and Nex configure it: the swap
rule, what a replay and a position say of the same stones, the chains, the board as data,
and a game configured from scratch. Hex's and Nex's own rules are in test_hex.py and
test_nex.py."""

import ast
import copy
import dataclasses
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import generator
from generator.core.geometry import Hex, Rhombus
from generator.core.gridfile import GridError, hex_name, parse_cell
from generator.games.connection import ConnectionRules, IllegalTurn, Player, Replay, Turn
from generator.games.hex import rules as hex_rules
from generator.games.nex import rules as nex_rules

ENGINES = {"hex": hex_rules.HEX, "nex": nex_rules.NEX}
SWAP = Turn(swap=True)


def random_turn(rules: ConnectionRules, size: int, stones: dict[Hex, str], colour: str,
                rng: random.Random) -> Turn:
    """A random legal turn: Hex's one empty cell; Nex's drop, conversion or full-board
    turn, whichever the board allows."""
    empty = [h for h in Rhombus(size) if h not in stones]
    if not rules.neutral:
        return Turn((rng.choice(empty),))
    neutrals = [h for h, c in stones.items() if c == rules.neutral]
    own = [h for h, c in stones.items() if c == colour]
    kinds = ["drop"] * (len(empty) >= 2) + ["take"] * (len(neutrals) >= 2 and bool(own))
    kind = rng.choice(kinds) if kinds else "single"
    if kind == "drop":
        a, b = rng.sample(empty, 2)
        return Turn((a,), (b,))
    if kind == "take":
        return Turn(tuple(rng.sample(neutrals, 2)), (rng.choice(own),))
    return Turn(((empty or neutrals)[0],))


def random_game(rules: ConnectionRules, size: int, seed: int) -> list[Turn]:
    """The turns of a legal game played to its win, numbered by line from 1."""
    rng, stones, colour, turns = random.Random(seed), {}, rules.first.letter, []
    while not rules.winner(size, stones):
        turn = random_turn(rules, size, stones, colour, rng)
        stones = {**stones, **rules.apply(size, stones, colour=colour, turn=turn)}
        turns.append(dataclasses.replace(turn, line=len(turns) + 1))
        colour = rules.other(colour)
    return turns


def notation(turn: Turn) -> str:
    if turn.swap:
        return "swap"
    return " ".join([hex_name(h) for h in turn.mine] + [f"({hex_name(h)})" for h in turn.neutral])


def shortest(size: int, stones: dict[Hex, str], colour: str, first: bool) -> int | None:
    """The number of cells in a shortest chain of the colour's stones from side to side,
    found by relaxing distances until they settle (not the engine's breadth-first search)."""
    axis = (lambda h: h.q) if first else (lambda h: h.r)
    mine = {h for h, c in stones.items() if c == colour}
    far = len(mine) + 1
    dist = {h: 1 if axis(h) == 0 else far for h in mine}
    changed = True
    while changed:
        changed = False
        for h in mine:
            best = min([dist[n] + 1 for n in h.neighbours() if n in mine] + [dist[h]])
            if best < dist[h]:
                dist[h], changed = best, True
    ends = [dist[h] for h in mine if axis(h) == size - 1 and dist[h] < far]
    return min(ends) if ends else None


def chain_faults(size: int, stones: dict[Hex, str], colour: str, first: bool,
                 path: list[Hex]) -> list[str]:
    """What is wrong with a chain said to join the colour's sides by a shortest way."""
    axis = (lambda h: h.q) if first else (lambda h: h.r)
    faults = [f"{hex_name(h)} is not {colour}" for h in path if stones.get(h) != colour]
    faults += [f"{hex_name(a)} and {hex_name(b)} do not touch"
               for a, b in zip(path, path[1:], strict=False) if b not in a.neighbours()]
    if axis(path[0]) != 0 or axis(path[-1]) != size - 1:
        faults.append("the chain does not run from side to side")
    if len(path) != shortest(size, stones, colour, first):
        faults.append(f"{len(path)} cells, not the fewest")
    return faults


# --- the swap rule ------------------------------------------------------------------------------


@pytest.mark.parametrize("game, colours, first_turn", [
    ("hex", ("Red", "Blue"), "a1"), ("nex", ("Black", "White"), "a1 (b1)")])
def test_a_swap_needs_a_first_turn_that_placed_a_stone(game, colours, first_turn):
    """The swap hands the first player's opening to the second, so there must be one. In
    Nex every legal first turn places a Black stone: on an empty board only a drop (a stone
    and a neutral) is legal, or on a 1 × 1 board the single cell, which wins at once. So for
    both games a first turn placed a stone exactly when it was legal."""
    rules = ENGINES[game]
    refused = ("swap exchanges colours after a first turn that placed a stone, but turn 1 "
               "(line 1) placed none")
    # The list that was accepted: turn 1 names two cells and places nothing.
    verdict = rules.judge("1. a1 b1\n2. swap\n")
    assert not verdict.clean
    assert f"illegal: turn 2 ({colours[1]}, line 2): {refused}" in verdict.lines
    if rules.neutral:   # Nex: a conversion on an empty board has no neutrals to take
        assert f"illegal: turn 2 ({colours[1]}, line 2): {refused}" in rules.judge(
            "1. a1 b1 (c1)\n2. swap\n").lines
    # A swap answering a swap: the first is not the second turn, the second follows nothing.
    twice = [line for line in rules.judge("swap\n\nswap\n").lines if line.startswith("illegal")]
    assert twice == [f"illegal: turn 1 ({colours[0]}, line 1): swap can only be the second turn",
                     f"illegal: turn 2 ({colours[1]}, line 3): swap exchanges colours after a "
                     f"first turn that placed a stone, but turn 1 (line 1) placed none"]
    # Control: after a first turn that placed a stone the swap is legal.
    legal = rules.judge(f"1. {first_turn}\n2. swap\n")
    assert legal.clean and not any(line.startswith("illegal") for line in legal.lines)


@given(st.sampled_from(sorted(ENGINES)), st.integers(1, 8), st.integers(0, 2 ** 32))
def test_a_swap_as_the_second_turn_changes_no_stone(game, size, seed):
    """The players exchange colours and the stones stay, so a game with a swap after its
    first turn ends with the stones and the winning colour of the game without it."""
    rules = ENGINES[game]
    turns = random_game(rules, size, seed)
    plain = rules.replay(turns, size)
    swapped = rules.replay([turns[0], SWAP, *turns[1:]], size)
    assert plain.errors == [] and swapped.errors == (
        [] if len(turns) > 1 or not plain.won else
        [f"turn 2 ({rules.second.name}, line 0): the game was over: {rules.first.name} "
         f"connected on turn 1"])
    assert swapped.stones == plain.stones
    assert plain.won and swapped.won and swapped.won[0] == plain.won[0]
    if len(turns) > 1:
        assert swapped.won[1] == plain.won[1] + 1
    # Control: the same swap as the third turn is refused.
    if len(turns) > 2:
        late = rules.replay([*turns[:2], SWAP, *turns[2:]], size)
        assert late.errors[:1] == [f"turn 3 ({rules.first.name}, line 0): swap can only be the "
                               f"second turn"]


# --- replays, positions and chains --------------------------------------------------------------


def position_text(size: int, stones: dict[Hex, str]) -> str:
    return "\n".join(" " * r + " ".join(stones.get(Hex(q, r), ".") for q in range(size))
                     for r in range(size)) + "\n"


@given(st.sampled_from(sorted(ENGINES)), st.integers(1, 9), st.integers(0, 2 ** 32))
# Two chains equally short, d1 d2 … and e1 d2 …: the replay named one, the position the other
# while Nex's search started from its stones in the order they came.
@example("nex", 6, 1665)
def test_a_replay_and_its_final_position_are_described_alike(game, size, seed):
    rules = ENGINES[game]
    turns = random_game(rules, size, seed)
    moves = f"size {size}\n" + "".join(f"{n}. {notation(t)}\n"
                                       for n, t in enumerate(turns, start=1))
    replayed, final = rules.judge(moves), rules.replay(turns, size).stones
    winner = rules.names[rules.winner(size, final)[0]]
    assert replayed.clean
    assert replayed.lines[:2] == (f"after {len(turns)} turn{'' if len(turns) == 1 else 's'} on "
                                  f"{size} × {size}:", f"{winner} connected on turn {len(turns)}.")
    assert replayed.lines[2:] == rules.judge(position_text(size, final)).lines


@given(st.sampled_from(sorted(ENGINES)), st.integers(1, 12), st.integers(0, 2 ** 32),
       st.floats(0.3, 1))
def test_the_chain_is_a_shortest_chain_of_own_stones_from_side_to_side(game, size, seed, fill):
    rules, rng = ENGINES[game], random.Random(seed)
    letters = [p.letter for p in rules.players] + [rules.neutral] * bool(rules.neutral)
    stones = {h: rng.choice(letters) for h in Rhombus(size) if rng.random() < fill}
    for player in rules.players:
        path = rules.connection(size, stones, colour=player.letter)
        first = (player is rules.first) == (rules.first_joins == "q")    # joins the q sides
        if path is None:
            assert shortest(size, stones, player.letter, first) is None
        else:
            assert chain_faults(size, stones, player.letter, first, path) == []


def test_the_chain_check_sees_a_detour_and_a_gap():
    # Control: a1 b1 b2 b3 joins Red's sides (the rows) on a full red board, one cell
    # longer than a column.
    full = {h: "R" for h in Rhombus(3)}
    detour = [Hex(0, 0), Hex(1, 0), Hex(1, 1), Hex(1, 2)]
    assert chain_faults(3, full, "R", False, detour) == ["4 cells, not the fewest"]
    assert chain_faults(3, full, "R", False, [Hex(0, 0), Hex(0, 2)]) != []
    # Hand-checked: the search starts from a1, the first of row 1 in reading order, and
    # column a is the first chain down it finds.
    assert hex_rules.connection(3, full, colour="R") == [Hex(0, 0), Hex(0, 1), Hex(0, 2)]


# --- the board as data --------------------------------------------------------------------------


def test_hex_board_data_of_the_smallest_board_written_out():
    assert hex_rules.board_json(hex_rules.Options(size=2, swap=False)) == {
        "game": "hex", "size": 2, "swap": False, "first": "red",
        "sides": {"red": ["r = 0", "r = 1"], "blue": ["q = 0", "q = 1"]},
        "cells": [{"q": 0, "r": 0, "name": "a1", "sides": ["red", "blue"]},
                  {"q": 1, "r": 0, "name": "b1", "sides": ["red", "blue"]},
                  {"q": 0, "r": 1, "name": "a2", "sides": ["red", "blue"]},
                  {"q": 1, "r": 1, "name": "b2", "sides": ["red", "blue"]}]}


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_board_data_names_every_cell_once_and_each_players_sides(game):
    rules = ENGINES[game]
    for size in (1, 5, 11, 26):
        data = rules.board_json(size, True if rules.detailed_data else None)
        cells = data["cells"]
        assert [(c["q"], c["r"]) for c in cells] == [(h.q, h.r) for h in Rhombus(size)]
        assert all(parse_cell(c["name"], size) == (c["q"], c["r"]) for c in cells)
        assert list(data["sides"]) == [p.data for p in rules.players]
        axes = ("q", "r") if rules.first_joins == "q" else ("r", "q")
        for c in cells:
            on = [p.data for p, k in zip(rules.players, axes, strict=True)
                  if c[k] in (0, size - 1)]
            assert c.get("sides", on) == on
        assert ("sides" in cells[0]) == ("first" in data) == rules.detailed_data


# --- a game configured from scratch -------------------------------------------------------------


def place_one(size: int, stones, colour: str, turn: Turn) -> dict[Hex, str]:
    if len(turn.mine) != 1 or turn.neutral or turn.mine[0] in stones:
        raise IllegalTurn("one empty cell a turn")
    return {**stones, turn.mine[0]: colour}


TOY = ConnectionRules(key="toy", first=Player("X", "Crosses", "left to right", "x"),
                      second=Player("O", "Noughts", "top to bottom", "o"), apply=place_one,
                      balance_note="note: uneven", sizes=range(2, 5), default_size=3)


def test_a_later_game_is_a_configuration_and_its_judge_speaks_its_words():
    verdict = TOY.judge("a2\na1\nb2\nb1\nc2\n")
    assert verdict.clean
    assert verdict.lines[1:3] == ("Crosses connected on turn 5.",
                                  "Crosses has connected left to right: a2 b2 c2")
    assert TOY.judge("X X\nO .\n").lines == ("Crosses has connected left to right: a1 b1",
                                             "stones: Crosses 2, Noughts 1, empty 1")
    # Control: its own letters are the only ones a position may hold, its sizes the only
    # sizes, and its turn rule decides.
    with pytest.raises(GridError, match="'R' is not one of X O ."):
        TOY.judge("R .\n. .\n")
    with pytest.raises(GridError, match="N from 2 to 4"):
        TOY.judge("size 5\na1\n")
    assert TOY.judge("a1\na1\n").lines[0] == "illegal: turn 2 (Noughts, line 2): one empty " \
                                              "cell a turn"


# --- values -------------------------------------------------------------------------------------


def test_turns_and_replays_are_frozen_values():
    turn = Turn((Hex(0, 0),), (Hex(1, 1),), line=3)
    assert turn == Turn((Hex(0, 0),), (Hex(1, 1),), False, 3) and hash(turn) == hash(
        Turn((Hex(0, 0),), (Hex(1, 1),), False, 3))
    assert turn != ((Hex(0, 0),), (Hex(1, 1),), False, 3)   # not a tuple in disguise
    for again in (pickle.loads(pickle.dumps(turn)), copy.copy(turn), copy.deepcopy(turn)):
        assert again == turn and type(again) is Turn
    with pytest.raises(dataclasses.FrozenInstanceError):
        turn.line = 4   # type: ignore[misc]
    assert not hasattr(turn, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Replay(1, {}, [], None, 0).turns = 2   # type: ignore[misc]


ENGINE_FILES = ["games/connection.py", "games/verdicts.py", "games/hex/rules.py",
                "games/nex/rules.py"]


def any_uses(source: str) -> list[int]:
    """The lines that name typing's Any."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if (isinstance(node, ast.Name) and node.id == "Any")
            or (isinstance(node, ast.Attribute) and node.attr == "Any")
            or (isinstance(node, ast.alias) and node.name == "Any")]


@pytest.mark.parametrize("name", ENGINE_FILES)
def test_the_engine_and_its_judge_name_no_any(name):
    package = Path(generator.__file__).parent
    assert any_uses((package / name).read_text()) == []


def test_the_any_check_sees_any():
    # Control: each way of naming it is seen.
    assert any_uses("from typing import Any\nx: Any\nimport typing\ny: typing.Any\n") == \
        [1, 2, 4]


def test_a_move_list_of_every_turn_kind_reads_back_as_written():
    rng = random.Random(5)
    for game, rules in ENGINES.items():
        for seed in range(20):
            turns = random_game(rules, 5, seed + rng.randrange(1000))
            text = "size 5\n" + "\n".join(notation(t) for t in turns)   # turn k on line k + 1
            assert rules.read_moves(text) == (
                5, [dataclasses.replace(t, line=t.line + 1) for t in turns]), game
