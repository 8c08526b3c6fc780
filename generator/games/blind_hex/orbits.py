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


def edge_key(q: int, r: int, *, direction: int) -> EdgeKey:
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
    # Cells are indexed on a board one cell wider all round, so that a neighbour is an index
    # offset and off-board neighbours need no test; an edge is indexed as 3 * cell + direction
    # from the cell that names it (directions 0-2).
    width = size + 2
    offsets = tuple(dq + dr * width for dq, dr in STEPS)
    hub_orbits: list[tuple[tuple[int, int], ...]] = []
    orbit_at = [-1] * (width * width)
    for h in hubs_of(size):
        at = (h.r + 1) * width + h.q + 1
        if orbit_at[at] < 0:
            members = tuple(sorted({(h.q, h.r), (h.r, h.q)}))
            for q, r in members:
                orbit_at[(r + 1) * width + q + 1] = len(hub_orbits)
            hub_orbits.append(members)
    first_mark = len(hub_orbits)
    mark_orbits: list[tuple[EdgeKey, ...]] = []
    mark_of: dict[int, int] = {}
    sources: list[tuple[int, ...]] = []
    hub_sources: list[tuple[int, ...]] = []
    mark_sources: list[tuple[int, ...]] = []
    is_hub_cell: list[bool] = []
    for r in range(size):
        for q in range(size):
            at = (r + 1) * width + q + 1
            own = orbit_at[at]
            is_hub_cell.append(own >= 0)
            if own >= 0:
                sources.append((own,))
                hub_sources.append((own,))
                mark_sources.append(())
                continue
            hubs: set[int] = set()
            marks: set[int] = set()
            for d in range(6):
                next_at = at + offsets[d]
                hub = orbit_at[next_at]
                if hub >= 0:
                    hubs.add(hub)
                    continue
                edge = 3 * at + d if d < 3 else 3 * next_at + d - 3
                orbit = mark_of.get(edge)
                if orbit is None:
                    orbit = first_mark + len(mark_orbits)
                    mirror_d = SWAPPED[d]
                    mirror_at = (q + 1) * width + r + 1
                    mirror = (3 * mirror_at + mirror_d if mirror_d < 3
                              else 3 * (mirror_at + offsets[mirror_d]) + mirror_d - 3)
                    mark_of[edge] = mark_of[mirror] = orbit
                    mark_orbits.append(tuple(sorted({edge_key(q, r, direction=d),
                                                     edge_key(r, q, direction=mirror_d)})))
                marks.add(orbit)
            # Hub orbits are numbered before mark orbits, so this is the sources in order.
            hub_sources.append(tuple(sorted(hubs)))
            mark_sources.append(tuple(sorted(marks)))
            sources.append(hub_sources[-1] + mark_sources[-1])
    cells_of_orbit: list[list[int]] = [[] for _ in range(first_mark + len(mark_orbits))]
    for i, cell_sources in enumerate(sources):
        for o in cell_sources:
            cells_of_orbit[o].append(i)
    next_to: list[list[int]] = [[] for _ in range(first_mark)]
    for touching in hub_sources:
        if len(touching) > 1:
            for a, b in itertools.permutations(touching, 2):
                if b not in next_to[a]:
                    next_to[a].append(b)
    return Layout(
        hub_edges=tuple(tuple(edge_key(q, r, direction=d) for q, r in members for d in range(6))
                        for members in hub_orbits),
        mark_orbits=tuple(mark_orbits), is_hub_cell=tuple(is_hub_cell),
        sources=tuple(sources), hub_sources=tuple(hub_sources),
        mark_sources=tuple(mark_sources), cells_of_orbit=tuple(map(tuple, cells_of_orbit)),
        next_to=tuple(map(tuple, next_to)))
