"""A request: "print this item of this game with these options, on this paper, palette,
language, destination and format". Front ends turn what a person asked into one
(`item_request`, `booklet_request`); every refusal is raised here, before any drawing, with
the sentence the person sees; `make` turns a checked request into what the writers write.

What a destination makes of an item is its product (generator/core/products.py): an item
it sells no product for is refused by name, with what it does print for the game; its
product decides the formats, a fixed size, the bleed, whether a cut path or crop marks are
taken. A vendor's kit is its products of the kit's items, as one zip with a note of what to
order (`vendor_kit.py`). The command line, the studio and `pnp build` all come through here,
so an option means the same thing and is refused with the same words wherever it was given.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Generic

from generator import i18n, render
from generator.app import documents, names, params, vendor_kit
from generator.app.asked import Asked, read_asked
from generator.app.product_checks import (
    check_cut_path,
    check_taken,
    not_sold,
    product_paper,
    taken_formats,
)
from generator.app.refusals import changed_by, listed, refuse_given, spelled
from generator.core.cards import CARD_SIZES, EURO_POKER, CardSize, card_named
from generator.core.content import Bundle, Content
from generator.core.destinations import HOME, Destination
from generator.core.formats import PDF, ZIP, BoardData, Format
from generator.core.palette import COLOUR, Palette
from generator.core.paper import HOME as HOME_PRESS
from generator.core.paper import NAMED, Paper, Press, for_press
from generator.core.products import Kind, Product
from generator.core.scene import Document
from generator.games import KEYS, find
from generator.games.game import Game, OptionError, OptionsT
from generator.games.items import BOARD, ITEMS, RULES, WHOLE_KIT, Item
from generator.games.protocols import GameOptions
from generator.games.tables import tables_of
from generator.i18n import ENGLISH, SOURCE, Words
from generator.layout import duplex
from generator.layout.booklet import FORMATS as BOOKLET_FORMATS
from generator.layout.printing import Printing

if TYPE_CHECKING:
    from generator.app.documents import PartKey
    from generator.layout.booklet import Part

BOOKLET = "booklet"
BOOKLET_PAPERS = ("a4", "letter")


# Only this module's checking functions hold this: a request made anywhere else is refused
# when it is made, so every ItemRequest and BookletRequest has been checked.
_CHECKED = object()


class UncheckedRequest(TypeError):
    """A request made other than by its checking function (a programming error)."""


def find_game(name: str) -> Game[GameOptions]:
    game = find(name) if isinstance(name, str) else None
    if game is None:
        raise OptionError(f"Invalid value for 'GAME': {name!r} is not one of "
                          f"{', '.join(KEYS)}")
    return game


def _pressed(paper: Paper, target: Destination, bleed: float | None,
             condition: str | None = None, ink_limit: float | None = None) -> Paper:
    """The paper for the destination; --bleed, --press and --ink-limit without --for
    print-shop are refused, as is an ink limit the condition does not allow."""
    try:
        return for_press(paper, target, bleed=bleed, condition=condition, ink_limit=ink_limit)
    except ValueError as err:
        raise OptionError(str(err)) from None


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemRequest(Generic[OptionsT]):
    """One item of a game (or its kit), checked: the options, paper and format can make it,
    and its destination sells it as `product`. A vendor's kit holds its products as `parts`
    (written together as one zip). Made only by `item_request` and `checked_request`."""
    game: Game[OptionsT]
    item: Item
    options: OptionsT                     # the game's options value
    paper: Paper                          # as pressed for the destination
    palette: Palette
    lang: str
    fmt: Format
    product: Product
    dpi: int | None = None
    copies: int | None = None
    cell: float | None = None
    tile: bool = False
    backs: duplex.Backs | None = None     # a kit's back-to-back sheets: how they print
    url_base: str | None = None           # where a virtual table's files are published
    parts: tuple[ItemRequest[OptionsT], ...] = ()
    # The press as it is when nothing is asked but the destination: what the name leaves out.
    usual: Press = field(default=HOME_PRESS, compare=False)
    checked_by: object = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.checked_by is not _CHECKED:
            raise UncheckedRequest("an ItemRequest is made by requests.item_request or "
                                   "requests.checked_request, which check it")

    @property
    def destination(self) -> Destination:
        return self.paper.press.destination

    @property
    def stem(self) -> str:
        """The file's default name (names.py): every choice that changes its bytes."""
        return names.item_stem(
            self.game, self.item, options=self.options, paper=self.paper.name, palette=self.palette,
            lang=self.lang, press=self.paper.press, usual=self.usual, dpi=self.dpi,
            copies=self.copies, cell=self.cell, backs=self.backs, url=self.url_base)

    @property
    def formats(self) -> tuple[Format, ...]:
        return (ZIP,) if self.parts else taken_formats(self.item, self.product)

    @property
    def printing(self) -> Printing:
        """What the pages depend on besides the game's options."""
        return Printing(paper=self.paper, palette=self.palette, copies=self.copies or 1,
                        words=i18n.words(self.lang), backs=self.backs)

    @property
    def settings(self) -> render.Settings:
        """What the writer is told besides the document: pixels per inch, the press."""
        press = self.paper.press
        return render.Settings(self.dpi, press if press.shop or press.cut_path else None,
                               self.url_base)

    def part(self, item: Item) -> ItemRequest[OptionsT]:
        """One of a kit's items, with the kit's options: checked with the kit."""
        if self.item != WHOLE_KIT or item not in self.game.items_for(self.options):
            raise UncheckedRequest(f"{item} is not part of this request's kit")
        return replace(self, item=item, parts=(), checked_by=_CHECKED)


