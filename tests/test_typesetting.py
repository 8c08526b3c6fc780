"""Rule sheets set as a publisher sets them, for every game, edition, language (and the
40%-longer pseudo-language) and paper: the page counts the README states, no last page worth
saving left nearly empty and none under a third full, no heading at a column's foot, no
widow or orphan, words hyphenated only where the dictionary allows (booklets:
test_booklet_pages.py). Each check has a control that fails it. The sheets are set once for
the module."""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from generator import i18n
from generator.app import documents
from generator.core.palette import COLOUR
from generator.core.paper import NAMED
from generator.games import GAMES
from generator.games.items import ITEMS
from generator.i18n import ENGLISH
from generator.layout import flow, textlayout
from generator.layout.hyphenation import core, names_in, positions
from generator.layout.printing import Printing
from generator.layout.textlayout import FITTING, THIRD, Sheet, parse

LANGUAGES = [*i18n.LANGUAGES, i18n.PSEUDO]
PAPERS = ["a4", "letter", "a5"]
README = Path(__file__).resolve().parents[1] / "docs" / "typesetting.md"
CASES = [(key, variant, lang, paper) for key in sorted(GAMES)
         for variant, _ in GAMES[key].variants() for lang in LANGUAGES for paper in PAPERS]


@dataclass
class Setting:
    """One rule sheet as the setter left it: the sheet in the style chosen, its columns
    (balanced), and what it was set from."""
    sheet: Sheet
    columns: list[flow.Column]
    blocks: list
    figures: dict
    footer: str
    lang: str

    def pages(self) -> int:
        return self.sheet.page_count(self.columns)


@contextmanager
def recording(out: list[Setting], lang: str):
    """typeset's fitting and balancing, recorded as the game's rule sheet calls them."""
    fit, balance = textlayout.fit, textlayout.balance
    seen: dict = {}

    def fit_(blocks, figures, *, footer_text="", **side):
        # As every Sheet of the fitting takes them: figures numbered, and named so.
        numbered_blocks, numbered_figures = textlayout.numbered(blocks, figures,
                                                                words=side["words"])
        seen.update(blocks=numbered_blocks, figures=numbered_figures, footer=footer_text)
        return fit(blocks, figures, footer_text=footer_text, **side)

    def balance_(sheet, columns):
        balanced = balance(sheet, columns)
        out.append(Setting(sheet, balanced, seen["blocks"], seen["figures"], seen["footer"],
                           lang))
        return balanced
    textlayout.fit, textlayout.balance = fit_, balance_
    try:
        yield
    finally:
        textlayout.fit, textlayout.balance = fit, balance


def set_rules(key: str, variant: str, lang: str, paper) -> Setting:
    game = GAMES[key]
    options = dict(game.variants())[variant]
    found: list[Setting] = []
    # Set afresh, not read from the documents kept: the setting is watched as it is made.
    documents.forget_documents()
    with recording(found, lang):
        documents.make_document(game, ITEMS["rules"], options=options,
                                printing=Printing(paper=paper, words=i18n.words(lang)))
    return found[-1]


@pytest.fixture(scope="module")
def settings() -> dict[tuple[str, str, str, str], Setting]:
    return {case: set_rules(*case[:3], NAMED[case[3]]) for case in CASES}


# --- page counts, as the README states them ----------------------------------------------

def readme_pages() -> dict[tuple[str, str, str, str], int]:
    """The README's table of pages per rule sheet: game, edition, paper, then a column per
    language."""
    text = README.read_text(encoding="utf-8")
    section = text.split("### Pages of each rule sheet", 1)[1].split("\n###", 1)[0]
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in section.splitlines() if line.startswith("|")]
    assert rows, "the README has no table of pages per rule sheet"
    header, body = rows[0], rows[2:]
    langs = [re.match(r"\w+", h).group() for h in header[3:]]     # "xx (pseudo)" is xx
    return {(key.strip("`"), edition, lang, paper.lower()): int(n)
            for key, edition, paper, *counts in body for lang, n in zip(langs, counts,
                                                                          strict=True)}


