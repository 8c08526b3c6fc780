"""The kit a player prints at home: a print guide first that names each part, every
back-to-back part on an odd page and the even page after it (every game, edition, paper and
language), the back offset and the gutter-fold cards, and a Letter kit no longer than A4's
in any language."""

from __future__ import annotations

import dataclasses
import functools
import subprocess
from pathlib import Path

import pytest

from generator import i18n
from generator.app import documents
from generator.core.palette import PALETTES
from generator.core.paper import NAMED
from generator.core.scene import Document, Text
from generator.games import KEYS, find
from generator.games.items import CARDS, ITEMS, WHOLE_KIT
from generator.layout import printguide, scorepad
from generator.layout.duplex import Backs, shifted
from generator.layout.printing import Printing
from tests.in_process import run_pnp

COLOUR = PALETTES["colour"]
CASES = [(key, variant) for key in KEYS for variant, _ in find(key).variants()]


def kit_and_parts(key: str, variant: str, paper: str, lang: str,
                  backs: Backs | None = None) -> tuple[Document, dict[str, Document]]:
    game = find(key)
    options = dict(game.variants())[variant]
    kit = documents.make_document(game, WHOLE_KIT, options=options,
                                  printing=Printing(paper=NAMED[paper], palette=COLOUR,
                                                    words=i18n.words(lang), backs=backs))
    keys = [i.key for i in game.items_for(options)]
    words = i18n.words(lang)
    parts = {item: game.make(ITEMS[item], options,
                             printing=Printing(paper=NAMED[paper], palette=COLOUR, words=words))
             for item in keys if item != "cards"}
    if "cards" in keys:
        parts["cards"] = game.pages().in_kit[CARDS](options,
                                                    Printing(paper=NAMED[paper], words=words))
    return kit, parts


@functools.cache
def made_once(key: str, variant: str, paper: str, lang: str) -> tuple[Document,
                                                                     dict[str, Document]]:
    """kit_and_parts for the checks that read a kit as it is made (no back offset, nothing
    patched): each kit made once in the run for all of them. The controls, which change how
    a kit is made, make theirs afresh with kit_and_parts."""
    return kit_and_parts(key, variant, paper, lang)


@pytest.fixture(scope="module", autouse=True)
def kits_let_go():
    """The kits made once (some 180 MB) are let go once this module's tests are done: the
    worker goes on to other modules."""
    yield
    made_once.cache_clear()


def duplex_faults(kit: Document, parts: dict[str, Document]) -> list[str]:
    """Each back-to-back part's fronts on odd pages (1-based), its backs on the page after."""
    faults = []
    for item, doc in parts.items():
        if not ITEMS[item].back_to_back:
            continue
        first = next((n for n, page in enumerate(kit.pages) if page == doc.pages[0]), None)
        if first is None:
            faults.append(f"{item} not in the kit")
            continue
        if first % 2:       # 0-based odd: printed on the back of a sheet
            faults.append(f"{item} starts on page {first + 1}")
        if list(kit.pages[first:first + len(doc.pages)]) != list(doc.pages):
            faults.append(f"{item}'s pages are not together")
    return faults


def concatenated(parts: dict[str, Document], order: tuple[str, ...]) -> Document:
    """The kit as it was made before: the items one after another, nothing between."""
    doc = parts[order[0]]
    for item in order[1:]:
        doc = doc + parts[item]
    return doc