@dataclass(frozen=True, slots=True, kw_only=True)
class BookletRequest:
    """Rule sheets (and more) of some games as a booklet, checked: made only by
    `booklet_request`."""
    games: tuple[str, ...]
    extras: tuple[Item, ...]
    paper: str                  # a key of layout.booklet.FORMATS
    palette: Palette
    target: Destination
    bleed: float | None
    lang: str
    press: Press = field(compare=False)
    checked_by: object = field(default=None, repr=False, compare=False)

    formats = (PDF,)

    @property
    def words(self) -> Words:
        return i18n.words(self.lang)

    @property
    def stem(self) -> str:
        return names.booklet_stem(self.games, self.extras, paper=self.paper,
                                  palette=self.palette, lang=self.lang, target=self.target)

    def __post_init__(self) -> None:
        if self.checked_by is not _CHECKED:
            raise UncheckedRequest("a BookletRequest is made by requests.booklet_request, "
                                   "which checks it")

    @property
    def settings(self) -> render.Settings:
        return render.Settings(press=self.press if self.press.shop else None)


def item_request(game: Game[OptionsT], item: Item, *, values: Mapping[str, object],
                 given: Collection[str] = (), output: Path | None = None
                 ) -> ItemRequest[OptionsT]:
    """A checked request from values by parameter name (typed or as typed by a person);
    `given` names the parameters a person set rather than left at their defaults. Everything
    that can be refused is refused here, before any drawing."""
    if not game.has(item):
        offered = [key for key in KEYS if find_game(key).has(item)]
        raise OptionError(f"{game.key} has no {item}; {', '.join(offered)} "
                          f"{'has' if len(offered) == 1 else 'have'}")
    asked = read_asked(game, item, values=values, given=given)
    return asked_request(game, item, options=game.make_options(**asked.options), asked=asked,
                         output=output)


