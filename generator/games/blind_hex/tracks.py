"""The pennies edition's coin tracks, set where the board leaves room.

The board stands with its x sides upright, so the rhombus leaves two empty corner triangles,
top right and bottom left. Each player's track (a row of letter spots nearer the board above
a row of number spots nearer the player) is tucked into the corner on the player's side of
the table: o's at the top, right-aligned and upside down for the player across the table,
x's at the foot, left-aligned. The board is then drawn as large as it can be with both
tracks clear of everything it draws (bands, coordinates, side letters): only where the
corners are too small for a track (many numbers) does the board give up height to them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.core.geometry import Point, convex_hull
from generator.core.palette import Palette
from generator.core.scene import Circle, FontRole, Paint, Shape
from generator.layout import hexboard
from generator.layout.textlayout import centred_label

COIN_SPOT = 21.0   # mm: a UK 1p is 20.3 mm, the largest common small coin
ROW_GAP = 1.5      # mm between a track's two rows of spots
SPOT_GAP = 1.5     # mm between neighbouring spots in a row, where the page has room
CLEAR = 2.0        # mm between a spot and anything the board draws
OUTLINE = 0.5      # mm: the spots' outline stroke


@dataclass(frozen=True, slots=True)
class Track:
    """One player's spots: the left edge of the row, the top of the two rows, the pitch."""
    left: float
    top: float
    pitch: float
    numbers: int
    facing_down: bool


def height() -> float:
    return 2 * COIN_SPOT + ROW_GAP


def pitch(numbers: int, width: float) -> float:
    return min(COIN_SPOT + SPOT_GAP, width / numbers)


def tracks(numbers: int, box: tuple[float, float, float, float]) -> tuple[Track, Track]:
    """o's track in the box's top right corner, x's in its bottom left."""
    x, y, w, h = box
    # In by the spots' outline, so no ink reaches the margin.
    x, y, w, h = x + OUTLINE, y + OUTLINE, w - 2 * OUTLINE, h - 2 * OUTLINE
    step = pitch(numbers, w)
    span = step * (numbers - 1) + COIN_SPOT
    return (Track(x + w - span, y, step, numbers, True),
            Track(x, y + h - height(), step, numbers, False))


def spots(track: Track) -> list[Point]:
    r = COIN_SPOT / 2
    return [Point(track.left + r + i * track.pitch, track.top + r + row * (COIN_SPOT + ROW_GAP))
            for i in range(track.numbers) for row in (0, 1)]


def _distance_to_hull(at: Point, hull: list[Point]) -> float:
    """How far a point lies outside a convex polygon listed counter-clockwise in the
    plane's own terms (convex_hull's order): 0 inside it."""
    inside = True
    best = math.inf
    for a, b in zip(hull, hull[1:] + hull[:1], strict=True):
        ex, ey = b.x - a.x, b.y - a.y
        inside = inside and ex * (at.y - a.y) - ey * (at.x - a.x) >= 0
        t = max(0.0, min(1.0, ((at.x - a.x) * ex + (at.y - a.y) * ey) / (ex * ex + ey * ey)))
        best = min(best, math.hypot(at.x - (a.x + t * ex), at.y - (a.y + t * ey)))
    return 0.0 if inside else best


def clear(p: hexboard.Placement, with_coordinates: bool, *, outset: float,
          laid: tuple[Track, Track]) -> bool:
    """Whether every spot stands CLEAR of all the board draws."""
    hull = convex_hull(p.transform.apply(q) for q in hexboard.extent(
        p.board.size, with_coordinates, outset=outset))
    return all(_distance_to_hull(at, hull) >= COIN_SPOT / 2 + CLEAR
               for track in laid for at in spots(track))


def track_shapes(track: Track, letter: str, *, colour: str, colours: Palette) -> list[Shape]:
    """A row of letters above a row of numbers, as the player sees it: a track facing down
    is upside down on the page, for the player across the table, and reads from its right."""
    shapes: list[Shape] = []
    radius = COIN_SPOT / 2
    angle = 180.0 if track.facing_down else 0.0
    row_gap = COIN_SPOT + ROW_GAP
    # Rows in reading order for the player: letters nearer the board, numbers nearer the player.
    letter_y = track.top + radius + (row_gap if track.facing_down else 0.0)
    number_y = track.top + radius + (0.0 if track.facing_down else row_gap)
    for i in range(track.numbers):
        slot = i if not track.facing_down else track.numbers - 1 - i
        x = track.left + radius + slot * track.pitch
        rows: tuple[tuple[float, str, str, FontRole], ...] = (
            (letter_y, letter, colour, "bold"), (number_y, str(i + 1), colours["ink"], "regular"))
        for y, text, ink, font in rows:
            shapes.append(Circle(Point(x, y), radius, Paint(fill="#ffffff", stroke=colour,
                                                            width=OUTLINE)))
            shapes.append(centred_label(x, y, text=text, size=10.0, colour=ink, font=font,
                                        angle=angle))
    return shapes
