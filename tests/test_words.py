"""What the printed pages say: rule sheets, pads and boards speak to players only, and the
PDFs credit each designer with the game without naming them as the sheets' author."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator import render
from generator.app.documents import make_document
from generator.core.palette import COLOUR
from generator.core.paper import PAPERS
from generator.core.scene import Document
from generator.games import GAMES
from generator.layout.textlayout import typeset

PNP = [sys.executable, "-m", "generator.ui.cli"]

# Words of the command line and of the kit's workshop, which belong in the README.
NOT_FOR_PLAYERS = {
    "a pnp command": re.compile(r"\bpnp\b"),
    "an option": re.compile(r"--\w"),
    "testing": re.compile(r"\btest(s|ed|ing)?\b", re.IGNORECASE),
    "commands": re.compile(r"\bcommands?\b", re.IGNORECASE),
    "the judge program": re.compile(r"\bjudge\b", re.IGNORECASE),
    "a file argument": re.compile(r"\bFILE\b"),
}


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def workshop_words(text: str) -> list[str]:
    """Each kind of word not meant for players, with the text around its first use."""
    found = []
    for kind, pattern in NOT_FOR_PLAYERS.items():
        m = pattern.search(text)
        if m:
            found.append(f"{kind}: ...{text[max(0, m.start() - 40):m.end() + 40]!r}...")
    return found


def kit_pdf(tmp_path: Path, key: str, variant: str, options) -> Path:
    game = GAMES[key]
    doc = make_document(game, "kit", options, PAPERS["a4"])
    return render.save(doc, tmp_path / f"{key}-{variant}.pdf", "pdf", "kit")[0]


VARIANTS = [(key, variant, options) for key, game in sorted(GAMES.items())
            for variant, options in game.variants()]


@pytest.mark.parametrize("key, variant, options", VARIANTS,
                         ids=[f"{k}-{v}" for k, v, _ in VARIANTS])
def test_every_kit_speaks_to_players_only(tmp_path, key, variant, options):
    # The kit holds the rule sheet, the board, the pad and the pieces or puzzle.
    text = pdf_text(kit_pdf(tmp_path, key, variant, options))
    assert "Credits" in text            # the rule sheet is there to read
    assert workshop_words(text) == []


def test_the_check_finds_workshop_words_in_a_printed_sheet(tmp_path):
    # Control: sentences of the kind the rule sheets used to carry, set and printed.
    markup = ("# A game\nA move list can be checked with *pnp judge nex FILE*; the *--neutral* "
              "option prints the board, and the kit's tests check tens of thousands of boards. "
              "The command line has more.\n")
    pages = typeset(markup, {}, PAPERS["a4"], COLOUR)
    out = render.save(Document(tuple(pages), "A game", "pnp"), tmp_path / "bad.pdf", "pdf",
                      "bad")[0]
    found = workshop_words(pdf_text(out))
    assert [f.split(":")[0] for f in found] == list(NOT_FOR_PLAYERS)
    clean = typeset("# A game\nBlack moves first. A *conversion* takes two neutral stones.\n",
                    {}, PAPERS["a4"], COLOUR)
    out = render.save(Document(tuple(clean), "A game", "pnp"), tmp_path / "good.pdf", "pdf",
                      "good")[0]
    assert workshop_words(pdf_text(out)) == []


def author_credits_the_designer(author: str, designer: str) -> bool:
    """The kit is the author; the designer is named as the game's, not the sheet's."""
    return author.startswith("pnp (") and f"game by {designer})" in author


def test_every_game_credits_its_designer_without_claiming_the_sheet(tmp_path):
    for key, game in GAMES.items():
        out = tmp_path / f"{key}-rules.pdf"
        subprocess.run([*PNP, "rules", key, "-o", str(out)], check=True, capture_output=True)
        info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True,
                              check=True).stdout
        author = re.search(r"^Author:\s+(.*)$", info, re.MULTILINE).group(1)
        assert author_credits_the_designer(author, game.designer), (key, author)
    # Control: the designer alone as author, as before, is refused.
    assert not author_credits_the_designer("Don Kirkby", "Don Kirkby")


def test_blind_hex_names_the_original_work_on_its_sheet_board_and_licence(tmp_path):
    out = tmp_path / "kit.pdf"
    subprocess.run([*PNP, "kit", "blind-hex", "-o", str(out)], check=True, capture_output=True)
    pages = [subprocess.run(["pdftotext", "-f", str(n), "-l", str(n), str(out), "-"],
                            capture_output=True, text=True, check=True).stdout
             for n in (1, 2)]     # the rule sheet, then the board
    for text in pages:
        assert "donkirkby.github.io/blind-hex" in " ".join(text.split())
    info = subprocess.run(["pdfinfo", "-custom", str(out)], capture_output=True, text=True,
                          check=True).stdout
    assert "donkirkby.github.io/blind-hex" in info


def test_bling_is_still_understood_on_the_command_line(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("1 a1 U\n1 b1 U\n")
    judged = {name: subprocess.run([*PNP, "judge", name, str(moves)], capture_output=True,
                                   text=True, check=False) for name in ("blinq", "bling")}
    assert judged["bling"].returncode == 0 and judged["bling"].stdout == judged["blinq"].stdout
    boards = {}
    for name in ("blinq", "bling"):
        out = tmp_path / f"{name}.pdf"
        subprocess.run([*PNP, "board", name, "-o", str(out)], check=True, capture_output=True)
        boards[name] = out.read_bytes()
    assert boards["bling"] == boards["blinq"]
    # Shown as blinq only.
    for args in (["list"], ["board", "--help"], ["judge", "--help"]):
        shown = subprocess.run([*PNP, *args], capture_output=True, text=True, check=True).stdout
        assert "blinq" in shown and "bling" not in shown.lower(), args
    # Control: a name that is neither is refused.
    wrong = subprocess.run([*PNP, "board", "blink"], capture_output=True, text=True, check=False)
    assert wrong.returncode == 2 and "'blink' is not one of" in wrong.stderr
