"""A request: "print this item of this game with these options, on this paper, palette,
language, target and format". Front ends turn what a person asked into one (`item_request`,
`booklet_request`), every refusal is raised here, before any drawing, with the sentence the
person sees; `make` turns a checked request into what the writers write.

The command line, the studio and `pnp build` all come through here, so an option means the
same thing and is refused with the same words wherever it was given.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Generic

from generator import i18n, render
from generator.app import documents, names
from generator.app import params as P
from generator.app.refusals import changed_by, listed, not_offered, refuse_given, spelled
from generator.core.cards import CARD_SIZES, EURO_POKER, CardSize, card_named
from generator.core.destinations import DESTINATIONS, HOME, Destination
from generator.core.formats import PDF, SVG, BoardData, Content, Format
from generator.core.palette import COLOUR, PALETTES, Palette
from generator.core.paper import MM_PER_INCH, NAMED, Paper, Press, for_press
from generator.core.scene import Document
from generator.games import KEYS, find
from generator.games.game import Game, OptionError, OptionsT
from generator.games.items import ITEMS, KIT, Item
from generator.games.protocols import GameOptions
from generator.i18n import SOURCE
from generator.layout import duplex
from generator.layout.booklet import FORMATS as BOOKLET_FORMATS

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
        return for_press(paper, target, bleed, condition=condition, ink_limit=ink_limit)
    except ValueError as err:
        raise OptionError(str(err)) from None


@dataclass(frozen=True, slots=True)
class ItemRequest(Generic[OptionsT]):
    """One item of a game (or its kit), checked: the options, paper and format can make it.
    Made only by `item_request` and `checked_request`, which check it."""
    game: Game[OptionsT]
    item: Item
    options: OptionsT                           # the game's options value
    paper: Paper                         # as pressed for the destination
    palette: Palette
    lang: str
    fmt: Format
    dpi: int | None = None
    copies: int | None = None
    cell: float | None = None
    tile: bool = False
    backs: duplex.Backs | None = None           # a kit's back-to-back sheets: how they print
    checked_by: object = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.checked_by is not _CHECKED:
            raise UncheckedRequest("an ItemRequest is made by requests.item_request or "
                                   "requests.checked_request, which check it")

    @property
    def stem(self) -> str:
        """The file's default name (names.py): what tells it from the item's other files."""
        press = self.paper.press
        return names.item_stem(self.game, self.item.key, self.options, self.paper.name,
                               self.palette, self.lang, press.destination, press.card)

    @property
    def formats(self) -> tuple[Format, ...]:
        return self.item.formats

    @property
    def settings(self) -> render.Settings:
        """What the writer is told besides the document: pixels per inch, the press."""
        press = self.paper.press
        return render.Settings(self.dpi, press if press.shop or press.cut_path else None)

    def part(self, key: str) -> ItemRequest[OptionsT]:
        """One of a kit's items, with the kit's options: checked with the kit."""
        if self.item.key != KIT or ITEMS[key] not in self.game.items_for(self.options):
            raise UncheckedRequest(f"{key} is not part of this request's kit")
        return ItemRequest(self.game, ITEMS[key], self.options, self.paper, self.palette,
                           self.lang, self.fmt, self.dpi, self.copies, self.cell, self.tile,
                           self.backs, _CHECKED)


@dataclass(frozen=True, slots=True)
class BookletRequest:
    """Rule sheets (and more) of some games as a booklet, checked: made only by
    `booklet_request`."""
    games: tuple[str, ...]
    extras: tuple[str, ...]
    paper: str                  # a key of layout.booklet.FORMATS
    palette: Palette
    target: Destination
    bleed: float | None
    lang: str
    press: Press = field(compare=False)
    checked_by: object = field(default=None, repr=False, compare=False)

    formats = (PDF,)

    @property
    def stem(self) -> str:
        return names.booklet_stem(self.games, self.extras, self.paper, self.palette,
                                  self.lang, self.target)

    def __post_init__(self) -> None:
        if self.checked_by is not _CHECKED:
            raise UncheckedRequest("a BookletRequest is made by requests.booklet_request, "
                                   "which checks it")

    @property
    def settings(self) -> render.Settings:
        return render.Settings(press=self.press if self.press.shop else None)


def item_request(game: Game[OptionsT], item: str, values: Mapping[str, object],
                 given: Collection[str] = (), output: Path | None = None) -> ItemRequest[OptionsT]:
    """A checked request from values by parameter name (typed or as typed by a person);
    `given` names the parameters a person set rather than left at their defaults. Everything
    that can be refused is refused here, before any drawing."""
    if item != KIT and not game.has(item):
        offered = [key for key in KEYS if find_game(key).has(item)]
        raise OptionError(f"{game.key} has no {item}; {', '.join(offered)} "
                          f"{'has' if len(offered) == 1 else 'have'}")
    wanted = ITEMS[item]
    known = {p.name: p for p in P.item_params(game, item)}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise OptionError(not_offered(game, wanted, unknown[0], values[unknown[0]]))
    typed = {name: known[name].convert(v) for name, v in values.items() if v is not None}
    options = game.make_options(**{n: v for n, v in typed.items() if known[n].game_option})
    target = DESTINATIONS[str(typed.get("target", HOME.key))]
    asked_bleed = _number(typed.get("bleed"))
    # A vendor's card template has its own bleed (MakePlayingCards' 36 px at 300 dpi),
    # which comes before the bleed a print shop asks for cards in general.
    bleed = (target.card_bleed if item == "cards" and target.card_bleed is not None
             and asked_bleed is None else wanted.bleed_for(target, asked_bleed))
    paper = typed.get("paper") or P.PAPER.convert(P.PAPER.default)
    assert isinstance(paper, Paper)
    paper, card = _card_size(paper, item, target, _text(typed.get("card_size")))
    if item == "board" and target.board is not None:
        if "paper" in given:
            raise OptionError(f"--paper: {target.described} prints the board as its own "
                              f"product, {target.board / MM_PER_INCH:g} in square")
        paper = Paper(f"{target.board / MM_PER_INCH:g}x{target.board / MM_PER_INCH:g}in",
                      target.board, target.board, inches=True)
    paper = _pressed(paper, target, bleed, _text(typed.get("condition")),
                     _number(typed.get("ink_limit")))
    paper = _extras(paper, card, bool(typed.get("cut_path")), bool(typed.get("crop_marks")))
    asked = typed.get("fmt")
    fmt = render.output_format(output, wanted.format_named(str(asked)) if asked else None,
                               taken_formats(wanted, target))
    check_taken(target, fmt)
    if paper.press.crop_marks and fmt != PDF:
        raise OptionError(f"--crop-marks is for --format pdf, not {fmt.name}")
    if paper.press.cut_path and not target.cut_path:
        raise OptionError(f"--cut-path: {target.described} asks for no die line in its files")
    if paper.press.cut_path and fmt not in (PDF, SVG):
        raise OptionError(f"--cut-path is for --format pdf or svg, not {fmt.name}")
    dpi, copies, cell = _whole(typed.get("dpi")), _whole(typed.get("copies")), \
        _number(typed.get("cell"))
    tile = bool(typed.get("tile", False))
    if dpi is not None and not fmt.pixels:
        raise OptionError(f"--dpi is for --format png, not {fmt.name}")
    if fmt.pixels:
        P.refuse_huge_pixels(paper, dpi or P.DEFAULT_DPI)
    if fmt.data:
        if paper.press.shop:
            raise OptionError(f"--for {target.key} is for printed items, not --format "
                              f"{fmt.name}")
        # What the data does not hold: the game's options it has not, and the printing.
        printing = [name for name in known if name not in P.reads(game, wanted, P.DATA)
                    and (known[name].game_option
                         or name in ("copies", "cell", "tile", "paper", "palette", "lang"))]
        refuse_given(given, printing, typed, "for printed boards", fmt.name)
    else:
        for name in known:
            if (name in given and known[name].game_option
                    and name not in P.reads(game, wanted, P.PRINTED)):
                raise OptionError(f"{spelled(name, typed.get(name))} changes nothing on a "
                                  f"printed {game.title} {item}; it is for "
                                  f"{listed(changed_by(game, name))}")
        if tile and cell is None:
            raise OptionError("--tile needs --cell, the size of the cells in mm")
        if cell is not None and copies is not None:
            raise OptionError("--copies is for whole boards, not --cell boards")
    palette = PALETTES[str(typed.get("palette", P.PALETTE.default))]
    return checked_request(game, item, options, paper, fmt, palette,
                           str(typed.get("lang", SOURCE)), dpi, copies, cell, tile,
                           _backs(typed) if item == KIT else None)


def _backs(typed: Mapping[str, object]) -> duplex.Backs:
    """A kit's --backs and --back-offset as a value; an offset refused in one line."""
    try:
        offset = duplex.parse_offset(str(typed.get("back_offset") or "0,0"))
    except ValueError as err:
        raise OptionError(f"--back-offset {err}") from None
    return duplex.Backs(str(typed.get("backs") or duplex.DUPLEX), offset)


