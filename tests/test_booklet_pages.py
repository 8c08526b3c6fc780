"""Booklets without holes or spare sheets: no rules page more than a quarter empty but a
game's last, no blank page that costs a sheet, and the all-games booklet's blanks all before
its back cover, as its "How to print" page says; every language and paper. Each check has a
control that fails it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from generator import i18n
from generator.app import documents
from generator.core.palette import COLOUR
from generator.core.paper import Paper
from generator.core.printing import HOME_MARGIN
from generator.core.scene import ARTIFACT, Page, Text
from generator.games import GAMES
from generator.games.items import ITEMS
from generator.layout import booklet, imposition, sheet, textlayout
from generator.layout.printing import Printing
from generator.layout.tiling import bounds

LANGUAGES = [*i18n.LANGUAGES, i18n.PSEUDO]


# --- booklets ---------------------------------------------------------------------------------

QUARTER = 0.25


def booklet_parts(keys: list[str], paper_key: str, lang: str) -> list[booklet.Part]:
    made_on = booklet.content_paper(booklet.FORMATS[paper_key][0])
    return [documents.booklet_part(GAMES[k], [], page_paper=made_on,
                                   words=i18n.words(lang)) for k in keys]


def went_over(page: Page, figure: int) -> float:
    """How tall what opens `page` is, down to the foot of figure `figure`'s caption: the
    last lines of a text and the figure they took over with them."""
    from test_figures import flat
    shapes = [s for s in flat(page.shapes) if s.role is not None and s.role.kind != ARTIFACT]
    top = min(bounds(s)[1] for s in shapes)
    return max(bounds(s)[3] for s in shapes if s.role is not None
               and s.role.element == figure and s.role.kind in ("Figure", "Caption")) - top


def kept_with_figure(pages: list[Page], k: int, start: int, room: float) -> bool:
    """Whether page k of a part, which leaves `room` mm at its foot, ends short because the
    end of a text went over with its figure: the next page is not the one facing it, it
    opens with the last lines of the text its first figure follows (with their heading),
    then that figure, and those lines and the figure would not have fitted in the room
    page k left. Keeping a figure with its text (tests/test_figures.py) and filling every
    page cannot both hold there; the figure's place is the promise kept."""
    from test_figures import entries
    if (start + k) % 2 == 0:
        return False                      # k and k + 1 face: the figure could have waited
    here, there = entries([pages[k]]), entries([pages[k + 1]])
    first = next((n for n, e in enumerate(there) if e.kind == "figure"), None)
    if first is None or not first:
        return False
    reference = there[first - 1].element
    lines = [e for e in there[:first] if e.kind == "text"]
    return (all(e.element == reference for e in lines) and len(lines) <= 4
            and all(e.element <= reference for e in here)
            and went_over(pages[k + 1], there[first].element) > room)


def holes(parts: list[booklet.Part], paper_key: str, front: int, added: int = 0,
          lang: str = "en") -> list[str]:
    """Pages of rules more than a quarter empty, each game's last page apart, and blank
    pages that cost the booklet a sheet. `added` pages close each part, not rules: the score
    pad and board a booklet of one game fills its last sheet with."""
    paper = booklet.content_paper(booklet.FORMATS[paper_key][0])
    inside, starts = booklet.arrange([None] * front, parts, words=i18n.words(lang))
    foot = paper.height - paper.margin - textlayout.STYLE.footer * 2.5
    faults = []
    for start, part in zip(starts, parts, strict=True):
        pages = part.opening(start)
        for k, page in enumerate(pages[:len(pages) - added - 1]):
            reach = max(bounds(s)[3] for s in page.shapes if bounds(s)[1] < foot)
            empty = 1 - (reach - paper.margin) / (foot - paper.margin)
            if empty > QUARTER and not kept_with_figure(pages, k, start, foot - reach):
                faults.append(f"{part.title} page {start + k}: {empty:.0%} empty")
    least = imposition.padded(front + sum(len(p.pages) for p in parts) + 2)
    if imposition.padded(len(inside) + 2) > least:
        faults.append(f"{imposition.padded(len(inside) + 2)} pages where {least} would do")
    return faults


Case = tuple[str, str, str]      # language, paper, a game's key or "all"


@pytest.fixture(scope="module")
def booklet_sets() -> dict[Case, tuple[list[booklet.Part], int]]:
    """Each booklet's parts, as documents.booklet_parts makes them for home printing, and
    the pages that close its part and are not rules (a lone game's pad and board)."""
    keys = list(GAMES)
    out = {}
    for lang in LANGUAGES:
        for paper_key in booklet.FORMATS:
            printed = booklet.FORMATS[paper_key][0]
            made: dict[documents.PartKey, booklet.Part] = {}
            out[(lang, paper_key, "all")] = (
                documents.booklet_parts(keys, [], printed=printed, palette=COLOUR,
                                        words=i18n.words(lang), made=made)[0], 0)
            for key in keys:
                alone = documents.booklet_parts([key], [], printed=printed, palette=COLOUR,
                                                words=i18n.words(lang), made=made)[0]
                rules = made[(key, (), booklet.content_paper(printed), COLOUR,
                              i18n.words(lang))]
                out[(lang, paper_key, key)] = (alone, len(alone[0].pages)
                                               - len(rules.pages))
    return out


