"""Several files as one zip whose bytes depend on what it holds only: its files in order of
name, each dated 1980-01-01 00:00 (the earliest date a zip holds), made on Unix, read-write
for its owner and readable by all, deflated at one level (APPNOTE.TXT 4.4.6 and 4.4.2 of
PKWARE's .ZIP File Format Specification define the date and the system fields). A vendor's
kit, the studio's downloads of several files and the catalogue's zip are written so."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

FIXED_TIME = (1980, 1, 1, 0, 0, 0)
UNIX = 3                       # the "version made by" system of a zip made on Unix
READABLE = 0o100644 << 16      # a regular file, rw-r--r--, as Unix keeps it in a zip


def zipped(files: Sequence[tuple[str, bytes]]) -> bytes:
    """The files as a zip whose bytes are the same for the same files."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in sorted(files):
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = UNIX
            info.external_attr = READABLE
            archive.writestr(info, data, compresslevel=6)
    return out.getvalue()


# Formats compressed already, stored as they are: deflating them again gains nothing and
# takes most of a catalogue's zipping time.
STORED = frozenset({".pdf", ".png", ".zip"})
CHUNK = 1 << 20


def write_zip(target: Path, files: Sequence[tuple[str, Path]]) -> None:
    """The files (each a name in the zip and the file it holds) as a zip at TARGET, made as
    `zipped` makes one but streamed from the files, a megabyte at a time (a catalogue's
    zip holds a hundred megabytes), to a temporary file beside TARGET that replaces it
    only when whole."""
    fd, name = tempfile.mkstemp(prefix=".pnp-", suffix=".part", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle, \
                zipfile.ZipFile(handle, "w", compresslevel=6) as archive:
            for inside, path in sorted(files):
                info = zipfile.ZipInfo(inside, FIXED_TIME)
                stored = path.suffix.lower() in STORED
                info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
                info.create_system = UNIX
                info.external_attr = READABLE
                info.file_size = path.stat().st_size
                with path.open("rb") as source, archive.open(info, "w") as sink:
                    shutil.copyfileobj(source, sink, CHUNK)
        os.chmod(name, 0o666 & ~_umask())
        os.replace(name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(name)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
