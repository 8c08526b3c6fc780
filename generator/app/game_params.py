"""One parameter a request takes: its name, help, kind, range and default, and how a value
typed by a person becomes a typed value; and a game's own options as parameters.

Apart from generator/app/params.py, which describes what every printed item takes (papers,
palettes, presses), so that `pnp stats`, which takes a game's options only, starts without
those modules. Nothing here knows click or HTTP.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING

from generator.core.formats import Format
from generator.core.numbers import not_a_whole_number
from generator.errors import UserError
from generator.games.game import Subject, Topic
from generator.games.items import BOARD, WHOLE_KIT, Item

if TYPE_CHECKING:
    from generator.games.game import Game, OptionsT


class Shape(Enum):
    """How a parameter's value is typed and shown: the command line's option and the
    studio's control are made from it."""
    INT = "int"
    FLOAT = "float"
    TEXT = "text"
    CHOICE = "choice"
    PAPER_SIZE = "paper"
    FLAG = "flag"           # on when given (--cut-path)
    SWITCH = "switch"       # --NAME or --no-NAME
    MANY = "many"           # repeatable


INT, FLOAT, TEXT, CHOICE = Shape.INT, Shape.FLOAT, Shape.TEXT, Shape.CHOICE
PAPER_SIZE, FLAG, SWITCH, MANY = Shape.PAPER_SIZE, Shape.FLAG, Shape.SWITCH, Shape.MANY


class ParamError(UserError, ValueError):
    """A value a parameter cannot take; `reason` says why, without naming the option, so a
    front end can put the option's name (or a form's label) in front of it."""

    def __init__(self, param: Param, reason: str):
        super().__init__(f"Invalid value for '{param.flag}': {reason}")
        self.param, self.reason = param, reason


@dataclass(frozen=True)
class Param:
    """One thing a person can set. `name` is the request's field; the command line spells
    it --name-with-dashes (or `flag`), the studio uses `name` as its query key."""
    name: str
    help: str
    kind: Shape
    default: object = None               # None: not given (the request decides)
    choices: tuple[str, ...] = ()
    # What each choice means, where it is a value rather than its word (a palette, a
    # destination, a card size): `convert` gives the value.
    values: Mapping[str, object] | None = dataclass_field(default=None, hash=False,
                                                         compare=False)
    # How text becomes the value, where no shape says (a paper's size, a back offset): a
    # function that raises ValueError with the reason.
    read: Callable[[str], object] | None = dataclass_field(default=None, hash=False,
                                                           compare=False)
    low: float | None = None
    high: float | None = None
    metavar: str = ""
    game_option: bool = False            # a field of the game's options
    short: str = ""                      # a one-letter spelling on the command line (-o)
    cli_only: bool = False               # where the file goes: the studio downloads instead
    spelled: str = ""                    # the option's spelling where it is not the name's

    @property
    def flag(self) -> str:
        return self.spelled or "--" + self.name.replace("_", "-")

    def convert(self, text: object) -> object:
        """A typed value from what a person typed (a str), or the value as it is."""
        if not isinstance(text, str):
            return text
        if self.kind in (INT, FLOAT) and not text.isascii():
            # int() and float() take any script's digits (٣, １１); the judges and the
            # README speak of 0-9 only.
            raise ParamError(self, f"{text!r} is not a number in the digits 0-9.")
        if self.kind in (INT, FLOAT) and "_" in text:
            # int() and float() take Python's digit groups too (1_3 is 13); no one types them.
            raise ParamError(self, f"{text!r} is not a number: digits without '_'.")
        if self.kind == INT:
            try:
                value: float = int(text.strip())
            except ValueError:
                raise ParamError(self, not_a_whole_number(text)) from None
            return self._in_range(value)
        if self.kind == FLOAT:
            try:
                value = float(text.strip())
            except ValueError:
                raise ParamError(self, f"{text!r} is not a valid float.") from None
            if value != value or value in (float("inf"), float("-inf")):
                raise ParamError(self, f"{text!r} is not a finite number.")
            return self._in_range(value)
        if self.kind in (CHOICE, MANY) and self.choices:
            if text not in self.choices:
                raise ParamError(self, f"{text!r} is not one of "
                                       f"{', '.join(repr(c) for c in self.choices)}.")
            return self.values[text] if self.values is not None else text
        if self.read is not None:
            try:
                return self.read(text)
            except ValueError as err:
                raise ParamError(self, str(err)) from None
        if self.kind in (FLAG, SWITCH):
            if text not in ("true", "false"):
                raise ParamError(self, f"{text!r} is not true or false.")
            return text == "true"
        return text

    def whole(self, text: str) -> int:
        """A whole number from what a person typed (an INT parameter)."""
        value = self.convert(text)
        if not isinstance(value, int):
            raise TypeError(f"{self.name} is not a whole number parameter")
        return value

    def number(self, text: str) -> float:
        """A number from what a person typed (an INT or FLOAT parameter)."""
        value = self.convert(text)
        if not isinstance(value, (int, float)):
            raise TypeError(f"{self.name} is not a number parameter")
        return value

    def _in_range(self, value: float) -> float:
        low, high = self.low, self.high
        if (low is not None and value < low) or (high is not None and value > high):
            shown = f"{low:g}<=x<={high:g}" if low is not None and high is not None else (
                f"x>={low:g}" if low is not None else f"x<={high:g}")
            raise ParamError(self, f"{value:g} is not in the range {shown}.")
        return value

    @property
    def shown_metavar(self) -> str:
        if self.metavar:
            return self.metavar
        if self.choices and self.kind in (CHOICE, TEXT):
            return "|".join(self.choices)
        return {INT: "N", FLOAT: "N", PAPER_SIZE: "PAPER"}.get(self.kind, "TEXT")