@pytest.fixture(scope="module")
def home_booklets(booklet_sets) -> dict[Case, list[Page]]:
    """Each booklet of booklet_sets as printed at home (home_pages), every page in reading
    order, imposed once for the checks that read it, each in its own language."""
    out = {}
    for case, (parts, _added) in booklet_sets.items():
        out[case] = home_pages(parts, case[1], case[0])
    return out


def front(case: Case) -> int:
    """The pages before the first part, the cover apart: how to print it, and the
    contents of a booklet of several games."""
    return 2 if case[2] == "all" else 1


def test_booklets_have_no_holes_and_no_spare_sheets(booklet_sets):
    faults = {case: found for case, (parts, added) in booklet_sets.items()
              if (found := holes(parts, case[1], front(case), added, case[0]))}
    assert faults == {}


def test_control_a_half_empty_page_and_a_forced_spread_are_caught(booklet_sets):
    parts = booklet_sets[("en", "a4", "all")][0]
    # Blind Hex's first page, whose next opens with no figure kept with its text.
    chosen = next(p for p in parts if p.title == GAMES["blind-hex"].title)
    first = chosen.pages[0]
    half = replace(first, shapes=tuple(s for s in first.shapes
                                       if bounds(s)[3] < first.height / 2))
    holed = [replace(chosen, pages=[half, *chosen.pages[1:]], sides=None)
             if p is chosen else p for p in parts]
    assert any("empty" in f for f in holes(holed, "a4", 2))
    # Every part of two pages or more forced on to a spread, as booklets were made.
    forced = booklet.arrange

    def spread(front, parts_, *, words):
        inside: list = list(front)
        starts = []
        for part in parts_:
            if len(part.pages) > 1 and (len(inside) + 2) % 2:
                inside.append(None)
            starts.append(len(inside) + 2)
            inside += part.pages
        return inside, starts
    booklet.arrange = spread
    try:
        assert any("would do" in f for case, (parts, added) in booklet_sets.items()
                   for f in holes(parts, case[1], front(case), added, case[0]))
    finally:
        booklet.arrange = forced


def test_control_a_short_page_whose_figure_would_have_fitted_is_caught(booklet_sets):
    """A page excused as short because its text's end went over with a figure is caught
    once the room it leaves would have held what went over."""
    parts = booklet_sets[("en", "a4", "all")][0]
    paper = booklet.content_paper(booklet.FORMATS["a4"][0])
    foot = paper.height - paper.margin - textlayout.STYLE.footer * 2.5
    starts = booklet.arrange([None] * 2, parts, words=i18n.ENGLISH)[1]
    excused = [(part, start, k) for part, start in zip(parts, starts, strict=True)
               for k in range(len(part.opening(start)) - 1)
               if kept_with_figure(part.opening(start), k, start, 0.0)]
    assert excused, "no page of the all-games booklet is excused: the control needs one"
    part, start, k = excused[0]
    pages = part.opening(start)
    assert holes(parts, "a4", 2) == []
    # The page cut short enough to have held its next page's opening lines and figure.
    from test_figures import entries
    figure = next(e for e in entries([pages[k + 1]]) if e.kind == "figure").element
    cut = foot - went_over(pages[k + 1], figure) - 5
    short = replace(pages[k], shapes=tuple(s for s in pages[k].shapes
                                           if bounds(s)[3] < cut or bounds(s)[1] >= foot))
    cut_pages = [short if n == k else p for n, p in enumerate(pages)]
    side = start % 2 == 0
    sides = (cut_pages, part.sides[1]) if not side else (part.sides[0], cut_pages)
    holed = [replace(p, sides=sides) if p is part else p for p in parts]
    assert any(f.startswith(f"{part.title} page {start + k}:")
               for f in holes(holed, "a4", 2))


def mid_book_blanks(parts: list[booklet.Part], paper_key: str, lang: str) -> list[int]:
    """Blank pages (nothing on them) of the booklet as printed at home that stand before
    its last page of content: its back cover apart."""
    made = booklet.pages("Games", "", parts=parts, paper_key=paper_key, colours=COLOUR,
                         words=i18n.words(lang))[:-1]
    blank = [n for n, page in enumerate(made, start=1) if not page.shapes]
    last = max(n for n, page in enumerate(made, start=1) if page.shapes)
    return [n for n in blank if n < last]