def checked_request(game: Game[OptionsT], item: str, options: OptionsT, paper: Paper, fmt: Format,
                    palette: Palette = COLOUR, lang: str = SOURCE,
                    dpi: int | None = None, copies: int | None = None,
                    cell: float | None = None, tile: bool = False,
                    backs: duplex.Backs | None = None) -> ItemRequest[OptionsT]:
    """A request from typed values (`pnp build`'s catalogue, and item_request once it has
    read a person's), checked: the options and paper can make the item in the format."""
    if fmt not in ITEMS[item].formats:
        raise OptionError(f"the {item} is written as "
                          f"{' or '.join(f.name for f in ITEMS[item].formats)}, not {fmt.name}")
    if not fmt.data:
        documents.check(game, item, options, paper, tiled=cell is not None)
    return ItemRequest(game, ITEMS[item], options, paper, palette, lang, fmt, dpi, copies,
                       cell, tile, backs, _CHECKED)


def _card_size(paper: Paper, item: str, target: Destination,
               asked: str | None) -> tuple[Paper, CardSize]:
    """The card size (the destination's, --card-size, or a card-sized --paper) and the paper
    the rest is printed on: a card-sized paper is for cards alone."""
    card = CARD_SIZES[asked] if asked else None
    named = card_named(paper.width, paper.height) if not paper.turnable else None
    if named is not None:
        if item not in ("cards", KIT):
            raise OptionError(f"--paper {paper.name} is a card's size: it is for pnp cards")
        if card is not None and card != named:
            raise OptionError(f"--paper {paper.name} is {named} cards, not --card-size {card}")
        card, paper = named, NAMED["letter" if paper.inches else "a4"]
    if target.card is not None:
        if card is not None and card != target.card:
            raise OptionError(f"{target.described} prints {target.card} cards "
                              f"({target.card.width:.1f} × {target.card.height:.1f} mm), not "
                              f"{card}")
        card = target.card
    return paper, card or EURO_POKER