def asked_request(game: Game[OptionsT], item: Item, *, options: OptionsT, asked: Asked,
                  output: Path | None = None) -> ItemRequest[OptionsT]:
    """A checked request from what was asked, typed: the product the destination makes of
    the item, on the paper it prints, in a format it takes."""
    game.refuse(options, item)
    destination = asked.target
    product = destination.product(item.kind)
    if product is None:
        if item == WHOLE_KIT:
            return _vendor_kit(game, options, asked, output)
        raise OptionError(not_sold(game, item, destination=destination))
    fmt = render.output_format(output, asked.fmt, allowed=taken_formats(item, product))
    named = output is not None and asked.fmt is None and bool(output.suffix)
    check_taken(product, destination, fmt=fmt,
                what=f"a file whose name ends in {output.suffix}: {output}" if named and output
                else "")
    if fmt.data:
        return _data_request(game, item, options, asked, fmt, product)
    paper, card = _card_size(asked, item, product, game.items_for(options))
    paper = product_paper(paper, product, given="paper" in asked.given,
                          described=destination.described)
    # A vendor's card template has its own bleed (MakePlayingCards' 36 px at 300 dpi),
    # which comes before the bleed a print shop asks for cards in general.
    bleed = (product.bleed if product.bleed is not None and asked.bleed is None
             else item.bleed_for(destination, asked.bleed))
    pressed = _pressed(paper, destination, bleed, asked.condition, asked.ink_limit)
    usual = _pressed(paper, destination, item.bleed_for(destination, None)
                     if product.bleed is None else product.bleed).press
    parts = game.items_for(options) if item == WHOLE_KIT else (item,)
    if asked.cut_path:
        check_cut_path(game, item, parts=parts, product=product, destination=destination, fmt=fmt)
    pressed = _extras(pressed, card, product, asked.cut_path, asked.crop_marks)
    if pressed.press.crop_marks and fmt != PDF:
        raise OptionError(f"--crop-marks is for --format pdf, not {fmt.name}")
    _refuse_unread(game, item, asked)
    if asked.dpi is not None and not fmt.pixels:
        raise OptionError(f"--dpi is for --format png, not {fmt.name}")
    if fmt.pixels:
        params.refuse_huge_pixels(pressed, asked.dpi or params.DEFAULT_DPI)
    if asked.tile and asked.cell is None:
        raise OptionError("--tile needs --cell, the size of the cells in mm")
    if asked.cell is not None and asked.copies is not None:
        raise OptionError("--copies is for whole boards, not --cell boards")
    backs = _backs(game, options, asked, parts) if item == WHOLE_KIT else None
    if asked.url_base is not None and not fmt.folder:
        raise OptionError("--url-base names where a virtual table's files are published: "
                          "it is for --for tabletop-simulator")
    # One copy is what no --copies makes, and --dpi 300 what no --dpi does: one request.
    copies = None if asked.copies == 1 else asked.copies
    dpi = None if asked.dpi == params.DEFAULT_DPI else asked.dpi
    return checked_request(game=game, item=item, options=options, paper=pressed, fmt=fmt,
                           palette=asked.palette, lang=asked.lang, dpi=dpi,
                           copies=copies, cell=asked.cell, tile=asked.tile, backs=backs,
                           url_base=asked.url_base, product=product,
                           usual=replace(usual, card=pressed.press.card))


def _data_request(game: Game[OptionsT], item: Item, options: OptionsT, asked: Asked,
                  fmt: Format, product: Product) -> ItemRequest[OptionsT]:
    """A board's description as data: nothing of the printing applies."""
    if asked.dpi is not None:
        raise OptionError(f"--dpi is for --format png, not {fmt.name}")
    if asked.target.shop:
        raise OptionError(f"--for {asked.target.key} is for printed items, not --format "
                          f"{fmt.name}")
    known = {p.name: p for p in params.item_params(game, item)}
    printing = [name for name in known if name not in params.reads(game, item, fmt=params.DATA)
                and (known[name].game_option
                     or name in ("copies", "cell", "tile", "paper", "palette", "lang"))]
    refuse_given(asked.given, printing, values={**asked.options, "tile": asked.tile},
                 what="for printed "
                 "boards", fmt=fmt.name)
    return checked_request(game=game, item=item, options=options, paper=asked.paper, fmt=fmt,
                           palette=asked.palette, lang=asked.lang, product=product)


