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
from typing import Any

from generator.app import params as P
from generator.core.paper import Paper, for_press
from generator.errors import UserError
from generator.games import KEYS, find
from generator.games.game import Game, OptionError
from generator.games.items import ITEMS, KIT
from generator.i18n import SOURCE

BOOKLET = "booklet"
BOOKLET_PAPERS = ("a4", "letter")


def find_game(name: str) -> Game[Any]:
    game = find(name) if isinstance(name, str) else None
    if game is None:
        raise OptionError(f"Invalid value for 'GAME': {name!r} is not one of "
                          f"{', '.join(KEYS)}")
    return game


def _pressed(paper: Paper, target: str, bleed: float | None) -> Paper:
    """The paper for the target; --bleed without --for print-shop is refused."""
    try:
        return for_press(paper, target, bleed)
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
        raise OptionError(f"{game.title} takes no option "
                          f"{', '.join(P.Param(n, '', P.TEXT).flag for n in unknown)}")
    typed = {name: known[name].convert(v) for name, v in values.items() if v is not None}
    options = game.make_options(**{n: v for n, v in typed.items() if known[n].game_option})
    paper = _pressed(typed.get("paper") or P.PAPER.convert(P.PAPER.default),
                     typed.get("target", "home"), typed.get("bleed"))
    fmt = render.output_format(output, typed.get("fmt"), ITEMS[item].formats)
    dpi, copies = typed.get("dpi"), typed.get("copies")
    cell, tile = typed.get("cell"), bool(typed.get("tile", False))
    if dpi is not None and fmt != "png":
        raise OptionError(f"--dpi is for --format png, not {fmt}")
    if fmt in render.DATA_FORMATS:
        if paper.press.shop:
            raise OptionError("--for print-shop is for printed items, not --format json")
        _refuse_given(given, ("copies", "cell", "tile"), "for printed boards", fmt)
        _refuse_given(given, ("paper", "palette"), "for printed boards", fmt)
    else:
        if tile and cell is None:
            raise OptionError("--tile needs --cell, the size of the cells in mm")
        if cell is not None and copies is not None:
            raise OptionError("--copies is for whole boards, not --cell boards")
        documents.check(game, item, options, paper, tiled=cell is not None)
    return ItemRequest(game, item, options, paper, typed.get("palette", "colour"),
                       typed.get("lang", SOURCE), fmt, dpi, copies, cell, tile)


def _refuse_given(given: Collection[str], names: Sequence[str], what: str, fmt: str) -> None:
    """Refuse the options of `names` that were given, naming exactly those."""
    named = [P.Param(n, "", P.TEXT).flag for n in names if n in given]
    if named:
        listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
        verb = "is" if len(named) == 1 else "are"
        raise OptionError(f"{listed} {verb} {what}, not --format {fmt}")


def booklet_request(games: Sequence[str], everything: bool = False,
                    extras: Sequence[str] = (), paper: str = "a4", palette: str = "colour",
                    target: str = "home", bleed: float | None = None,
                    lang: str = SOURCE) -> BookletRequest:
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
    press = _pressed(FORMATS[paper][0], target, bleed).press
    return BookletRequest(tuple(keys), tuple(extras), paper, palette, target, bleed, lang,
                          press)


def make(request: ItemRequest | BookletRequest) -> Any:
    """What a checked request makes: a Document, or a board's data for --format json."""
    from generator import i18n, render
    from generator.app import documents
    with i18n.language(request.lang):
        if isinstance(request, BookletRequest):
            return documents.booklet_document(list(request.games), list(request.extras),
                                              request.paper, request.palette, request.target,
                                              request.bleed)
        if request.fmt in render.DATA_FORMATS:
            return request.game.board_json(request.options)
        if request.cell is not None:
            return documents.tiled_board(request.game, request.options, request.paper,
                                         request.cell, request.tile, request.palette)
        return documents.make_document(request.game, request.item, request.options,
                                       request.paper, request.copies or 1, request.palette)


class RequestError(UserError):
    """A request a front end could not read; one line."""
