"""Every printed string reaches the translators: pybabel's extraction (make messages) reads
the tokens of Python 3.11, where an f-string is one token, so `f"## {_('The moves')}"` was
never extracted and the records' "The moves" stayed English in every language. No gettext
call may stand inside an f-string; the control is such a call, which the check finds."""

import ast
import subprocess
from pathlib import Path

from in_process import pnp_ok

import generator

GETTEXT = {"_", "ngettext", "pgettext", "npgettext", "N_"}
SOURCES = Path(generator.__file__).parent


def calls_in_fstrings(source: str) -> list[int]:
    """The lines of gettext calls made inside f-strings."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and \
                        inner.func.id in GETTEXT:
                    found.append(inner.lineno)
    return found


def test_no_gettext_call_stands_inside_an_f_string() -> None:
    hidden = {str(path.relative_to(SOURCES)): lines for path in sorted(SOURCES.rglob("*.py"))
              if (lines := calls_in_fstrings(path.read_text(encoding="utf-8")))}
    assert hidden == {}
    # The control: the line the records once had is found.
    assert calls_in_fstrings("lines = [f\"## {_('The moves')}\"]\n") == [1]


def test_a_german_record_says_its_moves_in_german(tmp_path: Path) -> None:
    (tmp_path / "game.txt").write_text("size 9\n1. e5 (d4)\n")
    for lang, heading in (("de", "Die Züge"), ("en", "The moves")):   # English the control
        # `pnp record` run in this process (in_process.py), the same code.
        pnp_ok("record", "nex", "game.txt", "--lang", lang, "-o", f"{lang}.pdf", cwd=tmp_path)
        text = subprocess.run(["pdftotext", f"{lang}.pdf", "-"], cwd=tmp_path, check=True,
                              capture_output=True, text=True).stdout
        assert heading in text.splitlines()
        assert lang == "en" or "The moves" not in text
