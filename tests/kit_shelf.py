"""Every kit `pnp kit` writes, each made once in a test run (conftest's `kit_shelf`): the
page counts (test_kit_page_counts.py) and the pages' ink (test_kit_ink.py) read the same
PDFs, made by the command as a person runs it."""

from __future__ import annotations

from pathlib import Path

from in_process import pnp_ok


class KitShelf:
    """Kits made on demand into `folder`, each once: by game, edition ("" for a game of one
    edition), paper and language, and way of printing the backs ("" for the default)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.made: dict[tuple[str, str, str, str, str], Path] = {}

    def pdf(self, game: str, edition: str, paper: str, lang: str, *, backs: str = "") -> Path:
        key = (game, edition, paper, lang, backs)
        if key not in self.made:
            out = self.folder / f"{game}-{edition or 'kit'}-{backs or 'kit'}-{paper}-{lang}.pdf"
            pnp_ok("kit", game, *(["--edition", edition] if edition else []),
                   *(["--backs", backs] if backs else []),
                   "--paper", paper, "--lang", lang, "-o", str(out))
            self.made[key] = out
        return self.made[key]
