"""Languages: every printed string in every shipped language, through the ecosystem's own
workflow (Babel's catalogues, gettext's compiled files), laid out within the page checks.

The catalogue checks (test_message_catalogues.py) read the .po files with Babel, as a
translator's tools do; the layout checks run the whole catalogue in a pseudo-language (every
message 40% longer, accented) so an overflow shows before a real translation finds it; the
text checks read the printed PDF with poppler. Each check has a control it must reject.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from functools import cache
from pathlib import Path

import pytest
import sweeps
from cases import case_id, item_cases
from click.testing import CliRunner
from test_message_catalogues import LOCALES, SHIPPED, read_catalogue
from test_pages import leaves, margin_ink, off_square, small_text

from generator import i18n
from generator.app import documents
from generator.core.geometry import Point
from generator.core.paper import Paper, parse_paper
from generator.core.scene import Document, Page, Text
from generator.fonts import CAP_HEIGHT, DESCENT, FILES, text_width
from generator.games import GAMES
from generator.games.items import ITEMS
from generator.layout.printing import Printing
from generator.layout.textlayout import FITTING, STYLE, TWO_COLUMNS_FROM
from generator.render.pdf import document_pdf
from generator.ui import studio
from generator.ui.cli import main

ROOT = Path(__file__).resolve().parent.parent
PAPERS = ("a4", "letter")
PLACEHOLDER = re.compile(r"%\(\w+\)s|%%")

CASES = item_cases(PAPERS)


@cache
def document(key: str, variant: str, item: str, paper: str, lang: str) -> Document:
    game = GAMES[key]
    return documents.make_document(game, ITEMS[item], options=dict(game.variants())[variant],
                                   printing=Printing(paper=parse_paper(paper),
                                                     words=i18n.words(lang)))


# --- layout in every language, and in the pseudo-language ----------------------------------


def column_overflow(page: Page, paper: Paper) -> list[str]:
    """A rule sheet's text outside its columns, as one of the setter's styles lays them
    (textlayout.FITTING: the tightest has a narrower gutter), or, for the title, the text
    area; and text reaching into the footer line, the lowest text on the page."""
    return min((_overflow(page, paper, gutter) for gutter in {s.gutter for s in FITTING}),
               key=len)


def _overflow(page: Page, paper: Paper, gutter: float) -> list[str]:
    columns = 2 if paper.inner_width >= TWO_COLUMNS_FROM else 1
    width = (paper.inner_width - (columns - 1) * gutter) / columns
    spans = [(paper.margin + k * (width + gutter),
              paper.margin + k * (width + gutter) + width) for k in range(columns)]
    # In order down the page (what a page sets after its text, a player aid's cards, comes
    # later in its shapes but stands above the footer).
    texts = sorted((s for s in leaves(page.shapes) if isinstance(s, Text)),
                   key=lambda s: s.position.y)
    # The footer: the lowest text, and the line above it when it takes two.
    lines = 2 if (len(texts) > 1 and texts[-2].size == texts[-1].size
                  and texts[-2].anchor == "middle" == texts[-1].anchor
                  and texts[-2].position.x == texts[-1].position.x) else 1
    footer, body = texts[-lines], texts[:-lines]
    problems = []
    footer_top = footer.position.y - CAP_HEIGHT * footer.size
    for t in body:
        advance = text_width(t.text, t.size, role=t.font)
        left = t.position.x - {"start": 0.0, "middle": advance / 2, "end": advance}[t.anchor]
        right = left + advance
        inside = spans + ([(paper.margin, paper.width - paper.margin)]
                          if t.size >= STYLE.title else [])
        if t.angle == 0 and not any(a - 0.3 <= left and right <= b + 0.3 for a, b in inside):
            problems.append(f"{t.text[:40]!r} spans {left:.1f}-{right:.1f} mm")
        if t.position.y + DESCENT * t.size > footer_top + 0.05:
            problems.append(f"{t.text[:40]!r} reaches the footer")
    return problems


def page_problems(doc: Document, paper: Paper, rules: bool) -> list[str]:
    problems = []
    for n, page in enumerate(doc.pages, start=1):
        found = small_text(page) + margin_ink(page, paper) + off_square(page)
        if rules:
            found += column_overflow(page, paper)
        problems += [f"page {n}: {p}" for p in found]
    return problems


def test_control_text_across_the_gutter_or_on_the_footer_is_caught():
    paper = parse_paper("a4")
    doc = document("hex-kb", "standard", "rules", "a4", i18n.SOURCE)
    page = doc.pages[0]
    assert column_overflow(page, paper) == []
    footer = [s for s in page.shapes if isinstance(s, Text)][-1]
    wide = Text(Point(paper.margin + 50, 100), "a line far too long " * 8, 3.3,
                "#000000")
    low = Text(Point(paper.margin, footer.position.y), "on the footer", 3.3, "#000000")
    for bad in (wide, low):
        shapes = page.shapes[:-1] + (bad, footer)
        assert column_overflow(Page(page.width, page.height, shapes), paper)
    # A page whose player aids are set after its footer: the footer is still found, and a
    # line on it set last is caught.
    aided = document("nex", "standard", "rules", "a4", i18n.SOURCE).pages[1]
    assert column_overflow(aided, paper) == []
    low_last = Text(Point(paper.margin, max(s.position.y for s in aided.shapes
                                            if isinstance(s, Text))), "on the footer", 3.3,
                    "#000000")
    assert column_overflow(Page(aided.width, aided.height, (*aided.shapes, low_last)), paper)


def cases_in_languages() -> list:
    """Every item on each paper in each language and the pseudo-language. `make test` lays
    out every item in the pseudo-language, the longest text, built to show an overflow
    first; and the shipped languages on the diagonal, in turn down the items, so each is
    laid out there (the same layout code, other words). The rest are the exhaustive tier's."""
    return [pytest.param(case, lang, id=f"{lang}-{case_id(case)}",
                         marks=() if lang == i18n.PSEUDO else marks)
            for case, lang, marks in sweeps.on_the_diagonal(
                CASES, [*SHIPPED, i18n.PSEUDO],
                reason="each item and each language kept on the diagonal")]


