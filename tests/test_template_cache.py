"""Compiled templates are kept in the user's cache folder ($XDG_CACHE_HOME/pnp, else
~/.cache/pnp; generator.templating.code_cache): read again only for the same template,
settings and versions; never written where Python is asked to write no bytecode, nor where
the folder cannot be, nor ever inside the package. That an installed pnp leaves its package
as it was is tested from a wheel in test_install.py."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import jinja2
import pytest
from conftest import shared_temp

from generator import templating

TEMPLATES = ["games/nex/rules.md.j2", "games/hex_kb/rules.md.j2", "templates/index.html.j2"]


@pytest.fixture
def folder(monkeypatch, tmp_path):
    """environment() made again, with tmp_path/cache as the user's cache folder (so keeping
    its code in tmp_path/cache/pnp); made again after."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    templating.environment.cache_clear()
    yield tmp_path / "cache" / "pnp"
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
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker / "cache"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    templating.environment.cache_clear()
    try:
        assert templating.environment().get_template(TEMPLATES[0]).render is not None
    finally:
        templating.environment.cache_clear()
    assert blocker.read_text() == "not a folder"


def test_the_cache_folder_is_the_users(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert templating.cache_folder() == tmp_path / "xdg" / "pnp"
    # Unset, or relative (which the XDG Base Directory specification says to ignore): the
    # home folder's .cache.
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert templating.cache_folder() == tmp_path / "home" / ".cache" / "pnp"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert templating.cache_folder() == tmp_path / "home" / ".cache" / "pnp"


def test_with_no_cache_folder_templates_are_compiled_and_nothing_kept(monkeypatch, tmp_path):
    # No XDG_CACHE_HOME and no home folder to find one in: no cache at all.
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", "")
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    assert templating.cache_folder() is None
    templating.environment.cache_clear()
    try:
        env = templating.environment()
        assert env.bytecode_cache is None
        assert env.get_template(TEMPLATES[0]).render is not None
    finally:
        templating.environment.cache_clear()


def package_files() -> dict[Path, int]:
    """The package's files and when each last changed, but Python's own bytecode, which
    another process of the run may be writing as it imports a module for the first time
    (its .pyc, and the .pyc.NNN it writes first), which another process of the run may be
    writing as it first imports a module (from a wheel, where every module is compiled at
    install, test_install.py takes all)."""
    return {p: p.stat().st_mtime_ns for p in templating.PACKAGE.rglob("*")
            if ".pyc" not in p.name and p.is_file()}


def test_compiling_every_template_writes_nothing_in_the_package(folder):
    before = package_files()
    for name in TEMPLATES:
        templating.environment().get_template(name)
    assert len(kept(folder)) == len(TEMPLATES)
    assert package_files() == before


def test_the_test_run_keeps_its_cache_in_its_temporary_folder(tmp_path_factory):
    # conftest.user_cache: every process of the run keeps its cache in the run's temporary
    # folder, never in the package nor in the tester's home.
    folder = templating.cache_folder()
    assert folder is not None
    assert shared_temp(tmp_path_factory) in folder.parents
    assert templating.PACKAGE not in folder.parents