def test_the_all_games_booklet_has_its_blanks_before_the_back_cover(booklet_sets):
    """As its "How to print" page says, in every language and on both papers."""
    found = {case: blanks for case, (parts, _added) in booklet_sets.items()
             if case[2] == "all" if (blanks := mid_book_blanks(parts, case[1], case[0]))}
    assert found == {}
    # Control: a booklet of one game opens its rules as a spread after a blank page (Hex's
    # two pages), which the check sees.
    assert mid_book_blanks(booklet_sets[("en", "a4", "hex")][0], "a4", "en") == [3]


def note_faults(pages: list[Page], words: i18n.Words) -> list[str]:
    """What the "How to print" page (page 2) says of the booklet's blank pages that is not
    so, or leaves unsaid: the blank pages before the back cover that make up the last sheet,
    and a blank that opens the rules as a spread, in `words`."""
    said = {s.role.text for s in pages[1].shapes if s.role is not None and s.role.kind == "P"}
    blank = [n for n, page in enumerate(pages[:-1], start=1) if not page.shapes]
    last = max(n for n, page in enumerate(pages[:-1], start=1) if page.shapes)
    facts = {words._(booklet.BLANK_OPENING, n=n): n in blank and n < last
             for n in range(2, len(pages))}
    facts[words._(booklet.BLANKS_AT_BACK)] = any(n > last for n in blank)
    return [f"{'unsaid' if so else 'untrue'}: {text}" for text, so in facts.items()
            if (text in said) != so]


def test_the_printing_note_says_what_the_blank_pages_are_for(booklet_sets, home_booklets,
                                                            monkeypatch):
    """Every home booklet's "How to print" page speaks of blank pages before the back cover
    only where there are some, and of the blank opening the rules where there is one."""
    def found(made: dict[Case, list[Page]] | None = None) -> dict[Case, list[str]]:
        """The faults of each booklet's note: in its pages as made (`made`), or made
        again here (after the control's change to what the note says)."""
        out = {}
        for case, (parts, _added) in booklet_sets.items():
            pages = made[case] if made is not None else home_pages(parts, case[1], case[0])
            if faults := note_faults(pages, i18n.words(case[0])):
                out[case] = faults
        return out
    assert found(home_booklets) == {}
    # Control: every booklet saying its last sheet is made up with blank pages, as all did.
    monkeypatch.setattr(booklet, "blank_notes",
                        lambda middle, front, *, words: [words._(booklet.BLANKS_AT_BACK)])
    wrong = found()
    assert ("de", "a4", "all") in wrong and ("en", "a4", "hex") in wrong


# --- a home booklet of one game ---------------------------------------------------------------

def lone_game_faults(pages: list[Page], front_matter: int) -> list[str]:
    """A booklet of one game's faults, its pages in reading order: more than one blank page
    besides the back cover, or a blank between two pages of the game (a hole mid-book). Its
    one blank may open the rules as a spread, straight after the first `front_matter` pages
    (the cover's among them), or stand before the back cover."""
    blank = [n for n, page in enumerate(pages[:-1], start=1) if not page.shapes]
    last = max(n for n, page in enumerate(pages[:-1], start=1) if page.shapes)
    faults = [f"{len(blank)} blank pages: {blank}"] if len(blank) > 1 else []
    return faults + [f"page {n} blank mid-book" for n in blank if front_matter + 1 < n < last]


def home_pages(parts: list[booklet.Part], paper_key: str, lang: str) -> list[Page]:
    return booklet.pages(parts[0].title, "", parts=parts, paper_key=paper_key, colours=COLOUR,
                         words=i18n.words(lang))


def test_a_home_booklet_of_one_game_has_at_most_one_blank_page(booklet_sets, home_booklets):
    """`pnp booklet GAME`: the pad and board fill what the last sheet leaves over, so at
    most one blank page besides the back cover, none mid-book, and no sheet more than the
    rules alone take; every game, language and paper."""
    found = {}
    for (lang, paper_key, key), (parts, added) in booklet_sets.items():
        if key == "all":
            continue
        pages = home_booklets[(lang, paper_key, key)]
        rules = [replace(parts[0], pages=parts[0].pages[:len(parts[0].pages) - added],
                         sides=None if parts[0].sides is None else (
                             parts[0].sides[0][:len(parts[0].sides[0]) - added],
                             parts[0].sides[1][:len(parts[0].sides[1]) - added]))]
        alone = len(home_pages(rules, paper_key, lang))
        faults = lone_game_faults(pages, 2)
        if len(pages) > alone:
            faults.append(f"{len(pages)} pages where the rules alone take {alone}")
        if faults:
            found[(lang, paper_key, key)] = faults
    assert found == {}


