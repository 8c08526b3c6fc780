"""Accessibility of the PDFs, read by tools not written here: two independent PDF/UA-1
checkers (the `pdfua` package, pikepdf-based, and `page-validation`, Rust, both from PyPI)
on every tagged file the catalogue writes, each with an untagged copy that both fail; score
pads as tables; fonts' ToUnicode maps; bookmarks; and `pnp check --for screen-reader`, each
check with a control it fails."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import page as page_validation
import pikepdf
import pytest
from in_process import run_pnp
from pdfua_reports import pdfua_results
from sweeps import Sweep
from test_tagging import untagged

from generator import i18n, preflight
from generator.app import documents
from generator.core.paper import NAMED
from generator.core.printing import SCREEN_READER
from generator.games import GAMES, load
from generator.games.items import ITEMS
from generator.layout.printing import Printing
from generator.render import pdf as pdf_writer
from generator.render import tounicode
from generator.render.outline import bookmarks

# ---------------------------------------------------------------- the catalogue, two checkers


def tagged_files(folder: Path, sweep: Sweep) -> list[Path]:
    files = sorted(folder.rglob("*.pdf"))
    assert len(files) > 50
    return sweep(files)


def page_failures(path: Path) -> list[str]:
    report = page_validation.validate_pdf(str(path))
    return [f"{f.rule_id}: {f.message}" for f in report.failures]


def test_both_checkers_pass_every_tagged_file_the_catalogue_writes(catalogue_folder, sweep):
    files = tagged_files(catalogue_folder, sweep)
    for path in files:
        assert page_failures(path) == [], path
    for name, found in pdfua_results(files).items():
        assert found["exit_code"] == 0 and found["summary"]["findings"] == 0, (name, found)
        assert found["summary"]["rules_skipped"] == 0, name


def test_both_checkers_fail_each_file_untagged(catalogue_folder, tmp_path, sweep):
    controls = []
    for n, path in enumerate(tagged_files(catalogue_folder, sweep)):
        copy = tmp_path / f"{n}-{path.name}"
        copy.write_bytes(path.read_bytes())
        controls.append(untagged(copy))
    for path in controls:
        assert any("MarkInfo" in f or "6.2" in f or "TAG" in f.upper()
                   for f in page_failures(path)), path
    for name, found in pdfua_results(controls).items():
        assert found["exit_code"] != 0 and found["summary"]["errors"] > 0, name


def test_the_preflight_finds_every_catalogue_file_ready_for_screen_readers(catalogue_folder,
                                                                           sweep):
    """The screen-reader checks on every file's facts, read here with the preflight's own
    reading (its child process and clock are tested in tests/test_preflight*.py, and on two
    files below through `pnp check`)."""
    from generator.preflight.access import access_facts
    from generator.preflight.access_checks import screen_reader_checks
    for path in tagged_files(catalogue_folder, sweep):
        with pikepdf.open(path) as document:
            claims = document.open_metadata().get("pdfuaid:part") == "1"
            results = screen_reader_checks(access_facts(document, claims))
        assert all(c.passed for c in results), (path, results)
        assert results[-1].name == "PDF/UA" and not results[-1].info


# ---------------------------------------------------------------- score pads as tables

def pad_pdf(key: str, lang: str = "en", paper: str = "a4") -> bytes:
    game = load(key)
    doc = documents.make_document(game, ITEMS["pad"], options=game.make_options(),
                                  printing=Printing(paper=NAMED[paper], words=i18n.words(lang)))
    return pdf_writer.document_pdf(doc)


def kids(elem: pikepdf.Object) -> list[pikepdf.Dictionary]:
    found = elem.get("/K")
    items = list(found) if isinstance(found, pikepdf.Array) else [found]
    return [k for k in items if isinstance(k, pikepdf.Dictionary) and "/S" in k]


def elements(elem: pikepdf.Object, kind: str) -> list[pikepdf.Dictionary]:
    out = []
    for kid in kids(elem):
        if kind == kid.S:
            out.append(kid)
        out += elements(kid, kind)
    return out


def table_problems(pdf: bytes) -> list[str]:
    """What keeps a pad's tables from being read as tables: no tables, a row of another
    width, a first row not of column headers, a later row not opened by its row header."""
    problems = []
    with pikepdf.open(io.BytesIO(pdf)) as document:
        tables = elements(document.Root.StructTreeRoot, "/Table")
        if not tables:
            return ["no tables"]
        for table in tables:
            rows = [k for k in kids(table) if k.S == "/TR"]
            widths = {len(kids(row)) for row in rows}
            if len(widths) != 1 or len(rows) < 2:
                problems.append(f"rows of widths {sorted(widths)}")
                continue
            scopes = [[str(c.get("/A", {}).get("/Scope", "")) if c.S == "/TH" else "TD"
                       for c in kids(row)] for row in rows]
            if set(scopes[0]) != {"/Column"}:
                problems.append(f"first row {scopes[0]}")
            if any(row[0] != "/Row" or set(row[1:]) != {"TD"} for row in scopes[1:]):
                problems.append("a row without its row header")
    return problems


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_pad_is_read_as_tables_with_captions(key, tmp_path):
    pdf = pad_pdf(key, "de")
    assert table_problems(pdf) == []
    game = load(key)
    pad = documents.make_document(game, ITEMS["pad"], options=game.make_options(),
                                  printing=Printing(paper=NAMED["a4"], words=i18n.words("de")))
    with pikepdf.open(io.BytesIO(pdf)) as document:
        tree = document.Root.StructTreeRoot
        assert len(elements(tree, "/Caption")) == 2              # the record's, the tally's
        for table in elements(tree, "/Table"):
            rows = [k for k in kids(table) if k.S == "/TR"]
            assert len(rows) >= 2
        assert not elements(tree, "/Figure")
    # Every note is read whole, in the record's caption.
    (tmp_path / "pad.pdf").write_bytes(pdf)
    read = subprocess.run(["pdfinfo", "-struct-text", str(tmp_path / "pad.pdf")],
                          capture_output=True, text=True, check=True).stdout
    texts = re.findall(r'^\s*"(.*?)\s*"$', read, re.M)
    notes = {s.role.text for p in pad.pages for s in p.shapes
             if s.role is not None and s.role.kind == "Caption"}
    for note in notes:
        assert " ".join(note.split()) in {" ".join(t.split()) for t in texts}


def test_the_table_check_fails_a_pad_of_loose_paragraphs(monkeypatch):
    """Control: the pad as it was, its cells untagged, is not read as tables."""
    from generator.layout import scorepad
    table = scorepad.table
    monkeypatch.setattr(scorepad, "table", lambda *a, **k: table(*a, **{**k, "name": ""}))
    assert table_problems(pad_pdf("hex")) != []


# ---------------------------------------------------------------- fonts' ToUnicode maps

def drawn_and_mapped(pdf: bytes) -> list[tuple[set[int], dict[int, int]]]:
    """For each font: the codes the pages draw in it, and its ToUnicode map."""
    out: dict[tuple[int, int], tuple[set[int], dict[int, int]]] = {}
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            fonts = page.Resources.Font
            current = None
            for operands, operator in pikepdf.parse_content_stream(page):
                op = str(operator)
                if op == "Tf":
                    font = fonts[str(operands[0])]
                    if font.objgen not in out:
                        cmap = font.ToUnicode.read_bytes()
                        out[font.objgen] = (set(), {
                            int(c, 16): int(v, 16) for c, v in
                            re.findall(rb"<([0-9A-F]{2})> <([0-9A-F]{4})>", cmap)})
                    current = out[font.objgen][0]
                elif op in ("Tj", "TJ") and current is not None:
                    parts = operands[0] if op == "TJ" else [operands[0]]
                    for part in parts:
                        if isinstance(part, pikepdf.String):
                            current.update(bytes(part))
    return list(out.values())


@pytest.mark.parametrize("what", ["rules", "pad", "kit"])
def test_tounicode_maps_only_the_codes_drawn_to_real_characters(what):
    game = load("blinq")
    doc = documents.make_document(game, ITEMS[what], options=game.make_options(),
                                  printing=Printing(paper=NAMED["a4"], words=i18n.words("pt")))
    fonts = drawn_and_mapped(pdf_writer.document_pdf(doc))
    assert len(fonts) >= 2
    for drawn, mapped in fonts:
        assert set(mapped) == drawn
        assert all(value not in (0, 0xFEFF, 0xFFFE) for value in mapped.values())


def test_the_tounicode_check_sees_reportlabs_own_maps(monkeypatch):
    """Control: reportlab's maps, not rewritten, map codes never drawn, some onto U+0000."""
    monkeypatch.setattr(tounicode, "rewrite", lambda pages, drawn: None)
    monkeypatch.setattr("generator.render.tagging.rewrite", lambda pages, drawn: None)
    fonts = drawn_and_mapped(pdf_writer.document_pdf(
        documents.make_document(load("hex"), ITEMS["rules"], options=load("hex").make_options(),
                                printing=Printing(paper=NAMED["a4"]))))
    assert any(set(mapped) != drawn for drawn, mapped in fonts)
    assert any(0 in mapped.values() for _, mapped in fonts)


