"""The small Markdown subset rule sheets are written in, read into blocks.

The subset is what the templates need and no more:
  # Title            (spans both columns, first page)
  ## Heading
  ### Subheading
  - bullet item
  [figure NAME]      (a drawing the game supplies, with its caption)
  blank-line separated paragraphs, with **bold** and *italic* inline.
A line ending in a backslash continues the same block (templates use it for long sentences).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.core.scene import FontRole


@dataclass(frozen=True)
class Block:
    kind: str  # title, heading, subheading, paragraph, bullet, figure
    text: str


_INLINE = re.compile(r"(\*\*[^*]+\*\*|\*[^*]+\*)")


def parse(markup: str) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("paragraph", " ".join(para)))
            para.clear()

    pending = ""
    for raw in markup.splitlines():
        text = pending + raw.strip()
        if text.endswith("\\"):
            pending = text[:-1].rstrip() + " "
            continue
        pending = ""
        if not text:
            flush()
        elif text.startswith("### "):
            flush()
            blocks.append(Block("subheading", text[4:]))
        elif text.startswith("## "):
            flush()
            blocks.append(Block("heading", text[3:]))
        elif text.startswith("# "):
            flush()
            blocks.append(Block("title", text[2:]))
        elif text.startswith("- "):
            flush()
            blocks.append(Block("bullet", text[2:]))
        elif re.fullmatch(r"\[figure [\w-]+\]", text):
            flush()
            blocks.append(Block("figure", text[8:-1]))
        elif para or not blocks or blocks[-1].kind != "bullet" or not raw.startswith("  "):
            para.append(text)
        else:  # an indented line continues the bullet above it
            blocks[-1] = Block("bullet", blocks[-1].text + " " + text)
    flush()
    return blocks


Run = tuple[str, FontRole]


def runs(text: str, base: FontRole = "regular") -> list[Run]:
    out: list[Run] = []
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("**"):
            out.append((part[2:-2], "bold" if base == "regular" else "bolditalic"))
        elif part.startswith("*"):
            out.append((part[1:-1], "italic" if base == "regular" else "bolditalic"))
        else:
            out.append((part, base))
    return out


# A paragraph that opens with its number ("**2. A portal loop…**") is an item of a list.
_NUMBERED = re.compile(r"^\**\s*\d+[.)]\s")


def list_item(block: Block) -> bool:
    return block.kind == "bullet" or (block.kind == "paragraph"
                                      and bool(_NUMBERED.match(block.text)))


def lead_in(block: Block) -> bool:
    """A paragraph ending in a colon: it introduces what follows (a list, as a rule)."""
    return block.kind == "paragraph" and block.text.rstrip("*_ ").endswith(":")
