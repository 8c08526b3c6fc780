"""What every game's judge finds, as `pnp judge GAME --format json` prints it beside the
illegal turns: the winner, the criterion, the turn that decided it and, in games with the
swap rule, the swap as taken or refused (docs/commands.md, "What the judges find"). Each
check has its control: a game that goes on names no winner, criterion or deciding turn."""

from __future__ import annotations

import pytest

from generator.games import load
from generator.games.blinq import pages as blinq_pages
from generator.games.hex_kb.judge import Outcome
from generator.games.hex_kb.notation import criterion_key
from generator.games.nex import pages as nex_pages


def found(game: str, text: str) -> dict[str, object]:
    judge = load(game).judge
    assert judge is not None
    return judge.file(text.encode()).facts


def decided(facts: dict[str, object]) -> tuple[object, object, object]:
    return facts["winner"], facts["criterion"], facts["decided_on"]


def test_nex_names_its_winner_the_turn_and_the_swap() -> None:
    won = found("nex", nex_pages.EXAMPLE_GAME)
    assert decided(won) == ("black", "connection", 9) and won["illegal"] == []
    swapped = found("nex", "size 5\nc3 (b3)\nswap\nd4 (a1)\n")
    assert (swapped["swap"], swapped["swap_refused"]) == ("swap-sides", None)
    refused = found("nex", "size 5\nc3 (b3)\nd4 (a1)\nswap\n")
    assert refused["swap"] is None
    assert str(refused["swap_refused"]).startswith("turn 3 (Black, line 4): swap can only")
    # Control: two turns into the game, nothing is decided.
    assert decided(swapped) == (None, None, None)


def test_hex_kb_names_its_winner_criterion_and_claim() -> None:
    # Red claims row 1 across while Blue answers in row 2: Red joins its sides on move 13.
    text = "size 7\n" + "".join(f"{n}. {c}\n" for n, c in enumerate(
        ["a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1", "e2", "f1", "f2", "g1"], 1))
    assert decided(found("hex-kb", text)) == ("red", "simple-path", 13)
    # The criteria as the rules number them, and the net transits a win counts like.
    assert [criterion_key(Outcome(winner, transits, loop)) for winner, transits, loop in (
        ("R", 0, False), ("B", 1, True), ("R", -2, False), ("B", 4, False), ("R", 3, True),
        (None, 0, False))] == ["simple-path", "portal-loop-and-single-transit",
                               "double-transit", "double-transit",
                               "portal-loop-and-single-transit", None]
    # Control: a game of two claims has no winner.
    assert decided(found("hex-kb", "size 7\n1. a1\n2. b2\n")) == (None, None, None)


@pytest.mark.parametrize("moves, wanted", [
    ("\n".join(blinq_pages.EXAMPLE_GAME.splitlines()), ("white", "connection", 9)),
    ("1 a1 U\nresign\n", ("white", "resignation", 2)),
    ("1 a1 U\n", (None, None, None)),          # the control: a game going on
])
def test_blinq_names_its_winner_and_how(moves: str, wanted: tuple[object, ...]) -> None:
    assert decided(found("blinq", moves)) == wanted
