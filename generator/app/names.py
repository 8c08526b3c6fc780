"""Default file names: one name for each different file, so that no file made with one
choice silently replaces one made with another. The command line (`pnp ITEM GAME` without
-o), the studio's downloads and the commands it shows all name files here.

A name is the game, its edition (for a game that has several), the item, then only what
differs from the defaults, in a fixed order: the game's options (a board size as 13x13, a
switch as no-NAME, any other as NAME-VALUE), a board's cell size, copies, how a kit's
backs print, the cards' size, the paper, the palette, the language, the destination, and
how it is printed there (bleed, printing condition, ink limit, cut path, crop marks) and,
for PNG, the resolution:

    hex-board.pdf                     hex-board-13x13-letter-de-print-shop.pdf
    blind-hex-pennies-kit-de.pdf      hex-nex-booklet.pdf, all-games-booklet-a5.pdf
    nex-board-cell-20mm.pdf           blind-hex-cards-kit-gutter-fold.pdf
    blind-hex-cards-kit-back-offset-1.5xminus0.5.pdf
    hex-board-print-shop-bleed-5mm-swop.pdf                   nex-counters-3-copies.png
    hex-record-round-1.pdf            hex-record-final-every-10-de.pdf (from final.sgf)
    hex-record-olympiad-booklet.pdf   (from the folder olympiad/)

Every part is made of lowercase letters, digits, dots and "x"; parts are joined by "-".
Options a printed item does not read cannot be given for it (requests.py refuses them),
so they are at their defaults and add nothing; nor can an option that changes nothing in
the item. So every choice that changes a file's bytes is in its name (tests/test_names.py
walks the requests to hold it).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from generator.core.cards import EURO_POKER
from generator.core.destinations import HOME, Destination
from generator.core.formats import DEFAULT_DPI
from generator.core.palette import COLOUR, Palette
from generator.core.paper import HOME as HOME_PRESS
from generator.core.paper import Press
from generator.core.products import Kind
from generator.games import KEYS, find
from generator.games.game import Game, OptionsT
from generator.games.items import WHOLE_KIT, Item
from generator.i18n import SOURCE
from generator.layout.duplex import CALIBRATE, GUTTER_FOLD, Backs

DEFAULT_PAPER = "a4"
# Latin letters that Unicode does not decompose into a letter and an accent, spelled as
# their languages spell them in plain ASCII.
UNDECOMPOSED = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe",
                              "Œ": "OE", "ß": "ss", "đ": "d", "Đ": "D", "ł": "l", "Ł": "L",
                              "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D"})
BOOKLET = "booklet"
ALL_GAMES = "all-games"


def part(text: str) -> str:
    """A piece of a name: lowercase letters, digits, dots and dashes only (a custom paper's
    "8.5 x 11 in" is 8.5x11in), so a name is safe in every file system and header."""
    return re.sub(r"[^a-z0-9.]+", "-", text.lower().replace(" ", "")).strip("-")


def edition(game: Game[OptionsT], options: OptionsT) -> str:
    """The edition these options are, for a game of several editions (Blind Hex's cards and
    pennies): the variant that agrees with them on what tells the variants apart."""
    variants = game.variants()
    if len(variants) < 2:
        return ""
    telling = [f.name for f in dataclasses.fields(variants[0][1])
               if len({getattr(o, f.name) for _, o in variants}) > 1]
    for name, shown in variants:
        if all(getattr(shown, f) == getattr(options, f) for f in telling):
            return part(name)
    return ""


def _options(game: Game[OptionsT], options: OptionsT) -> list[str]:
    """The game's options that differ from its defaults, in the options' own order (the
    edition is named already)."""
    default = game.options()
    varying = {f.name for f in dataclasses.fields(default)
               if len({getattr(o, f.name) for _, o in game.variants()}) > 1}
    out = []
    for f in dataclasses.fields(default):
        value = getattr(options, f.name)
        if f.name in varying or value == getattr(default, f.name):
            continue
        if f.name == "size" and isinstance(value, int):
            out.append(f"{value}x{value}")
        elif isinstance(value, bool):
            out.append(part(f.name) if value else f"no-{part(f.name)}")
        elif isinstance(value, int | float):
            out.append(f"{part(f.name)}-{number(value)}")
        else:
            out.append(f"{part(f.name)}-{part(str(value))}")
    return out


def number(value: float) -> str:
    """A number as a part of a name, exactly: the shortest digits that read back as the
    same number (0.1234567 is not 0.123457's), and `minus` for a minus sign, which a dash
    would join to the parts beside it (seed -5 would be seed 5's)."""
    shown = repr(value if isinstance(value, int) else float(value))
    shown = shown.removesuffix(".0")
    return f"minus{part(shown[1:])}" if shown.startswith("-") else part(shown)


def _printing(paper: str, palette: Palette, lang: str, target: Destination) -> list[str]:
    """What every name ends with where not the default: paper, palette, language, where it
    is printed."""
    return [p for p in (part(paper) if part(paper) != DEFAULT_PAPER else "",
                        part(palette.name) if palette != COLOUR else "",
                        part(lang) if lang != SOURCE else "",
                        part(target.key) if target != HOME else "") if p]


def item_stem(game: Game[OptionsT], item: Item, *, options: OptionsT, paper: str,
              palette: Palette = COLOUR, lang: str = SOURCE, press: Press = HOME_PRESS,
              usual: Press | None = None, dpi: int | None = None, copies: int | None = None,
              cell: float | None = None, backs: Backs | None = None, url: str | None = None,
              called: str = "") -> str:
    """The name, without its extension, of an item (or a kit) of a game. `press` is how it
    is printed, `usual` how it would be where nothing but the destination was asked;
    `called`, where given, names it in the item's place (the studio's zip of everything)."""
    holds_cards = any(i.kind is Kind.CARDS for i in (
        game.items_for(options) if item == WHOLE_KIT else (item,)))
    cards = [part(press.card.key)] if press.card != EURO_POKER and holds_cards else []
    return "-".join(filter(None, [
        game.key, edition(game, options), part(called or item.key), *_options(game, options),
        f"cell-{number(cell)}mm" if cell is not None else "",
        f"{copies}-copies" if copies is not None and copies != 1 else "",
        *_backs(backs), *cards, *_printing(paper, palette, lang, press.destination),
        *_pressed(press, usual or press),
        f"{dpi}dpi" if dpi is not None and dpi != DEFAULT_DPI else "",
        # Where a virtual table's files are published: a digest, as a name holds no address.
        f"url-{hashlib.sha256(url.encode('utf-8')).hexdigest()[:8]}" if url else ""]))


def _backs(backs: Backs | None) -> list[str]:
    """How a kit's back-to-back sheets print, where not on both sides without a shift."""
    if backs is None:
        return []
    mode = {GUTTER_FOLD: "gutter-fold", CALIBRATE: "calibration"}.get(backs.mode, "")
    x, y = backs.offset
    shift = f"back-offset-{number(x)}x{number(y)}" if (x, y) != (0.0, 0.0) else ""
    return [p for p in (mode, shift) if p]


def _pressed(press: Press, usual: Press) -> list[str]:
    """How it is printed, where that differs from the destination's own: bleed, printing
    condition, ink limit, cut path, crop marks."""
    return [p for p in (
        f"bleed-{number(press.bleed)}mm" if press.bleed != usual.bleed else "",
        part(press.condition) if press.condition != usual.condition else "",
        f"ink-{number(press.ink_limit)}" if press.ink_limit != usual.ink_limit else "",
        "cut-path" if press.cut_path else "",
        "crop-marks" if press.crop_marks else "") if p]


def booklet_stem(games: Sequence[str], extras: Sequence[Item] = (), *,
                 paper: str = DEFAULT_PAPER, palette: Palette = COLOUR, lang: str = SOURCE,
                 target: Destination = HOME) -> str:
    """A booklet's name, after its games (all-games for every game), with what it adds."""
    keys = [g.key for g in (find(k) for k in games) if g is not None]
    named = ALL_GAMES if sorted(keys) == sorted(KEYS) else "-".join(keys)
    return "-".join([named, BOOKLET, *(f"with-{part(e.key)}" for e in extras),
                     *_printing(paper, palette, lang, target)])


LONGEST_RECORD_NAME = 60    # characters of a record's own name in a file's name


def record_name(name: str) -> str:
    """A record file's name as a part of the name made from it: its letters without their
    accents (Ünïcødé spiel makes unicodespiel, not n-c-d-spiel). A name with letters that
    have no ASCII spelling (Иванов, 李明 vs 山田) gets a digest of the whole after what is
    left, so Иванов.sgf and Петров.sgf make two files, not one hex-record.pdf twice; and,
    past LONGEST_RECORD_NAME characters, a name is cut with the digest after it, so a record
    of the longest name a file system allows still makes a file it can name, and two long
    names that begin alike make two files."""
    folded = "".join(ch for ch in unicodedata.normalize("NFKD", name.translate(UNDECOMPOSED))
                     if not unicodedata.combining(ch))
    # What has no ASCII spelling (日本語, a byte that is not UTF-8) parts words, as a space does.
    shown = part(folded.encode("ascii", "replace").decode("ascii")).strip(".-")
    if len(shown) <= LONGEST_RECORD_NAME and folded.isascii():
        return shown
    digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:8]
    return "-".join(filter(None, [shown[:LONGEST_RECORD_NAME - 9].rstrip(".-"), digest]))


def record_stem(game: str, source: str, *, every: int, default_every: int, paper: str,
                palette: Palette = COLOUR, lang: str = SOURCE, target: Destination = HOME,
                folder: bool = False, variations: int | None = None) -> str:
    """A game record's name: the game, `record`, the name of the record it was made from (a
    file's name without its extension: round-1.sgf makes hex-record-round-1.pdf, so two
    records printed in one folder keep two files), what differs from the defaults (the
    variations' depth where given), and, for a folder of records printed as one booklet,
    `booklet`. Standard input has no name."""
    given = record_name(Path(source).stem if not folder else Path(source).name) \
        if source else ""
    return "-".join(filter(None, [game, "record", given,
                                  f"every-{every}" if every != default_every else "",
                                  f"variations-{variations}" if variations is not None
                                  else "",
                                  "booklet" if folder else "",
                                  *_printing(paper, palette, lang, target)]))


def puzzle_stem(game: str, source: str, *, count: int, default_count: int,
                seed: int | None, paper: str, palette: Palette = COLOUR, lang: str = SOURCE,
                target: Destination = HOME) -> str:
    """A puzzle book's name: the game, `puzzles`, the one record or folder it was cut from
    (by its name, as a record's booklet is named) or the seed of a book of its own, and
    what differs from the defaults."""
    given = record_name(Path(source).stem if Path(source).suffix else Path(source).name) \
        if source and source != "-" else ""
    return "-".join(filter(None, [game, "puzzles", given,
                                  f"seed-{number(seed)}" if seed is not None else "",
                                  f"count-{count}" if count != default_count else "",
                                  *_printing(paper, palette, lang, target)]))