# ---------------------------------------------------------------- bookmarks

def outline_of(pdf: bytes) -> list[tuple[str, list[str]]]:
    with pikepdf.open(io.BytesIO(pdf)) as document, document.open_outline() as outline:
        return [(item.title, [child.title for child in item.children])
                for item in outline.root]


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_a_booklet_has_a_bookmark_for_each_game_and_section_in_its_language(lang):
    doc = documents.booklet_document(sorted(GAMES), [], paper_key="a4", words=i18n.words(lang))
    shown = outline_of(pdf_writer.document_pdf(doc))
    titles = [title for title, _ in shown]
    for key in GAMES:
        assert any(t.startswith(load(key).title) for t in titles), (key, titles)
    headings = {" ".join(s.role.text.replace("*", "").split()) for p in doc.pages
                for s in p.shapes if s.role is not None and s.role.kind == "H2"}
    assert {child for _, children in shown for child in children} == headings
    assert all(children for _, children in shown[1:])          # each game has its sections


def test_a_single_page_file_has_no_bookmarks_and_a_kit_has_them():
    board = documents.make_document(load("hex"), ITEMS["board"],
                                    options=load("hex").make_options(),
                                    printing=Printing(paper=NAMED["a4"]))
    assert len(board.pages) == 1 and outline_of(pdf_writer.document_pdf(board)) == []
    kit = documents.make_document(load("nex"), ITEMS["kit"], options=load("nex").make_options(),
                                  printing=Printing(paper=NAMED["a4"]))
    assert len(outline_of(pdf_writer.document_pdf(kit))) == len(bookmarks(kit)) >= 2


