"""The downloads a preview offers, each with its file name, its command and its address,
or why it is refused: the item's formats, the print shop's or a vendor's file, and
everything for the game in one zip."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlencode

from generator.app import params
from generator.core.destinations import PRINT_SHOP
from generator.core.formats import DRAWN, HTML, PDF, ZIP, JsonValue, page_paths
from generator.core.scene import Document, Page
from generator.errors import UserError
from generator.games.items import KIT
from generator.ui.studio import bundles, form, making, puzzle_books, records, words
from generator.ui.studio.form import BadRequest, Request

PROOF_DPI = 100     # the soft proof's pixels per inch: a page's detail on a screen


def proof(query: Mapping[str, list[str]], offered: list[dict[str, JsonValue]], *, number: int
          ) -> str | None:
    """Where the preview is a soft proof (`proof`, for a print shop, which takes CMYK): the
    address of the page as the command line's print-shop PNG shows it, the separated inks
    back on the screen through the press's profile (render/proof.py); else None."""
    if form.one_value(query, "proof") != "true":
        return None
    shop = next(d for d in offered if d["format"] == PRINT_SHOP.key)
    if shop["error"] or shop.get("for") != PRINT_SHOP.key:
        return None
    href = str(shop["href"]).replace(f"format={PDF.name}", "format=png", 1)
    return f"{href}&{urlencode({'dpi': PROOF_DPI, 'page': number})}"


def downloads(request: Request, query: Mapping[str, list[str]], *, doc: Document,
              number: int, canonical: str) -> list[dict[str, JsonValue]]:
    """Each download the item has, with its file name and command, or why not. A record's
    downloads are asked for as its preview was, with the record in the body (`post`)."""
    dpi = (form.one_value(query, "dpi") or "").strip()
    posted = request.record is not None
    if request.record is not None and request.record.name:   # its name names the file
        canonical += "&" + urlencode({records.NAME: request.record.name})
    out = []
    for fmt in request.formats:
        if fmt not in (*DRAWN, HTML):     # data: the command line writes it
            continue
        asked = request.download(fmt, dpi if fmt.pixels else "")
        entry: dict[str, JsonValue] = {"format": fmt.name, "command": asked.command,
                                       "field": "dpi" if fmt.pixels else None,
                                       "post": posted}
        if not fmt.paged:
            entry["name"] = asked.file_name
            entry["href"] = f"download?{canonical}&format={fmt.name}"
        else:
            entry["name"] = page_paths(Path(asked.file_name), len(doc.pages))[number - 1].name
            entry["page"] = number
            at_dpi = "&" + urlencode({"dpi": dpi}) if fmt.pixels and dpi else ""
            entry["href"] = f"download?{canonical}&format={fmt.name}&page={number}{at_dpi}"
        if fmt.pixels:
            entry["error"] = refused_pixels(dpi, doc.pages[number - 1])
        out.append(entry)
    out.append({**shop_entry(request, query, canonical=canonical), "post": posted})
    if posted or request.item == puzzle_books.ITEM:
        return out      # everything for the game is its items, which neither page is
    out.append({"format": bundles.EVERYTHING, "field": None, "error": None,
                "command": None, "href": f"everything?{canonical}",
                "name": everything_name(request), "post": False})
    return out


def everything_name(request: Request) -> str | None:
    """The zip of everything's name, or None where the options are refused (the item's own
    refusal says why)."""
    try:
        return bundles.everything_name(request)
    except UserError:
        return None


def shop_entry(request: Request, query: Mapping[str, list[str]], *, canonical: str
               ) -> dict[str, JsonValue]:
    """The download for a print shop or a vendor (`for`), with its bleed and press: a
    PDF, or the vendor's images as a zip of the files the command writes."""
    bleed, condition = (form.one_value(query, k) or "" for k in ("bleed", "condition"))
    try:
        target = form.destination(request, {"for": [form.one_value(query, "for") or
                                                    PRINT_SHOP.key]})
    except BadRequest as err:
        err.field, err.fields = "for", ("for",)
        return {"format": PRINT_SHOP.key, "field": "for", "error": str(err),
                "name": None, "command": None, "href": None}
    product = target.product(request.kind)
    fmt = (product.formats or (PDF,))[0] if product is not None else PDF
    if product is None and request.item == KIT:
        fmt = ZIP       # a vendor's kit: its products of the kit's items, as one zip
    shop = request.download(fmt, target=target, bleed=bleed.strip(),
                            condition=condition.strip())
    name = Path(shop.file_name).with_suffix(".zip").name if fmt.paged else shop.file_name
    extra = {k: v for k, v in (("for", target.key), ("bleed", bleed.strip()),
                               ("condition", condition.strip())) if v}
    entry: dict[str, JsonValue] = {
        "format": PRINT_SHOP.key, "name": name, "command": shop.command,
        "field": "bleed", "for": target.key, "target": target.described, "kind": fmt.name,
        "href": f"download?{canonical}&format={fmt.name}&{urlencode(extra)}"}
    try:
        shop.checked()
        entry["error"] = None
    except UserError as err:
        refused = form.refusal(shop, err)
        entry["error"], entry["field"] = str(refused), refused.field or "bleed"
    return entry


def refused_pixels(dpi: str, page: Page) -> str | None:
    if not dpi:
        return None
    try:
        making.check_pixels(page.width, page.height, dpi=params.DPI.whole(dpi))
    except params.ParamError as err:
        return words.reason_in_words("dpi", err.reason)
    except BadRequest as err:
        return str(err)
    return None
