"""Blind Hex's pieces on paper: the cards edition's number cards and the pennies edition's
tokens and coin, read back from the PDFs pnp writes.

The drawing is read with qpdf (through pikepdf: every path with its paint, carried to
millimetres from the page's top left) and the words with poppler's pdftotext; a card is a
cell of the cut lines' grid with all four edges cut, its rank the word in it, its suit the
shapes of its pips: diamonds are filled four-sided shapes standing on a point, clubs filled
circles with a three-cornered stem.
"""

from __future__ import annotations

import dataclasses
import math
import subprocess
from dataclasses import replace
from pathlib import Path

import pikepdf
import pytest
from in_process import run_pnp
from pdfdrawing import PT, Drawn, cuts, drawing, inside, pages, pieces, words

from generator.app import requests
from generator.core.cards import CardSize
from generator.core.palette import COLOUR, INK_SAVER
from generator.core.paper import NAMED
from generator.games import GAMES
from generator.games.blind_hex import cards, coins
from generator.games.blind_hex.rules import EDITION_ITEMS
from generator.games.blind_hex.tracks import COIN_SPOT
from generator.games.items import ITEMS
from generator.layout.printing import Printing
from generator.render.pdf import document_pdf
from generator.ui import studio

POKER = (63.0, 88.0)           # mm: the size the cards edition's deck is asked to be
GAME = GAMES["blind-hex"]


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return run_pnp(*args, cwd=cwd, text=True)   # in process (in_process.py)


# --- the cards ------------------------------------------------------------------------------------


def coloured_fill(d: Drawn) -> bool:
    return d.filled and d.fill not in ((1.0,), (1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 0.0))


def diamond(d: Drawn) -> bool:
    """A four-sided filled shape whose sides all slant: a diamond, not a card's ground."""
    sub = d.subpaths[0] if len(d.subpaths) == 1 else []
    return (coloured_fill(d) and not d.curved and len(sub) == 4
            and all(abs(a[0] - b[0]) > 0.1 and abs(a[1] - b[1]) > 0.1
                    for a, b in zip(sub, sub[1:] + sub[:1], strict=True)))


def stem(d: Drawn) -> bool:
    return coloured_fill(d) and not d.curved and len(d.subpaths) == 1 and len(d.subpaths[0]) == 3


@dataclasses.dataclass(frozen=True)
class Found:
    suit: str
    rank: str
    size: tuple[float, float]
    pips: int


def cards_in(pdf: Path) -> tuple[list[Found], list[int]]:
    """Every card on the sheets, and the straight cuts each page of fronts takes."""
    found, page_cuts = [], []
    for n in range(1, pages(pdf) + 1):
        drawn = drawing(pdf, n)
        lines = cuts(drawn)
        cells = [c for c in pieces(lines) if min(c[2:]) > 50]
        if not cells:
            continue
        page_cuts.append(len(lines))
        text = words(pdf, n)
        for cell in cells:
            ranks = {w for w, x, y in text if inside(cell, (x, y)) and w in cards.RANKS}
            diamonds = sum(1 for d in drawn if diamond(d) and inside(cell, d.centre()))
            clubs = sum(1 for d in drawn if stem(d) and inside(cell, d.centre()))
            suit = ("diamonds" if diamonds and not clubs else "clubs" if clubs and not diamonds
                    else f"{diamonds} diamonds and {clubs} clubs")
            found.append(Found(suit, "/".join(sorted(ranks)),
                               (round(min(cell[2:]), 2), round(max(cell[2:]), 2)),
                               diamonds + clubs))
    return found, page_cuts


def deck(numbers: int) -> list[tuple[str, str]]:
    """The cards the rules' "What you need" asks for: ace to M of each player's suit."""
    return sorted((cards.SUITS[p], cards.RANKS[n - 1]) for p in cards.PLAYERS
                  for n in range(1, numbers + 1))


def deck_faults(found: list[Found], numbers: int) -> list[str]:
    faults = [f"{f.rank} of {f.suit} is {f.size[0]:g} × {f.size[1]:g} mm" for f in found
              if f.size != POKER]
    # Each number's pips, and one in each index corner.
    faults += [f"{f.rank} of {f.suit} has {f.pips} pips" for f in found
               if f.rank in cards.RANKS and f.pips != cards.RANKS.index(f.rank) + 1 + 2]
    got = sorted((f.suit, f.rank) for f in found)
    if got != deck(numbers):
        faults.append(f"cards {got}, not {deck(numbers)}")
    return faults


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_card_sheets_hold_each_card_of_both_hands_once(tmp_path, paper):
    out = tmp_path / "cards.pdf"
    assert pnp("cards", "blind-hex", "--paper", paper, "-o", str(out), cwd=tmp_path).returncode == 0
    found, page_cuts = cards_in(out)
    assert deck_faults(found, 5) == []
    # Shared cuts: fewer straight cuts than the four each card would take alone.
    assert sum(page_cuts) < 4 * len(found), page_cuts
    print(f"{paper}: {len(found)} cards on {len(page_cuts)} sheets, cuts {page_cuts}")


