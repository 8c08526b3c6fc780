"""The `pnp` command: each of its commands by name, in the module that makes it.

`pnp` is a group whose commands are loaded as click's documentation shows for lazily loaded
subcommands (generator/ui/lazy.py): a command's module is imported when the command is run or
its help shown, and imports what the command needs at its top. `pnp --help` lists every
command by the summary written here. Every item command (`pnp board`, `pnp kit`, ...) is a
group with one command per game that has the item (generator/ui/printing.py).
"""

from __future__ import annotations

import click

from generator import __version__
from generator.games.items import ITEMS
from generator.ui.lazy import LazyCommand
from generator.ui.running import Pnp
from generator.ui.signals import run

# Each command's module, and its line in `pnp --help`: the first paragraph of the command's
# own help (tests/test_help.py compares them).
COMMANDS = {
    **{item.key: LazyCommand("generator.ui.printing", item.help)
       for item in ITEMS.values() if not item.from_record},
    "record": LazyCommand("generator.ui.recording", ITEMS["record"].help),
    "list": LazyCommand("generator.ui.listing",
                        "List the games and what can be printed for each."),
    "stats": LazyCommand("generator.ui.figures", "Figures of a generated board; warns when a "
                                                 "board misses its balance targets."),
    "judge": LazyCommand("generator.ui.judging", "Say who has connected in a position, a "
                                                 "replayed move list or (Hex) a game's record "
                                                 "(FILE..., or - for standard input)."),
    "solve": LazyCommand("generator.ui.solving", "Solve a position: who wins, and every "
                                                 "winning move, each proven within a budget."),
    "puzzles": LazyCommand("generator.ui.puzzling", "Print a puzzle book whose every answer is "
                                                    "proven: positions cut from the players' "
                                                    "records, or of its own from a seed."),
    "booklet": LazyCommand("generator.ui.booklet", "Impose rule sheets (and more) as a "
                                                   "saddle-stitched booklet, ready to print "
                                                   "duplex."),
    "build": LazyCommand("generator.ui.building", "Write the whole catalogue (every game, "
                                                  "item, paper and format) into a folder."),
    "studio": LazyCommand("generator.ui.serving", "Every game, item and option on a page in "
                                                  "the browser, with a live preview and "
                                                  "downloads."),
    "check": LazyCommand("generator.ui.checking", "Preflight any PDF: one line per check; "
                                                  "exit status 1 when a check fails."),
}


@click.group(cls=Pnp, invoke_without_command=True, lazy_subcommands=COMMANDS)
@click.version_option(__version__, prog_name="pnp")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Print-and-play kits for connection games: boards, rule sheets and score pads."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


if __name__ == "__main__":
    # Ended as the `pnp` program ends (ui/signals.py): Python's own shutdown would put the
    # default handlers back, and a Ctrl-C then would end the run by the signal, unsaid.
    run(main)
