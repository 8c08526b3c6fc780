from hypothesis import given
from hypothesis import strategies as st

from generator.core.geometry import Affine, Point
from generator.core.palette import COLOUR
from generator.core.paper import PAPERS
from generator.core.printing import THINNEST_LINE, THINNEST_STROKE
from generator.core.scene import Circle, Paint, Path, Text, place
from generator.core.scene import line as straight_line
from generator.core.units import PT_PER_MM
from generator.fonts import text_width
from generator.games.blind_hex.pages import example_figure, glyph_key, rules_markup
from generator.games.blind_hex.rules import Options, example_turn
from generator.i18n import ENGLISH
from generator.layout import linebreak
from generator.layout.flow import Figure
from generator.layout.textlayout import FITTING, STYLE, Block, Sheet, parse, runs, typeset, wrap

words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12)


def test_parse_recognises_the_subset():
    blocks = parse("# Title\n## Head\nOne line\ncontinues.\n\n- item one\n  more\n"
                   "[figure glyph-key]\n### Sub\nlong \\\nsentence")
    assert blocks == [Block("title", "Title"), Block("heading", "Head"),
                      Block("paragraph", "One line continues."),
                      Block("bullet", "item one more"), Block("figure", "glyph-key"),
                      Block("subheading", "Sub"), Block("paragraph", "long sentence")]


def test_inline_emphasis():
    assert runs("a **b** *c* d") == [("a ", "regular"), ("b", "bold"), (" ", "regular"),
                                     ("c", "italic"), (" d", "regular")]


def rejoined(lines) -> list[str]:
    """The words of wrapped lines, a word hyphenated at a line end joined again (the words
    here have no hyphens of their own)."""
    text = ""
    for line in lines:
        plain = "".join(t for t, _ in line)
        text += plain[:-1] if plain.endswith("-") else plain + " "
    return text.split()


@given(st.lists(words, min_size=1, max_size=60), st.floats(20, 120), st.floats(2.5, 5),
       st.sampled_from(["en", "pt", "es", "de", "xx"]))
def test_wrapped_lines_fit_and_keep_every_word(ws, width, size, lang):
    lines = wrap(" ".join(ws), width, size=size, lang=lang)
    for line in lines:
        total = sum(text_width(t, size, role=f) for t, f in line)
        single_word = len("".join(t for t, _ in line).split()) == 1
        assert total <= width + 1e-9 or single_word
    assert rejoined(lines) == ws


def test_line_breaks_are_made_once_per_paragraph_and_width():
    opts = Options(edition="cards")
    turn = example_turn(5, 1)
    figures = {"glyph-key": glyph_key(5, COLOUR, words=ENGLISH),
               "example-turn": example_figure(turn, COLOUR, words=ENGLISH)}
    markup = rules_markup(opts, turn, words=ENGLISH)
    linebreak.clear_cache()
    first = typeset(markup, figures, paper=PAPERS["a4"], colours=COLOUR, footer_text="footer",
                    words=ENGLISH)
    made = linebreak._wrap.cache_info().misses
    # Fitting tries several settings and balancing sets the sheet some twenty times: the
    # breaks are made once for each paragraph at each width and size, and no more.
    settings = {(b.kind, b.text) for b in parse(markup)}
    assert 0 < made <= len(settings) * len(FITTING)
    again = typeset(markup, figures, paper=PAPERS["a4"], colours=COLOUR, footer_text="footer",
                    words=ENGLISH)
    assert linebreak._wrap.cache_info().misses == made and again == first
    # Control: with the cache emptied, the same sheet breaks its lines afresh.
    linebreak.clear_cache()
    typeset(markup, figures, paper=PAPERS["a4"], colours=COLOUR, footer_text="footer",
                    words=ENGLISH)
    assert linebreak._wrap.cache_info().misses == made


