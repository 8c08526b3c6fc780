"""Each language pnp prints in is hyphenated by its own region's dictionary, through Pyphen's
public API (generator/layout/hyphenation.py)."""

from __future__ import annotations

import pyphen
import pytest

from generator import i18n
from generator.layout import hyphenation


@pytest.mark.parametrize("lang", sorted(hyphenation.REGIONS))
def test_each_printed_language_has_its_regions_dictionary(lang):
    # A dictionary Pyphen stopped shipping would leave the language's sheets unhyphenated,
    # with nothing said: its name must be one Pyphen lists.
    assert lang in i18n.LANGUAGES
    assert hyphenation.dictionary_name(lang) == hyphenation.REGIONS[lang]
    assert hyphenation.REGIONS[lang] in pyphen.LANGUAGES


def test_the_regions_dictionary_is_the_one_used():
    # English is British: "pro-gress", which the American dictionary keeps whole.
    assert hyphenation.positions("progress", "en") == (3,)
    american = pyphen.Pyphen(lang="en_US", left=hyphenation.LEFT, right=hyphenation.RIGHT)
    assert american.positions("progress") != [3]          # control: the other region differs


def test_a_language_without_a_dictionary_is_left_unhyphenated():
    assert hyphenation.dictionary_name("xx") is None
    assert hyphenation.positions("hyphenation", "xx") == ()
    assert hyphenation.positions("hyphenation", "en")        # control: English has breaks
