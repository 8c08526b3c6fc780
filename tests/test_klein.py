"""Hex KB topology and its judge: the board's construction, transits, and the promise that a
full board has exactly one winner."""

import random

import pytest

from generator.core.geometry import Hex
from generator.games.hex_kb.rules import (
    BLUE,
    RED,
    SIZES,
    Judge,
    KleinBoard,
    around,
    default_radius,
    gaps,
    place_windows,
)


def boards():
    """Every supported size with every window radius that fits."""
    out = []
    for n in SIZES:
        for w in range(n):
            try:
                out.append(KleinBoard(n, w))
            except ValueError:
                break
    return out


ALL_BOARDS = boards()
FILLS_PER_BOARD = -(-10_000 // len(ALL_BOARDS))   # at least 10,000 fills in all


def test_every_size_has_a_default_window_that_fits():
    for n in SIZES:
        board = KleinBoard(n, default_radius(n))
        border, between = gaps(n, board.radius, offset=board.offset)
        assert border >= 1 and between >= 1
        if n >= 10:   # from 10 up there is room for two cells of board round each frame
            assert border >= 2 and between >= 2


@pytest.mark.parametrize("seed", [2009])
def test_a_full_board_has_exactly_one_winner_and_favours_neither_colour(seed):
    # Fixed seeds: a failure is the same failure when run again.
    rng = random.Random(seed)
    wins = {RED: 0, BLUE: 0}
    for board in ALL_BOARDS:
        judge = Judge(board)
        for _ in range(FILLS_PER_BOARD):
            colours = [rng.choice((RED, BLUE)) for _ in board.cells]
            verdicts = judge.verdicts(colours)
            winners = [c for c, v in verdicts.items() if v]
            assert len(winners) == 1, (seed, board, "".join(colours))
            wins[winners[0]] += 1
    total = sum(wins.values())
    assert total >= 10_000
    assert 0.45 <= wins[RED] / total <= 0.55, (seed, wins)


@pytest.mark.parametrize("board", ALL_BOARDS, ids=lambda b: f"{b.size}-{b.radius}")
def test_swapping_q_and_r_and_the_colours_maps_the_board_onto_itself(board):
    playable = set(board.cells) | set(board.twins.values())
    assert {Hex(h.r, h.q) for h in playable} == playable
    assert {Hex(h.r, h.q) for h in board.holes} == board.holes
    for a, b in board.twins.items():
        assert board.twins[Hex(a.r, a.q)] == Hex(b.r, b.q)


@pytest.mark.parametrize("board", ALL_BOARDS[::7], ids=lambda b: f"{b.size}-{b.radius}")
def test_swapped_positions_get_the_swapped_verdict(board):
    rng = random.Random(board.size * 31 + board.radius)
    judge = Judge(board)
    swap = {RED: BLUE, BLUE: RED}
    for _ in range(50):
        stones = {h: rng.choice((RED, BLUE)) for h in board.cells}
        mirrored = {board.canonical(Hex(h.r, h.q)): swap[c] for h, c in stones.items()}
        v = judge.judge([stones[h] for h in board.cells])
        m = judge.judge([mirrored[h] for h in board.cells])
        assert m.winner == swap[v.winner] and abs(m.transits) == abs(v.transits)


def test_twins_are_a_translation_walked_clockwise_in_the_same_order():
    board = KleinBoard(13, 1)
    a, b = board.centres
    shifts = {t - f for f, t in board.twins.items()}
    assert shifts == {b - a}
    assert len(board.frame_a) == 12
    assert [board.twin_index(board.twins[h]) for h in board.frame_a] == list(range(1, 13))


def red_verdict(board, red_cells):
    stones = {board.canonical(h): RED for h in red_cells}
    return Judge(board).verdicts([stones.get(h, ".") for h in board.cells])[RED]


BOARD = KleinBoard(11, 0)   # windows at (3, 3) and (7, 7), frames of six cells


def test_a_row_of_red_away_from_the_windows_is_a_simple_connecting_path():
    row = [Hex(q, 9) for q in range(11)]
    v = red_verdict(BOARD, row)
    assert v.criterion == 1 and v.transits == 0


def through_the_portal_once(board, avoid: set[Hex]):
    """Red from the west border into frame A's west cell, and from its twin in frame B out
    on window B's side to the east border: one transit."""
    a, b = board.centres
    into = a + Hex(-1, 0)                   # west of window A
    first = [Hex(q, into.r) for q in range(into.q + 1)]
    out = board.twins[into]                  # the same cell, west of window B
    second = board.open_chain(out + Hex(-1, 0), Hex(board.size - 1, board.size - 1),
                          avoid=around(first) | avoid)
    return first + [out] + second


def test_a_single_transit_path_alone_does_not_win():
    v = red_verdict(BOARD, through_the_portal_once(BOARD, set()))
    assert v is None


def test_a_single_transit_path_with_a_portal_loop_wins_by_criterion_2():
    a, b = BOARD.centres
    # A loop: two neighbouring cells of frame A, east of window A, joined by a chain that
    # leaves one on window A's side and comes back into the other from window B's side.
    p, q = a + Hex(1, 0), a + Hex(1, -1)
    into = a + Hex(-1, 0)
    loop = BOARD.open_chain(p + Hex(1, 0), BOARD.twins[q] + Hex(1, -1),
                        avoid=around([into] + [Hex(x, into.r) for x in range(into.q)]))
    ends = [p, q, BOARD.twins[p], BOARD.twins[q]]
    path = through_the_portal_once(BOARD, around(loop + ends))
    alone = red_verdict(BOARD, [p, q] + loop)
    assert alone is None                    # a loop joins no borders
    v = red_verdict(BOARD, path + [p, q] + loop)
    assert v.portal_loop and v.criterion == 2 and abs(v.transits) == 1


def test_a_path_through_the_portal_twice_is_a_double_transit_path():
    a, b = BOARD.centres
    x = a + Hex(-1, 0)                       # into frame A from the west
    first = [Hex(q, x.r) for q in range(x.q + 1)]
    y = a + Hex(1, 0)                        # east cell of frame A
    y_out = BOARD.twins[y]                   # ... and of frame B
    third = [y_out] + [Hex(q, y_out.r) for q in range(y_out.q + 1, BOARD.size)]
    middle = BOARD.open_chain(BOARD.twins[x] + Hex(-1, 0), y + Hex(0, 1),
                          avoid=around(first + third) | {y + Hex(1, 0)})
    v = red_verdict(BOARD, first + middle + [y] + third)
    assert v.criterion == 3 and abs(v.transits) == 2 and not v.portal_loop


def test_windows_keep_their_gaps_as_wide_as_the_board_allows():
    for n in SIZES:
        w = default_radius(n)
        best = place_windows(n, w)
        for c in range(w + 1, (n - 1) // 2 + 1):
            assert min(gaps(n, w, offset=c)) <= min(gaps(n, w, offset=best))
