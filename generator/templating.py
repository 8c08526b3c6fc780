"""Rule texts come from Jinja templates; a missing value is an error, not a gap. Their
prose is marked for translation ({% trans %}) and read in the active language.

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

    from . import i18n
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(template_folder())),
                             undefined=jinja2.StrictUndefined, trim_blocks=True,
                             lstrip_blocks=True, keep_trailing_newline=True, autoescape=False,
                             extensions=["jinja2.ext.i18n"])
    # Messages in the language active when a template is rendered (generator.i18n), each
    # paragraph one message with its line breaks folded into spaces.
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_callables(  # type: ignore[attr-defined]
        i18n.gettext_call, i18n.ngettext_call, newstyle=True)
    return env


def render(name: str, **values: Any) -> str:
    return _environment().get_template(name).render(**values)
