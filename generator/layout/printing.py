"""Printing: what a page depends on besides the game's options, as one value a request makes.

An item's pages are drawn from the game's options and this value alone: the paper (as
pressed for its destination: margins, bleed, who prints), the palette, how many copies,
the words of the language it is printed in, where a rule sheet falls in a booklet and how
a kit's back-to-back sheets print. It is frozen and hashed by all of them, so a document is
kept by (game, item, options, printing) and nothing else (app/documents.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.core.palette import COLOUR, Palette
from generator.core.paper import Paper
from generator.i18n import ENGLISH, Words
from generator.layout.duplex import Backs


@dataclass(frozen=True, slots=True, kw_only=True)
class Printing:
    paper: Paper
    palette: Palette = COLOUR
    copies: int = 1
    words: Words = ENGLISH
    # Where a sheet is set as pages of a booklet: whether its first page is a right-hand page
    # (None: a sheet of its own, whose pages face none). A figure may then stand on the page
    # facing the text it follows.
    first_on_right: bool | None = None
    # A kit's back-to-back sheets: how they print (None: double-sided, as is usual).
    backs: Backs | None = None
