"""What pnp build makes once and shares: a paper's booklets (each game's own and every
game's) share each game's section, and come out as `pnp booklet` makes each alone; the
workers' garbage collection leaves the building process as it found it. Each check has a
control case that fails it."""

import gc
from dataclasses import replace
from pathlib import Path

from in_process import pnp_ok

from generator import i18n
from generator.app import contents, making
from generator.app.documents import booklet_part
from generator.core.destinations import PRINT_SHOP
from generator.core.palette import COLOUR
from generator.core.paper import PAPERS
from generator.games import load
from generator.layout import booklet

GAMES = ["blinq", "hex"]      # two quick games: their booklets and the two games' together


def made_together(out: Path, paper: str = "a4") -> tuple[list[Path], dict]:
    """The booklets of GAMES on one paper, made as the build makes them (one task, one
    store of sections), and the store."""
    group = list(contents.booklets(GAMES, [PAPERS[paper]]))
    made: dict = {}
    paths = [path for item in group for path in making.build_booklet(item, out, made=made)]
    return paths, made


def made_alone(tmp_path: Path, target: Path, paper: str = "a4") -> bytes:
    """The booklet the build wrote at `target`, as `pnp booklet` makes it alone."""
    name = target.name.split("-booklet-")[0]
    games = GAMES if name == "all-games" else [name]
    alone = tmp_path / "alone" / target.name
    alone.parent.mkdir(exist_ok=True)
    pnp_ok("booklet", *games, "--paper", paper, "-o", str(alone))
    return alone.read_bytes()


def test_booklets_made_together_are_each_booklet_made_alone(tmp_path):
    paths, made = made_together(tmp_path / "out")
    assert len(paths) == len(GAMES) + 1
    # Each game's section was made once, for its own booklet and the booklet of both.
    assert sorted(key[0] for key in made) == sorted(GAMES)
    for path in paths:
        assert path.read_bytes() == made_alone(tmp_path, path), path.name


def test_a_section_shared_from_another_paper_shows(tmp_path):
    # Control: a store that hands the A4 booklet a game's section made on Letter's page
    # (a key that left the paper out) gives a booklet unlike `pnp booklet`.
    item = next(b for b in contents.booklets(["hex"], [PAPERS["a4"]]))
    letter_page = booklet.content_paper(booklet.page_paper("letter"))
    a4_page = booklet.content_paper(booklet.page_paper("a4"))
    made = {("hex", (), a4_page, COLOUR, i18n.ENGLISH): booklet_part(load("hex"), [],
                                                             page_paper=letter_page,
                                                             words=i18n.ENGLISH)}
    path = making.build_booklet(item, tmp_path / "out", made=made)[0]
    assert path.read_bytes() != made_alone(tmp_path, path)


def test_booklets_are_grouped_by_paper_language_and_printer():
    papers = [PAPERS["a4"], PAPERS["letter"]]
    made = [b for lang in ("en", "pt") for b in contents.booklets(GAMES, papers, lang=lang)]
    made += [replace(b, target=PRINT_SHOP) for b in made]
    groups = contents.together(made)
    # Every booklet once, in one group.
    assert sorted(map(str, (b for group in groups for b in group))) == sorted(map(str, made))
    for group in groups:
        assert len({(b.paper_key, b.lang, b.target, b.bleed) for b in group}) == 1
        assert sorted(b.name for b in group) == sorted([*GAMES, "all-games"])


def test_the_frozen_heap_is_thawed_after_the_build():
    # A studio drawn earlier in this process keeps its heap frozen (ui/studio/drawing.py),
    # which the build would rightly leave as it is: thawed first, as a build starts.
    gc.unfreeze()
    state = gc.isenabled(), gc.get_threshold()
    frozen = gc.get_freeze_count()
    with making._frozen_heap():
        # Control: inside, the warm-up's objects are frozen, which the check below would see.
        assert gc.get_freeze_count() > frozen
    assert gc.get_freeze_count() == frozen
    assert (gc.isenabled(), gc.get_threshold()) == state
