"""Characters Vera lacks are set in DejaVu Sans (generator/fonts.py): a record whose players
are Polish, Greek or Russian prints their names, and a reader of the PDF (poppler, a screen
reader) reads them; characters no face of pnp has are named in one warning line.

Controls: with the fallback taken away (every run set in Vera, as before), the same names lose
their letters; a line placed by only its first run's width is off centre."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import page as page_validation
import pytest
from hypothesis import given
from hypothesis import strategies as st
from in_process import run_pnp
from pdfua_reports import pdfua_results
from reportlab.pdfbase import pdfmetrics

from generator import fonts
from generator.core.geometry import Point
from generator.core.scene import Document, Page, Text
from generator.render import pdf as pdf_writer

# Ď ď Đ: Vera's map names them but points them at its empty box.
PLAYERS = ("Łukasz Żółć", "Ἀριστοτέλης", "Ёжиков", "Ďurďa Đoković")
EVENT = "Турнир 2026"
# As HexGui writes a record (AP, then FF and GM), its text in UTF-8 as CA says.
RECORD = ("(;AP[HexGui:0.9.GIT]FF[4]CA[UTF-8]GM[11]SZ[9]PB[{black}]PW[{white}]EV[{event}]"
          ";B[e5];W[d6];B[c7])\n")
MM = 72 / 25.4


def record(tmp_path: Path, black: str, white: str) -> Path:
    path = tmp_path / "game.sgf"
    path.write_text(RECORD.format(black=black, white=white, event=EVENT), encoding="utf-8")
    return path


def printed(tmp_path: Path, black: str, white: str) -> tuple[str, str, str]:
    """`pnp record hex` of a record with these players: poppler's text of the booklet, the
    faces it embeds, and what pnp said on standard error."""
    source, out = record(tmp_path, black, white), tmp_path / "game.pdf"
    done = run_pnp("record", "hex", str(source), "-o", str(out), text=True)
    assert done.returncode == 0, done.stderr
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True,
                          check=True).stdout
    faces = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True,
                           check=True).stdout
    return text, faces, done.stderr


def test_polish_greek_and_russian_names_print_and_read(tmp_path):
    text, faces, said = printed(tmp_path, PLAYERS[0], " ".join(PLAYERS[1:]))
    for name in (*PLAYERS, EVENT):
        assert name in text, (name, text[:300])
    assert "DejaVuSans-Bold" in faces and "BitstreamVeraSans-Bold" in faces
    assert said == ""
    # Every font is embedded, its text mapped to Unicode.
    rows = [line.split() for line in faces.splitlines()[2:]]
    assert rows and all(row[-5:-2] == ["yes", "yes", "yes"] for row in rows), faces


def test_without_the_fallback_the_names_lose_their_letters(tmp_path, monkeypatch):
    # Control: every run in Vera, as pnp set text before DejaVu Sans was added.
    monkeypatch.setattr(fonts, "runs", lambda text, role: ((text, fonts.registered(role)),))
    fonts._em_width.cache_clear()
    try:
        text, faces, _ = printed(tmp_path, PLAYERS[0], PLAYERS[2])
    finally:
        fonts._em_width.cache_clear()
    assert PLAYERS[0] not in text and PLAYERS[2] not in text
    assert "DejaVu" not in faces


def test_characters_no_face_has_are_named_in_one_warning(tmp_path):
    text, _, said = printed(tmp_path, PLAYERS[0], "山田太郎")
    assert said.splitlines() == [f"pnp: warning: {tmp_path / 'game.sgf'}: no font of pnp has "
                                 f"山 田 太 郎; they print as empty boxes"]
    assert PLAYERS[0] in text                      # the booklet is printed all the same
    # A web edition's text is the browser's to set: nothing to warn of.
    html = run_pnp("record", "hex", str(tmp_path / "game.sgf"), "-o", str(tmp_path / "g.html"),
                   text=True)
    assert html.returncode == 0 and html.stderr == "", html.stderr
    # In SVG the viewer draws them, in a font of its own.
    svg = run_pnp("record", "hex", str(tmp_path / "game.sgf"), "--format", "svg", "-o",
                  str(tmp_path / "game.svg"), text=True)
    assert svg.returncode == 0 and svg.stderr.splitlines() == [
        f"pnp: warning: {tmp_path / 'game.sgf'}: no font of pnp has 山 田 太 郎; an SVG viewer "
        f"draws them in a font of its own, in widths pnp cannot know"]


def test_a_folder_of_records_names_each_file_that_asks_for_boxes(tmp_path):
    folder = tmp_path / "olympiad"
    folder.mkdir()
    for n, white in enumerate(("山田", "Ёжиков", "鈴木")):
        (folder / f"{n}.sgf").write_text(RECORD.format(black="Żółć", white=white, event=EVENT),
                                         encoding="utf-8")
    done = run_pnp("record", "hex", str(folder), "-o", str(tmp_path / "all.pdf"), text=True)
    assert done.returncode == 0, done.stderr
    said = done.stderr.splitlines()
    assert len(said) == 2 and "0.sgf: no font of pnp has 山 田;" in said[0], said
    assert "2.sgf: no font of pnp has 鈴 木;" in said[1]                # 1.sgf prints whole
    # `pnp build --records` says the same, before its workers draw.
    built = run_pnp("build", "hex", "--paper", "a4", "--records", str(folder), "--out",
                    str(tmp_path / "catalogue"), text=True)
    assert built.returncode == 0, built.stderr
    assert [line for line in built.stderr.splitlines() if "warning" in line] == said


def test_right_to_left_text_is_warned_of(tmp_path):
    _, _, said = printed(tmp_path, "דוד בן-גוריון", "محمد")
    assert said.splitlines() == [f"pnp: warning: {tmp_path / 'game.sgf'}: pnp sets text left "
                                 f"to right: its Hebrew or Arabic prints in reverse, and "
                                 f"Arabic's letters unjoined"]
    # Control: Greek and Cyrillic are left to right, and say nothing.
    assert printed(tmp_path, PLAYERS[1], PLAYERS[2])[2] == ""


def test_a_names_marks_controls_and_soft_hyphens_print_as_the_name(tmp_path):
    """A name typed as letters and separate marks prints composed, as the font places its
    marks; control characters and soft hyphens, which would print as boxes and hyphens,
    are left out."""
    text, _, said = printed(tmp_path, "Nguye\u0302\u0303n Va\u0306n", "Al\x1b[31mice\x07 Bo\u00adb")
    assert "Nguyễn Văn" in text and "Al[31mice Bob" in text, text[:200]
    assert said == ""


def test_the_names_pass_both_pdf_ua_checkers(tmp_path):
    """The DejaVu subset's ToUnicode map holds the characters drawn in it (PDF/UA-1 7.21.7)."""
    printed(tmp_path, PLAYERS[0], f"{PLAYERS[1]} {PLAYERS[2]}")
    path = tmp_path / "game.pdf"
    found = pdfua_results([path])[str(path)]
    assert found["exit_code"] == 0 and found["summary"]["findings"] == 0, found
    assert page_validation.validate_pdf(str(path)).failures == []


