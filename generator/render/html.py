"""The web edition of a rule sheet: one self-contained HTML file, read from the same scene
the PDF is drawn from.

The text comes from the shapes' roles (generator.core.scene.Role), which carry each element
as written: headings, paragraphs and list items become <h1>-<h3>, <p> and <ul><li>, set in
reading order (by the page a role is read on, then down each column); figures become inline
SVG with a <title> and a <desc> (the description written from the position drawn), followed
by their captions; the running footer's credit and the document's licence close the page.
No line breaks, hyphens or page furniture of the printed sheet reach it: it reflows to any
width, a phone's included. Nothing is fetched: styles are inline, fonts the reader's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape

from generator.core.scene import ARTIFACT, Document, Role, Shape, Text
from generator.i18n import words
from generator.layout.markdown import runs
from generator.render.svg import figure_svg

STYLE = """
body { font-family: 'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif;
       line-height: 1.5; color: #1a1a1a; background: #fff; margin: 0 auto;
       max-width: 40em; padding: 1em; }
h1 { font-size: 1.8em; line-height: 1.2; margin: 0.5em 0; }
h2 { font-size: 1.3em; margin: 1.4em 0 0.4em; }
h3 { font-size: 1.1em; margin: 1.2em 0 0.3em; }
ul.numbered { list-style: none; padding-left: 0; }
figure { margin: 1em 0; }
figure svg { display: block; width: 100%; max-width: 28em; height: auto; margin: 0 auto; }
figcaption { font-style: italic; color: #333; margin-top: 0.4em; }
footer { border-top: 1px solid #767676; margin-top: 2em; padding-top: 0.5em;
         font-size: 0.9em; color: #333; }
"""


def inline(text: str) -> str:
    """A line of the sheets' markup as HTML: **bold** and *italic*."""
    tags = {"bold": "strong", "italic": "em", "bolditalic": "strong"}
    out = []
    for part, font in runs(text):
        tag = tags.get(font)
        body = escape(part) if font != "bolditalic" else f"<em>{escape(part)}</em>"
        out.append(f"<{tag}>{body}</{tag}>" if tag else body)
    return "".join(out)


def _reading(doc: Document) -> Iterator[tuple[Role, Shape]]:
    """Every shape with its role, in reading order (a loose text is a paragraph)."""
    placed = sorted(((s.role.page if s.role else 0, n, k, s)
                     for n, page in enumerate(doc.pages) for k, s in enumerate(page.shapes)),
                    key=lambda found: found[:3])
    for _page, n, k, shape in placed:
        role = shape.role
        if role is None or not role.kind:
            if not isinstance(shape, Text):
                continue
            role = Role("P", -1 - n * 100000 - k, shape.text)
        yield role, shape


def _elements(doc: Document) -> list[tuple[Role, list[Shape]]]:
    """Each element once, in the order it is first read, with all its shapes."""
    found: dict[tuple[str, int, str, str], tuple[Role, list[Shape]]] = {}
    order: list[tuple[Role, list[Shape]]] = []
    for role, shape in _reading(doc):
        key = (role.kind, role.element, role.text, role.group)
        if role.kind == "H1" and key not in found:
            found.clear()                       # a new sheet: its elements are its own
        if key not in found:
            found[key] = (role, [])
            order.append(found[key])
        found[key][1].append(shape)
    return order


def document_html(doc: Document) -> str:
    """The document as one web page, in its language."""
    body: list[str] = []
    credits: list[str] = []
    open_list = ""
    elements = _elements(doc)
    captions = {(r.element, r.group): r.text for r, _ in elements if r.kind == "Caption"}
    figures = 0
    for role, shapes in elements:
        if role.kind == "LI" and open_list != role.group:
            if open_list:
                body.append("</ul>")
            numbered = not role.text.lstrip("*").startswith(tuple("•-")) and \
                role.text.lstrip("* ")[:1].isdigit()
            body.append('<ul class="numbered">' if numbered else "<ul>")
            open_list = role.group
        elif role.kind not in ("LI", "Lbl", ARTIFACT) and open_list:
            # Page furniture is not read: a page's footer, met in reading order where a
            # list runs on over a page break, does not end the list.
            body.append("</ul>")
            open_list = ""
        if role.kind in ("H1", "H2", "H3"):
            level = role.kind[1]
            body.append(f"<h{level}>{inline(role.text)}</h{level}>")
        elif role.kind == "P":
            body.append(f"<p>{inline(role.text)}</p>")
        elif role.kind == "LI":
            body.append(f"<li>{inline(role.text)}</li>")
        elif role.kind == "Figure":
            figures += 1
            caption = captions.get((role.element, role.group), "")
            title = caption.replace("**", "").replace("*", "") or doc.title
            svg = figure_svg(shapes, title, desc=role.text or title, ident=f"figure-{figures}")
            body.append(f"<figure>{svg}"
                        + (f"<figcaption>{inline(caption)}</figcaption>" if caption else "")
                        + "</figure>")
        elif role.kind == ARTIFACT and role.text and role.text not in credits:
            credits.append(role.text)
    if open_list:
        body.append("</ul>")
    licence = doc.licence and f"<p>{escape(doc.licence)}.</p>"
    made = escape(words(doc.lang)._("Made to print and play with pnp."))
    footer = "".join(f"<p>{inline(text)}</p>" for text in credits) + (licence or "") + \
        f"<p>{made}</p>"
    return (f'<!DOCTYPE html>\n<html lang="{escape(doc.lang)}">\n<head>\n'
            f'<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(doc.title)}</title>\n"
            f'<meta name="description" content="{escape(doc.subject)}">\n'
            f'<meta name="author" content="{escape(doc.author)}">\n'
            f"<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
            + "\n".join(body)
            + f"\n</main>\n<footer>{footer}</footer>\n</body>\n</html>\n")
