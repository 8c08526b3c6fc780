"""The studio's form and its requests: the controls come from the request's parameters
(generator/app/params.py); a query becomes the request the command line would make."""

from __future__ import annotations

import dataclasses
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from generator import __version__
from generator.app import params as P
from generator.app import requests
from generator.errors import UserError
from generator.games import all_games, find
from generator.games.game import OptionError
from generator.games.items import ITEMS, KIT
from generator.i18n import SOURCE

if TYPE_CHECKING:
    from generator.core.paper import Paper
    from generator.core.scene import Document
    from generator.games.game import Game

# Work one request may ask for: the command line allows more, the studio sends people to it.
MAX_COPIES = 10
MAX_PAGES = 24          # sheets of one document: a tiled board, a kit with copies
TILING_SLACK = 1.4      # how far over the cap an estimated tiling is refused unmade
MAX_QUERY = 2000        # characters of a query string
BOOKLET = requests.BOOKLET
# Query keys that are not options: which game, which item, which page, which format.
RESERVED = ("game", "item", "page", "format")
# Parameters of the commands that the studio sets itself or has no use for.
# (--for and --bleed too: the studio makes home prints.)
SKIPPED = ("fmt", "output", "games", "everything", "target", "bleed", "condition", "ink_limit")
LABELS = {"cell": "Cell size (mm)", "tile": "Tile over several sheets",
          "extras": "Also in the booklet", "lang": "Language"}
ITEM_LABELS = {"kit": "Kit (every item)", BOOKLET: "Booklet (folded rules)"}
# The booklet's own parameters: its papers are the booklet's sheets, its extras the items a
# game can add after its rules.
BOOKLET_PAPER = P.Param("paper", "A5 pages on A4 sheets, or half-letter on Letter.", P.CHOICE,
                        default="a4", choices=requests.BOOKLET_PAPERS)
EXTRAS = P.Param("extras", "Add a game's other items too (board, pad, puzzle, ...).", P.MANY,
                 choices=(), spelled="--with")


class BadRequest(UserError):
    """A request the studio cannot answer; the message is one line for the page."""


# --- the form, from the request's parameters ---------------------------------------------


