"""The whole catalogue: every game's variants, items, papers and formats, written to a folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from . import render
from .games import GAMES, Game, kit
from .paper import Paper
from .palette import PALETTES
from .scene import Document

# A kit repeats the other items' pages, so it is offered as one PDF to print in one go.
ITEM_FORMATS = {"kit": ("pdf",)}


@dataclass(frozen=True)
class Entry:
    game: Game
    variant: str
    options: Any
    item: str
    paper: Paper
    fmt: str

    def path(self, out: Path) -> Path:
        return out / self.game.key / f"{self.variant}-{self.item}-{self.paper.name.lower()}.{self.fmt}"


def make_document(game: Game, item: str, options: Any, paper: Paper, copies: int = 1,
                  palette: str = "colour") -> Document:
    colours = PALETTES[palette]
    if item == "kit":
        return kit(game, options, paper, colours, copies)
    return game.items[item](options, paper, colours, copies)


def entries(game_keys: list[str], papers: list[Paper]) -> Iterator[Entry]:
    for key in game_keys:
        game = GAMES[key]
        for variant, options in game.catalogue():
            for item in [*game.items, "kit"]:
                for paper in papers:
                    for fmt in ITEM_FORMATS.get(item, render.FORMATS):
                        yield Entry(game, variant, options, item, paper, fmt)


def build_entry(entry: Entry, out: Path, cache: dict) -> list[Path]:
    key = (entry.game.key, entry.variant, entry.item, entry.paper.name)
    if key not in cache:
        cache[key] = make_document(entry.game, entry.item, entry.options, entry.paper)
    target = entry.path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    return render.save(cache[key], entry.fmt, target)
