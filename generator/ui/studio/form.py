"""The studio's form and its requests: the controls come from the request's parameters
(generator/app/params.py), in the form's own words (words.py); a query becomes the request
the command line would make, and each download the file one command writes."""

from __future__ import annotations

import dataclasses
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

from generator import __version__
from generator.app import params, requests
from generator.app.puzzle_request import PuzzleRequest
from generator.app.record_request import RecordRequest, record_request
from generator.core.destinations import DESTINATIONS, HOME, Destination
from generator.core.destinations import PRINT_SHOP as SHOP
from generator.core.formats import PDF, ZIP, Format
from generator.core.products import Kind
from generator.errors import UserError
from generator.games import all_games, find
from generator.games.items import ITEMS, KIT
from generator.ui.studio import booklets, puzzle_books, records, words
from generator.ui.studio.refused import BadRequest

if TYPE_CHECKING:
    from generator.games import SomeGame

MAX_COPIES = 10         # copies one request may ask for (the command line: 100)
MAX_QUERY = 2000        # characters of a query string
# The command line's range of copies, in a refusal, where the studio's is lower.
COPIES_RANGE = re.compile(r"in the range 1<=x<=(\d+)")
BOOKLET = requests.BOOKLET
PRINT_SHOP = SHOP.key      # the print shop's download, beside the formats
# Query keys that are not the item's options: which game, item and page, and one download's.
DOWNLOAD_KEYS = ("format", "dpi", "for", "bleed", "condition", "proof")
RESERVED = ("game", "item", "page", *DOWNLOAD_KEYS)
# The command's parameters the form does not show among the options: where the file goes,
# its format, and the settings that belong to one download (shown beside it).
SKIPPED = ("fmt", "output", "games", "everything", "target", "bleed", "dpi", "condition",
           "ink_limit")
# Options that belong to one item rather than to the game: set on the pad, they do not
# carry over to the board.
PER_ITEM = ("copies", "cell", "tile", "extras")
# The papers the form lists, smallest to largest (Legal: the command line's 8.5x14in).
LEGAL = "8.5x14in"
PAPER_CHOICES = ("a5", "a4", "letter", LEGAL, "a3", "tabloid")
# The settings of the downloads, shown beside them: the PNG's resolution; where the print
# shop's download is printed (a print shop or a vendor, `--for`), its bleed and its press
# (`--press`, empty: the paper's region decides); and whether the preview is its soft proof.
DPI = params.DPI
SHOPS = tuple(key for key, place in DESTINATIONS.items() if place.shop)
WHERE = dataclasses.replace(params.TARGET, name="for", choices=SHOPS, default=PRINT_SHOP)
PRESS = dataclasses.replace(params.PRESS, choices=("", *params.PRESS.choices))
PROOF = params.Param("proof", "", params.FLAG, default=False)
PRINT_SHOP_PARAMS = (WHERE, params.BLEED, PRESS, PROOF)


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
    choice_labels: tuple[str, ...]
    default: str         # as the form shows it; "" when the request decides
    inputmode: str       # text, numeric or decimal
    game_option: bool    # a field of the game's options, rather than the command's own
    per_item: bool       # reset when the item changes
    placeholder: str = ""  # what an empty control means: the default the request takes
    choice_langs: tuple[str, ...] = ()   # the language each choice is written in, if any

    def spec(self) -> dict[str, object]:
        return dataclasses.asdict(self)


def items(game: SomeGame) -> list[str]:
    """What the studio offers for a game: what the command line prints for it, a played
    game's record where the game reads records (`pnp record GAME FILE`), and its puzzle
    book where it makes one (`pnp puzzles GAME`)."""
    return [*(i.key for i in game.items), KIT, BOOKLET,
            *((records.ITEM,) if game.records is not None else ()),
            *((puzzle_books.ITEM,) if puzzle_books.offered(game) else ())]


def drawn_items(game: SomeGame) -> list[str]:
    """The items the studio draws from the options alone, at once: all but a record, which
    the person gives, and a puzzle book, which is solved first (the studio draws neither
    ahead, nor puts one in a zip of everything)."""
    return [item for item in items(game) if item not in (records.ITEM, puzzle_books.ITEM)]


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def item_fields_params(game: SomeGame, item: str) -> list[params.Param]:
    """The request's parameters the form shows for an item: all but where the file goes
    and the settings of single downloads."""
    if item == BOOKLET:
        return booklets.booklet_params(game)
    if item == records.ITEM:
        return records.studio_record_params()
    if item == puzzle_books.ITEM:
        return puzzle_books.studio_puzzle_params()
    return [p for p in params.item_params(game, ITEMS[item], printed=True)
            if not p.cli_only and p.name not in SKIPPED]


