"""Languages: what is printed is said in the words it is given, from gettext catalogues.

Strings are marked with `_` (and `N_` where a string is kept to be translated later) in the
code, and with `{% trans %}` / `_()` in the templates; `pybabel extract` (babel.cfg) collects
them into generator/locales/pnp.pot, translators keep one catalogue per language in
generator/locales/LANG/LC_MESSAGES/pnp.po, and `make` compiles each into the pnp.mo beside it,
which is what is read here, with the standard library's gettext.

A language is a `Words` value (`words("de")`): its code and its catalogue, with `_`,
`ngettext`, `pgettext` and `decimal`. A request makes it once, and it travels to the drawing
in the request's `Printing` (generator/layout/printing.py), by which documents are kept;
every function that says something takes it as an argument, so nothing reads a language
it was not given (the studio makes a German and a Portuguese page at once). English is the
source text itself: no catalogue, the strings as written.

Messages take values the way Jinja's templates do: `words._("Board %(seed)s", seed=3)`.
`pybabel extract` finds them by the method's name (`_`, `ngettext`, `pgettext`: Babel's
default keywords match the last name of a dotted call).
"""

from __future__ import annotations

import gettext
import os
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from generator.errors import UserError

DOMAIN = "pnp"
SOURCE = "en"
# The languages pnp prints in, by ISO 639-1 code, each with its name in itself.
NAMES = {"en": "English", "pt": "Português", "es": "Español", "de": "Deutsch"}
LANGUAGES: tuple[str, ...] = tuple(NAMES)
# A language for the tests only: every message lengthened by 40% and accented, to show a
# layout that would overflow before a real translation does.
PSEUDO = "xx"


# Paths with os.path, which every Python has loaded at start: pathlib would add its own
# imports to the start of every command.
def locale_folder() -> str:
    return os.path.join(os.path.dirname(os.path.realpath(__file__)), "locales")


def catalogue_path(lang: str, suffix: str = ".mo") -> str:
    return os.path.join(locale_folder(), lang, "LC_MESSAGES", f"{DOMAIN}{suffix}")


class Pseudo(gettext.NullTranslations):
    """Every message 40% longer, with accented letters, placeholders and markup intact."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    # gettext.NullTranslations fixes the shape: gettext calls ngettext(msgid1, msgid2, n).
    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)


_ACCENTS = str.maketrans("aeiouncsyAEIOUNCY", "áéïöüñçšýÄÉÏÖÜÑÇÝ")
# What pseudo-translation leaves alone: placeholders, cell names and other notation. Compiled
# when first used (re keeps it): only the tests' pseudo-language needs it.
_KEEP = (r"[\w.-]+\.(?:org|com|io)[\w/.-]*|%\(\w+\)s|%%|\[figure [\w-]+\]"
         r"|\b[a-z]?\d+\b|\b\w\b|[^\w%\[]+|[%\[]")


def pseudo(message: str) -> str:
    out: list[str] = []
    pos = 0
    for m in re.finditer(_KEEP, message):
        out.append(_stretch(message[pos:m.start()]))
        out.append(m.group())
        pos = m.end()
    out.append(_stretch(message[pos:]))
    return "".join(out)


def _stretch(word: str) -> str:
    if not word:
        return word
    extra = -(-len(word) // 2)       # half again: with the spaces, some 40% longer
    return (word + word[-extra:].lower()).translate(_ACCENTS)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    if lang == SOURCE:
        return gettext.NullTranslations()
    if lang == PSEUDO:
        return Pseudo()
    if lang not in NAMES:
        raise UserError(f"no language {lang}; pnp prints in {', '.join(LANGUAGES)}")
    try:
        with open(catalogue_path(lang), "rb") as stream:
            return gettext.GNUTranslations(stream)
    except OSError as err:
        raise UserError(f"the {NAMES[lang]} catalogue cannot be read: {err.strerror}") from None


@dataclass(frozen=True, slots=True)
class Words:
    """A language as pages print it: its code and its messages. A value, equal and hashed by
    its code, so a document made in it is kept by it (`words` makes one a language)."""
    code: str
    translations: gettext.NullTranslations = field(compare=False, repr=False)

    def _(self, message: str, **values: Any) -> str:
        """The message in this language, with its %(name)s placeholders filled."""
        text = self.translations.gettext(message)
        return text % values if values else text

    def ngettext(self, singular: str, plural: str, *, n: int, **values: Any) -> str:
        """The singular or plural message in this language; `num` is n unless given."""
        text = self.translations.ngettext(singular, plural, n)
        return text % {"num": n, **values}

    def pgettext(self, context: str, message: str) -> str:
        """A message whose translation depends on where it stands (a letter on a board)."""
        return self.translations.pgettext(context, message)

    def decimal(self, value: float, places: int = 1) -> str:
        """A number with `places` decimals as this language writes it (8.8 mm in English,
        8,8 mm in German, Spanish and Portuguese): the separator is a message of its own."""
        # TRANSLATORS: the decimal separator, as in 8.8 mm.
        return f"{value:.{places}f}".replace(".", self.pgettext("decimal separator", "."))

    # The names the template engine calls (jinja2.ext.i18n, new style).
    def gettext_call(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext_call(self, singular: str, plural: str, *, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)


@cache
def words(lang: str) -> Words:
    """The words of language `lang` (a UserError if pnp does not print in it)."""
    return Words(lang, translations(lang))


ENGLISH = words(SOURCE)


def N_(message: str) -> str:
    """Marks a message for the catalogue without translating it yet (a table's entries)."""
    return message

