"""The tuple records (generator/core/records.py) behave as the named tuples and frozen
dataclasses they replace: each field reads its own item, the constructor takes the fields in
order, the repr names them, hashing and equality are the tuple's, and pickle and copy give the
same value back."""

from __future__ import annotations

import copy
import inspect
import pickle

import pytest

from generator.core import records
from generator.core.geometry import FLAT, POINTY, Affine, Fit, Hex, Layout, Point, Square
from generator.core.gridfile import Symbol
from generator.games.blind_hex.board import Targets
from generator.games.blind_hex.rules import ExampleTurn, example_turn
from generator.games.blinq.rules import Move, Spot
from generator.games.game import Verdict
from generator.games.hex_kb.board import KleinBoard
from generator.games.hex_kb.judge import Components, Outcome

SAMPLES = [
    Hex(2, -1), Point(1.5, -0.25), POINTY, FLAT, Layout(POINTY, 4.0),
    Layout(FLAT, 3.0, Point(1, 2)),
    Square(3, 4), Affine(), Affine.rotation(30).then(Affine.translation(2, 3)),
    Fit(90.0, 1.5, Affine.scaling(2)), Symbol("R", 3, 7), Verdict(("Red wins.",), True),
    Outcome("B", 2, True), Components(["R"], [0], [0], {0: 0}),
    KleinBoard(11, 1), Spot(2, 1, 3), Move(Spot(1, 0, 4), "U", 3), Move(line=5),
    Targets(True, True, 2.5, False), example_turn(5, 1),
]


def record_faults(cls: type) -> list[str]:
    """What is wrong with a record class: a field reading another item, a constructor whose
    parameters are not the fields in order, a repr that does not name them."""
    fields = cls._fields  # type: ignore[attr-defined]
    faults = []
    parameters = list(inspect.signature(cls.__new__).parameters)[1:]
    if parameters != list(fields):
        faults.append(f"{cls.__name__}.__new__ takes {parameters}, not {list(fields)}")
    # Made as tuple.__new__ makes it, past any checks of the values in __new__.
    markers = tuple(f"<{name}>" for name in fields)
    value = tuple.__new__(cls, markers)
    faults += [f"{cls.__name__}.{name} reads item {markers.index(getattr(value, name))}, "
               f"not {i}" for i, name in enumerate(fields) if getattr(value, name) != markers[i]]
    named = ", ".join(f"{name}={marker!r}" for name, marker in zip(fields, markers, strict=True))
    if repr(value) != f"{cls.__name__}({named})":
        faults.append(f"{cls.__name__}'s repr is {value!r}")
    return faults


@pytest.mark.parametrize("value", SAMPLES, ids=lambda v: type(v).__name__)
def test_a_record_is_its_tuple_with_named_fields(value):
    cls = type(value)
    assert record_faults(cls) == []
    assert cls(*value) == value and cls(*value) == tuple(value)
    assert type(cls(*value)) is cls
    if _hashable(value):   # a record holding lists is no more hashable than its tuple
        assert hash(value) == hash(tuple(value))
        assert {value: 1}[tuple(value)] == 1
    assert [getattr(value, name) for name in cls._fields] == list(value)


# A worked Blind Hex turn holds its board, whose read-only edges pickle refuses, as before.
@pytest.mark.parametrize("value", [v for v in SAMPLES if not isinstance(v, ExampleTurn)],
                         ids=lambda v: type(v).__name__)
def test_a_record_survives_pickle_and_copy(value):
    for again in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert type(again) is type(value)
        assert again == value


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


class _Swapped(tuple[int, int]):
    """A broken record: its fields read each other's items."""
    __slots__ = ()
    _fields = ("q", "r")
    q: int = records.field(1)
    r: int = records.field(0)
    __repr__ = records.record_repr

    def __new__(cls, q: int, r: int) -> _Swapped:
        return tuple.__new__(cls, (q, r))


class _Reordered(tuple[int, int]):
    """A broken record: its constructor takes the fields in another order."""
    __slots__ = ()
    _fields = ("q", "r")
    q: int = records.field(0)
    r: int = records.field(1)
    __repr__ = records.record_repr

    def __new__(cls, r: int, q: int) -> _Reordered:
        return tuple.__new__(cls, (q, r))


class _Unnamed(tuple[int, int]):
    """A broken record: tuple's repr, which names no field."""
    __slots__ = ()
    _fields = ("q", "r")
    q: int = records.field(0)
    r: int = records.field(1)

    def __new__(cls, q: int, r: int) -> _Unnamed:
        return tuple.__new__(cls, (q, r))


@pytest.mark.parametrize("broken", [_Swapped, _Reordered, _Unnamed])
def test_the_check_sees_a_broken_record(broken):
    # Control: each fault is reported.
    assert record_faults(broken) != []


def test_every_sample_is_a_record_and_every_record_kind_is_sampled():
    kinds = {type(value) for value in SAMPLES}
    assert all(issubclass(kind, tuple) and kind.__repr__ is records.record_repr
               for kind in kinds)
    # games/items.Item and the connection games' Turn are dataclasses now
    assert ExampleTurn in kinds and len(kinds) == 16
