"""The Blind Hex board properties, checked for every size and number count, not only 11 and 5."""

import itertools

import pytest
from hypothesis import given, settings, strategies as st

from generator.games.blind_hex import rules as hashmarks
from generator.geometry import Hex, Rhombus, opposite, swapped_direction
from generator.games.blind_hex.rules import generate, stats

ALL_SIZES = list(hashmarks.SIZES)
ALL_NUMBERS = list(hashmarks.NUMBERS)
BAND = [(n, m) for n in hashmarks.PLAYED_SIZES for m in hashmarks.PLAYED_NUMBERS]
seeds = st.integers(0, 2**31)


def check_valid(board):
    """Properties 1 and 2: a mark on every cell, one label per edge, the swap is a symmetry."""
    grid = Rhombus(board.size)
    renaming = {}
    for cell in grid:
        labels = board.edge_labels(cell)
        assert any(l is not None for l in labels), f"{cell} has no marked edge"
        for d, label in enumerate(labels):
            assert label is None or 1 <= label <= board.numbers
            n = cell.neighbour(d)
            if n in grid:
                assert board.edge_label(n, opposite(d)) == label, f"edge {cell}/{d} disagrees"
            mirrored = board.edge_label(cell.swapped(), swapped_direction(d))
            assert (label is None) == (mirrored is None), f"swap changes marking at {cell}/{d}"
            if label is not None:
                assert renaming.setdefault(label, mirrored) == mirrored, "swap is no renaming"
    assert len(set(renaming.values())) == len(renaming), "swap renaming is not one-to-one"


def check_balanced(board):
    """Properties 4 and 5, for the sizes people play."""
    s = stats(board)
    cells = board.size ** 2
    assert not s.missing_numbers, f"numbers not offered: {s.missing_numbers}"
    assert s.spread <= max(3, 0.03 * cells), f"counts {s.counts} spread {s.spread}"
    if board.size >= 9:
        assert not s.missing_pairs, f"pairs never offered alone: {s.missing_pairs}"


@pytest.mark.parametrize("size,numbers", BAND)
def test_every_played_size_is_valid_and_balanced_with_the_default_seed(size, numbers):
    board = generate(size, numbers)
    check_valid(board)
    check_balanced(board)


@given(st.sampled_from(BAND), seeds)
@settings(max_examples=120)
def test_any_seed_gives_a_valid_balanced_board_in_the_band(size_numbers, seed):
    board = generate(*size_numbers, seed=seed)
    check_valid(board)
    check_balanced(board)


@pytest.mark.parametrize("size", ALL_SIZES)
def test_every_size_and_number_count_gives_a_valid_board(size):
    for numbers in ALL_NUMBERS:
        check_valid(generate(size, numbers, seed=7))


@given(st.sampled_from(ALL_SIZES), st.sampled_from(ALL_NUMBERS), seeds)
@settings(max_examples=40)
def test_any_board_is_valid(size, numbers, seed):
    check_valid(generate(size, numbers, seed))


@given(st.sampled_from(BAND), seeds)
@settings(max_examples=20)
def test_same_inputs_give_the_same_board(size_numbers, seed):
    assert generate(*size_numbers, seed=seed) == generate(*size_numbers, seed=seed)


@pytest.mark.parametrize("size,numbers", [(7, 3), (11, 5), (25, 6)])
def test_other_seeds_give_other_boards(size, numbers):
    boards = {tuple(sorted(generate(size, numbers, seed).edges.items())) for seed in range(8)}
    assert len(boards) == 8


def test_the_smallest_board_still_varies_with_the_seed():
    # 4 x 4 with two numbers has four hub orbits: few boards exist, but more than one.
    boards = {tuple(sorted(generate(4, 2, seed).edges.items())) for seed in range(8)}
    assert len(boards) >= 2


def test_even_sizes_have_no_bare_cell():
    # The published pattern leaves the far corner of every even board unmarked.
    for size in range(4, 26, 2):
        assert stats(generate(size, 5)).bare_cells == 0


def test_stats_counts_agree_with_a_direct_count():
    board = generate(9, 4, seed=3)
    s = stats(board)
    for n in range(1, 5):
        assert s.counts[n] == sum(1 for c in Rhombus(9) if n in board.offered(c))
    for a, b in itertools.combinations(range(1, 5), 2):
        assert s.pairs[(a, b)] == sum(1 for c in Rhombus(9) if board.offered(c) == {a, b})


def test_boards_outside_the_band_say_so():
    warnings = stats(generate(5, 9)).warnings()
    assert any("outside the balanced band" in w for w in warnings)
    assert stats(generate(11, 5)).warnings() == []


@pytest.mark.parametrize("size,numbers", [(3, 5), (26, 5), (11, 1), (11, 10)])
def test_out_of_range_inputs_are_refused(size, numbers):
    with pytest.raises(ValueError):
        generate(size, numbers)


def test_hubs_offer_one_number_and_sit_apart():
    board = generate(11, 5)
    hubs = [c for c in Rhombus(11) if board.is_hub(c)]
    assert Hex(0, 0) in hubs and Hex(10, 10) in hubs
    assert all(len(board.offered(h)) == 1 for h in hubs)
    assert not any(n in hubs for h in hubs for n in h.neighbours())
