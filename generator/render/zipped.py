"""Several files as one zip whose bytes depend on what it holds only: its files in order of
name, each dated 1980-01-01 00:00 (the earliest date a zip holds), made on Unix, read-write
for its owner and readable by all, deflated at one level (APPNOTE.TXT 4.4.6 and 4.4.2 of
PKWARE's .ZIP File Format Specification define the date and the system fields). A vendor's
kit and the studio's downloads of several files are written so."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence

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
