"""A request: "print this item of this game with these options, on this paper, palette,
language, target and format". Front ends turn what a person asked into one (`item_request`,
`booklet_request`), every refusal is raised here, before any drawing, with the sentence the
person sees; `make` turns a checked request into what the writers write.

The command line, the studio and `pnp build` all come through here, so an option means the
same thing and is refused with the same words wherever it was given.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.app import params as P
from generator.core.paper import MM_PER_INCH, Paper, for_press
from generator.errors import UserError
from generator.games import KEYS, find
from generator.games.game import Game, OptionError
from generator.games.items import ITEMS, KIT
from generator.i18n import SOURCE

if TYPE_CHECKING:
    from generator.app.documents import PartKey
    from generator.layout.booklet import Part
    from generator.layout.duplex import Backs

BOOKLET = "booklet"
BOOKLET_PAPERS = ("a4", "letter")


def find_game(name: str) -> Game[Any]:
    game = find(name) if isinstance(name, str) else None
    if game is None:
        raise OptionError(f"Invalid value for 'GAME': {name!r} is not one of "
                          f"{', '.join(KEYS)}")
    return game


def _pressed(paper: Paper, target: str, bleed: float | None, condition: str | None = None,
             ink_limit: float | None = None) -> Paper:
    """The paper for the target; --bleed, --press and --ink-limit without --for print-shop
    are refused, as is an ink limit the condition does not allow."""
    try:
        return for_press(paper, target, bleed, condition=condition, ink_limit=ink_limit)
    except ValueError as err:
        raise OptionError(str(err)) from None


@dataclass(frozen=True)
class ItemRequest:
    """One item of a game (or its kit), checked: the options, paper and format can make it."""
    game: Game[Any]
    item: str
    options: Any                         # the game's options value
    paper: Paper                         # as pressed for the target
    palette: str = "colour"
    lang: str = SOURCE
    fmt: str = "pdf"
    dpi: int | None = None
    copies: int | None = None
    cell: float | None = None
    tile: bool = False
    backs: Backs | None = None           # a kit's back-to-back sheets: how they print

    @property
    def stem(self) -> str:
        return f"{self.game.key}-{self.item}"

    @property
    def formats(self) -> tuple[str, ...]:
        return ITEMS[self.item].formats

    @property
    def settings(self) -> dict[str, Any]:
        """What the writer is told besides the document: pixels per inch, the press."""
        out: dict[str, Any] = {"dpi": self.dpi} if self.dpi is not None else {}
        if self.paper.press.shop:
            out["press"] = self.paper.press
        return out


@dataclass(frozen=True)
class BookletRequest:
    games: tuple[str, ...]
    extras: tuple[str, ...] = ()
    paper: str = "a4"
    palette: str = "colour"
    target: str = "home"
    bleed: float | None = None
    lang: str = SOURCE
    press: Any = field(default=None, compare=False)

    stem = BOOKLET

    @property
    def settings(self) -> dict[str, Any]:
        return {"press": self.press} if self.press is not None and self.press.shop else {}


def item_request(game: Game[Any], item: str, values: Mapping[str, Any],
                 given: Collection[str] = (), output: Path | None = None) -> ItemRequest:
    """A checked request from values by parameter name (typed or as typed by a person);
    `given` names the parameters a person set rather than left at their defaults. Everything
    that can be refused is refused here, before any drawing."""
    from generator import render
    from generator.app import documents
    if item != KIT and item not in game.items:
        offered = [key for key in KEYS if item in find_game(key).items]
        raise OptionError(f"{game.key} has no {item}; {', '.join(offered)} "
                          f"{'has' if len(offered) == 1 else 'have'}")
    known = {p.name: p for p in P.item_params(game, item)}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise OptionError(not_offered(game, item, unknown[0], values[unknown[0]]))
    typed = {name: known[name].convert(v) for name, v in values.items() if v is not None}
    options = game.make_options(**{n: v for n, v in typed.items() if known[n].game_option})
    target, bleed = typed.get("target", "home"), typed.get("bleed")
    if target == "print-shop" and bleed is None:
        bleed = ITEMS[item].shop_bleed      # None: the paper's own
    paper = _pressed(typed.get("paper") or P.PAPER.convert(P.PAPER.default), target, bleed,
                     typed.get("condition"), typed.get("ink_limit"))
    fmt = render.output_format(output, typed.get("fmt"), ITEMS[item].formats)
    dpi, copies = typed.get("dpi"), typed.get("copies")
    cell, tile = typed.get("cell"), bool(typed.get("tile", False))
    if dpi is not None and fmt != "png":
        raise OptionError(f"--dpi is for --format png, not {fmt}")
    if fmt == "png":
        _refuse_huge_pixels(paper, dpi or P.DEFAULT_DPI)
    if fmt in render.DATA_FORMATS:
        if paper.press.shop:
            raise OptionError("--for print-shop is for printed items, not --format json")
        # What the data does not hold: the game's options it has not, and the printing.
        printing = [name for name in known if name not in P.reads(game, item, P.JSON)
                    and (known[name].game_option
                         or name in ("copies", "cell", "tile", "paper", "palette", "lang"))]
        _refuse_given(given, printing, typed, "for printed boards", fmt)
    else:
        for name in known:
            if (name in given and known[name].game_option
                    and name not in P.reads(game, item, P.PRINTED)):
                raise OptionError(f"{_spelled(name, typed.get(name))} changes nothing on a "
                                  f"printed {game.title} {item}; it is for "
                                  f"{_listed(_places(game, name))}")
        if tile and cell is None:
            raise OptionError("--tile needs --cell, the size of the cells in mm")
        if cell is not None and copies is not None:
            raise OptionError("--copies is for whole boards, not --cell boards")
        documents.check(game, item, options, paper, tiled=cell is not None)
    return ItemRequest(game, item, options, paper, typed.get("palette", "colour"),
                       typed.get("lang", SOURCE), fmt, dpi, copies, cell, tile,
                       _backs(typed) if item == KIT else None)


def _backs(typed: Mapping[str, Any]) -> Backs:
    """A kit's --backs and --back-offset as a value; an offset refused in one line."""
    from generator.layout import duplex
    try:
        offset = duplex.parse_offset(typed.get("back_offset") or "0,0")
    except ValueError as err:
        raise OptionError(f"--back-offset {err}") from None
    return duplex.Backs(typed.get("backs") or duplex.DUPLEX, offset)


