"""Rule texts come from Jinja templates; a missing value is an error, not a gap. Their
prose is marked for translation ({% trans %}) and read in the language each render is
given (a `Words` value): one environment serves every language at once.

Templates live inside the package, each beside the code that fills it: a game's rule sheet
in its own folder (games/nex/rules.md.j2), the catalogue's index in templates/. Names are
paths from the package's top, so an installed pnp finds them as a checkout does.

A template is compiled to Python once and the code kept in the user's cache folder (the XDG
Base Directory's $XDG_CACHE_HOME/pnp, else ~/.cache/pnp): compiling a rule sheet's template
took 6-19 ms of every command that sets one. Never inside the package: an installed pnp may
be read-only or shared by several users. The code is read again only for the same template
file and text, Jinja and Python, and the same environment settings; where the cache folder
cannot be written, or PYTHONDONTWRITEBYTECODE asks Python to write nothing, the templates
are compiled each time instead.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jinja2

    from generator.i18n import Words


PACKAGE = Path(__file__).resolve().parent
# The name a render's words go by among a template's values: one no template uses for its own.
WORDS = "_pnp_words"


def cache_folder() -> Path | None:
    """The user's cache folder for pnp: $XDG_CACHE_HOME/pnp, else ~/.cache/pnp. A relative
    XDG_CACHE_HOME is ignored, as the XDG Base Directory specification asks; with no home
    folder either, there is none."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        home = os.path.expanduser("~")
        if not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    return Path(base) / "pnp"


def beside(module_file: str, name: str) -> str:
    """The template name of a file beside a module: beside(__file__, "rules.md.j2") in
    games/nex/pages.py is "games/nex/rules.md.j2"."""
    return (Path(module_file).resolve().parent / name).relative_to(PACKAGE).as_posix()


@cache
def environment() -> jinja2.Environment:
    """The one Jinja environment, made when a template is first rendered. Templates are
    package files that do not change while pnp runs: none is checked for changes again."""
    import jinja2  # here: Jinja is for rule sheets; a board or a pad is drawn without it

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(PACKAGE)),
                             undefined=jinja2.StrictUndefined, trim_blocks=True,
                             lstrip_blocks=True, keep_trailing_newline=True, autoescape=False,
                             auto_reload=False,
                             extensions=["jinja2.ext.i18n"])
    # Messages in the words each render is given (render's `language`), each paragraph one
    # message with its line breaks folded into spaces. Jinja hands a callable marked
    # pass_context the render's context, where those words stand.

    @jinja2.pass_context
    def gettext(context: jinja2.runtime.Context, message: str) -> str:
        spoken: Words = context[WORDS]
        return spoken.gettext_call(message)

    # Jinja's i18n extension fixes the shape: it calls ngettext(context, singular, plural, n).
    @jinja2.pass_context
    def ngettext(context: jinja2.runtime.Context, singular: str, plural: str, n: int) -> str:
        spoken: Words = context[WORDS]
        return spoken.ngettext_call(singular, plural, n=n)

    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext, ngettext, newstyle=True)
    folder = cache_folder()
    if folder is not None:
        env.bytecode_cache = code_cache(env, folder)
    return env


def code_cache(env: jinja2.Environment, folder: Path) -> jinja2.BytecodeCache:
    """Where compiled templates are kept (the user's cache folder), each file named for its
    template and for the settings that shaped its code (Jinja's own key holds the template's
    name and file, so two installs keep theirs apart, and its check the template's text,
    Jinja's and Python's versions)."""
    import jinja2  # here: as in environment(), Jinja only when a rule sheet is set

    settings = repr((env.trim_blocks, env.lstrip_blocks, env.keep_trailing_newline,
                     env.autoescape, env.newline_sequence, sorted(env.extensions),
                     sorted(env.policies.items())))
    shape = hashlib.sha1(settings.encode()).hexdigest()[:12]

    class CodeCache(jinja2.FileSystemBytecodeCache):
        def get_cache_key(self, name: str, filename: str | None = None) -> str:
            return f"{super().get_cache_key(name, filename)}-{shape}"

        def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            with contextlib.suppress(OSError):      # not there to read: compile it
                super().load_bytecode(bucket)

        def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
            if sys.dont_write_bytecode:
                return
            with contextlib.suppress(OSError):      # read-only: compile again next time
                # Private to the user, as the XDG specification asks of the folders it names.
                folder.mkdir(mode=0o700, parents=True, exist_ok=True)
                super().dump_bytecode(bucket)

    return CodeCache(str(folder), "jinja-%s.cache")


def render(name: str, *, language: Words, **values: Any) -> str:
    """The template `name` filled with `values`, its messages in `language`."""
    return environment().get_template(name).render(values, **{WORDS: language})


def render_beside(module_file: str, name: str, *, language: Words, **values: Any) -> str:
    """The template in the folder of a module, filled: a game's rule sheet from its pages."""
    return render(beside(module_file, name), language=language, **values)