def fields(game: SomeGame, item: str) -> tuple[Field, ...]:
    return _fields(game.key, item)


def _field(game: SomeGame, item: str, param: params.Param, default: str) -> Field:
    control = {params.FLAG: "checkbox", params.SWITCH: "checkbox", params.MANY: "checkboxes",
               params.PAPER_SIZE: "paper"}.get(param.kind, "select" if param.choices else "text")
    choices = PAPER_CHOICES if control == "paper" else param.choices
    if control == "checkbox" and not default:
        default = "false"
    game_help = param.help.split("  [default:")[0]
    words_key = words.ITEM_WORDS.get((item, param.name), param.name)
    help_text = words.help_text(words_key, game_help, copies=MAX_COPIES)
    if param.name == "games":
        shown = booklets.titles(choices)
    elif param.name == "extras":
        shown = tuple(words.ITEM_LABELS.get(c, c.capitalize()) for c in choices)
    else:
        shown = tuple(words.choice_label(words_key, c) for c in choices)
    mode = {params.INT: "numeric", params.FLOAT: "decimal"}.get(param.kind, "text")
    off = f"--no-{param.flag[2:]}" if param.kind == params.SWITCH else ""
    langs = choices if param.name == "lang" else ()
    return Field(param.name, param.flag, off, words.label(words_key, game.key), help_text,
                 control, choices, shown, default, mode, param.game_option,
                 param.name in PER_ITEM, words.placeholder(words_key, default), langs)


def item_defaults(game: SomeGame, item: str) -> dict[str, object]:
    """The game's options an item starts from where they are not the game's defaults: an
    edition's own piece (Blind Hex's coins) starts from its edition."""
    defaults = game.make_options()
    wanted = ITEMS.get(item)
    if wanted not in game.items or wanted in game.items_for(defaults):
        return {}
    for _variant, options in game.variants():
        if wanted in game.items_for(options):
            return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)
                    if getattr(options, f.name) != getattr(defaults, f.name)}
    return {}


@cache
def _fields(key: str, item: str) -> tuple[Field, ...]:
    game = find_game(key)
    declared = {f.name: f for f in dataclasses.fields(game.options)}
    out = []
    for param in item_fields_params(game, item):
        if param.name in RESERVED:
            raise RuntimeError(f"option {param.name} clashes with the studio's own query keys")
        own = item_defaults(game, item)
        default = _text(own.get(param.name, declared[param.name].default) if param.game_option
                        else param.default)
        if param.name == "copies" and not default:
            default = "1"
        out.append(_field(game, item, param, default))
    return tuple(out)


@cache
def download_fields() -> tuple[Field, ...]:
    """The settings beside the downloads: the PNG's resolution, the print shop's bleed."""
    game = next(iter(all_games().values()))
    return tuple(_field(game, "board", p, _text(p.default)) for p in (DPI, *PRINT_SHOP_PARAMS))


def find_game(key: str) -> SomeGame:
    game = find(key) if isinstance(key, str) else None
    if game is None or game.key != key:
        raise BadRequest(f"There is no game {key[:40]!r} here: the studio has "
                         f"{', '.join(g.title for g in all_games().values())}.")
    return game


def spec() -> dict[str, object]:
    """Everything the page needs to build its form, as JSON."""
    games = []
    for key, game in all_games().items():
        games.append({
            "key": key, "title": game.title,
            "by": ", ".join(filter(None, (game.designer, game.year))),
            "items": [{"key": item, "label": words.ITEM_LABELS.get(item, item.capitalize()),
                       "help": words.ITEM_HELP.get(item, ITEMS[item].help if item in ITEMS
                                                   else ""),
                       "fields": [f.spec() for f in fields(game, item)],
                       "record": words.RECORD if item == records.ITEM else None}
                      for item in items(game)],
        })
    return {"games": games, "version": __version__, "max_copies": MAX_COPIES,
            "downloads": [f.spec() for f in download_fields()]}


