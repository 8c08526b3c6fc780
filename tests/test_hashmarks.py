"""The Blind Hex board properties, checked for every size and number count, not only 11 and 5."""

import dataclasses
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.geometry import Hex, Rhombus, edge_key, opposite, swapped_direction
from generator.games.blind_hex import rules as hashmarks
from generator.games.blind_hex.board import published_boards
from generator.games.blind_hex.rules import HashBoard, generate, stats
from generator.games.blind_hex.search import search_board

ALL_SIZES = list(hashmarks.SIZES)
ALL_NUMBERS = list(hashmarks.NUMBERS)
BAND = [(n, m) for n in hashmarks.PLAYED_SIZES for m in hashmarks.PLAYED_NUMBERS]
seeds = st.integers(0, 2**31)


def check_valid(board):
    """A mark on every cell, one label per edge, and the swap maps the board onto itself with
    the numbers unchanged."""
    grid = Rhombus(board.size)
    labels = {c: board.edge_labels(c) for c in grid}
    for cell, own in labels.items():
        assert any(label is not None for label in own), f"{cell} has no marked edge"
        mirror = labels[cell.swapped()]
        for d, label in enumerate(own):
            assert label is None or 1 <= label <= board.numbers
            n = cell.neighbour(d)
            if n in labels:
                assert labels[n][opposite(d)] == label, f"edge {cell}/{d} disagrees"
            mirrored = mirror[swapped_direction(d)]
            assert mirrored == label, f"swap changes edge {cell}/{d}: {label} -> {mirrored}"


def check_one_or_two(board):
    """What the rule sheet says: every space offers one or two numbers, most offer two, and a
    space offering one has it on all six sides."""
    labels = {c: board.edge_labels(c) for c in Rhombus(board.size)}
    offers = {c: set(ls) - {None} for c, ls in labels.items()}
    crowded = [c for c, o in offers.items() if len(o) > 2]
    assert not crowded, f"cells offering three numbers or more: {crowded}"
    two = sum(len(o) == 2 for o in offers.values())
    assert 2 * two > len(labels), f"only {two} of {len(labels)} cells offer two numbers"
    lonely = [c for c, o in offers.items() if len(o) == 1 and None in labels[c]]
    assert not lonely, f"one-number cells that are not hubs: {lonely}"


def check_marks_needed(board):
    """A mark off the hubs is there only to give a cell its second number: without it (and its
    mirror image) one of its cells would not offer that number."""
    grid = Rhombus(board.size)
    hubs = {c for c in grid if board.is_hub(c)}
    for (cell, d), label in board.edges.items():
        sides = [c for c in (cell, cell.neighbour(d)) if c in grid]
        if any(c in hubs for c in sides):
            continue
        gone = {edge_key(cell, d), edge_key(cell.swapped(), swapped_direction(d))}
        assert any(label not in {board.edges.get(edge_key(c, e)) for e in range(6)
                                 if edge_key(c, e) not in gone} for c in sides), \
            f"the mark {label} on {cell}/{d} repeats a number its cells offer anyway"


def check_balanced(board):
    """The counts, numbers and pairs, for the sizes people play."""
    s = stats(board)
    cells = board.size ** 2
    assert not s.missing_numbers, f"numbers not offered: {s.missing_numbers}"
    assert s.spread <= max(3, 0.03 * cells), f"counts {s.counts} spread {s.spread}"
    if board.size >= 9:
        assert not s.missing_pairs, f"pairs never offered alone: {s.missing_pairs}"


def check_all(board):
    check_valid(board)
    check_one_or_two(board)
    check_marks_needed(board)
    check_balanced(board)


@pytest.mark.parametrize("size,numbers", BAND)
def test_every_played_size_is_valid_and_balanced_with_the_default_seed(size, numbers):
    board = generate(size, numbers)
    check_all(board)
    assert stats(board).warnings() == []


@given(st.sampled_from(BAND), seeds)
@settings(max_examples=70, deadline=None)
def test_any_seed_gives_a_valid_balanced_board_in_the_band(size_numbers, seed):
    check_all(generate(*size_numbers, seed=seed))


