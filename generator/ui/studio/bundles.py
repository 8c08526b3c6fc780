"""Downloads of several files as one zip: a vendor's images (one a card face, or one a page),
as the command shown writes them, and everything for the chosen game and paper (every item
and the kit, each as its own PDF under the name app/names.py gives it, and the game's
booklet on the paper's sheets).

A zip's bytes depend on what it holds only (generator/render/zipped.py).
"""

from __future__ import annotations

from generator.app import names, requests
from generator.games.items import KIT, WHOLE_KIT
from generator.ui.studio.form import BOOKLET, Request, fields

ZIP = "application/zip"
EVERYTHING = "everything"      # the zip's name in place of an item's
# Papers whose booklet is on Letter; the others' on A4 (the page's own choice, studio-state.js).
INCH_PAPERS = ("letter", "8.5x14in", "tabloid")


def shared(request: Request, item: str) -> Request:
    """The request for another item with this one's options, less those of one item alone
    (copies, cell size, tiling, a booklet's extras) and those the item does not take."""
    taken = {f.name for f in fields(request.game, item) if not f.per_item}
    values = tuple((n, v) for n, v in request.values if n in taken)
    if item == BOOKLET:     # its sheets follow the paper chosen, as on the page
        paper = dict(request.values).get("paper", "a4").lower()
        inches = paper in INCH_PAPERS or paper.endswith("in")
        values = tuple(v for v in values if v[0] != "paper") + \
            ((("paper", "letter"),) if inches else ())
    return Request(request.game, item, values)


def everything(request: Request) -> list[Request]:
    """What the zip holds: the items of the game's edition chosen, its kit and its booklet."""
    kit = shared(request, KIT).checked()
    assert isinstance(kit, requests.ItemRequest)
    items = kit.game.items_for(kit.options)
    return [shared(request, item) for item in (*(i.key for i in items), KIT, BOOKLET)]


def everything_name(request: Request) -> str:
    """The zip's name: the kit's, with "everything" for the item (hex-everything-letter.zip)."""
    kit = shared(request, KIT).checked()
    assert isinstance(kit, requests.ItemRequest)
    return names.item_stem(kit.game, WHOLE_KIT, options=kit.options, paper=kit.paper.name,
                           palette=kit.palette, lang=kit.lang, called=EVERYTHING) + ".zip"
