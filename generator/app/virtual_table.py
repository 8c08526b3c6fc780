"""A game's kit as a Tabletop Simulator saved object: its virtual table (the game's table
module) written as a folder by generator/render/tabletop.py.

The folder is written whole or not at all: into a hidden sibling first, then renamed into
place, an older folder of ours moved aside only then and removed after; a run that fails
leaves what was there as it was. A folder of anything else is never replaced.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from generator import i18n
from generator.core.palette import Palette
from generator.errors import UserError
from generator.games.game import Game
from generator.games.tables import tables_of
from generator.render import tabletop


def write_table(game: Game[Any], options: Any, palette: Palette, lang: str, folder: Path,
                url_base: str | None = None) -> list[Path]:
    """Write the game's table with these options, palette and language as FOLDER: its saved
    object (FOLDER's name.json), images, rule sheet and guide, naming the files by their
    `file://` addresses there or, with a URL base, under that address. Returns the files
    written, in the folder. Refuses (UserError, one line) a base that is not an http(s)
    address, and a folder that is not one this function wrote."""
    try:
        base = tabletop.url_base(url_base) if url_base is not None else None
    except ValueError as refused:
        raise UserError(str(refused)) from None
    target = Path(os.path.abspath(folder))
    _check(target)
    with i18n.language(lang):
        table = tables_of(game).make(options, palette)
        files = tabletop.table_files(table, tabletop.Addresses(target, base), target.name)
    return write_folder(target, files)


def _check(target: Path) -> None:
    if not target.parent.is_dir():
        raise UserError(f"cannot write {target}: its folder {target.parent} does not exist")
    if target.exists() and not _ours(target):
        raise UserError(f"cannot write {target}: it is there and is not a saved object pnp "
                        f"wrote; name a new folder")


def _ours(folder: Path) -> bool:
    """Whether a path is a folder this module wrote: empty, or carrying our guide."""
    if not folder.is_dir() or folder.is_symlink():
        return False
    guide = folder / tabletop.GUIDE
    if not any(folder.iterdir()):
        return True
    try:
        first = guide.read_text("utf-8").split("\n", 1)[0]
    except (OSError, UnicodeDecodeError):
        return False
    # The guide's first line says what the folder is: what tells one of ours apart from a
    # folder of the user's that happens to have the name asked for.
    return first.endswith(tabletop.MARK)


def write_folder(target: Path, files: list[tuple[Path, bytes]]) -> list[Path]:
    """Write the files (names in the folder, and their bytes) as the folder TARGET: into a
    hidden sibling, then put in its place; UserError, and nothing changed, where that fails."""
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    except OSError as failed:
        raise UserError(f"cannot write {target}: {failed.strerror}") from None
    aside: Path | None = None
    try:
        for name, data in files:
            (staging / name).write_bytes(data)
        os.chmod(staging, 0o777 & ~_umask())
        if target.exists():
            aside = Path(tempfile.mkdtemp(prefix=f".{target.name}.old.", dir=target.parent))
            os.replace(target, aside / target.name)
        os.replace(staging, target)
    except OSError as failed:
        if aside is not None and (aside / target.name).exists() and not target.exists():
            os.replace(aside / target.name, target)
        shutil.rmtree(staging, ignore_errors=True)
        raise UserError(f"cannot write {target}: {failed.strerror or failed}") from None
    finally:
        if aside is not None:
            shutil.rmtree(aside, ignore_errors=True)
    return [target / name for name, _data in files]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