VERA_MAP = pdfmetrics.getFont(fonts.registered("regular")).face.charToGlyph
VERA = frozenset(chr(code) for code, glyph in VERA_MAP.items() if glyph)     # not its box


def test_what_veras_map_points_at_its_box_is_set_in_dejavu_sans():
    assert {VERA_MAP[ord(ch)] for ch in "ĎďĐ≡∅"} == {0}                  # Vera's empty box
    assert all(face == fonts.fallback("regular") for _, face in fonts.runs("Ďď", "regular")[:1])
    assert fonts.runs("Đoković", "regular")[0] == ("Đ", fonts.fallback("regular"))


@given(st.text(alphabet=st.sampled_from(sorted(VERA) + list("ŻżĆćĘęŚśŹźĎďĐ≡ΑβγЁжЩ山☃ ")),
               max_size=30), st.sampled_from(sorted(fonts.FILES)))
def test_runs_cover_the_text_each_in_a_face_that_has_it(text, role):
    parts = fonts.runs(text, role)
    assert "".join(run for run, _ in parts) == text
    own, other = fonts.registered(role), fonts.fallback(role)
    extended = {chr(c) for c, glyph in pdfmetrics.getFont(other).face.charToGlyph.items() if glyph}
    for run, face in parts:
        for ch in run:
            assert face == (other if ch not in VERA and ch in extended else own), (ch, face)
    assert all(a[1] != b[1] for a, b in zip(parts, parts[1:], strict=False))   # longest runs
    width = sum(pdfmetrics.stringWidth(run, face, 1.0) for run, face in parts)
    assert fonts.text_width(text, 10.0, role=role) == pytest.approx(10.0 * width)


def test_latin_1_is_as_wide_in_dejavu_sans_as_in_vera():
    """What the SVG writer's font list (Vera, then DejaVu Sans) relies on."""
    latin_1 = [chr(c) for c in range(0x20, 0x100) if chr(c).isprintable()]
    for role in fonts.FILES:
        vera, dejavu = fonts.registered(role), fonts.fallback(role)
        differ = [ch for ch in latin_1 if pdfmetrics.stringWidth(ch, vera, 1.0)
                  != pdfmetrics.stringWidth(ch, dejavu, 1.0)]
        assert differ == (["¼", "½", "¾"] if role == "bolditalic" else []), (role, differ)
    # Control: a character DejaVu redrew is measured apart.
    assert pdfmetrics.stringWidth("π", fonts.registered("regular"), 1.0) != \
        pdfmetrics.stringWidth("π", fonts.fallback("regular"), 1.0)


def word_boxes(path: Path) -> list[tuple[float, float, str]]:
    """poppler's words with their left and right edges, in points."""
    html = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    return [(float(a), float(b), w) for a, b, w in re.findall(
        r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>',
        html)]


@pytest.mark.parametrize("anchor", ["start", "middle", "end"])
def test_a_line_of_two_faces_is_placed_by_its_whole_width(tmp_path, anchor):
    line = "Ёжиков–Żółć"                 # one word: Cyrillic, then Vera's dash and ó, and more
    assert len(fonts.runs(line, "regular")) > 2
    page = Page(100, 40, (Text(Point(50, 20), line, 6.0, "#000000", anchor=anchor),))
    path = tmp_path / "line.pdf"
    path.write_bytes(pdf_writer.document_pdf(Document((page,), "line", "pnp", lang="en")))
    ((left, right, word),) = word_boxes(path)
    assert word == line
    width = fonts.text_width(line, 6.0) * MM
    assert right - left == pytest.approx(width, abs=0.5)
    expected = {"start": 50 * MM, "middle": 50 * MM - width / 2, "end": 50 * MM - width}
    assert left == pytest.approx(expected[anchor], abs=0.5)
    # Control: placed by its first run's width alone, a centred line would stand 9 pt off.
    first = fonts.text_width(fonts.runs(line, "regular")[0][0], 6.0) * MM
    assert abs((50 * MM - first / 2) - expected["middle"]) > 5
