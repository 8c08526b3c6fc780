"""What a screen reader reads of a rule sheet, beyond its order (tests/test_tagging.py): a
word broken at a line's end read whole, its hyphen still printed; and each figure's
description adding to its caption, short enough to listen to. Each check has a control."""

from __future__ import annotations

import io
import re
import subprocess

import pikepdf
import pytest
from test_accessibility import elements, page_failures
from test_tagging import expected_text, rules, struct_text, write

from generator import i18n
from generator.core.scene import Text
from generator.games import GAMES
from generator.render import pdf as pdf_writer
from generator.render import tagging

# ---------------------------------------------------------------- words broken at a line end

def broken_words(doc) -> list[str]:
    """The words the sheet breaks at a line's end, whole ("connecting" for "connect-" and
    "ing"), from the scene: a text ending in a letter and a hyphen, then its element's
    next text on another line."""
    words = []
    for page in doc.pages:
        texts = [s for s in page.shapes if isinstance(s, Text) and s.role is not None
                 and s.role.kind in ("P", "LI", "Caption")]
        for head, tail in zip(texts, texts[1:], strict=False):
            if head.role == tail.role and re.search(r"[^\W\d_]-$", head.text) \
                    and tail.position.y != head.position.y and tail.text[:1].isalpha():
                words.append(head.text.split()[-1][:-1] + re.split(r"\W", tail.text)[0])
    return words


@pytest.mark.parametrize("key,lang", [("nex", "en"), ("nex", "de"), ("blinq", "es"),
                                      ("hex-kb", "pt")])
def test_a_word_broken_at_a_line_end_is_read_whole_and_printed_with_its_hyphen(
        tmp_path, key, lang):
    doc = rules(key, lang)
    words = broken_words(doc)
    assert words                                   # the sheet breaks some words
    path = write(tmp_path, doc)
    read = subprocess.run(["pdfinfo", "-struct-text", str(path)], capture_output=True,
                          text=True, check=True).stdout.replace("\u00ad", "")
    for word in words:
        assert word in read, word
    assert struct_text(path) == expected_text(doc)
    # pdftotext finds the hyphen where it is printed, as the soft hyphen that breaks a word.
    shown = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                           check=True).stdout
    assert shown.count("\u00ad\n") == len(words)
    assert page_failures(path) == []


def test_the_whole_word_check_fails_where_the_hyphen_is_drawn_as_a_hyphen(tmp_path,
                                                                           monkeypatch):
    """Control: drawn as "-", a broken word is read "connect-ing"."""
    monkeypatch.setattr(tagging, "soft_hyphens", lambda shapes: shapes)
    doc = rules("nex")
    path = write(tmp_path, doc)
    assert struct_text(path) != expected_text(doc)


# ---------------------------------------------------------------- figures' descriptions

LONGEST_DESCRIPTION = 320     # characters: some 20 s read aloud at a screen reader's pace
LONGEST_SHARED = 40           # characters a description may share with its caption in a row
LONGEST_OPENING = 60          # characters two descriptions of one sheet may open with alike


def shared_run(a: str, b: str) -> int:
    from difflib import SequenceMatcher
    return SequenceMatcher(None, a, b, autojunk=False).find_longest_match(
        0, len(a), 0, len(b)).size


def description_problems(pdf: bytes) -> list[str]:
    """Each figure's /Alt against the sheet's captions and its other figures, as the tagged
    PDF gives them to a screen reader: missing, repeating a caption (read anyway), too
    long, or opening as another does."""
    problems = []
    with pikepdf.open(io.BytesIO(pdf)) as document:
        tree = document.Root.StructTreeRoot
        alts = [str(f.get("/Alt", "")) for f in elements(tree, "/Figure")]
    captions, kind = [], ""
    for line in pdfinfo_struct(pdf).splitlines():
        text = re.match(r'^\s*"(.*?)\s*"$', line)
        if text is None:
            kind = line.split()[0] if line.strip() else ""
        elif kind == "Caption":
            captions.append(text.group(1))
    for alt in alts:
        if not alt.strip():
            problems.append("a figure without a description")
        if len(alt) > LONGEST_DESCRIPTION:
            problems.append(f"{len(alt)} characters: {alt[:40]}…")
        if any(shared_run(alt, caption) > LONGEST_SHARED for caption in captions):
            problems.append(f"repeats a caption: {alt[:40]}…")
    for n, a in enumerate(alts):
        for b in alts[n + 1:]:
            same = len(a) - len(a.lstrip()) + next(
                (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                min(len(a), len(b)))
            if same > LONGEST_OPENING:
                problems.append(f"two open alike: {a[:same]}")
    return problems


def pdfinfo_struct(pdf: bytes) -> str:
    import tempfile
    with tempfile.NamedTemporaryFile(suffix=".pdf") as file:
        file.write(pdf)
        file.flush()
        return subprocess.run(["pdfinfo", "-struct-text", file.name], capture_output=True,
                              text=True, check=True).stdout


def games_in_languages() -> list:
    """Every game's rules in every language; `make test` keeps the diagonal, the languages
    in turn down the games, so each game and each language is read there, and the rest are
    the exhaustive tier's."""
    later = pytest.mark.exhaustive(reason="each game and each language kept on the diagonal")
    langs = i18n.LANGUAGES
    return [pytest.param(key, lang, marks=() if lang == langs[n % len(langs)] else later)
            for n, key in enumerate(sorted(GAMES)) for lang in langs]


@pytest.mark.parametrize("key, lang", games_in_languages())
def test_a_figures_description_adds_to_its_caption_and_stays_short(key, lang):
    doc = rules(key, lang)
    assert any(s.role is not None and s.role.kind == "Figure" for p in doc.pages
               for s in p.shapes)
    assert description_problems(pdf_writer.document_pdf(doc)) == []


def test_the_description_check_fails_a_figure_described_by_its_caption(monkeypatch):
    """Control: a figure without a description of its own is described by its caption
    (as Blind Hex's and Blinq's were), which the check finds read twice."""
    from generator.layout import flow
    made = flow.Figure.__init__

    def undescribed(self, *args, **kwargs):
        made(self, *args, **kwargs)
        object.__setattr__(self, "description", "")
    monkeypatch.setattr(flow.Figure, "__init__", undescribed)
    problems = description_problems(pdf_writer.document_pdf(rules("blinq")))
    assert any("repeats" in p for p in problems)


def test_the_description_check_fails_descriptions_that_open_alike(monkeypatch):
    """Control: Hex KB's figures each saying the whole board again open alike."""
    from generator.games.hex_kb import pages
    position = pages.position
    monkeypatch.setattr(pages, "position", lambda *a, **k: position(*a, **{**k, "setup": True}))
    problems = description_problems(pdf_writer.document_pdf(rules("hex-kb")))
    assert any("open alike" in p for p in problems)
