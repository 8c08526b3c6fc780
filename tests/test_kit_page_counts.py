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


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
@pytest.mark.parametrize("paper", PAPERS)
def test_each_kit_has_the_pages_the_docs_give(kit_shelf, row, paper):
    wrong = {}
    for lang in LANGUAGES:
        out = kit_shelf.pdf(row.game, row.edition, paper, lang, backs=row.backs)
        with pikepdf.open(out) as pdf:
            printed = len(pdf.pages)
        if printed != row.pages[paper, lang]:
            wrong[lang] = (printed, row.pages[paper, lang])
    assert wrong == {}, "pages printed, and as the docs say"


def test_control_a_row_that_says_another_count_is_read_as_it():
    rows = table_rows("| kit | A4 | Letter |\n| --- | --- | --- |\n"
                      "| `nex` | guide, rules 2, counters 2: 7 | 7 |\n"
                      "| `blinq` | rules 1 (2 in pt, de): 6 (7) | 6 (7) |\n"
                      "| `blind-hex` cards, gutter-fold | cards 4: 8 | 9 |\n")
    assert rows[0].pages["a4", "en"] == 7 and rows[0].pages["letter", "de"] == 7
    assert rows[1].pages["a4", "en"] == 6 and rows[1].pages["a4", "pt"] == 7
    assert rows[1].pages["letter", "es"] == 6 and rows[1].pages["letter", "de"] == 7
    assert (rows[2].edition, rows[2].backs) == ("cards", "gutter-fold")
    assert rows[2].pages["a4", "en"] == 8 and rows[2].pages["letter", "en"] == 9
    assert rows[0].backs == ""
