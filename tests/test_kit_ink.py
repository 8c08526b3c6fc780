"""Every sheet earns its paper: no page of any kit (each game and edition, A4 and Letter,
every language) is under half full, measured by its ink (tests/ink.py), and the kit opens
on its cover: the game's name, designer and licence, players and time, a board in play and
the print guide on one page."""

from __future__ import annotations

import subprocess

import pytest
from ink import HALF_FULL, pages_fullness
from test_kit_page_counts import KIT_CASES, PAPERS

from generator.core.geometry import Point
from generator.core.palette import COLOUR
from generator.core.paper import PAPERS as PAPERS_BY_NAME
from generator.core.scene import Document, Page, Text
from generator.layout import sheet
from generator.render import pdf as pdf_writer


@pytest.mark.parametrize("row, paper, lang", KIT_CASES)
def test_no_kit_page_is_under_half_full(kit_shelf, row, paper, lang):
    thin = {n: round(full, 2) for n, full in enumerate(pages_fullness(
        kit_shelf.pdf(row.game, row.edition, paper, lang, backs=row.backs)), 1)
        if full < HALF_FULL}
    assert thin == {}, "pages under half full, by page"


@pytest.mark.parametrize("paper", PAPERS)
def test_the_cover_names_the_game_its_players_and_the_guide(kit_shelf, paper):
    out = kit_shelf.pdf("nex", "", paper, "en")
    first = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(out), "-"],
                           capture_output=True, text=True, check=True).stdout
    for said in ("Nex", "João Pedro Neto", "MIT licensed", "2 players", "minutes",
                 "How to print this kit"):
        assert said in first, said


def written(tmp_path, shapes) -> list[float]:
    a4 = PAPERS_BY_NAME["a4"]
    out = tmp_path / "page.pdf"
    out.write_bytes(pdf_writer.document_pdf(
        Document((Page(a4.width, a4.height, tuple(shapes)),), "page", "pnp", lang="en")))
    return pages_fullness(out)


def test_control_a_page_with_only_its_header_and_footer_is_caught(tmp_path):
    a4 = PAPERS_BY_NAME["a4"]
    shapes = sheet.header(a4, "Nearly empty", subtitle="a header and a footer", colours=COLOUR)
    shapes += sheet.footer(a4, "and nothing else", colours=COLOUR)
    assert written(tmp_path, shapes)[0] < HALF_FULL


def test_control_a_page_of_text_is_full(tmp_path):
    x, top, _width, height = sheet.body_box(PAPERS_BY_NAME["a4"])
    lines = int(height / 4.5)
    shapes = [Text(Point(x, top + 4.5 * (i + 1)), "words set across the page " * 8, 3.2,
                   COLOUR["ink"]) for i in range(lines)]
    assert written(tmp_path, shapes)[0] > 0.9
