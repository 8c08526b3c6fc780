"""pnp's values are honest values: each equals only a value of its own kind (never a tuple, a
list or another kind with the same fields), cannot be changed, hashes as it compares, cannot
be repeated or joined as a tuple is, and comes back equal from pickle and copy. Each is a
frozen dataclass, or, for the values of the grids and the plane (generator/core/hexgrid.py
says why), a named tuple whose equality and order take its own kind only."""

from __future__ import annotations

import copy
import dataclasses
import operator
import pickle
from typing import NamedTuple

import pytest

from generator.core.geometry import FLAT, POINTY, Affine, Fit, Hex, Layout, Point, Square
from generator.core.gridfile import Symbol
from generator.core.hexgrid import Orientation
from generator.games.blind_hex.board import Targets
from generator.games.blind_hex.rules import ExampleTurn, example_turn
from generator.games.blinq.rules import Move, Spot
from generator.games.connection import Turn
from generator.games.hex_kb.board import KleinBoard
from generator.games.hex_kb.judge import Components, Outcome
from generator.games.items import ITEMS
from generator.games.judges import Verdict

SAMPLES = [
    Hex(2, -1), Point(1.5, -0.25), POINTY, FLAT, Layout(POINTY, 4.0),
    Layout(FLAT, 3.0, Point(1, 2)), Square(3, 4), Affine(),
    Affine.rotation(30).then(Affine.translation(2, 3)), Fit(90.0, 1.5, Affine.scaling(2)),
    Symbol("R", 3, 7), Outcome("B", 2, True), Components(["R"], [0], [0], {0: 0}),
    KleinBoard(11, 1), Spot(2, 1, 3), Move(Spot(1, 0, 4), "U", 3), Move(line=5),
    Targets(True, True, 2.5, False), example_turn(5, 1), Verdict(("Red wins.",), True),
    ITEMS["cards"], Turn((Hex(0, 0),), line=2), Turn(swap=True),
]
KINDS = sorted({type(value) for value in SAMPLES}, key=lambda kind: kind.__name__)


def fields_of(value: object) -> tuple[object, ...]:
    """A value's fields, in order, as its constructor takes them."""
    if dataclasses.is_dataclass(value):
        return tuple(getattr(value, f.name) for f in dataclasses.fields(value))
    return tuple(value)  # type: ignore[call-overload]


def _hashable(fields: tuple[object, ...]) -> bool:
    try:
        hash(fields)
    except TypeError:
        return False
    return True


def _confused(value: object, other: object) -> bool:
    """Whether a value and another compare equal either way round, or not unequal."""
    return value == other or other == value or operator.ne(value, other) is False


def faults(value: object, kinds: list[type] = KINDS) -> list[str]:
    """What makes a value less than an honest value: equal to what is not its kind, changed
    in place, hashed unlike it compares, usable as a sequence."""
    kind, fields = type(value), fields_of(value)
    found = []
    again = kind(*fields)
    if again != value or type(again) is not kind:
        found.append("made again from its fields, it is not equal to itself")
    for other in (fields, list(fields), *([fields[0]] if len(fields) == 1 else [])):
        if _confused(value, other):
            found.append(f"equals {other!r}")
    for other_kind in kinds:
        if other_kind is kind:
            continue
        try:
            other = other_kind(*fields)
        except Exception:   # noqa: BLE001 - takes other fields: nothing to confuse it with
            continue
        if _confused(value, other):
            found.append(f"equals {other!r}")
    name = dataclasses.fields(value)[0].name if dataclasses.is_dataclass(value) else "q"
    try:
        setattr(value, name, fields[0])
        found.append(f"its {name} can be set")
    except (AttributeError, TypeError):
        pass
    if _hashable(fields):
        try:
            if hash(again) != hash(value):
                found.append("equal values hash differently")
        except TypeError:
            found.append("it cannot be hashed")
    # Point * k scales a point; only a tuple's repetition or concatenation is a fault.
    for use, attempt in (("repeated", lambda: value * 2), ("repeated", lambda: 2 * value),
                         ("joined", lambda: value + ()), ("joined", lambda: () + value)):
        try:
            result = attempt()
        except (TypeError, AttributeError):
            continue
        if type(result) is tuple:
            found.append(f"it can be {use} as a tuple")
    if isinstance(value, tuple):
        try:
            value < fields          # noqa: B015 - ordered against a plain tuple
            found.append("it is ordered against a plain tuple")
        except TypeError:
            pass
    return found


@pytest.mark.parametrize("value", SAMPLES, ids=lambda v: type(v).__name__)
def test_a_value_equals_only_its_own_kind_and_cannot_change(value):
    assert faults(value) == []


def test_cells_squares_points_and_pairs_are_four_things():
    same_numbers = {Hex(1, 2), Square(1, 2), Point(1.0, 2.0), (1, 2)}
    assert len(same_numbers) == 4
    assert Hex(1, 2) != Square(1, 2) and Square(1, 2) != Point(1.0, 2.0)
    assert Point(1.0, 2.0) != (1, 2) and Hex(1, 2) != (1, 2)
    assert Hex(1, 2) == Hex(1, 2) and {Hex(1, 2): "a"}[Hex(1, 2)] == "a"
    with pytest.raises(TypeError):
        Hex(1, 2) * 2  # type: ignore[operator]


# A worked Blind Hex turn holds its board, whose read-only edges pickle refuses, as before.
@pytest.mark.parametrize("value", [v for v in SAMPLES if not isinstance(v, ExampleTurn)],
                         ids=lambda v: type(v).__name__)
def test_a_value_survives_pickle_and_copy(value):
    for again in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert type(again) is type(value)
        assert again == value


def test_every_kind_is_a_frozen_dataclass():
    assert {Hex, Point, Orientation, Layout, Square, Affine, Fit} <= set(KINDS)
    assert all(dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen  # type: ignore
               for kind in KINDS)


# Controls: values of the kinds the check must refuse.


class _Pair(NamedTuple):
    """A named tuple: equal to its tuple, repeated by *, added to tuples."""
    q: int
    r: int


@dataclasses.dataclass
class _Mutable:
    """A dataclass that can be changed, and so has no hash."""
    q: int
    r: int


@dataclasses.dataclass(frozen=True)
class _Loose:
    """A frozen dataclass whose equality takes any value with the same fields."""
    q: int
    r: int

    def __eq__(self, other: object) -> bool:
        return fields_of(self) == (fields_of(other) if dataclasses.is_dataclass(other)
                                   else other)

    __hash__ = object.__hash__      # and so hashes by identity, unlike it compares


@pytest.mark.parametrize("broken", [_Pair(1, 2), _Mutable(1, 2), _Loose(1, 2)],
                         ids=lambda v: type(v).__name__)
def test_the_check_sees_a_dishonest_value(broken):
    found = faults(broken, [*KINDS, type(broken)])
    assert found != []
    if isinstance(broken, _Pair):
        assert {"equals (1, 2)", "it can be repeated as a tuple",
                "it is ordered against a plain tuple"} <= set(found)
    if isinstance(broken, _Mutable):
        assert found == ["its q can be set", "it cannot be hashed"]
    if isinstance(broken, _Loose):
        assert {"equals (1, 2)", "equal values hash differently"} <= set(found)

