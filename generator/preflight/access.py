"""What a PDF offers a reader who does not see the page: whether it is tagged, its language,
whether a viewer shows its title, its figures' alternative text, its headings' order and its
tables' header cells (PDF/UA-1, ISO 14289-1: 7.1, 7.2, 7.3, 7.4, 7.5; the Matterhorn
Protocol's checkpoints 01, 06, 07, 11, 13, 14, 15).

Read in the preflight's child process with the rest of the file (generator.preflight.reader),
and bounded like it: the structure tree is walked without recursion, at most ELEMENTS
elements and DEPTH levels deep, and a tree that goes further is said to be read in part.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import islice

import pikepdf

ELEMENTS = 100_000
DEPTH = 100
HEADING = re.compile(r"/H([1-6])")


@dataclass
class AccessFacts:
    tagged: bool = False          # MarkInfo /Marked true, and a structure tree that holds
    claims_ua: bool = False       # XMP pdfuaid:part (PDF/UA's identification, 5)
    lang: str = ""                # the catalogue's /Lang
    title_shown: bool = False     # ViewerPreferences /DisplayDocTitle true
    elements: int = 0             # structure elements read
    figures: int = 0
    figures_undescribed: int = 0  # without /Alt or /ActualText
    headings: list[int] = field(default_factory=list)   # levels, in the tree's order
    tables: int = 0
    tables_headless: int = 0      # tables with no TH cell
    headers_unscoped: int = 0     # TH cells of a table with no /Scope, /Headers or /ID
    read_in_part: str = ""        # why the walk stopped early, if it did


def access_facts(pdf: pikepdf.Pdf, claims_ua: bool) -> AccessFacts:
    """The facts of an open pikepdf document; claims_ua from its XMP packet."""
    root = pdf.Root
    facts = AccessFacts(claims_ua=claims_ua)
    marked = root.get("/MarkInfo")
    tree = root.get("/StructTreeRoot")
    facts.lang = str(root.get("/Lang", "")).strip() if "/Lang" in root else ""
    prefs = root.get("/ViewerPreferences")
    facts.title_shown = isinstance(prefs, pikepdf.Dictionary) and \
        bool(prefs.get("/DisplayDocTitle", False))
    if not isinstance(tree, pikepdf.Dictionary):
        return facts
    facts.tagged = isinstance(marked, pikepdf.Dictionary) and \
        bool(marked.get("/Marked", False)) and tree.get("/K") is not None
    _walk(tree, facts)
    return facts


def _kids(elem: pikepdf.Dictionary) -> list[pikepdf.Dictionary]:
    kids = elem.get("/K")
    if isinstance(kids, pikepdf.Array):
        return [kid for kid in islice(kids, ELEMENTS) if isinstance(kid, pikepdf.Dictionary)]
    return [kids] if isinstance(kids, pikepdf.Dictionary) else []


def _walk(tree: pikepdf.Dictionary, facts: AccessFacts) -> None:
    """Every structure element in the tree's order (depth first), counted and looked at."""
    stack: list[tuple[pikepdf.Dictionary, int]] = [(kid, 1) for kid in reversed(_kids(tree))]
    seen: set[tuple[int, int]] = set()      # a tree that loops back on itself ends here
    while stack:
        elem, depth = stack.pop()
        if elem.is_indirect:
            if elem.objgen in seen:
                continue
            seen.add(elem.objgen)
        if str(elem.get("/Type", "/StructElem")) != "/StructElem" or "/S" not in elem:
            continue                          # a marked-content or object reference
        facts.elements += 1
        if facts.elements > ELEMENTS or depth > DEPTH:
            facts.read_in_part = (f"more than {ELEMENTS:,} structure elements"
                                  if facts.elements > ELEMENTS
                                  else f"structure deeper than {DEPTH} levels")
            return
        kind = str(elem.S)
        if kind == "/Figure":
            facts.figures += 1
            if not any(str(elem.get(key, "")).strip() for key in ("/Alt", "/ActualText")):
                facts.figures_undescribed += 1
        elif (level := HEADING.fullmatch(kind)) is not None:
            facts.headings.append(int(level.group(1)))
        elif kind == "/Table":
            _table(elem, facts)
        stack += [(kid, depth + 1) for kid in reversed(_kids(elem))]


def _table(table: pikepdf.Dictionary, facts: AccessFacts) -> None:
    """A table's header cells, looked for in its rows (directly or in THead, TBody, TFoot)."""
    facts.tables += 1
    groups = _kids(table)
    rows = [r for g in groups for r in ([g] if str(g.get("/S")) == "/TR"
                                         else _kids(g))][:ELEMENTS]
    headers = [cell for row in rows for cell in _kids(row)
               if str(cell.get("/S")) == "/TH"][:ELEMENTS]
    if not headers:
        facts.tables_headless += 1
    facts.headers_unscoped += sum(1 for cell in headers if not _scoped(cell))


def _scoped(cell: pikepdf.Dictionary) -> bool:
    """Whether a header cell says what it heads: /Scope in a Table attribute object, or
    the data cells name it by /ID in their /Headers."""
    if "/ID" in cell:
        return True
    found = cell.get("/A")
    attributes = list(found) if isinstance(found, pikepdf.Array) else [found]
    return any(isinstance(a, pikepdf.Dictionary) and "/Scope" in a for a in attributes)


def heading_skip(levels: list[int]) -> str:
    """Where the headings leave their order: a first heading that is not H1, or one that
    goes more than one level deeper than the one before ("H3 after H1"); "" when none
    does (Matterhorn 14-002, 14-003)."""
    if levels and levels[0] != 1:
        return f"the first heading is H{levels[0]}"
    for before, after in zip(levels, levels[1:], strict=False):
        if after > before + 1:
            return f"H{after} after H{before}"
    return ""
