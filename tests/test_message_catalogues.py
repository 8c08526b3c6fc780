"""The translators' catalogues, through the ecosystem's own workflow: Babel reads the .po
files as a translator's tools do, the template holds every message the code marks, every
message is translated in every shipped language, each .mo is its .po compiled, and every
message printed is one the catalogue holds. Each check has a control it must reject.
"""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from cases import item_cases

from generator import i18n
from generator.app import contents, documents, index_page
from generator.core.paper import parse_paper
from generator.games import GAMES
from generator.games.items import ITEMS
from generator.layout.printing import Printing

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "generator" / "locales"
SHIPPED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]
PLACEHOLDER = re.compile(r"%\(\w+\)s|%%")
CASES = item_cases(("a4", "letter"))


def read_catalogue(path: Path) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream)


def untranslated(template: Catalog, translated: Catalog) -> list[str]:
    """What a language's catalogue lacks: a message of the template it has no translation
    for, or only a fuzzy one, or whose placeholders differ from the English."""
    problems = []
    for message in template:
        if not message.id:
            continue
        found = translated.get(message.id, message.context)
        if found is None or not found.string or (isinstance(found.string, tuple)
                                                 and not all(found.string)):
            problems.append(f"missing: {message.id!r}")
        elif found.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        else:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = found.string if isinstance(found.string, tuple) else (found.string,)
            wanted = set(PLACEHOLDER.findall(" ".join(ids)))
            for text in strings:
                if set(PLACEHOLDER.findall(text)) != wanted:
                    problems.append(f"placeholders differ: {message.id!r}")
    return problems


def messages_in_code() -> set[tuple[str | None, object]]:
    """What `pybabel extract` finds in the code and templates now, by babel.cfg."""
    from babel.messages.frontend import parse_mapping_cfg
    with (ROOT / "babel.cfg").open() as stream:
        method_map, options_map = parse_mapping_cfg(stream)
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                "N_": None}
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=keywords):
        found.add((context, message))
    return found


def test_the_template_holds_every_message_the_code_marks():
    template = read_catalogue(LOCALES / "pnp.pot")
    held = {(m.context, m.id) for m in template if m.id}
    marked = messages_in_code()
    assert marked == held, (f"run make messages: new {sorted(map(str, marked - held))[:5]}, "
                            f"gone {sorted(map(str, held - marked))[:5]}")


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_message_is_translated_in_every_shipped_language(lang):
    template = read_catalogue(LOCALES / "pnp.pot")
    translated = read_catalogue(LOCALES / lang / "LC_MESSAGES" / "pnp.po")
    assert untranslated(template, translated) == []
    extra = {(m.context, m.id) for m in translated if m.id} - {
        (m.context, m.id) for m in template}
    assert not extra, f"messages the template no longer has: {sorted(map(str, extra))[:5]}"


def test_control_a_missing_fuzzy_or_misplaced_translation_is_caught():
    template = read_catalogue(LOCALES / "pnp.pot")
    translated = read_catalogue(LOCALES / "de" / "LC_MESSAGES" / "pnp.po")
    messages = [m for m in translated if m.id and not isinstance(m.id, tuple)
                and "%(" in m.id]
    messages[0].string = ""
    messages[1].flags.add("fuzzy")
    messages[2].string = messages[2].string.replace("%(", "%(x")
    problems = untranslated(template, translated)
    assert [p.split(":")[0] for p in problems] == ["missing", "fuzzy", "placeholders differ"]


@pytest.mark.parametrize("lang", SHIPPED)
def test_each_compiled_catalogue_is_its_po_compiled(lang):
    """The .mo files are committed (the wheel needs them); each must be what `make locales`
    makes of its .po now."""
    po = LOCALES / lang / "LC_MESSAGES" / "pnp.po"
    compiled = io.BytesIO()
    write_mo(compiled, read_catalogue(po))
    assert (LOCALES / lang / "LC_MESSAGES" / "pnp.mo").read_bytes() == compiled.getvalue(), \
        "run make locales"
    # control: another translation compiles to other bytes
    changed = read_catalogue(po)
    message = next(m for m in changed if m.id)
    message.string = "?"
    other = io.BytesIO()
    write_mo(other, changed)
    assert other.getvalue() != compiled.getvalue()


class Recording(gettext.NullTranslations):
    """Translations that note every message asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[tuple[str | None, object]] = set()

    def gettext(self, message: str) -> str:
        self.asked.add((None, message))
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add((None, (msgid1, msgid2)))
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add((context, message))
        return message


def asked_but_not_held(asked: set, held: set) -> list[str]:
    return sorted(str(m) for m in asked - held)


def test_every_message_printed_is_one_the_catalogue_holds():
    """What the code asks gettext for at run time is what extraction found: no message
    is looked up under a different spelling (and so left in English)."""
    template = read_catalogue(LOCALES / "pnp.pot")
    held = {(m.context, m.id) for m in template if m.id}
    recording = Recording()
    spoken = i18n.Words("recording", recording)
    # Documents kept from earlier ask nothing: every one is drawn afresh here.
    documents.forget_documents()
    for key, variant, item, paper in CASES:
        game = GAMES[key]
        documents.make_document(game, ITEMS[item], options=dict(game.variants())[variant],
                                printing=Printing(paper=parse_paper(paper), copies=2,
                                                  words=spoken))
    for game in GAMES.values():
        documents.make_document(game, ITEMS["kit"], options=game.options(),
                                printing=Printing(paper=parse_paper("a4"), words=spoken))
    documents.booklet_document(sorted(GAMES), [ITEMS["board"], ITEMS["pad"]], paper_key="a4",
                               words=spoken)
    documents.booklet_document(["blind-hex"], [], paper_key="letter", words=spoken)
    nex = GAMES["nex"]
    documents.tiled_board(nex, nex.make_options(size=19),
                          printing=Printing(paper=parse_paper("a4"), words=spoken), cell=20.0,
                          tile=True)
    built = [(entry, [Path("x.pdf")]) for entry in contents.entries(["blind-hex"],
                                                                    [parse_paper("letter")])]
    made = [(b, [Path("b.pdf")]) for b in contents.booklets(sorted(GAMES),
                                                            [parse_paper("letter")])]
    index_page.index_html(Path("."), built, made=made)
    assert asked_but_not_held(recording.asked, held) == []
    assert asked_but_not_held({(None, "Not a message of pnp")}, held)     # control