@pytest.mark.parametrize("case, lang", cases_in_languages())
def test_every_page_holds_in_every_language(case, lang):
    """Text size, margins, hex cells square, and on rule sheets every line in its column
    and above the footer: in each language and in the pseudo-language."""
    key, variant, item, paper = case
    doc = document(key, variant, item, paper, lang)
    assert page_problems(doc, parse_paper(paper), item == "rules") == []


def booklet_cases() -> list:
    """Each language on A4 and the pseudo-language, the longest text, on Letter too in
    `make test`; each shipped language on Letter is the exhaustive tier's (the booklet's
    Letter layout is the pseudo-language's case, its words each language's A4 case)."""
    later = pytest.mark.exhaustive(reason="Letter kept in the pseudo-language, A4 in each")
    return [pytest.param(lang, paper,
                         marks=() if paper == "a4" or lang == i18n.PSEUDO else later)
            for paper in ("a4", "letter") for lang in [*SHIPPED, i18n.PSEUDO]]


@pytest.mark.parametrize("lang, paper", booklet_cases())
def test_booklets_and_kits_hold_in_every_language(lang, paper):
    booklet = documents.booklet_document(sorted(GAMES), [ITEMS["board"]], paper_key=paper,
                                         words=i18n.words(lang))
    sheet = parse_paper(paper).turned()
    assert page_problems(booklet, sheet, False) == []


def test_control_the_pseudo_language_is_longer_and_keeps_placeholders():
    message = "The board: %(N)s × %(N)s spaces, **bold** and *c4* [figure glyph-key] 100%%"
    stretched = i18n.pseudo(message)
    assert len(stretched) > len(message)
    prose = "The board has spaces whose edges carry hash marks"
    assert len(i18n.pseudo(prose)) >= 1.4 * len(prose)
    assert PLACEHOLDER.findall(stretched) == PLACEHOLDER.findall(message)
    assert "**" in stretched and "[figure glyph-key]" in stretched and "c4" in stretched
    assert stretched % {"N": 11}


def test_the_pseudo_language_runs_longer_than_english():
    """So that its layout is the harder test: more lines, more pages."""
    english = document("hex-kb", "standard", "rules", "a4", i18n.SOURCE)
    pseudo = document("hex-kb", "standard", "rules", "a4", i18n.PSEUDO)
    german = document("hex-kb", "standard", "rules", "a4", "de")
    count = len  # pages
    assert count(pseudo.pages) >= count(german.pages) >= count(english.pages)


