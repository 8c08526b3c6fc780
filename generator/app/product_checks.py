"""How a request meets its destination's products (generator/core/products.py): the
sentence an item is refused with where the destination sells nothing of its kind, the
formats a product takes, the paper a product of a fixed size is printed on, and whether it
takes a cut path. The item, kit, booklet and record requests all ask here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from generator.app.refusals import listed
from generator.core.destinations import DESTINATIONS, Destination
from generator.core.formats import PDF, SVG, Format
from generator.core.paper import Paper
from generator.core.products import Kind, Product
from generator.core.units import MM_PER_INCH
from generator.games.game import Game, OptionError, OptionsT
from generator.games.items import WHOLE_KIT, Item


def offers(game: Game[OptionsT], destination: Destination) -> list[str]:
    """The commands that print something of the game for the destination."""
    made = [f"pnp {item} {game.key} --for {destination.key}" for item in game.items
            if destination.product(item.kind) is not None]
    if destination.product(Kind.BOOK) is not None:
        made.append(f"pnp booklet {game.key} --for {destination.key}")
    if destination.product(Kind.KIT) is not None:
        made.append(f"pnp kit {game.key} --for {destination.key}")
    return made


def not_sold(game: Game[OptionsT], item: Item, *, destination: Destination,
             sold: Sequence[Item] = ()) -> str:
    """Why an item is not printed for a destination, in one line: what the destination
    prints, the commands that print the game's share of it, and where the item prints."""
    where = [d.key for d in DESTINATIONS.values() if d.product(item.kind) is not None]
    elsewhere = f"for the {item.plural}, --for {listed(where, 'or')}"
    if item == WHOLE_KIT and len(sold) == 1:
        return (f"{destination.described} prints {game.title}'s {sold[0].plural} alone: pnp "
                f"{sold[0]} {game.key} --for {destination.key} makes them; {elsewhere}")
    head = f"{destination.described} {destination.verb} {destination.sells}, not {item.plural}"
    made = offers(game, destination)
    if made:
        return f"{head}: {listed(made)}; {elsewhere}"
    return f"{head}, and none for {game.title}; {elsewhere}"


def sold(game: Game[OptionsT], item: Item, *, destination: Destination) -> Product:
    """What the destination makes of the item; refused, naming what it does print, where it
    sells nothing of its kind."""
    product = destination.product(item.kind)
    if product is None:
        raise OptionError(not_sold(game, item, destination=destination))
    return product


def taken_formats(item: Item, product: Product | None) -> tuple[Format, ...]:
    """The item's formats, those the product takes first (its default)."""
    if product is None or product.formats is None:
        return item.formats
    first = tuple(f for f in product.formats if f in item.formats)
    return first + tuple(f for f in item.formats if f not in first)


def check_taken(product: Product | None, destination: Destination, *, fmt: Format,
                what: str = "") -> None:
    """Refuse a file the product does not take (`what` names it; by default the
    --format): a vendor that takes images only is given no PDF."""
    if product is not None and not product.takes(fmt):
        taken = " or ".join(f.name for f in product.formats or ())
        raise OptionError(f"{destination.described} takes {taken}, not "
                          f"{what or f'--format {fmt.name}'}")


def product_paper(paper: Paper, product: Product, *, given: bool, described: str) -> Paper:
    """The paper a product is printed on: its own trim, where it has one (a vendor's
    board), else the paper asked for. A --paper given to a product of a fixed size (its
    board, a deck one card a page) is refused: it would change nothing."""
    if given and product.own_size:
        size = (f"{product.trim / MM_PER_INCH:g} in square" if product.trim is not None
                else f"{product.card} cards one a page" if product.card is not None
                else "whatever the paper")
        raise OptionError(f"--paper: {described} makes its {product.name} at its own size, "
                          f"{size}")
    if product.trim is None:
        return paper
    inches = product.trim / MM_PER_INCH
    return replace(paper, name=f"{inches:g}x{inches:g}in", width=product.trim,
                   height=product.trim, inches=True)


def check_cut_path(game: Game[OptionsT], item: Item, *, parts: Sequence[Item],
                   product: Product, destination: Destination, fmt: Format) -> None:
    """Refuse --cut-path where it draws nothing or is not taken."""
    if not any(part.cut for part in parts):
        raise OptionError(f"--cut-path changes nothing in {game.title}'s {item}: it has no "
                          f"cut lines")
    if not product.cut_path:
        raise OptionError(f"--cut-path: {destination.described} asks for no die line in its "
                          f"files")
    if fmt not in (PDF, SVG):
        raise OptionError(f"--cut-path is for --format pdf or svg, not {fmt.name}")