def _refuse_unread(game: Game[OptionsT], item: Item, asked: Asked) -> None:
    """Refuse a game option given that a printed item draws nothing from."""
    read = params.reads(game, item, fmt=params.PRINTED)
    for name in asked.options:
        if name in asked.given and name not in read:
            raise OptionError(f"{spelled(name, asked.options[name])} changes nothing on a "
                              f"printed {game.title} {item}; it is for "
                              f"{listed(changed_by(game, name))}")


def _backs(game: Game[OptionsT], options: OptionsT, asked: Asked,
           parts: Sequence[Item]) -> duplex.Backs:
    """A kit's --backs and --back-offset as a value; each refused where it changes nothing
    in this kit, naming the kits where it does."""
    given = [name for name in ("backs", "back_offset") if name in asked.given]
    two_sided = [part for part in parts if part.back_to_back]
    if given and not two_sided:
        raise OptionError(f"{spelled(given[0])} changes nothing in {game.title}'s "
                          f"{options.label(ENGLISH)} kit: nothing in it prints back to back")
    folds = set(game.pages().folded) & set(two_sided)
    if asked.backs == duplex.GUTTER_FOLD and not folds:
        raise OptionError(f"--backs gutter-fold changes nothing in {game.title}'s kit: it "
                          f"has no cards to fold ({listed([p.key for p in two_sided])} "
                          f"print back to back)")
    if "back_offset" in asked.given and asked.backs != duplex.DUPLEX:
        raise OptionError(f"--back-offset moves the backs of a kit printed on both sides; "
                          f"with --backs {asked.backs} it changes nothing")
    return duplex.Backs(asked.backs, asked.back_offset)


def checked_request(*, game: Game[OptionsT], item: Item, options: OptionsT, paper: Paper,
                    fmt: Format, palette: Palette = COLOUR, lang: str = SOURCE,
                    dpi: int | None = None, copies: int | None = None,
                    cell: float | None = None, tile: bool = False,
                    backs: duplex.Backs | None = None, url_base: str | None = None,
                    product: Product | None = None, usual: Press | None = None,
                    parts: tuple[ItemRequest[OptionsT], ...] = ()) -> ItemRequest[OptionsT]:
    """A request from typed values (`pnp build`'s catalogue, and item_request once it has
    read a person's), checked: the options and paper can make the item in the format."""
    destination = paper.press.destination
    sold = product or destination.product(item.kind)
    if sold is None:
        raise OptionError(not_sold(game, item, destination=destination))
    if not parts and fmt not in item.formats:
        raise OptionError(f"the {item} is written as "
                          f"{' or '.join(f.name for f in item.formats)}, not {fmt.name}")
    if sold.faces is not paper.press.faces:     # a deck laid out as its product lays it
        paper = replace(paper, press=replace(paper.press, faces=sold.faces))
    if not fmt.data and not parts:
        documents.check(game, item, options=options, paper=paper, words=i18n.words(lang),
                        tiled=cell is not None)
    return ItemRequest(game=game, item=item, options=options, paper=paper, palette=palette,
                       lang=lang, fmt=fmt, product=sold, dpi=dpi, copies=copies, cell=cell,
                       tile=tile, backs=backs, url_base=url_base, parts=parts,
                       usual=usual or replace(paper.press, cut_path=False, crop_marks=False),
                       checked_by=_CHECKED)