# --- the words: translated, and in the embedded font -------------------------------------


def pdf_text(doc: Document, tmp_path: Path, name: str) -> str:
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(document_pdf(doc))
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], check=True,
                         capture_output=True, text=True).stdout
    return " ".join(out.split())


ENGLISH_TEXTS: dict[tuple[str, str], str] = {}


def english_text(key: str, variant: str, tmp_path: Path) -> str:
    """The English rule sheet's printed text, written and read once for the module (each
    language's case compares against the same one)."""
    if (key, variant) not in ENGLISH_TEXTS:
        ENGLISH_TEXTS[key, variant] = pdf_text(document(key, variant, "rules", "a4",
                                                        i18n.SOURCE), tmp_path, "en")
    return ENGLISH_TEXTS[key, variant]


def sentences(text: str) -> set[str]:
    """Sentences of four words or more, as a printed page reads; a figure's run of labels
    (cell numbers, side letters) is not a sentence, so at least four words of letters."""
    parts = re.split(r"(?<=[.:;!?])\s+", text)
    return {p.strip() for p in parts
            if sum(1 for w in p.split() if re.fullmatch(r"[^\W\d_]{2,}\W*", w)) >= 4}


def english_left(english: str, translated: str) -> list[str]:
    return sorted(s for s in sentences(english) if s in translated)


RULE_CASES = [(key, variant) for key in sorted(GAMES) for variant, _ in GAMES[key].variants()]


@pytest.mark.parametrize("lang", SHIPPED)
@pytest.mark.parametrize("key, variant", RULE_CASES)
def test_no_english_sentence_is_left_on_a_rule_sheet(key, variant, lang, tmp_path):
    english = english_text(key, variant, tmp_path)
    translated = pdf_text(document(key, variant, "rules", "a4", lang), tmp_path, lang)
    assert len(sentences(english)) > 20
    assert english_left(english, translated) == []
    assert english_left(english, english)          # control: English is all English


def test_the_licence_keeps_its_name_and_the_credits_their_names():
    for lang in SHIPPED:
        text = " ".join(s.text for p in document("blind-hex", "cards", "rules", "a4",
                                                 lang).pages
                        for s in [s for s in leaves(p.shapes) if isinstance(s, Text)][:-1])
        for kept in ("Creative Commons Attribution-ShareAlike 3.0", "CC-BY-SA 3.0",
                     "Don Kirkby", "donkirkby.github.io/blind-hex", "Piet Hein", "John Nash",
                     "Richard Vickery"):
            assert kept in text, (lang, kept)


def font_has(role: str):
    from reportlab.pdfbase.ttfonts import TTFont

    from generator.fonts import _font_dir
    face = TTFont(f"check-{role}", str(Path(_font_dir()) / FILES[role])).face
    return lambda ch: ord(ch) in face.charToGlyph


def missing_glyphs(text: str) -> set[str]:
    found = set()
    for role in FILES:
        has = font_has(role)
        found |= {ch for ch in set(text) if ch.isprintable() and ch != " " and not has(ch)}
    return found


def test_every_character_of_every_catalogue_is_in_the_embedded_font():
    text = "ãõçñ¿¡ßäöüÄÖÜ„“‚‘«»"
    for lang in SHIPPED:
        text += "".join(m.string if isinstance(m.string, str) else "".join(m.string)
                        for m in read_catalogue(LOCALES / lang / "LC_MESSAGES" / "pnp.po"))
    text += "".join(i18n.pseudo(m.id if isinstance(m.id, str) else m.id[0])
                    for m in read_catalogue(LOCALES / "pnp.pot") if m.id)
    assert missing_glyphs(text) == set()
    assert missing_glyphs("ŉ☃") == {"ŉ", "☃"}       # control: Vera lacks these


@pytest.mark.parametrize("lang", [*SHIPPED, i18n.PSEUDO])
def test_no_printed_character_lacks_a_glyph(lang):
    text = "".join(s.text for key, variant, item, paper in CASES if paper == "a4"
                   for page in document(key, variant, item, paper, lang).pages
                   for s in leaves(page.shapes) if isinstance(s, Text))
    assert missing_glyphs(text) == set()


# --- the command line, the studio and the catalogue folder ----------------------------------


