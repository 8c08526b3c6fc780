"""The variables of the Blind Hex hash-mark search for one board size: the swap orbits of the
hubs and of the edges that may carry a mark, and which cells each orbit's label reaches.

The layout depends on the size alone, so it is made once per size and shared by every seed
and number count (the search only reads it). It is made from plain integers, not Hex values:
a search makes it afresh for every size, and a 25 x 25 board has some two thousand edges.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

from generator.core.geometry import DIRECTIONS, swapped_direction
from generator.games.blind_hex.board import hubs_of

# An edge as geometry.edge_key names it, (Hex(q, r), direction), written (q, r, direction).
EdgeKey = tuple[int, int, int]

STEPS = tuple((d.q, d.r) for d in DIRECTIONS)
SWAPPED = tuple(swapped_direction(d) for d in range(6))


def edge_key(q: int, r: int, direction: int) -> EdgeKey:
    """geometry.edge_key in integers: one name for an edge whichever of its cells names it."""
    if direction < 3:
        return q, r, direction
    dq, dr = STEPS[direction]
    return q + dq, r + dr, direction - 3


@dataclass(frozen=True)
class Layout:
    """Orbits 0 .. first_mark - 1 are hub orbits (a hub and its mirror image), the rest mark
    orbits (an edge that belongs to no hub, and its mirror image). Cells are numbered in the
    board's order: cell r * size + q is Hex(q, r)."""
    hub_edges: tuple[tuple[EdgeKey, ...], ...]   # the six edges of each hub of a hub orbit
    mark_orbits: tuple[tuple[EdgeKey, ...], ...]
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
        return len(self.hub_edges)


@cache
def layout(size: int) -> Layout:
    hubs = [(h.q, h.r) for h in hubs_of(size)]
    hub_orbits: list[tuple[tuple[int, int], ...]] = []
    orbit_of: dict[tuple[int, int], int] = {}
    for q, r in hubs:
        if (q, r) not in orbit_of:
            members = tuple(sorted({(q, r), (r, q)}))
            for m in members:
                orbit_of[m] = len(hub_orbits)
            hub_orbits.append(members)
    first_mark = len(hub_orbits)
    mark_orbits: list[tuple[EdgeKey, ...]] = []
    mark_of: dict[EdgeKey, int] = {}
    sources: list[tuple[int, ...]] = []
    is_hub_cell: list[bool] = []
    for r in range(size):
        for q in range(size):
            own = orbit_of.get((q, r))
            is_hub_cell.append(own is not None)
            if own is not None:
                sources.append((own,))
                continue
            src: set[int] = set()
            for d, (dq, dr) in enumerate(STEPS):
                hub = orbit_of.get((q + dq, r + dr))
                if hub is not None:
                    src.add(hub)
                    continue
                key = edge_key(q, r, d)
                orbit = mark_of.get(key)
                if orbit is None:
                    orbit = first_mark + len(mark_orbits)
                    mirror = edge_key(r, q, SWAPPED[d])
                    mark_of[key] = mark_of[mirror] = orbit
                    mark_orbits.append(tuple(sorted({key, mirror})))
                src.add(orbit)
            sources.append(tuple(sorted(src)))
    cells_of_orbit: list[list[int]] = [[] for _ in range(first_mark + len(mark_orbits))]
    for i, cell_sources in enumerate(sources):
        for o in cell_sources:
            cells_of_orbit[o].append(i)
    next_to: list[list[int]] = [[] for _ in range(first_mark)]
    for cell_sources in sources:
        touching = [o for o in cell_sources if o < first_mark]
        for a, b in itertools.permutations(touching, 2):
            if b not in next_to[a]:
                next_to[a].append(b)
    return Layout(
        hub_edges=tuple(tuple(edge_key(q, r, d) for q, r in members for d in range(6))
                        for members in hub_orbits),
        mark_orbits=tuple(mark_orbits), is_hub_cell=tuple(is_hub_cell), sources=tuple(sources),
        hub_sources=tuple(tuple(o for o in s if o < first_mark) for s in sources),
        mark_sources=tuple(tuple(o for o in s if o >= first_mark) for s in sources),
        cells_of_orbit=tuple(map(tuple, cells_of_orbit)), next_to=tuple(map(tuple, next_to)))
