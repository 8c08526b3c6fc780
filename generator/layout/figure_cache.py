"""A rule sheet's figures, drawn once for each palette and language a process sets them in.

A game's figures depend on nothing else: the positions are the rules' own examples, and a
caption is in the words they are drawn in. Yet one command sets the same rule sheet many times (a
booklet sets it for a section opening on the right and on the left, a build for each paper
and for each booklet), and drawing the figures was about half of the work: Hex KB's six
boards are 15,000 points. Figures are frozen, so each call is given
the same ones in a fresh dictionary.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache, wraps
from types import MappingProxyType
from typing import Protocol, TypeVar

from generator.core.palette import Palette
from generator.i18n import Words
from generator.layout.flow import Figure

Draw = Callable[[Palette, Words], dict[str, Figure]]

# Three palettes in four languages, for each game.
KEPT_PER_GAME = 12
_caches: list[Callable[[], None]] = []


def kept_figures(draw: Draw) -> Draw:
    """`draw(colours, words)`, a game's figures, kept by palette and language (a `Words`
    is equal by its code)."""
    @lru_cache(maxsize=KEPT_PER_GAME)
    def drawn(colours: Palette, words: Words) -> Mapping[str, Figure]:
        return MappingProxyType(draw(colours, words))

    _caches.append(drawn.cache_clear)

    @wraps(draw)
    def figures(colours: Palette, words: Words) -> dict[str, Figure]:
        return dict(drawn(colours, words))
    return figures


class _Cached(Protocol):
    def cache_clear(self) -> None: ...


CachedT = TypeVar("CachedT", bound=_Cached)


def forgotten_with_figures(cached: CachedT) -> CachedT:
    """A layout kept by functools' cache (a board page's corners, worked out from its words),
    dropped with the figures: drawn with a part of the layout replaced, it is laid afresh."""
    _caches.append(cached.cache_clear)
    return cached


def forget_figures() -> None:
    """Draw every figure afresh from now on: for code that changes how figures are drawn
    while it runs (the tests' controls)."""
    for clear in _caches:
        clear()