@pytest.mark.parametrize("key, variant", CASES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_back_to_back_parts_fall_on_odd_and_even_pages(key, variant, paper):
    for lang in i18n.LANGUAGES:
        kit, parts = made_once(key, variant, paper, lang)
        assert duplex_faults(kit, parts) == [], (lang, key, variant, paper)


def test_the_check_catches_a_kit_made_without_blanks():
    """Control: the kit as it was (items end to end) has its cards' fronts on page 4 of the
    Blind Hex A4 kit, the back of the score pad."""
    _kit, parts = made_once("blind-hex", "cards", "a4", "en")
    old = concatenated(parts, ("rules", "board", "pad", "cards"))
    assert duplex_faults(old, parts) == ["cards starts on page 4"]


def guide_words(kit: Document) -> str:
    return " ".join(s.text for s in kit.pages[0].shapes if isinstance(s, Text))


@pytest.mark.parametrize("key, variant", CASES)
def test_the_guide_opens_every_kit_and_names_each_part(key, variant):
    for lang in i18n.LANGUAGES:
        kit, parts = made_once(key, variant, "a4", lang)
        spoken = i18n.words(lang)
        title = spoken._("How to print this kit")
        names = [spoken._(ITEMS[item].label) for item in parts]
        words = guide_words(kit).lower()
        assert title.lower() in words
        for name in names:
            assert name.lower() in words, (lang, name)
        # Control: the rule sheet's first page names not every part.
        assert title.lower() not in guide_words(Document(kit.pages[1:], "", "", lang="en")).lower()


def test_the_guide_offers_the_folded_cards_only_to_a_kit_with_cards():
    """Blind Hex's cards kit names its folded version, in words a player reads (no option
    flag); Hex KB's kit, which has no cards, offers none (the control)."""
    offers = {}
    for key, variant in (("blind-hex", "cards"), ("hex-kb", "standard")):
        for lang in i18n.LANGUAGES:
            kit, _parts = made_once(key, variant, "a4", lang)
            spoken = i18n.words(lang)
            folded = spoken._("If your printer cannot print both sides, print the folded "
                              "cards version of this kit: each card's front and back side "
                              "by side, to fold and glue.")
            words = guide_words(kit)
            assert "--" not in words, (key, lang)
            offers[key, lang] = " ".join(folded.split()[:6]) in words
    assert all(offers[("blind-hex", lang)] for lang in i18n.LANGUAGES)
    assert not any(offers[("hex-kb", lang)] for lang in i18n.LANGUAGES)


@pytest.mark.parametrize("key, variant", CASES)
def test_a_letter_kit_has_no_more_sheets_than_a4(key, variant):
    for lang in i18n.LANGUAGES:
        a4, _ = made_once(key, variant, "a4", lang)
        letter, _ = made_once(key, variant, "letter", lang)
        assert len(letter.pages) <= len(a4.pages), lang


def test_control_a_letter_kit_with_its_pad_on_two_sheets_is_longer(monkeypatch):
    """The Nex kit as it was, its Letter pad kept to two blocks of rows and so on two
    sheets: a page longer than A4's."""
    a4, _ = made_once("nex", "standard", "a4", "en")
    monkeypatch.setattr(scorepad, "writable",
                        lambda paper, pad, blocks: blocks == pad.record_blocks)
    letter, _ = kit_and_parts("nex", "standard", "letter", "en")
    assert len(letter.pages) > len(a4.pages)


def coin_words(page, words: i18n.Words) -> list[str]:
    return [s.text for s in page.shapes if isinstance(s, Text)
            and s.text == words._("a coin to flip")]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_pennies_pieces_share_the_guides_page(paper):
    """The tokens and coin, a fifth of a page, stand below the print guide, not on a sheet
    of their own: the kit is the guide and the other parts' pages, and says to print page 1
    on card stock."""
    for lang in i18n.LANGUAGES:
        kit, parts = made_once("blind-hex", "pennies", paper, lang)
        others = sum(len(doc.pages) for item, doc in parts.items() if item != "coins")
        assert len(kit.pages) == 1 + others, lang
        assert not any(page in kit.pages for page in parts["coins"].pages)
        spoken = i18n.words(lang)
        assert coin_words(kit.pages[0], spoken) and not any(coin_words(p, spoken)
                                                            for p in kit.pages[1:])
        name = spoken._(ITEMS["coins"].label)
        note = spoken._("Print page 1 on card stock: below this guide it holds the part "
                        "“%(part)s”.", part=name[:1].upper() + name[1:])
        assert note.split()[0] in guide_words(kit) and name[1:] in guide_words(kit)
        assert any(s.role and s.role.text == note for s in kit.pages[0].shapes
                   if isinstance(s, Text)), lang


def test_control_pieces_that_do_not_fit_below_the_guide_keep_their_page(monkeypatch):
    kit, parts = made_once("blind-hex", "pennies", "a4", "en")
    monkeypatch.setattr(printguide, "room_below", lambda paper: 100.0)
    own, _ = kit_and_parts("blind-hex", "pennies", "a4", "en")
    assert len(own.pages) == len(kit.pages) + 1
    assert own.pages[-1] == parts["coins"].pages[0] and not coin_words(own.pages[0], i18n.ENGLISH)
    assert "Print page 1 on card stock" not in guide_words(own)


def test_the_back_offset_moves_only_the_backs():
    plain, parts = made_once("blind-hex", "cards", "a4", "en")
    moved, _ = kit_and_parts("blind-hex", "cards", "a4", "en", Backs(offset=(1.5, -0.5)))
    cards = parts["cards"].pages
    first = plain.pages.index(cards[0])
    for i, page in enumerate(cards):
        expected = shifted(page, (1.5, -0.5)) if i % 2 else page
        assert moved.pages[first + i] == expected
        if i % 2:
            assert moved.pages[first + i] != page      # control: a back did move
    assert moved.pages[:first] == plain.pages[:first]


def test_gutter_fold_cards_need_no_back_pages():
    kit, parts = kit_and_parts("blind-hex", "cards", "a4", "en", Backs("gutter-fold"))
    assert not any(page in kit.pages for page in parts["cards"].pages)
    texts = [s.text for page in kit.pages for s in page.shapes if isinstance(s, Text)]
    assert not any("card backs" in t for t in texts)
    assert any("fronts above the fold" in t for t in texts)


def pdf_pages_text(path: Path) -> list[str]:
    count = int(next(line.split()[1] for line in subprocess.run(
        ["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout.splitlines()
        if line.startswith("Pages:")))
    # One pdftotext for the file: it ends each page's text with a form feed.
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    pages = text.split("\f")
    assert len(pages) == count + 1 and pages[-1] == "", (count, len(pages))
    return pages[:-1]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_printed_kit_backs_each_front_with_its_backs(tmp_path, paper):
    """Through the command line and poppler: every card-backs page is even and follows a
    page of fronts; blanks say so."""
    out = tmp_path / "kit.pdf"
    done = run_pnp("kit", "blind-hex", "--paper", paper, "-o", str(out), cwd=tmp_path,
                   text=True)
    assert done.returncode == 0, done.stderr
    texts = pdf_pages_text(out)
    backs = [n for n, t in enumerate(texts, 1) if "card backs" in t]
    assert backs
    for n in backs:
        assert n % 2 == 0 and "number cards" in texts[n - 2]
    assert "How to print this kit" in texts[0]
    for t in texts:
        if not t.strip(" \n\f"):
            pytest.fail("a page with nothing on it, not marked blank")


@pytest.mark.parametrize("value", ["1", "a,b", "11,0", "0,nan", "1,2,3"])
def test_a_back_offset_it_cannot_take_is_refused_in_one_line(tmp_path, value):
    done = run_pnp("kit", "blind-hex", "--back-offset", value, "-o", str(tmp_path / "k.pdf"),
                   cwd=tmp_path, text=True)
    assert done.returncode == 2
    assert done.stderr.startswith("pnp: ") and len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "k.pdf").exists()


def test_calibration_sheet_is_two_pages_with_its_scales(tmp_path):
    out = tmp_path / "cal.pdf"
    assert run_pnp("kit", "blind-hex", "--backs", "calibrate", "-o", str(out), cwd=tmp_path,
                   text=True).returncode == 0
    texts = pdf_pages_text(out)
    assert len(texts) == 2
    assert "front" in texts[0] and "back" in texts[1]
    assert all(f"{mm:+d}" in texts[1] for mm in (-8, -4, 4, 8))


@pytest.mark.parametrize("args, where", [
    (("kit", "hex", "--backs", "calibrate"), "it is for pnp kit blind-hex"),
    (("kit", "blind-hex", "--edition", "pennies", "--backs", "gutter-fold"),
     "nothing in it prints back to back"),
    # Hex KB's puzzle and its solution print on sheets of their own: nothing to turn over.
    (("kit", "hex-kb", "--backs", "gutter-fold"), "it is for pnp kit blind-hex"),
    (("kit", "blind-hex", "--backs", "gutter-fold", "--back-offset", "1,1"),
     "with --backs gutter-fold it changes nothing")])
def test_a_backs_option_that_changes_nothing_is_refused_with_where_it_does(tmp_path, args,
                                                                          where):
    """A kit with nothing back to back, or no cards to fold, is the same kit whatever its
    --backs; refused, each names why (and where the option is for). Control: the same
    option where it changes the kit is taken (the cards kit to fold)."""
    done = run_pnp(*args, cwd=tmp_path, text=True)
    assert done.returncode == 2 and where in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == []
    assert run_pnp("kit", "blind-hex", "--backs", "gutter-fold", cwd=tmp_path).returncode == 0
    assert [p.name for p in tmp_path.iterdir()] == ["blind-hex-cards-kit-gutter-fold.pdf"]


# --- double-sided where there are two sides -------------------------------------------------

def row_cells(kit: Document, name: str) -> list[str]:
    """The guide table's row for the part named so: each cell whole, as its first line
    (on the row's line) is tagged with it. Where the guide stands in a narrow column beside
    the cover's picture, a part is a list's entry: its pages and name on one line, how to
    print it (whole, as tagged) on the next."""
    texts = [s for s in kit.pages[0].shapes if isinstance(s, Text)]
    at = next((s.position.y for s in texts if s.text == name), None)
    if at is None:
        entry = next(s for s in texts if s.role and s.role.text.endswith(f"  {name}"))
        below = min((s for s in texts if s.position.y > entry.position.y + 1e-6
                     and abs(s.position.x - entry.position.x) < 1e-6),
                    key=lambda s: s.position.y)
        return [*entry.role.text.split("  ", 1), below.role.text if below.role else below.text]
    return [s.role.text if s.role else s.text for s in sorted(texts, key=lambda s: s.position.x)
            if abs(s.position.y - at) < 1e-6]


def says_rules_double_sided(kit: Document, lang: str) -> bool:
    spoken = i18n.words(lang)
    said = spoken._("Every page prints on one side; print the rules double-sided if you "
                    "like.")
    # The sentence's last words, as wrapped onto the guide's last line of it.
    return " ".join(said.split()[-3:]) in guide_words(kit)


@pytest.mark.parametrize("key, variant", CASES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guide_says_double_sided_only_where_the_rules_have_two_sides(key, variant, paper):
    wrong = []
    for lang in i18n.LANGUAGES:
        kit, parts = made_once(key, variant, paper, lang)
        if says_rules_double_sided(kit, lang) != (len(parts["rules"].pages) > 1):
            wrong.append((lang, len(parts["rules"].pages)))
    assert wrong == []


def test_control_one_page_rules_once_were_told_to_print_double_sided():
    kit, parts = made_once("hex", "standard", "a4", "en")
    assert len(parts["rules"].pages) == 1
    placed = printguide.Placed("Rules", 2, 2, False, two_sided_if_long=True)
    assert not placed.two_sided
    assert dataclasses.replace(placed, last=3).two_sided


def puzzle_backed(kit: Document, lang: str) -> bool:
    """Whether the guide has the Hex KB puzzle printed back to back (its solution on the
    puzzle's back), read from the puzzle's row of the guide's table."""
    spoken = i18n.words(lang)
    name = spoken._(ITEMS["puzzle"].label)
    name = name[:1].upper() + name[1:]
    backed = printguide.how(printguide.Placed(name, 1, 2, True), words=i18n.words(lang))
    return backed in row_cells(kit, name)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_hex_kb_solution_is_never_on_the_back_of_its_puzzle(paper):
    for lang in i18n.LANGUAGES:
        kit, parts = made_once("hex-kb", "standard", paper, lang)
        question, answer = parts["puzzle"].pages
        at = kit.pages.index(question)
        assert kit.pages[at + 1] == answer       # the next page, on a sheet of its own
        assert not puzzle_backed(kit, lang), lang
        assert not says_rules_double_sided(kit, lang) or len(parts["rules"].pages) > 1


def test_control_a_puzzle_printed_back_to_back_is_caught():
    """The kit as once made: its puzzle item back to back."""
    game = find("hex-kb")
    options = game.options()
    backed = [dataclasses.replace(i, back_to_back=True) if i.key == "puzzle" else i
              for i in game.items_for(options)]
    from generator.games.kit import assemble
    printing = Printing(paper=NAMED["a4"])
    kit = assemble(game.title, backed, drawn=game.pages(), options=options,
                   part=lambda item: game.make(ITEMS[item.key], options, printing=printing),
                   printing=printing)
    assert puzzle_backed(kit, "en")
