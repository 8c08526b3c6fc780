"""Every kit `pnp kit` writes, each made once in a test run (conftest's `kit_shelf`): the
page counts (test_kit_page_counts.py) and the pages' ink (test_kit_ink.py) read the same
PDFs, made by the command as a person runs it, on whichever worker asks first."""

from __future__ import annotations

import os
from pathlib import Path

from in_process import pnp_ok


class KitShelf:
    """Kits made on demand into `folder`, which every worker of the run sees, each once: by
    game, edition ("" for a game of one edition), paper, language and way of printing the
    backs ("" for the default). The two files that read the kits ask for all of them; on two
    workers each made them all again (10 s of processor time)."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder

    def pdf(self, game: str, edition: str, paper: str, lang: str, *, backs: str = "") -> Path:
        out = self.folder / f"{game}-{edition or 'kit'}-{backs or 'kit'}-{paper}-{lang}.pdf"
        if not out.exists():
            # Whole or not there: the other worker may be making the same kit at once (the
            # same command gives the same bytes, so either copy is the kit).
            part = out.with_suffix(f".{os.getpid()}.part.pdf")
            pnp_ok("kit", game, *(["--edition", edition] if edition else []),
                   *(["--backs", backs] if backs else []),
                   "--paper", paper, "--lang", lang, "-o", str(part))
            os.replace(part, out)
        return out
