"""Every printed item of the catalogue, as (game, variant, item, paper) cases for the tests
that look at every page."""

from __future__ import annotations

from collections.abc import Sequence

from generator.games import GAMES

Case = tuple[str, str, str, str]


def item_cases(papers: Sequence[str]) -> list[Case]:
    return [(key, variant, item, paper)
            for key in sorted(GAMES)
            for variant, options in GAMES[key].variants()
            for item in (i.key for i in GAMES[key].items_for(options))
            for paper in papers]


def case_id(case: Case) -> str:
    return "-".join(case)
