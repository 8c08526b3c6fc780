"""The kits' page counts as docs/commands.md gives them ("The kit" table) are the pages of
the PDFs `pnp kit` writes, on each paper and in each language the table speaks of."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pytest

from generator.i18n import LANGUAGES

DOCS = Path(__file__).resolve().parent.parent / "docs" / "commands.md"
PAPERS = ("a4", "letter")
# A count: "8 pages", "6 (7)": the second where the row says which languages it is for.
COUNT = re.compile(r"(\d+)(?: pages)?(?: \((\d+)\))?\s*$")
OTHERS = re.compile(r"\(\d+ in ([a-z, ]+)\)")


@dataclass(frozen=True)
class Row:
    """One kit of the table: its game and edition, and its pages by paper and language; with
    its way of printing the backs where the row names one ("cards, gutter-fold")."""
    game: str
    edition: str
    pages: dict[tuple[str, str], int]
    backs: str = ""

    @property
    def name(self) -> str:
        return "-".join(part for part in (self.game, self.edition, self.backs) if part)


def table_rows(text: str) -> list[Row]:
    head = text.index("| kit | A4 | Letter |")
    rows = []
    for line in text[head:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        kit, *counts = (cell.strip() for cell in line.strip("|").split("|"))
        game = re.search(r"`([a-z-]+)`", kit)
        assert game, line
        edition, _comma, backs = kit[game.end():].strip().partition(",")
        others = OTHERS.search(line)
        named = others.group(1).replace(" ", "").split(",") if others else []
        pages = {}
        for paper, cell in zip(PAPERS, counts, strict=True):
            m = COUNT.search(cell)
            assert m, (line, cell)
            for lang in LANGUAGES:
                other = m.group(2) if lang in named else None
                pages[paper, lang] = int(other or m.group(1))
        rows.append(Row(game.group(1), edition.strip(), pages, backs.strip()))
    return rows


ROWS = table_rows(DOCS.read_text(encoding="utf-8"))


def test_the_table_names_every_kit():
    from generator.games import KEYS, find
    named = {(row.game, row.edition) for row in ROWS}
    for key in KEYS:
        variants = [v for v, _options in find(key).variants()]
        editions = variants if len(variants) > 1 else [""]
        assert {(key, e) for e in editions} <= named, key


# Every kit on each paper in each language is made once for this file and test_kit_ink.py.
# In `make test`, each kit and paper in one language, the languages in turn, so that every
# language is read on several kits, and every language a row gives another count for; the
# rest of the table (the same layout in another language) in the exhaustive tier.
OTHER_LANGUAGES = pytest.mark.exhaustive(
    reason="each kit and paper is read in make test in one language, and each language there")


def kit_cases() -> list:
    cases = []
    for n, (row, paper) in enumerate((row, paper) for row in ROWS for paper in PAPERS):
        kept = {LANGUAGES[n % len(LANGUAGES)]} | {
            lang for lang in LANGUAGES if row.pages[paper, lang] != row.pages[paper, "en"]}
        cases += [pytest.param(row, paper, lang, id=f"{row.name}-{paper}-{lang}",
                               marks=[] if lang in kept else [OTHER_LANGUAGES])
                  for lang in LANGUAGES]
    return cases


KIT_CASES = kit_cases()


@pytest.mark.parametrize("row, paper, lang", KIT_CASES)
def test_each_kit_has_the_pages_the_docs_give(kit_shelf, row, paper, lang):
    out = kit_shelf.pdf(row.game, row.edition, paper, lang, backs=row.backs)
    with pikepdf.open(out) as pdf:
        printed = len(pdf.pages)
    assert printed == row.pages[paper, lang], "pages printed, and as the docs say"


def test_make_test_reads_every_kit_paper_and_language():
    kept = [case.values for case in KIT_CASES if not case.marks]
    assert {(row.name, paper) for row, paper, _lang in kept} == {
        (row.name, paper) for row in ROWS for paper in PAPERS}
    assert {lang for _row, _paper, lang in kept} == set(LANGUAGES)
    other_counts = {(row.name, paper, lang) for row in ROWS for paper in PAPERS
                    for lang in LANGUAGES if row.pages[paper, lang] != row.pages[paper, "en"]}
    assert other_counts <= {(row.name, paper, lang) for row, paper, lang in kept}
