"""What a format's writer is given (generator/render/writers.py): a drawn document, a
board's description as data, a game record's text, a bundle of several products (a
vendor's kit) or a virtual table (generator/core/virtual_table.py), each a plain value; and
what a writer gives back, (path, bytes) pairs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from generator.core.formats import BoardData, Format
from generator.core.paper import Press

if TYPE_CHECKING:
    from pathlib import Path

    from generator.core.scene import Document
    from generator.core.virtual_table import VirtualTable


@dataclass(frozen=True, slots=True)
class RecordText:
    """A game record written as text (SGF), as `pnp record --format sgf` writes it."""
    text: str


@dataclass(frozen=True, slots=True)
class Part:
    """One product of a bundle: its content written in its format under a name of its own
    (without the extension), at `dpi` pixels an inch (PNG) for `press` (how it is printed)."""
    name: str
    content: Content
    fmt: Format
    dpi: int | None = None
    press: Press | None = None


@dataclass(frozen=True, slots=True)
class Bundle:
    """Several products as one file (a zip): a vendor's kit, each product in the format
    the vendor takes, and a note, in words, of what to order and what is printed elsewhere."""
    parts: tuple[Part, ...]
    note: str
    note_name: str = "ORDER.txt"


Content = Union["Document", BoardData, RecordText, Bundle, "VirtualTable"]
Files = list[tuple["Path", bytes]]

