"""`pnp list`: the games, and what can be printed for each."""

from __future__ import annotations

import click

from generator.games import all_games
from generator.ui.running import say


@click.command("list")
def list_games() -> None:
    """List the games and what can be printed for each."""
    for key, game in all_games().items():
        # Named as the option that chooses them; a game of one edition has nothing to choose.
        variants = [v for v, _ in game.variants()]
        editions = f"; --edition {' or '.join(variants)}" if len(variants) > 1 else ""
        items = ", ".join([*(i.key for i in game.items), "kit"])
        by = ", ".join(filter(None, (game.designer, game.year)))
        say(f"{key:10} {game.title} ({by}): {items}{editions}")


COMMANDS: dict[str, click.Command] = {"list": list_games}
