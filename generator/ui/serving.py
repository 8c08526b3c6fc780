"""`pnp studio`: every game, item and option on a page in the browser, served on this
computer only (generator/ui/studio/)."""

from __future__ import annotations

import click

from generator.ui import studio as served


@click.command()
@click.option("--port", type=click.IntRange(0, 65535), metavar="PORT",
              help="Port on 127.0.0.1: 8470 by default, or any free one if that is taken; 0 "
                   "for any free one.")
@click.option("--no-browser", is_flag=True, help="Only serve the page; open no browser.")
def studio(port: int | None, no_browser: bool) -> None:
    """Every game, item and option on a page in the browser, with a live preview and
    downloads. Served on this computer only, until Ctrl+C."""
    served.serve(port, open_browser=not no_browser, echo=click.echo)


COMMANDS: dict[str, click.Command] = {"studio": studio}
