"""Rule texts come from Jinja templates in templates/; a missing value is an error, not a gap."""

from __future__ import annotations

from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"

_ENV = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                          undefined=jinja2.StrictUndefined, trim_blocks=True,
                          lstrip_blocks=True, keep_trailing_newline=True, autoescape=False)


def render(name: str, **values) -> str:
    return _ENV.get_template(name).render(**values)
