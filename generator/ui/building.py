"""`pnp build [GAME]...`: the whole catalogue (every game, item, paper and format, in each
language asked for) written into a folder, with its index pages and one zip."""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

import click

from generator.app import catalogue, index_page, params
from generator.app.shelf import ShelfBook
from generator.core.destinations import Destination
from generator.core.paper import PAPERS, Paper
from generator.games import KEYS
from generator.i18n import LANGUAGES
from generator.ui.game_commands import GameName
from generator.ui.options import ParamValue, click_option, folder_name
from generator.ui.puzzling import puzzle_booklets
from generator.ui.recording import record_booklets
from generator.ui.running import plural, say

OPTIONS: list[click.Parameter] = [
    click.Argument(["games"], nargs=-1, type=GameName(), metavar="[GAME]..."),
    click.Option(["--paper"], type=ParamValue(params.PAPER), multiple=True, metavar="PAPER",
                 help="Paper size, repeatable (a4, letter, a3, tabloid, a5 or WxH); A4 "
                      "and Letter by default."),
    click.Option(["--out"], callback=folder_name, default="output", show_default=True,
                 metavar="DIR", help="Folder for the catalogue."),
    click.Option(["--jobs"], type=click.IntRange(1, 64), metavar="N",
                 help="Processes to build with (default: one per core)."),
    click_option(dataclasses.replace(
        params.TARGET, help="home: the catalogue to print at home. print-shop: that too, and "
                            "beside it in DIR/print-shop/ every PDF and booklet for a print "
                            "shop; the index lists both.")),
    click_option(params.BLEED),
    click.Option(["--lang", "langs"], type=click.Choice([*LANGUAGES, "all"]),
                 multiple=True, metavar="|".join([*LANGUAGES, "all"]),
                 help="Language(s), repeatable, or all; English by default. Other "
                      "languages go in DIR/LANG/."),
    click.Option(["--records"], metavar="FOLDER",
                 help="Also a booklet of the Hex records in FOLDER (a tournament's "
                      "games), on each of A4 and Letter built and in each language, "
                      "listed with the booklets."),
    click.Option(["--puzzles"], is_flag=True, default=False,
                 help="Also the Hex puzzle book of its own puzzles (pnp puzzles hex), on "
                      "each of A4 and Letter built and in each language, listed with the "
                      "booklets."),
]


@click.command("build", params=OPTIONS)
def build(*, games: tuple[str, ...], paper: tuple[Paper, ...], out: Path,
          jobs: int | None, target: Destination, bleed: float | None, langs: tuple[str, ...],
          records: str | None, puzzles: bool) -> None:
    """Write the whole catalogue (every game, item, paper and format) into a folder."""
    papers = list(paper) or [PAPERS[k] for k in sorted(PAPERS)]
    keys = list(dict.fromkeys(games)) or list(KEYS)
    chosen = list(LANGUAGES) if "all" in langs else list(dict.fromkeys(langs)) or ["en"]
    catalogue.check_destination(target, bleed)
    for left_out in catalogue.check(keys, papers, out=out):
        click.echo(f"pnp build: left out {left_out}", err=True)
    unsold = catalogue.unsold(keys, target)
    if unsold:
        click.echo(f"pnp build: left out for {target.described}: {unsold}", err=True)
    # Every record read and judged before any work: a bad one stops the build at once.
    recorded: list[ShelfBook] = [] if records is None else [
        *record_booklets(records, papers, langs=chosen, target=target, bleed=bleed)]
    if puzzles:     # solved before the build begins, as the records are read
        recorded += puzzle_booklets(papers, chosen, target=target, bleed=bleed)
    steps = len(keys) * len(chosen)
    if sys.stderr is not None and sys.stderr.isatty():
        with click.progressbar(length=steps, label="Building", file=sys.stderr) as bar:
            built = catalogue.build(keys, papers, out=out, jobs=jobs or os.cpu_count() or 1,
                                    progress=lambda key: bar.update(1), destination=target,
                                    bleed=bleed, langs=chosen, records=recorded)
    else:
        # Not on a terminal (a log, CI): a line a finished game, so a long build shows life.
        done = [0]

        def step(key: str) -> None:
            done[0] += 1
            click.echo(f"pnp build: {key} done ({done[0]} of {steps})", err=True)
        built = catalogue.build(keys, papers, out=out, jobs=jobs or os.cpu_count() or 1,
                                progress=step, destination=target, bleed=bleed,
                                langs=chosen, records=recorded)
    # Every file written: the items and booklets, an index page a language, and the zip.
    written = len({path for _, paths in built for path in paths}) + len(chosen) + 1
    pages = ["index.html", *(index_page.relative(index_page.language_folder(out, lang)
                                                / "index.html", out) for lang in chosen[1:])]
    say(f"{written} file{plural(written)} in {out}, with {', '.join(pages)} and "
        f"{index_page.WHOLE_ZIP}")


COMMANDS: dict[str, click.Command] = {"build": build}
