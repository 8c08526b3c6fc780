"""Hex KB as printed: position files, the judge's words, puzzles, figures and board data."""

import pytest

from generator.core.geometry import Hex, Rhombus
from generator.core.gridfile import GridError
from generator.core.palette import COLOUR
from generator.core.paper import PAPERS
from generator.core.scene import Text
from generator.games.hex_kb import examples, pages, rules
from generator.games.hex_kb.rules import BLUE, RED, Judge, KleinBoard
from generator.i18n import ENGLISH
from generator.layout.printing import Printing


def grid_text(board: KleinBoard, stones: dict[Hex, str], header: str = "") -> str:
    rows = []
    for r in range(board.size):
        row = []
        for q in range(board.size):
            h = Hex(q, r)
            row.append(rules.WINDOW if h in board.holes else
                       stones.get(board.canonical(h), "."))
        rows.append(" " * r + " ".join(row))
    return header + "\n".join(rows) + "\n"


def test_the_judge_reads_a_grid_and_names_the_criterion():
    board = KleinBoard(11, 0)
    row = {Hex(q, 9): RED for q in range(11)}
    verdict = rules.judge(grid_text(board, row, "# a red row\nwindow 0\n"))
    assert verdict.lines[0] == ("Red wins: criterion 1, a simple connecting path (net "
                                "transits 0).")
    assert verdict.lines[1].startswith("cells: Red 11, Blue 0, empty")


def test_the_judge_agrees_with_the_engine_on_every_example():
    board = examples.FIGURE_BOARD
    for name, cells in examples.example_positions(board).items():
        stones = {board.canonical(h): RED for h in cells}
        text = grid_text(board, stones, f"window {board.radius}\n")
        expected = examples.check_examples(board)[name]
        assert rules.judge(text).lines[0] == rules.describe(expected), name


def test_every_rule_sheet_example_is_what_its_caption_says():
    found = examples.check_examples()
    assert found["first move"].winner is None
    assert found["simple"].criterion == 1
    assert found["single"].criterion == 2 and found["single"].portal_loop
    assert found["single alone"].winner is None     # the same path without its loop
    assert found["double"].criterion == 3
    assert found["border loop"].winner is None


def place_of(text: str, index: int) -> str:
    """Where a character of a file stands, as a person counts: line and column from 1."""
    line_start = text.rfind("\n", 0, index) + 1
    return f"line {text.count(chr(10), 0, index) + 1}, column {index - line_start + 1}"


@pytest.mark.parametrize("change, at, message", [
    # The first window cell written empty: the place is that cell's in the file.
    (lambda rows: rows.replace("O", ".", 1), lambda rows: rows.index("O"), "is a window cell"),
    # A window too large for the board: the place is where the board begins, after the line.
    (lambda rows: "window 9\n" + rows, lambda rows: len("window 9\n"),
     "windows of radius 9 do not fit"),
    # A letter the file has no use for: its own place.
    (lambda rows: rows.replace(".", "X", 1), lambda rows: rows.index("."),
     "'X' is not one of R B . O"),
])
def test_bad_position_files_name_line_and_column(change, at, message):
    """Each refusal names the line and column of what is wrong, counted in the file as
    written (and the message of what is wrong after them)."""
    board = KleinBoard(11, 0)
    rows = grid_text(board, {})
    changed = change(rows)
    with pytest.raises(GridError) as refused:
        rules.judge(changed)
    where = place_of(changed if "window" in message else rows, at(rows))
    assert str(refused.value).startswith(f"{where}: "), (str(refused.value), where)
    assert message in str(refused.value)


def test_twins_must_agree_in_a_position_file():
    board = KleinBoard(11, 0)
    a = board.frame_a[0]
    b = board.twins[a]
    lines = grid_text(board, {a: RED}).splitlines()
    # Blank the twin in frame B: the file then says the two copies differ.
    row = lines[b.r].split()
    row[b.q] = "."
    lines[b.r] = " " * b.r + " ".join(row)
    with pytest.raises(GridError, match=f"line {b.r + 1}, .*and its twin"):
        rules.judge("\n".join(lines))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_puzzle_is_a_full_board_with_one_winner_and_a_real_structure(seed):
    options = rules.Options(seed=seed)
    puzzle = examples.puzzle(options)
    board = puzzle.board
    assert set(puzzle.stones) == set(board.cells)
    judge = Judge(board)
    colours = [puzzle.stones[h] for h in board.cells]
    winners = [c for c, v in judge.verdicts(colours).items() if v]
    assert winners == [puzzle.verdict.winner]
    # The shaded structure alone still wins: it is the reason, not decoration.
    only = [puzzle.stones[h] if h in puzzle.structure else "." for h in board.cells]
    assert judge.judge(only).winner == puzzle.verdict.winner
    assert examples.puzzle(options) == puzzle   # the same seed, the same puzzle


def test_puzzle_pages_ask_then_answer():
    doc = pages.puzzle_item(rules.Options(seed=4), Printing(paper=PAPERS["a4"]))
    assert len(doc.pages) == 2
    texts = [[s.text for s in page.shapes if isinstance(s, Text)] for page in doc.pages]
    assert any("Which colour wins" in t for t in texts[0])
    assert any(t.startswith(("Red wins", "Blue wins")) for t in texts[1])


