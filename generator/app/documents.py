"""Assembling a game's items into the documents people print: an item or kit, a booklet of
several games, and a board at a chosen cell size over several sheets."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from itertools import permutations

from generator.core.destinations import HOME, Destination
from generator.core.palette import COLOUR, Palette
from generator.core.paper import NAMED, Paper, check_fits
from generator.core.scene import Document, Page
from generator.games import load as game_named
from generator.games.game import Game, OptionError, OptionsT
from generator.games.items import BOARD, PAD, RULES, WHOLE_KIT, Item, smallest_for
from generator.games.protocols import Pages
from generator.i18n import Words
from generator.layout import booklet, tiling
from generator.layout.figure_cache import forget_figures
from generator.layout.printing import Printing


def check(game: Game[OptionsT], item: Item, *, options: OptionsT, paper: Paper,
          words: Words, tiled: bool = False) -> None:
    """Refuse, before any work, an item its options or its paper cannot make: an
    OptionError of one line. (A board drawn at a given cell size, `tiled`, is checked by
    tiled_board instead of by its cells on the paper.) A board's cells are those of its
    page in `words`, whose corners hold them."""
    game.refuse(options, item)
    items = game.items_for(options) if item == WHOLE_KIT else (item,)
    try:
        check_fits(paper, smallest_for(items), what=f"{game.title} {item}")
    except ValueError as err:
        raise OptionError(str(err)) from None
    if BOARD in items and not tiled:
        check_cells(game, options, paper=paper, words=words)


def check_cells(game: Game[OptionsT], options: OptionsT, *, paper: Paper,
                words: Words) -> None:
    """Refuse a board whose cells would come out under the smallest its game prints."""
    board_cells_fit(game.title, game.pages(), options=options, paper=paper, words=words)


def board_cells_fit(title: str, pages: Pages[OptionsT], *, options: OptionsT,
                    paper: Paper, words: Words) -> None:
    """Refuse, with an OptionError of one line, a board whose cells would come out under
    the game's smallest, naming the smallest paper that gives enough and the smallest that
    gives the size the board is meant to have."""
    cell = pages.board_cell(options, paper, words)
    if cell >= pages.smallest_cell - 1e-9:
        return
    by_size = sorted(NAMED.items(), key=lambda named: named[1].width * named[1].height)
    cells = {key: pages.board_cell(options, p, words) for key, p in by_size}
    enough = next((k for k in cells if cells[k] >= pages.smallest_cell), None)
    readable = next((k for k in cells if cells[k] >= pages.readable_cell), None)
    named = [k for k in dict.fromkeys((enough, readable)) if k is not None]
    advice = (", ".join(f"--paper {k} gives {cells[k]:.1f} mm" for k in named) if named else
              "no paper up to Tabloid is large enough; --cell with --tile prints it over "
              "several sheets")
    raise OptionError(f"{title} board: its cells would be {cell:.1f} mm across on "
                      f"{paper.name}, under the {pages.smallest_cell:g} mm "
                      f"{pages.smallest_for}; {advice} (or choose a smaller --size)")


# The documents made last. A document is frozen and the same request always draws the
# same one, so a process that asks again (the studio's preview, then its PDF and SVG
# downloads; a booklet's sections; a kit's items) sets it once.
KEPT_DOCUMENTS = 24


def make_document(game: Game[OptionsT], item: Item, *, options: OptionsT,
                  printing: Printing) -> Document:
    """One item of a game (or `kit`, all of them) as `printing` prints it: on its paper, in
    its palette and words, for the booklet side it names; `check` first. Kept by all three."""
    return _kept_document(game, item, options, printing)


@lru_cache(maxsize=KEPT_DOCUMENTS)
def _kept_document(game: Game[OptionsT], item: Item, options: OptionsT,
                   printing: Printing) -> Document:
    """The document, kept by everything that decides it, each an argument."""
    if item == WHOLE_KIT:
        return _kit(game, options, printing)
    return game.make(item, options, printing=printing)


def _kit(game: Game[OptionsT], options: OptionsT, printing: Printing) -> Document:
    """A kit from its items' documents, each kept as the item's own is (the studio's preview
    of an item, then its kit; a build's items, then their kit), but for those the kit lays
    out otherwise (a print shop's cards stay on sheets in its kit)."""
    in_kit = game.pages().in_kit
    alone = replace(printing, backs=None)

    def part(item: Item) -> Document:
        if item in in_kit:
            return in_kit[item](options, alone)
        return make_document(game, item, options=options, printing=alone)
    return game.kit(options, part, printing=printing)


def forget_documents() -> None:
    """Drop the documents kept: for code that changes how documents are drawn while it
    runs (the tests' controls, which draw with a part of the layout replaced); the
    figures kept are drawn afresh too."""
    _kept_document.cache_clear()
    forget_figures()


def booklet_contents(extras: list[Item], words: Words) -> str:
    """What a booklet holds, as a sentence says it: "rules and boards to print and play"."""
    names = [words._(item.plural) for item in dict.fromkeys([RULES, *extras])]
    listed = names[0] if len(names) == 1 else words._(
        "%(items)s and %(last)s", items=", ".join(names[:-1]), last=names[-1])
    return words._("%(items)s to print and play", items=listed)


def booklet_part(game: Game[OptionsT], extras: list[Item], *, page_paper: Paper,
                 palette: Palette = COLOUR, words: Words) -> booklet.Part:
    """A game's section of a booklet: its rule sheet and any extra items, made on the
    booklet's content paper."""
    options = game.make_options()
    printing = Printing(paper=page_paper, palette=palette, words=words)
    # Also set to open on a right-hand page and on a left-hand one: the booklet takes the
    # setting for where the section falls, and a figure may stand on the facing page.
    pages = list(make_document(game, RULES, options=options, printing=printing).pages)
    sides = [list(make_document(game, RULES, options=options,
                                printing=replace(printing, first_on_right=first_on_right)
                                ).pages)
             for first_on_right in (True, False)]
    for item in extras:
        if not game.has(item) or item in (RULES, WHOLE_KIT):
            raise OptionError(f"--with {item}: {game.key} has "
                              f"{', '.join(i.key for i in game.items)}")
        made = list(make_document(game, item, options=options, printing=printing).pages)
        pages, sides = pages + made, [side + made for side in sides]
    byline = ", ".join(filter(None, (words._("by %(designer)s", designer=game.designer),
                                     game.year)))
    edition = str(getattr(options, "edition", ""))
    named = game.edition_name(edition, words=words, long=True) if edition else ""
    return booklet.Part(game.title, byline, pages, named, (sides[0], sides[1]))


# What a booklet of one game (at home or at a print shop) fills the pages its sheets leave
# over with, most useful first: the score pad to photocopy, then the board.
FILLERS = (PAD, BOARD)


def filled(game: Game[OptionsT], part: booklet.Part, *, extras: list[Item], printed: Paper,
           palette: Palette, words: Words) -> tuple[booklet.Part, list[Item]]:
    """A booklet of one game with the game's score pad and board on the pages
    its last sheet would leave blank, each where it fits whole, a part of two pages or more
    on a spread where it can; the part and the items added."""
    after, spare = booklet.room([part], printed, colours=palette, words=words)
    page_paper = booklet.content_paper(printed)
    options = game.make_options()
    chosen: list[tuple[Item, tuple[Page, ...]]] = []
    for item in FILLERS:
        if not game.has(item) or item in extras or spare == 0:
            continue
        try:
            pages = make_document(game, item, options=options, printing=Printing(
                paper=page_paper, palette=palette, words=words)).pages
        except OptionError:      # not on this paper: the pages stay blank
            continue
        if len(pages) <= spare:
            chosen.append((item, pages))
            spare -= len(pages)

    def on_spreads(order: tuple[tuple[Item, tuple[Page, ...]], ...]) -> int:
        """How many parts of several pages start on a left-hand (even) page."""
        start, count = after, 0
        for _item, pages in order:
            count += len(pages) > 1 and start % 2 == 0
            start += len(pages)
        return count
    best = max(permutations(chosen), key=on_spreads)     # the first best: most useful first
    added = [page for _item, made in best for page in made]
    # Each side's setting of the rules (booklet.Part.opening) is followed by the same pages.
    sides = None if part.sides is None else (
        [*part.sides[0], *added], [*part.sides[1], *added])
    return (replace(part, pages=[*part.pages, *added], sides=sides),
            [item for item, _made in best])


# A booklet section by game, extras, content paper, palette and language: what booklets
# made together (a game's own and every game's) share.
PartKey = tuple[str, tuple[Item, ...], Paper, Palette, Words]


def booklet_parts(game_keys: list[str], extras: list[Item], *, printed: Paper,
                  palette: Palette = COLOUR, words: Words,
                  made: dict[PartKey, booklet.Part] | None = None
                  ) -> tuple[list[booklet.Part], list[Item]]:
    """Each game's section of a booklet printed on `printed` (a booklet page), and the items
    it holds: a booklet of one game, at home or at a print shop, has its spare pages filled
    (see `filled`). `made` holds the sections made already, and takes those made now."""
    page_paper = booklet.content_paper(printed)
    parts = []
    for key in game_keys:
        found = (key, tuple(extras), page_paper, palette, words)
        part = made.get(found) if made is not None else None
        if part is None:
            part = booklet_part(game_named(key), extras, page_paper=page_paper, palette=palette,
                                words=words)
            if made is not None:
                made[found] = part
        parts.append(part)
    if len(parts) == 1:
        parts[0], added = filled(game_named(game_keys[0]), parts[0], extras=extras,
                                 printed=printed, palette=palette, words=words)
        extras = [*extras, *added]
    return parts, extras


def booklet_document(game_keys: list[str], extras: list[Item], *, paper_key: str,
                     palette: Palette = COLOUR, target: Destination = HOME,
                     bleed: float | None = None, words: Words,
                     made: dict[PartKey, booklet.Part] | None = None) -> Document:
    """Each game's rule sheet, and any extra items it has, imposed as one booklet; for a
    print shop (target), as single pages with bleed in reading order. The press to write it
    with is booklet.page_paper(paper_key, target, bleed).press. `made` holds the sections
    made already, and takes those made now."""
    printed = booklet.page_paper(paper_key, target, bleed=bleed)
    parts, extras = booklet_parts(game_keys, extras, printed=printed, palette=palette,
                                  words=words, made=made)
    title = parts[0].title if len(parts) == 1 else words._("Connection games")
    inside = booklet_contents(extras, words)
    designers = ", ".join(game_named(k).designer for k in game_keys)
    sheets = booklet.booklet(title, inside[:1].upper() + inside[1:], parts=parts,
                             paper_key=paper_key, colours=palette, page_paper=printed,
                             words=words)
    return booklet.document(words._("%(title)s: %(inside)s, a booklet", title=title,
                                    inside=inside), sheets,
                            author=words.ngettext("pnp (game by %(designers)s)",
                                                  "pnp (games by %(designers)s)",
                                                  n=len(game_keys), designers=designers),
                            shop=printed.press.shop, words=words)


def tiled_board(game: Game[OptionsT], options: OptionsT, *, printing: Printing, cell: float,
                tile: bool) -> Document:
    """The board with cells `cell` mm across, over as many sheets as it takes (`tile`), or
    an error saying how many it would take."""
    paper, palette, words = printing.paper, printing.palette, printing.words
    low, high = tiling.CELL_RANGE
    if not low <= cell <= high:
        raise OptionError(f"--cell must be {low:g} to {high:g} mm, not {cell:g}")
    pages = game.pages()
    if cell < pages.smallest_cell:
        raise OptionError(f"--cell {cell:g} is under the {pages.smallest_cell:g} mm "
                          f"{pages.smallest_for} on a {game.title} board")
    try:
        virtual = tiling.virtual_paper(paper, lambda p: pages.board_cell(options, p, words),
                                       target=cell)
    except ValueError as err:
        raise OptionError(f"--cell {cell:g}: {err}") from None
    page = tiling.board_only(
        pages.items[BOARD](options, replace(printing, paper=virtual, copies=1)).pages[0],
        virtual.margin)
    count, sheet = min(((tiling.sheets_needed(page, virtual.margin, sheet_paper=p, words=words), p)
                        for p in (paper, paper.turned())),
                       key=lambda found: (found[0], found[1].landscape))
    if count > tiling.MAX_SHEETS:
        raise OptionError(f"a board with {cell:g} mm cells would take {count} sheets of "
                          f"{paper.name}; use smaller cells or larger paper")
    if count > 1 and not tile:
        raise OptionError(f"a board with {cell:g} mm cells needs {count} sheets of "
                          f"{paper.name}: add --tile to print it over several sheets")
    sheets = tiling.tile(page, virtual.margin, sheet_paper=sheet,
                         title=words._("%(game)s board, %(cell)s mm cells", game=game.title,
                                       cell=f"{cell:g}"),
                         colours=palette, words=words)
    return Document(tuple(sheets),
                    words._("%(game)s: board, %(cell)s mm cells", game=game.title,
                            cell=f"{cell:g}"),
                    words._("pnp (game by %(designer)s)", designer=game.designer),
                    words.ngettext("%(game)s board over %(num)s sheet",
                                   "%(game)s board over %(num)s sheets", n=count, game=game.title),
                    (words._("print and play"), words._("tiled")), lang=words.code)
