"""A rule sheet's figures are drawn once for each palette and language
(generator/layout/figure_cache.py): drawn again, they are the same figures; in another
language, they have that language's captions; in another palette, its colours; and a
process that forgets them draws them afresh, equal to those kept."""

from __future__ import annotations

import pytest

from generator.app.documents import forget_documents
from generator.core.palette import COLOUR, INK_SAVER
from generator.games.hex_kb import pages as hex_kb_pages
from generator.games.nex import pages as nex_pages
from generator.i18n import ENGLISH, Words, words
from generator.layout.figure_cache import forget_figures, kept_figures
from generator.layout.flow import Figure


def counted() -> tuple[list[tuple[str, str]], object]:
    """A game's figures that note each drawing: its palette and language."""
    calls: list[tuple[str, str]] = []

    @kept_figures
    def figures(colours, said: Words):
        calls.append((colours.name, said.code))
        return {"one": Figure(10.0, 10.0, (), said._("Black"))}
    return calls, figures


def test_each_palette_and_language_is_drawn_once():
    calls, figures = counted()
    first = figures(COLOUR, ENGLISH)
    assert figures(COLOUR, ENGLISH) == first and figures(COLOUR, ENGLISH)["one"] is first["one"]
    figures(INK_SAVER, ENGLISH)
    german = figures(COLOUR, words("de"))
    figures(COLOUR, words("de"))
    assert german["one"].caption == "Schwarz" != first["one"].caption
    assert calls == [("colour", "en"), ("ink-saver", "en"), ("colour", "de")]


def test_a_caller_that_changes_its_dictionary_changes_no_other():
    _calls, figures = counted()
    mine = figures(COLOUR, ENGLISH)
    mine.clear()
    assert list(figures(COLOUR, ENGLISH)) == ["one"]


def test_forgotten_figures_are_drawn_again():
    # The control of the cache above: without forgetting, the drawing is not called again.
    calls, figures = counted()
    figures(COLOUR, ENGLISH)
    forget_figures()
    figures(COLOUR, ENGLISH)
    assert len(calls) == 2
    forget_documents()          # what the tests' controls call: it forgets figures too
    figures(COLOUR, ENGLISH)
    assert len(calls) == 3


@pytest.mark.parametrize("pages", [hex_kb_pages, nex_pages], ids=["hex-kb", "nex"])
def test_a_games_kept_figures_are_those_it_draws_afresh(pages):
    kept = pages.figures(COLOUR, ENGLISH)
    spanish = pages.figures(COLOUR, words("es"))
    again = pages.figures(COLOUR, ENGLISH)
    assert all(again[name] is kept[name] for name in kept)
    forget_figures()
    assert pages.figures(COLOUR, ENGLISH) == kept
    assert pages.figures(COLOUR, words("es")) == spanish != kept   # words on the boards, captions