@dataclass(frozen=True)
class Field:
    """One control of the form: a parameter of the request for an item."""
    name: str            # the query key, the parameter's name
    flag: str            # the command line's option, e.g. --size
    off_flag: str        # for on/off options, the one that turns it off (--no-coordinates)
    label: str
    help: str
    control: str         # text, select, checkbox or checkboxes
    choices: tuple[str, ...]
    default: str         # as the form shows it; "" when the request decides
    inputmode: str       # text, numeric or decimal
    game_option: bool    # a field of the game's options, rather than the command's own

    def spec(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def items(game: Game[Any]) -> list[str]:
    """What the studio offers for a game: what the command line prints for it."""
    return [*game.items, KIT, BOOKLET]


def _label(name: str) -> str:
    return LABELS.get(name, name.replace("_", " ").capitalize())


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def params(game: Game[Any], item: str) -> list[P.Param]:
    """The request's parameters the form shows for an item: all but where the file goes
    and (the studio makes home prints) the print shop's."""
    if item == BOOKLET:
        extras = [i for i in game.items if i != "rules" and ITEMS[i].in_booklet]
        return [BOOKLET_PAPER, P.PALETTE, dataclasses.replace(EXTRAS, choices=tuple(extras)),
                P.LANG]
    return [p for p in P.item_params(game, item, printed=True)
            if not p.cli_only and p.name not in SKIPPED]


def fields(game: Game[Any], item: str) -> tuple[Field, ...]:
    return _fields(game.key, item)


@cache
def _fields(key: str, item: str) -> tuple[Field, ...]:
    game = find_game(key)
    declared = {f.name: f for f in dataclasses.fields(game.options)}
    out = []
    for param in params(game, item):
        if param.name in RESERVED:
            raise RuntimeError(f"option {param.name} clashes with the studio's own query keys")
        default = _text(declared[param.name].default if param.game_option else param.default)
        control = {P.FLAG: "checkbox", P.SWITCH: "checkbox", P.MANY: "checkboxes"}.get(
            param.kind, "select" if param.choices and param.kind != P.PAPER_SIZE else "text")
        if control == "checkbox" and not default:
            default = "false"
        if param.name == "copies" and not default:
            default = "1"
        help_text = param.help.split("  [default:")[0] if param.game_option else param.help
        mode = {P.INT: "numeric", P.FLOAT: "decimal"}.get(param.kind, "text")
        off = f"--no-{param.flag[2:]}" if param.kind == P.SWITCH else ""
        out.append(Field(param.name, param.flag, off, _label(param.name), help_text, control,
                         param.choices, default, mode, param.game_option))
    return tuple(out)


def find_game(key: str) -> Game[Any]:
    game = find(key) if isinstance(key, str) else None
    if game is None or game.key != key:
        raise BadRequest(f"no game {key!r}: the studio has {', '.join(all_games())}")
    return game


def spec() -> dict[str, Any]:
    """Everything the page needs to build its form, as JSON."""
    helps = {**{k: i.help for k, i in ITEMS.items()},
             BOOKLET: "Rule sheets folded into an A5 booklet, ready to print duplex and staple."}
    games = []
    for key, game in all_games().items():
        games.append({
            "key": key, "title": game.title,
            "by": ", ".join(filter(None, (game.designer, game.year))),
            "items": [{"key": item, "label": ITEM_LABELS.get(item, item.capitalize()),
                       "help": helps.get(item, ""),
                       "fields": [f.spec() for f in fields(game, item)]}
                      for item in items(game)],
        })
    return {"games": games, "version": __version__, "max_copies": MAX_COPIES}


# --- a request, from a query ---------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    game: Game[Any]
    item: str
    values: tuple[tuple[str, str], ...]   # what the query set, by parameter, as typed

    @property
    def args(self) -> tuple[str, ...]:
        """The options after `pnp ITEM GAME` that ask for the same thing."""
        by_name = {f.name: f for f in fields(self.game, self.item)}
        out: list[str] = []
        for name, value in self.values:
            field = by_name[name]
            if field.control == "checkbox":
                out.append(field.flag if value == "true" else field.off_flag)
            else:
                out += [field.flag, value]
        return tuple(a for a in out if a)

    @property
    def command(self) -> str:
        """The command that prints the same thing, ready to paste into a terminal."""
        return shlex.join(["pnp", self.item, self.game.key, *self.args])

    @property
    def stem(self) -> str:
        return BOOKLET if self.item == BOOKLET else f"{self.game.key}-{self.item}"

    def checked(self) -> requests.ItemRequest | requests.BookletRequest:
        """The request checked as the command line checks it, with its sentences."""
        given = dict(self.values)
        extras = tuple(v for n, v in self.values if n == "extras")
        if self.item == BOOKLET:
            typed = {p.name: p.convert(given[p.name]) for p in params(self.game, BOOKLET)
                     if p.name in given and p.kind != P.MANY}
            for extra in extras:
                EXTRAS_FOR(self.game).convert(extra)
            return requests.booklet_request([self.game.key], False, extras,
                                            typed.get("paper", "a4"),
                                            typed.get("palette", "colour"),
                                            lang=typed.get("lang", SOURCE))
        return requests.item_request(self.game, self.item, given, set(given))


def EXTRAS_FOR(game: Game[Any]) -> P.Param:  # noqa: N802 - a parameter, as the others
    return next(p for p in params(game, BOOKLET) if p.name == "extras")


def one_value(query: Mapping[str, list[str]], key: str) -> str | None:
    values = query.get(key)
    if not values:
        return None
    if len(values) > 1:
        raise BadRequest(f"{key} is given {len(values)} times")
    return values[0]


def parse_query(text: str) -> dict[str, list[str]]:
    if len(text) > MAX_QUERY:
        raise BadRequest(f"the request is too long ({len(text)} characters; at most "
                         f"{MAX_QUERY})")
    try:
        return parse_qs(text, keep_blank_values=True, strict_parsing=False, errors="strict",
                        max_num_fields=64)
    except (UnicodeDecodeError, ValueError) as err:
        raise BadRequest(f"the request cannot be read: {err}") from None


def request_from(query: Mapping[str, list[str]]) -> Request:
    """The request a query asks for: `game`, `item` and one key per parameter. Empty values
    and defaults are left out, as a person would leave them out on the command line."""
    key = one_value(query, "game") or ""
    game = find_game(key)
    item = one_value(query, "item") or "board"
    if item not in items(game):
        raise BadRequest(f"{game.key} has no {item}; it has {', '.join(items(game))}")
    values: list[tuple[str, str]] = []
    known = set(RESERVED)
    for field in fields(game, item):
        known.add(field.name)
        if field.control == "checkboxes":
            values += [(field.name, choice) for choice in query.get(field.name, [])]
            continue
        value = one_value(query, field.name)
        if value is None or value.strip() == "" or value == field.default:
            continue
        if field.control == "checkbox" and value not in ("true", "false"):
            raise BadRequest(f"{field.name} must be true or false, not {value!r}")
        values.append((field.name, value.strip()))
    unknown = sorted(set(query) - known)
    if unknown:
        raise BadRequest(f"{game.title} {item} takes no {', '.join(unknown)}")
    return Request(game, item, tuple(values))


@dataclass(frozen=True)
class Made:
    """What a request makes: the document, and the options' label."""
    document: Document
    figures: tuple[str, ...]
    warnings: tuple[str, ...]


def figures(request: Request) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The figures beside the preview: the options' label, then the game's own figures for
    its board (Blind Hex's balance, Hex KB's windows and gaps) where it has them. Asked for
    after the preview, so the drawing never waits for them."""
    from generator import i18n
    checked = request.checked()
    if not isinstance(checked, requests.ItemRequest):
        return (), ()
    with i18n.language(checked.lang):
        label = checked.options.label
    game = request.game
    if game.stats is None:
        return (label,), ()
    report = game.stats(checked.options)
    return (label, *report.lines), tuple(report.warnings)


def make(request: Request) -> Made:
    """The document the command would write, made as the command makes it, with the options'
    label."""
    checked = request.checked()
    if isinstance(checked, requests.BookletRequest):
        return Made(_capped(requests.make(checked)), (), ())
    if checked.copies is not None and checked.copies > MAX_COPIES:
        raise OptionError(f"the studio prints up to {MAX_COPIES} copies at a time; the "
                          f"command line prints up to 100")
    if checked.tile and checked.cell is not None:
        _refuse_large_tilings(checked.game, checked.options, checked.paper, checked.cell)
    from generator import i18n
    with i18n.language(checked.lang):
        label = checked.options.label
    return Made(_capped(requests.make(checked)), (label,), ())


def _refuse_large_tilings(game: Game[Any], options: Any, paper: Paper, cell: float) -> None:
    """Refuse a tiling far over the cap before drawing it: cells grow with the sheet, so the
    board's cell on the paper itself tells the scale, and the scale the sheets. The estimate
    runs up to a third high, so only what is well over is refused here; the rest is counted
    exactly once made."""
    from generator.core.scene import Page
    from generator.layout import tiling
    low, high = tiling.CELL_RANGE
    if not low <= cell <= high:
        return      # the command's own sentence follows
    scale = cell / game.pages().board_cell(options, paper)
    page = Page(paper.width * scale, paper.height * scale, ())
    sheets = min(tiling.sheets_needed(page, paper.margin, p) for p in (paper, paper.turned()))
    if sheets > TILING_SLACK * MAX_PAGES:
        raise OptionError(f"a board with {cell:g} mm cells takes more than {MAX_PAGES} sheets "
                          f"of {paper.name}; the studio makes up to {MAX_PAGES} at a time, "
                          f"the command line more")


def _capped(doc: Document) -> Document:
    if len(doc.pages) > MAX_PAGES:
        raise OptionError(f"that is {len(doc.pages)} sheets; the studio makes up to "
                          f"{MAX_PAGES} at a time, the command line more")
    return doc
