"""What the hostile-input tests check of every refusal: one `pnp:` line on stderr, exit
status 2, no traceback, and every file under the folder as it was (kind, bytes, mode and
inode); and qpdf's reading of a PDF that was written. test_hostile.py holds their controls."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

PNP = [sys.executable, "-m", "generator.ui.cli"]


def snapshot(folder: Path) -> dict[str, tuple]:
    """Every name under the folder with its kind, bytes, mode and inode."""
    found = {}
    for path in sorted(folder.rglob("*")):
        st_ = path.lstat()
        data = path.read_bytes() if stat.S_ISREG(st_.st_mode) else os.readlink(path) \
            if path.is_symlink() else None
        found[str(path.relative_to(folder))] = (stat.S_IFMT(st_.st_mode), data,
                                                stat.S_IMODE(st_.st_mode), st_.st_ino)
    return found


def one_error_line(stderr: bytes | str) -> str:
    text = stderr.decode() if isinstance(stderr, bytes) else stderr
    assert "Traceback" not in text, text
    assert text.startswith("pnp: ") and text.endswith("\n") and text.count("\n") == 1, text
    return text


def refused(result, folder: Path | None = None, before=None) -> str:
    assert result.returncode == 2, result.stderr
    line = one_error_line(result.stderr)
    if folder is not None:
        assert snapshot(folder) == before
    return line


def check_pdf(path: Path) -> None:
    subprocess.run(["qpdf", "--check", str(path)], check=True, capture_output=True)
