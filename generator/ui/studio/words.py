"""The studio's words: labels, help and choice names written for a form, and the command
line's refusals said without its option flags.

The command line's help (generator/app/params.py) speaks of flags, metavars and formats;
a form speaks of what a person sees. Everything here is keyed by the parameter's name, so a
new parameter falls back to its own help until it is given words here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from generator.app.puzzle_request import (
    DEFAULT_SEED,
    MOST_COUNT,
    MOST_SECONDS,
    MOST_TOTAL,
)
from generator.core.units import MM_PER_INCH

# What each control is called, by parameter name.
LABELS = {
    "size": "Size", "numbers": "Numbers", "edition": "Edition", "seed": "Board number",
    "coordinates": "Letters and numbers round the board", "window": "Window radius",
    "neutral": "Neutral block", "swap": "Swap rule", "paper": "Paper", "palette": "Colours",
    "lang": "Language", "copies": "Copies", "cell": "Cell size (mm)",
    "tile": "Tile over several sheets", "extras": "Also in the booklet",
    "dpi": "Resolution (dpi)", "bleed": "Bleed (mm)", "for": "Printed by",
    "condition": "Press", "proof": "Preview as the press prints it",
    "backs": "Two-sided sheets", "back_offset": "Move the backs (mm)",
    "games": "Other games' rules too", "everything": "Every game, with a cover and contents",
    "every": "Moves a diagram", "variations": "Variations, how deep",
    "count": "Puzzles", "budget": "Seconds a puzzle, at most",
    "total": "Seconds for the book, at most", "book-seed": "Book number",
    "booklet-paper": "Paper",
}
# Where one item names a parameter its own way: the words' key for (item, parameter).
ITEM_WORDS = {("booklet", "paper"): "booklet-paper", ("puzzles", "paper"): "booklet-paper",
              ("puzzles", "seed"): "book-seed"}
# Where one game names a parameter its own way.
GAME_LABELS = {("hex-kb", "seed"): "Puzzle number"}

# Help under each control, by parameter name; "{game}" is the game's own help, "{range}" the
# range its help gives. A game option not listed keeps its game's help.
HELP = {
    "size": "Cells along each side: {range}.",
    "numbers": "How many hash-mark numbers the board uses: {range}.",
    "coordinates": "",
    "seed": "Each number gives another board; the same number, the same board.",
    "paper": "A named size, or “Other size”: width × height in millimetres or inches "
             "(100 to 1500 mm a side). Boards turn sideways when that gives a larger board.",
    "palette": "Ink saver tints large areas lightly; colour-blind safe keeps the two sides "
               "apart for every kind of colour vision and in grey.",
    "lang": "The language of everything printed.",
    "copies": "How many of this item to print, 1 to {copies}.",
    "cell": "Cells this many millimetres across, flat side to flat side. Empty: as large as "
            "the paper allows.",
    "tile": "With a cell size, print a board larger than the paper over overlapping sheets, "
            "with crosshairs to line them up.",
    "extras": "The game's other items, after its rules.",
    "dpi": "Pixels per inch of the picture, 36 to 1200; 300 when empty.",
    "bleed": "How far the print runs past the trim on every side, 0 to 10 mm; 3 mm (1/8 "
             "inch on inch papers) when empty.",
    "backs": "How the sheets with a back (card fronts and backs, a puzzle and its solution) "
             "print. Both sides: double-sided, turned over on the long edge. Folded: fronts "
             "and backs side by side, to fold and glue, for a printer that cannot print both "
             "sides. Calibration sheet: only the sheet that measures "
             "how far the backs land off their fronts.",
    "back_offset": "Two numbers, right and up, such as 1.5,-0.5: how far to move every back "
                   "page, as seen on the back, for a printer whose backs land off their "
                   "fronts (the calibration sheet measures them). Empty: no move.",
    "games": "Their rules follow this game's, in the same booklet.",
    "for": "A print shop takes CMYK PDF/X-1a; a vendor its own templates: The Game Crafter "
           "and MakePlayingCards images (a zip of them), DriveThruCards and DriveThruRPG "
           "CMYK PDFs, Lulu an sRGB PDF.",
    "condition": "The printing conditions the colours are separated for: coated offset in "
                 "Europe (FOGRA39), GRACoL or SWOP in North America. Automatic: FOGRA39 on "
                 "metric papers, GRACoL on inch papers.",
    "proof": "The preview shows the inks a print shop's press prints, back on the screen "
             "(a soft proof).",
    "everything": "All the games' rules in one booklet, whichever are ticked above.",
    "booklet-paper": "Sheets folded in half: A5 pages on A4, or half-letter pages on Letter.",
    "every": "A diagram every so many moves, {range}.",
    "count": f"How many puzzles, 1 to {MOST_COUNT}.",
    "budget": f"The solver's time for one position, 0.1 to {MOST_SECONDS:g}; a position "
              f"it cannot prove in it is no puzzle.",
    "total": f"The solving of the whole book, 1 to {MOST_TOTAL:g}; the book's own puzzles "
             f"are proven within a count of positions, so this only stops a slow machine.",
    "book-seed": "Each number gives another book of puzzles from games of its own; the same "
                 "number, the same book.",
    "variations": "Each variation in diagrams of its own: 1 those off the main line, 2 "
                  "theirs too, and so on; 0 the main line alone ({range}).",
}

# How a choice is shown, by parameter name and value (the value itself otherwise).
CHOICES: dict[str, dict[str, str]] = {
    "lang": {"en": "English", "pt": "Português", "es": "Español", "de": "Deutsch"},
    "palette": {"colour": "Colour", "ink-saver": "Ink saver",
                "colour-blind": "Colour-blind safe"},
    "edition": {"cards": "Cards", "pennies": "Pennies"},
    "backs": {"duplex": "Both sides", "gutter-fold": "Folded",
              "calibrate": "Calibration sheet"},
    "paper": {"a3": "A3 (297 × 420 mm)", "a4": "A4 (210 × 297 mm)", "a5": "A5 (148 × 210 mm)",
              "letter": "Letter (8.5 × 11 in)", "8.5x14in": "Legal (8.5 × 14 in)",
              "tabloid": "Tabloid (11 × 17 in)"},
    "booklet-paper": {"a4": "A4 (A5 pages)", "letter": "Letter (half-letter pages)"},
    "for": {"print-shop": "A print shop", "thegamecrafter": "The Game Crafter",
            "drivethrucards": "DriveThruCards", "makeplayingcards": "MakePlayingCards",
            "lulu": "Lulu", "drivethrurpg": "DriveThruRPG"},
    "condition": {"": "Automatic", "fogra39": "Coated offset, Europe (FOGRA39)",
                  "gracol": "Coated offset, North America (GRACoL 2006)",
                  "swop": "Web offset, North America (SWOP)"},
}

# Each item as the form names it: the game's own word for its pieces (Nex's counters, the
# blocks Blinq's rules speak of).
ITEM_LABELS = {"rules": "Rules", "board": "Board", "pad": "Score pad", "counters": "Counters",
               "tiles": "Blocks", "puzzle": "Puzzle", "kit": "Kit (every item)",
               "booklet": "Booklet", "record": "Record", "puzzles": "Puzzle book"}
ITEM_HELP = {
    "rules": "The rule sheet.",
    "board": "The board to play on.",
    "pad": "A score pad for a series of games.",
    "counters": "Counters to cut out: the pieces of the game.",
    "tiles": "Blocks to cut out: the pieces of the game.",
    "puzzle": "A puzzle and, on the next page, its solution.",
    "kit": "Every item in one PDF, to print in one go.",
    "booklet": "The rules folded into an A5 booklet, to print on both sides and staple.",
    "record": "A played game as a study booklet: its diagrams, variations, comments and "
              "moves.",
    "puzzles": "A booklet of puzzles whose every answer the solver proves, the answers at "
               "the back. Solving takes a few seconds.",
}
# The record's own control (the record item's): a file, or text pasted.
RECORD = {
    "label": "Record",
    "file_label": "A record's file",
    "text_label": "Or paste the record",
    "help": "An SGF file (HexGui, MoHex, Little Golem) or, pasted, its SGF text or a Trmph or "
            "HexWorld link; Nex and Hex KB take the project's move lists. A Little Golem "
            "game's address needs the network, which the studio does not use: save the "
            "game's SGF from Little Golem and choose or paste that. Up to 256 KiB.",
    "placeholder": "(;FF[4]GM[11]SZ[11];B[f6];W[e7]) or https://trmph.com/hex/board#11,f6e7",
}

# What an empty control stands for, where the request decides (the help says the same).
PLACEHOLDERS = {"dpi": "300", "bleed": "3 mm", "cell": "largest that fits",
                "window": "the game's own", "back_offset": "0,0",
                "book-seed": str(DEFAULT_SEED)}


def placeholder(name: str, default: str) -> str:
    return default or PLACEHOLDERS.get(name, "")


# How a sentence names a parameter, where the command line writes its flag.
SAID = {
    "size": "the size", "numbers": "the numbers", "edition": "the edition",
    "seed": "the board number", "window": "the window radius", "neutral": "the neutral block",
    "paper": "the paper", "palette": "the colours", "lang": "the language", "copies": "copies",
    "cell": "the cell size", "tile": "“Tile over several sheets”", "dpi": "the resolution",
    "bleed": "the bleed", "coordinates": "the letters and numbers", "swap": "the swap rule",
    "extras": "“Also in the booklet”", "backs": "the two-sided sheets",
    "back_offset": "the move of the backs",
    "games": "“Other games' rules too”", "everything": "“Every game”",
    "for": "where it is printed", "condition": "the press",
    "every": "the moves a diagram", "variations": "the variations' depth",
    "count": "the number of puzzles", "budget": "the seconds a puzzle",
    "total": "the seconds for the book",
}
# Whole phrases of the command line's that read better rewritten than flag by flag.
PHRASES = (
    ("--copies is for whole boards, not --cell boards",
     "copies are for whole boards: leave the cell size empty to print copies"),
    ("add --tile to", "tick “Tile over several sheets” to"),
    ("use smaller cells or larger paper", "make the cells smaller or the paper larger"),
    ("choose a smaller --size", "choose a smaller size"),
    ("give another --for", "choose another under “Printed by”"),
)
# The command line's paper names as the form shows them ("--paper a3 gives 4.1 mm").
PAPER_ADVICE = re.compile(r"--paper ([a-z0-9.]+)")
FLAG = re.compile(r"--[a-z][a-z-]*")


def label(name: str, game: str = "") -> str:
    return GAME_LABELS.get((game, name)) or LABELS.get(name) or \
        name.replace("_", " ").capitalize()


def help_text(name: str, game_help: str, *, copies: int) -> str:
    """The help under a control: the form's own words, with the range the game gives."""
    words = HELP.get(name)
    if words is None:
        return game_help
    found = re.search(r"(\d+ to \d+.*)$", game_help)
    if "{range}" in words and found is None:
        return game_help
    said = found.group(1).rstrip(".") if found else ""
    if said.endswith(")") and "(" not in said:     # the range closed the help's parenthesis
        said = said[:-1]
    return words.format(range=said, copies=copies)


