"""The web edition of each rule sheet (pnp rules GAME --format html), read by headless
Chromium with axe-core (npm, 4.x) in every language: no violation, nothing wider than a
phone's screen, and the same headings, paragraphs and figures as the printed sheet."""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from chromium import axe_on_every_page, reset
from in_process import run_pnp
from sweeps import on_the_diagonal

from generator import i18n, render
from generator.app import documents
from generator.core.formats import SVG
from generator.core.paper import NAMED
from generator.games import GAMES, load
from generator.games.items import ITEMS
from generator.layout.printing import Printing
from generator.render.html import document_html

ROOT = Path(__file__).resolve().parents[1]
PHONE = (390, 844)        # CSS pixels: a phone held upright


pytest_plugins = ["shared_browser"]      # the worker's one browser


@functools.cache
def rules(key: str, lang: str, paper: str):
    """A game's rule sheet in a language on a paper, made once for the module's tests (a
    Document is frozen: what one test reads, none changes)."""
    game = load(key)
    return documents.make_document(game, ITEMS["rules"], options=game.make_options(),
                                   printing=Printing(paper=NAMED[paper],
                                                     words=i18n.words(lang)))


def web_edition(key: str, lang: str) -> str:
    return document_html(rules(key, lang, "a4"))


@pytest.fixture(scope="module")
def browser(shared_chromium):
    shared_chromium.set_window_size(*PHONE)
    with axe_on_every_page(shared_chromium):     # fails at once where axe-core is missing
        yield shared_chromium
    reset(shared_chromium)


def audit(browser, page: Path) -> tuple[list[tuple[str, int]], int, int]:
    """axe-core's violations (rule, nodes), and how wide the page is against the window."""
    browser.get(page.as_uri())
    found = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then(r => done(r.violations.map(v => [v.id, v.nodes.length])));")
    wide, window = browser.execute_script(
        "return [document.documentElement.scrollWidth, window.innerWidth]")
    return [tuple(v) for v in found], wide, window


def games_in_languages() -> list:
    """Every game's web edition in every language, the languages in turn down the games in
    `make test` (sweeps.on_the_diagonal): one page template, the same audit in other words."""
    return [pytest.param(key, lang, marks=marks) for key, lang, marks in on_the_diagonal(
        sorted(GAMES), i18n.LANGUAGES, reason="each game and each language kept on the diagonal")]


@pytest.mark.parametrize("key, lang", games_in_languages())
def test_axe_finds_no_violation_and_the_page_fits_a_phone(browser, tmp_path, key, lang):
    page = tmp_path / f"{key}.html"
    page.write_text(web_edition(key, lang), encoding="utf-8")
    violations, wide, window = audit(browser, page)
    assert violations == [], (key, lang, violations)
    assert wide <= window, (key, lang, wide, window)


def test_axe_and_the_width_check_fail_a_page_without_language_or_too_wide(browser, tmp_path):
    text = web_edition("hex", "en")
    page = tmp_path / "bad.html"
    page.write_text(text.replace('<html lang="en">', "<html>")
                    .replace("<main>", '<main><div style="width: 900px">wide</div>'
                                       '<svg role="img"><circle r="4"/></svg>'))
    violations, wide, window = audit(browser, page)
    assert {"html-has-lang", "svg-img-alt"} <= {rule for rule, _ in violations}
    assert wide > window


class Outline(HTMLParser):
    """The headings, paragraphs, list items and figures of a page, as text."""

    def __init__(self) -> None:
        super().__init__()
        self.items: list[tuple[str, str]] = []
        self.inside: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("h1", "h2", "h3", "p", "li", "title", "desc", "figcaption"):
            self.items.append((tag, ""))
            self.inside.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if self.inside and self.inside[-1] == tag:
            self.inside.pop()

    def handle_data(self, data: str) -> None:
        if self.inside:
            tag, text = self.items[-1]
            self.items[-1] = (tag, text + data)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_web_edition_says_what_the_sheet_says(key):
    doc = rules(key, "es", "letter")
    page = document_html(doc)
    assert '<html lang="es">' in page and 'name="viewport"' in page
    assert not re.search(r'\b(src|href)="(https?:)?//', page)      # nothing fetched
    outline = Outline()
    outline.feed(page)
    said = " ".join(" ".join(text.split()) for _, text in outline.items)
    for shape_text in {s.role.text for p in doc.pages for s in p.shapes
                       if s.role is not None and s.role.kind in ("H1", "H2", "P", "LI")}:
        plain = " ".join(shape_text.replace("**", "").replace("*", "").split())
        assert plain in said, plain
    figures = {s.role.text for p in doc.pages for s in p.shapes
               if s.role is not None and s.role.kind == "Figure"}
    descs = [text for tag, text in outline.items if tag == "desc"]
    assert sorted(descs) == sorted(figures) and all(descs)
    assert len([t for t, _ in outline.items if t == "title"]) == len(figures) + 1
    assert doc.licence in said


