"""Tagged PDF (aiming at PDF/UA-1): what each piece of a page is, for screen readers.

reportlab does not tag, so the tagging is done in two steps around it:
  1. While reportlab draws a page, `Marks.draw` wraps each run of shapes that belong to one
     element in a marked-content sequence (`/P <</MCID 3>> BDC ... EMC`), and page
     furniture (running footers, folios, rulers, rules across the page) in `/Artifact BDC`.
     Marked-content operators paint nothing: the page prints exactly as before.
  2. `Marks.finish` then writes, with pikepdf, the structure tree those sequences hang from
     (Document > H1, P, L > LI > Lbl + LBody, Figure with its description as /Alt,
     Caption), the parent tree, MarkInfo, the document's language, DisplayDocTitle, the
     tab order, and XMP metadata with the PDF/UA identifier.

What a shape is comes from its scene Role. Shapes without one are read as the writers see
them: text as a paragraph of its own, drawings as artifacts. Elements follow each other in
reading order: by the page a role says it is read on (a booklet's pages are printed two to a
sheet, out of order), then in drawing order, which is down each column in turn.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pikepdf

from generator.core.geometry import Point
from generator.core.scene import (
    ARTIFACT,
    BEFORE_ANCHOR,
    Clip,
    Document,
    Group,
    Role,
    Shape,
    Text,
)
from generator.fonts import text_width
from generator.render.outline import write_outline
from generator.render.tounicode import drawn_characters, rewrite
from generator.render.xmltext import escape

# The Producer and Creator of every PDF pnp writes, in its Info dictionary and its XMP.
PRODUCER = "pnp print-and-play generator"
# A node of the structure tree is named by its type and what tells it from its siblings.
NodeKey = tuple[str, int, str, str]
STRUCTURE = {"H1", "H2", "H3", "P", "LI", "Lbl", "Figure", "Caption", "TH", "TD"}
ARTIFACT_TYPES = {"Pagination", "Layout", "Page"}


def role_of(shape: Shape) -> Role | None:
    """A shape's role; a window onto a drawing (a Clip) or a group without one takes the
    first of what it shows."""
    if shape.role is not None or not isinstance(shape, (Clip, Group)):
        return shape.role
    return next((r for r in map(role_of, shape.shapes) if r is not None), None)


def chain(role: Role) -> list[tuple[str, NodeKey]]:
    """The structure elements, outermost first, that a role's content hangs from: a list
    item's text from L > LI > LBody, its bullet from L > LI > Lbl; a table's cell from
    Table > TR > TH or TD, its caption from Table > Caption."""
    own: NodeKey = (role.kind, role.element, role.text, role.group)
    if role.table is not None:
        table: NodeKey = ("Table", 0, "", role.table.table)
        if role.table.row is None:
            return [("Table", table), (role.kind, own)]
        row: NodeKey = ("TR", role.table.row, "", role.table.table)
        return [("Table", table), ("TR", row), (role.kind, own)]
    if role.kind in ("LI", "Lbl"):
        item: NodeKey = ("LI", role.element, role.text, role.group)
        return [("L", ("L", 0, "", role.group)), ("LI", item),
                ("LBody" if role.kind == "LI" else "Lbl", own)]
    return [(role.kind, own)]


SOFT_HYPHEN = "\u00ad"


def soft_hyphens(shapes: Sequence[Shape]) -> Sequence[Shape]:
    """The shapes with each hyphen that breaks a word at a line's end drawn as a soft
    hyphen (U+00AD), which is what PDF asks of Tagged PDF (PDF 1.7, 14.8.2.2.3): the hyphen
    is not part of the word, so a screen reader or a search reads it whole ("connecting",
    not "connect-ing"). Vera draws U+00AD with the hyphen's own outline and width: the page
    prints the same. A hyphen breaks a word where a text of one element ends in a letter
    and a hyphen, and the element's next text, on another line, goes on with a letter (the
    line breaker splits no word that holds a hyphen of its own)."""
    out = list(shapes)
    last: dict[Role, int] = {}
    for n, shape in enumerate(shapes):
        if not isinstance(shape, Text) or shape.role is None or shape.role.kind == ARTIFACT:
            continue
        before = last.get(shape.role)
        last[shape.role] = n
        if before is None:
            continue
        head = out[before]
        assert isinstance(head, Text)
        if (head.text[-2:-1].isalpha() and head.text.endswith("-") and not head.angle
                and shape.text[:1].isalpha()
                and abs(head.position.y - shape.position.y) > 1e-6):
            out[before] = replace(head, text=head.text[:-1] + SOFT_HYPHEN)
    return out


def _space_after(last: Text, following: Text | None, draw_one: Callable[[Shape], None]) -> None:
    """An unseen space after a run of text where a word ends: at a line's end (unless it
    ends in a hyphen), or before the next run on the line where there is room for one. The
    setter leaves spaces out and places the words; a reader of the text (poppler, a screen
    reader) needs them. A space glyph has no ink: the page prints as before."""
    if last.angle or not last.text or last.text.endswith(("-", " ", SOFT_HYPHEN)):
        return
    width = text_width(last.text, last.size, role=last.font)
    end = last.position.x + width * (1.0 - BEFORE_ANCHOR[last.anchor])
    if following is not None and abs(following.position.y - last.position.y) < 1e-6 and (
            following.angle or following.position.x - end < 0.15 * last.size):
        return                                  # the next run goes on in the same word
    # Set back by its own width, over the word's last letter: inkless, it stays inside the
    # line's extent, so a preflight's safe zone sees no text further out than before.
    space = text_width(" ", last.size, role=last.font)
    draw_one(Text(Point(end - space, last.position.y), " ", last.size, last.colour, last.font))


@dataclass
class _Node:
    kind: str
    key: NodeKey
    alt: str = ""
    children: list[_Node] = field(default_factory=list)
    content: list[tuple[int, int]] = field(default_factory=list)   # (page, mcid)
    order: list[Any] = field(default_factory=list)   # children and content as they come
    scope: str = ""                 # a header cell's: Column or Row


def _complete_tables(nodes: list[_Node]) -> None:
    """Each table's rows made whole: the cells to write in hold nothing yet, so no mark
    names them; they are added, empty, as data cells (TD), so that every row has as many
    cells as the headings have columns (PDF/UA-1 7.5). Header cells say what they head: the
    first row's its column, the others' their row."""
    for node in nodes:
        if node.kind != "Table":
            _complete_tables(node.children)
            continue
        rows = [kid for kid in node.children if kid.kind == "TR"]
        width = max((len(row.children) for row in rows), default=0)
        for row in rows:
            cells = {cell.key[1]: cell for cell in row.children}
            for cell in cells.values():
                cell.scope = "Column" if row.key[1] == 0 else "Row" if cell.kind == "TH" else ""
            row.children = [cells.get(c) or _Node("TD", ("TD", c, "", row.key[3]))
                            for c in range(width)]
            row.order = list(row.children)


class Marks:
    """The marked content of one PDF, page by page, and the structure it is written into."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.pages: list[list[Role]] = []    # each page's marked sequences, by MCID
        self._loose = 0                      # counts the untagged texts, each its own element
        self.drawn: dict[str, set[str]] = {}  # each face's characters, for its ToUnicode map
        self._walked: dict[int, tuple[Shape, ...]] = {}   # the groups whose characters are in

    def _role(self, shape: Shape) -> Role:
        role = role_of(shape)
        if role is not None and (role.kind in STRUCTURE or role.kind == ARTIFACT):
            return role
        if isinstance(shape, Text) and (role is None or role.kind != ARTIFACT):
            self._loose += 1
            return Role("P", -self._loose, shape.text, page=role.page if role else 0)
        return Role(ARTIFACT, group="Layout", page=role.page if role else 0)

    def draw(self, canvas: Any, shapes: Sequence[Shape],
             *, paint: Callable[[Shape], None]) -> None:
        """Draw a page's shapes with paint, each run of one element's shapes marked."""
        def draw_one(shape: Shape) -> None:
            drawn_characters((shape,), self.drawn, walked=self._walked)   # the ToUnicode maps
            paint(shape)

        marks: list[Role] = []
        current: Role | None = None
        last: Text | None = None          # the last text of the open sequence
        for shape in soft_hyphens(shapes):
            role = self._role(shape)
            if role != current or role.kind == "P" and role.element < 0:
                if current is not None:
                    if last is not None and current.kind != ARTIFACT:
                        _space_after(last, None, draw_one)
                    canvas.addLiteral("EMC")
                last = None
                if role.kind == ARTIFACT:
                    kind = role.group if role.group in ARTIFACT_TYPES else "Layout"
                    extra = " /Subtype /Footer" if role.text and kind == "Pagination" else ""
                    canvas.addLiteral(f"/Artifact <</Type /{kind}{extra}>> BDC")
                else:
                    tag = chain(role)[-1][0]
                    canvas.addLiteral(f"/{tag} <</MCID {len(marks)}>> BDC")
                    marks.append(role)
                current = role
            if isinstance(shape, Text) and current.kind != ARTIFACT:
                if last is not None:
                    _space_after(last, shape, draw_one)
                last = shape
            draw_one(shape)
        if current is not None:
            if last is not None and current.kind != ARTIFACT:
                _space_after(last, None, draw_one)
            canvas.addLiteral("EMC")
        self.pages.append(marks)

    def tree(self) -> list[_Node]:
        """The structure's top elements in reading order, each with its children and the
        marked content it holds."""
        reading = sorted(((role.page, page, mcid, role)
                          for page, marks in enumerate(self.pages)
                          for mcid, role in enumerate(marks)), key=lambda m: m[:3])
        top: list[_Node] = []
        known: dict[tuple[NodeKey, ...], _Node] = {}
        for _, page, mcid, role in reading:
            if role.kind == "H1":
                # A page's heading is its own, though the next page repeats it word for word.
                role = replace(role, element=page)
            links = chain(role)
            if role.kind == "H1" and (links[0][1],) not in known:
                known.clear()              # a new sheet: its elements are its own
            path: tuple[NodeKey, ...] = ()
            parent: _Node | None = None
            for kind, key in links:
                path += (key,)
                node = known.get(path)
                if node is None:
                    node = known[path] = _Node(kind, key, role.text if kind == "Figure" else "")
                    if parent is None:
                        top.append(node)
                    else:
                        parent.children.append(node)
                        parent.order.append(node)
                parent = node
            assert parent is not None
            parent.content.append((page, mcid))
            parent.order.append((page, mcid))
        _complete_tables(top)
        return top

    def finish(self, pdf: bytes) -> bytes:
        """The PDF reportlab wrote, with its structure tree and what PDF/UA asks besides."""
        with pikepdf.open(io.BytesIO(pdf)) as out:
            pages = list(out.pages)
            parents: list[list[Any]] = [[None] * len(marks) for marks in self.pages]
            root = out.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructTreeRoot))
            document = out.make_indirect(pikepdf.Dictionary(
                Type=pikepdf.Name.StructElem, S=pikepdf.Name.Document, P=root))

            def write(node: _Node, parent: Any) -> Any:
                first = node.content[0][0] if node.content else None
                elem = out.make_indirect(pikepdf.Dictionary(
                    Type=pikepdf.Name.StructElem, S=pikepdf.Name("/" + node.kind), P=parent))
                if first is not None:
                    elem.Pg = pages[first].obj
                if node.kind == "Figure":
                    elem.Alt = pikepdf.String(node.alt or self.doc.title)
                if node.scope:
                    elem.A = pikepdf.Dictionary(O=pikepdf.Name.Table,
                                                Scope=pikepdf.Name("/" + node.scope))
                kids = []
                for part in node.order:
                    if isinstance(part, _Node):
                        kids.append(write(part, elem))
                        continue
                    page, mcid = part
                    parents[page][mcid] = elem
                    kids.append(mcid if page == first else pikepdf.Dictionary(
                        Type=pikepdf.Name.MCR, Pg=pages[page].obj, MCID=mcid))
                # One kid stands alone, as the format allows (and pdfua 0.1.3 reads a heading's
                # text only then: an array in /K makes its heading check stop with an error).
                if kids:
                    elem.K = kids[0] if len(kids) == 1 else pikepdf.Array(kids)
                return elem

            document.K = pikepdf.Array([write(node, document) for node in self.tree()])
            nums: list[Any] = []
            for n, (page, elems) in enumerate(zip(pages, parents, strict=True)):
                page.obj.StructParents = n
                page.obj.Tabs = pikepdf.Name.S
                nums += [n, out.make_indirect(pikepdf.Array(elems))]
            root.K = document
            root.ParentTree = out.make_indirect(pikepdf.Dictionary(Nums=pikepdf.Array(nums)))
            root.ParentTreeNextKey = len(pages)
            rewrite(pages, self.drawn)
            write_outline(out, self.doc)
            catalog = out.Root
            catalog.StructTreeRoot = root
            catalog.MarkInfo = pikepdf.Dictionary(Marked=True)
            catalog.Lang = pikepdf.String(self.doc.lang)
            if "/ViewerPreferences" not in catalog:
                catalog.ViewerPreferences = pikepdf.Dictionary()
            catalog.ViewerPreferences.DisplayDocTitle = True
            catalog.Metadata = out.make_indirect(pikepdf.Stream(out, xmp(self.doc).encode()))
            catalog.Metadata.Type = pikepdf.Name.Metadata
            catalog.Metadata.Subtype = pikepdf.Name.XML
            if self.doc.licence:     # a key of its own in the Info dictionary
                out.docinfo.Licence = pikepdf.String(self.doc.licence)
            written = io.BytesIO()
            # The XMP is already as pikepdf would write it back (see xmp): it need not be
            # read again for a version number it does not carry.
            out.save(written, deterministic_id=True, compress_streams=True,
                     fix_metadata_version=False,
                     object_stream_mode=pikepdf.ObjectStreamMode.preserve)
            return written.getvalue()