def _card_size(asked: Asked, item: Item, product: Product,
               parts: Sequence[Item]) -> tuple[Paper, CardSize]:
    """The card size (the product's, --card-size, or a card-sized --paper) and the paper
    the rest is printed on: a card-sized paper is for cards alone."""
    paper, card = asked.paper, asked.card_size
    holds_cards = any(part.kind is Kind.CARDS for part in parts)
    if "card_size" in asked.given and not holds_cards:
        raise OptionError(f"--card-size changes nothing: this {item} holds no cards")
    named = card_named(paper.width, paper.height) if not paper.turnable else None
    if named is not None:
        if not holds_cards:
            raise OptionError(f"--paper {paper.name} is a card's size: it is for pnp cards")
        if card is not None and card != named:
            raise OptionError(f"--paper {paper.name} is {named} cards, not --card-size {card}")
        card, paper = named, NAMED["letter" if paper.inches else "a4"]
    if product.card is not None:
        if card is not None and card != product.card:
            raise OptionError(f"it prints {product.card} cards ({product.card.width:.1f} × "
                              f"{product.card.height:.1f} mm), not {card}")
        card = product.card
    return paper, card or EURO_POKER


def _extras(paper: Paper, card: CardSize, product: Product, cut_path: bool,
            crop_marks: bool) -> Paper:
    """The paper's press with the card size, the deck's layout, cut path and crop marks."""
    if crop_marks and not paper.press.shop:
        raise OptionError("--crop-marks is for a print shop's pages: sheets printed at home "
                          "carry crop marks of their own")
    if crop_marks and not product.crop_marks:
        raise OptionError(f"--crop-marks: {paper.press.destination.described} asks for no "
                          f"crop marks in its files")
    press = replace(paper.press, card=card, faces=product.faces, cut_path=cut_path,
                    crop_marks=crop_marks)
    return paper if press == paper.press else replace(paper, press=press)


def _vendor_kit(game: Game[OptionsT], options: OptionsT, asked: Asked,
                output: Path | None) -> ItemRequest[OptionsT]:
    """A vendor's kit: its products of the kit's items, each as its own request, written
    as one zip; refused where the vendor prints fewer than two of them (the item's own
    command makes the one)."""
    destination = asked.target
    sold = [item for item in game.items_for(options) if destination.product(item.kind)]
    if len(sold) < 2:
        raise OptionError(not_sold(game, WHOLE_KIT, destination=destination, sold=sold))
    if "paper" in asked.given:
        raise OptionError(f"--paper: {destination.described} prints each product at its "
                          f"own size")
    fmt = render.output_format(output, asked.fmt if asked.fmt in (None, ZIP) else None,
                               allowed=(ZIP,))
    if asked.fmt not in (None, PDF, ZIP):
        raise OptionError(f"a kit for {destination.described} is a zip of its products, "
                          f"not --format {asked.fmt.name}")
    own = {name for name in ("card_size", "backs", "back_offset", "copies") if name in
           asked.given}
    if own:
        raise OptionError(f"{spelled(sorted(own)[0])} is for a kit printed at home or at a "
                          f"print shop")
    parts = tuple(asked_request(game, item, options=options, asked=replace(
        asked, fmt=None, given=asked.given - {"fmt"})) for item in sold)
    # The kit's own paper names nothing: each product is printed at its own size.
    paper = _pressed(asked.paper, destination, None)
    return checked_request(game=game, item=WHOLE_KIT, options=options, paper=paper, fmt=fmt,
                           palette=asked.palette, lang=asked.lang, parts=parts,
                           product=parts[0].product)


def _bundle(request: ItemRequest[OptionsT]) -> Bundle:
    """A vendor's kit: each product made as its own request makes it, and what to order."""
    made = []
    for part in request.parts:
        drawn = content(part)
        faces = (len({page.name for page in drawn.pages} - {"back"})
                 if isinstance(drawn, Document) and part.item.kind is Kind.CARDS else 0)
        made.append(vendor_kit.Made(part.item, part.product, drawn, part.fmt, part.dpi,
                                    part.paper.press, faces))
    sold = {part.item for part in request.parts}
    left = [item for item in request.game.items_for(request.options) if item not in sold]
    words = i18n.words(request.lang)
    title = f"{request.game.title} ({request.options.label(words)})"
    text = vendor_kit.note(title, request.destination, made=made, left=left,
                           kit_command=f"pnp kit {request.game.key}", words=words)
    return vendor_kit.bundle(made, text)


