"""What every Blind Hex document says of itself: the credit line its pages print, and its
title, author, subject, keywords and licence. Here rather than in pages.py, so that the
cards and coins, which pages.py draws on, use them without importing pages.py back."""

from __future__ import annotations

from generator.core.scene import Document, Page
from generator.games.blind_hex.rules import DESIGNER, LICENCE, ORIGINAL, TITLE, YEAR, Options
from generator.i18n import Words


def credit(words: Words) -> str:
    return words._("%(game)s by %(designer)s, %(year)s. Licensed %(licence)s.", game=TITLE,
                   designer=DESIGNER, year=YEAR, licence=LICENCE)


def document(opts: Options, pages: list[Page], *, what: str, words: Words) -> Document:
    return Document(tuple(pages), words._("%(game)s: %(what)s", game=TITLE, what=what),
                    words._("pnp (game by %(designer)s)", designer=DESIGNER),
                    words._("%(game)s %(what)s, %(label)s", game=TITLE, what=what,
                            label=opts.label(words)),
                    ("Blind Hex", "Hex", words._("print and play"), LICENCE),
                    words._("%(licence)s: the game by %(designer)s (original: %(original)s) and "
                            "this kit's rule sheet", licence=LICENCE, designer=DESIGNER,
                            original=ORIGINAL),
                    lang=words.code)