# An XMP element: its name and attributes, and its text or the elements inside it.
XmpNode = tuple[str, str, "str | list[XmpNode]"]
NAMESPACES = (' xmlns:dc="http://purl.org/dc/elements/1.1/"'
              ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/"'
              ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"'
              ' xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"')


def _pretty(node: XmpNode, depth: int = 0) -> str:
    """An element as lxml's pretty printer writes it: two spaces a level, text inline, an
    empty element closed in its own tag."""
    name, attributes, inner = node
    indent = "  " * depth
    if isinstance(inner, str):
        if not inner:
            return f"{indent}<{name}{attributes}/>\n"
        text = escape(inner).replace("\r", "&#13;")
        return f"{indent}<{name}{attributes}>{text}</{name}>\n"
    children = "".join(_pretty(child, depth + 1) for child in inner)
    return f"{indent}<{name}{attributes}>\n{children}{indent}</{name}>\n"


def xmp(doc: Document) -> str:
    """The document's metadata as XMP: its title, author and subject as the Info dictionary
    gives them, and the PDF/UA-1 identifier.

    Written as pikepdf writes XMP back (lxml's pretty printing, the packet's ends on lines of
    their own), so saving needs no pass that parses it and writes it again: that pass, and
    the import of lxml it needs, cost a kit 25 ms."""
    def alt(text: str) -> list[XmpNode]:
        return [("rdf:Alt", "", [("rdf:li", ' xml:lang="x-default"', text)])]
    fields: list[XmpNode] = [
        ("dc:title", "", alt(doc.title)),
        ("dc:creator", "", [("rdf:Seq", "", [("rdf:li", "", doc.author)])]),
        ("dc:description", "", alt(doc.subject)),
        ("dc:language", "", [("rdf:Bag", "", [("rdf:li", "", doc.lang)])]),
        *([("dc:rights", "", alt(doc.licence))] if doc.licence else []),
        ("pdf:Producer", "", PRODUCER),
        ("pdf:Keywords", "", ", ".join(doc.keywords)),
        ("xmp:CreatorTool", "", PRODUCER),
        ("pdfuaid:part", "", "1"),
    ]
    tree: XmpNode = ("x:xmpmeta", ' xmlns:x="adobe:ns:meta/"', [
        ("rdf:RDF", ' xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"', [
            ("rdf:Description", NAMESPACES + ' rdf:about=""', fields)])])
    return ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
            + _pretty(tree) + '\n<?xpacket end="w"?>\n')
