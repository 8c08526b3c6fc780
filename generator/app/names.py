"""Default file names: one name for each different file, so that no file made with one
choice silently replaces one made with another. The command line (`pnp ITEM GAME` without
-o), the studio's downloads and the commands it shows all name files here.

A name is the game, its edition (for a game that has several), the item, then only what
differs from the defaults, in a fixed order: the game's options (a board size as 13x13, a
switch as no-NAME, any other as NAME-VALUE), the cards' size, the paper, the palette, the
language and the destination:

    hex-board.pdf                     hex-board-13x13-letter-de-print-shop.pdf
    blind-hex-pennies-kit-de.pdf      hex-nex-booklet.pdf, all-games-booklet-a5.pdf
    hex-record-round-1.pdf            hex-record-final-every-10-de.pdf (from final.sgf)
    hex-record-olympiad-booklet.pdf   (from the folder olympiad/)

Every part is made of lowercase letters, digits, dots and "x"; parts are joined by "-".
Options a printed item does not read cannot be given for it (requests.py refuses them),
so they are at their defaults and add nothing.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from generator.core.cards import EURO_POKER, CardSize
from generator.core.destinations import HOME, Destination
from generator.core.palette import COLOUR, Palette
from generator.games import KEYS, find
from generator.games.game import Game, OptionsT
from generator.i18n import SOURCE

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
        elif isinstance(value, int | float) and value < 0:
            # A dash would join the parts, and part() strips it: seed -5 would be seed 5's.
            out.append(f"{part(f.name)}-minus{part(str(-value))}")
        else:
            out.append(f"{part(f.name)}-{part(str(value))}")
    return out


def _printing(paper: str, palette: Palette, lang: str, target: Destination) -> list[str]:
    """What every name ends with where not the default: paper, palette, language, where it
    is printed."""
    return [p for p in (part(paper) if part(paper) != DEFAULT_PAPER else "",
                        part(palette.name) if palette != COLOUR else "",
                        part(lang) if lang != SOURCE else "",
                        part(target.key) if target != HOME else "") if p]


def item_stem(game: Game[OptionsT], item: str, options: OptionsT, paper: str,
              palette: Palette = COLOUR, lang: str = SOURCE, target: Destination = HOME,
              card: CardSize = EURO_POKER) -> str:
    """The name, without its extension, of an item (or a kit) of a game."""
    cards = [part(card.key)] if card != EURO_POKER and item in ("cards", "kit") else []
    return "-".join(filter(None, [game.key, edition(game, options), part(item),
                                  *_options(game, options), *cards,
                                  *_printing(paper, palette, lang, target)]))


def booklet_stem(games: Sequence[str], extras: Sequence[str] = (), paper: str = DEFAULT_PAPER,
                 palette: Palette = COLOUR, lang: str = SOURCE,
                 target: Destination = HOME) -> str:
    """A booklet's name, after its games (all-games for every game), with what it adds."""
    keys = [g.key for g in (find(k) for k in games) if g is not None]
    named = ALL_GAMES if sorted(keys) == sorted(KEYS) else "-".join(keys)
    return "-".join([named, BOOKLET, *(f"with-{part(e)}" for e in extras),
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


def record_stem(game: str, source: str, every: int, default_every: int, paper: str,
                palette: Palette = COLOUR, lang: str = SOURCE, target: Destination = HOME,
                folder: bool = False, *, variations: int | None = None) -> str:
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
