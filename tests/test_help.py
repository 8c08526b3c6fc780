"""Every command's --help, read as a person reads it: each game's line says what that game's
item is, every value is named for what it is, and every game option offered changes what
the command gives (and none it does not offer would)."""

import dataclasses
import re
import typing

import click
import pytest
from click.testing import CliRunner

from generator.app import params, requests
from generator.core.formats import PDF
from generator.games import all_games
from generator.games.game import OptionError
from generator.games.items import ITEMS
from generator.i18n import ENGLISH
from generator.ui.cli import main
from generator.ui.lazy import LazyCommand, LazyGroup, load

GROUPS = ("judge", "solve", "puzzles", "stats",
          *(c for c in main.list_commands(None) if c in ITEMS))
SINGLE = ("booklet", "build", "check", "studio", "list")
# Metavars that name a type, not the value: click's defaults when none is given.
GENERIC = ("TEXT", "INTEGER", "FLOAT", "PATH", "FILENAME", "DIRECTORY", "INTEGER RANGE",
           "FLOAT RANGE", "BOOLEAN")
PATHS = ("output", "out", "file")   # options and arguments that name a file or folder


def help_of(command: click.Command, *path: str) -> str:
    result = CliRunner().invoke(command, [*path, "--help"])
    assert result.exit_code == 0, result.output
    return result.output


def commands_listed(text: str) -> dict[str, str]:
    """A group's help: each subcommand with its description (wrapped lines joined)."""
    listed: dict[str, str] = {}
    name = ""
    for line in text.split("Commands:\n", 1)[1].splitlines():
        found = re.match(r"  (\S+)\s+(.*)", line)
        if found and not line.startswith("    "):
            name = found.group(1)
            listed[name] = found.group(2)
        elif name and line.strip():
            listed[name] += " " + line.strip()
    return listed


def options_listed(text: str) -> dict[str, str]:
    """A command's help: each option (by its long name) with its metavar ('' for a flag)."""
    out = {}
    for line in text.split("Options:\n", 1)[1].splitlines():
        found = re.match(r"  (?:-\w, )?(--[\w-]+)(?: / --[\w-]+)?(?: ([^ ].*?))?(?:  |$)", line)
        if found:
            out[found.group(1)] = found.group(2) or ""
    return out


def usage_arguments(text: str) -> list[str]:
    usage = text.splitlines()[0]
    return [w for w in usage.split()[2:] if w not in ("[OPTIONS]",)]


@pytest.fixture(scope="module")
def helps() -> dict[tuple[str, ...], str]:
    """Every command's help: `pnp`, each single command, each group and each of its games."""
    out = {(): help_of(main)}
    for name in SINGLE:
        out[(name,)] = help_of(main, name)
    for group in GROUPS:
        out[(group,)] = help_of(main, group)
        for game in commands_listed(out[(group,)]):
            out[(group, game)] = help_of(main, group, game)
    return out


def test_every_command_is_read(helps):
    listed = set(commands_listed(helps[()]))
    assert listed == set(GROUPS) | set(SINGLE)
    # Each game's item, judge and figures: 5 games, each with rules, board, pad and kit.
    assert len([k for k in helps if len(k) == 2 and k[0] in ("rules", "board", "pad", "kit")]) \
        == 4 * len(all_games())


def summaries_unlike_their_commands(group: LazyGroup) -> list[str]:
    """The commands whose line in the group's help (its summary, written beside the command's
    name so that the list imports no command) is not the command's own short help."""
    wide = 1000
    return [name for name, lazy in group.lazy_subcommands.items()
            if click.Command(name, help=lazy.summary).get_short_help_str(wide)
            != load(lazy, name).get_short_help_str(wide)]


def test_pnp_help_lists_each_command_as_its_own_help_says():
    assert set(main.lazy_subcommands) == set(GROUPS) | set(SINGLE)
    assert summaries_unlike_their_commands(main) == []


def test_a_summary_unlike_its_command_is_found():
    # Control: the list's line for `list` said something its command does not.
    group = LazyGroup("pnp", lazy_subcommands={
        **main.lazy_subcommands, "list": LazyCommand("generator.ui.listing", "List nothing.")})
    assert summaries_unlike_their_commands(group) == ["list"]