# ---------------------------------------------------------------- pnp check --for screen-reader

def written(tmp_path: Path, key: str = "nex", what: str = "rules") -> Path:
    game = load(key)
    path = tmp_path / f"{key}-{what}.pdf"
    path.write_bytes(pdf_writer.document_pdf(
        documents.make_document(game, ITEMS[what], options=game.make_options(),
                                printing=Printing(paper=NAMED["a4"]))))
    return path


def edited(path: Path, change, name: str) -> Path:
    with pikepdf.open(path) as document:
        change(document)
        out = path.with_name(name)
        document.save(out)
    return out


def failed(path: Path) -> dict[str, str]:
    return {c.name: c.detail for c in preflight.check_file(path, SCREEN_READER)
            if not c.passed}


def test_check_for_screen_readers_passes_a_tagged_sheet_and_fails_each_fault(tmp_path):
    sheet = written(tmp_path)
    assert failed(sheet) == {}

    def no_alt(document):
        for figure in elements(document.Root.StructTreeRoot, "/Figure")[:1]:
            del figure["/Alt"]

    def heading_skipped(document):
        elements(document.Root.StructTreeRoot, "/H2")[0].S = pikepdf.Name("/H3")

    def no_title(document):
        document.Root.ViewerPreferences.DisplayDocTitle = False

    def no_lang(document):
        del document.Root["/Lang"]

    cases = {"figures": no_alt, "headings": heading_skipped, "title shown": no_title,
             "language": no_lang}
    for name, change in cases.items():
        problems = failed(edited(sheet, change, f"{name}.pdf"))
        assert set(problems) == {name, "PDF/UA"}, (name, problems)
        assert problems["PDF/UA"].endswith(f"but fails: {name}")
    assert set(failed(untagged(sheet))) >= {"tagged", "PDF/UA"}


def test_check_for_screen_readers_fails_a_table_without_header_scope(tmp_path):
    pad = written(tmp_path, "hex", "pad")
    assert failed(pad) == {}

    def unscoped(document):
        for cell in elements(document.Root.StructTreeRoot, "/TH"):
            del cell["/A"]
    assert "without /Scope" in failed(edited(pad, unscoped, "unscoped.pdf"))["tables"]


def test_pnp_check_reports_the_facts_and_exits_1_for_an_untagged_file(tmp_path):
    sheet = written(tmp_path, "hex-kb")
    said = run_pnp("check", str(sheet), text=True)
    assert said.returncode == 0
    assert re.search(r"^info\s+accessibility\s+tagged: \d+ figures", said.stdout, re.M)
    done = run_pnp("check", "--for", "screen-reader", str(sheet), text=True)
    assert done.returncode == 0 and "ready for screen readers" in done.stdout
    bare = untagged(sheet)
    plain = run_pnp("check", str(bare), text=True)
    assert plain.returncode == 0 and "not tagged" in plain.stdout
    refused = run_pnp("check", "--for", "screen-reader", str(bare), text=True)
    assert refused.returncode == 1
    assert re.search(r"^FAIL\s+tagged", refused.stdout, re.M)