# --- a request, from a query ---------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    game: SomeGame
    item: str
    values: tuple[tuple[str, str], ...]   # what the query set, by parameter, as typed
    # One download's settings: its format, dpi, destination and bleed.
    fmt: Format = PDF
    dpi: str = ""
    target: Destination = HOME
    bleed: str = ""
    condition: str = ""     # the print shop's press (--press), where chosen
    record: records.Given | None = None     # the record's file, for the record item

    @property
    def args(self) -> tuple[str, ...]:
        """The options after `pnp ITEM GAME` that ask for the same thing."""
        by_name = {f.name: f for f in fields(self.game, self.item)}
        out: list[str] = []
        given = {name for name, _ in self.values}
        # An edition's own piece starts from its edition, which the command line must be told.
        starts = [(name, _text(value)) for name, value in
                  item_defaults(self.game, self.item).items() if name not in given]
        for name, value in [*starts, *self.values]:
            field = by_name[name]
            if name == "games":     # the booklet's games are named, not flagged
                continue
            if field.control == "checkbox":
                out.append(field.flag if value == "true" else field.off_flag)
            else:
                out += [field.flag, value]
        if self.fmt != self.formats[0]:
            out += ["--format", self.fmt.name]
        if self.dpi:
            out += ["--dpi", self.dpi]
        if self.target != HOME:
            out += ["--for", self.target.key]
        if self.bleed:
            out += ["--bleed", self.bleed]
        if self.condition:
            out += ["--press", self.condition]
        return tuple(a for a in out if a)

    @property
    def document_key(self) -> tuple[str, ...]:
        """What the document depends on: not the format nor the pixels."""
        return (self.game.key, self.item, *(f"{n}={v}" for n, v in self.values),
                self.target.key, self.bleed, self.condition,
                self.record.digest if self.record is not None else "")

    @property
    def command(self) -> str:
        """The command that writes the same thing, ready to paste into a terminal."""
        if self.item == records.ITEM:     # pnp record GAME FILE: the file after the game
            given = self.record.argument if self.record is not None else "FILE"
            return shlex.join(["pnp", self.item, self.game.key, given, *self.args])
        named = booklets.games(self.game, self.values) if self.item == BOOKLET \
            else [self.game.key]
        return shlex.join(["pnp", self.item, *named, *self.args])

    @property
    def file_name(self) -> str:
        """The whole file's name: the one the command shown writes (app/names.py); a
        request that is refused has only its game and item to name it by."""
        try:
            stem = self.checked().stem
        except UserError:
            stem = f"{self.game.key}-{self.item}"
        return f"{stem}.{self.fmt.extension}"

    @property
    def formats(self) -> tuple[Format, ...]:
        if self.item == puzzle_books.ITEM:
            return puzzle_books.FORMATS
        return (PDF,) if self.item == BOOKLET else ITEMS[self.item].formats

    @property
    def kind(self) -> Kind:
        """What the item is as a printer sells it (a booklet and a puzzle book are books)."""
        return Kind.BOOK if self.item in (BOOKLET, puzzle_books.ITEM) else \
            ITEMS[self.item].kind

    def download(self, fmt: Format = PDF, dpi: str = "", *, target: Destination = HOME,
                 bleed: str = "", condition: str = "") -> Request:
        return dataclasses.replace(self, fmt=fmt, dpi=dpi, target=target, bleed=bleed,
                                   condition=condition)

    def checked(self) -> (requests.ItemRequest | requests.BookletRequest | RecordRequest |
                          PuzzleRequest):
        """The request checked as the command line checks it, with its sentences."""
        if self.item == records.ITEM:
            return self.checked_record()
        if self.item == puzzle_books.ITEM:
            return puzzle_books.checked(self.game, {**dict(self.values),
                                                    **self.download_values()})
        if self.item == BOOKLET:
            if self.condition:    # `pnp booklet` separates for its paper's region's press
                raise BadRequest("Press: a booklet is separated for the press its paper's "
                                 "region uses; leave the press on automatic.", "condition")
            return booklets.checked(self.game, self.values, target=self.target, bleed=self.bleed)
        given = dict(self.values)
        download = {"fmt": self.fmt.name, "dpi": self.dpi or None, "target": self.target.key,
                    "bleed": self.bleed or None, "condition": self.condition or None}
        values = {**given, **{k: v for k, v in download.items() if v is not None}}
        # An edition's own piece starts from its edition, as the form shows it.
        starts = {k: v for k, v in item_defaults(self.game, self.item).items()
                  if k not in values}
        return requests.item_request(self.game, ITEMS[self.item], values={**starts, **values},
                                     given=set(values))


    def checked_record(self) -> RecordRequest:
        """The record's request as `pnp record GAME FILE` makes it, the file's name its
        source (which names the file written)."""
        if self.record is None:
            raise records.missing()
        values = {**dict(self.values), **self.download_values()}
        return _record_request(self.game.key, self.record,
                               values=tuple(sorted(values.items())))

    def download_values(self) -> dict[str, str]:
        """The download's settings, by the command's parameter names, where given."""
        download = {"fmt": self.fmt.name, "dpi": self.dpi, "target": self.target.key,
                    "bleed": self.bleed, "condition": self.condition}
        return {k: v for k, v in download.items() if v}


