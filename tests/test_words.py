"""What the printed pages say: rule sheets, pads and boards speak to players only, and the
PDFs credit each designer with the game without naming them as the sheets' author."""

import re
import subprocess
from pathlib import Path

import pytest
from in_process import pnp_ok, run_pnp

from generator import i18n, render
from generator.app.documents import make_document
from generator.core.formats import PDF
from generator.core.palette import COLOUR, PALETTES
from generator.core.paper import PAPERS
from generator.core.scene import Document
from generator.games import GAMES
from generator.games.items import ITEMS, WHOLE_KIT
from generator.i18n import ENGLISH
from generator.layout.printing import Printing
from generator.layout.textlayout import typeset

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
    doc = make_document(game, WHOLE_KIT, options=options, printing=Printing(paper=PAPERS["a4"]))
    return render.save(doc, tmp_path / f"{key}-{variant}.pdf", fmt=PDF, default_stem="kit")[0]


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
    pages = typeset(markup, {}, paper=PAPERS["a4"], colours=COLOUR, words=ENGLISH)
    out = render.save(Document(tuple(pages), "A game", "pnp", lang="en"), tmp_path / "bad.pdf",
                      fmt=PDF,
                      default_stem="bad")[0]
    found = workshop_words(pdf_text(out))
    assert [f.split(":")[0] for f in found] == list(NOT_FOR_PLAYERS)
    clean = typeset("# A game\nBlack moves first. A *conversion* takes two neutral stones.\n",
                    {}, paper=PAPERS["a4"], colours=COLOUR, words=ENGLISH)
    out = render.save(Document(tuple(clean), "A game", "pnp", lang="en"), tmp_path / "good.pdf",
                      fmt=PDF,
                      default_stem="good")[0]
    assert workshop_words(pdf_text(out)) == []


def author_credits_the_designer(author: str, designer: str) -> bool:
    """The kit is the author; the designer is named as the game's, not the sheet's."""
    return author.startswith("pnp (") and f"game by {designer})" in author


def test_every_game_credits_its_designer_without_claiming_the_sheet(tmp_path):
    for key, game in GAMES.items():
        out = tmp_path / f"{key}-rules.pdf"
        pnp_ok("rules", key, "-o", str(out))
        info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True,
                              check=True).stdout
        author = re.search(r"^Author:\s+(.*)$", info, re.MULTILINE).group(1)
        assert author_credits_the_designer(author, game.designer), (key, author)
    # Control: the designer alone as author, as before, is refused.
    assert not author_credits_the_designer("Don Kirkby", "Don Kirkby")


def test_blind_hex_names_the_original_work_on_its_sheet_board_and_licence(tmp_path):
    out = tmp_path / "kit.pdf"
    pnp_ok("kit", "blind-hex", "-o", str(out))
    pages = [" ".join(page.split()) for page in pdf_text(out).split("\f")]
    # The cover with the print guide is page 1; the rule sheet and the board follow it,
    # found by their titles (the board's by its subtitle: a column letter may stand level
    # with its title, and be read first).
    assert pages[0].startswith("Blind Hex") and "How to print this kit" in pages[0]
    sheet = next(p for p in pages if p.startswith("Blind Hex: cards edition"))
    board = next(p for p in pages if "11 × 11 · numbers 1–5 · board 1" in p)
    for text in (sheet, board):
        assert "donkirkby.github.io/blind-hex" in text
    info = subprocess.run(["pdfinfo", "-custom", str(out)], capture_output=True, text=True,
                          check=True).stdout
    assert "donkirkby.github.io/blind-hex" in info