def test_lang_on_the_command_line(tmp_path):
    runner = CliRunner()

    def run(*args: str) -> None:
        result = runner.invoke(main, list(args))
        assert result.exit_code == 0, result.output

    de, en, en2, booklet = (tmp_path / n for n in ("de.pdf", "en.pdf", "en2.pdf", "b.pdf"))
    run("rules", "nex", "--lang", "de", "-o", str(de))
    run("rules", "nex", "-o", str(en))
    run("rules", "nex", "--lang", "en", "-o", str(en2))
    run("booklet", "blinq", "--lang", "es", "-o", str(booklet))
    assert en.read_bytes() == en2.read_bytes()
    text = subprocess.run(["pdftotext", str(de), "-"], capture_output=True, text=True).stdout
    assert "Das Ziel" in text and "The goal" not in text
    text = subprocess.run(["pdftotext", str(booklet), "-"], capture_output=True,
                          text=True).stdout
    assert "Cómo imprimir este cuadernillo" in text
    info = subprocess.run(["pdfinfo", str(de)], capture_output=True, text=True).stdout
    assert "Title:           Nex: Regeln" in info
    empty = tmp_path / "empty"
    empty.mkdir()
    bad = subprocess.run([sys.executable, "-m", "generator.ui.cli", "rules", "nex", "--lang", "fr"],
                         capture_output=True, text=True, cwd=empty,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert bad.returncode == 2 and bad.stderr.startswith("pnp: ")
    assert len(bad.stderr.splitlines()) == 1 and not list(empty.iterdir())


def test_the_studio_offers_the_language_and_prints_in_it():
    game = GAMES["hex-kb"]
    fields = {f.name: f for f in studio.fields(game, "rules")}
    assert fields["lang"].control == "select"
    assert fields["lang"].choices == i18n.LANGUAGES and fields["lang"].default == "en"
    made = studio.make(studio.request_from({"game": ["hex-kb"], "item": ["rules"],
                                            "lang": ["pt"]}))
    words = " ".join(s.text for s in made.document.pages[0].shapes if isinstance(s, Text))
    assert "O tabuleiro" in words and made.document.title == "Hex KB: regras"
    assert "janelas" in made.figures[0]
    english = studio.make(studio.request_from({"game": ["hex-kb"], "item": ["rules"]}))
    assert english.document.title == "Hex KB: rules"      # control


def test_languages_do_not_leak_between_threads():
    titles: dict[str, str] = {}

    def make(lang: str) -> None:
        for _ in range(3):
            doc = documents.make_document(GAMES["blinq"], ITEMS["pad"],
                                          options=GAMES["blinq"].options(),
                                          printing=Printing(paper=parse_paper("a4"),
                                                            words=i18n.words(lang)))
        titles[lang] = doc.title
    threads = [threading.Thread(target=make, args=(lang,)) for lang in i18n.LANGUAGES]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(titles.values())) == len(i18n.LANGUAGES)
    assert titles["en"] == "Blinq: score pad"


def test_build_puts_each_language_in_its_folder_and_the_index_lists_them(tmp_path):
    result = CliRunner().invoke(main, ["build", "blinq", "--paper", "a4", "--lang", "en",
                                       "--lang", "de", "--out", str(tmp_path), "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "blinq" / "standard-rules-a4.pdf").is_file()
    assert (tmp_path / "de" / "blinq" / "standard-rules-a4.pdf").is_file()
    assert (tmp_path / "de" / "booklets" / "blinq-booklet-a4.pdf").is_file()
    for page, other in ((tmp_path / "index.html", "de/index.html"),
                        (tmp_path / "de" / "index.html", "../index.html")):
        html = page.read_text()
        assert f'href="{other}"' in html
        links = re.findall(r'(?:href|src)="([^"]+)"', html)
        assert links and all((page.parent / link).is_file() for link in links), page
    assert '<html lang="de">' in (tmp_path / "de" / "index.html").read_text()
    assert "Regelhefte" in (tmp_path / "de" / "index.html").read_text()
    one = tmp_path / "only-en"
    CliRunner().invoke(main, ["build", "blinq", "--paper", "a4", "--out", str(one)])
    assert "de/index.html" not in (one / "index.html").read_text()     # one language: no list
    assert json.dumps(sorted(p.name for p in one.iterdir())) == json.dumps(
        ["blinq", "booklets", "index.html", "pnp-catalogue.zip"])