def test_more_numbers_more_cards(tmp_path):
    out = tmp_path / "cards.pdf"
    assert pnp("cards", "blind-hex", "--numbers", "7", "-o", str(out),
               cwd=tmp_path).returncode == 0
    assert deck_faults(cards_in(out)[0], 7) == []


def test_control_a_missing_card_is_caught(tmp_path, monkeypatch):
    whole = cards.hands
    monkeypatch.setattr(cards, "hands", lambda numbers: [c for c in whole(numbers)
                                                         if c != cards.Card("o", 3)])
    out = tmp_path / "short.pdf"
    options = GAME.make_options()
    out.write_bytes(document_pdf(GAME.make(ITEMS["cards"], options,
                                           printing=Printing(paper=NAMED["a4"],
                                                                             palette=COLOUR))))
    faults = deck_faults(cards_in(out)[0], 5)
    assert len(faults) == 1 and "('clubs', '3')" in faults[0]


def test_control_a_card_of_another_size_is_caught(tmp_path):
    a4 = NAMED["a4"]
    narrow = replace(a4, press=replace(a4.press, card=CardSize("60x88mm", 60.0, 88.0)))
    out = tmp_path / "narrow.pdf"
    out.write_bytes(document_pdf(GAME.make(ITEMS["cards"], GAME.make_options(),
                                           printing=Printing(paper=narrow, palette=COLOUR))))
    assert any("60 × 88 mm" in f for f in deck_faults(cards_in(out)[0], 5))


def test_a_print_shop_gets_one_card_a_page_each_front_then_the_back(tmp_path):
    out = tmp_path / "shop.pdf"
    assert pnp("cards", "blind-hex", "--for", "print-shop", "-o", str(out),
               cwd=tmp_path).returncode == 0
    hands = cards.hands(5)
    with pikepdf.open(out) as document:
        assert len(document.pages) == 2 * len(hands)
        backs = set()
        for n, page in enumerate(document.pages, 1):
            trim = [float(v) / PT for v in page.trimbox]
            media = [float(v) / 72 for v in page.mediabox]
            assert (round(trim[2] - trim[0], 2), round(trim[3] - trim[1], 2)) == (63, 88)
            assert round(float(page.trimbox[0]) - float(page.mediabox[0]), 3) == 9.0  # 1/8 in
            assert round(media[2] - float(page.trimbox[2]) / 72, 3) == 0.125
            if n % 2 == 0:
                backs.add(page.Contents.read_bytes())
    assert len(backs) == 1          # one back, the same behind every card
    fronts = [[w for w, _, _ in words(out, n)] for n in range(1, 2 * len(hands) + 1, 2)]
    assert [(card.rank, card.player) for card in hands] == [
        (next(w for w in ws if w in cards.RANKS), next(w for w in ws if w in cards.PLAYERS))
        for ws in fronts]
    assert all(not set(cards.RANKS) & {w for w, _, _ in words(out, n)}
               for n in range(2, 2 * len(hands) + 1, 2))
    done = pnp("check", str(out), "--for", "print-shop", cwd=tmp_path)
    assert done.returncode == 0, done.stdout


# --- the tokens and the coin ----------------------------------------------------------------------


def token_faults(pdf: Path) -> list[str]:
    drawn = drawing(pdf, 1)
    cells = pieces(cuts(drawn))
    text = words(pdf, 1)
    faults = []
    squares = [c for c in cells if abs(c[2] - c[3]) < 0.01]
    letters = sorted(w for c in squares for w, x, y in text
                     if inside(c, (x, y)) and w in cards.PLAYERS)
    if letters != ["o", "o", "x", "x"]:
        faults.append(f"tokens marked {letters}")
    faults += [f"a token {math.hypot(c[2], c[3]):.1f} mm across" for c in squares
               if math.hypot(c[2], c[3]) > COIN_SPOT]
    folds = cuts(drawn, dashed=True)
    strips = [c for c in cells if abs(c[2] - 2 * c[3]) < 0.01 and any(
        abs(a[0] - (c[0] + c[2] / 2)) < 0.01 for a, _ in folds)]
    if len(strips) != 1:
        faults.append(f"{len(strips)} coins folded in the middle")
    else:
        x, y, w, h = strips[0]
        halves = [sorted(word for word, wx, wy in text if inside(half, (wx, wy)))
                  for half in ((x, y, w / 2, h), (x + w / 2, y, w / 2, h))]
        if halves != [["x"], ["o"]]:
            faults.append(f"the coin's faces read {halves}")
    return faults


