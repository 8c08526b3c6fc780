"""Study records as Hex players annotate them (tests/recording.py's STUDY, as HexGui writes
one): variations drawn in diagrams of their own after the move they branch from, to the
depth --variations asks; SGF's marks drawn as HexWiki and HexGui show them, in every format
and palette and legible in grey; comments beside their diagram; titles from the record's
names; descriptions short enough to hear. Each check has its control."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from gen_games import hex_game
from recording import STUDY, pnp, words
from test_read_text import description_problems

from generator.core.geometry import Hex
from generator.core.palette import PALETTES, Palette
from generator.core.paper import NAMED
from generator.core.printing import grey
from generator.core.scene import Circle, Text, flattened
from generator.core.scene import Path as ScenePath
from generator.games.hex import record_drawing, record_lines, record_pages
from generator.games.hex.records import read_record
from generator.games.hex.records.judge import replay
from generator.games.hex.records.model import Cell, Markup
from generator.games.hex.records.write import from_move_list, write_sgf
from generator.games.played import Cut
from generator.i18n import ENGLISH
from generator.render.pdf import document_pdf

GAME = replay(read_record(STUDY))


def headings(depth: int) -> list[str]:
    return [record_pages.heading(d, words=ENGLISH) for d in record_lines.shown(GAME, 20,
                                                                               depth=depth).diagrams]


def test_variations_follow_the_move_they_branch_from_to_the_depth_asked() -> None:
    # Marks end a diagram (moves 4 and 6 mark the board), so each is drawn on its position;
    # a variation follows the diagram of the move it replaces, its own after it.
    assert headings(2) == [
        "Moves 1 to 4", "Variation 1, at move 4 (Move 4)",
        "Variation 1, at move 4 (Moves 5 to 6)", "Variation 2, at move 6 of variation 1",
        "Moves 5 to 6", "Variation 3, at move 6"]
    shallow = record_lines.shown(GAME, 20, depth=1)
    assert [h for h in headings(1) if h.startswith("Variation")] == [
        "Variation 1, at move 4 (Move 4)", "Variation 1, at move 4 (Moves 5 to 6)",
        "Variation 2, at move 6"]
    assert shallow.deeper == 1
    # Control: the main line alone, its three variations counted as lying deeper.
    main = record_lines.shown(GAME, 20, depth=0)
    assert headings(0) == ["Moves 1 to 4", "Moves 5 to 6"] and main.deeper == 3
    # A variation's own moves are numbered as the game's; the main line's before it are not.
    variation = record_lines.shown(GAME, 20, depth=2).diagrams[1]
    assert variation.numbers == {Cell(4, 3): 4}
    assert record_pages.caption(variation,
                                words=ENGLISH) == "Variation 1, at move 4 (Move 4): 4. e4"


def drawn(diagram: record_lines.Diagram, colours: Palette) -> list[object]:
    return list(flattened(record_drawing.board(7, diagram, colours=colours, caption="",
                                               description="", words=ENGLISH).shapes))


def near(shape: object, centre: tuple[float, float]) -> bool:
    if isinstance(shape, ScenePath):
        xs = [p.x for sub in shape.subpaths for p in sub]
        ys = [p.y for sub in shape.subpaths for p in sub]
        return abs(sum(xs) / len(xs) - centre[0]) < 0.5 and abs(sum(ys) / len(ys) -
                                                                 centre[1]) < 0.5
    if isinstance(shape, (Circle, Text)):
        at = shape.centre if isinstance(shape, Circle) else shape.position
        return abs(at.x - centre[0]) < 1 and abs(at.y - centre[1]) < 1.5
    return False


def test_marks_are_drawn_on_the_cells_the_record_names() -> None:
    colours = PALETTES["colour"]
    blocks = record_lines.shown(GAME, 20, depth=0).diagrams[0]        # move 4: LB, TR
    p, _board = record_drawing.background(7, record_drawing.FIGURE_WIDTH,
                                          colours=colours, words=ENGLISH)

    def at(name: str) -> tuple[float, float]:
        c = p.centre(Hex(ord(name[0]) - ord("a"), int(name[1:]) - 1))
        return c.x, c.y
    shapes = drawn(blocks, colours)
    labels = [s for s in shapes if isinstance(s, Text) and s.text in ("a", "b")
              and s.font == "bold"]
    assert sorted(s.text for s in labels) == ["a", "b"]
    assert any(near(s, at("e3")) for s in labels) and any(near(s, at("c4")) for s in labels)
    triangles = [s for s in shapes if isinstance(s, ScenePath) and s.closed
                 and len(s.subpaths[0]) == 3 and near(s, at("d5"))]
    assert len(triangles) == 1
    # The arrow of move 6 ends in a head at f6, its line drawn over a paper-white edge.
    arrows = drawn(record_lines.shown(GAME, 20, depth=0).diagrams[1], colours)
    heads = [s for s in arrows if isinstance(s, ScenePath) and s.closed
             and len(s.subpaths[0]) == 3]
    assert heads and all(abs(h.subpaths[0][0].x - at("f6")[0]) < 2 for h in heads)
    # Control: the same position without its marks has none of them.
    bare = drawn(replace(blocks, markup=Markup()), colours)
    assert not [s for s in bare if isinstance(s, Text) and s.text in ("a", "b")
                and s.font == "bold"]
    assert not [s for s in bare if isinstance(s, ScenePath) and s.closed
                and len(s.subpaths[0]) == 3]


def contrast(mark: str, under: str) -> float:
    return abs(grey(mark) - grey(under))


@pytest.mark.parametrize("palette", sorted(PALETTES))
def test_marks_read_in_grey_on_every_stone_in_every_palette(palette: str) -> None:
    """A mark takes the colour that reads on what it stands on (the checks read the drawn
    shapes): at least 40% apart in grey from a black stone, a white one and an empty cell;
    an arrow is ink edged in paper white."""
    colours = PALETTES[palette]
    marks = Markup(marks=((Cell(0, 0), "triangle"), (Cell(1, 0), "cross"),
                          (Cell(2, 0), "square")), arrows=((Cell(0, 1), Cell(2, 2)),))
    diagram = record_lines.Diagram(1, 2, {Cell(0, 0): "black", Cell(1, 0): "white"}, {},
                                   (), markup=marks)
    under = {Cell(0, 0): colours["black stone"], Cell(1, 0): colours["white stone"],
             Cell(2, 0): colours["cell"]}
    p, _board = record_drawing.background(7, record_drawing.FIGURE_WIDTH,
                                          colours=colours, words=ENGLISH)
    shapes = drawn(diagram, colours)
    for cell, fill in under.items():
        centre = p.centre(Hex(cell.column, cell.row))
        mark = next(s for s in shapes if isinstance(s, ScenePath) and s.paint.stroke
                    and near(s, (centre.x, centre.y)) and s.paint.width < 1)
        assert contrast(mark.paint.stroke or "", fill) >= 0.4, (palette, cell)
    lines = [s.paint.stroke for s in shapes if isinstance(s, ScenePath) and not s.closed
             and len(s.subpaths) == 1 and len(s.subpaths[0]) == 2]
    assert lines[:2] == [colours["cell"], colours["ink"]]
    # Control: ink on a black stone would not read.
    assert contrast(colours["ink"], PALETTES["colour"]["black stone"]) < 0.4


@pytest.mark.parametrize("fmt", ["pdf", "svg", "png", "html"])
def test_the_study_prints_in_every_format(tmp_path: Path, fmt: str) -> None:
    (tmp_path / "study.sgf").write_text(STUDY)
    done = pnp("record", "hex", "study.sgf", "--format", fmt, "-o", f"out.{fmt}",
               cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    made = sorted(tmp_path.glob("out*"))
    assert made and all(p.stat().st_size > 1000 for p in made)
    if fmt == "svg":
        text = "".join(p.read_text() for p in made)
        assert ">a</text>" in text and "Variation 1, at move 4" in text
    if fmt == "html":
        page = made[0].read_text()
        assert "Variation 2, at move 6 of variation 1" in page and "Deeper." in page
        assert "Marked: a (e3), b (c4), triangle (d5)" in page and "White cuts." in page


@pytest.mark.parametrize("palette", ["colour-blind", "ink-saver"])
def test_the_study_booklet_says_its_variations_comments_and_what_it_leaves_out(
        tmp_path: Path, palette: str) -> None:
    (tmp_path / "study.sgf").write_text(STUDY)
    done = pnp("record", "hex", "study.sgf", "--variations", "1", "--palette", palette,
               "-o", "out.pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = words(tmp_path / "out.pdf")
    for wanted in ("Variation 1, at move 4", "Variation 2, at move 6", "White cuts.",
                   "1 variation lies deeper than this booklet follows", "(--variations 1)"):
        assert wanted in text, wanted
    assert "Deeper." not in text                     # the comment of a variation not drawn
    # Control: the main line alone.
    none = pnp("record", "hex", "study.sgf", "--variations", "0", "-o", "main.pdf",
               cwd=tmp_path)
    assert none.returncode == 0 and "Variation 1," not in words(tmp_path / "main.pdf")


def test_sgf_written_back_keeps_the_variations_and_marks(tmp_path: Path) -> None:
    (tmp_path / "study.sgf").write_text(STUDY)
    done = pnp("record", "hex", "study.sgf", "--format", "sgf", "-o", "-", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    again, first = read_record(done.stdout), read_record(STUDY)
    assert (again.branches, again.moves) == (first.branches, first.moves)


def test_descriptions_of_a_long_study_stay_short_and_apart() -> None:
    """Record diagrams described every stone (568 characters for a 13 × 13 game); now the
    board, its stone counts, marks and chain, in at most 320. The control: the old way,
    every stone by its cell, is too long."""
    record = from_move_list(hex_game(13, 100))
    marked = replace(record.moves[39], markup=Markup(labels=((Cell(0, 0), "A"),),
                                                     arrows=((Cell(1, 1), Cell(5, 5)),)))
    record = replace(record, moves=(*record.moves[:39], marked, *record.moves[40:]))
    record = read_record(write_sgf(record))
    study = record_pages.study(record)

    doc = study.booklet(Cut(20, 2), NAMED["a4"], colours=PALETTES["colour"], words=ENGLISH)
    assert description_problems(document_pdf(doc)) == []
    last = record_lines.shown(study.game, 20, depth=2).diagrams[-1]
    every = ", ".join(f"{c.column}{c.row}" for c in last.stones)
    assert len(record_pages.description(13, last, words=ENGLISH) + every) > 320


@pytest.mark.parametrize("names, title", [
    ("EV[Club final]RO[3]DT[2024-05-01]", "Club final, round 3, 2024-05-01"),
    ("GN[tourney/0004]", "tourney/0004"),
    ("PB[Alice]EV[Club final]", "Alice (Black) against ? (White)"),
    ("", "A game of Hex"),                  # the control: a record that names nothing
])
def test_titles_come_from_what_the_record_names(names: str, title: str) -> None:
    record = read_record(f"(;FF[4]GM[11]SZ[3]{names};B[b2])")
    study = record_pages.study(record)
    assert study.title(words=ENGLISH) == title
    assert "Club final" not in study.byline(words=ENGLISH) or "Alice" in title


def test_a_folder_of_studies_lists_titles_from_events(tmp_path: Path) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    for n in (1, 2):
        (folder / f"{n}.sgf").write_text(f"(;FF[4]GM[11]SZ[3]EV[Club final]RO[{n}];B[b2])")
    done = pnp("record", "hex", "club", "-o", "b.pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    info = subprocess.run(["pdftotext", str(tmp_path / "b.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Club final, round 1" in info and "(1.sgf)" not in info