class Reading(Enum):
    """How `reads` looks at an item: printed (pdf, svg, png), or as its board's data (json,
    which Subject.BOARD_DATA's `unread` entry describes)."""
    PRINTED = "printed"
    DATA = "data"


PRINTED, DATA = Reading.PRINTED, Reading.DATA
STATS = Subject.FIGURES   # `reads`' subject for `pnp stats`: the board's figures


def option_names(game: Game[OptionsT]) -> list[str]:
    return [field.name for field in dataclasses.fields(game.options)]


def reads(game: Game[OptionsT], topic: Topic, *, fmt: Reading | None = None) -> list[str]:
    """The game's options that change what an item (or the figures) gives: printed (`fmt`
    PRINTED), as data (DATA), or in any of its formats (None). A kit reads what any of its
    items reads."""
    if topic == WHOLE_KIT:
        parts = [name for part in game.items for name in reads(game, part, fmt=PRINTED)]
        return [name for name in option_names(game) if name in parts]
    if fmt is not None:
        formats = [fmt]
    else:
        formats = [PRINTED, DATA] if isinstance(topic, Item) and topic.data else [PRINTED]
    unread = [set(game.unread.get(Subject.BOARD_DATA if f is DATA else topic, ()))
              for f in formats]
    return [name for name in option_names(game) if any(name not in u for u in unread)]


@dataclass(frozen=True, slots=True)
class Reader:
    """A command an option changes something in: an item (printed, or in `fmt`, its data)
    or `stats`, the figures."""
    command: Topic
    fmt: Format | None = None


def readers(game: Game[OptionsT], name: str) -> list[Reader]:
    """What an option of the game changes: its items, `stats`, and the board's data."""
    out = [Reader(item) for item in (*game.items, WHOLE_KIT)
           if name in reads(game, item, fmt=PRINTED)]
    data = BOARD.data
    if BOARD in game.items and data is not None and name in reads(game, BOARD, fmt=DATA):
        out.append(Reader(BOARD, data))
    if game.figures is not None and name in reads(game, STATS):
        out.append(Reader(STATS))
    return out


@cache
def _hints(options: type) -> dict[str, object]:
    """The types of an options class's fields (reading them evaluates the annotations)."""
    return typing.get_type_hints(options)


def game_params(game: Game[OptionsT], only: Sequence[str] | None = None) -> list[Param]:
    """A game's own options: one per field of its options class, with the field's help;
    with `only`, those named there."""
    hints = _hints(game.options)
    params = []
    for field in dataclasses.fields(game.options):
        if only is not None and field.name not in only:
            continue
        kind = hints[field.name]
        choices = tuple(field.metadata.get("choices", ()))
        help_text = field.metadata.get("help", "")
        if field.default is not None:
            help_text += f"  [default: {field.default}]"
        # A game checks its own choices, with its own sentence; the choices still name the
        # value in the help and make the studio's select.
        shape = SWITCH if kind is bool else INT if kind in (int, int | None) else TEXT
        params.append(Param(field.name, help_text, shape, default=None, choices=choices,
                            metavar=field.metadata.get("metavar", ""), game_option=True))
    return params
