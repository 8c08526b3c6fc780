"""A format written as a folder of files (a virtual table's saved object and the images it
names): written whole or not at all, into a hidden sibling first and then renamed into
place, an older folder of pnp's moved aside only then and removed after, so a run that fails
leaves what was there as it was. A folder of anything else is never replaced."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from generator.core.content import Files
from generator.errors import UserError


def check_folder(target: Path, main: str) -> None:
    """Refuse, before any work, a folder that cannot be written: its parent missing, or a
    folder (or file) there that pnp did not write. One of pnp's is empty, or holds its main
    file (NAME/NAME.json)."""
    if not target.parent.is_dir():
        raise UserError(f"cannot write {target}: its folder {target.parent} does not exist")
    if not target.exists() and not target.is_symlink():
        return
    ours = target.is_dir() and not target.is_symlink() and (
        not any(target.iterdir()) or (target / main).is_file())
    if not ours:
        raise UserError(f"cannot write {target}: it is there and is not a folder pnp wrote; "
                        f"name a new one")


def write_folder(target: Path, files: Files) -> list[Path]:
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