def cut_words(pages: list[Page], paper: Paper) -> list[str]:
    """Words a booklet's pages lose: text where a home printer prints nothing (within
    HOME_MARGIN of the page's edge), and a footer (the text in the band below the body)
    that prints less than it says: cut in mid-sentence."""
    faults = []
    band = paper.height - paper.margin - sheet.FOOTER_HEIGHT - 1
    for n, page in enumerate(pages, start=1):
        texts = [s for s in page.shapes if isinstance(s, Text)]
        faults += [f"page {n}: {t.text!r} past the margin" for t in texts
                   if bounds(t)[0] < HOME_MARGIN or bounds(t)[2] > paper.width - HOME_MARGIN]
        footers: dict[str, list[Text]] = {}
        for t in texts:
            if bounds(t)[1] > band and t.role is not None and t.role.kind == "P":
                footers.setdefault(t.role.text, []).append(t)
        for said, lines in footers.items():
            printed = " ".join(t.text for t in sorted(lines, key=lambda t: t.position.y))
            if printed.split() != said.split():
                faults.append(f"page {n}: footer {printed!r} of {said!r}")
    return faults


def test_a_home_booklets_pages_keep_their_words(booklet_sets):
    """The rules and the pad and board that fill a lone game's booklet, on the booklet's
    page: no title where the printer prints nothing (a continued pad's, in a longer
    language; an edition's name), no footer cut in mid-sentence beside the ruler."""
    found = {}
    for case, (parts, _added) in booklet_sets.items():
        if case[2] != "all":
            paper = booklet.content_paper(booklet.FORMATS[case[1]][0])
            if faults := cut_words(parts[0].pages, paper):
                found[case] = faults
    assert found == {}


def test_control_a_cut_footer_and_a_title_set_full_size_are_caught(monkeypatch):
    def made(key: str, item: str, lang: str, paper_key: str) -> tuple[list[Page], Paper]:
        paper = booklet.content_paper(booklet.FORMATS[paper_key][0])
        printing = Printing(paper=paper, words=i18n.words(lang))
        return list(documents.make_document(GAMES[key], ITEMS[item],
                                            options=GAMES[key].make_options(),
                                            printing=printing).pages), paper
    # A footer's first two lines, as it was set: Hex's board loses the end of "Blau
    # verbindet die beiden B-Seiten."
    monkeypatch.setattr(sheet, "two_lines", lambda text, width, keep=1: (
        text, sheet.wrap_words(text, sheet.SMALLEST_FOOTER, width=width)[:2]))
    assert any("footer" in f for f in cut_words(*made("hex", "board", "de", "a4")))
    monkeypatch.undo()
    # Every title set at its full size: the continued pad's runs off the page in Spanish,
    monkeypatch.setattr(sheet, "fitted", lambda text, size, *, width, font="regular": size)
    assert any("(continuación)" in f for f in cut_words(*made("hex-kb", "pad", "es", "a4")))
    # and Blind Hex's rules' title, with its edition, on a half-letter page.
    monkeypatch.setattr(textlayout, "fitted", lambda text, size, *, width, font="regular": size)
    assert any("edición con cartas" in f
               for f in cut_words(*made("blind-hex", "rules", "es", "letter")))


def test_a_footer_drops_whole_sentences_but_keeps_what_it_must():
    width = 60.0
    credit, hint = "Nex by João Pedro Neto, 2004.", "Cut along the grey lines. " * 4
    kept, lines = sheet.two_lines(f"{credit} {hint.strip()}", width)
    assert len(lines) <= 2 and kept.startswith(credit) and kept.endswith(".")
    advice = "507 counters of 6.9 mm in all: a Go set serves better, " * 3 + "truly."
    kept, lines = sheet.two_lines(f"{credit} {advice} {hint.strip()}", width, keep=2)
    assert kept == f"{credit} {advice}" and len(lines) == 2 and "Go" in " ".join(lines)
    # Control: without `keep`, the advice that does not fit goes with the rest.
    assert sheet.two_lines(f"{credit} {advice}", width)[0] == credit


def test_control_a_blank_mid_book_or_no_fillers_fail_a_home_booklet(home_booklets,
                                                                    monkeypatch):
    pages = home_booklets[("en", "a4", "blind-hex")]
    assert lone_game_faults(pages, 2) == []
    # A blank page after the rules' first page: a hole mid-book.
    holed = [*pages[:4], replace(pages[4], shapes=()), *pages[5:]]
    assert "page 5 blank mid-book" in lone_game_faults(holed, 2)
    # Without its pad and board, Blind Hex's three pages of rules leave two blank pages.
    monkeypatch.setattr(documents, "FILLERS", ())
    bare = documents.booklet_parts(["blind-hex"], [], printed=booklet.FORMATS["a4"][0],
                                   words=i18n.words("en"))[0]
    assert any("blank pages" in f for f in lone_game_faults(home_pages(bare, "a4", "en"), 2))
