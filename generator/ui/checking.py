"""`pnp check FILE`: any PDF preflighted for home printing, a print shop, a vendor or a screen
reader (generator/preflight/), one line per check."""

from __future__ import annotations

from pathlib import Path

import click

from generator import preflight
from generator.core.destinations import CHECKED, HOME
from generator.core.printing import SCREEN_READER
from generator.errors import UserError
from generator.ui.options import names_folder
from generator.ui.running import one_line, plural


@click.command("check")
@click.argument("file", type=click.Path())
@click.option("--for", "reader", type=click.Choice([*CHECKED, SCREEN_READER.key]),
              default=HOME.key, show_default=True,
              help="Check for home printing, for a print shop or a vendor that takes "
                   "PDF/X-1a (adds boxes, bleed, CMYK, ink and black text; for "
                   "DriveThruCards, the card size and each back before its face), or for a "
                   "screen reader (tagged, language, title shown, figures described, "
                   "headings in order, tables with headers; fails a file that claims "
                   "PDF/UA-1 and breaks them).")
@click.option("--booklet", is_flag=True, default=None,
              help="Check the page count for a booklet (a multiple of 4); on by itself when "
                   "the PDF's title says booklet.")
def check_command(*, file: str, reader: str, booklet: bool | None) -> None:
    """Preflight any PDF: one line per check; exit status 1 when a check fails."""
    if not file or names_folder(file):
        why = "the name is empty" if not file else "a name that ends in / is a folder's"
        raise UserError(f"cannot read {file!r}: {why}; give the name of a PDF file")
    audience: preflight.Reader = CHECKED.get(reader, SCREEN_READER)
    results = preflight.check_file(Path(file), audience, booklet=booklet or None)
    for line in preflight.report_lines(results):
        click.echo(line)
    failed = [c.name for c in results if not c.passed]
    if failed:
        verb = "fails" if len(failed) == 1 else "fail"
        click.echo(f"{one_line(file)}: {len(failed)} of {len(results)} check{plural(len(results))} "
                   f"{verb} for {audience.described}: {', '.join(failed)}")
        raise click.exceptions.Exit(1)
    click.echo(f"{one_line(file)}: ready for {audience.described}")


COMMANDS: dict[str, click.Command] = {"check": check_command}
