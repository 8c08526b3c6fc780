"""`pnp studio`: the command line's items and options as a page in the browser, with a live
preview and downloads.

The form is made from the same sources as the command line: each game's items, and the
parameters of the request for an item (generator/app/params.py), in the form's own words
(words.py). A query becomes the same request the command line makes
(generator/app/requests.py), checked by the same code and refused with the same reason; the
page shows the command, and a download is the file the command would write, byte for byte.

The app is a plain WSGI callable (`create_app()`, or `app`): `pnp studio` serves it on the
loopback interface (server.py), and any WSGI server can serve it too. It answers its own
page only: a request another site's page sends is refused. No path from a request reaches
the file system: the page's own three files are found by fixed names beside this module.
"""

from __future__ import annotations

from generator.errors import UserError
from generator.ui.studio.app import Studio, app, create_app
from generator.ui.studio.form import (
    MAX_COPIES,
    BadRequest,
    Field,
    Request,
    fields,
    items,
    parse_query,
    request_from,
    spec,
)
from generator.ui.studio.making import MAX_PAGES, MAX_PIXELS, Made, figures, make
from generator.ui.studio.server import DEFAULT_PORT, HOST, make_studio_server, serve

__all__ = ["DEFAULT_PORT", "HOST", "MAX_COPIES", "MAX_PAGES", "MAX_PIXELS", "BadRequest",
           "Field", "Made", "Request", "Studio", "UserError", "app", "create_app", "fields",
           "figures", "items", "make", "make_studio_server", "parse_query", "request_from",
           "serve", "spec"]
