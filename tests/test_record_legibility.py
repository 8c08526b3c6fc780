"""Study booklets read at arm's length: no text on a record's diagrams under 6 pt, however
large the board (a large board's diagram is drawn wider, and its page set in one column), and
pages the diagrams do not leave empty. Each check has its control: the diagram drawn at the
width the booklets once used, under 6 pt; a figure that follows text still taking the end of
the text over with it."""

from dataclasses import replace
from pathlib import Path

import pytest
from gen_games import hex_game, hex_kb_game, nex_game

from generator.app import record_folder, record_request, requests
from generator.core.palette import COLOUR, PALETTES, Palette
from generator.core.paper import NAMED
from generator.core.scene import SMALLEST_TEXT, Clip, Shape, Text, flattened
from generator.core.scene import Path as ScenePath
from generator.games.hex import record_drawing as hex_drawing
from generator.games.hex import record_lines as hex_lines
from generator.games.hex.record_lines import Diagram
from generator.games.hex.records.write import from_move_list, write_sgf
from generator.games.hex_kb import record_pages as hex_kb_pages
from generator.games.nex import record_pages as nex_pages
from generator.games.nex.pages import EXAMPLE_GAME
from generator.i18n import ENGLISH
from generator.layout.flow import Figure
from generator.layout.textlayout import STYLE, Sheet, parse


def texts(shapes: tuple[Shape, ...] | list[Shape]) -> list[Text]:
    """Every text, in clips and groups too, at the size it is printed (a group's scale)."""
    found: list[Text] = []
    for s in flattened(shapes):
        if isinstance(s, Text) and s.text.strip():
            found.append(s)
        elif isinstance(s, Clip):
            found += texts(s.shapes)
    return found


def hex_board(size: int, diagram: Diagram, colours: Palette,
              width: float = hex_drawing.FIGURE_WIDTH) -> Figure:
    return hex_drawing.board(size, diagram, colours=colours, caption="", description="",
                             width=width, words=ENGLISH)


def smallest(shapes: tuple[Shape, ...] | list[Shape]) -> float:
    return min(t.size for t in texts(shapes))


GAMES = [("nex", nex_game(19, 40)), ("hex-kb", hex_kb_game(11, 21)),
         ("hex-kb", hex_kb_game(19, 60)), ("hex", hex_game(19, 120))]


@pytest.mark.parametrize(("game", "text"), GAMES, ids=["nex-19", "hex-kb-11", "hex-kb-19",
                                                       "hex-19"])
@pytest.mark.parametrize("palette", ["colour", "ink-saver"])
def test_no_text_on_a_records_pages_is_under_6_pt(game: str, text: str, palette: str) -> None:
    request = record_request.record_request(requests.find_game(game), text.encode(),
                                            values={"every": 100, "palette": palette})
    document = record_request.content(request)
    assert min(smallest(page.shapes) for page in document.pages) >= SMALLEST_TEXT - 1e-9
    # The control: the last diagram drawn a tenth narrower than the booklets' least width
    # (as a narrower column would set it) has text under 6 pt, so the check above can fail.
    study, colours = request.played, PALETTES[palette]
    if game == "nex":
        old = nex_pages.figure(study.size, study.diagrams(100)[-1], colours=colours,
                               width=0.9 * nex_pages.FIGURE_WIDTH, words=ENGLISH)
    elif game == "hex-kb":
        old = hex_kb_pages.figure(study.game, study.diagrams(100)[-1], caption="", colours=colours,
                                  width=0.9 * hex_kb_pages.FIGURE_WIDTH, words=ENGLISH)
    else:
        old = hex_board(study.game.record.columns, hex_lines.cut(study.game, 100)[-1],
                        colours, 0.9 * hex_drawing.FIGURE_WIDTH)
    assert smallest(old.shapes) < SMALLEST_TEXT


def _sheet(markup: str, figures: dict[str, Figure]) -> tuple[Sheet, list[list[str]]]:
    """The sheet on A4 in one column, and each page's boxes: a figure by its caption, a
    line by its first word."""
    sheet = Sheet(parse(markup), figures, paper=NAMED["a4"], colours=COLOUR, style=STYLE,
                  footer_text="", columns=1, words=ENGLISH)
    pages: list[list[str]] = []
    for column in sheet.set():
        words = []
        for i, _y in column:
            box = sheet.items[i]
            words.append(box.figure.caption.split()[-1] if box.figure is not None else
                         "".join(text for text, _role in box.runs).split()[0] if box.runs else "")
        pages.append(words)
    return sheet, pages


