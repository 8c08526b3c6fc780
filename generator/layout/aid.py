"""Player aids: a turn's choices on a card each player keeps at hand, poker size as a
published game's aid cards are, set in the room a rule sheet's last page leaves below its
text (Nex's second page was a third full). Cut out along the grey lines; the two cards
share their middle cut. Where the page has no such room, the sheet is left as it is."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.geometry import Point
from generator.core.palette import Palette
from generator.core.paper import Paper
from generator.core.scene import (
    ARTIFACT,
    SMALLEST_TEXT,
    Page,
    Paint,
    Role,
    Shape,
    Text,
    segments,
)
from generator.layout import cutsheet, sheet, tiling

CARD = (63.0, 88.0)      # mm, upright: a poker card
PADDING = 4.5            # mm inside the card's cut
TITLE = 4.2              # mm, ~12 pt
BODY = 3.3               # mm, ~9.4 pt: the rule sheet's body; smaller only to fit, to 6 pt
LEADING = 1.3
ELEMENT = 7              # the aid's elements, apart from the rule sheet's
GAP = 5.0                # mm between the rules' text and the cards' cuts


@dataclass(frozen=True)
class Aid:
    """What a player aid says, in its game's words: its title and its paragraphs, the
    rule sheet's own sentences (a paragraph's "**lead:**" set bold on a line of its own)."""
    title: str
    lines: tuple[str, ...]


def content_bottom(page: Page, paper: Paper) -> float:
    """The lowest point of what the page holds above its footer."""
    footer_top = paper.height - paper.margin - sheet.FOOTER_HEIGHT - 1.0
    bottoms = [b[3] for b in map(tiling.bounds, page.shapes) if b[1] < footer_top]
    return max(bottoms, default=paper.margin)


def _set(aid: Aid, size: float, width: float) -> list[tuple[str, str, float]]:
    """The card's lines as (text, font, size)."""
    lines: list[tuple[str, str, float]] = [(t, "bold", TITLE)
                                           for t in sheet.wrap_words(aid.title, TITLE, width=width,
                                                                     font="bold")]
    for paragraph in aid.lines:
        lead = LEAD.match(paragraph)
        if lead:
            lines += [(t, "lead", size) for t in sheet.wrap_words(lead.group(1), size, width=width,
                                                                 font="bold")]
            paragraph = paragraph[lead.end():]
        lines += [(t, "regular", size) for t in sheet.wrap_words(paragraph, size, width=width)]
    return lines


LEAD = re.compile(r"\*\*(.+?)\*\*\s*")


def _height(lines: Sequence[tuple[str, str, float]]) -> float:
    """From the card's top padding to its last line's foot."""
    return sum(size * LEADING + (1.0 if font == "bold" else 0.0) for _t, font, size in lines)


def cards(aid: Aid, x: float, *, y: float, colours: Palette, count: int) -> list[Shape] | None:
    """`count` aid cards side by side from (x, y), their cuts shared; None where the words
    do not fit a card at 6 pt or more."""
    width, height = CARD
    room = width - 2 * PADDING
    size = BODY
    while size >= SMALLEST_TEXT:
        lines = _set(aid, size, room)
        if _height(lines) + 2 * PADDING <= height:
            break
        size -= 0.1
    else:
        return None
    shapes: list[Shape] = []
    for n in range(count):
        left, baseline = x + n * width + PADDING, y + PADDING + TITLE * 0.8
        for text, font, s in lines:
            # The first card is read (its own elements, apart from the rule sheet's same
            # sentences); its copies, for the other players, are page furniture.
            role = (Role("H3" if font == "bold" else "P", ELEMENT, text) if n == 0
                    else Role(ARTIFACT, group="Layout"))
            shapes.append(Text(Point(left, baseline), text, s, colours["ink"],
                               "regular" if font == "regular" else "bold", role=role))
            baseline += s * LEADING + (1.0 if font == "bold" else 0.0)
    paint = Paint(stroke=colours["cut line"], width=cutsheet.CUT_WIDTH, round_caps=False,
                  cut=True)
    # Cut lines all round (no crop marks: nothing is printed to the edge to trim).
    shapes.append(segments(cutsheet.grid_cuts(x, y, width=width, height=height, count=count,
                                                   columns=count), paint))
    return shapes


def on_last_page(pages: Sequence[Page], aid: Aid, *, paper: Paper, colours: Palette,
                 count: int = 2) -> list[Page]:
    """The pages with `count` aid cards (one a player) below the last page's text, centred
    across the page, where they fit between it and the footer."""
    last = pages[-1]
    top = content_bottom(last, paper) + GAP
    bottom = paper.height - paper.margin - sheet.FOOTER_HEIGHT - GAP / 2
    width, height = CARD
    if bottom - top < height or count * width > paper.inner_width:
        return list(pages)
    x = (paper.width - count * width) / 2
    drawn = cards(aid, x, y=top, colours=colours, count=count)
    if drawn is None:
        return list(pages)
    return [*pages[:-1], Page(last.width, last.height, (*last.shapes, *drawn), last.name)]
