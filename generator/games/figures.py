"""A board's figures, as `pnp stats` prints them: apart from game.py, so that the commands that
print none (the judge, `list`) do not create the class (a dataclass costs a good part of a
millisecond at import)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Report:
    """A board's figures, and the targets it misses; and both in plain words for a player,
    in the language active when it was made (the studio shows these where given)."""
    lines: tuple[str, ...]
    warnings: tuple[str, ...]
    in_words: tuple[str, ...] = ()
    warnings_in_words: tuple[str, ...] = ()
