"""The one `save` that takes the format (a value of generator/core/formats.py), picks its
writer from generator/render/writers.py's table, names the files and writes them.

Every file is written to a temporary name beside its target and renamed into place, so a
failed or interrupted run never leaves a half-written file; the files of one output (the
pages of an SVG) are renamed only when all are written. A symlink is written through to its
target, an existing file keeps its permissions, `-` is standard output and a device or pipe
is written in place; a file with other hard links is refused rather than split from them.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import io
import os
import secrets
import stat
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.content import Bundle, Content, Files, RecordText
from generator.core.formats import VECTORS, Format, page_paths
from generator.core.virtual_table import VirtualTable
from generator.errors import UserError
from generator.render import folders
from generator.render.writers import PLAIN, Settings, files_of

if TYPE_CHECKING:
    from generator.core.paper import Press

__all__ = ["OutputError", "Settings", "check_target", "fitting_name", "output_format",
           "output_path", "page_paths", "render", "save", "write_atomically", "write_stdout"]


class OutputError(UserError):
    """A file could not be written; the message is one line for the user."""


def render(doc: Content, fmt: Format, *, target: Path, dpi: int | None = None,
           press: Press | None = None) -> Files:
    """The files a document becomes in a format, in memory: (path, bytes) pairs."""
    return files_of(doc, fmt, target=Path(target), settings=Settings(dpi, press))


def _listed(allowed: Sequence[Format], dotted: bool = False) -> str:
    return " or ".join(("." + f.extension) if dotted else f.name for f in allowed)


def output_format(target: Path | None, fmt: Format | None,
                  *, allowed: Sequence[Format]) -> Format:
    """The format to write: as asked, else the one the target's extension names, else the
    first allowed. An extension that names another format, or none pnp writes, is an error.
    Standard output (`-`) and devices have no extension: the format is asked for or the first."""
    through = target is not None and (_written_through(target) or is_stdout(target))
    suffix = target.suffix.lower().lstrip(".") if target and not through else ""
    if fmt is not None and fmt not in allowed:
        raise OutputError(f"this item is written as {_listed(allowed)}, not {fmt.name}")
    if not suffix:
        return fmt or allowed[0]
    named = next((f for f in allowed if f.extension == suffix), None)
    if named is None:
        raise OutputError(f"cannot write {target}: the name ends in .{suffix}, but this item "
                          f"is written as {_listed(allowed, dotted=True)}")
    if fmt is not None and fmt != named:
        raise OutputError(f"cannot write {target} as {fmt.name}: the name ends in .{suffix}")
    return named


def output_path(target: Path | None, chosen: Format, *, default_stem: str) -> Path:
    """Where a file goes: the target, or DEFAULT_STEM.FORMAT here; a file name without an
    extension gets the format's, but standard output, devices, pipes and sockets keep their
    names (to be written through, or refused by name: never a new file beside them)."""
    if target is None:
        return Path(fitting_name(default_stem, chosen.extension))
    if target.suffix or _written_through(target) or is_stdout(target) or _special(target):
        return target
    if target.is_dir():     # a folder named, not a file to name after it
        raise OutputError(f"cannot write {target}: it is a folder; give a file name")
    return target.with_name(f"{target.name}.{chosen.extension}")


LONGEST_NAME = 255      # bytes of one name: ext4, XFS, Btrfs, tmpfs; where pathconf cannot say
PAGE_ROOM = 8           # bytes kept for a page's number (NAME-12.svg) and a spare


def fitting_name(stem: str, extension: str, *, folder: Path = Path(".")) -> str:
    """STEM.EXTENSION, a name made for the user (a Hex KB puzzle's name holds its seed, of
    any length), cut to what the folder's file system takes in one name, with room for a
    page's number: the cut name keeps its start and ends with a digest of the whole stem,
    so two stems cut alike still name two files."""
    try:
        most = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        most = LONGEST_NAME
    name = f"{stem}.{extension}"
    room = most - PAGE_ROOM
    if len(os.fsencode(name)) <= room:
        return name
    digest = hashlib.sha256(os.fsencode(stem)).hexdigest()[:16]
    keep = room - len(os.fsencode(f"-{digest}.{extension}"))
    start = os.fsencode(stem)[:keep].decode("utf-8", "ignore").rstrip("-.")
    return f"{start}-{digest}.{extension}"


def _special(path: Path) -> bool:
    """Something there that is neither a file nor a folder: a block device, a socket."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def check_target(target: Path | None, fmt: Format | None, *, allowed: Sequence[Format],
                 default_stem: str) -> None:
    """Refuse, before any work, a target that cannot be written: a wrong extension, a
    missing folder, a folder, a file with other hard links, a block device or a socket."""
    chosen = output_format(target, fmt, allowed=allowed)
    if chosen.folder:
        folders.check_folder(*_folder(target, chosen, default_stem))
        return
    path = output_path(target, chosen, default_stem=default_stem)
    if is_stdout(path):
        if sys.stdout is None:
            raise OutputError("cannot write to standard output: it is closed")
    else:
        _Place.of(path)