def _extras(paper: Paper, card: CardSize, cut_path: bool, crop_marks: bool) -> Paper:
    """The paper's press with the card size, cut path and crop marks asked for."""
    if crop_marks and not paper.press.shop:
        raise OptionError("--crop-marks is for a print shop's pages: sheets printed at home "
                          "carry crop marks of their own")
    press = replace(paper.press, card=card, cut_path=cut_path, crop_marks=crop_marks)
    return paper if press == paper.press else replace(paper, press=press)


def taken_formats(item: Item, target: Destination) -> tuple[Format, ...]:
    """The item's formats, those the destination takes first (its default)."""
    if target.takes is None:
        return item.formats
    first = tuple(f for f in target.takes if f in item.formats)
    return first + tuple(f for f in item.formats if f not in first)


def check_taken(target: Destination, fmt: Format, what: str = "") -> None:
    """Refuse a file the destination does not take (`what` names it; by default the
    --format): a vendor that takes images only is given no PDF, a booklet's included."""
    if target.takes is not None and fmt not in target.takes:
        raise OptionError(f"{target.described} takes "
                          f"{' or '.join(f.name for f in target.takes)}, not "
                          f"{what or f'--format {fmt.name}'}")


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) else None


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def booklet_request(games: Sequence[str], everything: bool = False,
                    extras: Sequence[str] = (), paper: str = "a4",
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
            if not game.has(extra) or extra == "rules" or not ITEMS[extra].in_booklet:
                raise OptionError(f"--with {extra}: {key} has "
                                  f"{', '.join(i.key for i in game.items)}")
    check_taken(target, PDF, "a booklet, which is a PDF: give another --for")
    press = _pressed(BOOKLET_FORMATS[paper][0], target, bleed, condition, ink_limit).press
    return BookletRequest(tuple(keys), tuple(extras), paper, palette, target, bleed, lang,
                          press, _CHECKED)


def make(request: ItemRequest[OptionsT] | BookletRequest,
         made: dict[PartKey, Part] | None = None) -> Document:
    """The document a checked request draws. `made`, for a booklet, holds the games'
    sections made already and takes those made now (documents.booklet_document): `pnp build`
    shares them among a paper's booklets."""
    with i18n.language(request.lang):
        if isinstance(request, BookletRequest):
            return documents.booklet_document(list(request.games), list(request.extras),
                                              request.paper, request.palette, request.target,
                                              request.bleed, made)
        if request.cell is not None:
            return documents.tiled_board(request.game, request.options, request.paper,
                                         request.cell, request.tile, request.palette)
        return documents.make_document(request.game, request.item.key, request.options,
                                       request.paper, request.copies or 1, request.palette,
                                       request.backs)


def board_data(request: ItemRequest[OptionsT]) -> BoardData:
    """The board's description as data, which a request in a data format asks for."""
    return request.game.board_json(request.options)


def content(request: ItemRequest[OptionsT] | BookletRequest) -> Content:
    """What the request's format writes: the board's data, or the drawn document."""
    if isinstance(request, ItemRequest) and request.fmt.data:
        return board_data(request)
    return make(request)
