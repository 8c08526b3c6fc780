"""Compiled templates are kept in generator/__pycache__ (generator.templating.code_cache), as
Python keeps a module's code: read again only for the same template, settings and versions;
never written where Python is asked to write no bytecode, nor where the folder cannot be."""

from __future__ import annotations

import sys

import jinja2
import pytest

from generator import templating

TEMPLATES = ["games/nex/rules.md.j2", "games/hex_kb/rules.md.j2", "templates/index.html.j2"]


@pytest.fixture
def folder(monkeypatch, tmp_path):
    """environment() made again, keeping its code in tmp_path/cache; made again after."""
    monkeypatch.setattr(templating, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    templating.environment.cache_clear()
    yield tmp_path / "cache"
    templating.environment.cache_clear()


def kept(folder):
    return sorted(folder.glob("jinja-*.cache")) if folder.exists() else []


def never_compile(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("compiled a template")
    monkeypatch.setattr(jinja2.Environment, "compile", refuse)


@pytest.mark.parametrize("name", TEMPLATES)
def test_a_template_compiled_once_is_read_back_as_the_same_code(folder, monkeypatch, name):
    first = templating.environment().get_template(name)
    assert len(kept(folder)) == 1
    templating.environment.cache_clear()
    never_compile(monkeypatch)
    again = templating.environment().get_template(name)
    assert again is not first
    assert again.root_render_func.__code__ == first.root_render_func.__code__


def test_without_its_kept_code_a_template_is_compiled(folder, monkeypatch):
    # The control of the test above: with nothing kept, get_template compiles.
    never_compile(monkeypatch)
    with pytest.raises(AssertionError, match="compiled a template"):
        templating.environment().get_template(TEMPLATES[0])


def test_code_kept_for_other_settings_is_not_read(folder):
    env = templating.environment()
    same = templating.code_cache(env.overlay(), folder)
    other = templating.code_cache(env.overlay(trim_blocks=False), folder)
    mine = env.bytecode_cache
    assert mine is not None
    assert mine.get_cache_key(TEMPLATES[0]) == same.get_cache_key(TEMPLATES[0])
    assert mine.get_cache_key(TEMPLATES[0]) != other.get_cache_key(TEMPLATES[0])


def test_nothing_is_written_when_python_is_asked_to_write_no_bytecode(folder, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    templating.environment().get_template(TEMPLATES[0])
    assert kept(folder) == []


def test_a_folder_that_cannot_be_written_only_costs_a_compile(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setattr(templating, "CACHE", blocker / "cache")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    templating.environment.cache_clear()
    try:
        assert templating.environment().get_template(TEMPLATES[0]).render is not None
    finally:
        templating.environment.cache_clear()
    assert not (blocker / "cache").exists()

