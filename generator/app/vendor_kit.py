"""A vendor's kit: not the home kit in pixels, but the vendor's own products of a game's
items (The Game Crafter's poker deck and quad-fold board), each in a folder of its own in
one zip, with a note of what to order from the vendor, which files each product takes, and
what the vendor does not print (and the command that prints it elsewhere)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.content import Bundle, Content, Part
from generator.core.destinations import Destination
from generator.core.formats import Format
from generator.core.paper import Press
from generator.core.products import Faces, Kind, Product
from generator.games.items import Item
from generator.i18n import Words


@dataclass(frozen=True, slots=True)
class Made:
    """One of the kit's products, made: the item, what the vendor sells it as, and its
    content in the format the vendor takes."""
    item: Item
    product: Product
    content: Content
    fmt: Format
    dpi: int | None
    press: Press
    faces: int                  # a deck's card faces (0 for any other product)


def folder(product: Product) -> str:
    """A product's folder in the zip: its name, as a file name ("poker-deck")."""
    return re.sub(r"[^a-z0-9]+", "-", product.name.lower()).strip("-")


def note(title: str, destination: Destination, *, made: Sequence[Made],
         left: Sequence[Item], kit_command: str, words: Words) -> str:
    """What to order, in `words`: each product, the files it takes, and what
    the vendor does not print. `title` names the game and its options."""
    lines = [words._("%(game)s for %(vendor)s", game=title, vendor=destination.described), "",
             words._("Add these products to your game at %(vendor)s and upload each one's files:",
                     vendor=destination.described)]
    for one in made:
        where = folder(one.product)
        if one.product.faces is Faces.IMAGES and one.item.kind is Kind.CARDS:
            what = words._("%(count)s card faces, one image each, and the back they share, in "
                           "%(folder)s/", count=one.faces, folder=where)
        else:
            what = words._("the file in %(folder)s/", folder=where)
        lines.append(f"- {one.product.name}: {what}")
    if left:
        plurals = [words._(item.plural) for item in left]
        names = plurals[0] if len(plurals) == 1 else words._(
            "%(items)s and %(last)s", items=", ".join(plurals[:-1]), last=plurals[-1])
        lines += ["", words._("%(vendor)s does not print the %(items)s: print them at home or at a "
                              "print shop (%(command)s).", vendor=destination.described,
                              items=names, command=kit_command)]
    return "\n".join(lines) + "\n"


def bundle(made: Sequence[Made], text: str) -> Bundle:
    """The kit as one bundle: each product in its folder, and the note."""
    return Bundle(tuple(Part(f"{folder(one.product)}/{one.item.key}", one.content, one.fmt,
                             one.dpi, one.press) for one in made), text)