def test_bling_is_still_understood_on_the_command_line(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("1 a1 U\n1 b1 U\n")
    judged = {name: run_pnp("judge", name, str(moves), text=True)
              for name in ("blinq", "bling")}
    assert judged["bling"].returncode == 0 and judged["bling"].stdout == judged["blinq"].stdout
    boards = {}
    for name in ("blinq", "bling"):
        out = tmp_path / f"{name}.pdf"
        pnp_ok("board", name, "-o", str(out))
        boards[name] = out.read_bytes()
    assert boards["bling"] == boards["blinq"]
    # Shown as blinq only.
    for args in (["list"], ["board", "--help"], ["judge", "--help"]):
        shown = pnp_ok(*args).stdout
        assert "blinq" in shown and "bling" not in shown.lower(), args
    # Control: a name that is neither is refused.
    wrong = run_pnp("board", "blink", text=True)
    assert wrong.returncode == 2 and "'blink' is not one of" in wrong.stderr


# --- the designers' rules, said truly in every language ------------------------------------------
# Each wording fault once printed (left) and its correction (right), per language and item.
# A correction must be printed; the fault must not.

CORRECTIONS: dict[str, list[tuple[str, str, str, str]]] = {
    # (game, item, fault, correction)
    "en": [
        ("blind-hex", "rules", "nobody writes; go on to step 3.", "reading of the original's"),
        ("blind-hex pennies", "rules", "now covers those two numbers",
         "onto the numbers themselves if"),
        ("blinq", "rules", "corner to corner, and", "this kit's reading of the designer's"),
        ("hex-kb", "rules", "The name and the rules are unchanged", "not a change to his rules"),
        ("nex", "rules", "after each pair of turns", "as many after each of White's"),
        ("blinq", "rules", "a whole cell on level 1, and a quarter of each of four cells higher",
         "on levels 1, 3 and 5"),
        ("blinq", "rules", "Move 4 cut", "Black's block in b3 cut"),
        ("blind-hex pennies", "rules", "Step 3: move the pennies",
         "As soon as the numbers are shown"),
        ("nex", "rules", "only taking it yourself first will stop it", "is one way to stop"),
        ("nex", "rules", "cannot be filled", "not empty: no stone can be dropped on it"),
        ("nex", "rules", "The two changes make a single turn", "In this kit's reading the two"),
        ("nex", "rules", "A drop, written", "A drop on a 5 × 5 board"),
        ("nex", "pad", "pie rule", "the swap rule"),
        ("hex-kb", "rules", "on rare full boards both players would win",
         "about one full 11 × 11 board in 2,500"),
        # Measured over 900,000 seeded random full boards each: 1 in 2,490 on 11 × 11 and
        # 1 in 1,130 on 10 × 10 (the figure's board); 1,500 held for neither.
        ("hex-kb", "rules", "one full board in 1,500", "and one 10 × 10 board in 1,100"),
        ("nex", "rules", "your two sides. A conversion", "One turn can also complete your "
         "opponent's chain"),
        ("blind-hex", "rules", "again taking the numbers in order",
         "The original rules give no order here"),
        ("blind-hex pennies", "rules", "again taking the numbers in order",
         "The original rules give no order here"),
        ("blind-hex", "rules", "Shaded red", "On this 5 × 5 board"),
        ("blind-hex", "board", "o the o sides. 2 in", "x joins the x sides, o the o sides."),
    ],
    "pt": [
        ("blind-hex", "rules", "passe ao passo 3.", "a leitura deste kit do «a jogada"),
        ("blind-hex pennies", "rules", "cobre agora esses dois números",
         "para os próprios números"),
        ("blinq", "rules", "canto a canto, e", "a leitura deste kit do «contínuo»"),
        ("hex-kb", "rules", "O nome e as regras não foram alterados", "não uma mudança das regras"),
        ("nex", "rules", "após cada par de jogadas", "com duas exceções: a troca"),
        ("hex-kb", "rules", "volta atrás", "dá a volta"),
        ("blind-hex", "rules", "o o escolheu", "o jogador o escolheu"),
        ("blind-hex", "rules", "os dois o do o", "onde o jogador o pode escrever"),
        ("nex", "rules", "sem mais", "sem parênteses"),
        ("nex", "rules", "desse a vitória", "convertê-la você"),
        ("blind-hex", "rules", "Decidam", "Os jogadores decidem"),
        ("blinq", "rules", "Escolhe para onde", "Você escolhe para onde"),
        ("hex", "rules", "regra da troca:", "(também chamada regra do bolo)"),
        ("blind-hex", "pad", "Turnos em que", "escolhem os mesmos dois números"),
        ("nex", "counters", "9.6 mm", "9,6 mm"),
    ],
    "es": [
        ("blind-hex", "rules", "pasa al paso 3.", "la lectura de este kit del «el turno"),
        ("blind-hex pennies", "rules", "cubre ahora esos dos números",
         "sobre los propios números"),
        ("blinq", "rules", "esquina a esquina, y", "la lectura de este kit del «continuo»"),
        ("blinq", "rules", "Blancas gana", "Las blancas ganan"),
        ("hex-kb", "rules", "El nombre y las reglas no se han", "no un cambio de sus reglas"),
        ("nex", "rules", "tras cada par de turnos", "salvo en dos casos: el intercambio"),
        ("hex-kb", "rules", "vuelta atrás", "da la vuelta"),
        ("hex-kb", "rules", "saldo de pasos", "saldo de cruces"),
        ("blind-hex", "rules", "La x ", "El jugador x"),
        ("blind-hex", "rules", "Decidid", "Los jugadores deciden"),
        ("hex-kb", "rules", "Jugad", "Se juega a lápiz"),
        ("blinq", "rules", "bloco", "Cada bloque cubre"),
        ("hex", "rules", "regla del intercambio:", "(también llamada regla del pastel)"),
        ("nex", "rules", "la partida en línea", "el juego en línea de Abstract Play"),
        ("blind-hex pennies", "coins", "para las casillas", "para los puntos"),
        ("nex", "counters", "9.6 mm", "9,6 mm"),
    ],
    "de": [
        ("blind-hex", "rules", "weiter mit Schritt 3.", "die Lesart dieses Sets für „die Runde"),
        ("blind-hex pennies", "rules", "deckt nun diese zwei Zahlen ab", "auf die Zahlen selbst"),
        ("blind-hex pennies", "rules", "dieses Kits", "Ergänzung dieses Sets"),
        ("blind-hex", "rules", "des Kits", "Die Karten des Sets"),
        ("blinq", "rules", "nicht über Eck, und", "die Lesart dieses Sets für das"),
        ("hex-kb", "rules", "Name und Regeln sind unverändert", "keine Änderung seiner Regeln"),
        ("nex", "rules", "nach jedem Zugpaar", "mit zwei Ausnahmen: der Tausch"),
        ("hex-kb", "rules", "deckungsgleich", "fallen zusammen"),
        ("hex-kb", "rules", "getrennte", "verschiedene"),
        ("hex-kb", "rules", "zurück herum", "einmal herum"),
        ("hex-kb", "pad", "Turnierwertung", "Partienwertung"),
        ("hex-kb", "pad", "Spielblatt", "Protokollblatt"),
        ("blind-hex", "rules", "In jedem Zug", "In jeder Runde"),
        ("blinq", "rules", "entlang Weiß", "über weiße Flächen"),
        ("nex", "rules", "verschenkt", "nutzlos"),
        ("blind-hex", "rules", "Was ihr braucht", "Was du brauchst"),
        ("hex", "rules", "oder spielt mit", "oder spiel mit Bleistift"),
        ("hex", "rules", "Spielblatt", "Auf dem Protokollblatt"),
        ("hex", "rules", "Tauschregel:", "(auch Kuchenregel genannt)"),
        ("hex", "rules", "statt einen Stein zu setzen swap", "statt einen Stein zu setzen, swap"),
        ("nex", "rules", "statt zu ziehen swap", "statt zu ziehen, swap"),
        ("blind-hex", "pad", "Blind Hex-Protokollblatt", "Blind-Hex-Protokollblatt"),
        ("hex-kb", "pad", "Hex KB-Protokollblatt", "Hex-KB-Protokollblatt"),
        ("blind-hex pennies", "rules", "Brettseite", "Die Seite mit dem Brett"),
        ("hex-kb", "rules", "dass es ihm zugeschrieben wird, und", "bittet darum, es ihm "
         "zuzuschreiben;"),
        ("nex", "counters", "9.6 mm", "9,6 mm"),
    ],
}
# Forms of address besides the one each language keeps (pt você, es tú, de du).
OTHER_ADDRESS = {
    "pt": re.compile(r"\b(vocês|Decidam|Atirem|Baralhem|cortem|revelem|Escolhe)\b"),
    "es": re.compile(r"\b(vosotros|vuestr[oa]s?|Decidid|Jugad|Lanzad|mostrad|Barajad|cortad)\b"),
    "de": re.compile(r"\b(ihr|euch|eure[nmrs]?|Legt|Haltet|Setzt|Schaut|Stellt|Werft|Schreibt|"
                     r"Mischt|Dreht)\b"),
}


def printed_words(key: str, item: str, lang: str, palette: str = "colour") -> str:
    from generator.app import documents
    from generator.core.scene import Text
    key, _, edition = key.partition(" ")
    game = GAMES[key]
    options = game.make_options(**({"edition": edition} if edition else {}))
    doc = documents.make_document(game, ITEMS[item], options=options,
                                  printing=Printing(paper=PAPERS["a4"],
                                                    palette=PALETTES[palette],
                                                    words=i18n.words(lang)))
    text = " ".join(s.text for page in doc.pages for s in page.shapes if isinstance(s, Text))
    # A word hyphenated at a line's end ("escre- ver") read whole again.
    return re.sub(r"(?<=[a-zà-ÿ])- (?=[a-zà-ÿ])", "", " ".join(text.split()))


def faults(text: str, fault: str, correction: str) -> list[str]:
    """What is wrong with a printed text for one listed correction."""
    found = []
    if fault in text:
        found.append(f"still says {fault!r}")
    if correction not in text:
        found.append(f"does not say {correction!r}")
    return found


@pytest.mark.parametrize("lang", sorted(CORRECTIONS))
def test_each_listed_correction_stays(lang):
    wrong = []
    for key, item, fault, correction in CORRECTIONS[lang]:
        wrong += [f"{key} {item}: {f}" for f in faults(printed_words(key, item, lang), fault,
                                                       correction)]
    assert wrong == []


@pytest.mark.parametrize("lang", sorted(OTHER_ADDRESS))
def test_each_language_keeps_one_form_of_address(lang):
    mixed = []
    for key in [*sorted(GAMES), "blind-hex pennies"]:
        for item in ("rules", "pad"):
            m = OTHER_ADDRESS[lang].search(printed_words(key, item, lang))
            if m:
                mixed.append(f"{key} {item}: {m.group()}")
    assert mixed == []


def test_the_correction_check_catches_the_old_words():
    # Control: the sentences as once printed.
    assert faults("Decidid quién juega con x y quién con o.", "Decidid",
                  "Los jugadores deciden") == ["still says 'Decidid'",
                                               "does not say 'Los jugadores deciden'"]
    assert OTHER_ADDRESS["de"].search("Was ihr braucht")
    assert OTHER_ADDRESS["pt"].search("Decidam quem joga com x")
    assert not OTHER_ADDRESS["es"].search("Gira la página")


@pytest.mark.parametrize("lang", sorted(CORRECTIONS))
def test_lettered_nex_stones_are_explained_where_they_are_printed(lang):
    """The ink-saver palette prints Nex's stones as letters (in Spanish N, B and X): the
    rule sheet says which letter is which, and the coloured sheet, with no letters, does not."""
    from generator.games.nex import pages
    from generator.games.nex.rules import BLACK, NEUTRAL, WHITE
    letters = [pages.letter(kind, words=i18n.words(lang)) for kind in (BLACK, WHITE, NEUTRAL)]
    lettered = printed_words("nex", "rules", lang, palette="ink-saver")
    coloured = printed_words("nex", "rules", lang)
    key = re.compile(r"\b" + r"\b.{1,20}\b".join(map(re.escape, letters)) + r"\b")
    assert key.search(lettered), f"no key to the letters {letters} in the ink-saver sheet"
    assert not key.search(coloured)


# Spanish names the sides Negras and Blancas, plural: "las negras ganan", never "Negras gana".
SINGULAR_SIDES = re.compile(r"\b(?:Negras|Blancas)\s+(?:gana|juega|mueve|une|pone|puede|ha)\b",
                            re.IGNORECASE)


@pytest.mark.parametrize("key", ["nex", "blinq"])
def test_spanish_puts_plural_verbs_on_the_plural_side_names(key):
    found = {}
    for item in ("rules", "board", "pad"):
        found[item] = SINGULAR_SIDES.findall(printed_words(key, item, "es"))
    assert not any(found.values()), found


def test_control_a_singular_verb_on_a_side_name_is_caught():
    assert SINGULAR_SIDES.search("Negras gana formando una cadena")
    assert SINGULAR_SIDES.search("tras el primer turno de Negras, Blancas puede responder")
    assert not SINGULAR_SIDES.search("Las negras ganan formando una cadena")
