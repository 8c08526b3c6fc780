"""A game's kit put together: the print guide first, then each item's pages in kit order,
with a blank page before any back-to-back part that would start on an even page, the backs
shifted by --back-offset, and, for a printer without double-sided printing, the cards laid
out to fold (the game's `folded` makers) instead of back to back.

Which items print back to back is data on each item (generator/games/items.py); the blank
pages and the shift are generator/layout/duplex.py's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic

from generator.core.scene import Document, Page
from generator.games.items import Item
from generator.games.protocols import GuideMaker, GuideNote, OptionsT, Pages
from generator.i18n import Words
from generator.layout import cover as cover_page
from generator.layout import duplex, printguide
from generator.layout.cover import Cover
from generator.layout.duplex import Backs

if TYPE_CHECKING:
    from generator.core.palette import Palette
    from generator.core.paper import Paper
    from generator.core.scene import Shape
    from generator.layout.printing import Printing


def assemble(game: str, items: Sequence[Item], *, drawn: Pages[OptionsT], options: OptionsT,
             part: Callable[[Item], Document], printing: Printing) -> Document:
    """The kit of game GAME (its title) with these options on this paper: ITEMS, in kit
    order, as DRAWN draws them; `part` makes one item's pages (or finds them made). The kit's
    title is in the printing's words."""
    paper, colours, copies = printing.paper, printing.palette, printing.copies
    words = printing.words
    backs = printing.backs or Backs()
    title = words._("%(game)s: print-and-play kit", game=game)
    if backs.mode == duplex.CALIBRATE:
        doc = part(items[0])
        calibration = duplex.calibration_pages(paper, colours, words=words)
        return dataclasses.replace(doc, pages=tuple(calibration), title=title)
    folded_makers = drawn.folded if backs.mode == duplex.GUTTER_FOLD else {}
    docs: list[tuple[Item, Document, bool]] = []
    for item in items:
        if item in folded_makers:
            docs.append((item, folded_makers[item](options, printing), False))
        else:
            docs.append((item, part(item), item.back_to_back))
    # A part printed back to back that the game can also lay out to fold.
    foldable = any(back_to_back and item in drawn.folded for item, _doc, back_to_back in docs)
    # A small part shares the guide's page where it fits below the guide (one copy).
    sharing = {item: maker for item, maker in drawn.below_guide.items()
               if copies == 1 and any(item == d[0] for d in docs)}
    front = Front(game, drawn.cover, docs[0][1].licence)
    if sharing:
        guide = _laid_out(front, docs, paper, colours, backs, bool(folded_makers), sharing,
                          options, foldable, notes=drawn.guide_notes, words=words)
        if guide is not None:
            return dataclasses.replace(docs[0][1], pages=guide, title=title)
    pages = _laid_out(front, docs, paper, colours, backs, bool(folded_makers), {}, options,
                      foldable, notes=drawn.guide_notes, words=words)
    assert pages is not None
    return dataclasses.replace(docs[0][1], pages=pages, title=title)


@dataclass(frozen=True)
class Front(Generic[OptionsT]):
    """What the kit's first page says of its game: its title, its cover (None: the guide
    alone) and the licence its parts are under."""
    game: str
    cover: Cover[OptionsT] | None
    licence: str


def _laid_out(front: Front[OptionsT], docs: list[tuple[Item, Document, bool]], paper: Paper,
              colours: Palette, backs: Backs, folded: bool,
              sharing: Mapping[Item, GuideMaker[OptionsT]], options: OptionsT,
              foldable: bool, *,
              notes: Mapping[Item, GuideNote[OptionsT]], words: Words) -> tuple[Page, ...] | None:
    """The guide and the parts' pages, the parts in `sharing` drawn below the guide; None
    if they do not fit there."""
    game = front.game
    pages: list[Page] = []
    placed: list[printguide.Placed] = []
    for item, doc, back_to_back in docs:
        name = words._(item.label)
        name = name[:1].upper() + name[1:]
        note = notes[item](options, paper, words=words) if item in notes else ""
        if item in sharing:
            placed.append(printguide.Placed(name, 1, 1, False, item.card_stock, item.cutting,
                                            note, item.two_sided_if_long))
            continue
        if back_to_back and len(pages) % 2 == 0:
            # The guide is page 1: an even count after it means this part would start on
            # an even page, the back of a sheet.
            like = pages[-1] if pages else Page(paper.width, paper.height, ())
            pages.append(duplex.blank_page(like, colours, words=words))
        first = len(pages) + 2
        for i, page in enumerate(doc.pages):
            pages.append(duplex.shifted(page, backs.offset) if back_to_back and i % 2 else page)
        placed.append(printguide.Placed(name, first, len(pages) + 1, back_to_back,
                                        item.card_stock, item.cutting, note,
                                        item.two_sided_if_long))
    placed.sort(key=lambda p: p.first)     # the table in page order
    if front.cover is not None:
        opening = _cover(front, front.cover, placed, sharing, options, paper, colours,
                         folded=folded, foldable=foldable, words=words)
        if opening is not None:
            return (opening, *pages)
    below: list[Shape] = []
    if sharing:
        y = printguide.guide(game, placed, paper=paper, colours=colours, folded=folded,
                             foldable=foldable, words=words)[1] \
            + SHARED_GAP
        for maker in sharing.values():
            drawn, y = maker(options, paper, colours=colours, top=y, words=words)
            below += drawn
            y += SHARED_GAP
        if y - SHARED_GAP > printguide.room_below(paper):
            return None
    guide = printguide.guide_page(game, placed, paper=paper, colours=colours, folded=folded,
                                  below=below, foldable=foldable, words=words)
    return (guide, *pages)


def _cover(front: Front[OptionsT], cover: Cover[OptionsT], placed: list[printguide.Placed],
           sharing: Mapping[Item, GuideMaker[OptionsT]], options: OptionsT, paper: Paper,
           colours: Palette, *, folded: bool, foldable: bool, words: Words) -> Page | None:
    """The cover: the game's head, a board in play in the room the guide and the parts
    below it leave, then the guide and those parts; None if they do not fit."""
    shapes, top = cover_page.head(front.game, cover, licence=front.licence, paper=paper,
                                  colours=colours,
                                  words=words)
    # The parts below the guide drawn from 0, then moved below the picture and the guide.
    below: list[Shape] = []
    y = -SHARED_GAP
    for maker in sharing.values():
        drawn, y = maker(options, paper, colours=colours, top=y + SHARED_GAP,
                         words=words)
        below += drawn
    under = y + SHARED_GAP if sharing else 0.0
    bottom = printguide.room_below(paper)

    def guide(column: cover_page.Column | None) -> cover_page.Drawn:
        return printguide.guide(front.game, placed, paper=paper, colours=colours, folded=folded,
                                foldable=foldable, top=0.0, column=column, words=words)
    figure = cover_page.tight(cover.picture(options, colours, words=words))
    laid = cover_page.body(figure, paper, top=top, bottom=bottom - under, guide=guide)
    if laid is None:
        return None
    return printguide.finished_page(paper, [
        *shapes, *cover_page.picture(figure, laid),
        *cover_page.moved(guide(laid.column)[0], laid.guide_top),
        *cover_page.moved(below, laid.bottom + SHARED_GAP)], colours=colours, words=words)


SHARED_GAP = 8.0       # mm between the guide and what shares its page
