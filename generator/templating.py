"""Rule texts come from Jinja templates; a missing value is an error, not a gap. Their
prose is marked for translation ({% trans %}) and read in the active language.

Templates live inside the package, each beside the code that fills it: a game's rule sheet
in its own folder (games/nex/rules.md.j2), the catalogue's index in templates/. Names are
paths from the package's top, so an installed pnp finds them as a checkout does.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jinja2


PACKAGE = Path(__file__).resolve().parent


def beside(module_file: str, name: str) -> str:
    """The template name of a file beside a module: beside(__file__, "rules.md.j2") in
    games/nex/pages.py is "games/nex/rules.md.j2"."""
    return (Path(module_file).resolve().parent / name).relative_to(PACKAGE).as_posix()


@cache
def environment() -> jinja2.Environment:
    """The one Jinja environment, made when a template is first rendered. Templates are
    package files that do not change while pnp runs: none is checked for changes again."""
    import jinja2

    from generator import i18n
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(PACKAGE)),
                             undefined=jinja2.StrictUndefined, trim_blocks=True,
                             lstrip_blocks=True, keep_trailing_newline=True, autoescape=False,
                             auto_reload=False,
                             extensions=["jinja2.ext.i18n"])
    # Messages in the language active when a template is rendered (generator.i18n), each
    # paragraph one message with its line breaks folded into spaces.
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_callables(  # type: ignore[attr-defined]
        i18n.gettext_call, i18n.ngettext_call, newstyle=True)
    return env


def render(name: str, **values: Any) -> str:
    return environment().get_template(name).render(**values)


def render_beside(module_file: str, name: str, **values: Any) -> str:
    """The template in the folder of a module, filled: a game's rule sheet from its pages."""
    return render(beside(module_file, name), **values)
