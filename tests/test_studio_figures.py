"""The studio's Figures panel in plain words a player understands, in the language chosen:
what `pnp stats` counts, without its terse labels ("spread: 2 (allowed 3.63)")."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from studio_http import get, query

from generator.games.blind_hex.rules import Options
from generator.games.blind_hex.stats import stats
from generator.i18n import ENGLISH
from generator.ui.cli import main

# The marks of a figure written for those who tune the generator: a label and a colon before
# a count ("spread: 2", "cells: 121"), the words of its trade, a board size as 11x11.
JARGON = re.compile(r"\b[a-z][a-z -]*: \d|spread|allowed|hubs?\b|seed|\d+x\d+|radius")
LANGS = ("en", "de", "es", "pt")


def figures(server: str, **values) -> tuple[list[str], list[str]]:
    status, _, body = get(server, "/figures?" + query(**values))
    assert status == 200, body
    found = json.loads(body)
    return found["figures"], found["warnings"]


@pytest.mark.parametrize("values", [
    {"game": "blind-hex", "item": "board", "size": 11},
    {"game": "blind-hex", "item": "board", "size": 25, "numbers": 9, "paper": "tabloid"},
    {"game": "hex-kb", "item": "board", "size": 13, "window": 2},
])
def test_the_figures_are_plain_words_in_each_language(server, values):
    said = {lang: figures(server, **values, lang=lang) for lang in LANGS}
    for lang, (lines, warnings) in said.items():
        assert len(lines) >= 4
        for line in [*lines[1:], *warnings]:     # the first names the options, as printed
            assert not JARGON.search(line), (lang, line)
            assert (line[:1].isupper() or line[:1].isdigit()) and line.endswith("."), line
    # Translated: no sentence in another language is the English one.
    english = set(said["en"][0][1:]) | set(said["en"][1])
    for lang in ("de", "es", "pt"):
        assert not english & (set(said[lang][0][1:]) | set(said[lang][1])), lang


def test_the_plain_figures_say_the_counts_pnp_stats_gives():
    s = stats(Options(size=11).board())
    low, high = min(s.counts.values()), max(s.counts.values())
    # Control: the command line's own lines are the terse ones the check above refuses.
    terse = CliRunner().invoke(main, ["stats", "blind-hex", "--size", "11"]).output
    assert JARGON.search(terse)
    from generator.games.blind_hex import plain_figures
    text = " ".join(plain_figures.lines(s, words=ENGLISH))
    assert f"{s.two_number_cells} let a player choose" in text
    assert f"on {low} to {high} cells" in text or f"on {low} cells" in text


def test_an_unbalanced_board_is_said_to_be():
    # A board outside the tested band gets a plain warning rather than "balanced band".
    from generator.games.blind_hex import plain_figures
    s = stats(Options(size=25, numbers=9).board())
    warned = " ".join(plain_figures.warnings(s, words=ENGLISH))
    assert "have not been tested for balance" in warned and "band" not in warned
    assert plain_figures.warnings(stats(Options(size=11).board()), words=ENGLISH) == ()    # control
