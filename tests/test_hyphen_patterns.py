"""pnp reads a hyphenation dictionary only as far as a sheet's words need it
(generator/layout/patterns.py); every break it allows must be the one Pyphen allows."""

from __future__ import annotations

import re
from pathlib import Path

import pyphen
import pytest

from generator import i18n
from generator.layout import hyphenation, patterns

LOCALES = Path(hyphenation.__file__).resolve().parents[1] / "locales"
WORD = re.compile(r"[^\W\d_]{5,}")


def printed_words(lang: str) -> set[str]:
    """Every word pnp prints in a language: its catalogue's translations (English: the
    messages themselves)."""
    po = (LOCALES / ("pt" if lang == "en" else lang) / "LC_MESSAGES" / "pnp.po").read_text(
        encoding="utf-8")
    field = "msgid" if lang == "en" else "msgstr"
    texts = re.findall(rf'^(?:{field}(?:\[\d\])?)? ?"(.*)"$', po, re.MULTILINE)
    return {w for text in texts for w in WORD.findall(text)}


def disagreements(ours: patterns.Patterns, theirs: pyphen.Pyphen, words: set[str]) -> list[str]:
    return [w for w in sorted(words) if ours.positions(w, hyphenation.LEFT, hyphenation.RIGHT)
            != theirs.positions(w)]


def words_of(name: str, lang: str) -> set[str]:
    """The words pnp prints, and words made from 1,000 patterns spread over the dictionary,
    with letters before and after them as they come in longer words."""
    theirs = pyphen.Pyphen(lang=name, left=hyphenation.LEFT, right=hyphenation.RIGHT)
    every = sorted(theirs.hd.patterns)
    keys = [key.strip(".") for key in every[::max(1, len(every) // 1000)]]
    return printed_words(lang) | {f"{a}{key}{b}" for key in keys if key
                                  for a, b in (("", ""), ("un", "ing"), ("re", "ation"))}


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES
                                  if hyphenation.dictionary_name(lang)])
def test_every_break_is_the_one_pyphen_allows(lang):
    name = hyphenation.dictionary_name(lang)
    assert name is not None
    ours = patterns.read(pyphen.LANGUAGES[name])
    assert ours is not None, f"{name} should be read by pnp's reader"
    theirs = pyphen.Pyphen(lang=name, left=hyphenation.LEFT, right=hyphenation.RIGHT)
    words = words_of(name, lang)
    assert len(words) > 1000
    assert disagreements(ours, theirs, words) == []
    # The sheet's words come out with some breaks: the comparison is not of empty lists.
    assert sum(bool(ours.positions(w, hyphenation.LEFT, hyphenation.RIGHT))
               for w in words) > len(words) // 4


def test_a_changed_digit_is_seen(tmp_path):
    """Control: a dictionary with one pattern's digit changed breaks words otherwise."""
    name = hyphenation.dictionary_name("en")
    assert name is not None
    path = pyphen.LANGUAGES[name]
    text = path.read_text(encoding="utf-8")
    changed = re.sub(r"(?m)^(\.?[a-z]+)1([a-z])", r"\g<1>2\g<2>", text, count=40)
    assert changed != text
    (tmp_path / "hyph_xx.dic").write_text(changed, encoding="utf-8")
    ours = patterns.read(tmp_path / "hyph_xx.dic")
    assert ours is not None
    theirs = pyphen.Pyphen(lang=name, left=hyphenation.LEFT, right=hyphenation.RIGHT)
    assert disagreements(ours, theirs, words_of(name, "en"))


@pytest.mark.parametrize("line", ["c1k/k=k,1,2", "^^e41a"])
def test_what_this_reader_cannot_follow_is_left_to_pyphen(tmp_path, line):
    path = tmp_path / "hyph_xx.dic"
    path.write_text(f"UTF-8\n% a comment / with = signs\n1ba\n{line}\n", encoding="utf-8")
    assert patterns.read(path) is None
    path.write_text("UTF-8\n% a comment / with = signs\n1ba\n", encoding="utf-8")
    assert patterns.read(path) is not None


def test_the_later_of_two_lines_wins_unless_it_is_zeros(tmp_path):
    path = tmp_path / "hyph_xx.dic"
    path.write_text("UTF-8\nab1c\na1bc\na0b0c\n", encoding="utf-8")
    ours = patterns.read(path)
    theirs = pyphen.Pyphen(filename=str(path), left=1, right=1)
    assert ours is not None
    for word in ("abc", "xabcx", "abcabc"):
        assert ours.positions(word, 1, 1) == theirs.positions(word)
    assert ours.positions("xabcx", 1, 1) == [2]


def test_the_reader_finds_and_skips_what_pyphen_does():
    """pnp finds each language's dictionary and skips its comment lines without importing
    Pyphen; both must be Pyphen's own."""
    assert pyphen.ignored == patterns.IGNORED
    for lang, name in hyphenation.REGIONS.items():
        assert hyphenation._shipped(name) == pyphen.LANGUAGES[name], lang
    assert hyphenation._shipped("xx_XX") is None
