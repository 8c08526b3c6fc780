"""A booklet the catalogue shelves beside the rules' (`pnp build --records FOLDER`, `pnp
build --puzzles`): read and checked before the build begins, then drawn and listed with
the booklets. The build and its index page ask only this of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from pathlib import Path

    from generator import render
    from generator.core.destinations import Destination
    from generator.core.formats import Format
    from generator.core.scene import Document
    from generator.games.game import Game
    from generator.games.protocols import GameOptions


class ShelfBook(Protocol):
    """A booklet of the catalogue's beyond the rules'."""

    @property
    def game(self) -> Game[GameOptions]: ...

    @property
    def paper(self) -> str:
        """A key of layout.booklet.FORMATS."""
        ...

    @property
    def lang(self) -> str: ...

    @property
    def target(self) -> Destination: ...

    @property
    def stem(self) -> str: ...

    @property
    def formats(self) -> tuple[Format, ...]: ...

    @property
    def settings(self) -> render.Settings: ...

    def label(self) -> str:
        """What the index page calls it, in its own language."""
        ...

    def path(self, out: Path) -> Path:
        """Where the build writes it below `out`."""
        ...

    def document(self) -> Document: ...


__all__ = ["ShelfBook"]