def choice_label(name: str, value: str) -> str:
    return CHOICES.get(name, {}).get(value, value)


def fields_of(message: str, flags: Mapping[str, str]) -> tuple[str, ...]:
    """The parameters a refusal names, in order, each once: the page puts the message under
    the one the person just changed, if it is among them, else under the first."""
    named = [flags[flag] for flag in FLAG.findall(message) if flag in flags]
    return tuple(dict.fromkeys(named))


def field_of(message: str, flags: Mapping[str, str]) -> str | None:
    """The parameter a refusal is about: the first flag it names that is a field."""
    found = fields_of(message, flags)
    return found[0] if found else None


def in_words(message: str, flags: Mapping[str, str]) -> str:
    """A refusal of the command line's said without its flags: `flags` maps each flag
    (--size, --no-coordinates) to its parameter's name."""
    for phrase, words in PHRASES:
        message = message.replace(phrase, words)
    message = PAPER_ADVICE.sub(
        lambda m: f"{choice_label('paper', m.group(1)).split(' (')[0]} paper", message)

    def say(match: re.Match[str]) -> str:
        name = flags.get(match.group(0))
        return SAID.get(name, label(name).lower()) if name else match.group(0)
    message = FLAG.sub(say, message)
    return message[:1].upper() + message[1:]