def page_count_faults(found: dict, stated: dict) -> list[str]:
    return [f"{'/'.join(case)}: {setting.pages()} pages, README says {stated.get(case)}"
            for case, setting in found.items() if stated.get(case) != setting.pages()]


def test_every_rule_sheet_takes_the_pages_the_readme_states(settings):
    stated = readme_pages()
    assert page_count_faults(settings, stated) == []
    # Control: a sheet one page longer than the README says is caught.
    case = next(iter(settings))
    assert page_count_faults(settings, {**stated, case: stated[case] + 1})


def test_blind_hex_fits_one_page_of_a4_and_of_letter_in_every_language(settings):
    # The README's table says so too; this keeps the promise if the table were changed.
    one = [s.pages() for (key, _, lang, paper), s in settings.items()
           if key == "blind-hex" and lang in i18n.LANGUAGES and paper != "a5"]
    assert one and set(one) == {1}


# --- the last page --------------------------------------------------------------------------

def wasted_page(setting: Setting) -> bool:
    """A last page less than a third full that the tightest setting would have saved."""
    sheet, columns = setting.sheet, setting.columns
    if setting.pages() == 1 or sheet.last_fill(sheet.set()) >= THIRD:
        return False
    tightest = Sheet(setting.blocks, setting.figures,
                     paper=sheet.paper, colours=COLOUR, style=FITTING[-1],
                     footer_text=setting.footer, words=i18n.words(setting.lang))
    return tightest.page_count(tightest.set()) < sheet.page_count(columns)


def test_no_sheet_takes_a_page_for_a_few_lines_it_could_have_saved(settings):
    assert [c for c, s in settings.items() if wasted_page(s)] == []
    # Control: the same sheets set at the usual spacing, untightened, waste pages.
    untightened = []
    for case in [("blind-hex", "cards", "pt", "a4"), ("blind-hex", "pennies", "de", "letter")]:
        setting = settings[case]
        plain = Sheet(setting.blocks, setting.figures, paper=setting.sheet.paper, colours=COLOUR,
                      style=FITTING[0], footer_text=setting.footer, words=i18n.words(setting.lang))
        untightened.append(wasted_page(replace(setting, sheet=plain, columns=plain.set())))
    assert untightened == [True, True]


def test_no_sheet_ends_on_a_page_under_a_third_full(settings):
    """Saved or filled: every sheet of more than one page (A4, Letter and A5, every language
    and the pseudo-language) fills at least a third of its last page."""
    def thin(setting: Setting) -> bool:
        return setting.pages() > 1 and setting.sheet.last_fill(setting.sheet.set()) < THIRD
    assert [c for c, s in settings.items() if thin(s)] == []
    # Control: the Portuguese Blinq sheet on A4 set as it was, at the usual spacing, takes
    # two pages with its second under a third full; so does the English one on Letter.
    for case in [("blinq", "standard", "pt", "a4"), ("blinq", "standard", "en", "letter")]:
        setting = settings[case]
        plain = Sheet(setting.blocks, setting.figures, paper=setting.sheet.paper, colours=COLOUR,
                      style=FITTING[0], footer_text=setting.footer, words=i18n.words(setting.lang))
        assert thin(replace(setting, sheet=plain, columns=plain.set())), case


def test_a_filled_sheet_keeps_its_pages_and_a_body_of_readable_size(settings):
    """Loosening fills the last page without taking a page more, and never sets the body
    smaller than the usual size nor larger than 10.2 pt."""
    for case, setting in settings.items():
        style = setting.sheet.style
        assert textlayout.STYLE.body <= style.body <= 3.6 + 1e-9, case
        if style in textlayout.FILLING:
            plain = Sheet(setting.blocks, setting.figures, paper=setting.sheet.paper,
                          colours=COLOUR, style=FITTING[0], footer_text=setting.footer,
                          words=i18n.words(setting.lang))
            assert plain.page_count(plain.set()) == setting.pages(), case


