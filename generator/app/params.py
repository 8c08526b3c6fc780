"""The parameters a request takes, described once: their names, help, kinds, ranges and
defaults, and how a value typed by a person becomes a typed value.

The command line makes its options from these (generator/ui/cli.py) and the studio its form
(generator/ui/studio); both give the typed text to `Param.convert`, so a value is refused with
the same reason wherever it was typed. Nothing here knows click or HTTP.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.core.palette import PALETTES
from generator.core.paper import MAX_BLEED, NAMED, TARGETS, Paper, parse_paper
from generator.core.printing import CONDITIONS
from generator.errors import UserError
from generator.games.items import ITEMS
from generator.i18n import LANGUAGES

if TYPE_CHECKING:
    from generator.games.game import Game

# The kinds of value: how each is typed and shown.
INT, FLOAT, TEXT, CHOICE, PAPER_SIZE, FLAG, SWITCH, MANY = (
    "int", "float", "text", "choice", "paper", "flag", "switch", "many")
PALETTE_NAMES = tuple(sorted(PALETTES))
DPI_RANGE = (36, 1200)
DEFAULT_DPI = 300
# The most pixels a PNG page may have: 100 million, about 400 MB while it is drawn. A4 takes
# up to 1017 dpi, A3 719, Letter 1034.
MAX_PIXELS = 100e6
COPIES_RANGE = (1, 100)


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
    kind: str
    default: Any = None                  # None: not given (the request decides)
    choices: tuple[str, ...] = ()
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

    def convert(self, text: Any) -> Any:
        """A typed value from what a person typed (a str), or the value as it is."""
        if not isinstance(text, str):
            return text
        if self.kind == INT:
            try:
                value: Any = int(text.strip())
            except ValueError:
                raise ParamError(self, f"{text!r} is not a valid integer.") from None
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
            return text
        if self.kind == PAPER_SIZE:
            try:
                return parse_paper(text)
            except ValueError as err:
                raise ParamError(self, str(err)) from None
        if self.kind in (FLAG, SWITCH):
            if text not in ("true", "false"):
                raise ParamError(self, f"{text!r} is not true or false.")
            return text == "true"
        return text

    def _in_range(self, value: float) -> Any:
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


# --- what every printed item takes ------------------------------------------------------

PAPER_HELP = (f"Paper: {', '.join(NAMED)}, or WxH in mm or inches (200x300, 8.5x14in). Boards "
              f"turn to landscape when that gives a larger board.")
FOR_HELP = ("Print at home (crop marks, calibration ruler, RGB) or at a print shop (pages the "
            "trim plus bleed with TrimBox and BleedBox, CMYK for the press, PDF/X-1a, no "
            "marks).")
BLEED_HELP = ("With --for print-shop, bleed past the trim on every side, 0-10 mm.  [default: 3 "
              "mm, or 0.125 in on inch papers]")
PRESS_HELP = ("With --for print-shop, the printing condition to separate the colours for: "
              "fogra39 (coated offset, Europe), gracol (GRACoL 2006, North America) or swop.  "
              "[default: fogra39 on metric papers, gracol on inch papers]")
INK_HELP = ("With --for print-shop, the most ink on any spot, C+M+Y+K in %, 100 up to what "
            "the condition allows (300).  [default: 240]")
LANG_HELP = "Language of everything printed: English, Portuguese, Spanish or German."

PAPER = Param("paper", PAPER_HELP, PAPER_SIZE, default="a4", choices=tuple(NAMED), metavar="PAPER")
PALETTE_HELP = ("colour; colour-blind (Paul Tol's colours, told apart by colour-blind eyes); or "
                "ink-saver (outlines, letters and hatching instead of large fills).")
PALETTE = Param("palette", PALETTE_HELP, CHOICE, default="colour", choices=PALETTE_NAMES)
TARGET = Param("target", FOR_HELP, CHOICE, default="home", choices=TARGETS, spelled="--for")
BLEED = Param("bleed", BLEED_HELP, FLOAT, low=0, high=MAX_BLEED, metavar="MM")
PRESS = Param("condition", PRESS_HELP, CHOICE, choices=tuple(sorted(CONDITIONS)),
              spelled="--press")
INK_LIMIT = Param("ink_limit", INK_HELP, FLOAT, low=0, high=400, metavar="PERCENT")
LANG = Param("lang", LANG_HELP, CHOICE, default="en", choices=LANGUAGES)
DPI = Param("dpi", "Pixels per inch of --format png.  [default: 300]", INT,
            low=DPI_RANGE[0], high=DPI_RANGE[1], metavar="N")
COPIES = Param("copies", "Print the item this many times.  [default: 1]", INT,
               low=COPIES_RANGE[0], high=COPIES_RANGE[1], metavar="N")
CELL = Param("cell", "Cells this many mm across (flat to flat), instead of as large as the "
                     "paper allows.", FLOAT, metavar="MM")
TILE = Param("tile", "With --cell, print a board larger than the paper over several "
                     "overlapping sheets with crosshairs to line them up.", FLAG, default=False)


def format_param(formats: Sequence[str]) -> Param:
    return Param("fmt", "Output format (default: from the -o file's extension, else pdf).",
                 CHOICE, choices=tuple(formats), metavar="|".join(formats), spelled="--format")


def output_param(default_name: str) -> Param:
    return Param("output", f"Output file (default {default_name}.FORMAT here; - for standard "
                           f"output). Multi-page SVG and PNG become NAME-1.EXT, NAME-2.EXT, "
                           f"...", TEXT, metavar="FILE", short="-o", cli_only=True)


PRINTED = "printed"   # `reads`' format for any printed one (pdf, svg, png)
JSON = "json"
STATS = "stats"       # `reads`' item for `pnp stats`: the board's figures


def option_names(game: Game[Any]) -> list[str]:
    return [field.name for field in dataclasses.fields(game.options)]


def reads(game: Game[Any], item: str, fmt: str | None = None) -> list[str]:
    """The game's options that change what an item gives: printed (`fmt` PRINTED), as data
    (JSON), or in any of its formats (None). A kit reads what any of its items reads."""
    if item == "kit":
        parts = [name for part in game.items for name in reads(game, part, PRINTED)]
        return [name for name in option_names(game) if name in parts]
    if fmt is not None:
        formats = [fmt]
    else:
        formats = [PRINTED, JSON] if item in ITEMS and JSON in ITEMS[item].formats else [PRINTED]
    unread = [set(game.unread.get(JSON if f == JSON else item, ())) for f in formats]
    return [name for name in option_names(game) if any(name not in u for u in unread)]


def readers(game: Game[Any], name: str) -> list[str]:
    """What an option of the game changes: its items, `stats`, and the board's JSON."""
    out = [item for item in [*game.items, "kit"] if name in reads(game, item, PRINTED)]
    if "board" in game.items and name in reads(game, "board", JSON):
        out.append("board --format json")
    if game.stats is not None and name in reads(game, STATS):
        out.append(STATS)
    return out


def game_params(game: Game[Any], only: Sequence[str] | None = None) -> list[Param]:
    """A game's own options: one per field of its options class, with the field's help;
    with `only`, those named there."""
    hints = typing.get_type_hints(game.options)
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


def item_params(game: Game[Any], item: str, printed: bool = False) -> list[Param]:
    """What `pnp ITEM GAME` takes, in the order its help lists them: the game's options that
    change the item (in a printed format, with `printed`), then what every item takes."""
    formats = ITEMS[item].formats
    read = reads(game, item, PRINTED if printed else None)
    params = [*game_params(game, read), PAPER, PALETTE, format_param(formats),
              output_param(f"{game.key}-{item}"), DPI, TARGET, BLEED, PRESS, INK_LIMIT,
              LANG]
    if ITEMS[item].copies:
        params.append(COPIES)
    if item == "board":
        params += [CELL, TILE]
    return params


def default_paper() -> Paper:
    return NAMED["a4"]