# A preview names each of its downloads' files from the request checked, and a record is
# read and judged in each check (80 ms for a record of 180 KiB): the last few are kept.
@lru_cache(maxsize=16)
def _record_request(game: str, record: records.Given, *,
                    values: tuple[tuple[str, str], ...]) -> RecordRequest:
    return record_request(find_game(game), record.data, values=dict(values), source=record.name)


def destination(request: Request, query: Mapping[str, list[str]]) -> Destination:
    """Where a download is printed (`for`), refused in the command line's words."""
    try:
        found = params.TARGET.convert(one_value(query, "for") or HOME.key)
    except UserError as err:
        raise refusal(request, err) from None
    assert isinstance(found, Destination)
    return found


def download_format(request: Request, query: Mapping[str, list[str]]) -> Format:
    """The format a download asks for: one of the item's drawn formats (data is not a
    download)."""
    name = one_value(query, "format") or request.formats[0].name
    # A kit for a vendor is a zip of the vendor's products (app/requests.py).
    offered = [f for f in request.formats if not f.data] + ([ZIP] if request.item == KIT
                                                            else [])
    found = next((f for f in offered if f.name == name), None)
    if found is None:
        raise BadRequest(f"The {request.item} is written as "
                         f"{' or '.join(f.name for f in offered)}, not {name[:20]}")
    return found


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


def request_from(query: Mapping[str, list[str]], record: records.Given | None = None
                 ) -> Request:
    """The request a query asks for: `game`, `item` and one key per parameter, with the
    record given for the record item. Empty values and defaults are left out, as a person
    would leave them out on the command line."""
    key = one_value(query, "game") or ""
    game = find_game(key)
    item = one_value(query, "item") or "board"
    if item not in items(game):
        offered = ", ".join(words.ITEM_LABELS.get(i, i).lower() for i in items(game))
        raise BadRequest(f"{game.title} has no {item[:40]}; it has {offered}.")
    values: list[tuple[str, str]] = []
    known = {*RESERVED, *((records.NAME,) if item == records.ITEM else ())}
    for field in fields(game, item):
        known.add(field.name)
        if field.control == "checkboxes":
            values += [(field.name, choice) for choice in query.get(field.name, [])]
            continue
        value = one_value(query, field.name)
        if value is None or value.strip() == "" or value == field.default:
            continue
        if field.control == "paper" and value.strip().lower() == "legal":
            value = LEGAL      # the command line knows Legal by its size
        if field.control == "checkbox" and value not in ("true", "false"):
            raise BadRequest(f"{field.label}: {value[:20]!r} is not true or false.", field.name)
        values.append((field.name, value.strip()))
    unknown = sorted(set(query) - known)
    if unknown:
        raise BadRequest(f"The {game.title} {item} takes no {', '.join(u[:20] for u in unknown)}.")
    return Request(game, item, tuple(values), record=record if item == records.ITEM else None)


def flags(request: Request) -> dict[str, str]:
    """Each flag the command line would name in a refusal, and the parameter it stands for."""
    out = {"--dpi": "dpi", "--bleed": "bleed", "--for": "for", "--with": "extras",
           "--press": "condition"}
    for field in fields(request.game, request.item):
        out[field.flag] = field.name
        if field.off_flag:
            out[field.off_flag] = field.name
    return out


def refusal(request: Request, err: UserError) -> BadRequest:
    """A refusal of the command line's in the form's words, tied to its control."""
    if isinstance(err, BadRequest):
        return err
    if isinstance(err, params.ParamError):
        reason = err.reason
        if err.param.name == "copies":   # the studio's own limit is the one to name
            reason = COPIES_RANGE.sub(rf"between 1 and {MAX_COPIES} here (the command line "
                                      r"prints up to \1)", reason)
        shown = next((f.label for f in fields(request.game, request.item)
                      if f.name == err.param.name), None)
        return BadRequest(words.reason_in_words(err.param.name, reason, game=request.game.key,
                                                shown=shown), err.param.name)
    known = flags(request)
    named = words.fields_of(str(err), known)
    if not named and request.item == records.ITEM:
        # The record itself (unreadable, an illegal move): said under its control, as the
        # command line says it after the file's name.
        said = words.in_words(str(err), known)
        return BadRequest(f"{words.RECORD['label']}: {said[:1].lower()}{said[1:]}",
                          records.FIELD)
    return BadRequest(words.in_words(str(err), known), named[0] if named else None, fields=named)