def test_a_second_figure_that_does_not_fit_goes_on_alone() -> None:
    """A paragraph, then two figures of which only the first fits under it: the second goes
    on alone to the next page. It once took the paragraph and the first figure over with it,
    leaving the first page with its title alone (a Hex KB record's key and first diagram)."""
    tall = Figure(100.0, 150.0, (), "first")
    figures = {"a": tall, "b": Figure(100.0, 150.0, (), "second")}
    _, pages = _sheet("# Title\n\nBoard and result.\n\nKey to the diagrams.\n\n[figure a]\n\n"
                      "[figure b]\n", figures)
    assert pages[0] == ["Board", "Key", "first"] and pages[1] == ["second"]
    # The control: one figure too tall for what is left under its text takes the end of
    # the text over with it, as before.
    long_text = " ".join(["word"] * 900)
    _, pages = _sheet(f"# Title\n\n{long_text}\n\n[figure a]\n", {"a": tall})
    assert pages[-1][-1] == "first" and pages[-1][0] == "word"
    assert "first" not in pages[0]



def numbers_over_the_chain(figure: Figure, highlight: str) -> bool:
    """Whether every stone number is drawn after (over) the winning chain's line."""
    shapes = list(flattened(figure.shapes))
    chain = [k for k, s in enumerate(shapes)
             if isinstance(s, ScenePath) and s.paint.stroke == highlight]
    numbers = [k for k, s in enumerate(shapes) if isinstance(s, Text) and s.font == "bold"
               and any(ch.isdigit() for ch in s.text)]
    assert chain and numbers
    return min(numbers) > max(chain)


@pytest.mark.parametrize("palette", ["colour", "ink-saver"])
def test_the_winning_chain_runs_under_the_stones_numbers(palette: str) -> None:
    """The chain's line crossed the numbers of the stones it joins (the last diagram of the
    rules' example Nex game read '9', '5', '1' half hidden); it is drawn under them. The
    control: the same diagram with the chain drawn last fails the check."""
    colours = PALETTES[palette]
    hex_won = "(;FF[4]GM[11]SZ[3];B[b1];W[a1];B[b2];W[a2];B[b3])"
    for game, text, draw in (
            ("nex", EXAMPLE_GAME, lambda s: nex_pages.figure(s.size, s.diagrams(20)[-1],
                                                             colours=colours, words=ENGLISH)),
            ("hex", hex_won, lambda s: hex_board(3, hex_lines.cut(s.game, 20)[-1],
                                                 colours))):
        request = record_request.record_request(requests.find_game(game), text.encode(), values={})
        figure = draw(request.played)
        assert numbers_over_the_chain(figure, colours["highlight"]), game
        drawn = list(flattened(figure.shapes))
        chain = [s for s in drawn
                 if isinstance(s, ScenePath) and s.paint.stroke == colours["highlight"]]
        control = replace(figure, shapes=(*(s for s in drawn if s not in chain), *chain))
        assert not numbers_over_the_chain(control, colours["highlight"]), game


@pytest.mark.parametrize("paper", ["a4", "a5"])
@pytest.mark.parametrize("size", [13, 26])
def test_no_text_of_a_hex_record_is_under_6_pt_on_a4_or_a5(paper: str, size: int) -> None:
    """A 26 × 26 record's coordinates measured 4.7 pt on A4 and 3.2 pt on A5: its diagram,
    drawn wider for its numbers, was shrunk into the page's column. Now no diagram is drawn
    wider than the page's text, its coordinates keep 6 pt and a number 6 pt cannot fit in
    its stone is a dot. The control: the diagram as the booklet once drew it, set in the
    same column, has text under 6 pt."""
    text = hex_game(size, min(150, size * size // 2))
    request = record_request.record_request(requests.find_game("hex"), text.encode(),
                                            values={"every": 100, "paper": paper})
    document = record_request.content(request)
    assert min(smallest(page.shapes) for page in document.pages) >= SMALLEST_TEXT - 1e-9
    if size == 26:
        study = request.played
        last = hex_lines.cut(study.game, 100)[-1]
        at_90 = hex_board(size, last, COLOUR)
        once = hex_drawing.FIGURE_WIDTH * SMALLEST_TEXT / smallest(at_90.shapes) * 1.0001
        column = NAMED[paper].inner_width
        assert once > column
        shrunk = smallest(hex_board(size, last, COLOUR, once).shapes) * column / once
        assert shrunk < SMALLEST_TEXT


def test_no_text_of_a_folder_booklet_is_under_6_pt(tmp_path: Path) -> None:
    """A 13 × 13 record in a `--records` booklet measured 5.6 pt on its half pages: nothing
    on them is under 6 pt now, 13 × 13 or 26 × 26, on A4's or Letter's sheets (the
    imposed pages' text as placed on the sheets). Its control is the test above's: the
    measure finds a diagram shrunk into its column."""
    folder = tmp_path / "tf"
    folder.mkdir()
    for name, size, moves in (("a.sgf", 13, 60), ("b.sgf", 26, 120)):
        (folder / name).write_text(write_sgf(from_move_list(hex_game(size, moves))))
    game = requests.find_game("hex")
    assert game.records is not None
    files = record_folder.record_files(folder, "tf", records=game.records)
    for paper in ("a4", "letter"):
        request = record_folder.folder_request(game, "tf", files=files, values={"paper": paper})
        pages = record_folder.document(request).pages
        assert min(smallest(page.shapes) for page in pages) >= SMALLEST_TEXT - 1e-9, paper