def _refuse_huge_pixels(paper: Paper, dpi: int) -> None:
    """Refuse, before drawing, a page whose pixels would not fit in memory: the largest dpi
    the paper allows is in the message. (A tiled board's sheets are the paper.)"""
    bleed = 2 * paper.press.bleed
    inches = ((paper.width + bleed) / MM_PER_INCH, (paper.height + bleed) / MM_PER_INCH)
    pixels = inches[0] * dpi * inches[1] * dpi
    if pixels > P.MAX_PIXELS:
        largest = int((P.MAX_PIXELS / (inches[0] * inches[1])) ** 0.5)
        raise OptionError(f"--dpi {dpi} on {paper.name} paper makes {pixels / 1e6:.0f} million "
                          f"pixels a page, more than {P.MAX_PIXELS / 1e6:.0f} million; this "
                          f"paper takes at most --dpi {largest}")


def _refuse_given(given: Collection[str], names: Sequence[str], values: Mapping[str, Any],
                  what: str, fmt: str) -> None:
    """Refuse the options of `names` that were given, naming exactly those, as typed."""
    named = [_spelled(n, values.get(n)) for n in names if n in given]
    if named:
        verb = "is" if len(named) == 1 else "are"
        raise OptionError(f"{_listed(named)} {verb} {what}, not --format {fmt}")


def _spelled(name: str, value: Any = None) -> str:
    """An option as it was typed: a switch turned off is --no-NAME."""
    flag = P.Param(name, "", P.TEXT).flag
    return f"--no-{flag[2:]}" if value is False else flag


def _listed(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _places(game: Game[Any], name: str) -> list[str]:
    """Where an option of a game changes something, as a person would ask for it."""
    out = []
    for where in P.readers(game, name):
        command, _, rest = where.partition(" ")
        out.append(" ".join(filter(None, ("pnp", command, game.key, rest))))
    return out


def not_offered(game: Game[Any], item: str, name: str, value: Any = None) -> str:
    """Why an option is refused for an item (or `pnp stats`, `pnp judge`): one of the game's
    options that changes nothing there, or another item's option, with where it does
    change something; or an option no command of the game takes."""
    flag = _spelled(name, value)
    if name in P.option_names(game) and (item in ITEMS or item == P.STATS):
        places = _places(game, name)
        what = "figures" if item == P.STATS else item
        return (f"{flag} changes nothing in {game.title}'s {what}; it is for "
                f"{_listed(places) if places else 'nothing yet'}")
    takers = [f"pnp {other} {game.key}" for other in [*game.items, KIT]
              if any(p.name == name for p in P.item_params(game, other))]
    if not takers:
        return f"{game.title} takes no option {flag}"
    if item not in ITEMS:
        return f"pnp {item} {game.key} takes no option {flag}"
    return f"{flag} is for {_listed(takers)}, not pnp {item} {game.key}"


def booklet_request(games: Sequence[str], everything: bool = False,
                    extras: Sequence[str] = (), paper: str = "a4", palette: str = "colour",
                    target: str = "home", bleed: float | None = None,
                    lang: str = SOURCE, condition: str | None = None,
                    ink_limit: float | None = None) -> BookletRequest:
    from generator.layout.booklet import FORMATS
    if everything and games:
        raise OptionError(f"--all is every game: name games ({', '.join(games)}) or give "
                          f"--all, not both")
    keys = list(KEYS) if everything else list(dict.fromkeys(find_game(g).key for g in games))
    if not keys:
        raise OptionError("name the games for the booklet, or give --all")
    for extra in extras:
        for key in keys:
            game = find_game(key)
            if extra not in game.items or extra == "rules" or not ITEMS[extra].in_booklet:
                raise OptionError(f"--with {extra}: {key} has {', '.join(game.items)}")
    press = _pressed(FORMATS[paper][0], target, bleed, condition, ink_limit).press
    return BookletRequest(tuple(keys), tuple(extras), paper, palette, target, bleed, lang,
                          press)


def make(request: ItemRequest | BookletRequest,
         made: dict[PartKey, Part] | None = None) -> Any:
    """What a checked request makes: a Document, or a board's data for --format json.
    `made`, for a booklet, holds the games' sections made already and takes those made now
    (documents.booklet_document): `pnp build` shares them among a paper's booklets."""
    from generator import i18n, render
    from generator.app import documents
    with i18n.language(request.lang):
        if isinstance(request, BookletRequest):
            return documents.booklet_document(list(request.games), list(request.extras),
                                              request.paper, request.palette, request.target,
                                              request.bleed, made)
        if request.fmt in render.DATA_FORMATS:
            return request.game.board_json(request.options)
        if request.cell is not None:
            return documents.tiled_board(request.game, request.options, request.paper,
                                         request.cell, request.tile, request.palette)
        return documents.make_document(request.game, request.item, request.options,
                                       request.paper, request.copies or 1, request.palette,
                                       request.backs)


class RequestError(UserError):
    """A request a front end could not read; one line."""