# --- keeping together -----------------------------------------------------------------------

def column_faults(setting: Setting) -> list[str]:
    """Headings ending a column, and paragraphs leaving one line alone at a column's foot
    or head (a paragraph longer than a column aside)."""
    items, faults = setting.sheet.items, []
    columns = [[i for i, _ in c if items[i].figure is None] for c in setting.columns]
    for n, column in enumerate(columns[:-1]):
        if column and items[column[-1]].kind == "heading":
            faults.append(f"column {n + 1} ends with a heading")
        after = columns[n + 1]
        if not column or not after or items[column[-1]].block != items[after[0]].block:
            continue
        block = items[column[-1]].block
        here = sum(items[i].block == block for i in column)
        there = sum(items[i].block == block for i in after)
        if min(here, there) < 2:
            faults.append(f"column {n + 1}: a paragraph split {here} + {there}")
    return faults


def test_no_heading_ends_a_column_and_no_line_stands_alone(settings):
    assert {c: f for c, s in settings.items() if (f := column_faults(s))} == {}


def test_control_without_keeping_headings_end_columns_and_lines_stand_alone():
    found: set[str] = set()
    for sentences in range(3, 12):
        markup = "\n\n".join(f"## Heading {n}\n\n" + "Words of a paragraph to fill. "
                             * (sentences + n % 5) for n in range(60))
        kept = Sheet(parse(markup), {}, paper=NAMED["a4"], colours=COLOUR, words=ENGLISH)
        assert column_faults(Setting(kept, kept.set(), [], {}, "", "en")) == []
        loose = Sheet(parse(markup), {}, paper=NAMED["a4"], colours=COLOUR, words=ENGLISH)
        loose.items = [replace(box, keep=False) for box in loose.items]
        found |= {"heading" if "heading" in f else "split"
                  for f in column_faults(Setting(loose, loose.set(), [], {}, "", "en"))}
    assert found == {"heading", "split"}


# --- hyphenation -----------------------------------------------------------------------------

def hyphen_faults(lines: list[tuple[int, str]], lang: str, names: frozenset[str],
                  source: dict[int, str]) -> list[str]:
    """Lines (block, text) in reading order: a word split at a line end where the text has
    no hyphen must be split where the dictionary allows, and never be a name, notation or a
    number; no more than two hyphenated line ends in a row."""
    faults, in_a_row = [], 0
    for (block, text), (next_block, following) in zip(lines, lines[1:], strict=False):
        if block != next_block or not re.search(r"\w-$", text):
            in_a_row = 0
            continue
        head = text.split()[-1][:-1]
        tail = following.split()[0] if following.split() else ""
        if f"{head}-{tail}" in source[block] or f"{head}-" in source[block].split():
            in_a_row = 0
            continue                      # a hyphen of the text's own
        in_a_row += 1
        lead, word, _ = core(head + tail)
        at = len(head) - len(lead)
        if at not in positions(word, lang):
            faults.append(f"{head}-{tail}: not where the dictionary allows")
        if (re.search(r"[\d_]", word) or word in names or any(c.isupper() for c in word[1:])
                or (word[:1].isupper() and lang not in ("de",))):
            faults.append(f"{head}-{tail}: a name, notation or number split")
        if in_a_row > 2:
            faults.append(f"{head}-{tail}: a third hyphen in a row")
    return faults


def sheet_lines(setting: Setting) -> list[tuple[int, str]]:
    items = setting.sheet.items
    return [(items[i].block, "".join(t for t, _ in items[i].runs))
            for column in setting.columns for i, _ in column if items[i].figure is None]


def test_words_are_hyphenated_only_where_the_dictionary_allows(settings):
    faults, hyphenated = {}, 0
    for case, setting in settings.items():
        title = setting.sheet.title or ""
        source = {k: block.text for k, block in enumerate(setting.blocks[1 if title else 0:])}
        lines = sheet_lines(setting)
        hyphenated += sum(bool(re.search(r"\w-$", text)) for _, text in lines)
        found = hyphen_faults(lines, setting.lang, names_in(title, setting.footer), source)
        if found:
            faults[case] = found
    assert faults == {} and hyphenated > 0


