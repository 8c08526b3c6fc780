"""Whole numbers as people type them, and why one is refused.

Python reads at most `sys.get_int_max_str_digits()` digits in one number (4,300 unless set
otherwise): reading more takes time that grows with the square of the length (CVE-2020-10735,
https://docs.python.org/3/library/stdtypes.html#int-max-str-digits), and a number typed for
pnp (a seed) or sent to the studio is read more than once. pnp keeps that bound rather than
lift it: a seed of 4,300 digits already names more puzzles than there are boards, and a longer
one is refused by saying so, not as "not a valid integer".
"""

from __future__ import annotations

import sys


def longest_number() -> int:
    """The most digits a whole number may have (0: no bound, where Python was told so)."""
    return sys.get_int_max_str_digits()


def not_a_whole_number(text: str) -> str:
    """Why TEXT, which int() refused, is not a whole number: more digits than Python reads
    in one number, or not a number at all."""
    digits = text.strip().removeprefix("-").removeprefix("+")
    most = longest_number()
    if digits.isascii() and digits.isdigit() and most and len(digits) > most:
        return f"a number of {len(digits):,} digits is too long: at most {most:,} digits."
    return f"{text!r} is not a valid integer."
