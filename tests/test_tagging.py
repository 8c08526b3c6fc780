"""Tagged PDF, read by tools not written here: poppler reads the structure tree's text in
reading order, the `pdfua` checker (PyPI) finds nothing, and checks of our own with pikepdf
cover rules it does not (every painted mark marked, every MCID in the parent tree, no
heading level skipped). Tagging changes no mark on the page: pdftoppm renders each page the
same, pixel for pixel, as the writer did before it tagged."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pikepdf
import pytest
from pdfua_reports import pdfua_results

from generator import i18n
from generator.app import documents
from generator.core.paper import NAMED
from generator.core.scene import Document, Text
from generator.games import GAMES, load
from generator.games.items import ITEMS
from generator.layout.printing import Printing
from generator.render import pdf as pdf_writer
from generator.render import tagging

LANGS = ("en", "de")
TEXT_KINDS = {"H1", "H2", "H3", "P", "LBody", "Caption"}


def is_tagged(pdf: bytes | pikepdf.Pdf) -> bool:
    """Whether a PDF is tagged: marked (MarkInfo /Marked true) and with a structure tree
    that holds something (a test's reading, with pikepdf)."""
    def check(document: pikepdf.Pdf) -> bool:
        root = document.Root
        mark = root.get("/MarkInfo")
        tree = root.get("/StructTreeRoot")
        return (mark is not None and bool(mark.get("/Marked", False)) and tree is not None
                and len(_kids(tree.get("/K"))) > 0)
    if isinstance(pdf, bytes | bytearray):
        with pikepdf.open(io.BytesIO(pdf)) as document:
            return check(document)
    return check(pdf)


def _kids(k: object) -> list[object]:
    if k is None:
        return []
    try:
        return list(k)
    except TypeError:
        return [k]


def rules(key: str, lang: str = "en", paper: str = "a4") -> Document:
    game = load(key)
    return documents.make_document(game, ITEMS["rules"], options=game.make_options(),
                                   printing=Printing(paper=NAMED[paper],
                                                     words=i18n.words(lang)))


def booklet(lang: str = "en") -> Document:
    return documents.booklet_document(sorted(GAMES), [], paper_key="a4", words=i18n.words(lang))


def plain(markup: str) -> str:
    """Text as a reader hears it, compared without soft hyphens (a word broken at a line's
    end is read whole: its hyphen is drawn as U+00AD, not part of the word) or runs of
    space. A hyphen of the text's own stays."""
    return " ".join(markup.replace("**", "").replace("*", "").replace("\u00ad", "").split())


def expected_text(doc: Document) -> list[str]:
    """The sheet's elements in reading order, as the scene says them: what poppler must
    find in the structure tree. A text with no role is a paragraph of its own."""
    seen: dict[tuple[str, int, str, str], None] = {}
    placed = sorted(((s.role.page if s.role else 0, n, k, s) for n, page in enumerate(doc.pages)
                     for k, s in enumerate(page.shapes)), key=lambda found: found[:3])
    out: list[str] = []
    for _page, _n, _k, shape in placed:
        role = shape.role
        if (role is None or not role.kind) and isinstance(shape, Text):
            out.append(plain(shape.text))
        elif role is not None and role.kind in ("H1", "H2", "H3", "P", "LI", "Caption"):
            key = (role.kind, _n if role.kind == "H1" else role.element, role.text, role.group)
            if role.kind == "H1" and key not in seen:
                seen.clear()
            if key not in seen:
                seen[key] = None
                out.append(plain(role.text))
    return out


def struct_text(path: Path) -> list[str]:
    """poppler's reading of the structure tree: each text element's text, in tree order."""
    shown = subprocess.run(["pdfinfo", "-struct-text", str(path)], capture_output=True,
                           text=True, check=True).stdout
    out, kind, going_on = [], "", False
    for line in shown.splitlines():
        found = re.match(r'^\s*"(.*)"\s*$', line)
        if found is None:
            kind, going_on = (line.split()[0] if line.strip() else ""), False
        elif kind in TEXT_KINDS:
            # An element read on two pages is printed as two strings, one after the other.
            text = plain(found.group(1))
            out[-1:] = [plain(out[-1] + " " + text)] if going_on else [*out[-1:], text]
            going_on = True
    return out


def write(tmp_path: Path, doc: Document, name: str = "doc.pdf") -> Path:
    path = tmp_path / name
    path.write_bytes(pdf_writer.document_pdf(doc))
    return path


class Sheets:
    """The module's sheets, each written once to a file of its own and read from there by
    every test that looks at it (poppler's reading order, pdfua, our checks, pixels)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.paths: dict[tuple[str, str, str], Path] = {}

    def document(self, what: str, key: str, lang: str) -> Document:
        if what == "booklet":
            return booklet(lang)
        if what == "kit":
            game = load(key)
            return documents.make_document(game, ITEMS["kit"], options=game.make_options(),
                                           printing=Printing(paper=NAMED["a4"],
                                                             words=i18n.words(lang)))
        return rules(key, lang)

    def path(self, what: str, key: str, lang: str) -> Path:
        if (what, key, lang) not in self.paths:
            self.paths[what, key, lang] = write(self.folder, self.document(what, key, lang),
                                                f"{what}-{key}-{lang}.pdf")
        return self.paths[what, key, lang]


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> Sheets:
    return Sheets(tmp_path_factory.mktemp("sheets"))


def untagged(path: Path) -> Path:
    """The same PDF with its structure tree and marks taken away: the control case."""
    with pikepdf.open(path) as document:
        del document.Root["/StructTreeRoot"]
        del document.Root["/MarkInfo"]
        out = path.with_name("untagged-" + path.name)
        document.save(out)
    return out


def games_in_languages() -> list:
    """Each game's sheet in each language; `make test` keeps the diagonal, the languages in
    turn down the games, so each game and each language is read there (the structure tree
    is built by the same code whatever the words), and the rest are the exhaustive tier's."""
    later = pytest.mark.exhaustive(reason="each game and each language kept on the diagonal")
    return [pytest.param(key, lang, marks=() if lang == LANGS[n % len(LANGS)] else later)
            for n, key in enumerate(sorted(GAMES)) for lang in LANGS]


@pytest.mark.parametrize("key, lang", games_in_languages())
def test_poppler_reads_the_sheet_in_reading_order(sheets, key, lang):
    doc = rules(key, lang)
    read = struct_text(sheets.path("rules", key, lang))
    assert read == expected_text(doc)
    assert len(read) > 10


def test_poppler_reads_a_booklet_in_page_order_though_imposed(sheets):
    doc = booklet()
    path = sheets.path("booklet", "all", "en")
    read = struct_text(path)
    assert read == expected_text(doc)
    # Each game's sheet opens with its title as a first-level heading, in the booklet's
    # order, though the sheets print its pages out of order.
    shown = subprocess.run(["pdfinfo", "-struct-text", str(path)],
                           capture_output=True, text=True, check=True).stdout
    titles = re.findall(r'^  H1 \(block\)\n\s*"(.*?)\s*"$', shown, re.M)
    assert [t.split(":")[0] for t in titles[1:]] == [load(k).title for k in sorted(GAMES)]


def test_a_reading_order_check_fails_on_an_untagged_or_reordered_file(tmp_path):
    doc = rules("hex")
    path = write(tmp_path, doc)
    assert struct_text(untagged(path)) != expected_text(doc)
    with pikepdf.open(path) as document:
        top = document.Root.StructTreeRoot.K
        kids = list(top.K)
        kids[1], kids[2] = kids[2], kids[1]
        top.K = pikepdf.Array(kids)
        document.save(tmp_path / "reordered.pdf")
    assert struct_text(tmp_path / "reordered.pdf") != expected_text(doc)


CHECKED = [("rules", key, lang) for key in sorted(GAMES) for lang in LANGS] + [
    ("booklet", "all", "en"), ("booklet", "all", "pt"), ("kit", "hex-kb", "en")]


@pytest.fixture(scope="module")
def pdfua_found(sheets) -> dict[tuple[str, str, str], dict]:
    """pdfua's report on each checked sheet, from one run of the checker on them all."""
    paths = {case: sheets.path(*case) for case in CHECKED}
    reports = pdfua_results(list(paths.values()))
    return {case: reports[str(path)] for case, path in paths.items()}


def pdfua_passes(found: dict) -> bool:
    """pdfua's report says PASS: exit status 0 and no finding."""
    return found["exit_code"] == 0 and found["summary"]["findings"] == 0


@pytest.mark.parametrize("what,key,lang", CHECKED)
def test_pdfua_finds_nothing(sheets, pdfua_found, what, key, lang):
    found = pdfua_found[what, key, lang]
    assert pdfua_passes(found), found
    # Every check it has was run.
    assert found["summary"]["rules_skipped"] == 0 and found["skipped"] == [], found
    assert structure_problems(sheets.path(what, key, lang)) == []


def test_pdfua_and_our_checks_fail_an_untagged_file(tmp_path):
    path = untagged(write(tmp_path, rules("nex")))
    found = pdfua_results([path])[str(path)]
    assert not pdfua_passes(found)
    assert "UA-01-005" in {finding["rule_id"] for finding in found["findings"]}
    assert structure_problems(path)


PAINTING = {"Tj", "TJ", "'", '"', "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "Do", "sh"}
MARKING = " ".join(sorted(PAINTING | {"BDC", "BMC", "EMC"}))


def structure_problems(path: Path) -> list[str]:
    """What veraPDF's PDF/UA-1 profile would find that pdfua does not look at: a painted mark
    outside marked content, a marked sequence no structure element claims, a figure with no
    description, a heading level skipped, no language or no PDF/UA identifier, a font
    without a ToUnicode map."""
    problems: list[str] = []
    with pikepdf.open(path) as document:
        root = document.Root
        if not is_tagged(document):
            return ["not tagged"]
        if not str(root.get("/Lang", "")):
            problems.append("no /Lang")
        meta = document.open_metadata()
        if meta.get("pdfuaid:part") != "1" or not meta.get("dc:title"):
            problems.append("no PDF/UA identifier or title in XMP")
        parents = root.StructTreeRoot.ParentTree.Nums
        claimed = {int(parents[i]): list(parents[i + 1]) for i in range(0, len(parents), 2)}
        for number, page in enumerate(document.pages):
            depth, mcids = 0, []
            # qpdf's parser hands over only the operators looked at (its whitelist), not every
            # path and text-state operator of the page as Python objects.
            for operands, operator in pikepdf.parse_content_stream(page, MARKING):
                op = str(operator)
                if op in ("BDC", "BMC"):
                    depth += 1
                    if op == "BDC" and isinstance(operands[1], pikepdf.Dictionary) \
                            and "/MCID" in operands[1]:
                        mcids.append(int(operands[1].MCID))
                elif op == "EMC":
                    depth -= 1
                elif op in PAINTING and depth == 0:
                    problems.append(f"page {number + 1}: {op} outside marked content")
            elems = claimed.get(int(page.StructParents), [])
            if sorted(mcids) != list(range(len(elems))) or any(e is None for e in elems):
                problems.append(f"page {number + 1}: marked content and parent tree differ")
            for font in page.Resources.get("/Font", {}).values():
                if "/ToUnicode" not in font:
                    problems.append(f"page {number + 1}: a font without ToUnicode")
        level = 0

        def walk(elem: object) -> None:
            nonlocal level
            if not isinstance(elem, pikepdf.Dictionary):
                return
            kind = str(elem.get("/S", ""))
            if kind == "/Figure" and not str(elem.get("/Alt", "")).strip():
                problems.append("a figure without a description")
            if re.fullmatch(r"/H\d", kind):
                if int(kind[2]) > level + 1:
                    problems.append(f"heading {kind} after level {level}")
                level = int(kind[2])
            kids = elem.get("/K")
            for kid in (kids if isinstance(kids, pikepdf.Array) else [kids]):
                walk(kid)
        walk(root.StructTreeRoot)
    return problems


def test_our_checks_find_a_mark_painted_outside_marked_content(tmp_path):
    path = write(tmp_path, rules("hex"))
    with pikepdf.open(path) as document:
        page = document.pages[0]
        page.contents_add(pikepdf.Stream(document, b"0 0 m 10 10 l S"), prepend=False)
        document.save(tmp_path / "stray.pdf")
    assert any("outside marked content" in p for p in structure_problems(tmp_path / "stray.pdf"))


def pixels(path: Path, out: Path) -> list[bytes]:
    """Each page's pixels as poppler renders them: PPM, a header and the bare pixels (PNG's
    compression, most of the rendering's time, would add nothing to the comparison)."""
    subprocess.run(["pdftoppm", "-r", "100", str(path), str(out)], check=True)
    return [p.read_bytes() for p in sorted(out.parent.glob(out.name + "*.ppm"))]


def untagged_pdf(doc: Document, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """The writer as it was before tagging: shapes drawn one by one, no marks, no tree."""
    with monkeypatch.context() as patch:
        patch.setattr(tagging.Marks, "draw",
                      lambda self, canvas, shapes, *, paint: [paint(s) for s in shapes])
        patch.setattr(tagging.Marks, "finish", lambda self, pdf: pdf)
        return pdf_writer.document_pdf(doc)


@pytest.mark.parametrize("what", ["hex-kb", "blinq", "booklet"])
def test_tagging_changes_no_mark_on_the_page(tmp_path, sheets, monkeypatch, what):
    doc = booklet() if what == "booklet" else rules(what, "de")
    (tmp_path / "plain.pdf").write_bytes(untagged_pdf(doc, monkeypatch))
    # The same sheet as the writer tags it (written once for the module's tests).
    tagged = sheets.path(*(("booklet", "all", "en") if what == "booklet" else
                           ("rules", what, "de")))
    assert not is_tagged((tmp_path / "plain.pdf").read_bytes())
    assert is_tagged(tagged.read_bytes())
    before = pixels(tmp_path / "plain.pdf", tmp_path / "before")
    assert before == pixels(tagged, tmp_path / "after")
    assert len(before) == len(doc.pages)


def test_the_pixel_comparison_sees_one_mark_taken_away(tmp_path, monkeypatch):
    doc = rules("hex")
    page = doc.pages[0]
    fewer = Document((page.__class__(page.width, page.height, page.shapes[:-1]),), doc.title,
                     doc.author, lang="en")
    (tmp_path / "a.pdf").write_bytes(untagged_pdf(Document((page,), doc.title, doc.author,
                                                           lang="en"),
                                                  monkeypatch))
    (tmp_path / "b.pdf").write_bytes(pdf_writer.document_pdf(fewer))
    assert pixels(tmp_path / "a.pdf", tmp_path / "a") != pixels(tmp_path / "b.pdf",
                                                                 tmp_path / "b")


def test_the_document_says_its_language_and_shows_its_title():
    data = pdf_writer.document_pdf(rules("blind-hex", "pt"))
    with pikepdf.open(io.BytesIO(data)) as document:
        assert str(document.Root.Lang) == "pt"
        assert document.Root.ViewerPreferences.DisplayDocTitle
        assert all(page.obj.Tabs == "/S" for page in document.pages)
        assert document.open_metadata()["dc:title"] == str(document.docinfo.Title)
    assert data == pdf_writer.document_pdf(rules("blind-hex", "pt"))   # same bytes