def test_control_bad_hyphens_are_caught():
    source = {0: "Don Kirkby designed it; jogadores escolhem c3 and 11 more words here"}
    names = names_in("Blind Hex", "Blind Hex by Don Kirkby")
    good = [(0, "Don Kirkby designed it; jo-"), (0, "gadores escolhem c3")]
    assert hyphen_faults(good, "pt", names, source) == []
    assert hyphen_faults([(0, "Don Kir-"), (0, "kby designed")], "pt", names, source)
    assert hyphen_faults([(0, "it; jog-"), (0, "adores escolhem")], "pt", names, source)
    assert hyphen_faults([(0, "escolhem c-"), (0, "3 and")], "pt", names, source)
    three = [(0, "jo-"), (0, "gadores es-"), (0, "colhem jo-"), (0, "gadores")]
    assert any("third" in f for f in hyphen_faults(three, "pt", names, source))


def test_no_sheet_hyphenates_more_than_a_typesetter_would(settings):
    shares = {case: textlayout.hyphenated_share(s.sheet.items) for case, s in settings.items()}
    over = {case: f"{share:.1%}" for case, share in shares.items()
            if share > textlayout.MOST_HYPHENATED}
    assert over == {} and max(shares.values()) > 0


def test_control_the_hyphen_limit_is_what_keeps_the_german_sheets_under_it(monkeypatch):
    # Without the looser settings, Hex KB's German sheet on Letter hyphenated a fifth of
    # its lines; the share check sees it.
    monkeypatch.setattr(textlayout, "LOOSER_SLACKS", ())
    setting = set_rules("hex-kb", "standard", "de", NAMED["letter"])
    assert textlayout.hyphenated_share(setting.sheet.items) > textlayout.MOST_HYPHENATED


def test_misleading_breaks_are_never_made():
    """Words whose dictionary break misleads ("diesel-ben", "been-det", "inven-ted") split
    only where the exception list allows; the control is the dictionary's own break."""
    from generator.layout import hyphenation
    for lang, word, misleading, allowed in [("de", "dieselben", 6, 3), ("de", "beendet", 4, 2),
                                            ("en", "invented", 5, 2), ("de", "Regelblatt", 2, 5)]:
        hyphenation.exceptions.cache_clear()
        assert positions(word, lang) == (allowed,)
        dictionary = hyphenation.dictionary(lang)
        assert dictionary is not None
        assert misleading in dictionary.positions(word)


def test_no_heading_leaves_one_word_alone_and_every_title_sits_alike(settings):
    alone, tops = [], set()
    for case, setting in settings.items():
        items = setting.sheet.items
        by_heading: dict[int, list] = {}
        for box in items:
            if box.kind == "heading":
                by_heading.setdefault(box.block, []).append(box)
        for lines in by_heading.values():
            last = "".join(t for t, _ in lines[-1].runs).split()
            if len(lines) > 1 and len(last) == 1:
                alone.append((case, last[0]))
        if setting.sheet.title is not None:
            tops.add(round(setting.sheet.first_top - setting.sheet.paper.margin, 6))
    assert alone == [] and len(tops) == 1


def test_control_a_heading_set_greedily_leaves_a_word_alone():
    from generator.fonts import text_width
    text = "Wie man eine Partie aufschreibt und liest"
    size = 4.6
    width = text_width("Wie man eine Partie aufschreibt und", size, role="bold") + 1.0
    greedy = flow.wrap(text, width, size=size, base="bold", lang="", hyphenate=False)
    assert len(greedy) == 2 and len("".join(t for t, _ in greedy[-1]).split()) == 1
    balanced = flow.balanced(text, width, size=size)
    assert len(balanced) == 2 and len("".join(t for t, _ in balanced[-1]).split()) > 1
