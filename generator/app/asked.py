"""What a person asked for an item, typed: each parameter's value as its `Param` converts
it (a paper, a palette, a destination, a card size, a format ...), or None where it was not
given and the request decides; the game's own options by name; and which parameters were
given rather than left at their defaults. The command line, the studio and `pnp build` all
turn what they were given into one `Asked`, and the request is checked from it alone.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from generator.app import params
from generator.app.refusals import not_offered
from generator.core.cards import CardSize
from generator.core.destinations import HOME, Destination
from generator.core.formats import Format
from generator.core.palette import COLOUR, Palette
from generator.core.paper import Paper
from generator.games.game import OptionError
from generator.i18n import SOURCE
from generator.layout.duplex import DUPLEX

if TYPE_CHECKING:
    from generator.games.game import Game, OptionsT
    from generator.games.items import Item


@dataclass(frozen=True, slots=True)
class Asked:
    """An item's parameters as typed values, by the parameters' names (app/params.py)."""
    paper: Paper
    palette: Palette = COLOUR
    target: Destination = HOME
    lang: str = SOURCE
    options: Mapping[str, object] = field(default_factory=dict, hash=False)
    fmt: Format | None = None
    dpi: int | None = None
    bleed: float | None = None
    condition: str | None = None
    ink_limit: float | None = None
    cut_path: bool = False
    crop_marks: bool = False
    card_size: CardSize | None = None
    copies: int | None = None
    cell: float | None = None
    tile: bool = False
    backs: str = DUPLEX
    back_offset: tuple[float, float] = (0.0, 0.0)
    url_base: str | None = None
    # The parameters a person set, rather than left at their defaults.
    given: frozenset[str] = frozenset()


def read_asked(game: Game[OptionsT], item: Item, *, values: Mapping[str, object],
               given: Collection[str] = ()) -> Asked:
    """What was asked, from values by parameter name (typed, or as typed by a person): a
    parameter the item does not take is refused with where it would change something, a
    value a parameter cannot take with its reason (ParamError)."""
    known = {p.name: p for p in params.item_params(game, item)}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise OptionError(not_offered(game, item, name=unknown[0], value=values[unknown[0]]))
    typed = {name: known[name].convert(value) for name, value in values.items()
             if value is not None and name != "output"}
    own = {name: value for name, value in typed.items() if known[name].game_option}
    rest = {name: value for name, value in typed.items() if not known[name].game_option}
    rest.setdefault("paper", params.PAPER.convert(params.PAPER.default))
    return Asked(options=own, given=frozenset(given), **rest)  # type: ignore[arg-type]
