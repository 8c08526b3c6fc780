"""Players with long names (a tournament's records, names in full): no text of the booklet
goes under 6 pt. A record's title too long for one line breaks onto two; the contents and
the cover let the end of an entry give way to an ellipsis, the entry read whole by a screen
reader. Controls: the same titles set on one line, as pnp set them before, go under 6 pt; a
short title stays one line."""

from __future__ import annotations

from test_record_legibility import texts

from generator.app import record_folder
from generator.core.scene import SMALLEST_TEXT
from generator.games import all_games
from generator.layout import booklet, sheet
from generator.layout.textlayout import STYLE

RECORD = ("(;AP[HexGui:0.9.GIT]FF[4]CA[UTF-8]GM[11]SZ[9]PB[{black}]PW[{white}]EV[Open 2026]"
          ";B[e5];W[d6];B[c7])")
LONG = ("Konstantin Aleksandrovich Vorobyov", "Małgorzata Wiśniewska-Kowalczyk")
LONGER = "Konstantin Aleksandrovich Vorobyov-Rimsky-Korsakov von Hohenzollern-Sigmaringen"
PAIRS = [LONG, (LONGER, LONGER), ("Ann", "Bo")]


def folder_booklet(paper: str):
    files = [record_folder.FolderFile(f"{n}.sgf", RECORD.format(black=b, white=w).encode())
             for n, (b, w) in enumerate(PAIRS)]
    request = record_folder.folder_request(all_games()["hex"], "open", files=files,
                                           values={"paper": paper})
    return request, record_folder.parts(request), record_folder.document(request)


def test_no_text_of_a_booklet_of_long_names_is_under_6_pt():
    for paper in ("a4", "letter"):
        request, parts, document = folder_booklet(paper)
        sizes = [t.size for page in document.pages for t in texts(page.shapes)]
        assert min(sizes) >= SMALLEST_TEXT - 1e-9, paper
        # Control: on one line, as before, the longer title would be under 6 pt, and the
        # long one under SHRUNK_TITLE of the title's size, where it breaks.
        width = booklet.content_paper(booklet.page_paper(paper, request.target,
                                                         bleed=request.bleed)).inner_width
        long, longer = record_folder.titles(request)[:2]
        assert sheet.fitted(longer, STYLE.title, width=width, font="bold") < SMALLEST_TEXT
        assert sheet.fitted(long, STYLE.title, width=width,
                            font="bold") < sheet.SHRUNK_TITLE * STYLE.title


def test_a_long_title_breaks_onto_two_lines_and_a_short_one_stays_one():
    _, parts, _ = folder_booklet("a4")
    long_page, short_page = parts[0].pages[0], parts[2].pages[0]
    heading = [t for t in texts(long_page.shapes) if t.role and t.role.kind == "H1"]
    assert len({round(t.position.y, 3) for t in heading}) == 2
    assert " ".join(t.text for t in heading).replace("  ", " ") == parts[0].title
    short = [t for t in texts(short_page.shapes) if t.role and t.role.kind == "H1"]
    assert len({round(t.position.y, 3) for t in short}) == 1                   # control
    assert heading[0].size > 1.5 * SMALLEST_TEXT                               # not 6 pt


def test_a_contents_entry_gives_way_to_an_ellipsis_and_is_read_whole():
    _, parts, document = folder_booklet("a4")
    entries = [t for page in document.pages for t in texts(page.shapes)
               if t.role and t.role.kind == "P" and t.font == "bold"
               and t.text.startswith("Konstantin Aleksandrovich Vorobyov (Black)")]
    assert entries and all(t.text.endswith("…") for t in entries), [t.text for t in entries]
    assert all(parts[0].title in t.role.text for t in entries)     # the role: whole


def test_every_contents_entry_is_one_size():
    _, parts, document = folder_booklet("a4")
    headings = {round(t.size, 6) for page in document.pages for t in texts(page.shapes)
                if t.role and t.role.kind == "P" and t.font == "bold"
                and any(t.role.text.startswith(part.title) for part in parts)}
    assert len(headings) == 1 and min(headings) >= SMALLEST_TEXT - 1e-9, headings
    # Control: each fitted alone, as before, they came in three sizes, two under 6 pt.
    width = booklet.content_paper(booklet.page_paper("a4")).inner_width - booklet.CONTENTS_PAGE
    alone = {round(sheet.fitted(p.title, STYLE.body * 1.1, width=width, font="bold"),
                   6) for p in parts}
    assert len(alone) == 3 and sorted(alone)[1] < SMALLEST_TEXT, alone


def test_a_long_event_on_the_cover_breaks_onto_two_lines():
    event = "Little Golem Hex Championship 2024, Final Round, Group A"
    files = [record_folder.FolderFile(
        f"{n}.sgf", RECORD.replace("Open 2026", event).format(black=b, white=w).encode())
        for n, (b, w) in enumerate(PAIRS)]
    request = record_folder.folder_request(all_games()["hex"], "open", files=files,
                                           values={"paper": "a4"})
    cover = record_folder.document(request).pages[0]
    title = [t for t in texts(cover.shapes) if t.role and t.role.kind == "H1"]
    assert len({round(t.position.y, 3) for t in title}) == 2, [t.text for t in title]
    assert " ".join(t.text for t in title) == event
    # Control: on one line it would be set under SHRUNK_TITLE of its 9 mm.
    width = booklet.content_paper(booklet.page_paper("a4")).width - 2 * booklet.content_paper(
        booklet.page_paper("a4")).margin - 8
    assert sheet.fitted(event, 9.0, width=width, font="bold") < sheet.SHRUNK_TITLE * 9.0
    assert title[0].size >= sheet.SHRUNK_TITLE * 9.0 - 1e-9
