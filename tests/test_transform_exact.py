"""Moving a shape (generator.core.scene.transformed) must give, to the last bit, the points
Affine.apply gives: its shortcut for moves without a turn may not change a single file."""

from __future__ import annotations

import struct

from hypothesis import given
from hypothesis import strategies as st

from generator.core.geometry import Affine, Point
from generator.core.scene import Paint, Path, transformed

# Zeros of both signs matter most: 0 y is -0.0 for a negative y, and -0.0 + 0.0 is 0.0.
coordinate = st.one_of(st.sampled_from([0.0, -0.0, 1.0, -2.5]),
                       st.floats(-1e4, 1e4, allow_nan=False, allow_infinity=False))
shift = st.one_of(st.sampled_from([0.0, -0.0, 3.0]),
                  st.floats(-1e4, 1e4, allow_nan=False, allow_infinity=False))
scale = st.one_of(st.sampled_from([1.0, -1.0, 0.5]), st.floats(0.01, 100.0))


def bits(p: Point) -> tuple[bytes, bytes]:
    return struct.pack("<d", p.x), struct.pack("<d", p.y)


@given(st.lists(st.tuples(coordinate, coordinate), min_size=1, max_size=8), scale, scale,
       shift, shift, st.sampled_from([0.0, -0.0, 0.3]))
def test_a_moved_path_is_each_point_applied(points, a, d, e, f, turn):
    t = Affine(a, turn, -turn, d, e, f)
    path = Path((tuple(Point(x, y) for x, y in points),), Paint(stroke="#000000"))
    moved = transformed(path, t)
    assert isinstance(moved, Path)
    assert all(type(p) is Point for p in moved.subpaths[0])
    assert [bits(p) for p in moved.subpaths[0]] == [bits(t.apply(p)) for p in path.subpaths[0]]


def test_the_comparison_sees_the_sign_of_a_zero():
    """Control: -0.0 + 0.0 is 0.0; the shortcut's a x + e would differ from a x + 0 y + e
    were e a zero (which is why it is not taken then), and the bitwise comparison sees it."""
    x, y, e = -0.0, 1.0, -0.0
    assert bits(Point(1.0 * x + e, 0.0)) != bits(Point(1.0 * x + 0.0 * y + e, 0.0))
