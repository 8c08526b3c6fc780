"""Player-grade pages: score pads long enough for a whole game, rule sheets at one size with
balanced columns, booklets with folios and clean covers (tiled boards and counter sheets:
test_tiled_sheets.py). Each check has a control case that fails it."""

import re
import subprocess
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from in_process import pnp_ok
from poppler_pages import pdf_pages, pdf_texts

from generator import i18n, render
from generator.app import documents
from generator.core.formats import PDF
from generator.core.palette import COLOUR
from generator.core.paper import NAMED, PAPERS
from generator.core.scene import Document, Text
from generator.core.scene import Path as Stroke
from generator.fonts import text_width
from generator.games import GAMES
from generator.games.blind_hex.pages import glyph_key
from generator.games.items import ITEMS
from generator.i18n import ENGLISH
from generator.layout import booklet, imposition, scorepad, sheet, tiling
from generator.layout.printing import Printing
from generator.layout.textlayout import STYLE, Sheet, Style, parse, typeset, wrap

PT = 25.4 / 72            # mm to the point
PAD_PAPERS = [NAMED["a4"], NAMED["letter"], NAMED["a5"]]


def run(*args: str) -> None:
    pnp_ok(*args)   # in process (in_process.py)


# --- score pads ----------------------------------------------------------------------------

