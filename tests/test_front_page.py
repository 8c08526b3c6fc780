"""The catalogue's front page (output/index.html, the first page a newcomer opens), read by
headless Chromium with axe-core at a phone's width and a laptop's: no violation, nothing
wider than the window, a viewport, landmarks, links at least 24 × 24 CSS pixels, and a
thumbnail for every file it lists."""

from __future__ import annotations

from pathlib import Path

import pytest
from chromium import axe_on_every_page, reset
from in_process import pnp_ok
from sweeps import on_the_diagonal

WIDTHS = (375, 1280)
TARGET = 24          # CSS pixels: WCAG 2.2's target size (minimum), 2.5.8


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory) -> Path:
    """A small catalogue: a game of two editions with kits and one of one, in two
    languages, on one paper, with the print shop's files."""
    out = tmp_path_factory.mktemp("catalogue")
    pnp_ok("build", "blind-hex", "nex", "--paper", "a4", "--lang", "en", "--lang", "de",
           "--for", "print-shop", "--out", str(out))    # in process (in_process.py)
    return out


pytest_plugins = ["shared_browser"]      # the worker's one browser


PAGES = ("index.html", "de/index.html")


def pytest_generate_tests(metafunc):
    """Each language's page at each width; `make test` keeps the diagonal, the pages in
    turn across the widths, so each width and each language is audited there, and the rest
    (the same page in other words at the other width) are the exhaustive tier's."""
    if "page" not in metafunc.fixturenames:
        metafunc.parametrize("browser", WIDTHS, indirect=True, scope="module")
        return
    metafunc.parametrize("browser, page", [
        pytest.param(width, page, id=f"{width}-{page}", marks=marks)
        for width, page, marks in on_the_diagonal(
            WIDTHS, PAGES, reason="each width and each language kept on the diagonal")],
        indirect=["browser"], scope="module")


@pytest.fixture(scope="module")
def browser(request, shared_chromium):
    """The worker's one browser, at each width in turn (the tests of one width run
    together): resized, not started again."""
    shared_chromium.set_window_size(request.param, 900)
    with axe_on_every_page(shared_chromium):     # fails at once where axe-core is missing
        yield shared_chromium
    reset(shared_chromium)


def audit(browser, page: Path) -> dict:
    browser.get(page.as_uri())
    violations = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then(r => done(r.violations.map(v => [v.id, v.nodes.length])));")
    return {"violations": [tuple(v) for v in violations], **browser.execute_script(f"""
        const small = [...document.querySelectorAll('a')].map(a => a.getBoundingClientRect())
            .filter(r => r.width < {TARGET} - 0.01 || r.height < {TARGET} - 0.01).length;
        const figures = [...document.querySelectorAll('figure')];
        return {{wide: document.documentElement.scrollWidth, window: window.innerWidth,
                 viewport: !!document.querySelector('meta[name=viewport]'),
                 landmarks: ['header', 'main', 'nav'].filter(t => document.querySelector(t)),
                 small: small, links: document.querySelectorAll('a').length,
                 figures: figures.length,
                 blank: figures.filter(f => {{ const i = f.querySelector('img');
                     return !i || !i.complete || i.naturalWidth === 0; }}).length}};""")}


def test_the_front_page_passes_axe_and_shows_every_file(browser, catalogue, page):
    found = audit(browser, catalogue / page)
    assert found["violations"] == [], found
    assert found["wide"] <= found["window"], found
    assert found["viewport"] and found["landmarks"] == ["header", "main", "nav"], found
    assert found["links"] > 50 and found["small"] == 0, found
    assert found["figures"] > 20 and found["blank"] == 0, found


def test_the_checks_fail_the_page_as_it_was(browser, catalogue, tmp_path):
    """Control: the page without its viewport, landmarks, target sizes and the kits' and
    booklets' thumbnails, as it was, fails each check."""
    text = (catalogue / "index.html").read_text(encoding="utf-8")
    old = (text.replace('<meta name="viewport" content="width=device-width, initial-scale=1">',
                        "")
           .replace("<header>", "<div>").replace("</header>", "</div>")
           .replace("<main>", "<div>").replace("</main>", "</div>")
           .replace("min-width: 24px; min-height: 24px; line-height: 24px;", "")
           .replace('<img src="', '<img src="missing-'))
    page = tmp_path / "index.html"
    page.write_text(old, encoding="utf-8")
    found = audit(browser, page)
    assert {"region"} <= {rule for rule, _ in found["violations"]}, found
    assert not found["viewport"] and "main" not in found["landmarks"]
    assert found["small"] > 0 and found["blank"] == found["figures"], found
