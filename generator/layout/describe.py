"""What a board or figure shows, in words, for those who cannot see it: the description a
tagged PDF gives a figure (/Alt) and the web edition its SVG's <desc>.

Written from the position drawn, never by hand: the stones by their cells, each side of a
hex board by where it lies on the page (worked out from the placement, so a board turned
on the page is described as it is printed), and what the figure marks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from generator.core.geometry import Hex, Rhombus
from generator.core.gridfile import hex_name
from generator.core.scene import Role, Shape, with_role
from generator.i18n import Words
from generator.layout.hexboard import Placement, column_name


def _towards(k: int, words: Words) -> str:
    """The k-th of eight ways on the page, east first, then on clockwise (the page's y runs
    down)."""
    return (words.pgettext("on the page", "right"), words.pgettext("on the page", "bottom right"),
            words.pgettext("on the page", "bottom"), words.pgettext("on the page", "bottom left"),
            words.pgettext("on the page", "left"), words.pgettext("on the page", "top left"),
            words.pgettext("on the page", "top"), words.pgettext("on the page", "top right"))[k % 8]


def middle(p: Placement) -> tuple[float, float]:
    """The board's middle on the page: the mean of its cells' centres."""
    points = [p.centre(h) for h in Rhombus(p.board.size)]
    return sum(q.x for q in points) / len(points), sum(q.y for q in points) / len(points)


def direction(p: Placement, cells: Sequence[Hex], *, words: Words, slantwise: bool = False,
              centre: tuple[float, float] | None = None) -> str:
    """Where a side of a board lies on the page, the cells along it given in order: "top",
    "left", or "top left" for a side set slantwise. The side faces the way of its outward
    normal (its midpoint is no guide: a rhombus's sides lean); a side within about 30° of
    facing straight up, down, left or right is said to face that way, unless `slantwise`:
    then by the quarter it faces ("top left"). `centre` is the board's middle, if known."""
    cx, cy = centre or middle(p)
    first, last = p.centre(cells[0]), p.centre(cells[-1])
    mx, my = (first.x + last.x) / 2, (first.y + last.y) / 2
    nx, ny = last.y - first.y, first.x - last.x
    if nx * (mx - cx) + ny * (my - cy) < 0:
        nx, ny = -nx, -ny
    angle = math.degrees(math.atan2(ny, nx))
    axis = round(angle / 90) * 90
    if abs(angle - axis) <= 31 and not slantwise:
        return _towards(axis // 45, words)
    return _towards((round((angle - 45) / 90) * 90 + 45) // 45, words)


def both(first: str, second: str, *, words: Words) -> str:
    return words._("%(items)s and %(last)s", items=first, last=second)


def hex_sides(p: Placement, words: Words) -> tuple[str, str]:
    """Where a hex board's q sides (columns a and the last) and r sides (rows 1 and the
    last) lie on the page. A board standing on a corner has its four sides slantwise, two
    to the left and two to the right: then each is named by the quarter it faces."""
    n = p.board.size
    runs = [[Hex(0, r) for r in range(n)], [Hex(n - 1, r) for r in range(n)],
            [Hex(q, 0) for q in range(n)], [Hex(q, n - 1) for q in range(n)]]
    centre = middle(p)
    names = [direction(p, run, words=words, centre=centre) for run in runs]
    if len(set(names)) < 4:
        names = [direction(p, run, words=words, slantwise=True, centre=centre)
                 for run in runs]
    return both(names[0], names[1], words=words), both(names[2], names[3], words=words)


def sized(game: str, n: int, *, words: Words) -> str:
    return words._("%(game)s, %(n)s by %(n)s", game=game, n=n)


def sides(who: str, letter: str, *, where: str, words: Words) -> str:
    return words._("%(who)s's sides, marked %(letter)s: %(where)s", who=who, letter=letter,
                   where=where)


def coordinates(n: int, words: Words) -> str:
    return words._("columns %(first)s to %(last)s, rows 1 to %(n)s", first=column_name(0),
                   last=column_name(n - 1), n=n)


def cells(hexes: Iterable[Hex]) -> str:
    return ", ".join(hex_name(h) for h in sorted(hexes, key=lambda h: (h.q, h.r)))


def stones(groups: Sequence[tuple[str, Iterable[Hex]]]) -> str:
    """Whose stones stand where: "Red: a4, b3; Blue: d3" (groups without stones left out)."""
    listed = [(who, list(hexes)) for who, hexes in groups]
    return "; ".join(f"{who}: {cells(hexes)}" for who, hexes in listed if hexes)


def sentence(*parts: str) -> str:
    """Parts joined as one description: "Hex, 5 by 5. Red: c3. Shaded: b3, b4."."""
    return " ".join((p[:1].upper() + p[1:]).rstrip(".") + "." for p in parts if p)


def board_figure(shapes: Sequence[Shape], description: str) -> list[Shape]:
    """A printed board's drawing, marked as one figure with its description."""
    return with_role(shapes, Role("Figure", 0, description))
