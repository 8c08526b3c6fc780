"""Rule texts come from Jinja templates; a missing value is an error, not a gap.

The templates live in the project's templates/ folder and are installed inside the package
(generator/templates), so an installed pnp finds them as a checkout does.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jinja2


def template_folder() -> Path:
    """generator/templates in an installed package, else templates/ beside the package."""
    installed = resources.files(__package__) / "templates"
    if installed.is_dir():
        return Path(str(installed))
    return Path(__file__).resolve().parent.parent / "templates"


@cache
def _environment() -> jinja2.Environment:
    import jinja2
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(template_folder())),
                              undefined=jinja2.StrictUndefined, trim_blocks=True,
                              lstrip_blocks=True, keep_trailing_newline=True, autoescape=False)


def render(name: str, **values: Any) -> str:
    return _environment().get_template(name).render(**values)