def fill_count(key: str, options) -> int:
    """Rows a game that fills the board takes, from the most cells a turn or round fills."""
    if key in ("blind-hex", "nex"):             # four letters a turn; four cells a round
        return -(-options.size ** 2 // 4)
    if key == "hex-kb":                          # two claims a round; a frame pair once
        return -(-len(options.board().cells) // 2)
    return 27                                    # Blinq: every block of each player placed


def record_numbers(pages) -> list[list[int]]:
    """Each sheet's row numbers in the record (not the match tally), in reading order."""
    out = []
    for page in pages:
        texts = [s for s in page.shapes if isinstance(s, Text)]
        tally = min((t.position.y for t in texts if t.text == "Match tally"), default=1e9)
        numbers = sorted((t.position.x, t.position.y, int(t.text)) for t in texts
                         if t.text.isdigit() and t.position.y < tally and t.anchor == "middle"
                         and t.colour == COLOUR["muted"])
        out.append([n for _, _, n in numbers])
    return out


def pad_faults(pages, need: int) -> list[str]:
    faults = []
    numbers = record_numbers(pages)
    flat = [n for sheet_numbers in numbers for n in sheet_numbers]
    if flat != list(range(1, len(flat) + 1)):
        faults.append("row numbers do not run on from 1 across the sheets")
    if len(flat) < need:
        faults.append(f"{len(flat)} rows for a game of {need}")
    for k, page in enumerate(pages):
        titles = [s.text for s in page.shapes if isinstance(s, Text) and s.size == sheet.TITLE_SIZE]
        if (k > 0) != any("(continued)" in t for t in titles):
            faults.append(f"sheet {k + 1}: continued header wrong")
        tally = any(isinstance(s, Text) and s.text == "Match tally" for s in page.shapes)
        if tally != (k == len(pages) - 1):
            faults.append(f"sheet {k + 1}: match tally misplaced")
        small = [s for s in page.shapes if isinstance(s, Text) and s.size < 6 * PT
                 and s.text.isdigit()]
        if small:
            faults.append(f"sheet {k + 1}: row numbers under 6 pt")
    return faults


pad_games = st.sampled_from(sorted(GAMES))


@given(pad_games, st.data(), st.sampled_from(PAD_PAPERS))
def test_every_pad_holds_a_game_that_fills_the_board(key, data, paper):
    game = GAMES[key]
    sizes = {"blind-hex": range(4, 26), "nex": range(9, 20), "hex-kb": range(7, 26)}
    options = (game.make_options(size=data.draw(st.sampled_from(sizes[key])))
               if key in sizes else game.make_options())
    pages = documents.make_document(game, ITEMS["pad"], options=options,
                                    printing=Printing(paper=paper)).pages
    assert pad_faults(pages, fill_count(key, options)) == []


def test_control_a_pad_sized_to_one_sheet_is_short():
    game = GAMES["nex"]
    options = game.make_options(size=19)
    pad = scorepad.Pad("Nex score pad", "", ("Black", "White"), (),
                    (sheet.Column("Round", 0.5), sheet.Column("Black", 1.2),
                     sheet.Column("White", 1.2)), "", record_blocks=2)
    short = scorepad.score_pad(NAMED["a4"], pad, colours=COLOUR,
                               words=ENGLISH)            # no rows asked for
    assert pad_faults(short, fill_count("nex", options))
    # And numbering that starts again on the second sheet is caught.
    long = scorepad.score_pad(NAMED["a4"], replace(pad, min_rows=200), colours=COLOUR,
                              words=ENGLISH)
    assert len(long) > 1 and pad_faults(long, 200) == []
    assert pad_faults([long[0], long[0]], 1)


def test_copies_repeat_the_whole_pad(tmp_path):
    one, two = tmp_path / "one.pdf", tmp_path / "two.pdf"
    run("pad", "blind-hex", "--size", "25", "-o", str(one))
    run("pad", "blind-hex", "--size", "25", "--copies", "2", "-o", str(two))
    sheets = pdf_pages(one)
    assert sheets > 1 and pdf_pages(two) == 2 * sheets
    texts = pdf_texts(two)
    # Each copy opens with the players and ends with the tally; the numbering runs on
    # within a copy and starts again with the next.
    assert ["Write each turn" in t for t in texts] == ([True] + [False] * (sheets - 1)) * 2
    assert ["Match tally" in t for t in texts] == ([False] * (sheets - 1) + [True]) * 2
    assert all("(continued)" in t for k, t in enumerate(texts) if k % sheets)
    assert re.search(r"^157$", "".join(texts[:sheets]), re.M)


# --- rule sheets ----------------------------------------------------------------------------

def body_size(pages) -> float:
    """The size most of a rule sheet's letters are set at (figures' many short labels
    count for their letters only)."""
    sizes: Counter[float] = Counter()
    for page in pages:
        for s in page.shapes:
            if isinstance(s, Text):
                sizes[round(s.size, 4)] += len(s.text)
    return sizes.most_common(1)[0][0]


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_every_game_sets_its_rules_at_one_body_size(paper):
    sizes = {key: body_size(documents.make_document(GAMES[key], ITEMS["rules"],
                                                    options=GAMES[key].make_options(),
                                                    printing=Printing(paper=PAPERS[paper])).pages)
             for key in GAMES}
    assert set(sizes.values()) == {round(STYLE.body, 4)}, sizes
    # Control: a sheet set smaller, as copyfitting did, is told apart.
    smaller = Sheet(parse("Some text set at a smaller size. " * 40), {},
                    paper=PAPERS[paper], colours=COLOUR,
                    style=Style(body=STYLE.body * 0.92), words=ENGLISH)
    assert body_size(smaller.draw(smaller.set())) != round(STYLE.body, 4)


def ink_box(shape) -> tuple[float, float, float, float]:
    """left, top, right, bottom of a shape's ink: a stroke with butt ends reaches half its
    width to either side of its line, not past its ends."""
    if not isinstance(shape, Stroke) or shape.paint.round_caps or shape.paint.fill:
        return tiling.bounds(shape)
    half, xs, ys = shape.paint.width / 2, [], []
    for sub in shape.subpaths:
        for a, b in zip(sub, sub[1:] + ((sub[0],) if shape.closed else ()), strict=False):
            length = max(((b.x - a.x) ** 2 + (b.y - a.y) ** 2) ** 0.5, 1e-12)
            nx, ny = -(b.y - a.y) / length * half, (b.x - a.x) / length * half
            for p in (a, b):
                xs += [p.x + nx, p.x - nx]
                ys += [p.y + ny, p.y - ny]
    return min(xs), min(ys), max(xs), max(ys)


def columns_of(page, paper) -> tuple[float, float]:
    """How far down the ink of the left and of the right column reaches (the footer apart)."""
    middle, foot = paper.width / 2, paper.height - paper.margin - STYLE.footer * 2.5
    bottoms: tuple[list[float], list[float]] = ([], [])
    for shape in page.shapes:
        left, top, right, bottom = ink_box(shape)
        if top < foot and (right <= middle or left >= middle):
            bottoms[left >= middle].append(bottom)
    return max(bottoms[0], default=0.0), max(bottoms[1], default=0.0)


def unbalanced(pages, paper) -> bool:
    """The last page's columns end more than a quarter of the page apart."""
    left, right = columns_of(pages[-1], paper)
    return abs(left - right) > paper.height / 4


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_last_page_of_a_rule_sheet_has_balanced_columns(key, paper):
    game = GAMES[key]
    pages = documents.make_document(game, ITEMS["rules"], options=game.make_options(),
                                    printing=Printing(paper=PAPERS[paper])).pages
    assert not unbalanced(pages, PAPERS[paper])


def test_control_an_unbalanced_last_page_is_caught():
    # Text a little over a page: flowed without balancing, the last page's text all stands
    # in its left column; typeset balances it.
    def markup(paragraphs: int) -> str:
        return "# Title\n\n" + "\n\n".join(
            f"Paragraph {n} of ordinary words to fill the columns of the page." for n in
            range(paragraphs))

    def plain(text: str):
        sheet = Sheet(parse(text), {}, paper=NAMED["a4"], colours=COLOUR, words=ENGLISH)
        return sheet.draw(sheet.set())
    n = next(n for n in range(50, 400, 5) if len(plain(markup(n))) == 2)
    assert unbalanced(plain(markup(n + 10)), NAMED["a4"])
    assert not unbalanced(typeset(markup(n + 10), {}, paper=NAMED["a4"], colours=COLOUR,
                                  words=ENGLISH),
                          NAMED["a4"])


words = st.text(alphabet="abcdefghij", min_size=1, max_size=9)
kept = st.sampled_from(["11 × 11", "N × N", "20 mm", "19 × 19", "100 %"])


def broken(lines: list[str], phrases: list[str]) -> bool:
    return any(p not in "\n".join(lines) for p in phrases)


@given(st.lists(st.one_of(words, kept), min_size=3, max_size=40), st.floats(15, 90))
def test_no_line_breaks_inside_a_dimension_or_before_a_unit(pieces, width):
    phrases = [p for p in pieces if " " in p]
    # Words are not hyphenated here: only the spaces are in question.
    lines = ["".join(t for t, _ in line) for line in wrap(" ".join(pieces), width, size=STYLE.body,
                                                          lang="", hyphenate=False)]
    assert not broken(lines, phrases)
    assert " ".join(lines).split() == " ".join(pieces).split()


def test_control_plain_word_wrapping_breaks_a_dimension():
    text = "aaaa bbbb cccc 11 × 11 dddd"
    width = text_width("aaaa bbbb cccc 11", STYLE.body) + 0.5
    assert broken(sheet.wrap_words(text, STYLE.body, width=width), ["11 × 11"])
    assert not broken(["".join(t for t, _ in line) for line in wrap(text, width, size=STYLE.body,
                                                                    lang="en")],
                      ["11 × 11"])


def key_rows(numbers: int) -> list[int]:
    figure = glyph_key(numbers, COLOUR, words=ENGLISH)
    rows = Counter(round(s.position.y, 2) for s in figure.shapes
                   if isinstance(s, Text) and s.text.isdigit())
    return [rows[y] for y in sorted(rows)]


@pytest.mark.parametrize("numbers", range(2, 10))
def test_the_glyph_key_never_leaves_one_number_alone(numbers):
    rows = key_rows(numbers)
    assert sum(rows) == numbers and max(rows) <= 5 and max(rows) - min(rows) <= 1


def test_control_five_a_row_leaves_six_with_an_orphan():
    rows = [min(6, 5), 6 - 5]
    assert max(rows) - min(rows) > 1 and key_rows(6) == [3, 3]


# --- booklets ------------------------------------------------------------------------------

def booklet_pages_text(pdf: Path) -> dict[int, str]:
    """Each booklet page's text, by page number, read from the imposed sheets' halves."""
    sides = pdf_pages(pdf)
    order = imposition.signature_order(sides * 2)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    width, height = (float(v) for v in info.split("Page size:")[1].split("pts")[0].split("x"))
    halves = [pdf_texts(pdf, (slot * width / 2, 0, width / 2, height)) for slot in (0, 1)]
    out = {}
    for side, pair in enumerate(order, start=1):
        for slot, index in enumerate(pair):
            out[index + 1] = halves[slot][side - 1]
    return out


def booklet_faults(pages: dict[int, str], rules_words: str = "What you need") -> list[str]:
    faults = []
    last = max(pages)
    for n in range(2, last):
        lines = [line.strip() for line in pages[n].splitlines() if line.strip()]
        if lines == [str(n)]:
            faults.append(f"blank page {n} carries a folio")
        elif lines and lines[-1] != str(n):       # the folio is the lowest line
            faults.append(f"page {n} has no folio")
    for n in (1, last):
        if rules_words in pages[n] or "·" in pages[n]:
            faults.append(f"page {n} (a cover) carries rules")
    contents = next((t for t in pages.values() if "Contents" in t), "")
    for title, page in re.findall(r"^(.+?)\s*\n?\s*page (\d+)$", contents, re.M):
        if title.split(",")[0].strip() not in pages.get(int(page), ""):
            faults.append(f"contents: {title} is not on page {page}")
    return faults


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_booklet_folios_match_the_contents_and_covers_are_clean(tmp_path, paper):
    pdf = tmp_path / "booklet.pdf"
    run("booklet", "--all", "--paper", paper, "-o", str(pdf))
    pages = booklet_pages_text(pdf)
    assert len(pages) % 4 == 0
    assert booklet_faults(pages) == []
    contents = next(t for t in pages.values() if "Contents" in t)
    assert len(re.findall(r"page \d+", contents)) == len(GAMES)
    assert pages[max(pages)].split() == ["Made", "to", "print", "and", "play", "with", "pnp."]
    assert "Blind Hex, cards edition" in pages[1] and "Rules to print and play" in pages[1]


def test_a_one_game_booklet_names_the_game_once_and_keeps_the_back_cover_clean(tmp_path):
    pdf = tmp_path / "booklet.pdf"
    run("booklet", "blind-hex", "--paper", "letter", "-o", str(pdf))
    pages = booklet_pages_text(pdf)
    assert booklet_faults(pages) == []
    assert pages[1].count("Blind Hex") == 1 and "Cards edition" in pages[1]
    assert not any(w in pages[max(pages)] for w in ("Blind", "turn", "Credits"))


def test_control_the_old_imposition_fails_the_booklet_checks(tmp_path):
    # Cover then rules imposed straight, as booklets were: no folios, rules on the back.
    page_paper, sheet_paper = booklet.FORMATS["a4"]
    game = GAMES["nex"]
    rules = documents.make_document(game, ITEMS["rules"], options=game.make_options(),
                                    printing=Printing(paper=page_paper)).pages
    cover = booklet.cover(page_paper, "Nex", inside="Rules", parts=[booklet.Part("Nex", "by", [])],
                          colours=COLOUR)
    pages = [cover, *rules]
    pages += rules[:imposition.padded(len(pages)) - len(pages)]     # rules up to the back cover
    assert len(pages) % 4 == 0
    sheets = imposition.impose(pages, page_paper, sheet_paper=sheet_paper)
    pdf = tmp_path / "old.pdf"
    render.save(Document(tuple(sheets), "old", "me", lang="en"), pdf, fmt=PDF, default_stem="old")
    faults = booklet_faults(booklet_pages_text(pdf))
    assert any("folio" in f for f in faults) and any("cover" in f for f in faults), faults


def ink_bounds(page) -> tuple[float, float, float, float]:
    boxes = [ink_box(s) for s in page.shapes]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def margin_faults(pages, page_paper) -> list[str]:
    faults = []
    for n, page in enumerate(pages, start=1):
        if not page.shapes:
            continue
        left, top, right, bottom = ink_bounds(page)
        inner_left = n % 2 == 1          # a recto's fold is on its left
        need_left = booklet.INNER if inner_left else booklet.OUTER
        need_right = booklet.OUTER if inner_left else booklet.INNER
        if (left < need_left - 1e-6 or page_paper.width - right < need_right - 1e-6
                or top < booklet.OUTER - 1e-6 or page_paper.height - bottom < booklet.OUTER
                - 1e-6):
            faults.append(f"page {n}: ink at {left:.1f}, {top:.1f}, {right:.1f}, {bottom:.1f}")
    return faults


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_booklet_margins_are_12_mm_and_15_at_the_fold(paper):
    parts = []
    made_on = booklet.content_paper(booklet.FORMATS[paper][0])
    for key in sorted(GAMES):
        game = GAMES[key]
        pages = list(documents.make_document(game, ITEMS["rules"], options=game.make_options(),
                                             printing=Printing(paper=made_on)).pages)
        parts.append(booklet.Part(game.title, "by someone", pages))
    pages = booklet.pages("Connection games", "Rules", parts=parts, paper_key=paper,
                          colours=COLOUR, words=i18n.ENGLISH)
    assert margin_faults(pages, booklet.FORMATS[paper][0]) == []
    # Control: the same pages one place out, so every fold margin is on the wrong side.
    assert margin_faults(pages[1:], booklet.FORMATS[paper][0])


def test_pnp_build_makes_and_lists_the_booklets(tmp_path):
    out = tmp_path / "site"
    run("build", "--out", str(out), "--jobs", "1", "nex", "bling")
    made = sorted(p.name for p in (out / "booklets").iterdir())
    assert made == sorted(f"{name}-booklet-{paper}.pdf" for name in ("nex", "blinq", "all-games")
                          for paper in ("a4", "letter"))
    index = (out / "index.html").read_text()
    assert all(f"booklets/{name}" in index for name in made)
    for pdf in (out / "booklets").iterdir():
        assert booklet_faults(booklet_pages_text(pdf)) == [], pdf.name