def test_board_json_describes_every_cell():
    data = rules.board_json(rules.Options(size=13, window=1))
    board = KleinBoard(13, 1)
    cells = {(c["q"], c["r"]): c for c in data["cells"]}
    assert len(cells) == 13 * 13 + 4 * 13
    assert sum(1 for c in cells.values() if c["kind"] == "window") == 2 * 7
    frames = [c for c in cells.values() if c["frame"] is not None]
    assert len(frames) == 2 * 12
    for a, b in board.twins.items():
        assert cells[(a.q, a.r)]["twin"] == cells[(b.q, b.r)]["twin"]
        assert (cells[(a.q, a.r)]["frame"], cells[(b.q, b.r)]["frame"]) == (0, 1)
    assert cells[(0, 5)]["border"] == ["red"] and cells[(5, 12)]["border"] == ["blue"]
    assert cells[(-1, 3)]["kind"] == "border" and cells[(-1, 3)]["border"] == ["red"]
    assert set(h for h in Rhombus(13)) >= {Hex(c["q"], c["r"]) for c in frames}


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_pad_has_a_row_for_every_turn_of_a_full_11_board(paper):
    page = pages.pad_item(rules.Options(), Printing(paper=PAPERS[paper])).pages[0]
    numbers = {s.text for s in page.shapes if isinstance(s, Text) and s.text.isdigit()}
    rounds = -(-len(KleinBoard(11, 0).cells) // 2)
    assert {str(n) for n in range(1, rounds + 1)} <= numbers


def test_blue_and_red_swap_in_a_swapped_file():
    board = KleinBoard(11, 0)
    column = {Hex(4, r): BLUE for r in range(11)}
    verdict = rules.judge(grid_text(board, column))
    assert verdict.lines[0].startswith("Blue wins: criterion")


# --- the note on this kit's reading: a position with two winners if read word for word -------


def transit_counts(board: KleinBoard, stones: dict[Hex, str], colour: str):
    """Net transit counts, by breadth-first search over (cell, count so far): those of chains
    joining the colour's border segments, and those of closed chains (loops). A second,
    simpler way of counting than the judge's union-find."""
    judge = Judge(board)
    colours = [stones.get(h, ".") for h in board.cells] + judge.border_colours

    def reach(start: int) -> set[tuple[int, int]]:
        seen, todo = {(start, 0)}, [(start, 0)]
        while todo:
            node, k = todo.pop()
            for v, w in judge.adjacent[node]:
                state = (v, k + w)
                if colours[v] == colour and abs(k + w) <= 4 and state not in seen:
                    seen.add(state)
                    todo.append(state)
        return seen

    low, high = judge.borders[colour]
    joins = {k for node, k in reach(low) if node == high}
    loops = {k for x in range(len(board.cells)) if colours[x] == colour
             for node, k in reach(x) if node == x and k}
    return joins, loops


def winners(board, stones, literal: bool) -> set[str]:
    """Who wins: the kit's reading wants a loop with an odd count beside an odd connecting
    chain; read word for word, any loop through the portal (count not 0) would do."""
    out = set()
    for colour in (RED, BLUE):
        joins, loops = transit_counts(board, stones, colour)
        looped = any(loops) if literal else any(k % 2 for k in loops)
        if any(k % 2 == 0 for k in joins) or (any(k % 2 for k in joins) and looped):
            out.add(colour)
    return out


def test_the_notes_figure_has_two_winners_read_word_for_word_and_one_in_the_kits_reading():
    example = examples.literal_reading_example()
    board = examples.FIGURE_BOARD
    stones = example.stones
    assert winners(board, stones, literal=True) == {RED, BLUE}
    assert winners(board, stones, literal=False) == {BLUE}
    # What `pnp judge hex-kb` says of the same position.
    text = grid_text(board, stones, f"window {board.radius}\n")
    assert rules.judge(text).lines[0].startswith("Blue wins")
    joins, loops = transit_counts(board, stones, RED)
    assert {abs(k) for k in joins} & {1} and 2 in {abs(k) for k in loops}
    assert not any(k % 2 for k in loops)


def test_the_word_for_word_check_fails_without_reds_loop():
    # Control: take away the cells only Red's loop uses and Red no longer wins either way.
    example = examples.literal_reading_example()
    board = examples.FIGURE_BOARD
    stones = {h: c for h, c in example.stones.items()
              if h not in example.red_loop - example.red_path}
    assert winners(board, stones, literal=True) == {BLUE}
    # And a path with a real portal loop wins in both readings.
    single = {board.canonical(h): RED for h in examples.example_positions(board)["single"]}
    assert winners(board, single, literal=True) == winners(board, single, literal=False) == {RED}


def test_the_notes_figure_is_drawn_from_the_judged_position():
    figure = pages.figures(COLOUR, words=ENGLISH)["literal"]
    example = examples.literal_reading_example()
    assert f"net transits {example.red_loop_transits}" in figure.caption
    assert "only Blue wins" in figure.caption


def test_the_kept_figure_board_is_the_one_the_search_finds():
    """The rule sheet's figure comes from a kept board; the search must still find it."""
    board, seed = examples.FIGURE_BOARD, examples.LITERAL_SEED
    assert len(examples.KEPT_LITERAL_BOARD) == len(board.cells)
    assert examples.search_literal_example(board, seed) == examples.literal_reading_example()
    # Control: the search with another seed finds another position.
    assert examples.search_literal_example(board, seed + 1) != examples.literal_reading_example()
