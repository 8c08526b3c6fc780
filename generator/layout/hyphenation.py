"""Where a word may be hyphenated at a line end, in the language of the text set.

The patterns are LibreOffice's hyphenation dictionaries, as Pyphen ships them; the language
is the one pnp prints in (generator/i18n.py), so a language added later is hyphenated as soon
as Pyphen has a dictionary for it, and printed unhyphenated where it has none (the
pseudo-language of the tests among them).

Some words are never split, whatever the dictionary says: anything with a digit or a mark
inside it (cell names and notation such as c3 or a1, numbers, CC-BY-SA, web addresses), words
in capitals (KB), and names of people and games: the capitalised words of the sheet's title
and credit line, a capitalised word beside another (Piet Hein, Mark Steere), and in a language
that does not capitalise its nouns, any capitalised word.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pyphen

# The dictionary of each language pnp prints in where the language's own code would pick
# another region's: the kit's English is British, its Portuguese European, its German
# Germany's (Pyphen would take Austria's). Any other language: Pyphen's own choice.
REGIONS = {"en": "en_GB", "pt": "pt_PT", "de": "de_DE", "es": "es"}
# Languages that capitalise every noun: there a capital letter does not mark a name.
CAPITALISED_NOUNS = frozenset({"de", "lb"})
# Letters kept on either side of a hyphen: two before it, three after, the dictionaries'
# own minimum where it is larger.
LEFT, RIGHT = 2, 3
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
_CORE = re.compile(r"^(\W*)(.*?)(\W*)$", re.UNICODE | re.DOTALL)


def dictionary_name(lang: str) -> str | None:
    """The Pyphen dictionary for a language, or None where there is none."""
    name = REGIONS.get(lang) or pyphen.language_fallback(lang)
    return name if name in pyphen.LANGUAGES else None


# One parsed dictionary a language, for the life of the process: Pyphen parses every pattern
# when it opens a dictionary (German's 66,000 in about a second), and a build sets hundreds of
# sheets in each worker.
@cache
def dictionary(lang: str) -> pyphen.Pyphen | None:
    """The language's hyphenation dictionary, or None where Pyphen has none."""
    name = dictionary_name(lang)
    return pyphen.Pyphen(lang=name, left=LEFT, right=RIGHT) if name else None


def names_in(*texts: str) -> frozenset[str]:
    """The capitalised words of a sheet's title and credit line: the game's name and its
    designer's, never to be split."""
    return frozenset(w for text in texts for w in _WORD.findall(text) if w[:1].isupper())


def core(word: str) -> tuple[str, str, str]:
    """(leading marks, the word, trailing marks): "(portal)," is ("(", "portal", "),")."""
    found = _CORE.match(word)
    assert found is not None
    return found.group(1), found.group(2), found.group(3)


def splittable(word: str, lang: str, *, names: frozenset[str] = frozenset(),
               beside_capital: bool = False) -> bool:
    """Whether a word (its marks stripped) may be hyphenated at all."""
    if not _WORD.fullmatch(word) or len(word) < LEFT + RIGHT:
        return False
    if any(c.isupper() for c in word[1:]):
        return False                    # KB, McNames: capitals inside a word
    # A capital letter marks a name, save in a language that capitalises its nouns; there
    # only the sheet's own names and pairs of capitalised words (Piet Hein) are kept whole.
    return not (word[0].isupper() and (word in names or beside_capital
                                       or lang not in CAPITALISED_NOUNS))


EXCEPTIONS_FILE = Path(__file__).with_name("hyphenation_exceptions.json")


@cache
def exceptions(lang: str) -> dict[str, tuple[int, ...]]:
    """The words a language's dictionary splits misleadingly ("diesel-ben" for dieselben),
    each with the only places it may be split, by the word in lower case."""
    listed = json.loads(EXCEPTIONS_FILE.read_text(encoding="utf-8")).get(lang, [])
    out = {}
    for entry in listed:
        parts = entry.lower().split("-")
        out["".join(parts)] = tuple(sum(len(p) for p in parts[:i]) for i in range(1, len(parts)))
    return out


def positions(word: str, lang: str) -> tuple[int, ...]:
    """Where the dictionary allows a hyphen in the word (the letters before each), or the
    language's exception list where it names the word."""
    listed = exceptions(lang).get(word.lower())
    if listed is not None:
        return tuple(p for p in listed if LEFT <= p <= len(word) - RIGHT)
    found = dictionary(lang)
    return tuple(found.positions(word)) if found else ()


def hyphen_points(word: str, lang: str, *, names: frozenset[str] = frozenset(),
                  beside_capital: bool = False) -> tuple[int, ...]:
    """Where this word may be split at a line end, counted in the word as written (its
    leading marks included); none for a word that is never split."""
    lead, middle, _trail = core(word)
    if lead.endswith("--") or not splittable(middle, lang, names=names,
                                             beside_capital=beside_capital):
        return ()                       # a command's option (--variations) is typed whole
    return tuple(len(lead) + p for p in positions(middle, lang))