def save(content: Content, target: Path | None, *, fmt: Format | None, default_stem: str,
         allowed: Sequence[Format] = VECTORS, settings: Settings = PLAIN
         ) -> list[Path]:
    """Write a document (or a board's data) in the format asked for or named by the target,
    to the target or to DEFAULT_STEM.FORMAT here; a name without an extension gets the
    format's. `settings` go to the format's writer. `-`
    is standard output; a device or pipe is written through. Returns the paths written (none
    for standard output)."""
    chosen = output_format(target, fmt, allowed=allowed)
    if chosen.folder:
        return _save_folder(content, target, chosen, default_stem, settings)
    path = output_path(target, chosen, default_stem=default_stem)
    pages = 0 if isinstance(content, (dict, RecordText, Bundle, VirtualTable)) \
        else len(content.pages)
    single = not chosen.paged or pages <= 1
    if is_stdout(path) or _written_through(path):
        if not single:
            where = "standard output" if is_stdout(path) else str(path)
            ext = chosen.extension
            raise OutputError(f"cannot write {pages} {ext.upper()} pages to {where}: they are "
                              f"written as NAME-1.{ext} to NAME-{pages}.{ext}, so give -o "
                              f"NAME.{ext}, or use --format pdf")
        if is_stdout(path):
            write_stdout(files_of(content, chosen, target=path, settings=settings)[0][1])
            return []
    # Check every file before drawing any; the checks run again when the files are written.
    for page in (page_paths(path, pages) if chosen.paged and pages else [path]):
        _Place.of(page)
    files = files_of(content, chosen, target=path, settings=settings)
    write_atomically(files)
    return [path for path, _ in files]


def _folder(target: Path | None, fmt: Format, default_stem: str) -> tuple[Path, str]:
    """Where a folder format goes, as an absolute path, and its main file's name in it."""
    folder = Path(os.path.abspath(target if target is not None else Path(default_stem)))
    return folder, f"{folder.name}.{fmt.extension}"


def _save_folder(content: Content, target: Path | None, fmt: Format, default_stem: str,
                 settings: Settings) -> list[Path]:
    """A format written as a folder (a virtual table's saved object): checked, written
    whole into its place (render/folders.py); the path of its main file is returned."""
    if target is not None and is_stdout(target):
        raise OutputError(f"a {fmt.name} is a folder of files; give -o FOLDER")
    folder, main = _folder(target, fmt, default_stem)
    folders.check_folder(folder, main)
    folders.write_folder(folder, files_of(content, fmt, target=folder, settings=settings))
    return [folder / main]


def is_stdout(path: Path) -> bool:
    """`-`, or a name for the very file this process's standard output is (/dev/stdout)."""
    if str(path) == "-":
        return True
    try:
        return os.path.samestat(os.stat(path), os.fstat(sys.stdout.fileno()))
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return False


def _written_through(path: Path) -> bool:
    """Standard output, or an existing device or pipe: written in place, never replaced."""
    if str(path) == "-":
        return True
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def _stdout_descriptor() -> int | None:
    try:
        return sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):   # not a file: a test's capture
        return None


def write_stdout(data: bytes) -> None:
    if sys.stdout is None:
        raise OutputError("cannot write to standard output: it is closed")
    try:
        sys.stdout.flush()
        sys.stdout.buffer.flush()
        fd = _stdout_descriptor()
        if fd is None:
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
            return
        # Straight to the descriptor, write after write: the buffered writer takes a short
        # write (a reader that left mid-document) as done, and would end with status 0.
        rest = memoryview(data)
        while rest:
            rest = rest[os.write(fd, rest):]
    except OSError as err:
        if err.errno == errno.EPIPE:   # the reader has gone: a quiet exit, as click makes
            raise
        raise OutputError(f"cannot write to standard output: {err.strerror or err}") from None