def test_four_tokens_fit_the_spots_and_the_coin_folds_in_two(tmp_path):
    out = tmp_path / "coins.pdf"
    assert pnp("coins", "blind-hex", "--edition", "pennies", "-o", str(out),
               cwd=tmp_path).returncode == 0
    assert token_faults(out) == []


def test_control_tokens_too_wide_for_a_spot_are_caught(tmp_path, monkeypatch):
    monkeypatch.setattr(coins, "TOKEN", 15.5)
    out = tmp_path / "wide.pdf"
    options = GAME.make_options(edition="pennies")
    out.write_bytes(document_pdf(GAME.make(ITEMS["coins"], options,
                                           printing=Printing(paper=NAMED["a4"],
                                                                             palette=COLOUR))))
    assert token_faults(out) == ["a token 21.9 mm across"] * 4


# --- palettes, kits, the catalogue, refusals ----------------------------------------------------


def coloured_fills(pdf: Path) -> int:
    """Filled shapes in a colour other than white, inside the pieces."""
    count = 0
    for n in range(1, pages(pdf) + 1):
        drawn = drawing(pdf, n)
        cells = pieces(cuts(drawn))
        count += sum(1 for d in drawn if coloured_fill(d)
                     and any(inside(c, d.centre()) for c in cells))
    return count


@pytest.mark.parametrize("item, edition", [("cards", "cards"), ("coins", "pennies")])
def test_the_ink_saver_draws_the_pieces_in_outline(tmp_path, item, edition):
    counts = {}
    for palette in (COLOUR, INK_SAVER):
        out = tmp_path / f"{palette.name}.pdf"
        options = GAME.make_options(edition=edition)
        out.write_bytes(document_pdf(GAME.make(ITEMS[item], options,
                                               printing=Printing(paper=NAMED["a4"],
                                                                              palette=palette))))
        counts[palette.name] = coloured_fills(out)
    assert counts["ink-saver"] == 0
    assert counts["colour"] > 0         # control: the colour palette's pieces are filled


def test_each_editions_kit_carries_its_own_pieces(tmp_path):
    for edition in ("cards", "pennies"):
        out = tmp_path / f"{edition}.pdf"
        assert pnp("kit", "blind-hex", "--edition", edition, "-o", str(out),
                   cwd=tmp_path).returncode == 0
        found = cards_in(out)[0]
        if edition == "cards":
            assert deck_faults(found, 5) == []
        else:
            assert found == []
            n = next(n for n in range(1, pages(out) + 1)
                     if {"x", "o"} <= {w for w, _, _ in words(out, n)}
                     and pieces(cuts(drawing(out, n))))
            single = tmp_path / "coins-page.pdf"
            subprocess.run(["qpdf", str(out), "--pages", ".", str(n), "--", str(single)],
                           check=True)
            assert token_faults(single) == []


def test_the_catalogue_writes_and_lists_each_editions_pieces(catalogue_folder):
    # The run's catalogue (conftest.py), read: `pnp build blind-hex --paper a4` writes the
    # same files for the game (test_cli.py holds that build to its list of files).
    folder = catalogue_folder / "blind-hex"
    index = (catalogue_folder / "index.html").read_text()
    for item, edition in EDITION_ITEMS.items():
        other = next(e for e in ("cards", "pennies") if e != edition)
        assert (folder / f"{edition}-{item}-a4.pdf").exists()
        assert not (folder / f"{other}-{item}-a4.pdf").exists()
        assert f"{edition}-{item}-a4.pdf" in index
    assert deck_faults(cards_in(folder / "cards-cards-a4.pdf")[0], 5) == []


@pytest.mark.parametrize("item, edition", [("cards", "pennies"), ("coins", "cards")])
def test_a_piece_of_the_other_edition_is_refused_alike_everywhere(tmp_path, item, edition):
    done = pnp(item, "blind-hex", "--edition", edition, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    line = done.stderr.strip()
    assert line.startswith("pnp: ") and "\n" not in line
    assert f"--edition {EDITION_ITEMS[ITEMS[item]]}" in line
    with pytest.raises(studio.UserError) as err:
        studio.request_from({"game": ["blind-hex"], "item": [item],
                             "edition": [edition]}).checked()
    assert f"pnp: {err.value}" == line
    with pytest.raises(requests.OptionError):
        requests.item_request(GAME, ITEMS[item], values={"edition": edition})