def sizes_and_counts() -> list:
    """Every size with every number count outside the band (checked above, balance and
    all); `make test` keeps one count for each size, the counts in turn down the sizes, and
    each count the turns miss on the smallest size that has it (the counts of the band are
    outside it only below its sizes), so each size and each count is searched there (the
    same search, other numbers), and the rest are the exhaustive tier's."""
    later = (pytest.mark.exhaustive(reason="each size and each count kept on the diagonal"),)
    pairs = [(size, m) for size in ALL_SIZES for m in ALL_NUMBERS if (size, m) not in BAND]
    kept = set()
    for n, size in enumerate(ALL_SIZES):
        counts = [m for s, m in pairs if s == size]
        kept.add((size, counts[n % len(counts)]))
    for m in ALL_NUMBERS:
        if m not in {k for _, k in kept}:
            kept.add(min(pair for pair in pairs if pair[1] == m))
    return [pytest.param(*pair, marks=() if pair in kept else later) for pair in pairs]


@pytest.mark.parametrize("size, numbers", sizes_and_counts())
def test_every_size_and_number_count_gives_a_valid_board(size, numbers):
    board = generate(size, numbers, seed=7)
    check_valid(board)
    check_one_or_two(board)
    check_marks_needed(board)


def test_make_test_searches_every_size_and_every_count():
    kept = [p.values for p in sizes_and_counts() if not p.marks]
    assert {s for s, _ in kept} == set(ALL_SIZES)
    assert {m for _, m in kept} == set(ALL_NUMBERS)


@given(st.sampled_from(ALL_SIZES), st.sampled_from(ALL_NUMBERS), seeds)
@settings(max_examples=30, deadline=None)
def test_any_board_is_valid(size, numbers, seed):
    board = generate(size, numbers, seed=seed)
    check_valid(board)
    check_one_or_two(board)
    # generate keeps its boards per process: search again, uncached, to see the same board.
    again = generate.__wrapped__(size, numbers, seed=seed)
    assert again is not board and again == board, "the same inputs gave another board"


@pytest.mark.parametrize("size,numbers", [(7, 3), (11, 5), (25, 6)])
def test_other_seeds_give_other_boards(size, numbers):
    boards = {tuple(sorted(generate(size, numbers, seed=seed).edges.items())) for seed in range(8)}
    assert len(boards) == 8


def test_the_smallest_board_still_varies_with_the_seed():
    # 4 x 4 with two numbers has four hub orbits: few boards exist, but more than one.
    boards = {tuple(sorted(generate(4, 2, seed=seed).edges.items())) for seed in range(8)}
    assert len(boards) >= 2


def test_even_sizes_have_no_bare_cell():
    # The published pattern leaves the far corner of every even board unmarked.
    for size in range(4, 26, 2):
        assert stats(generate(size, 5)).bare_cells == 0


def test_the_cells_the_hubs_leave_with_one_number_get_a_second_mark():
    # Odd diagonal cells sit between two mirror-image hubs, which carry one number.
    board = generate(11, 5)
    for k in range(1, 11, 2):
        diagonal = Hex(k, k)
        assert len(board.offered(diagonal)) == 2 and not board.is_hub(diagonal)
    # On even boards the far sides touch one hub; a mark facing off the board adds a number.
    board = generate(12, 5)
    for r in range(11):
        side = Hex(11, r)
        assert len(board.offered(side)) == 2
        assert sum(board.edge_label(side, d) is not None for d in range(6)
                   if side.neighbour(d) not in Rhombus(12)) <= 1


def test_stats_counts_agree_with_a_direct_count():
    board = generate(9, 4, seed=3)
    s = stats(board)
    for n in range(1, 5):
        assert s.counts[n] == sum(1 for c in Rhombus(9) if n in board.offered(c))
    for a, b in itertools.combinations(range(1, 5), 2):
        assert s.pairs[(a, b)] == sum(1 for c in Rhombus(9) if board.offered(c) == {a, b})
    assert s.two_number_cells == sum(len(board.offered(c)) == 2 for c in Rhombus(9))
    assert s.one_number_cells == sum(len(board.offered(c)) == 1 for c in Rhombus(9))
    assert s.one_number_cells == s.hubs and s.lonely_cells == () and s.crowded_cells == ()


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


# --- the checks fail on boards broken on purpose ------------------------------------------------


def marked(board, changes):
    """The board with some edges relabelled (None removes the mark), mirror edges alike."""
    edges = dict(board.edges)
    for (cell, d), label in changes.items():
        for key in (edge_key(cell, d), edge_key(cell.swapped(), swapped_direction(d))):
            if label is None:
                edges.pop(key, None)
            else:
                edges[key] = label
    return dataclasses.replace(board, edges=edges)


