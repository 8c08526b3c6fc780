import math

from hypothesis import assume, given
from hypothesis import strategies as st

from generator.core.geometry import (
    DIRECTIONS,
    FLAT,
    POINTY,
    Affine,
    Hex,
    Layout,
    Point,
    Rhombus,
    best_fit,
    convex_hull,
    corners,
    direction_index,
    edge_endpoints,
    edge_key,
    hex_to_pixel,
    opposite,
    pixel_to_hex,
    swapped_direction,
)

coords = st.integers(-60, 60)
hexes = st.builds(Hex, coords, coords)
directions = st.integers(0, 5)
orientations = st.sampled_from([POINTY, FLAT])
layouts = st.builds(Layout, orientations, st.floats(0.5, 40),
                    st.builds(Point, st.floats(-500, 500), st.floats(-500, 500)))


def close(a: Point, b: Point, tol=1e-9) -> bool:
    return math.isclose(a.x, b.x, abs_tol=tol) and math.isclose(a.y, b.y, abs_tol=tol)


def test_directions_are_in_the_published_order():
    assert [(d.q, d.r) for d in DIRECTIONS] == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


@given(hexes)
def test_cube_coordinates_sum_to_zero(h):
    assert h.q + h.r + h.s == 0


@given(hexes, directions)
def test_neighbours_are_at_distance_one_and_opposites_return(h, d):
    n = h.neighbour(d)
    assert h.distance(n) == 1
    assert n.neighbour(opposite(d)) == h
    assert direction_index(n - h) == d


@given(hexes, directions)
def test_swapped_direction_commutes_with_the_swap(h, d):
    assert h.neighbour(d).swapped() == h.swapped().neighbour(swapped_direction(d))


@given(layouts, hexes)
def test_pixel_round_trip(layout, h):
    assert pixel_to_hex(layout, hex_to_pixel(layout, h)) == h


@given(layouts, hexes, st.floats(0, 0.49), st.floats(0, 2 * math.pi))
def test_points_inside_a_cell_round_to_it(layout, h, frac, angle):
    # Within the inscribed circle, any point belongs to the cell.
    c = hex_to_pixel(layout, h)
    p = c + Point(math.cos(angle), math.sin(angle)) * (frac * layout.size * math.sqrt(3))
    assert pixel_to_hex(layout, p) == h


def test_known_pixel_positions():
    unit = Layout(POINTY, 1.0)
    assert close(hex_to_pixel(unit, Hex(1, 0)), Point(math.sqrt(3), 0))
    assert close(hex_to_pixel(unit, Hex(0, 1)), Point(math.sqrt(3) / 2, 1.5))
    flat = Layout(FLAT, 2.0, Point(10, 20))
    assert close(hex_to_pixel(flat, Hex(1, 0)), Point(13, 20 + math.sqrt(3)))
    assert close(corners(unit, Hex(0, 0))[0], Point(math.sqrt(3) / 2, 0.5))


@given(layouts, hexes)
def test_corners_lie_on_the_circumcircle(layout, h):
    c = hex_to_pixel(layout, h)
    for p in corners(layout, h):
        assert math.isclose((p - c).length(), layout.size, rel_tol=1e-9)


@given(layouts, hexes, directions)
def test_a_shared_edge_is_the_same_segment_from_both_cells(layout, h, d):
    a, b = edge_endpoints(layout, h, direction=d)
    c, e = edge_endpoints(layout, h.neighbour(d), direction=opposite(d))
    assert close(a, e, 1e-6) and close(b, c, 1e-6)
    mid = a.lerp(b, 0.5)
    halfway = hex_to_pixel(layout, h).lerp(hex_to_pixel(layout, h.neighbour(d)), 0.5)
    assert close(mid, halfway, 1e-6)


@given(hexes, directions)
def test_edge_key_names_an_edge_once(h, d):
    assert edge_key(h, d) == edge_key(h.neighbour(d), opposite(d))


def test_rhombus_cells_and_frame():
    board = Rhombus(4)
    assert len(list(board)) == 16 == len(board)
    assert Hex(3, 3) in board and Hex(4, 0) not in board
    assert len(board.neighbours(Hex(0, 0))) == 2  # the acute corner
    assert len(board.neighbours(Hex(3, 0))) == 3  # the obtuse corner
    assert len(board.frame()) == 6 * 6 - 16


@given(st.floats(-360, 360), st.floats(0.1, 10), st.floats(-50, 50), st.floats(-50, 50))
def test_affine_composition(angle, k, dx, dy):
    t = Affine.rotation(angle).then(Affine.scaling(k)).then(Affine.translation(dx, dy))
    p = Point(3.0, -2.0)
    r = Affine.rotation(angle).apply(p)
    assert close(t.apply(p), Point(r.x * k + dx, r.y * k + dy), 1e-6)
    assert math.isclose(t.linear_scale(), k, rel_tol=1e-9)


def test_convex_hull_of_a_square_with_inner_points():
    pts = [Point(x, y) for x in range(3) for y in range(3)]
    assert sorted((p.x, p.y) for p in convex_hull(pts)) == [(0, 0), (0, 2), (2, 0), (2, 2)]


@given(st.lists(st.builds(Point, st.floats(-100, 100), st.floats(-100, 100)), min_size=3,
                max_size=30, unique_by=lambda p: (round(p.x, 3), round(p.y, 3))),
       st.floats(10, 300), st.floats(10, 300))
def test_best_fit_stays_inside_the_box_and_touches_it(points, w, h):
    xs = [p.x for p in points]
    ys = [p.y for p in points]
    assume(max(xs) - min(xs) >= 1 and max(ys) - min(ys) >= 1)   # not a point or a line
    fit = best_fit(points, w, height=h, angles=range(0, 180, 15))
    placed = [fit.transform.apply(p) for p in points]
    assert all(-1e-6 <= p.x <= w + 1e-6 and -1e-6 <= p.y <= h + 1e-6 for p in placed)
    span_x = max(p.x for p in placed) - min(p.x for p in placed)
    span_y = max(p.y for p in placed) - min(p.y for p in placed)
    assert math.isclose(span_x, w, rel_tol=1e-6) or math.isclose(span_y, h, rel_tol=1e-6)
