"""The catalogue page, opened in headless Chromium from a local web server: every link
resolves and every SVG thumbnail draws something."""

import functools
import http.server
import io
import json
import threading
from html.parser import HTMLParser

import pytest
from chromium import reset
from PIL import Image

pytest_plugins = ["shared_browser"]      # the worker's one browser

# Loaded beside the catalogue: opens index.html in a frame, asks the server for every link,
# draws every thumbnail onto a canvas and counts the pixels that are not white.
CHECK_PAGE = """<!DOCTYPE html><html><body><pre id="result">pending</pre>
<iframe id="page" src="index.html" width="1200" height="900"></iframe>
<script>
document.getElementById('page').onload = async () => {
  const doc = document.getElementById('page').contentDocument;
  const links = [...doc.querySelectorAll('a')].map(a => a.getAttribute('href'));
  const status = {};
  for (const href of new Set(links)) {
    const r = await fetch(href, {method: 'HEAD'});
    status[href] = r.status;
  }
  const thumbnails = {};
  for (const img of doc.querySelectorAll('img')) {
    await img.decode().catch(() => null);
    const canvas = document.createElement('canvas');
    canvas.width = 170; canvas.height = 220;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff'; ctx.fillRect(0, 0, 170, 220);
    let inked = 0;
    if (img.naturalWidth > 0) {
      ctx.drawImage(img, 0, 0, 170, 220);
      const px = ctx.getImageData(0, 0, 170, 220).data;
      for (let i = 0; i < px.length; i += 4)
        if (px[i] < 200 || px[i+1] < 200 || px[i+2] < 200) inked++;
    }
    thumbnails[img.getAttribute('src')] = {width: img.naturalWidth, inked: inked};
  }
  document.getElementById('result').textContent = JSON.stringify({links: status, thumbnails});
};
</script></body></html>"""


class Handler(http.server.SimpleHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/__check.html":
            body = CHECK_PAGE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            super().do_GET()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def served(catalogue_folder):
    out = catalogue_folder
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield out, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser(shared_chromium):
    yield shared_chromium
    shared_chromium.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": False})
    reset(shared_chromium)


# Resolves with the check page's result once its script has written it: at once if it has,
# else when it does (a MutationObserver on the result), so the test waits on the event.
RESULT = """
const done = arguments[arguments.length - 1], shown = document.getElementById('result');
const ready = () => shown.textContent !== 'pending';
if (ready()) { done(shown.textContent); return; }
const seen = new MutationObserver(() => {
  if (ready()) { seen.disconnect(); done(shown.textContent); } });
seen.observe(shown, {childList: true, characterData: true, subtree: true});
"""


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.images = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a":
            self.links.append(attrs["href"])
        if tag == "img":
            self.images.append(attrs["src"])


def test_the_catalogue_lists_every_file_it_built(served):
    out, _ = served
    parser = Links()
    parser.feed((out / "index.html").read_text())
    # The rule sheets' web editions too (.html), but not the index pages themselves.
    files = {p.relative_to(out).as_posix() for p in out.rglob("*")
             if p.suffix in (".pdf", ".svg", ".html") and p.name != "index.html"}
    assert set(parser.links) == files
    assert all(src.endswith(".svg") for src in parser.images)


def test_in_chromium_every_link_resolves_and_every_thumbnail_draws(served, browser):
    out, url = served
    browser.get(f"{url}/__check.html")
    browser.set_script_timeout(60)
    result = json.loads(browser.execute_async_script(RESULT))
    parser = Links()
    parser.feed((out / "index.html").read_text())
    assert set(result["links"]) == set(parser.links)
    assert all(code == 200 for code in result["links"].values()), result["links"]
    assert set(result["thumbnails"]) == set(parser.images)
    for src, seen in result["thumbnails"].items():
        assert seen["width"] > 0 and seen["inked"] > 170 * 220 * 0.005, (src, seen)


def test_a_screenshot_of_the_catalogue_is_not_blank(served, browser):
    _, url = served
    browser.set_window_size(1200, 1600)
    browser.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
    browser.get(f"{url}/index.html")     # returns once the page and its images have loaded
    image = Image.open(io.BytesIO(browser.get_screenshot_as_png())).convert("L")
    dark = sum(n for v, n in enumerate(image.histogram()) if v < 200)
    assert dark / (image.width * image.height) > 0.02