def test_pnp_rules_writes_html_and_refuses_it_for_a_board(tmp_path):
    done = run_pnp("rules", "nex", "--lang", "de", "--format", "html", "-o",
                   str(tmp_path / "nex.html"), text=True)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "nex.html").read_text().startswith("<!DOCTYPE html>")
    refused = run_pnp("board", "nex", "--format", "html", "-o", str(tmp_path / "board.html"),
                      text=True)
    assert refused.returncode == 2
    assert refused.stderr.startswith("pnp:") and "Traceback" not in refused.stderr


def test_svg_pages_carry_a_title_and_a_description_of_what_they_show(tmp_path):
    game = load("hex")
    doc = documents.make_document(game, ITEMS["board"], options=game.make_options(),
                                  printing=Printing(paper=NAMED["a4"]))
    (path, data), = render.render(doc, SVG, target=tmp_path / "board.svg")
    root = ET.fromstring(data)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.findtext(f"{ns}title") == doc.title
    desc = root.findtext(f"{ns}desc") or ""
    assert desc.startswith("Hex board, 11 by 11") and "Red" in desc and "Blue" in desc


def pdf_lists(pdf: bytes) -> list[int]:
    """The tagged PDF's lists, each as its number of items (read with pikepdf)."""
    import io

    import pikepdf
    found: list[int] = []

    def walk(elem: object) -> None:
        if not isinstance(elem, pikepdf.Dictionary):
            return
        kids = elem.get("/K")
        kids = list(kids) if isinstance(kids, pikepdf.Array) else [kids]
        if elem.get("/S") == "/L":
            found.append(sum(1 for k in kids if isinstance(k, pikepdf.Dictionary)
                             and k.get("/S") == "/LI"))
        for kid in kids:
            walk(kid)
    with pikepdf.open(io.BytesIO(pdf)) as document:
        walk(document.Root.StructTreeRoot)
    return found


def html_lists(page: str) -> list[int]:
    """The web edition's lists, each as its number of items."""
    return [len(re.findall(r"<li>", body)) for body in re.findall(r"<ul[^>]*>(.*?)</ul>",
                                                                   page, re.S)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_same_lists_in_every_language_and_in_the_pdf(lang, paper):
    """Nex's "almost full board" list runs over a page break on some papers and in some
    languages: the page's footer, read in between, must not split it in two."""
    from generator.render.pdf import document_pdf
    english = document_html(rules("nex", "en", paper))
    doc = rules("nex", lang, paper)
    lists = html_lists(document_html(doc))
    assert lists == html_lists(english) == [3, 2, 3]
    assert pdf_lists(document_pdf(doc)) == lists


def test_the_list_count_sees_a_list_split_in_two():
    """Control: a footer artifact that did close the list would be seen as two lists."""
    from generator.core.geometry import Point
    from generator.core.scene import ARTIFACT, Document, Page, Role, Text
    shapes = [Text(Point(10, 10 + 5 * i), f"item {i}", 3, role=Role("LI", i, f"item {i}",
                                                                   group="list 0"))
              for i in range(3)]
    shapes.insert(1, Text(Point(10, 200), "credit", 3, role=Role(ARTIFACT, 0, "credit",
                                                                   group="Pagination")))
    page = document_html(Document((Page(210, 297, tuple(shapes)),), "t", "a", lang="en"))
    assert html_lists(page) == [3]
    assert html_lists(page.replace("<li>item 1</li>", "</ul><ul><li>item 1</li>")) == [1, 2]