def test_a_third_number_is_caught():
    board = generate(11, 5)
    cell = Hex(3, 0)    # between hubs (2, 0) and (4, 0), on the top side
    third = min(set(range(1, 6)) - board.offered(cell))
    broken = marked(board, {(cell, 2): third})   # the edge facing off the board
    check_valid(broken)
    with pytest.raises(AssertionError, match="three numbers"):
        check_one_or_two(broken)
    assert any("more than two numbers: d1" in w for w in stats(broken).warnings())


def test_a_one_number_cell_that_is_no_hub_is_caught():
    board = generate(11, 5)
    cell = Hex(1, 1)    # between the mirror hubs (0, 2) and (2, 0)
    hub_sides = {d for d in range(6) if board.is_hub(cell.neighbour(d))}
    broken = marked(board, {(cell, d): None for d in range(6) if d not in hub_sides})
    check_valid(broken)
    with pytest.raises(AssertionError, match="not hubs"):
        check_one_or_two(broken)
    assert any("without it on all six sides: b2" in w for w in stats(broken).warnings())


def test_too_few_two_number_cells_are_caught():
    # Every hub with the same number: the cells between them offer only that number.
    board = generate(11, 5)
    hubs = [c for c in Rhombus(11) if board.is_hub(c)]
    broken = HashBoard(11, 5, 1, {edge_key(h, d): 1 for h in hubs for d in range(6)})
    check_valid(broken)
    with pytest.raises(AssertionError, match="cells offer two numbers"):
        check_one_or_two(broken)
    assert any("not more than half" in w for w in stats(broken).warnings())


def test_an_idle_mark_is_caught():
    board = generate(11, 5)
    cell, other = Hex(3, 1), Hex(3, 2)    # two cells off the hubs, side by side
    d = next(d for d in range(6) if cell.neighbour(d) == other)
    shared = board.offered(cell) & board.offered(other)
    assert shared, "the example needs two neighbours offering a common number"
    broken = marked(board, {(cell, d): min(shared)})
    check_valid(broken)
    check_one_or_two(broken)
    with pytest.raises(AssertionError, match="repeats a number"):
        check_marks_needed(broken)


def test_a_swap_that_renames_numbers_is_caught():
    board = generate(11, 5)
    renamed = {(c, d): board.numbers + 1 - n for (c, d), n in board.edges.items() if c.q < c.r}
    edges = dict(board.edges)
    edges.update(renamed)
    with pytest.raises(AssertionError, match="swap changes"):
        check_valid(dataclasses.replace(board, edges=edges))


def test_an_uneven_board_is_caught():
    board = generate(11, 5)
    s = stats(board)
    most = max(s.counts, key=s.counts.get)
    least = min(s.counts, key=s.counts.get)
    # One inner hub of the least offered number takes the most offered one.
    hub = next(c for c in Rhombus(11) if board.is_hub(c) and board.offered(c) == {least}
               and 0 < c.q < 10 and 0 < c.r < 10)
    broken = marked(board, {(hub, d): most for d in range(6)})
    check_valid(broken)
    with pytest.raises(AssertionError, match="spread"):
        check_balanced(broken)
    assert any("counts differ by" in w for w in stats(broken).warnings())


# --- the published boards ----------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(published_boards()))
def test_the_published_boards_stand_for_their_seeds(key):
    # The catalogue's boards, as data: the default 11 x 11 board and the rule sheet's example.
    # (When they were written, the test compared them with the search of the day.)
    shipped = published_boards()[key]
    size, numbers, seed = key
    assert generate(size, numbers, seed=seed) is shipped
    check_valid(shipped)
    check_one_or_two(shipped)
    check_marks_needed(shipped)


def test_the_published_default_board_is_shipped_and_balanced():
    key = (hashmarks.DEFAULT_SIZE, hashmarks.DEFAULT_NUMBERS, hashmarks.DEFAULT_SEED)
    assert key in published_boards()
    check_all(published_boards()[key])


@pytest.mark.parametrize("key", sorted(published_boards()))
def test_the_search_still_finds_a_good_board_for_the_published_seeds(key):
    size, numbers, seed = key
    board = search_board(size, numbers, seed=seed)
    check_valid(board)
    check_one_or_two(board)
    check_marks_needed(board)