# --- names and descriptions ------------------------------------------------------------------

def duplicated(listed: dict[str, str]) -> list[str]:
    seen: dict[str, str] = {}
    return [f"{name} and {seen[text]}: {text}" for name, text in listed.items()
            if seen.setdefault(text, name) != name]


@pytest.mark.parametrize("group", GROUPS)
def test_each_game_of_a_group_is_described_by_itself(helps, group):
    listed = commands_listed(helps[(group,)])
    assert listed
    assert duplicated(listed) == []


def test_duplicated_descriptions_are_found():
    # Control: a listing as `pnp board --help` had it, every game's line the same.
    text = ("Commands:\n  nex  Print a board (or its description as data\n"
            "       with --format json).\n  hex  Print a board (or its description as data\n"
            "       with --format json).\n")
    assert duplicated(commands_listed(text)) != []


def generic_metavars(text: str) -> list[str]:
    """Values named by their type (TEXT, INTEGER) rather than what they are, and paths not
    named FILE or DIR."""
    bad = [f"{flag} {metavar}" for flag, metavar in options_listed(text).items()
           if metavar.strip("[]").split("...")[0] in GENERIC]
    bad += [f"{flag} {metavar}" for flag, metavar in options_listed(text).items()
            if flag.lstrip("-") in PATHS and metavar not in ("FILE", "DIR")]
    bad += [word for word in usage_arguments(text)
            if word.strip("[]").split("...")[0].split("]")[0] in GENERIC]
    return bad


def test_every_value_is_named_for_what_it_is(helps):
    named = {key: generic_metavars(text) for key, text in helps.items()}
    assert {key: bad for key, bad in named.items() if bad} == {}


def test_a_value_named_by_its_type_is_found():
    # Control: click's own naming of a folder option and a port.
    @click.command()
    @click.option("--out", default="output")
    @click.option("--port", type=click.IntRange(0, 9))
    def build(out: str, port: int) -> None:
        pass
    assert generic_metavars(help_of(build)) == ["--out TEXT", "--port INTEGER RANGE",
                                                 "--out TEXT"]


def test_numbers_help_says_what_its_metavar_names(helps):
    line = next(line for line in helps[("board", "blind-hex")].splitlines()
                if "--numbers" in line)
    assert "--numbers N" in line and "1 to N" in line


# --- options offered where they change something -----------------------------------------

ALTERNATIVES = {"neutral": "b2"}   # an option whose values no rule can guess


def other_value(game, name, current=None):
    """A value of the game's option other than its default (or than `current`, where the
    item starts from another value) that the game accepts."""
    field = next(f for f in dataclasses.fields(game.options) if f.name == name)
    default = field.default if current is None else current
    kind = typing.get_type_hints(game.options)[name]
    choices = field.metadata.get("choices", ())
    if name in ALTERNATIVES:
        candidates = [ALTERNATIVES[name]]
    elif kind is bool:
        candidates = [not default]
    elif choices:
        candidates = [c for c in choices if c != default]
    elif default is None:          # chosen from the others by default
        candidates = [1, 0, 2]
    else:
        candidates = [default + 1, default - 1]
    for value in candidates:
        try:
            return value, game.make_options(**{name: value})
        except Exception:   # noqa: BLE001 - any value the game refuses: try the next
            continue
    raise AssertionError(f"no other value for {game.key} --{name}")


def made(game, item, values):
    """What an item gives with the game's options set to `values`, offered there or not: its
    pages, the board's data, or the figures."""
    options = game.make_options(**values)
    if item == "json":
        return game.board_json(options)
    if item == params.STATS:
        return game.figures.figures(options, ENGLISH)
    try:
        return requests.make(requests.checked_request(
            game=game, item=ITEMS[item], options=options, paper=params.default_paper(),
            fmt=PDF)).pages
    except OptionError as err:   # an edition's own piece, asked of the other: that changes it
        return ("refused", str(err))


def home_values(game, item) -> dict:
    """The options of the first variant that has the item (an edition's own piece is made
    from its edition), as values that differ from the defaults."""
    defaults = game.make_options()
    for _name, options in game.variants():
        wanted = ITEMS.get(item)
        if wanted not in game.items or wanted in game.items_for(options):
            return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)
                    if getattr(options, f.name) != getattr(defaults, f.name)}
    return {}


