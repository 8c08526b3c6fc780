"""The `pdfua` checker (PyPI) run once on many files: its JSON report, one object a file."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


def pdfua_tool() -> str:
    tool = shutil.which("pdfua") or str(Path(sys.executable).with_name("pdfua"))
    if not Path(tool).exists():
        pytest.fail("the pdfua checker is missing (make test installs it)")
    return tool


def pdfua_results(files: list[Path]) -> dict[str, dict]:
    """pdfua's JSON report on many files at once: one object per file, one after another,
    keyed by the file's name as given."""
    done = subprocess.run([pdfua_tool(), "check", "-f", "json", *map(str, files)],
                          capture_output=True, text=True)
    decoder, text, at, out = json.JSONDecoder(), done.stdout, 0, {}
    while at < len(text):
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text):
            break
        found, at = decoder.raw_decode(text, at)
        out[found["file"]] = found
    assert len(out) == len(files), done.stderr
    return out