def extra_items(words: Sequence[str], games: Sequence[str]) -> tuple[Item, ...]:
    """The items `--with` names, as words: a word that names no item is refused as an item
    the games have not."""
    found = []
    for word in words:
        item = ITEMS.get(word)
        if item is None:
            key = find_game(games[0]).key if games else KEYS[0]
            raise OptionError(f"--with {word}: {key} has "
                              f"{', '.join(i.key for i in find_game(key).items)}")
        found.append(item)
    return tuple(found)


def booklet_request(games: Sequence[str], *, everything: bool = False,
                    extras: Sequence[Item] = (), paper: str = "a4",
                    palette: Palette = COLOUR, target: Destination = HOME,
                    bleed: float | None = None, lang: str = SOURCE,
                    condition: str | None = None,
                    ink_limit: float | None = None) -> BookletRequest:
    if everything and games:
        raise OptionError(f"--all is every game: name games ({', '.join(games)}) or give "
                          f"--all, not both")
    keys = list(KEYS) if everything else list(dict.fromkeys(find_game(g).key for g in games))
    if not keys:
        raise OptionError("name the games for the booklet, or give --all")
    for extra in extras:
        for key in keys:
            game = find_game(key)
            if not game.has(extra) or extra in (RULES, WHOLE_KIT) or not extra.in_booklet:
                raise OptionError(f"--with {extra}: {key} has "
                                  f"{', '.join(i.key for i in game.items)}")
    product = target.product(Kind.BOOK)
    if product is None:
        raise OptionError(f"{target.described} {target.verb} {target.sells}, not books: give "
                          f"another --for")
    check_taken(product, target, fmt=PDF, what="a booklet, which is a PDF")
    press = _pressed(BOOKLET_FORMATS[paper][0], target, bleed, condition, ink_limit).press
    return BookletRequest(games=tuple(keys), extras=tuple(extras), paper=paper,
                          palette=palette, target=target, bleed=bleed, lang=lang, press=press,
                          checked_by=_CHECKED)


def make(request: ItemRequest[OptionsT] | BookletRequest,
         made: dict[PartKey, Part] | None = None) -> Document:
    """The document a checked request draws. `made`, for a booklet, holds the games'
    sections made already and takes those made now (documents.booklet_document): `pnp build`
    shares them among a paper's booklets."""
    if isinstance(request, BookletRequest):
        return documents.booklet_document(list(request.games), list(request.extras),
                                          paper_key=request.paper, palette=request.palette,
                                          target=request.target, bleed=request.bleed,
                                          words=request.words, made=made)
    if request.cell is not None:
        return documents.tiled_board(request.game, request.options, printing=request.printing,
                                     cell=request.cell, tile=request.tile)
    return documents.make_document(request.game, request.item, options=request.options,
                                   printing=request.printing)


def board_data(request: ItemRequest[OptionsT]) -> BoardData:
    """The board's description as data, which a request in a data format asks for."""
    return request.game.board_json(request.options)


def content(request: ItemRequest[OptionsT] | BookletRequest) -> Content:
    """What the request's format writes: the board's data, a vendor's kit of products, or
    the drawn document."""
    if isinstance(request, ItemRequest) and request.parts:
        return _bundle(request)
    if isinstance(request, ItemRequest) and request.fmt.folder:
        words = i18n.words(request.lang)
        return tables_of(request.game).make(request.options, request.palette,
                                              words=words)
    if isinstance(request, ItemRequest) and request.fmt.data:
        return board_data(request)
    return make(request)


__all__ = ["BOARD", "BOOKLET", "BOOKLET_PAPERS", "CARD_SIZES", "BookletRequest", "ItemRequest",
           "OptionError", "UncheckedRequest", "asked_request", "board_data", "booklet_request",
           "checked_request", "content", "find_game", "item_request", "make"]
