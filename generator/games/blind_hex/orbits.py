"""The variables of the Blind Hex hash-mark search for one board size: the swap orbits of the
hubs and of the edges that may carry a mark, and which cells each orbit's label reaches.

The layout depends on the size alone, so it is made once per size and shared by every seed
and number count (the search only reads it).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

from generator.core.geometry import Hex, Rhombus, edge_key, swapped_direction
from generator.games.blind_hex.board import hubs_of

Edge = tuple[Hex, int]  # as geometry.edge_key names it


@dataclass(frozen=True)
class Layout:
    """Orbits 0 .. first_mark - 1 are hub orbits (a hub and its mirror image), the rest mark
    orbits (an edge that belongs to no hub, and its mirror image). Cells are numbered in the
    board's order."""
    hub_orbits: tuple[tuple[Hex, ...], ...]
    mark_orbits: tuple[tuple[Edge, ...], ...]
    cells: tuple[Hex, ...]
    is_hub_cell: tuple[bool, ...]
    sources: tuple[tuple[int, ...], ...]        # the orbits whose labels a cell offers
    hub_sources: tuple[tuple[int, ...], ...]
    mark_sources: tuple[tuple[int, ...], ...]
    cells_of_orbit: tuple[tuple[int, ...], ...]
    # Hub orbits are neighbours when a cell touches both; the cell offers one number if they
    # carry the same.
    next_to: tuple[tuple[int, ...], ...]

    @property
    def first_mark(self) -> int:
        return len(self.hub_orbits)


@cache
def layout(size: int) -> Layout:
    hubs = hubs_of(size)
    hub_set = set(hubs)
    hub_orbits: list[tuple[Hex, ...]] = []
    orbit_of: dict[Hex, int] = {}
    for cell in hubs:
        if cell not in orbit_of:
            members = tuple(sorted({cell, cell.swapped()}))
            for m in members:
                orbit_of[m] = len(hub_orbits)
            hub_orbits.append(members)
    cells = tuple(Rhombus(size))
    mark_orbits: list[tuple[Edge, ...]] = []
    mark_of: dict[Edge, int] = {}
    sources: list[set[int]] = []
    for cell in cells:
        if cell in hub_set:
            sources.append({orbit_of[cell]})
            continue
        src: set[int] = set()
        for d in range(6):
            n = cell.neighbour(d)
            if n in hub_set:
                src.add(orbit_of[n])
                continue
            key = edge_key(cell, d)
            if key not in mark_of:
                mirror = edge_key(cell.swapped(), swapped_direction(d))
                for k in (key, mirror):
                    mark_of[k] = len(hub_orbits) + len(mark_orbits)
                mark_orbits.append(tuple(sorted({key, mirror})))
            src.add(mark_of[key])
        sources.append(src)
    first_mark = len(hub_orbits)
    ordered = tuple(tuple(sorted(s)) for s in sources)
    cells_of_orbit: list[list[int]] = [[] for _ in range(first_mark + len(mark_orbits))]
    for i, cell_sources in enumerate(ordered):
        for o in cell_sources:
            cells_of_orbit[o].append(i)
    next_to: list[list[int]] = [[] for _ in range(first_mark)]
    for cell_sources in ordered:
        touching = [o for o in cell_sources if o < first_mark]
        for a, b in itertools.permutations(touching, 2):
            if b not in next_to[a]:
                next_to[a].append(b)
    return Layout(
        hub_orbits=tuple(hub_orbits), mark_orbits=tuple(mark_orbits), cells=cells,
        is_hub_cell=tuple(c in hub_set for c in cells), sources=ordered,
        hub_sources=tuple(tuple(o for o in s if o < first_mark) for s in ordered),
        mark_sources=tuple(tuple(o for o in s if o >= first_mark) for s in ordered),
        cells_of_orbit=tuple(map(tuple, cells_of_orbit)), next_to=tuple(map(tuple, next_to)))