def wrongly_offered(game, item, offered: set[str]) -> list[str]:
    """Game options offered for an item that change nothing it gives, and options that
    change it but are not offered."""
    start = home_values(game, item)
    base = made(game, item, start)
    wrong = []
    for name in params.option_names(game):
        value, _options = other_value(game, name, start.get(name))
        changes = made(game, item, {**start, name: value}) != base
        if changes != (name in offered):
            wrong.append(f"{item} --{name}: offered {name in offered}, changes {changes}")
    return wrong


def offered_options(text, game):
    flags = options_listed(text)
    return {n for n in params.option_names(game) if "--" + n.replace("_", "-") in flags}


def test_every_game_option_offered_changes_the_item_and_no_other_would(helps):
    wrong = []
    for key, game in all_games().items():
        for each in game.items:
            item = each.key
            offered = offered_options(helps[(item, key)], game)
            if item == "board":   # offered for the board as printed or as data
                printed = set(params.reads(game, each, fmt=params.PRINTED))
                data = set(params.reads(game, each, fmt=params.DATA))
                assert offered == printed | data
                wrong += [f"{key} {w}" for w in wrongly_offered(game, "board", printed)]
                wrong += [f"{key} {w}" for w in wrongly_offered(game, "json", data)]
            else:
                wrong += [f"{key} {w}" for w in wrongly_offered(game, item, offered)]
        kit = offered_options(helps[("kit", key)], game)
        assert kit == {n for item in game.items for n in params.reads(game, item,
                                                                      fmt=params.PRINTED)}
        if game.figures is not None:
            stats = offered_options(helps[("stats", key)], game)
            wrong += [f"{key} {w}" for w in wrongly_offered(game, params.STATS, stats)]
    assert wrong == []


def test_an_option_wrongly_offered_or_hidden_is_found():
    # Controls: --coordinates offered on Nex's rule sheet, where it changes nothing, and
    # --size hidden there, where it does.
    nex = all_games()["nex"]
    assert wrongly_offered(nex, "rules", {"size", "coordinates"}) == [
        "rules --coordinates: offered True, changes False"]
    assert wrongly_offered(nex, "rules", set()) == ["rules --size: offered False, changes True"]


@pytest.mark.parametrize("args, shown", [
    (("stats", "blind-hex"), {"--size", "--numbers", "--seed"}),
    (("rules", "blinq"), set()),
    (("board", "hex-kb"), {"--size", "--window", "--coordinates"}),
])
def test_a_command_offers_the_game_options_it_reads(helps, args, shown):
    game = all_games()[args[1]]
    flags = {"--" + n.replace("_", "-") for n in params.option_names(game)}
    assert set(options_listed(helps[args])) & flags == shown


# --- judge: the format, with an example ----------------------------------------------------

def examples(text: str) -> list[tuple[str, list[str]]]:
    """Each block of lines click keeps as written (after a \\b paragraph), with the line that
    introduces it ("For example:", "... begins:")."""
    lines, found = text.split("\nOptions:")[0].splitlines(), []
    i = 0
    while i < len(lines):
        if lines[i].startswith("      "):
            intro = next((line for line in reversed(lines[:i]) if line.strip()), "")
            block = []
            while i < len(lines) and lines[i].startswith("      "):
                block.append(lines[i].strip())
                i += 1
            found.append((intro.strip(), block))
        i += 1
    return found


@pytest.mark.parametrize("key", [k for k, g in all_games().items() if g.judge])
def test_judge_help_gives_the_format_an_example_and_the_readme(helps, key):
    text = helps[("judge", key)]
    shown = examples(text)
    assert shown and all(len(lines) >= 2 for _, lines in shown)
    assert "docs/commands.md" in text and f"for `pnp judge {key}`" in text
    game = all_games()[key]
    for intro, lines in shown:
        if intro.endswith("For example:"):   # a whole file: read, and every move legal
            assert game.judge.text("\n".join(lines) + "\n").clean, lines
        else:                                # the start of a larger file: it is said so
            assert intro.endswith("begins:"), intro


def test_a_broken_example_is_found():
    # Control: Hex's example with swap as the first turn is judged illegal.
    assert not all_games()["hex"].judge.text("1. swap\n2. c4\n").clean
