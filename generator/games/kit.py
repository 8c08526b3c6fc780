"""A game's kit put together: the print guide first, then each item's pages in kit order,
with a blank page before any back-to-back part that would start on an even page, the backs
shifted by --back-offset, and, for a printer without double-sided printing, the cards laid
out to fold (the game's `folded` makers) instead of back to back.

Which items print back to back is in generator/layout/printguide.py's HANDLING; the blank
pages and the shift are generator/layout/duplex.py's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.core.scene import Document, Page
from generator.games.items import ITEMS
from generator.i18n import _
from generator.layout import duplex, printguide
from generator.layout.duplex import Backs

if TYPE_CHECKING:
    from generator.core.palette import Palette
    from generator.core.paper import Paper
    from generator.games.game import Game


def assemble(game: Game[Any], options: Any, part: Callable[[str], Document], paper: Paper,
             colours: Palette, backs: Backs | None = None, copies: int = 1) -> Document:
    """The kit of these options on this paper: `part` makes one item's pages (or finds them
    made); the kit's title is in the active language."""
    backs = backs or Backs()
    title = _("%(game)s: print-and-play kit", game=game.title)
    if backs.mode == duplex.CALIBRATE:
        doc = part(game.items_for(options)[0])
        return dataclasses.replace(doc, pages=tuple(duplex.calibration_pages(paper, colours)),
                                   title=title)
    folded_makers = game.pages().folded if backs.mode == duplex.GUTTER_FOLD else {}
    docs: list[tuple[str, Document, bool]] = []
    for item in game.items_for(options):
        if item in folded_makers:
            docs.append((item, folded_makers[item](options, paper, colours, copies), False))
        else:
            handling = printguide.HANDLING.get(item, printguide.Handling())
            docs.append((item, part(item), handling.back_to_back))
    pages: list[Page] = []
    placed: list[printguide.Placed] = []
    for item, doc, back_to_back in docs:
        if back_to_back and len(pages) % 2 == 0:
            # The guide is page 1: an even count after it means this part would start on
            # an even page, the back of a sheet.
            like = pages[-1] if pages else Page(paper.width, paper.height, ())
            pages.append(duplex.blank_page(like, colours))
        first = len(pages) + 2
        for i, page in enumerate(doc.pages):
            pages.append(duplex.shifted(page, backs.offset) if back_to_back and i % 2 else page)
        name = _(ITEMS[item].label) if item in ITEMS else item
        placed.append(printguide.Placed(item, name[:1].upper() + name[1:], first,
                                        len(pages) + 1, back_to_back))
    guide = printguide.guide_page(game.title, placed, paper, colours,
                                  folded=bool(folded_makers))
    return dataclasses.replace(docs[0][1], pages=(guide, *pages), title=title)