@dataclass(frozen=True)
class _Place:
    """Where a file named on the command line really goes, and how to keep what is there."""
    shown: Path                 # the name the user gave, for messages
    real: Path                  # a symlink's target: the file that is replaced
    through: bool = False       # a device or pipe: written in place
    mode: int | None = None     # an existing file's permissions, kept
    owner: tuple[int, int] | None = None

    @classmethod
    def of(cls, shown: Path) -> _Place:
        real = Path(os.path.realpath(shown)) if os.path.islink(shown) else shown
        try:
            found = os.stat(real)
        except FileNotFoundError:
            found = None
        except NotADirectoryError:
            raise OutputError(f"cannot write {shown}: a name on its way is a file, not a "
                              f"folder") from None
        except OSError as err:
            raise OutputError(f"cannot write {shown}: {err.strerror or err}") from None
        folder = real.parent if str(real.parent) else Path(".")
        if found is None:
            if not folder.is_dir():
                raise OutputError(f"cannot write {shown}: folder {folder} does not exist")
            _can_create_in(folder, shown)
            return cls(shown, real)
        kind = found.st_mode
        if stat.S_ISDIR(kind):
            raise OutputError(f"cannot write {shown}: it is a folder")
        if stat.S_ISCHR(kind) or stat.S_ISFIFO(kind):
            return cls(shown, real, through=True)
        if not stat.S_ISREG(kind):
            what = ("a block device" if stat.S_ISBLK(kind) else "a socket"
                    if stat.S_ISSOCK(kind) else "not a file")
            raise OutputError(f"cannot write {shown}: it is {what}")
        if found.st_nlink - _our_backups(folder, found) > 1:
            raise OutputError(f"cannot write {shown}: it has {found.st_nlink} hard links, "
                              f"which replacing it would break; remove it or name another "
                              f"file")
        _can_create_in(folder, shown)
        return cls(shown, real, mode=stat.S_IMODE(kind), owner=(found.st_uid, found.st_gid))


def _can_create_in(folder: Path, shown: Path) -> None:
    """Refuse, before any drawing, a folder where no file can be made (read-only, not ours,
    a read-only file system): a file is made there and closed at once. It is made without a
    name where the system allows (O_TMPFILE), so an interrupt can leave nothing behind."""
    try:
        with tempfile.TemporaryFile(prefix=".pnp-", suffix=".probe", dir=folder):
            pass
    except OSError as err:
        raise OutputError(f"cannot write {shown}: {err.strerror or err}") from None


def _our_backups(folder: Path, found: os.stat_result) -> int:
    """Links to the file that are another pnp run's backups of it (.pnp-*.old beside it):
    a run that replaces the file at the same moment holds one for a moment."""
    try:
        names = [e for e in os.scandir(folder)
                 if e.name.startswith(".pnp-") and e.name.endswith(".old")]
    except OSError:
        return 0
    same = 0
    for entry in names:
        with contextlib.suppress(OSError):
            st = entry.stat(follow_symlinks=False)
            same += st.st_ino == found.st_ino and st.st_dev == found.st_dev
    return same


def _new_name(folder: Path, ending: str) -> Path:
    """A short unused name in the folder: it fits wherever the target's name fits."""
    while True:
        name = folder / f".pnp-{secrets.token_hex(4)}{ending}"
        if not os.path.lexists(name):
            return name


def write_atomically(files: list[tuple[Path, bytes]]) -> None:
    """Write every file, or none: each goes to a temporary file beside the one it replaces
    (beside a symlink's target), and only when all are written are they renamed into place;
    a failure (or an interrupt) on the way puts back what was there. An existing file keeps
    its permissions and owner; a device or pipe is written in place."""
    shown = files[0][0] if files else Path(".")
    staged: list[tuple[Path, _Place]] = []
    backups: list[Path] = []
    done: list[tuple[_Place, Path | None]] = []
    try:
        places = [_Place.of(path) for path, _ in files]
        if len(files) > 1 and any(p.through for p in places):
            raise OutputError(f"cannot write {next(p for p in places if p.through).shown}: "
                              f"it is not a file, and several files are written together")
        mask = os.umask(0)
        os.umask(mask)
        for place, (_, data) in zip(places, files, strict=False):
            shown = place.shown
            if place.through:
                fd = os.open(place.real, os.O_WRONLY)
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                return
            folder = place.real.parent if str(place.real.parent) else Path(".")
            fd, name = tempfile.mkstemp(prefix=".pnp-", suffix=".part", dir=folder)
            staged.append((Path(name), place))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            if place.owner is not None and place.owner != (os.getuid(), os.getgid()):
                with contextlib.suppress(PermissionError):
                    os.chown(name, *place.owner)
            os.chmod(name, place.mode if place.mode is not None else 0o666 & ~mask)
        for tmp, place in staged:
            shown = place.shown
            backup = None
            if place.mode is not None:   # a file is there: keep a link to put it back
                backup = _new_name(place.real.parent, ".old")
                try:
                    os.link(place.real, backup)
                    backups.append(backup)
                except OSError:
                    backup = None
            os.replace(tmp, place.real)
            done.append((place, backup))
        done.clear()
    except OSError as err:
        raise OutputError(f"cannot write {shown}: {err.strerror or err}") from None
    finally:
        for place, backup in reversed(done):   # not all written: put back what was there
            try:
                if backup is not None:
                    os.replace(backup, place.real)
                elif place.mode is None:       # there was nothing: take the new file away
                    os.unlink(place.real)
            except OSError:
                pass
        for leftover in [tmp for tmp, _ in staged] + backups:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(leftover)