# A parameter's own reason (generator.app.params.Param.convert), said in a form's words.
REASONS = (
    (re.compile(r"^(.*) is not a valid integer\.$"), r"\1 is not a whole number."),
    (re.compile(r"^(.*) is not a valid float\.$"), r"\1 is not a number."),
    (re.compile(r"^(\S+) is not in the range (\S+)<=x<=(\S+)\.$"),
     r"\1 is not between \2 and \3."),
    (re.compile(r"^(\S+) is not in the range x>=(\S+)\.$"), r"\1 is less than \2."),
    (re.compile(r"^(\S+) is not in the range x<=(\S+)\.$"), r"\1 is more than \2."),
)


PAPER_RANGE = re.compile(r"^paper '([0-9.]+)x([0-9.]+)(mm)?' must be ([0-9.]+) to ([0-9.]+) mm")
NOT_A_PAPER = re.compile(r"^'(.*)' is not a paper")


def paper_reason(reason: str) -> str:
    """The paper's refusal in the form's terms: the limits in both units, and inches
    suggested where the numbers look like inches (8.5x11)."""
    found = PAPER_RANGE.match(reason)
    if found:
        width, height, mm, low, high = found.groups()
        said = (f"{width} × {height} mm is outside {low} to {high} mm a side "
                f"({float(low) / MM_PER_INCH:.0f} to {float(high) / MM_PER_INCH:.0f} in).")
        if not mm and max(float(width), float(height)) <= float(high) / MM_PER_INCH:
            said += " In inches? Choose “in” beside the size."
        return said
    found = NOT_A_PAPER.match(reason)
    if found:
        return (f"“{found.group(1)[:40]}” is not a paper: choose one from the list, or "
                f"“Other size” and width × height, e.g. 200x300 (mm) or 8.5x14in.")
    return reason


def reason_in_words(name: str, reason: str, *, game: str = "", shown: str | None = None
                    ) -> str:
    """A value refused by its parameter: the control's label (`shown`, where the form
    names it its own way), then why."""
    if name == "paper":
        reason = paper_reason(reason)
    for pattern, words in REASONS:
        if pattern.match(reason):
            reason = pattern.sub(words, reason)
            break
    return f"{shown or label(name, game)}: {reason}"
