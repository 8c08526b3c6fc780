"""A record request: "print this played game's record as a study booklet (or write it as
SGF), on this paper, palette, language, target and format". Like requests.item_request,
everything that can be refused is refused here, before any drawing: the record is read and
judged, and a record with an illegal move, a board the booklet cannot draw or too many
diagrams is one line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from generator import i18n, render
from generator.app import names, params
from generator.app.product_checks import check_taken, sold, taken_formats
from generator.core.content import Content, RecordText
from generator.core.destinations import HOME, Destination
from generator.core.formats import Format
from generator.core.palette import COLOUR, Palette
from generator.core.paper import Paper, for_press
from generator.games.capabilities import RecordReader
from generator.games.game import Game, OptionError
from generator.games.items import RECORD, Item
from generator.games.played import (
    DEFAULT_EVERY,
    DEFAULT_VARIATIONS,
    EVERY,
    VARIATIONS,
    Cut,
)
from generator.games.protocols import GameOptions
from generator.games.record_book import Study

EVERY_PARAM = params.Param("every", f"A diagram every N moves, {EVERY.start} to "
                               f"{EVERY.stop - 1}.", params.INT, default=DEFAULT_EVERY,
                      low=EVERY.start, high=EVERY.stop - 1, metavar="N")
VARIATIONS_PARAM = params.Param(
    "variations", f"Draw the record's variations N deep, each in diagrams of its own: 1 those "
                  f"off the main line, 2 theirs too, and so on; 0 the main line alone "
                  f"({VARIATIONS.start} to {VARIATIONS.stop - 1}).", params.INT,
    default=DEFAULT_VARIATIONS, low=VARIATIONS.start, high=VARIATIONS.stop - 1, metavar="N")


def record_params() -> list[params.Param]:
    """What `pnp record GAME FILE` takes, in the order its help lists them."""
    return [EVERY_PARAM, VARIATIONS_PARAM, params.PAPER, params.PALETTE,
            params.format_param(RECORD.formats), params.output_param("GAME-record-NAME"),
            params.DPI, params.TARGET, params.BLEED, params.PRESS, params.INK_LIMIT, params.LANG]


@dataclass(frozen=True, slots=True)
class RecordRequest:
    """One record to print, read, judged and checked."""
    game: Game[GameOptions]
    item: Item
    played: Study
    every: int
    paper: Paper
    palette: Palette
    lang: str
    fmt: Format
    dpi: int | None
    source: str = ""          # the record's file name ("" for standard input)
    variations: int = DEFAULT_VARIATIONS

    @property
    def cut(self) -> Cut:
        return Cut(self.every, self.variations)

    @property
    def stem(self) -> str:
        """The file's default name (names.py): the game, the record's own name, and what
        differs from the defaults."""
        return names.record_stem(self.game.key, self.source, every=self.every,
                                 default_every=DEFAULT_EVERY, paper=self.paper.name,
                                 palette=self.palette, lang=self.lang,
                                 target=self.paper.press.destination, variations=self.variations
                                 if self.variations != DEFAULT_VARIATIONS else None)

    @property
    def formats(self) -> tuple[Format, ...]:
        return self.item.formats

    @property
    def settings(self) -> render.Settings:
        return render.Settings(self.dpi, self.paper.press if self.paper.press.shop else None)


def reader_and_values(game: Game[GameOptions], values: Mapping[str, object]
                      ) -> tuple[RecordReader, dict[str, object]]:
    """The game's record reader, and the values given (by parameter name) converted; a game
    that prints no records is refused."""
    records = game.records
    if records is None:
        raise OptionError(f"{game.key} prints no records")
    known = {p.name: p for p in record_params()}
    return records, {name: known[name].convert(v) for name, v in values.items()
                     if v is not None and name in known}


def record_request(game: Game[GameOptions], data: bytes, *, values: Mapping[str, object],
                   output: Path | None = None, source: str = "") -> RecordRequest:
    """A checked request from a record's bytes and the values by parameter name; `source`
    is the file's name, which the default output name carries."""
    records, typed = reader_and_values(game, values)
    target = typed.get("target", HOME)
    assert isinstance(target, Destination)
    product = sold(game, RECORD, destination=target)
    paper = typed.get("paper") or params.PAPER.convert(params.PAPER.default)
    assert isinstance(paper, Paper)
    bleed, ink = typed.get("bleed"), typed.get("ink_limit")
    condition = typed.get("condition")
    try:
        paper = for_press(paper, target, bleed=float(bleed) if isinstance(bleed, (int, float))
                          else None,
                          condition=condition if isinstance(condition, str) else None,
                          ink_limit=float(ink) if isinstance(ink, (int, float)) else None)
    except ValueError as err:
        raise OptionError(str(err)) from None
    asked = typed.get("fmt")
    fmt = render.output_format(output, RECORD.format_named(str(asked)) if asked else None,
                               allowed=taken_formats(RECORD, product))
    check_taken(product, target, fmt=fmt)
    dpi = typed.get("dpi")
    dpi = dpi if isinstance(dpi, int) else None
    if dpi is not None and not fmt.pixels:
        raise OptionError(f"--dpi is for --format png, not {fmt.name}")
    cut = cut_of(typed)
    played = records.read_record(data)
    if not fmt.data:
        played.check(cut)
    elif paper.press.shop:
        raise OptionError(f"--for {target.key} is for printed items, not --format {fmt.name}")
    else:
        played.sgf()      # a game whose records are not SGF refuses here, before any work
    palette = typed.get("palette", COLOUR)
    assert isinstance(palette, Palette)
    return RecordRequest(game, RECORD, played, cut.every, paper, palette,
                         str(typed.get("lang", i18n.SOURCE)), fmt, dpi, source,
                         cut.variations)


def cut_of(typed: Mapping[str, object]) -> Cut:
    """How the values given cut a record into diagrams (--every, --variations)."""
    every, variations = typed.get("every", DEFAULT_EVERY), typed.get("variations",
                                                                      DEFAULT_VARIATIONS)
    assert isinstance(every, int) and isinstance(variations, int)
    return Cut(every, variations)


def content(request: RecordRequest) -> Content:
    """What the request's format writes: the record as SGF, or the booklet drawn."""
    if request.fmt.data:
        return RecordText(request.played.sgf())
    return request.played.booklet(request.cut, request.paper, colours=request.palette,
                                  words=i18n.words(request.lang))


__all__ = ["EVERY_PARAM", "VARIATIONS_PARAM", "RecordRequest", "content", "cut_of",
           "record_params", "record_request"]