def test_rule_sheet_adapts_to_the_numbers():
    opts = Options(numbers=7, edition="pennies")
    text = rules_markup(opts, example_turn(7, 1), words=ENGLISH)
    assert "1 to 7" in text and "scrap of paper" in text
    # Fingers show no more than five: the kit's own way, labelled as the kit's.
    assert "with the fingers of one hand" not in text
    assert "*This kit's addition:* fingers show no more than five" in text
    cards = rules_markup(Options(numbers=4), example_turn(4, 1), words=ENGLISH)
    assert "A, 2, 3, 4 of diamonds" in cards and "Sheila, Eliza and Lana" in cards
    assert "Creative Commons Attribution-ShareAlike 3.0" in cards


def test_every_rule_sheet_is_set_at_the_body_size_without_overlaps():
    for edition in ("cards", "pennies"):
        for paper in PAPERS.values():
            opts = Options(edition=edition)
            turn = example_turn(5, 1)
            figures = {"glyph-key": glyph_key(5, COLOUR, words=ENGLISH),
                       "example-turn": example_figure(turn, COLOUR, words=ENGLISH)}
            pages = typeset(rules_markup(opts, turn, words=ENGLISH), figures, paper=paper,
                            colours=COLOUR, footer_text="footer", words=ENGLISH)
            # No copyfitting: a sheet that needs more room runs on at the same size.
            assert STYLE.body in {t.size for t in pages[-1].shapes if isinstance(t, Text)}
            for page in pages:
                lines = sorted((round(t.position.y, 3), t.position.x) for t in page.shapes
                               if isinstance(t, Text) and t.size > 3)
                # Body lines in one column never share a baseline position twice.
                assert len(lines) == len(set(lines))


def test_a_sheet_a_few_lines_too_long_is_tightened_not_its_letters():
    paper = PAPERS["letter"]
    blocks = lambda n: "\n\n".join(f"Paragraph {i} says a few words about the game."  # noqa: E731
                                   for i in range(n))

    def pages(n: int, style=STYLE) -> int:
        sheet = Sheet(parse(blocks(n)), {}, paper=paper, colours=COLOUR, style=style, words=ENGLISH)
        return sheet.page_count(sheet.set())
    # The shortest text that runs on to a second page at the usual spacing.
    n = next(n for n in range(20, 400) if pages(n) > 1)
    assert pages(n, FITTING[1]) == 1
    set_ = typeset(blocks(n), {}, paper=paper, colours=COLOUR, words=ENGLISH)
    assert len(set_) == 1
    assert {round(s.size, 4) for s in set_[0].shapes if isinstance(s, Text)
            and s.text.startswith("Paragraph")} == {round(STYLE.body, 4)}
    # Control: text that needs a second page even set at the tightest gets one.
    longer = next(m for m in range(n, 800) if pages(m, FITTING[-1]) > 1)
    assert len(typeset(blocks(longer), {}, paper=paper, colours=COLOUR, words=ENGLISH)) == 2


def stroke_widths(pages) -> list[float]:
    return [s.paint.width for page in pages for s in page.shapes
            if isinstance(s, (Path, Circle)) and s.paint.stroke]


def test_a_figure_set_smaller_keeps_its_lines_as_thick_as_a_printer_holds():
    # A figure far wider than the column is set smaller; its 0.1 mm lines would come out
    # under 0.25 pt (0.0882 mm), which `pnp check` fails for home printing too.
    wide = Figure(1000.0, 100.0, (straight_line(Point(0, 50), Point(1000, 50),
                                       paint=Paint(stroke="#808080", width=0.1)),),
                  "A wide figure.")
    pages = typeset("# Thin\n\n[figure wide]\n", {"wide": wide}, paper=PAPERS["a4"],
                    colours=COLOUR, words=ENGLISH)
    assert min(stroke_widths(pages)) >= THINNEST_STROKE
    assert THINNEST_STROKE * PT_PER_MM >= THINNEST_LINE
    # Control: placed at the same scale alone, the line is thinner than that.
    assert place(wide.shapes, Affine.scaling(0.2))[0].paint.width < THINNEST_STROKE
