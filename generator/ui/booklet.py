"""`pnp booklet [GAME]...`: rule sheets (and more) imposed as a saddle-stitched booklet, or a
folder of one game's records as one (`--records`)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import click

from generator import render
from generator.app import params, requests
from generator.core.destinations import Destination
from generator.core.palette import Palette
from generator.games import all_games
from generator.ui.game_commands import GameName
from generator.ui.options import click_option
from generator.ui.recording import print_folder
from generator.ui.running import one_line, report

OPTIONS: list[click.Parameter] = [
    click.Argument(["games"], nargs=-1, type=GameName(), metavar="[GAME]..."),
    click.Option(["--all", "everything"], is_flag=True,
                 help="A compendium of every game, with a cover and contents."),
    click.Option(["--paper"], type=click.Choice(["a4", "letter"]), default="a4",
                 show_default=True, help="A5 pages on A4 sheets, or half-letter on Letter."),
    click.Option(["--with", "extras"], multiple=True, metavar="ITEM",
                 help="Add a game's other items too (board, pad, puzzle, ...); "
                      "repeatable."),
    click.Option(["--records"], metavar="FOLDER",
                 help="A folder of one game's records (a tournament's games) as a "
                      "booklet with a contents page, as 'pnp record GAME FOLDER' prints "
                      "it; GAME is Hex unless named."),
    click_option(params.PALETTE),
    click.Option(["-o", "--output"],
                 callback=click_option(params.output_param("booklet")).callback,
                 metavar="FILE", help="Output PDF (default named after its games "
                                      "here: hex-nex-booklet.pdf; - for standard "
                                      "output)."),
    click_option(dataclasses.replace(
        params.TARGET, help="Home: imposed two pages to a side, to print duplex and fold. Print "
                            "shop: single pages with bleed in reading order, padded to a "
                            "multiple of 4.")),
    *(click_option(p) for p in (params.BLEED, params.PRESS, params.INK_LIMIT, params.LANG)),
]


@click.command("booklet", params=OPTIONS)
def booklet_command(*, games: tuple[str, ...], everything: bool, paper: str,
                    extras: tuple[str, ...], records: str | None, palette: Palette,
                    output: Path | None, target: Destination, bleed: float | None,
                    condition: str | None, ink_limit: float | None, lang: str) -> None:
    """Impose rule sheets (and more) as a saddle-stitched booklet, ready to print duplex."""
    if records is not None:
        if everything or extras or len(games) > 1:
            raise click.UsageError("--records prints one game's records: name at most one "
                                   "game, without --all or --with")
        game = all_games()[games[0] if games else "hex"]
        if game.records is None:
            raise click.UsageError(f"--records: {game.title} prints no records; "
                                   f"{', '.join(k for k, g in all_games().items() if g.records)}"
                                   f" do")
        print_folder(game, records, values={"paper": paper, "palette": palette, "target": target,
                                     "bleed": bleed, "condition": condition,
                                     "ink_limit": ink_limit, "lang": lang}, output=output)
        return
    try:
        request = requests.booklet_request(
            games, everything=everything, extras=requests.extra_items(extras, games),
            paper=paper, palette=palette, target=target, bleed=bleed, lang=lang,
            condition=condition, ink_limit=ink_limit)
    except requests.OptionError as err:
        raise click.UsageError(str(err)) from None
    render.check_target(output, None, allowed=request.formats, default_stem=request.stem)
    document = requests.make(request)
    for path in render.save(document, output, fmt=None, default_stem=request.stem,
                            allowed=request.formats,
                            settings=request.settings):
        report(one_line(str(path)))


COMMANDS: dict[str, click.Command] = {"booklet": booklet_command}
